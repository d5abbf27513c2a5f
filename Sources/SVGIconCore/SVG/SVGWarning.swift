/// Something in an SVG file that was skipped or repaired; the rest of the icon still renders.
public struct SVGWarning: Hashable, Sendable, CustomStringConvertible {
    /// 1-based source line, 0 when unknown.
    public var line: Int
    /// The element it concerns (`text`, `path`, …).
    public var element: String
    public var message: String

    public init(line: Int, element: String, message: String) {
        self.line = line
        self.element = element
        self.message = message
    }

    public var description: String {
        line > 0 ? "line \(line): <\(element)>: \(message)" : "<\(element)>: \(message)"
    }
}
