/// A render stopped at one of the renderer's limits; `reason` says which.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGRenderLimitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which limit was passed, for people.
    public var reason: String

    /// The error for a render stopped by `reason`.
    package init(reason: String) {
        self.reason = reason
    }
    /// `too complex to render: reason`.
    public var description: String { "too complex to render: \(reason)" }
}
