import SVGIconCore
import SVGIconKit
/// One render a golden suite checks: an icon at a size and tint, and the golden file it is compared with.
package struct GoldenCase: Hashable, Sendable {
    package var iconPath: String
    package var iconName: String
    package var size: Int
    /// The tint as written in the configuration (nil: untinted).
    package var tint: String?
    /// Relative to the goldens folder, mirroring the icon's place in the icon folder:
    /// `nav/bell.svg` → `nav/bell-24.png`.
    package var goldenFileName: String

    /// `relativePath` is the icon's path inside the icon folder (`nav/bell.svg`); nil puts the golden at
    /// the top of the goldens folder.
    package init(iconPath: String, relativePath: String? = nil, size: Int, tint: String?) {
        self.iconPath = iconPath
        self.iconName = IconFolder.iconName(of: iconPath)
        self.size = size
        self.tint = tint
        let folder = relativePath.flatMap { path in path.lastIndex(of: "/").map { String(path[...$0]) } } ?? ""
        self.goldenFileName = folder + GoldenCase.goldenFileName(icon: iconName, size: size, tint: tint)
    }

    /// `NAME-24.png`, `NAME-24-0a84ff.png` (the tint's hex digits without `#`).
    package static func goldenFileName(icon: String, size: Int, tint: String?) -> String {
        guard let tint else { return "\(icon)-\(size).png" }
        let label = SVGColor(css: tint)?.hexString.dropFirst() ?? Substring(tint.filter { $0.isLetter || $0.isNumber })
        return "\(icon)-\(size)-\(label).png"
    }

    /// The tint colour to render with (black when untinted; configurations are validated, so a tint
    /// always parses).
    var tintColor: SVGColor {
        tint.flatMap { SVGColor(css: $0) } ?? .black
    }

    /// `expected | difference | actual` image name for this case: `NAME-24.diff.png` (`nav/NAME-24.diff.png`
    /// for an icon in a subfolder).
    var diffFileName: String {
        String(goldenFileName.dropLast(4)) + ".diff.png"
    }
}
