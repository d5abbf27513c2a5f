import SVGIconKit

/// `--image-dir DIR` and `--allow-absolute-images`, which `render` and `batch` share: where `<image>`
/// files may be read from besides the SVG's own folder.
enum ImageArguments {
    /// Consumes `option` (and its value) into `options` when it is an image option; false when it is not.
    static func read(_ option: String, from reader: inout ArgumentReader,
                     into options: inout SVGResolver.Options) throws(CLIError) -> Bool {
        switch option {
        case "--image-dir":
            options.images.rootFolders.append(try reader.value(for: option))
        case "--allow-absolute-images":
            options.images.allowsAbsolutePaths = true
        default:
            return false
        }
        return true
    }

    static let help = """
          --image-dir DIR        <image> files may also come from DIR (repeatable); by default only files in
                                 the SVG's own folder are read. data: URIs are always read, URLs never.
          --allow-absolute-images  Read <image> files given by absolute path (refused by default)
        """
}
