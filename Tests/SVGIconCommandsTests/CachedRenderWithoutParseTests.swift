import Foundation
import Testing
import SVGIconCore
import SVGIconKit
@testable import SVGIconCommands

/// A cached render must not parse: `render` and `batch` look the PNG up from the SVG's bytes and the
/// options before libxml2 sees the file. The proof: an entry planted for bytes that are not XML at all is
/// served as it is (a parse would fail), and the same commands without the cache do fail.
@Suite("Cached renders do not parse")
struct CachedRenderWithoutParseTests {
    /// Bytes libxml2 rejects ("malformed XML").
    static let notXML = Array("<svg width=\"24\" this is not XML".utf8)

    /// A folder with `icons/broken.svg` (the bytes above) and a cache holding a PNG under their key at
    /// 24 px, black, with batch's and render's default options.
    private func plantedCache() throws -> (scratch: ScratchFolder, png: [UInt8]) {
        let scratch = ScratchFolder()
        try FileManager.default.createDirectory(atPath: scratch.path + "/icons", withIntermediateDirectories: true)
        try FileIO.writeAtomically(Self.notXML, to: scratch.path + "/icons/broken.svg")
        let png = try PNGCodec.encode(SVGIconDefinition(layers: [.circle(cx: 12, cy: 12, r: 9)]).render(size: 24))
        let key = RenderCacheKey(svgDigest: SHA256.hash(Self.notXML),
                                 options: RenderOptions(width: 24, height: 24, tint: .black, background: nil))
        #expect(RenderCache(directory: scratch.path + "/cache").store(RenderCacheEntry(png: png, usesTint: true), for: key))
        return (scratch, png)
    }

    @Test("render --size 24 of a cached icon writes the cached PNG without parsing the file")
    func render() throws {
        let (scratch, png) = try plantedCache()
        let out = scratch.path + "/out.png"
        let cached = runCLI(["render", scratch.path + "/icons/broken.svg", "--size", "24", "-o", out,
                             "--cache-dir", scratch.path + "/cache"])
        #expect(cached.code == 0, "\(cached.output.error)")
        #expect(try FileIO.read(out) == png)
        // --width and --height together fix the size as well.
        let sides = runCLI(["render", scratch.path + "/icons/broken.svg", "--width", "24", "--height", "24", "-o", "-",
                            "--cache-dir", scratch.path + "/cache"])
        #expect(sides.code == 0, "\(sides.output.error)")
        #expect(sides.output.out == png)

        // Without the cache, or at a size it lacks, the file is parsed and the parse fails.
        let uncached = runCLI(["render", scratch.path + "/icons/broken.svg", "--size", "24", "-o", out, "--no-cache"])
        #expect(uncached.code == 1)
        #expect(uncached.output.error.contains("malformed XML"), "\(uncached.output.error)")
        let otherSize = runCLI(["render", scratch.path + "/icons/broken.svg", "--size", "25", "-o", out,
                                "--cache-dir", scratch.path + "/cache"])
        #expect(otherSize.code == 1)
    }

    @Test("batch serves a cached icon without parsing it")
    func batch() throws {
        let (scratch, png) = try plantedCache()
        let cached = runCLI(["batch", scratch.path + "/icons", "--out", scratch.path + "/out", "--size", "24", "-q",
                             "--cache-dir", scratch.path + "/cache"])
        #expect(cached.code == 0, "\(cached.output.error)")
        #expect(try FileIO.read(scratch.path + "/out/broken.png") == png)
        let uncached = runCLI(["batch", scratch.path + "/icons", "--out", scratch.path + "/out2", "--size", "24", "-q",
                               "--no-cache"])
        #expect(uncached.code == 1)
    }
}
