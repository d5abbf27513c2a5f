import SVGIconCore
import SVGIconKit
/// What `svgicon batch` writes.
package enum BatchOutputFormat: String, CaseIterable, Hashable, Sendable, Codable {
    /// PNG files mirroring the input tree: `name.png`, `name@2x.png`, …
    case png
    /// An Xcode asset catalog: one `name.imageset` per icon with its @1x/@2x/@3x PNGs and `Contents.json`.
    case xcassets
    /// Android resource folders `drawable-mdpi` … `drawable-xxxhdpi`, one PNG per icon in each.
    case android
    /// Android VectorDrawable XML: `drawable/a_b.xml` per icon, `--size` its dp size (`VectorDrawableWriter`).
    case androidVector = "android-vector"
    /// One `name.pdf` per icon (and size and tint), mirroring the input tree (`PDFWriter`).
    case pdf
    /// One Windows `name.ico` per icon, PNG entries at `IconFileFormat.ico.defaultSizes` (or `--size`).
    case ico
    /// One macOS `name.icns` per icon, PNG entries 16–1024 with the @2x types (or `--size`).
    case icns

    /// The container format of `ico` and `icns`, nil for the others.
    package var iconFile: IconFileFormat? {
        switch self {
        case .ico: return .ico
        case .icns: return .icns
        default: return nil
        }
    }

    /// Android's density buckets and their scale over mdpi (160 dpi), in the order Android lists them.
    package static let androidDensities: [(name: String, factor: Double)] = [
        ("mdpi", 1), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3), ("xxxhdpi", 4),
    ]

    /// Scales an asset catalog image set has slots for.
    package static let assetCatalogScales = [1, 2, 3]
}
