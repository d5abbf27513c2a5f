/// A golden suite could not run at all (as opposed to a golden that does not match): the icon folder is
/// missing or empty, the configuration is unreadable or asks for something impossible, a golden cannot
/// be written.
public struct GoldenError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
