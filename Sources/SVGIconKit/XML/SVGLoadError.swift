/// Why an SVG file could not be loaded. The message names the file and, for XML errors, the line and
/// column that libxml2 reported. A value type, `Sendable`: safe to pass between threads.
public struct SVGLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure, for callers that branch on it (the message is in `reason`).
    ///
    /// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
    public enum Kind: String, Hashable, Sendable {
        /// No such icon or file: no search location has `NAME.svg`, or the path names nothing (a missing
        /// file or folder).
        case notFound
        /// The file is there but could not be read (permissions, a folder, a pipe or device, a read error).
        case unreadable
        /// The bytes are not well-formed XML.
        case malformedXML
        /// Well-formed XML, but not an SVG document.
        case notSVG
        /// Beyond a safety limit (size, depth, element count, entity expansion, path segments…); the
        /// message names the limit.
        case limitExceeded
        /// The document asks for something svgicon never does, such as reading an external entity.
        case refused
    }

    /// What went wrong, broadly.
    public var kind: Kind
    /// The file as the user named it (or `<stdin>`, `<memory>`).
    public var file: String
    /// 1-based line and column, when known.
    public var line: Int?
    /// 1-based column on `line`, when libxml2 reported one.
    public var column: Int?
    /// What went wrong, for people (without the file and line, which `description` adds).
    public var reason: String

    /// An error of `kind` in `file`, at `line` and `column` when known.
    public init(kind: Kind, file: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `FILE:LINE:COLUMN: reason`, the line and column left out when unknown.
    public var description: String {
        "\(Self.location(file, line: line, column: column)): \(reason)"
    }

    /// `FILE`, `FILE:LINE` or `FILE:LINE:COLUMN`, as compilers print places.
    package static func location(_ file: String, line: Int?, column: Int?) -> String {
        guard let line else { return file }
        return column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    }
}

extension SVGLoadError {
    /// Why the resolver refused `file`, whose root element is in the namespace `rootNamespace`.
    init(_ error: SVGResolveError, file: String, rootNamespace: String?) {
        switch error {
        case .notSVGRoot(let name, let line):
            if name == "svg", let namespace = rootNamespace {
                self.init(kind: .notSVG, file: file, line: line,
                          reason: "the root <svg> is in the namespace \"\(namespace)\", not \(SVGElement.svgNamespace); this is not an SVG document")
            } else {
                self.init(kind: .notSVG, file: file, line: line,
                          reason: "the root element is <\(name)>, not <svg>; this is not an SVG document")
            }
        case .tooManyElements, .nestedTooDeep, .tooManyExpandedElements, .tooManyPathSegments, .styleSheetTooCostly:
            self.init(kind: .limitExceeded, file: file, reason: error.description)
        }
    }
}
