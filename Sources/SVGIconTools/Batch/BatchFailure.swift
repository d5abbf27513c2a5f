import SVGIconCore
import SVGIconKit
/// An icon `svgicon batch` could not convert, and why.
package struct BatchFailure: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The icon as the user would type it (input folder joined with its relative path).
    package var path: String
    /// Where in the file, for XML errors.
    package var line: Int?
    package var column: Int?
    package var reason: String

    package init(path: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    init(_ error: SVGLoadError) {
        self.init(path: error.file, line: error.line, column: error.column, reason: error.reason)
    }

    /// `path:line:column: reason`, as compilers print it.
    package var description: String {
        "\(SVGLoadError.location(path, line: line, column: column)): \(reason)"
    }
}
