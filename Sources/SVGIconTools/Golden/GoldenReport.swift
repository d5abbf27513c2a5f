import SVGIconCore
import SVGIconKit
/// The outcome of checking a golden suite.
package struct GoldenReport: Hashable, Sendable {
    /// Renders compared (icons × sizes × tints).
    package var checked: Int
    /// Every golden that failed, in icon order, extra goldens last.
    package var mismatches: [GoldenMismatch]

    package var passed: Bool { mismatches.isEmpty }

    /// Golden PNGs with no icon/size/tint that produces them.
    package var extraGoldens: [String] {
        mismatches.filter { $0.kind == .extra }.map(\.goldenFileName)
    }

    /// "2 of 144 renders differ, 1 golden missing, 1 extra golden" (only the counts that are not zero).
    package var summary: String {
        var differing = 0, missing = 0, extra = 0, other = 0
        for mismatch in mismatches {
            switch mismatch.kind {
            case .differs, .sizeChanged: differing += 1
            case .missing: missing += 1
            case .extra: extra += 1
            case .unreadable, .iconFailed: other += 1
            }
        }
        if passed { return "all \(checked) renders match their goldens" }
        var parts: [String] = []
        if differing > 0 { parts.append("\(differing) of \(checked) renders differ") }
        if missing > 0 { parts.append("\(missing) golden\(missing == 1 ? "" : "s") missing") }
        if extra > 0 { parts.append("\(extra) extra golden\(extra == 1 ? "" : "s")") }
        if other > 0 { parts.append("\(other) unreadable golden\(other == 1 ? "" : "s") or broken icon\(other == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }
}
