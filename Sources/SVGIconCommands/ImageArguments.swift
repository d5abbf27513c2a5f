import SVGIconKit

/// `--image-dir DIR` and `--allow-absolute-images`, which `render` and `batch` share: where `<image>`
/// files may be read from besides the SVG's own folder.
enum ImageArguments {
    static let imageDir = OptionSpec(
        names: ["--image-dir"], kind: .folder, placeholder: "DIR",
        help: "<image> files may also come from DIR (repeatable); by default only files in the SVG's own folder are read. data: URIs are always read, URLs never",
        repeatable: true)
    static let allowAbsolute = OptionSpec(
        names: ["--allow-absolute-images"], kind: .flag,
        help: "Read <image> files given by absolute path (refused by default)")

    /// The option group both commands list.
    static let group = OptionGroup(title: "IMAGES", options: [imageDir, allowAbsolute])

    /// The image options of a parsed command line, applied to `options`.
    static func apply(_ parsed: ParsedArguments, to options: inout SVGResolver.Options) {
        options.images.rootFolders.append(contentsOf: parsed.texts("--image-dir"))
        if parsed.flag("--allow-absolute-images") { options.images.allowsAbsolutePaths = true }
    }
}
