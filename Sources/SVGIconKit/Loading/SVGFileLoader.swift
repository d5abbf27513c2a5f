import Foundation

/// Finds icons by name in icon folders and loads SVG files, parsing each file once and keeping the result
/// in memory. Safe to use from many threads. Every load reads the file (a few kilobytes) and compares its
/// bytes with the ones parsed before, so a changed file is parsed again and a stale icon is never served —
/// not even when an edit keeps the size and lands within the file system's timestamp granularity.
public final class SVGFileLoader: @unchecked Sendable {
    /// Folders searched, in order, for `NAME.svg`.
    public let searchPaths: [String]
    /// How files are resolved (e.g. whether the tint overrides colours the file sets itself).
    public let options: SVGResolver.Options

    private let lock = NSLock()
    private var cache: [String: Entry] = [:]

    private struct Entry {
        var bytes: [UInt8]
        var result: SVGParseResult
    }

    /// A loaded file: its bytes (what a render cache key digests) and what they parse to.
    public struct Loaded: Sendable {
        /// The file's bytes exactly as read.
        public var bytes: [UInt8]
        /// The icon and the warnings of parsing `bytes`.
        public var result: SVGParseResult
    }

    /// A loader over `./Icons` (the app's convention) unless other folders are given.
    public init(searchPaths: [String] = ["Icons"], options: SVGResolver.Options = SVGResolver.Options()) {
        self.searchPaths = searchPaths
        self.options = options
    }

    /// The shared loader over `./Icons`.
    public static let shared = SVGFileLoader()

    /// `SVGFileLoader.load(named: "tab-shop")`: the icon from the shared loader, nil when it is missing or
    /// broken (use the instance method for the error).
    public static func load(named name: String) -> SVGIconDefinition? {
        try? shared.load(named: name).icon
    }

    /// The path `NAME` resolves to: `NAME.svg` (or `NAME` if it already ends in `.svg`) in the first search
    /// folder that has it.
    public func path(named name: String) -> String? {
        let file = name.hasSuffix(".svg") ? name : name + ".svg"
        for folder in searchPaths {
            let candidate = folder.isEmpty ? file : (folder.hasSuffix("/") ? folder + file : folder + "/" + file)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
        }
        return nil
    }

    /// Loads the icon called `name` from the search folders.
    public func load(named name: String) throws(SVGLoadError) -> SVGParseResult {
        try loadWithBytes(named: name).result
    }

    /// Loads an SVG file by path, parsing it only when its bytes differ from the last parse.
    public func load(file path: String) throws(SVGLoadError) -> SVGParseResult {
        try loadWithBytes(file: path).result
    }

    /// `load(named:)`, with the file's bytes.
    public func loadWithBytes(named name: String) throws(SVGLoadError) -> Loaded {
        guard let path = path(named: name) else {
            let folders = searchPaths.map { "\($0)/" }.joined(separator: ", ")
            throw SVGLoadError(kind: .unreadable, file: name,
                               reason: "no icon named \"\(name)\" (looked for \(name.hasSuffix(".svg") ? name : name + ".svg") in \(folders))")
        }
        return try loadWithBytes(file: path)
    }

    /// `load(file:)`, with the file's bytes.
    public func loadWithBytes(file path: String) throws(SVGLoadError) -> Loaded {
        let bytes = try FileIO.read(path)
        let key = FileIO.absolutePath(path)
        if let entry = lock.withLock({ cache[key] }), entry.bytes == bytes {
            return Loaded(bytes: bytes, result: entry.result)
        }
        let result = try SVGDocumentParser.parse(bytes, file: path, options: options)
        lock.withLock { cache[key] = Entry(bytes: bytes, result: result) }
        return Loaded(bytes: bytes, result: result)
    }

    /// Forgets every cached icon.
    public func removeAll() {
        lock.lock()
        cache.removeAll()
        lock.unlock()
    }
}
