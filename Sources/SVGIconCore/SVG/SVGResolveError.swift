/// Why an element tree is not an icon svgicon can draw.
public enum SVGResolveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The root element is not `<svg>`.
    case notSVGRoot(name: String, line: Int)

    public var description: String {
        switch self {
        case .notSVGRoot(let name, let line):
            return "line \(line): the root element is <\(name)>, not <svg>; this is not an SVG document"
        }
    }
}
