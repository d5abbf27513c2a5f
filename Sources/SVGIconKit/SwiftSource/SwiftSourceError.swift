/// An icon (or part of one) that `svgicon swift` cannot write as Swift source that reproduces it exactly.
/// The generator refuses rather than emit code that would draw something else.
public struct SwiftSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
