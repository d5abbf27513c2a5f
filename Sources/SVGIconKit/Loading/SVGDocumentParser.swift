/// SVG bytes → `SVGParseResult`: libxml2 reads the XML into a `DocumentTree`, the core's resolver builds
/// the icon.
///
/// Thread safety: static functions; any number of threads can parse at once (libxml2 parser contexts are kept
/// in a locked pool, one per parse).
public enum SVGDocumentParser {
    /// Parses an SVG document (gzip-compressed `.svgz` too). `file` only names the source in errors and
    /// warnings. A PNG, JPEG, GIF, PDF or archive is refused with what it is, before any XML parsing.
    public static func parse(_ bytes: [UInt8], file: String = "<memory>",
                             options: SVGResolver.Options = SVGResolver.Options()) throws(SVGLoadError) -> SVGParseResult {
        let tree = try XMLDocumentReader.readTree(bytes, file: file)
        let rootNamespace = tree.rootNamespace
        let sourceByteCount = tree.sourceByteCount
        let options = KitImageLoader.options(options, file: file)  // images: libpng, libjpeg, files next to the SVG
        do throws(SVGResolveError) {
            var result = try SVGResolver.resolve(consume tree, options: options)
            result.icon.sourceByteCount = sourceByteCount
            return result
        } catch {
            throw SVGLoadError(error, file: file, rootNamespace: rootNamespace)
        }
    }

    /// Parses an SVG document given as text (its UTF-8 bytes are parsed). `file` only names the source in errors
    /// and warnings.
    public static func parse(_ text: String, file: String = "<memory>",
                             options: SVGResolver.Options = SVGResolver.Options()) throws(SVGLoadError) -> SVGParseResult {
        try parse(Array(text.utf8), file: file, options: options)
    }
}
