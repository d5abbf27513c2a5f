/// What a `svgicon batch` run did: the `--json` summary, and the numbers behind the text one.
public struct BatchReport: Hashable, Sendable, Codable {
    public var input: String
    public var output: String
    public var format: BatchOutputFormat
    public var jobs: Int

    /// `.svg` files found.
    public var icons: Int
    /// Icons with every output written.
    public var succeeded: Int
    /// Icons that failed (listed in `failures`).
    public var failed: Int
    /// Icons at least one of whose outputs had to be rendered (the rest came from the cache).
    public var iconsRendered: Int
    /// Icons whose outputs all came from the cache.
    public var iconsFromCache: Int
    public var files: Files
    /// Files in the input folder that are not `.svg` and were skipped.
    public var ignored: [String]
    public var failures: [BatchFailure]
    /// SVG features the renderer skipped, per icon.
    public var warnings: [IconWarning]
    public var seconds: Timings
    public var iconsPerSecond: Double
    /// Nil with `--no-cache`.
    public var cache: CacheSummary?

    public struct Files: Hashable, Sendable, Codable {
        /// PNGs rendered in this run.
        public var rendered = 0
        /// PNGs served from the cache.
        public var fromCache = 0
        /// Files written (new or changed).
        public var written = 0
        /// Files already holding exactly these bytes, left untouched (so their dates do not change).
        public var unchanged = 0
    }

    public struct IconWarning: Hashable, Sendable, Codable {
        public var path: String
        public var line: Int
        public var element: String
        public var message: String
    }

    public struct Timings: Hashable, Sendable, Codable {
        /// Finding the icons and preparing the output folders.
        public var scan: Double
        /// Converting.
        public var convert: Double
        public var total: Double
    }

    public struct CacheSummary: Hashable, Sendable, Codable {
        public var directory: String
        public var hits: Int
        public var misses: Int
        public var stored: Int
        /// Entries that failed verification (truncated, altered) and were deleted and rendered again.
        public var dropped: Int
        /// Entries deleted to keep the cache under its size limit.
        public var evicted: Int
        /// Why storing failed, when it did (the cache was then skipped; nothing else failed).
        public var writeError: String?
    }
}
