import Foundation
import Testing
import SVGIconKit
import SVGIconTools

@Suite("svgicon inspect")
struct InspectCommandTests {
    @Test("Text: viewBox, size, tint, every layer with paints, opacity and bounds")
    func text() {
        let (code, output) = runCLI(["inspect", "opacity", "--icons", RepositoryPaths.icons])
        #expect(code == 0, "\(output.error)")
        #expect(output.outText == """
            \(RepositoryPaths.icons)/opacity.svg
              viewBox   0 0 24 24, xMidYMid meet
              size      not set (width/height absent; renders at the size asked for)
              tint      used (currentColor or unspecified paint takes it)
              layers    6 (5 shapes, 1 group), drawing bounds 3,1 – 22,22.431

              layer element fill      stroke                  bounds
              1     circle  tint @0.3 tint 2 round/round      12.5,4.5 – 18.5,10.5
              2     path    none      tint @0.5 2 round/round 10.9,1 – 22,12.1
              3     g                                         3,8 – 18.5,17.5          opacity 0.75, 2 children
                3.1 circle  tint      none                    4.5,8 – 13.5,17
                3.2 rect    tint      none                    3,12 – 18.5,17.5
              4     path    tint      tint 1 round/round      5.801,19 – 13.699,22.431 opacity 0.5

              skipped   nothing

            """)
    }

    @Test("--json: the same facts for tools, skipped features included")
    func json() throws {
        let scratch = ScratchFolder()
        let file = scratch.write("mixed.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="48" height="32" viewBox="0 0 24 16">
              <text>a</text>
              <g transform="translate(2 1)"><rect width="10" height="5" fill="red" fill-rule="evenodd"
                 stroke="currentColor" stroke-dasharray="2 1"/></g>
            </svg>
            """)
        let (code, output) = runCLI(["inspect", file, "--json"])
        #expect(code == 0, "\(output.error)")
        let inspection = try JSONDecoder().decode(IconInspection.self, from: Data(output.out))
        #expect(inspection.viewBox == [0, 0, 24, 16])
        #expect(inspection.width == 48 && inspection.height == 32)
        #expect(inspection.usesTint)
        #expect(inspection.layers.map(\.index) == ["1", "1.1"])
        #expect(inspection.layers[0].transform == [1, 0, 0, 1, 2, 1])
        let rect = inspection.layers[1]
        #expect(rect.element == "rect" && rect.depth == 1)
        #expect(rect.fill?.paint == "#ff0000" && rect.fill?.opacity == 1 && rect.fill?.rule == "evenodd")
        #expect(rect.stroke?.paint == "tint" && rect.stroke?.dashes == [2, 1])
        let bounds = try #require(rect.bounds)
        #expect([bounds.minX, bounds.minY, bounds.maxX, bounds.maxY] == [2, 1, 12, 6])
        #expect(inspection.warnings.count == 1 && inspection.warnings[0].element == "text" && inspection.warnings[0].line == 2)
        let (_, text) = runCLI(["inspect", file])
        #expect(text.outText.hasSuffix("  skipped   1 feature (not drawn):\n    line 2: <text>: not supported; skipped\n"))
    }

    @Test("Gradients, clip paths and masks are described", arguments: [
        ("linear-gradients", "1", "linear-gradient(#ff5722 0%, #ffeb3b@0.6 50%, #2196f3 100%)", nil, nil),
        ("clip-paths", "2", nil, 2, nil),
        ("masks", "2", "#1976d2", nil, 2),
    ] as [(String, String, String?, Int?, Int?)])
    func paintServersAndMasking(fixture: String, index: String, fill: String?, clipLayers: Int?, maskLayers: Int?) throws {
        let (code, output) = runCLI(["inspect", RepositoryPaths.root + "/Tests/Fixtures/features/\(fixture).svg", "--json"])
        #expect(code == 0)
        let inspection = try JSONDecoder().decode(IconInspection.self, from: Data(output.out))
        let layer = try #require(inspection.layers.first { $0.index == index })
        #expect(layer.fill?.paint == fill)
        #expect(layer.clipPathLayers == clipLayers && layer.maskLayers == maskLayers)
    }

    @Test("A missing icon exits 1 naming it; no icon is a usage error")
    func errors() {
        let (code, output) = runCLI(["inspect", "no-such-icon.svg"])
        #expect(code == 1 && output.error.contains("no-such-icon.svg: no such file"))
        #expect(runCLI(["inspect"]).code == 2)
    }
}
