/// The name a render is cached under: the SHA-256 of a canonical text that holds the digest of the SVG
/// bytes, every `RenderOptions` field and every `SVGResolver.Options` field (all of them change pixels),
/// and the renderer version.
///
/// The file's path or name is not part of it, so the same icon in two folders shares its entries, and an
/// edited file gets new ones (its bytes changed). A new field in `RenderOptions` or `SVGResolver.Options`
/// must be added to `canonicalText`; `RenderCacheKeyTests` fails until it is.
package struct RenderCacheKey: Hashable, Sendable, CustomStringConvertible {
    package let digest: SHA256.Digest

    package init(svgDigest: SHA256.Digest, options: RenderOptions, parsing: SVGResolver.Options = SVGResolver.Options(),
                rendererVersion: String = RendererVersion.current) {
        digest = SHA256.hash(Array(Self.canonicalText(svgDigest: svgDigest, options: options, parsing: parsing,
                                                      rendererVersion: rendererVersion).utf8))
    }

    /// 64 hex digits; also the entry's file name.
    package var hex: String { digest.hex }
    package var description: String { hex }

    /// How the cached PNG bytes were made. Entries hold PNG bytes, not pixels: when the encoder changes
    /// them this changes too, even though the pixels do not (`RendererVersion` is about pixels). Otherwise
    /// a cached run would write the old encoder's bytes and a `--no-cache` run the new one's for the same
    /// icon, so the "already holds these bytes" check would rewrite files (and wake build systems) depending
    /// on the cache's state, and old entries would keep their larger files. Invalidating costs one render
    /// per icon, once.
    static let pngEncoding = "png-v3 smallest-lossless-type libdeflate, large outputs streamed"

    /// The text that is hashed, one `name value` line per input. Doubles are written as their exact bit
    /// patterns, so two options that differ in the last bit get different keys.
    static func canonicalText(svgDigest: SHA256.Digest, options: RenderOptions, parsing: SVGResolver.Options,
                              rendererVersion: String) -> String {
        func color(_ c: SVGColor?) -> String {
            guard let c else { return "none" }
            return "\(c.red) \(c.green) \(c.blue) \(bits(c.alpha))"
        }
        func bits(_ value: Double) -> String { String(value.bitPattern, radix: 16) }
        // Only a language other than the default adds a line (keys made before it existed stay valid).
        let languages = parsing.languages == ["en"] ? "" : "languages \(parsing.languages.joined(separator: ","))\n"
        // Likewise pixel fitting adds a line only when it is on.
        let pixelFit = options.pixelFit ? "pixel-fit 1\n" : ""
        let exactThin = options.exactThinStrokes ? "exact-thin-strokes 1\n" : ""
        return """
            svgicon render cache key 1
            renderer \(rendererVersion)
            svg-sha256 \(svgDigest.hex)
            width \(options.width)
            height \(options.height)
            tint \(color(options.tint))
            background \(color(options.background))
            curve-tolerance \(bits(options.curveTolerance))
            recolor \(options.recolor ? 1 : 0)
            tint-overrides-color \(parsing.tintOverridesColor ? 1 : 0)
            images \(parsing.images.cacheDescription)
            \(languages)\(pixelFit)\(exactThin)encoding \(pngEncoding)

            """
    }
}
