import Testing
import SVGIconCore

/// One-colour icons render into alpha-only pixmaps (one value per pixel instead of four); these tests pin
/// that the two forms describe the same pixels.
@Suite("Alpha-only pixmaps")
struct PixmapFormTests {
    static let tint = SVGColor(red: 0x0a, green: 0x84, blue: 0xff)
    static let red = SVGColor(red: 255, green: 0, blue: 0)

    /// A one-colour icon that uses every path of the compositor: fills, strokes, a colour given with its own
    /// alpha, group opacity (an offscreen layer), a clip path and a mask.
    static func oneColourLayers() -> [SVGIconLayer] {
        var clipped = SVGIconLayer.circle(cx: 12, cy: 12, r: 9)
        clipped.clipPath = SVGClipPath(layers: [.rect(x: 0, y: 0, width: 12, height: 24)])
        var masked = SVGIconLayer.rect(x: 2, y: 2, width: 20, height: 6)
        masked.mask = SVGMask(layers: [.rect(x: 0, y: 0, width: 24, height: 5, color: .white)],
                              units: .userSpaceOnUse, x: 0, y: 0, width: 24, height: 24)
        var sameColourHalfAlpha = tint
        sameColourHalfAlpha.alpha = 0.5
        return [
            SVGIconLayer(pathData: "M4 4 L20 6 L9 21 Z"),
            .line(x1: 2, y1: 22, x2: 22, y2: 3, strokeWidth: 1.3),
            .group([.rect(x: 3, y: 10, width: 10, height: 10), .rect(x: 8, y: 12, width: 10, height: 10)],
                   opacity: 0.6),
            .circle(cx: 17, cy: 7, r: 4.2, color: sameColourHalfAlpha),
            clipped,
            masked,
        ]
    }

    @Test("A one-colour icon renders alpha-only, to exactly the pixels full RGBA gives")
    func sameAsRGBA() {
        let layers = Self.oneColourLayers()
        let options = RenderOptions(width: 24, height: 24, tint: Self.tint)
        let alphaOnly = SVGIconDefinition(layers: layers).render(options: options)
        // The same drawing plus a red square outside the canvas: two colours, so full RGBA.
        let rgba = SVGIconDefinition(layers: layers + [.rect(x: 40, y: 40, width: 2, height: 2, color: Self.red)])
            .render(options: options)
        #expect(alphaOnly.uniformColor == Self.tint)
        #expect(rgba.uniformColor == nil)
        #expect(alphaOnly.straightAlphaRGBA() == rgba.straightAlphaRGBA())
        let a = alphaOnly.data, b = rgba.data
        #expect(a.count == 24 * 24 * 4)
        var alphaLevels = Set<Float>()
        for p in 0..<(24 * 24) {
            #expect(a[p * 4 + 3] == b[p * 4 + 3], "alpha is computed the same way in both forms")
            alphaLevels.insert(a[p * 4 + 3])
            for c in 0..<3 { #expect(abs(a[p * 4 + c] - b[p * 4 + c]) <= 1e-6) }
        }
        #expect(alphaLevels.count > 20, "the icon draws many anti-aliased levels")
    }

    @Test("Two colours, a gradient or a background give full RGBA")
    func mixedPaints() {
        let two = SVGIconDefinition(layers: [.rect(x: 0, y: 0, width: 4, height: 4, color: Self.red),
                                             .rect(x: 4, y: 4, width: 4, height: 4)])
        #expect(two.render(size: 8).uniformColor == nil)
        // A baked colour equal to the tint is still one colour.
        #expect(two.render(size: 8, tint: Self.red).uniformColor == Self.red)
        let gradient = SVGLinearGradient(stops: [SVGGradientStop(offset: 0, color: Self.tint),
                                                 SVGGradientStop(offset: 1, color: Self.tint)])
        let shaded = SVGIconDefinition(layers: [SVGIconLayer(shape: SVGShape(
            path: ShapeGeometry.rect(x: 0, y: 0, width: 8, height: 8), fill: SVGFill(paint: .linearGradient(gradient))))])
        #expect(shaded.render(size: 8).uniformColor == nil)
        let plain = SVGIconDefinition(layers: [.rect(x: 0, y: 0, width: 4, height: 4)])
        #expect(plain.render(size: 8).uniformColor == .black)
        let behind = plain.render(options: RenderOptions(width: 8, height: 8, background: .white))
        #expect(behind.uniformColor == nil)
        #expect(behind.pixel(x: 7, y: 7) == (255, 255, 255, 255))
    }

    @Test("Painting another colour on an alpha-only pixmap turns it RGBA and keeps what was there")
    func otherColourConverts() {
        var alphaOnly = Pixmap(width: 4, height: 1, uniformColor: Self.tint)
        var rgba = Pixmap(width: 4, height: 1)
        let tint = PremultipliedColor(Self.tint, opacity: 0.5), red = PremultipliedColor(Self.red)
        alphaOnly.blendSpan(y: 0, x0: 0, x1: 3, coverage: 0.8, color: tint)
        rgba.blendSpan(y: 0, x0: 0, x1: 3, coverage: 0.8, color: tint)
        #expect(alphaOnly.uniformColor == Self.tint)
        #expect(alphaOnly == rgba)
        alphaOnly.blendSpan(y: 0, x0: 2, x1: 4, coverage: 0.6, color: red)
        rgba.blendSpan(y: 0, x0: 2, x1: 4, coverage: 0.6, color: red)
        #expect(alphaOnly.uniformColor == nil)
        #expect(alphaOnly == rgba)
        // Tint at alpha 0.5 × 0.8 = 0.4: (10, 132, 255) × 0.4; red at 0.6.
        #expect(alphaOnly.pixel(x: 0, y: 0) == (4, 53, 102, 102))
        #expect(alphaOnly.pixel(x: 3, y: 0) == (153, 0, 0, 153))
    }

    @Test("Equality and hashing look at pixels, not at the form; writing data makes RGBA")
    func equalityAcrossForms() {
        var alphaOnly = Pixmap(width: 3, height: 2, uniformColor: Self.tint)
        #expect(alphaOnly == Pixmap(width: 3, height: 2))
        #expect(alphaOnly.hashValue == Pixmap(width: 3, height: 2).hashValue)
        alphaOnly.blendSpan(y: 1, x0: 0, x1: 2, coverage: 0.25, color: PremultipliedColor(Self.tint))
        var rgba = Pixmap(width: 3, height: 2)
        rgba.data = alphaOnly.data
        #expect(rgba.uniformColor == nil)
        #expect(alphaOnly == rgba)
        #expect(alphaOnly.hashValue == rgba.hashValue)
        #expect(alphaOnly != Pixmap(width: 3, height: 2, uniformColor: Self.tint))
        alphaOnly.data[0 * 4 + 3] = 1
        #expect(alphaOnly.uniformColor == nil)
        #expect(alphaOnly.pixel(x: 0, y: 0) == (0, 0, 0, 255))
        #expect(alphaOnly.pixel(x: 1, y: 1) == rgba.pixel(x: 1, y: 1))
    }
}
