import Foundation
import Testing
import SVGIconKit
import SVGIconTools
@testable import SVGIconCommands

@Suite("svgicon cache, and render through the cache")
struct CacheCommandTests {
    @Test("render fills the cache; a second render is a hit with identical bytes; --no-cache bypasses it")
    func renderUsesCache() throws {
        let box = BatchSandbox()
        let out = box.root + "/shop.png"
        let args = ["render", "tab-shop", "--icons", RepositoryPaths.icons, "--size", "24", "--tint", "#0a84ff", "-o", out]
        #expect(box.run(args).code == 0)
        let first = try FileIO.read(out)
        #expect(RenderCache(directory: box.cache).usage().entries == 1)
        #expect(box.run(args).code == 0)
        #expect(try FileIO.read(out) == first)
        #expect(RenderCache(directory: box.cache).usage().entries == 1)
        let (code, output) = box.run(["render", "tab-cart", "--icons", RepositoryPaths.icons, "--size", "24", "-o", out, "--no-cache"])
        #expect(code == 0, "\(output.error)")
        #expect(try PNGCodec.decode(try FileIO.read(out)).width == 24)
        #expect(RenderCache(directory: box.cache).usage().entries == 1, "--no-cache should not store")
    }

    @Test("render never serves a damaged entry")
    func renderDamagedEntry() throws {
        let box = BatchSandbox()
        let out = box.root + "/cart.png"
        let args = ["render", RepositoryPaths.icons + "/tab-cart.svg", "--size", "40", "-o", out, "-q"]
        #expect(box.run(args).code == 0)
        let good = try FileIO.read(out)
        let entry = try #require(try FileManager.default.subpathsOfDirectory(atPath: box.cache).first { $0.hasSuffix(".entry") })
        let path = box.cache + "/" + entry
        try FileIO.writeAtomically(Array(try FileIO.read(path).dropLast(100)), to: path)
        #expect(box.run(args).code == 0)
        #expect(try FileIO.read(out) == good)
    }

    @Test("stats, path and clear")
    func subcommands() throws {
        let box = BatchSandbox()
        box.icon("a.svg", BatchCommandTests.square)
        box.icon("b.svg", BatchCommandTests.disc)
        #expect(box.run(["batch", box.input, "--out", box.output, "--size", "8,16", "-q"]).code == 0)
        #expect(box.run(["cache", "path"]).output.outText == box.cache + "\n")
        let stats = box.run(["cache", "stats"]).output.outText
        #expect(stats.contains("entries:  4\n"), "\(stats)")
        #expect(stats.contains("size:     16 KiB of 512 MiB"), "\(stats)")
        let json = try JSONSerialization.jsonObject(with: Data(box.run(["cache", "stats", "--json", "--cache-max", "1G"]).output.out))
            as? [String: Any]
        #expect(json?["entries"] as? Int == 4 && json?["bytes"] as? Int == 4 * 4096 && json?["maxBytes"] as? Int == 1 << 30)
        #expect(box.run(["cache", "clear"]).output.outText == "removed 4 entries (16 KiB) from \(box.cache)\n")
        #expect(box.run(["cache", "stats"]).output.outText.contains("entries:  0\n"))
    }

    @Test("Usage errors", arguments: [
        (["cache"], "cache needs one of stats, clear, path"),
        (["cache", "purge"], "not purge"),
        (["cache", "stats", "--no-cache"], "--no-cache does not apply"),
    ] as [([String], String)])
    func usageErrors(args: [String], message: String) {
        expectUsageError(args, message)
    }

    @Test("help batch and help cache teach the options")
    func help() {
        let output = CapturedOutput()
        #expect(SVGIconCLI.run(["help", "batch"], output: output) == 0)
        #expect(output.outText.contains("--format FORMAT") && output.outText.contains("drawable-mdpi"))
        let cache = CapturedOutput()
        #expect(SVGIconCLI.run(["help", "cache"], output: cache) == 0)
        #expect(cache.outText.contains("$SVGICON_CACHE_DIR"))
        let overview = CapturedOutput()
        _ = SVGIconCLI.run(["--help"], output: overview)
        #expect(overview.outText.contains("batch") && overview.outText.contains("cache"))
    }
}
