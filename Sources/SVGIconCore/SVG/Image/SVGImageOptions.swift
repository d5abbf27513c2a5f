/// Why an image could not be read or decoded, in words for a warning.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGImageLoadFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, without the element or line (the warning adds those).
    public var message: String
    /// A failure with its reason.
    public init(_ message: String) { self.message = message }
    /// The reason.
    public var description: String { message }
}

/// What the resolver cannot do in pure Swift, done by the code that embeds it (SVGIconKit fills this in
/// with libpng, its file reader and its XML reader): decoding raster images, reading files, parsing SVG.
///
/// Two loaders are equal when their `name`s are: the name stands for what the functions do (it is part
/// of a render cache key through `SVGResolver.Options`). A class, so that copying the resolver's options
/// (for every icon parsed) retains one reference instead of five.
///
/// Thread safety: immutable and `Sendable`: one loader is shared by every thread; its functions must be safe
/// to call concurrently (SVGIconKit's are).
public final class SVGImageLoader: Hashable, Sendable {
    /// What the loader is and does, versioned (`svgicon-kit-2`): equality, hashing and cache keys use it.
    public let name: String
    /// Decodes PNG/JPEG bytes whose header size has already been checked against the limits.
    public let decode: @Sendable (_ data: [UInt8], _ format: SVGImageFormat) -> Result<SVGImagePixels, SVGImageLoadFailure>
    /// Reads a file at an absolute path the resolver has allowed; `roots` are the folders it must lie in
    /// once links are followed (empty: anywhere, for an allowed absolute path); at most `limit` bytes.
    public let readFile: (@Sendable (_ path: String, _ roots: [String], _ limit: Int) -> Result<[UInt8], SVGImageLoadFailure>)?
    /// Parses an SVG document (an image that is itself SVG) with `options`.
    public let parseSVG: (@Sendable (_ data: [UInt8], _ file: String, _ options: SVGResolver.Options) -> Result<SVGParseResult, SVGImageLoadFailure>)?
    /// A path made absolute (against the working directory), `.` and `..` worked out by name; used for
    /// `SVGImageOptions.documentPath` and `rootFolders`, only when an image names a file.
    public let absolutePath: (@Sendable (_ path: String) -> String)?

    /// A loader; without `readFile`, `parseSVG` or `absolutePath` files, SVG images or relative paths are skipped with a warning.
    public init(name: String,
                decode: @escaping @Sendable (_ data: [UInt8], _ format: SVGImageFormat) -> Result<SVGImagePixels, SVGImageLoadFailure>,
                readFile: (@Sendable (_ path: String, _ roots: [String], _ limit: Int) -> Result<[UInt8], SVGImageLoadFailure>)? = nil,
                parseSVG: (@Sendable (_ data: [UInt8], _ file: String, _ options: SVGResolver.Options) -> Result<SVGParseResult, SVGImageLoadFailure>)? = nil,
                absolutePath: (@Sendable (_ path: String) -> String)? = nil) {
        self.name = name
        self.decode = decode
        self.readFile = readFile
        self.parseSVG = parseSVG
        self.absolutePath = absolutePath
    }

    /// Equal when the names are.
    public static func == (a: SVGImageLoader, b: SVGImageLoader) -> Bool { a.name == b.name }
    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// How `<image>` elements are loaded: `data:` URIs always; files by relative path only inside the SVG's
/// own folder or a folder the user names; absolute paths only when allowed; never the network. Every
/// decoded size is checked against the limits before anything is allocated for it.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGImageOptions: Hashable, Sendable {
    /// nil: images are skipped with a warning (the pure-Swift core has no PNG decoder or XML reader of its
    /// own; SVGIconKit's parser fills this in).
    public var loader: SVGImageLoader?
    /// The folder relative paths start from: the SVG file's own folder, as an absolute path. nil when the
    /// SVG was not read from a file (then relative paths are refused), or when `documentPath` gives it.
    public var baseFolder: String?
    /// The SVG file's path as it was named (perhaps relative). When `baseFolder` is nil, the loader's
    /// `absolutePath` turns it into `baseFolder` (also the first of `rootFolders` and of `chain`) — only
    /// once an image names a file, so that parsing icons without images costs nothing for it.
    public var documentPath: String?
    /// Absolute folders a file may lie in: the top-level SVG's folder and any the user named.
    public var rootFolders: [String]
    /// Absolute paths are read (anywhere) only when this is true.
    public var allowsAbsolutePaths: Bool
    /// Pixels one image may have (width × height as its header states them).
    public var maxPixels: Int
    /// Pixels all images of a document may have together (nested SVG images included; each nested
    /// document counts `nestedDocumentCost`).
    public var maxTotalPixels: Int
    /// Bytes an image's data may have (decoded from base64, or read from a file).
    public var maxDataBytes: Int
    /// How deeply SVG images may embed SVG images.
    public var maxDepth: Int
    /// How deep this document is (0: the top-level SVG).
    public var depth: Int
    /// The files being drawn, outermost first (self-embedding is found here).
    public var chain: [String]

