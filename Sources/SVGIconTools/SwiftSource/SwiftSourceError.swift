import SVGIconCore
import SVGIconKit
/// An icon (or part of one) that `svgicon swift` cannot write as Swift source that reproduces it exactly.
/// The generator refuses rather than emit code that would draw something else.
package struct SwiftSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
