import Foundation

/// Finds icons by name in icon folders and loads SVG files, parsing each file once and keeping the result
/// in memory. Safe to use from many threads. A file that changes on disk (size or modification time) is
/// parsed again, so a stale icon is never served.
public final class SVGFileLoader: @unchecked Sendable {
    /// Folders searched, in order, for `NAME.svg`.
    public let searchPaths: [String]
    /// How files are resolved (e.g. whether the tint overrides colours the file sets itself).
    public let options: SVGResolver.Options

    private let lock = NSLock()
    private var cache: [String: Entry] = [:]

    private struct Entry {
        var size: Int
        var modified: Date
        var result: SVGParseResult
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
        guard let path = path(named: name) else {
            let folders = searchPaths.map { "\($0)/" }.joined(separator: ", ")
            throw SVGLoadError(kind: .unreadable, file: name,
                               reason: "no icon named \"\(name)\" (looked for \(name.hasSuffix(".svg") ? name : name + ".svg") in \(folders))")
        }
        return try load(file: path)
    }

    /// Loads an SVG file by path, from the memory cache when the file has not changed.
    public func load(file path: String) throws(SVGLoadError) -> SVGParseResult {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
        let modified = (attributes?[.modificationDate] as? Date) ?? .distantPast
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        lock.lock()
        if let entry = cache[key], entry.size == size, entry.modified == modified, size >= 0 {
            lock.unlock()
            return entry.result
        }
        lock.unlock()
        let bytes = try FileIO.read(path)
        let result = try SVGDocumentParser.parse(bytes, file: path, options: options)
        if size == bytes.count {
            lock.lock()
            cache[key] = Entry(size: size, modified: modified, result: result)
            lock.unlock()
        }
        return result
    }

    /// Forgets every cached icon.
    public func removeAll() {
        lock.lock()
        cache.removeAll()
        lock.unlock()
    }
}
