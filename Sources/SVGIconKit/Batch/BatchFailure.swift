/// An icon `svgicon batch` could not convert, and why.
public struct BatchFailure: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The icon as the user would type it (input folder joined with its relative path).
    public var path: String
    /// Where in the file, for XML errors.
    public var line: Int?
    public var column: Int?
    public var reason: String

    public init(path: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    init(_ error: SVGLoadError) {
        self.init(path: error.file, line: error.line, column: error.column, reason: error.reason)
    }

    /// `path:line:column: reason`, as compilers print it.
    public var description: String {
        "\(SVGLoadError.location(path, line: line, column: column)): \(reason)"
    }
}
