/// SVG bytes → `SVGParseResult`: libxml2 reads the XML, the core's resolver builds the icon.
public enum SVGDocumentParser {
    /// Parses an SVG document. `file` only names the source in errors and warnings.
    public static func parse(_ bytes: [UInt8], file: String = "<memory>",
                             options: SVGResolver.Options = SVGResolver.Options()) throws(SVGLoadError) -> SVGParseResult {
        let nodes = try XMLDocumentReader.readNodes(bytes, file: file)
        let options = KitImageLoader.options(options, file: file)  // images: libpng, files next to the SVG
        let rootNamespace = nodes.rootNamespace
        do {
            return try SVGResolver.resolve(consume nodes, options: options)
        } catch let error as SVGResolveError {
            switch error {
            case .notSVGRoot(let name, let line):
                if name == "svg", let namespace = rootNamespace {
                    throw SVGLoadError(kind: .notSVG, file: file, line: line,
                                       reason: "the root <svg> is in the namespace \"\(namespace)\", not \(SVGElement.svgNamespace); this is not an SVG document")
                }
                throw SVGLoadError(kind: .notSVG, file: file, line: line,
                                   reason: "the root element is <\(name)>, not <svg>; this is not an SVG document")
            case .tooManyElements, .nestedTooDeep, .tooManyExpandedElements, .tooManyPathSegments, .styleSheetTooCostly:
                throw SVGLoadError(kind: .limitExceeded, file: file, reason: error.description)
            }
        } catch {
            throw SVGLoadError(kind: .notSVG, file: file, reason: "\(error)")
        }
    }

    public static func parse(_ text: String, file: String = "<memory>",
                             options: SVGResolver.Options = SVGResolver.Options()) throws(SVGLoadError) -> SVGParseResult {
        try parse(Array(text.utf8), file: file, options: options)
    }
}
