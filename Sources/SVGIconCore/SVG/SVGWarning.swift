/// Something in an SVG file that was skipped or repaired; the rest of the icon still renders.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGWarning: Hashable, Sendable, CustomStringConvertible {
    /// 1-based source line, 0 when unknown.
    public var line: Int
    /// The element it concerns (`text`, `path`, …).
    public var element: String
    /// What was skipped or repaired, and how the icon is drawn instead.
    public var message: String

    /// A warning about `element` at `line` (0 when unknown).
    public init(line: Int, element: String, message: String) {
        self.line = line
        self.element = element
        self.message = message
    }

    /// `line N: <element>: message`, or without the line when it is unknown.
    public var description: String {
        line > 0 ? "line \(line): <\(element)>: \(message)" : "<\(element)>: \(message)"
    }
}
