import Testing
import SVGIconKit
import SVGIconTools

@Suite("Render cache keys")
struct RenderCacheKeyTests {
    let svg = SHA256.hash(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8))
    let base = RenderOptions(width: 24, height: 24, tint: .black, background: nil)

    @Test("Each option that changes pixels changes the key", arguments: [
        "width", "height", "tint red", "tint alpha", "background", "background alpha", "curve tolerance", "recolor",
        "pixel fit", "exact thin strokes",
    ])
    func optionSensitivity(change: String) {
        var changed = base
        switch change {
        case "width": changed.width = 25
        case "height": changed.height = 25
        case "tint red": changed.tint = SVGColor(red: 1, green: 0, blue: 0)
        case "tint alpha": changed.tint = SVGColor(red: 0, green: 0, blue: 0, alpha: 0.999)
        case "background": changed.background = .white
        case "background alpha": changed.background = SVGColor(red: 0, green: 0, blue: 0, alpha: 0)
        case "curve tolerance": changed.curveTolerance = base.curveTolerance.nextUp
        case "recolor": changed.recolor = true
        case "pixel fit": changed.pixelFit = true
        case "exact thin strokes": changed.exactThinStrokes = true
        default: Issue.record("unknown change \(change)")
        }
        #expect(changed != base)
        #expect(RenderCacheKey(svgDigest: svg, options: changed) != RenderCacheKey(svgDigest: svg, options: base))
    }

    @Test("The SVG bytes and the renderer version change the key; equal inputs give equal keys")
    func contentAndVersion() {
        let key = RenderCacheKey(svgDigest: svg, options: base)
        #expect(key == RenderCacheKey(svgDigest: svg, options: base))
        #expect(key.hex.count == 64)
        let edited = SHA256.hash(Array("<svg xmlns=\"http://www.w3.org/2000/svg\" />".utf8))
        #expect(RenderCacheKey(svgDigest: edited, options: base) != key)
        #expect(RenderCacheKey(svgDigest: svg, options: base, rendererVersion: RendererVersion.current + "-next") != key)
        #expect(RenderCacheKey(svgDigest: svg, options: base, rendererVersion: RendererVersion.current) == key)
        let forced = RenderCacheKey(svgDigest: svg, options: base, parsing: SVGResolver.Options(tintOverridesColor: true))
        #expect(forced != key)
        #expect(RenderCacheKey(svgDigest: svg, options: base, parsing: SVGResolver.Options(tintOverridesColor: false)) == key)
        let absolute = RenderCacheKey(svgDigest: svg, options: base,
                                      parsing: SVGResolver.Options(images: SVGImageOptions(allowsAbsolutePaths: true)))
        #expect(absolute != key)
        let folders = RenderCacheKey(svgDigest: svg, options: base,
                                     parsing: SVGResolver.Options(images: SVGImageOptions(rootFolders: ["/srv/art"])))
        #expect(folders != key && folders != absolute)
    }

    @Test("Languages other than the default change the key; the default is the key without the option")
    func languages() {
        let key = RenderCacheKey(svgDigest: svg, options: base)
        #expect(RenderCacheKey(svgDigest: svg, options: base, parsing: SVGResolver.Options(languages: ["fr"])) != key)
        #expect(RenderCacheKey(svgDigest: svg, options: base, parsing: SVGResolver.Options(languages: ["en"])) == key)
    }

    /// The key covers every stored property of `RenderOptions` and `SVGResolver.Options`. When someone
    /// adds one, this fails until `RenderCacheKey.canonicalText` (and the sensitivity tests above) cover it.
    @Test("The key covers every RenderOptions and SVGResolver.Options field")
    func coversAllOptions() {
        let fields = Mirror(reflecting: base).children.compactMap(\.label)
        #expect(fields.sorted() == ["background", "curveTolerance", "exactThinStrokes", "height", "pixelFit", "recolor", "tint", "width"])
        let parsing = Mirror(reflecting: SVGResolver.Options()).children.compactMap(\.label)
        #expect(parsing == ["tintOverridesColor", "images", "languages"])
    }
}
