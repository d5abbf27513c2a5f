/// Why an element tree is not an icon svgicon can draw.
public enum SVGResolveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The root element is not `<svg>`.
    case notSVGRoot(name: String, line: Int)
    /// More elements than svgicon will read from one file.
    case tooManyElements(limit: Int)

    public var description: String {
        switch self {
        case .notSVGRoot(let name, let line):
            return "line \(line): the root element is <\(name)>, not <svg>; this is not an SVG document"
        case .tooManyElements(let limit):
            return "the document has more than \(limit) elements; not an icon"
        }
    }
}
