import Foundation
import Testing
import SVGIconCore
import SVGIconKit
import SVGIconTools

/// `svgicon bench`'s engine: what it loads, what it counts and that its statistics are consistent.
@Suite("Icon benchmark")
struct IconBenchmarkTests {
    private let circle = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9" \
        fill="none" stroke="currentColor" stroke-width="2"/></svg>
        """
    private let square = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="4" y="4" width="16" height="16"/></svg>
        """

    @Test("load reads the .svg files below a folder, sorted by path, up to the limit, and nothing else")
    func load() throws {
        let folder = TemporaryFolder()
        folder.write("b.svg", square)
        folder.write("a.svg", circle)
        folder.write("notes.txt", "not an icon")
        try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: true)
        folder.write("sub/c.SVG", square)
        let all = try IconBenchmark.load(folder: folder.path)
        #expect(all.map(\.name) == ["a.svg", "b.svg", "sub/c.SVG"])
        #expect(all[0].bytes == Array(circle.utf8))
        #expect(try IconBenchmark.load(folder: folder.path, limit: 2).map(\.name) == ["a.svg", "b.svg"])
    }

    @Test("run times every icon that parses, counts the ones that do not, and its statistics agree")
    func run() throws {
        let inputs = [
            IconBenchmark.Input(name: "circle.svg", bytes: Array(circle.utf8)),
            IconBenchmark.Input(name: "square.svg", bytes: Array(square.utf8)),
            IconBenchmark.Input(name: "broken.svg", bytes: Array("<svg><path".utf8)),
        ]
        let result = IconBenchmark(inputs: inputs, rounds: 2).run(size: 24)
        #expect(result.size == 24)
        #expect(result.icons == 2)
        #expect(result.failed == 1)
        for stage in [result.parse, result.render, result.parseAndRender, result.encode] {
            #expect(stage.median > 0 && stage.median <= stage.p90)
            #expect(abs(stage.mean * 2 - stage.total) < 1e-6)
        }
        // parse + render per icon, summed over the icons.
        #expect(abs(result.parseAndRender.total - result.parse.total - result.render.total) < 1e-6)
        #expect(abs(result.iconsPerSecond - 1_000_000 / result.parseAndRender.mean) < 1e-6)
        // The PNG bytes of the two icons: each a real PNG of at least its signature and header.
        let one = (try? PNGCodec.encode(SVGDocumentParser.parse(circle).icon.render(options: RenderOptions(width: 24, height: 24))))?.count ?? 0
        #expect(result.pngBytes > one && one > 57)

        // Two sets taken together: every icon's time counts once, the median is the pooled one.
        let other = IconBenchmark(inputs: Array(inputs.prefix(1)), rounds: 1).run(size: 24)
        let pooled = try #require(IconBenchmark.Result.pooled([result, other]))
        #expect(pooled.icons == 3 && pooled.failed == 1)
        #expect(pooled.parseAndRender.median == (result.samples.parseAndRender + other.samples.parseAndRender).sorted()[1])
        #expect(abs(pooled.parseAndRender.total - result.parseAndRender.total - other.parseAndRender.total) < 1e-6)
        #expect(pooled.pngBytes == result.pngBytes + other.pngBytes)
        #expect(IconBenchmark.Result.pooled([result, IconBenchmark(inputs: inputs, rounds: 1).run(size: 32)]) == nil)
    }
}
