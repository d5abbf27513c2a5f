import Testing
import SVGIconCore

/// Layers drawn offscreen (group opacity, clip paths, masks) get a buffer covering only the pixels their
/// content can paint. These tests compare against the same drawing made to span the whole output, which
/// gives a full-size buffer: the pixels must be the same.
@Suite("Offscreen layers")
struct OffscreenRegionTests {
    static let red = SVGColor(red: 220, green: 30, blue: 40)

    /// `layer` as it is, and inside a group that also holds a fully transparent square at each corner of
    /// the canvas (so its buffer is the whole output).
    static func smallAndFull(_ layer: SVGIconLayer, opacity: Double, clip: SVGClipPath? = nil,
                             mask: SVGMask? = nil) -> (small: SVGIconLayer, full: SVGIconLayer) {
        var small = SVGIconLayer.group([layer], opacity: opacity)
        small.clipPath = clip
        small.mask = mask
        var invisible = SVGColor.black
        invisible.alpha = 0.004  // paints nothing visible at 8 bits, but is part of the content's bounds
        var full = SVGIconLayer.group([layer, .rect(x: -1, y: -1, width: 1, height: 1, color: invisible),
                                       .rect(x: 24, y: 24, width: 1, height: 1, color: invisible)],
                                      opacity: opacity)
        full.clipPath = clip
        full.mask = mask
        return (small, full)
    }

    /// How many bytes of the two images' PNG pixels differ (a count reads better than two arrays).
    static func differingBytes(_ a: Pixmap, _ b: Pixmap) -> Int {
        zip(a.straightAlphaRGBA(), b.straightAlphaRGBA()).filter { $0 != $1 }.count
    }

    static func render(_ layers: [SVGIconLayer], size: Int = 48) -> Pixmap {
        SVGIconDefinition(layers: layers).render(options: RenderOptions(width: size, height: size))
    }

    @Test("Group opacity, clip path and mask on a small region give the pixels of a full-size buffer")
    func sameAsFullBuffer() {
        let stroke = SVGIconLayer(pathData: "M3 4 L9 5 L6 10", strokeColor: nil, strokeWidth: 1.5)
        let shapes = SVGIconLayer.group([.circle(cx: 6, cy: 7, r: 3, color: Self.red), stroke])
        let clip = SVGClipPath(layers: [.rect(x: 4, y: 3, width: 8, height: 5)])
        let mask = SVGMask(layers: [.rect(x: 0, y: 0, width: 7, height: 24, color: .white)],
                           units: .userSpaceOnUse, x: 0, y: 0, width: 24, height: 24)
        for (clip, mask) in [(nil, nil), (clip, nil), (nil, mask), (clip, mask)] as [(SVGClipPath?, SVGMask?)] {
            let (small, full) = Self.smallAndFull(shapes, opacity: 0.7, clip: clip, mask: mask)
            let a = Self.render([small]), b = Self.render([full])
            #expect(Self.differingBytes(a, b) == 0)
            #expect(a.pixel(x: 12, y: 14).a > 0, "the layer is drawn")
        }
    }

    @Test("A region cut by the canvas edge, and a gradient drawn offscreen, keep their pixels")
    func edgeAndGradient() {
        // Half off the top-left corner.
        let corner = SVGIconLayer.circle(cx: 0.5, cy: 0.5, r: 3)
        let (small, full) = Self.smallAndFull(corner, opacity: 0.5)
        #expect(Self.differingBytes(Self.render([small]), Self.render([full])) == 0)
        // A gradient is evaluated at output pixels, wherever its buffer starts.
        let gradient = SVGLinearGradient(x1: 0, x2: 1, units: .objectBoundingBox, stops: [
            SVGGradientStop(offset: 0, color: Self.red), SVGGradientStop(offset: 1, color: .white),
        ])
        let shaded = SVGIconLayer(shape: SVGShape(path: ShapeGeometry.rect(x: 14, y: 15, width: 7, height: 4),
                                                  fill: SVGFill(paint: .linearGradient(gradient))))
        let (g1, g2) = Self.smallAndFull(shaded, opacity: 0.6)
        let a = Self.render([g1]), b = Self.render([g2])
        #expect(Self.differingBytes(a, b) == 0)
        #expect(a.pixel(x: 29, y: 34).r < a.pixel(x: 41, y: 34).r, "the gradient runs left to right")
    }

    @Test("Many small offscreen layers cost their own pixels: 2 000 of them render at 256 px")
    func manySmallLayers() throws {
        var layers: [SVGIconLayer] = []
        for i in 0..<2000 {
            let x = Double(i % 40) * 0.6, y = Double(i / 40) * 0.45
            layers.append(.group([.rect(x: x, y: y, width: 0.5, height: 0.4)], opacity: 0.5))
        }
        let icon = SVGIconDefinition(layers: layers)
        // Full-size buffers would be 2 000 × 256 × 256 pixels, far past the work limit.
        #expect(2000 * 256 * 256 * 4 > SVGIconRenderer.defaultWorkLimit(width: 256, height: 256))
        let pixmap = try icon.renderChecked(options: RenderOptions(width: 256, height: 256))
        #expect(pixmap.pixel(x: 2, y: 2).a == 128)
    }
}
