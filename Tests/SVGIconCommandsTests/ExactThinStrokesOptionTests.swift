import Foundation
import Testing
@testable import SVGIconCommands
import SVGIconKit

@Suite("--exact-thin-strokes on the command line")
struct ExactThinStrokesOptionTests {
    @Test("render, batch, sheet and golden take --exact-thin-strokes; it is off unless given")
    func parsed() throws {
        #expect(try RenderCommand.parse(["x.svg", "--size", "16", "--exact-thin-strokes"]).exactThinStrokes)
        #expect(try !RenderCommand.parse(["x.svg", "--size", "16"]).exactThinStrokes)
        #expect(try BatchCommand.parse(["in", "--out", "out", "--size", "16", "--exact-thin-strokes"]).request.exactThinStrokes)
        #expect(try !BatchCommand.parse(["in", "--out", "out", "--size", "16"]).request.exactThinStrokes)
        #expect(try SheetCommand.parse(["Icons", "--exact-thin-strokes"]).exactThinStrokes)
        #expect(try !SheetCommand.parse(["Icons"]).exactThinStrokes)
        #expect(try GoldenCommand.parse(["check", "--exact-thin-strokes"]).exactThinStrokes == true)
        #expect(try GoldenCommand.parse(["check"]).exactThinStrokes == nil)
    }

    @Test("svgicon render: a 0.5 px line a quarter pixel off a row boundary is a hairline (alpha 32 and 96) by default, its exact outline (0 and 128) with the flag")
    func renders() throws {
        let scratch = ScratchFolder(), folder = scratch.path
        let svg = folder + "/line.svg"
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 12.25H22\" stroke=\"#000\" stroke-width=\"0.5\"/></svg>".utf8)
            .write(to: URL(fileURLWithPath: svg))
        func rows(_ extra: [String]) throws -> (UInt8, UInt8) {
            let out = folder + "/out-\(extra.count).png"
            let (code, output) = runCLI(["render", svg, "--size", "24", "--no-cache", "-o", out] + extra)
            #expect(code == 0, "\(output.error)")
            let png = try PNGCodec.decode(try FileIO.read(out))
            return (png.pixel(x: 12, y: 11).a, png.pixel(x: 12, y: 12).a)
        }
        let hairline = try rows([]), exact = try rows(["--exact-thin-strokes"])
        #expect(hairline == (32, 96))
        #expect(exact == (0, 128))
    }
}
