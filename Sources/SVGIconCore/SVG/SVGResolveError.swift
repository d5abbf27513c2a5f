/// Why a document is not an icon svgicon can draw: its root is not `<svg>`, or it passes one of the limits
/// that refuse a document (`SVGLimits`).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGResolveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The root element is not `<svg>`.
    case notSVGRoot(name: String, line: Int)
    /// More elements than `SVGLimits.elements` (trees built in code; the XML reader stops such files).
    case tooManyElements(limit: Int)
    /// Elements nested deeper than `SVGLimits.depth` (trees built in code; the XML reader stops such files).
    case nestedTooDeep(limit: Int)
    /// More elements than `SVGLimits.elements` once `use` references are expanded.
    case tooManyExpandedElements(limit: Int)
    /// More path segments than `SVGLimits.pathSegments`, `use` expansion included.
    case tooManyPathSegments(limit: Int)
    /// Styling the document would take more than `SVGLimits.cascadeWork` steps: its attributes, `style`
    /// declarations and style sheet rules against its elements.
    case styleSheetTooCostly(rules: Int, elements: Int)

    /// A one-line message for people, naming the limit or the root element.
    public var description: String {
        switch self {
        case .notSVGRoot(let name, let line):
            return "line \(line): the root element is <\(name)>, not <svg>; this is not an SVG document"
        case .tooManyElements(let limit):
            return "the document has more than \(limit) elements; not an icon"
        case .nestedTooDeep(let limit):
            return "elements nest more than \(limit) levels deep; not an icon"
        case .tooManyExpandedElements(let limit):
            return "use references expand the document to more than \(limit) elements; not an icon"
        case .tooManyPathSegments(let limit):
            return "the document has more than \(limit) path segments (use references included); not an icon"
        case .styleSheetTooCostly(let rules, let elements):
            return "its styles (\(elements) elements, \(rules) style rules, their attributes and CSS text) take more than \(SVGLimits.cascadeWork) steps to apply; not an icon"
        }
    }
}
