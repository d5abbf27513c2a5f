import Testing
@testable import SVGIconCore

/// Banded renders (`SVGIconRenderer.renderBands`): a large output drawn a band of rows at a time must give
/// exactly the pixels of the whole-canvas render, band by band, whatever the layers do.
@Suite("Banded renders")
struct BandedRenderTests {
    static let tint = PixmapFormTests.tint, red = PixmapFormTests.red

    /// Fills, strokes, curves, group opacity, a clip path, a mask, a gradient and a blend mode, reaching
    /// across band edges (and one shape inside a single band).
    static func mixedLayers() -> [SVGIconLayer] {
        var clipped = SVGIconLayer.circle(cx: 12, cy: 12, r: 9)
        clipped.clipPath = SVGClipPath(layers: [.rect(x: 0, y: 0, width: 12, height: 24)])
        var masked = SVGIconLayer.rect(x: 2, y: 2, width: 20, height: 16, color: red)
        masked.mask = SVGMask(layers: [.circle(cx: 12, cy: 9, r: 7, color: .white)],
                              units: .userSpaceOnUse, x: 0, y: 0, width: 24, height: 24)
        let gradient = SVGLinearGradient(x1: 0, y1: 0, x2: 0, y2: 1, stops: [
            SVGGradientStop(offset: 0, color: SVGColor(red: 0, green: 128, blue: 0)),
            SVGGradientStop(offset: 1, color: SVGColor(red: 255, green: 255, blue: 0)),
        ])
        let ramp = SVGIconLayer(shape: SVGShape(path: ShapeGeometry.rect(x: 14, y: 1, width: 8, height: 22),
                                                fill: SVGFill(paint: .linearGradient(gradient))))
        var blended = SVGIconLayer.circle(cx: 16, cy: 16, r: 6, color: red)
        blended.blendMode = .multiply
        return [
            SVGIconLayer(pathData: "M4 4 C 30 6 -6 18 9 21 Z"),
            .line(x1: 2, y1: 22, x2: 22, y2: 3, strokeWidth: 1.3),
            .group([.rect(x: 3, y: 10, width: 10, height: 10), .rect(x: 8, y: 12, width: 10, height: 10)],
                   opacity: 0.6),
            clipped, masked, ramp, blended,
            .rect(x: 5, y: 12.1, width: 3, height: 0.2),
        ]
    }

    /// Renders `icon` whole and in bands of `rows`, and checks every band against the whole render's rows.
    func expectBandsMatch(_ icon: SVGIconDefinition, options: RenderOptions, rows: Int,
                          sourceLocation: SourceLocation = #_sourceLocation) {
        let whole = icon.render(options: options).data
        var renderer = SVGIconRenderer(options: options)
        var seen: [Int] = []
        let finished = renderer.renderBands(icon, rows: rows) { band, top in
            seen.append(top)
            let start = top * options.width * 4
            let expected = Array(whole[start..<(start + band.width * band.height * 4)])
            #expect(band.width == options.width, sourceLocation: sourceLocation)
            #expect(band.height == min(rows, options.height - top), sourceLocation: sourceLocation)
            #expect(band.data == expected, "band at row \(top)", sourceLocation: sourceLocation)
            return true
        }
        #expect(finished, sourceLocation: sourceLocation)
        #expect(seen == Array(stride(from: 0, to: options.height, by: rows)), sourceLocation: sourceLocation)
        // The renderer goes back to whole renders afterwards, with the same pixels.
        #expect(renderer.render(icon).data == whole, sourceLocation: sourceLocation)
    }

    @Test("With --pixel-fit, bands are the whole fitted render's rows, and the fit changes them")
    func pixelFitBands() {
        let icon = SVGIconDefinition(layers: [.rect(x: 3.3, y: 2.7, width: 10.4, height: 6.2),
                                              .line(x1: 2, y1: 14.4, x2: 22, y2: 14.4, strokeWidth: 1.3)])
        let fitted = RenderOptions(width: 48, height: 48, tint: Self.tint, pixelFit: true)
        expectBandsMatch(icon, options: fitted, rows: 7)
        #expect(icon.render(options: fitted).data != icon.render(options: RenderOptions(width: 48, height: 48, tint: Self.tint)).data)
    }

    @Test("Bands of a many-featured icon are exactly the whole render's rows, at several band heights")
    func mixedIcon() {
        let icon = SVGIconDefinition(layers: Self.mixedLayers())
        let options = RenderOptions(width: 300, height: 300, tint: Self.tint)
        for rows in [16, 37, 100, 299] { expectBandsMatch(icon, options: options, rows: rows) }
    }

    @Test("A one-colour icon's bands are alpha-only, like its whole render, and a background fills each band")
    func oneColourAndBackground() {
        let icon = SVGIconDefinition(layers: [SVGIconLayer(pathData: "M4 4 L20 6 L9 21 Z"),
                                              .circle(cx: 12, cy: 12, r: 5)])
        let options = RenderOptions(width: 200, height: 200, tint: Self.tint)
        expectBandsMatch(icon, options: options, rows: 24)
        var renderer = SVGIconRenderer(options: options)
        _ = renderer.renderBands(icon, rows: 64) { band, _ in
            #expect(band.uniformColor == Self.tint)
            return true
        }
        var withBackground = options
        withBackground.background = .white
        expectBandsMatch(icon, options: withBackground, rows: 50)
    }

    @Test("bandRows: small outputs and icons with filters or patterns are drawn whole")
    func bandRowsChoice() {
        let plain = SVGIconDefinition(layers: [.circle(cx: 12, cy: 12, r: 5)])
        #expect(SVGIconRenderer(options: RenderOptions(width: 512, height: 1024)).bandRows(for: plain) == nil)
        #expect(SVGIconRenderer(options: RenderOptions(width: 1024, height: 1024)).bandRows(for: plain) == nil)
        #expect(SVGIconRenderer(options: RenderOptions(width: 2048, height: 2048)).bandRows(for: plain) == 512)
        #expect(SVGIconRenderer(options: RenderOptions(width: 4096, height: 4096)).bandRows(for: plain) == 256)
        #expect(SVGIconRenderer(options: RenderOptions(width: 1 << 17, height: 64)).bandRows(for: plain) == 16)
        var blurred = SVGIconLayer.circle(cx: 12, cy: 12, r: 5)
        blurred.filter = [SVGFilter(region: SVGRect(x: 0, y: 0, width: 24, height: 24),
                                    primitives: [SVGFilterPrimitive(.gaussianBlur(stdDeviationX: 2, stdDeviationY: 2))])]
        let filtered = SVGIconDefinition(layers: [.group([blurred])])
        #expect(SVGIconRenderer(options: RenderOptions(width: 4096, height: 4096)).bandRows(for: filtered) == nil)
    }

    @Test("The work limit counts every band's work together")
    func workLimitAcrossBands() {
        let icon = SVGIconDefinition(layers: Self.mixedLayers())
        var renderer = SVGIconRenderer(options: RenderOptions(width: 300, height: 300))
        renderer.workLimit = 20_000
        var bands = 0
        let finished = renderer.renderBands(icon, rows: 16) { _, _ in
            bands += 1
            return true
        }
        #expect(!finished)
        #expect(bands < 300 / 16)
        #expect(renderer.limitExceeded == "drawing it needs more than 20000 steps (the work limit at 300×300)")
    }
}
