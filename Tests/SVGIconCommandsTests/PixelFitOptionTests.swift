import Testing
@testable import SVGIconCommands

@Suite("--pixel-fit on the command line")
struct PixelFitOptionTests {
    @Test("render, batch, sheet and golden take --pixel-fit; it is off unless given")
    func parsed() throws {
        #expect(try RenderCommand.parse(["x.svg", "--size", "16", "--pixel-fit"]).pixelFit)
        #expect(try !RenderCommand.parse(["x.svg", "--size", "16"]).pixelFit)
        #expect(try BatchCommand.parse(["in", "--out", "out", "--size", "16", "--pixel-fit"]).request.pixelFit)
        #expect(try !BatchCommand.parse(["in", "--out", "out", "--size", "16"]).request.pixelFit)
        #expect(try SheetCommand.parse(["Icons", "--pixel-fit"]).pixelFit)
        #expect(try GoldenCommand.parse(["check", "--pixel-fit"]).pixelFit == true)
        #expect(try GoldenCommand.parse(["check"]).pixelFit == nil)
    }
}
