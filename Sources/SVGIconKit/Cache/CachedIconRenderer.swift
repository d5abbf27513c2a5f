/// SVG bytes → PNG bytes, through a `RenderCache` when there is one: a verified entry is served as it
/// is; otherwise the icon is parsed, rendered, encoded and stored.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct CachedIconRenderer: Sendable {
    /// Nil renders every time (`--no-cache`).
    public let cache: RenderCache?

    /// A renderer storing into and serving from `cache`; nil renders every time.
    public init(cache: RenderCache?) {
        self.cache = cache
    }

    /// One rendered (or cached) PNG with what is known about the icon.
    ///
    /// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
    public struct Output: Sendable {
        /// The PNG file's bytes.
        public var png: [UInt8]
        /// The icon has paints that take the tint.
        public var usesTint: Bool
        /// What parsing skipped or repaired (also for a cached PNG: the entry stores them).
        public var warnings: [SVGWarning]
        /// Served from the cache rather than rendered.
        public var fromCache: Bool
    }

    /// Why no PNG could be made.
    ///
    /// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The SVG could not be read or parsed.
        case load(SVGLoadError)
        /// libpng refused the image.
        case encode(PNGError)
        /// Drawing the icon passed one of the renderer's work or memory limits (a hostile file).
        case tooComplex(SVGRenderLimitError)

        /// The underlying error's message.
        public var description: String {
            switch self {
            case .load(let error): return error.description
            case .encode(let error): return "cannot encode the PNG: \(error.description)"
            case .tooComplex(let error): return error.description
            }
        }
    }

    /// The PNG of the SVG document `svg` (its bytes; `file` names it in errors), parsed with `parsing` and
    /// rendered with `options`: served from the cache when it holds a verified entry for exactly these
    /// bytes and options, otherwise parsed, rendered, encoded and stored.
    public func png(svg: [UInt8], file: String = "<memory>", options: RenderOptions,
                    parsing: SVGResolver.Options = SVGResolver.Options()) throws(Failure) -> Output {
        try png(svgDigest: SHA256.hash(svg), options: options, parsing: parsing) { () throws(SVGLoadError) in
            try SVGDocumentParser.parse(svg, file: file, options: parsing)
        }
    }

    /// The PNG of the SVG whose bytes hash to `svgDigest`, parsed with `parsing` and rendered with
    /// `options`. `document` parses those bytes with those options; it is called only when the cache has
    /// no good entry.
    package func png(svgDigest: @autoclosure () -> SHA256.Digest, options: RenderOptions, parsing: SVGResolver.Options,
                    document: () throws(SVGLoadError) -> SVGParseResult) throws(Failure) -> Output {
        var renderers = ReusableRenderers()
        return try png(svgDigest: svgDigest(), options: options, parsing: parsing, renderers: &renderers,
                       document: document)
    }

    /// `png(svgDigest:options:parsing:document:)` drawing with one of `renderers` (a worker's own, so that
    /// icon after icon reuses the same buffers).
    /// The digest is worked out only when there is a cache.
    package func png(svgDigest: @autoclosure () -> SHA256.Digest, options: RenderOptions, parsing: SVGResolver.Options,
                    renderers: inout ReusableRenderers,
                    document: () throws(SVGLoadError) -> SVGParseResult) throws(Failure) -> Output {
        let key = cache.map { _ in RenderCacheKey(svgDigest: svgDigest(), options: options, parsing: parsing) }
        if let cache, let key, let entry = cache.entry(for: key) {
            return Output(png: entry.png, usesTint: entry.usesTint, warnings: entry.warnings, fromCache: true)
        }
        let parsed: SVGParseResult
        do {
            parsed = try document()
        } catch {
            throw .load(error)
        }
        let png = try Self.png(of: parsed.icon, options: options, renderers: &renderers)
        // Recoloured, every paint takes the tint (a template image, for asset catalogs).
        let usesTint = options.recolor || parsed.icon.usesTint
        // The drawing's own warnings (filters clamped or refused at this size) join the parser's.
        let warnings = renderers.lastWarnings.isEmpty ? parsed.warnings : parsed.warnings + renderers.lastWarnings
        // An icon whose images come from files is not stored: the key digests only the SVG's own bytes.
        if let cache, let key, parsed.imageFiles.isEmpty {
            cache.store(RenderCacheEntry(png: png, usesTint: usesTint, warnings: warnings), for: key)
        }
        return Output(png: png, usesTint: usesTint, warnings: warnings, fromCache: false)
    }

    /// `icon` rendered and encoded: band by band for a large output (`BandedPNGRender`), whole otherwise.
    private static func png(of icon: SVGIconDefinition, options: RenderOptions,
                            renderers: inout ReusableRenderers) throws(Failure) -> [UInt8] {
        if let png = try BandedPNGRender.png(icon, options: options, renderers: &renderers) { return png }
        let pixmap: Pixmap
        do {
            pixmap = try renderers.renderChecked(icon, options: options)
        } catch {
            throw .tooComplex(error)
        }
        do {
            return try PNGCodec.encode(pixmap)
        } catch {
            throw .encode(error)
        }
    }
}
