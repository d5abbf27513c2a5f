import Foundation

/// Finds icons by name in icon folders and resource bundles and loads SVG files, parsing each file once
/// and keeping the result in memory. Every load reads the file (a few kilobytes) and compares its bytes
/// with the ones parsed before, so a changed file is parsed again and a stale icon is never served — not
/// even when an edit keeps the size and lands within the file system's timestamp granularity.
///
/// Thread safety: safe to use from many threads at once (one lock guards the parsed icons; parsing
/// happens outside it). `shared` is one such loader.
///
/// ```swift
/// let folders = SVGFileLoader(searchPaths: ["Icons", "/opt/app/icons"])
/// let resources = SVGFileLoader(bundle: .module, subdirectory: "Icons")   // a package's own resources
/// let icon = try resources.load(named: "tab-shop").icon
/// ```
public final class SVGFileLoader: @unchecked Sendable {
    /// Where `load(named:)` looks for `NAME.svg`. A value type, `Sendable` (a `Bundle` is immutable for
    /// this use): safe to pass between threads.
    public enum Location: @unchecked Sendable, CustomStringConvertible {
        /// A folder on disk, relative to the current directory or absolute.
        case folder(String)
        /// A resource bundle — `Bundle.module` of a package target with resources, `Bundle.main` of an app —
        /// and the folder inside its resources (`"Icons"` for `resources: [.copy("Icons")]`; nil for the
        /// resources' root, where `.process` puts files).
        case bundle(Bundle, subdirectory: String?)

        /// The folder this location stands for on disk, nil when a bundle has no resource folder.
        public var folderPath: String? {
            switch self {
            case .folder(let path):
                return path
            case .bundle(let bundle, let subdirectory):
                guard let root = bundle.resourcePath else { return nil }
                guard let subdirectory, !subdirectory.isEmpty else { return root }
                return root.hasSuffix("/") ? root + subdirectory : root + "/" + subdirectory
            }
        }

        /// `Icons/` for a folder, `BUNDLE.bundle/Icons/` (the bundle's folder name) for a bundle.
        public var description: String {
            switch self {
            case .folder(let path):
                return path.hasSuffix("/") || path.isEmpty ? path : path + "/"
            case .bundle(let bundle, let subdirectory):
                let name = bundle.bundleURL.lastPathComponent
                return subdirectory.map { "\(name)/\($0)/" } ?? "\(name)/"
            }
        }
    }

    /// Where icons are looked for, in order.
    public let locations: [Location]
    /// How files are resolved (e.g. whether the tint overrides colours the file sets itself).
    public let options: SVGResolver.Options

    /// The folders searched, in order, for `NAME.svg` (each location's folder on disk).
    public var searchPaths: [String] { locations.compactMap(\.folderPath) }

    private let lock = NSLock()
    private var cache: [String: Entry] = [:]

    private struct Entry {
        var bytes: [UInt8]
        var result: SVGParseResult
    }

    /// A loaded file: its bytes (what a render cache key digests) and what they parse to. A value type,
    /// `Sendable`: safe to pass between threads.
    public struct Loaded: Sendable {
        /// The file's bytes exactly as read.
        public var bytes: [UInt8]
        /// The icon and the warnings of parsing `bytes`.
        public var result: SVGParseResult
    }

    /// A loader over `./Icons` (the app's convention) unless other folders are given.
    public convenience init(searchPaths: [String] = ["Icons"], options: SVGResolver.Options = SVGResolver.Options()) {
        self.init(locations: searchPaths.map { .folder($0) }, options: options)
    }

    /// A loader over `locations`, searched in order: folders and bundles mixed as needed.
    public init(locations: [Location], options: SVGResolver.Options = SVGResolver.Options()) {
        self.locations = locations
        self.options = options
    }

    /// A loader over a bundle's resources (`subdirectory` inside them, if given), then `folders`.
    public convenience init(bundle: Bundle, subdirectory: String? = nil, folders: [String] = [],
                            options: SVGResolver.Options = SVGResolver.Options()) {
        self.init(locations: [.bundle(bundle, subdirectory: subdirectory)] + folders.map { .folder($0) }, options: options)
    }

    /// The shared loader over `./Icons`.
    public static let shared = SVGFileLoader()

    /// `SVGFileLoader.load(named: "tab-shop")`: the icon from the shared loader, nil when it is missing or
    /// broken (use the instance method for the error).
    public static func load(named name: String) -> SVGIconDefinition? {
        try? shared.load(named: name).icon
    }

    /// The path `NAME` resolves to: `NAME.svg` (or `NAME` if it already ends in `.svg`) in the first
    /// location that has it. `NAME` may have folders in it (`nav/bell`).
    public func path(named name: String) -> String? {
        let file = name.hasSuffix(".svg") ? name : name + ".svg"
        for location in locations {
            guard let folder = location.folderPath else { continue }
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

    /// Loads an SVG file by path, parsing it only when its bytes differ from the last parse (always, when it
    /// reads image files, whose edits its bytes do not show).
    public func load(file path: String) throws(SVGLoadError) -> SVGParseResult {
        try loadWithBytes(file: path).result
    }

    /// `load(named:)`, with the file's bytes.
    public func loadWithBytes(named name: String) throws(SVGLoadError) -> Loaded {
        guard let path = path(named: name) else {
            let folders = locations.map(\.description).joined(separator: ", ")
            throw SVGLoadError(kind: .notFound, file: name,
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
        // An icon that reads image files is parsed again each time: its pixels depend on files whose edits
        // the SVG's bytes do not show (the disk cache skips such icons for the same reason).
        lock.withLock { cache[key] = result.imageFiles.isEmpty ? Entry(bytes: bytes, result: result) : nil }
        return Loaded(bytes: bytes, result: result)
    }

    /// Forgets every parsed icon.
    public func removeAll() {
        lock.lock()
        cache.removeAll()
        lock.unlock()
    }
}
