import SVGIconCore
import SVGIconKit
/// A golden that does not match its render, with the numbers a person needs to judge it.
package struct GoldenMismatch: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: Hashable, Sendable {
        /// Some pixels differ by more than the tolerance.
        case differs(pixelsOverTolerance: Int, totalPixels: Int, maxDifference: Int, tolerance: Int)
        /// No golden file for this icon, size and tint.
        case missing
        /// The golden file is not a readable PNG.
        case unreadable(reason: String)
        /// The golden has another pixel size than the render.
        case sizeChanged(golden: String, render: String)
        /// The icon itself could not be loaded.
        case iconFailed(reason: String)
        /// A golden PNG that no icon, size and tint produces.
        case extra
    }

    package var goldenFileName: String
    package var kind: Kind
    /// expected | difference | actual, written into the failures folder (`differs` only).
    package var diffImagePath: String?

    package init(goldenFileName: String, kind: Kind, diffImagePath: String? = nil) {
        self.goldenFileName = goldenFileName
        self.kind = kind
        self.diffImagePath = diffImagePath
    }

    package var pixelsOverTolerance: Int {
        if case .differs(let n, _, _, _) = kind { return n }
        return 0
    }

    package var maxDifference: Int {
        if case .differs(_, _, let d, _) = kind { return d }
        return 0
    }

    package var description: String {
        switch kind {
        case let .differs(over, total, maxDifference, tolerance):
            var text = "\(goldenFileName): \(over) of \(total) pixels differ by more than \(tolerance) "
                + "(max difference \(maxDifference) of 255)"
            if let diffImagePath { text += "; expected | difference | actual: \(diffImagePath)" }
            return text
        case .missing:
            return "\(goldenFileName): missing (no golden recorded for this icon, size and tint)"
        case .unreadable(let reason):
            return "\(goldenFileName): the golden is not a readable PNG (\(reason))"
        case let .sizeChanged(golden, render):
            return "\(goldenFileName): the golden is \(golden) pixels but the render is \(render)"
        case .iconFailed(let reason):
            return "\(goldenFileName): the icon did not load: \(reason)"
        case .extra:
            return "\(goldenFileName): extra (no icon, size and tint renders it)"
        }
    }
}
