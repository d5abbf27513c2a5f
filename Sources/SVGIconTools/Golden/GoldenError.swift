import SVGIconCore
import SVGIconKit
/// A golden suite could not run at all (as opposed to a golden that does not match): the icon folder is
/// missing or empty, the configuration is unreadable or asks for something impossible, a golden cannot
/// be written.
package struct GoldenError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