    /// 4096 × 4096 pixels per image.
    public static let defaultMaxPixels = 4096 * 4096
    /// 128 MiB of premultiplied RGBA (the renderer's default offscreen budget), all images together.
    public static let defaultMaxTotalPixels = 2 * 4096 * 4096
    /// 32 MiB of data per image (as much as svgicon reads of an SVG file).
    public static let defaultMaxDataBytes = 32 << 20
    /// SVG images inside SVG images, 4 deep.
    public static let defaultMaxDepth = 4
    /// What one nested SVG document counts against `maxTotalPixels`.
    public static let nestedDocumentCost = 1 << 16

    /// Options with the default limits; without a loader, images are skipped with a warning.
    public init(loader: SVGImageLoader? = nil, baseFolder: String? = nil, documentPath: String? = nil, rootFolders: [String] = [],
                allowsAbsolutePaths: Bool = false, maxPixels: Int = SVGImageOptions.defaultMaxPixels,
                maxTotalPixels: Int = SVGImageOptions.defaultMaxTotalPixels,
                maxDataBytes: Int = SVGImageOptions.defaultMaxDataBytes, maxDepth: Int = SVGImageOptions.defaultMaxDepth,
                depth: Int = 0, chain: [String] = []) {
        self.loader = loader
        self.baseFolder = baseFolder
        self.documentPath = documentPath
        self.rootFolders = rootFolders
        self.allowsAbsolutePaths = allowsAbsolutePaths
        self.maxPixels = maxPixels
        self.maxTotalPixels = maxTotalPixels
        self.maxDataBytes = maxDataBytes
        self.maxDepth = maxDepth
        self.depth = depth
        self.chain = chain
    }

    /// With `documentPath` worked out into `baseFolder`, `rootFolders` and `chain` (absolute paths).
    public func resolvingDocumentPath() -> SVGImageOptions {
        guard baseFolder == nil, let documentPath, let absolute = loader?.absolutePath else { return self }
        var options = self
        let file = absolute(documentPath)
        let folder = SVGImageOptions.folder(of: file)
        options.baseFolder = folder
        options.rootFolders = [folder] + rootFolders.map(absolute)
        if options.chain.isEmpty { options.chain = [file] }
        options.documentPath = nil
        return options
    }

    /// The user's choices that change pixels, one line (for a render cache key).
    public var cacheDescription: String {
        "loader=\(loader?.name ?? "none") roots=\(rootFolders.joined(separator: "|")) absolute=\(allowsAbsolutePaths ? 1 : 0) "
            + "max-pixels=\(maxPixels) max-total=\(maxTotalPixels) max-bytes=\(maxDataBytes) max-depth=\(maxDepth)"
    }

    /// `/a/./b/../c` → `/a/c`: the path with `.` and `..` worked out (above the root stays at the root).
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The last component of a path.
    public static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The folder a file path lies in (`.` for a bare name).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// True when `path` is `folder` or lies under it (both normalized absolute paths).
    public static func path(_ path: String, isInside folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    /// The absolute path a non-`data:` href names and the folders it must stay in, or why it is refused.
    public func filePath(for href: String) -> Result<(path: String, roots: [String]), SVGImageLoadFailure> {
        let text = href.trimmingCSSWhitespace
        // A URL scheme: letters, digits, + - . before a colon, and no slash before it.
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/"), let first = text.first, first.isLetter,
           text[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }) {
            let scheme = text[..<colon].lowercased()
            if scheme == "file" {
                return .failure(SVGImageLoadFailure("file: URLs are not read; give the path relative to the SVG's folder"))
            }
            return .failure(SVGImageLoadFailure("\(scheme): URLs are never fetched (svgicon does not use the network)"))
        }
        guard !text.isEmpty, !text.hasPrefix("#") else {
            return .failure(SVGImageLoadFailure("href=\"\(href)\" names no image file"))
        }
        let decoded = String(decoding: DataURI.percentDecoded(text.utf8, limit: Int.max) ?? Array(text.utf8), as: UTF8.self)
        if decoded.hasPrefix("/") {
            guard allowsAbsolutePaths else {
                return .failure(SVGImageLoadFailure("absolute path \"\(href)\" refused (absolute image paths are read only when allowed: --allow-absolute-images)"))
            }
            return .success((SVGImageOptions.normalized(decoded), []))
        }
        guard let base = baseFolder else {
            return .failure(SVGImageLoadFailure("relative path \"\(href)\" refused: this SVG was not read from a file, so it has no folder of its own"))
        }
        let path = SVGImageOptions.normalized(base + "/" + decoded)
        let roots = rootFolders.map(SVGImageOptions.normalized)
        guard roots.contains(where: { SVGImageOptions.path(path, isInside: $0) }) else {
            return .failure(SVGImageLoadFailure("path \"\(href)\" leads outside the SVG's folder; refused (name the folder with --image-dir to allow it)"))
        }
        return .success((path, roots))
    }
}
