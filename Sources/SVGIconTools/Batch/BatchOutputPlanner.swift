import SVGIconCore
import SVGIconKit
/// The files `svgicon batch` writes for each icon: the naming scheme, in one place.
///
/// For `icons/arrows/chevron.svg` (relative path `arrows/chevron.svg`) and `--size 24`:
///
/// | format | files |
/// |---|---|
/// | `png` | `arrows/chevron.png`, `arrows/chevron@2x.png` (scale 2), … |
/// | `xcassets` | `arrows/chevron.imageset/chevron.png`, `…/chevron@2x.png`, `…/chevron@3x.png`, `…/Contents.json` |
/// | `xcassets --vector` | `arrows/chevron.imageset/chevron.pdf`, `…/Contents.json` |
/// | `xcassets --dark-tint C` | also `…/chevron-dark.png`, `…/chevron-dark@2x.png`, … (or `chevron-dark.pdf`) |
/// | `android` | `drawable-mdpi/arrows_chevron.png` … `drawable-xxxhdpi/arrows_chevron.png` |
/// | `android-vector` | `drawable/arrows_chevron.xml` (VectorDrawable, `--size` in dp) |
/// | `pdf` | `arrows/chevron.pdf` (one page, `--size` in points) |
/// | `ico`, `icns` | `arrows/chevron.ico` (every size is an entry inside it; a tint suffix with several tints) |
///
/// A size or tint suffix is added only when several are asked for: `--size 24,48` gives `chevron-24.png`
/// and `chevron-48.png`; `--tint '#0a84ff',white` gives `chevron-0a84ff.png` and `chevron-ffffff.png`
/// (both: `chevron-24-0a84ff@2x.png`). Android resource names allow only `a-z 0-9 _`, so there every other
/// character becomes `_`, folders are joined with `_`, and the suffixes are `_24`, `_0a84ff`.
package struct BatchOutputPlanner: Sendable {
    package let request: BatchRequest

    package init(request: BatchRequest) {
        self.request = request
    }

    /// One file to render.
    package struct Output: Hashable, Sendable {
        /// Relative to the output folder.
        package var relativePath: String
        package var options: RenderOptions
    }

    /// Everything written for one icon.
    package struct IconPlan: Hashable, Sendable {
        /// The icon, relative to the input folder.
        package var icon: String
        package var outputs: [Output]
        /// `xcassets` only: the image sets whose `Contents.json` follows the PNGs.
        package var imageSets: [AssetCatalogImageSet]
        /// `ico` and `icns` only: the containers, each of several renders.
        package var iconFiles: [IconFile] = []
        /// `android-vector` only: the VectorDrawables (the options' width is the dp size).
        package var vectorFiles: [Output] = []
        /// `pdf` and `xcassets --vector`: the PDFs (the options' width and height are the page size in points).
        package var pdfFiles: [Output] = []

        /// Every file the plan writes, relative to the output folder.
        package var writtenPaths: [String] {
            outputs.map(\.relativePath) + imageSets.map { $0.folder + "/Contents.json" }
                + iconFiles.map(\.relativePath) + vectorFiles.map(\.relativePath) + pdfFiles.map(\.relativePath)
        }
    }

    /// An `.ico` or `.icns` file and the renders packed into it, one per size.
    package struct IconFile: Hashable, Sendable {
        package var relativePath: String
        package var format: IconFileFormat
        package var entries: [Output]
    }

    /// The plan for the icon at `relativePath` (relative to the input folder, `/`-separated).
    package func plan(for relativePath: String) -> IconPlan {
        let (folder, stem) = Self.split(relativePath)
        var plan = IconPlan(icon: relativePath, outputs: [], imageSets: [])
        let tints: [SVGColor?] = request.tints.isEmpty ? [nil] : request.tints
        if let container = request.format.iconFile {
            let sizes = request.sizes.isEmpty ? container.defaultSizes : request.sizes.sorted()
            for tint in tints {
                var suffix = ""
                if let tint, request.tints.count > 1 { suffix = "-" + tint.hexString.dropFirst() }
                let path = folder + stem + suffix + "." + container.fileExtension
                plan.iconFiles.append(IconFile(relativePath: path, format: container,
                                               entries: sizes.map { output(path, pixels: $0, tint: tint) }))
            }
            return plan
        }
        for size in request.sizes {
            for tint in tints {
                let variant = variantSuffix(size: size, tint: tint)
                switch request.format {
                case .png:
                    for scale in request.scales {
                        plan.outputs.append(output(folder + stem + variant + Self.scaleSuffix(scale) + ".png",
                                                   pixels: size * scale, tint: tint))
                    }
                case .xcassets:
                    plan.imageSets.append(imageSet(folder: folder, name: stem + variant, size: size, tint: tint, into: &plan))
                case .android:
                    let name = Self.androidResourceName(folder + stem) + variant.replacingDashes
                    for (density, factor) in BatchOutputFormat.androidDensities {
                        let pixels = Int((Double(size) * factor).rounded())
                        plan.outputs.append(output("drawable-\(density)/\(name).png", pixels: pixels, tint: tint))
                    }
                case .androidVector:
                    let name = Self.androidResourceName(folder + stem) + variant.replacingDashes
                    plan.vectorFiles.append(output("drawable/\(name).xml", pixels: size, tint: tint))
                case .pdf:
                    plan.pdfFiles.append(output(folder + stem + variant + ".pdf", pixels: size, tint: tint))
                case .ico, .icns:
                    break  // planned above
                }
            }
        }
        return plan
    }

    /// One image set: a PNG per scale (`name.png`, `name@2x.png`, …) or, with `--vector`, one `name.pdf`; with
    /// `--dark-tint` the same again for the dark appearance (`name-dark.png`, `name-dark.pdf`, …).
    private func imageSet(folder: String, name: String, size: Int, tint: SVGColor?,
                          into plan: inout IconPlan) -> AssetCatalogImageSet {
        let imageSetFolder = folder + name + ".imageset"
        var images: [AssetCatalogImageSet.Image] = []
        let appearances: [(suffix: String, tint: SVGColor?, dark: Bool)] =
            [("", tint, false)] + (request.darkTint.map { [("-dark", $0, true)] } ?? [])
        for appearance in appearances {
            if request.vector {
                let file = name + appearance.suffix + ".pdf"
                images.append(.init(filename: file, scale: nil, dark: appearance.dark))
                plan.pdfFiles.append(output(imageSetFolder + "/" + file, pixels: size, tint: appearance.tint))
                continue
            }
            for scale in request.scales {
                let file = name + appearance.suffix + Self.scaleSuffix(scale) + ".png"
                images.append(.init(filename: file, scale: scale, dark: appearance.dark))
                plan.outputs.append(output(imageSetFolder + "/" + file, pixels: size * scale, tint: appearance.tint))
            }
        }
        return AssetCatalogImageSet(folder: imageSetFolder, images: images)
    }

    /// Folders inside an asset catalog that hold image sets (and so need a group `Contents.json`), for
    /// the given icons; "" is the catalog itself.
    package func catalogGroups(for icons: [String]) -> [String] {
        var groups: Set<String> = [""]
        for icon in icons {
            let parts = Self.split(icon).folder.split(separator: "/")
            for end in parts.indices { groups.insert(parts[...end].joined(separator: "/")) }
        }
        return groups.sorted()
    }

    private func output(_ path: String, pixels: Int, tint: SVGColor?) -> Output {
        Output(relativePath: path,
               options: RenderOptions(width: pixels, height: pixels, tint: tint ?? .black, background: request.background,
                                      recolor: request.recolor, pixelFit: request.pixelFit,
                                      exactThinStrokes: request.exactThinStrokes))
    }

    /// `-24`, `-0a84ff`, `-24-0a84ff` or nothing, as the request's size and tint counts call for.
    private func variantSuffix(size: Int, tint: SVGColor?) -> String {
        var suffix = ""
        if request.sizes.count > 1 { suffix += "-\(size)" }
        if let tint, request.tints.count > 1 { suffix += "-" + tint.hexString.dropFirst() }
        return suffix
    }

    static func scaleSuffix(_ scale: Int) -> String { scale == 1 ? "" : "@\(scale)x" }

    /// `a/b/name.svg` → (`a/b/`, `name`): the folder with its trailing slash, and the name without `.svg`.
    static func split(_ relativePath: String) -> (folder: String, stem: String) {
        // Found in the UTF-8 bytes: a search by Character was most of the plan's time on a large folder.
        let slash = relativePath.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { String(relativePath[...$0]) } ?? ""
        var stem = slash.map { String(relativePath[relativePath.index(after: $0)...]) } ?? relativePath
        if stem.lowercased().hasSuffix(".svg") { stem.removeLast(4) } else if stem.lowercased().hasSuffix(".svgz") { stem.removeLast(5) }
        return (folder, stem)
    }

    /// A valid Android resource name: lowercase `a-z 0-9 _`, starting with a letter (`ic_` is put in front
    /// of one that does not).
    static func androidResourceName(_ path: String) -> String {
        var name = String(path.lowercased().map { ("a"..."z").contains($0) || ("0"..."9").contains($0) ? $0 : "_" })
        if !(name.first.map { ("a"..."z").contains($0) } ?? false) { name = "ic_" + name }
        return name
    }
}

private extension String {
    var replacingDashes: String { String(map { $0 == "-" ? "_" : $0 }) }
}
