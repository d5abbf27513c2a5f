import SVGIconCore
import SVGIconKit
/// What recording a golden suite did to one file.
package struct GoldenChange: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: Hashable, Sendable {
        /// A golden that did not exist was written.
        case recorded
        /// An existing golden differed beyond the tolerance (or had another size) and was rewritten.
        case updated(pixelsChanged: Int, maxDifference: Int)
        /// A golden no icon, size and tint produces any more was deleted.
        case removed
        /// The icon could not be loaded; its goldens were left as they were.
        case failed(reason: String)
    }

    package var goldenFileName: String
    package var kind: Kind

    package init(goldenFileName: String, kind: Kind) {
        self.goldenFileName = goldenFileName
        self.kind = kind
    }

    package var description: String {
        switch kind {
        case .recorded:
            return "recorded \(goldenFileName)"
        case let .updated(pixels, maxDifference):
            return "updated \(goldenFileName) (\(pixels) pixel\(pixels == 1 ? "" : "s") changed, max difference \(maxDifference))"
        case .removed:
            return "removed \(goldenFileName) (no icon, size and tint renders it any more)"
        case .failed(let reason):
            return "FAILED \(goldenFileName): the icon did not load, its golden was kept: \(reason)"
        }
    }
}
