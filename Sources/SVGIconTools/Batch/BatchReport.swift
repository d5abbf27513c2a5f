import SVGIconCore
import SVGIconKit
/// What a `svgicon batch` run did: the `--json` summary, and the numbers behind the text one.
package struct BatchReport: Hashable, Sendable, Codable {
    package var input: String
    package var output: String
    package var format: BatchOutputFormat
    package var jobs: Int

    /// `.svg` files found.
    package var icons: Int
    /// Icons with every output written.
    package var succeeded: Int
    /// Icons that failed (listed in `failures`).
    package var failed: Int
    /// Icons at least one of whose images had to be rendered (the rest came from the cache).
    package var iconsRendered: Int
    /// Icons whose images all came from the cache. An icon written only as vector files (`pdf`,
    /// `android-vector`, `xcassets --vector`) renders no image and counts in neither.
    package var iconsFromCache: Int
    package var files: Files
    /// Files in the input folder that are not `.svg` and were skipped.
    package var ignored: [String]
    package var failures: [BatchFailure]
    /// SVG features the renderer skipped, per icon.
    package var warnings: [IconWarning]
    /// Icons (input paths) a tint was asked for but no paint of which takes it: drawn in their own colours.
    package var tintNotTaken: [String] = []
    package var seconds: Timings
    package var iconsPerSecond: Double
    /// Nil with `--no-cache`.
    package var cache: CacheSummary?

    package struct Files: Hashable, Sendable, Codable {
        /// PNGs rendered in this run.
        package var rendered = 0
        /// PNGs served from the cache.
        package var fromCache = 0
        /// Files written (new or changed).
        package var written = 0
        /// Files already holding exactly these bytes, left untouched (so their dates do not change).
        package var unchanged = 0
        /// Every file this run wrote or found already up to date, in path order.
        package var list: [OutputFile] = []
    }

    /// One file of the output: where, what kind, how big.
    package struct OutputFile: Hashable, Sendable, Codable {
        /// The file's path: the output folder joined with its place in it.
        package var path: String
        /// `png`, `pdf`, `vector-drawable`, `ico`, `icns` or `contents-json` (an asset catalog's `Contents.json`).
        package var format: String
        /// Its size in bytes.
        package var bytes: Int
        /// It already held these bytes and was left untouched.
        package var unchanged: Bool

        /// The kind of file at `path`, from its name.
        package static func format(of path: String) -> String {
            if path.hasSuffix("/Contents.json") || path == "Contents.json" { return "contents-json" }
            if path.hasSuffix(".xml") { return "vector-drawable" }
            return path.split(separator: ".").last.map(String.init) ?? ""
        }
    }

    package struct IconWarning: Hashable, Sendable, Codable {
        package var path: String
        package var line: Int
        package var element: String
        package var message: String
    }

    package struct Timings: Hashable, Sendable, Codable {
        /// Finding the icons and preparing the output folders.
        package var scan: Double
        /// Converting.
        package var convert: Double
        package var total: Double
    }

    /// The cache's part of the summary. In JSON, `counters` (`RenderCache.Counters`: hits, misses, stored,
    /// dropped, evicted) stand flat beside `directory` and `writeError`; in Swift they read as
    /// `summary.hits` and so on.
    @dynamicMemberLookup
    package struct CacheSummary: Hashable, Sendable, Codable {
        package var directory: String
        /// What the run's cache did.
        package var counters: RenderCache.Counters
        /// Why storing failed, when it did (the cache was then skipped; nothing else failed).
        package var writeError: String?

        package init(directory: String, counters: RenderCache.Counters, writeError: String?) {
            self.directory = directory
            self.counters = counters
            self.writeError = writeError
        }

        package subscript(dynamicMember counter: KeyPath<RenderCache.Counters, Int>) -> Int {
            counters[keyPath: counter]
        }

        private enum CodingKeys: String, CodingKey {
            case directory, writeError
        }

        package init(from decoder: any Decoder) throws {
            counters = try RenderCache.Counters(from: decoder)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            directory = try container.decode(String.self, forKey: .directory)
            writeError = try container.decodeIfPresent(String.self, forKey: .writeError)
        }

        package func encode(to encoder: any Encoder) throws {
            try counters.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(directory, forKey: .directory)
            try container.encodeIfPresent(writeError, forKey: .writeError)
        }
    }
}
