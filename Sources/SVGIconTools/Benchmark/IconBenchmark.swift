import SVGIconCore
import SVGIconKit
import Foundation

/// Times svgicon's stages on a set of SVG files held in memory: parse (libxml2 + resolution), render to
/// pixels, PNG encode. The set is parsed and rendered in `rounds` passes, icon after icon, and each icon's
/// fastest pass kept (as the reference renderers are timed): a burst of load from elsewhere on a shared
/// machine, which can last minutes, then spoils only some of an icon's passes rather than all of them. Its
/// pixels are then encoded `rounds` times on their own. The summary gives median and p90 per icon and icons
/// per second.
package struct IconBenchmark: Sendable {
    package struct Input: Sendable {
        package var name: String
        package var bytes: [UInt8]

        package init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// Per-stage statistics for one size, in microseconds per icon.
    package struct Stage: Codable, Hashable, Sendable {
        package var median: Double
        package var p90: Double
        package var mean: Double
        package var total: Double

        init(_ samples: [Double]) {
            let sorted = samples.sorted()
            median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
            p90 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.9))]
            total = sorted.reduce(0, +)
            mean = sorted.isEmpty ? 0 : total / Double(sorted.count)
        }
    }

    package struct Result: Codable, Hashable, Sendable {
        package var size: Int
        package var icons: Int
        package var failed: Int
        package var parse: Stage
        package var render: Stage
        /// parse + render per icon (what other engines' in-process numbers measure).
        package var parseAndRender: Stage
        package var encode: Stage
        /// Icons per second for parse + render, from the mean.
        package var iconsPerSecond: Double
        /// Total size of the encoded PNGs.
        package var pngBytes: Int
        /// Each icon's fastest times (µs): parse, render, parse + render, encode. Not in the JSON output.
        package var samples: Samples = Samples()

        package struct Samples: Hashable, Sendable {
            package var parse: [Double] = [], render: [Double] = [], parseAndRender: [Double] = [], encode: [Double] = []
        }

        enum CodingKeys: String, CodingKey {
            case size, icons, failed, parse, render, parseAndRender, encode, iconsPerSecond, pngBytes
        }

        init(size: Int, failed: Int, samples: Samples, pngBytes: Int) {
            self.size = size
            self.icons = samples.parseAndRender.count
            self.failed = failed
            self.parse = Stage(samples.parse)
            self.render = Stage(samples.render)
            self.parseAndRender = Stage(samples.parseAndRender)
            self.encode = Stage(samples.encode)
            self.iconsPerSecond = parseAndRender.mean > 0 ? 1_000_000 / parseAndRender.mean : 0
            self.pngBytes = pngBytes
            self.samples = samples
        }

        /// The results of several sets at one size taken together: medians and percentiles over all their
        /// icons (nil when `results` is empty or mixes sizes).
        package static func pooled(_ results: [Result]) -> Result? {
            guard let size = results.first?.size, results.allSatisfy({ $0.size == size }) else { return nil }
            var all = Samples()
            for r in results {
                all.parse += r.samples.parse
                all.render += r.samples.render
                all.parseAndRender += r.samples.parseAndRender
                all.encode += r.samples.encode
            }
            return Result(size: size, failed: results.reduce(0) { $0 + $1.failed }, samples: all,
                          pngBytes: results.reduce(0) { $0 + $1.pngBytes })
        }
    }

    package var inputs: [Input]
    package var rounds: Int
    package var compression: PNGCodec.Compression

    package init(inputs: [Input], rounds: Int = 3, compression: PNGCodec.Compression = .default) {
        self.inputs = inputs
        self.rounds = max(1, rounds)
        self.compression = compression
    }

    /// Reads every `.svg` below `folder` (sorted by path), up to `limit` files.
    package static func load(folder: String, limit: Int? = nil) throws -> [Input] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else {
            throw SVGLoadError(kind: .unreadable, file: folder, reason: "cannot list the folder")
        }
        var paths: [String] = []
        while let next = walker.nextObject() as? String {
            if next.lowercased().hasSuffix(".svg") { paths.append(next) }
        }
        paths.sort()
        if let limit { paths = Array(paths.prefix(limit)) }
        return try paths.map { Input(name: $0, bytes: try FileIO.read(folder + "/" + $0)) }
    }

    package func run(size: Int) -> Result {
        // One renderer for the run, as a batch worker keeps one: its scratch buffers are reused from icon
        // to icon (each render still returns a new pixmap).
        var renderer = SVGIconRenderer(options: RenderOptions(width: size, height: size))
        var bestParse = [Double](repeating: .infinity, count: inputs.count)
        var bestRender = bestParse
        var fails = [Bool](repeating: false, count: inputs.count)
        // Parse and render back to back, in passes over the whole set.
        for _ in 0..<rounds {
            for (i, input) in inputs.enumerated() where !fails[i] {
                let t0 = DispatchTime.now().uptimeNanoseconds
                guard let icon = try? SVGDocumentParser.parse(input.bytes, file: input.name).icon else {
                    fails[i] = true
                    continue
                }
                let t1 = DispatchTime.now().uptimeNanoseconds
                let rendered = renderer.render(icon)
                let t2 = DispatchTime.now().uptimeNanoseconds
                // Freed after the clock is read, not inside the render's time.
                withExtendedLifetime(rendered) {}
                bestParse[i] = min(bestParse[i], Double(t1 - t0) / 1000)
                bestRender[i] = min(bestRender[i], Double(t2 - t1) / 1000)
            }
        }
        // The PNG encode is timed on its own afterwards (its buffers would push the next parse out of the
        // caches), on the icon's pixels made once more: keeping every icon's pixels from the passes would
        // take gigabytes for a whole set at 256 px.
        var parse: [Double] = [], render: [Double] = [], both: [Double] = [], encode: [Double] = []
        var pngBytes = 0
        for (i, input) in inputs.enumerated() where !fails[i] {
            guard let icon = try? SVGDocumentParser.parse(input.bytes, file: input.name).icon else {
                fails[i] = true
                continue
            }
            let pixmap = renderer.render(icon)
            var bestEncode = Double.infinity
            var encodedSize = 0
            for _ in 0..<rounds {
                let t0 = DispatchTime.now().uptimeNanoseconds
                encodedSize = (try? PNGCodec.encode(pixmap, compression: compression))?.count ?? 0
                let t1 = DispatchTime.now().uptimeNanoseconds
                bestEncode = min(bestEncode, Double(t1 - t0) / 1000)
            }
            pngBytes += encodedSize
            parse.append(bestParse[i])
            render.append(bestRender[i])
            both.append(bestParse[i] + bestRender[i])
            encode.append(bestEncode)
        }
        let failed = fails.filter { $0 }.count
        return Result(size: size, failed: failed,
                      samples: Result.Samples(parse: parse, render: render, parseAndRender: both, encode: encode),
                      pngBytes: pngBytes)
    }
}
