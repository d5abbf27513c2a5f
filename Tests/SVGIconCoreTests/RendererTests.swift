import Testing
import SVGIconCore

@Suite("Rendering")
struct RendererTests {
    @Test("A tinted icon's pixels all carry exactly the tint, at varying alpha")
    func exactTint() {
        let icon = SVGIconDefinition(layers: [
            SVGIconLayer(pathData: "M4 4 L20 6 L9 21 Z"),
            .circle(cx: 12, cy: 12, r: 5.3),
            .line(x1: 2, y1: 22, x2: 22, y2: 3, strokeWidth: 1.3),
        ])
        let tint = SVGColor(red: 0x0a, green: 0x84, blue: 0xff)
        let pixmap = icon.render(size: 24, tint: tint)
        let rgba = pixmap.straightAlphaRGBA()
        var alphas = Set<UInt8>()
        for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i + 3] > 0 {
            #expect(rgba[i] == 0x0a && rgba[i + 1] == 0x84 && rgba[i + 2] == 0xff)
            alphas.insert(rgba[i + 3])
        }
        #expect(alphas.contains(255))
        #expect(alphas.count > 10, "anti-aliased edges give many alpha levels")
    }

    @Test("Explicit colours stay; the tint only replaces tint paints")
    func bakedColours() {
        let red = SVGColor(red: 255, green: 0, blue: 0)
        let icon = SVGIconDefinition(viewBox: SVGViewBox(width: 4, height: 2), layers: [
            .rect(x: 0, y: 0, width: 2, height: 2, color: red),
            .rect(x: 2, y: 0, width: 2, height: 2),
        ])
        let pixmap = icon.render(options: RenderOptions(width: 4, height: 2, tint: SVGColor(red: 0, green: 0, blue: 255)))
        #expect(pixmap.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        #expect(pixmap.pixel(x: 3, y: 1) == (0, 0, 255, 255))
    }

    @Test("Group opacity composites the group once: overlapping shapes do not show through")
    func groupOpacity() {
        let group = SVGIconLayer.group([
            .rect(x: 0, y: 0, width: 3, height: 2),
            .rect(x: 1, y: 0, width: 3, height: 2),
        ], opacity: 0.5)
        let icon = SVGIconDefinition(viewBox: SVGViewBox(width: 4, height: 2), layers: [group])
        let pixmap = icon.render(options: RenderOptions(width: 4, height: 2))
        for x in 0..<4 { #expect(pixmap.pixel(x: x, y: 0).a == 128, "x = \(x)") }
        // Per-shape opacity instead would make the overlap darker.
        var perShape = group
        perShape.opacity = 1
        if case .group(var children) = perShape.content {
            for i in children.indices { children[i].opacity = 0.5 }
            perShape.content = .group(children)
        }
        let darker = SVGIconDefinition(viewBox: SVGViewBox(width: 4, height: 2), layers: [perShape])
            .render(options: RenderOptions(width: 4, height: 2))
        #expect(darker.pixel(x: 1, y: 0).a == 191)
    }

    @Test("A non-square viewBox is fitted and centred; preserveAspectRatio none stretches")
    func fitting() {
        let icon = SVGIconDefinition(viewBox: SVGViewBox(width: 32, height: 16), layers: [
            .rect(x: 0, y: 0, width: 32, height: 16),
        ])
        let pixmap = icon.render(size: 8)
        // 32 × 16 into 8 × 8: scale 0.25, drawing 8 × 4 centred → rows 2…5.
        for y in 0..<8 {
            #expect(pixmap.pixel(x: 4, y: y).a == ((2..<6).contains(y) ? 255 : 0), "row \(y)")
        }
        var stretched = icon
        stretched.aspectRatio = SVGAspectRatio(alignment: .none)
        #expect(stretched.render(size: 8).pixel(x: 4, y: 0).a == 255)
    }

    @Test("Scale multiplies the pixel size")
    func scale() {
        let icon = SVGIconDefinition(layers: [.circle(cx: 12, cy: 12, r: 10)])
        let p = icon.render(size: 24, scale: 3)
        #expect(p.width == 72 && p.height == 72)
    }

    @Test("A background goes behind the drawing")
    func background() {
        let icon = SVGIconDefinition(viewBox: SVGViewBox(width: 2, height: 1), layers: [.rect(x: 0, y: 0, width: 1, height: 1)])
        let p = icon.render(options: RenderOptions(width: 2, height: 1, background: .white))
        #expect(p.pixel(x: 0, y: 0) == (0, 0, 0, 255))
        #expect(p.pixel(x: 1, y: 0) == (255, 255, 255, 255))
    }

    @Test("Strokes are built in user space: a non-uniform scale gives an elliptical pen")
    func nonUniformStroke() {
        // A vertical line of width 1 scaled 4× in x becomes 4 px wide; a horizontal one stays 1 px tall.
        var vertical = SVGIconLayer.line(x1: 4, y1: 0, x2: 4, y2: 8, strokeWidth: 1, cap: .butt)
        vertical.transform = .scale(4, 1)
        let icon = SVGIconDefinition(viewBox: SVGViewBox(width: 32, height: 8), layers: [vertical])
        let p = icon.render(options: RenderOptions(width: 32, height: 8))
        let covered = (0..<32).filter { p.pixel(x: $0, y: 4).a == 255 }
        #expect(covered == [14, 15, 16, 17])
    }

    @Test("A non-scaling stroke keeps its width in viewBox units whatever the element's transform")
    func nonScalingStroke() {
        var p = SVGPath()
        p.move(to: SVGPoint(x: 1, y: 3))
        p.line(to: SVGPoint(x: 20, y: 3))
        func thickness(nonScaling: Bool, size: Int) -> Double {
            let stroke = SVGStroke(paint: .tint, style: StrokeStyle(width: 2), nonScaling: nonScaling)
            let layer = SVGIconLayer(shape: SVGShape(path: p, fill: nil, stroke: stroke), transform: .scale(1, 4))
            let pixmap = SVGIconDefinition(layers: [layer]).render(size: size)
            return (0..<size).reduce(0.0) { $0 + Double(pixmap.pixel(x: size / 2, y: $1).a) / 255 }
        }
        #expect(abs(thickness(nonScaling: false, size: 24) - 8) < 0.01)
        #expect(abs(thickness(nonScaling: true, size: 24) - 2) < 0.01)
        // It still scales with the icon: 2 viewBox units are 4 pixels at 48 px.
        #expect(abs(thickness(nonScaling: true, size: 48) - 4) < 0.01)
    }

    @Test("Gradients: a linear gradient runs between its stops; pad holds the end colours")
    func linearGradient() {
        let gradient = SVGLinearGradient(x1: 0.25, x2: 0.75, stops: [
            SVGGradientStop(offset: 0, color: SVGColor(red: 0, green: 0, blue: 0)),
            SVGGradientStop(offset: 1, color: SVGColor(red: 255, green: 255, blue: 255)),
        ])
        let p = paintedRect(.linearGradient(gradient), width: 8, height: 1)
        let reds = (0..<8).map { Int(p.pixel(x: $0, y: 0).r) }
        // Pixel centres 0.5…7.5 over a ramp from x = 2 to x = 6.
        #expect(reds == [0, 0, 32, 96, 159, 223, 255, 255])
    }

    @Test("Stops sharing an offset: the later one starts there, and pad past the end holds the last stop")
    func sharedStopOffsets() {
        let blue = SVGColor(red: 0, green: 0, blue: 255)
        let gradient = SVGLinearGradient(x1: 0.25, x2: 0.5, stops: [
            SVGGradientStop(offset: 0, color: SVGColor(red: 0, green: 0, blue: 0)),
            SVGGradientStop(offset: 0.5, color: SVGColor(red: 255, green: 0, blue: 0)),
            SVGGradientStop(offset: 0.5, color: SVGColor(red: 0, green: 255, blue: 0)),
            SVGGradientStop(offset: 1, color: blue),
            SVGGradientStop(offset: 1, color: blue, opacity: 0),
        ])
        let p = paintedRect(.linearGradient(gradient), width: 16, height: 1)
        // The ramp runs x = 4…8: black to red over 4…6, green to blue over 6…8, then the transparent stop.
        let pixels = (0..<16).map { p.pixel(x: $0, y: 0) }
        #expect(pixels[4].r == 64 && pixels[4].g == 0)    // t = 0.125: a quarter of the way to red
        #expect(pixels[5].r == 191 && pixels[5].g == 0)   // t = 0.375: three quarters
        #expect(pixels[6].g == 191 && pixels[6].r == 0)   // t = 0.625: from green, a quarter to blue
        #expect(pixels[7].b == 191 && pixels[7].g == 64)
        // Past x = 8 pad extends the last stop (offset 1, opacity 0), not the opaque one before it.
        #expect(pixels[8...].allSatisfy { $0.a == 0 })
        #expect(pixels[0].a == 255 && pixels[0].r == 0)
    }

    @Test("Radial gradients: a focal point on the end circle draws nothing beyond the circle's tangent there")
    func radialFocalOnCircle() {
        // Focal point (9, 5) on the circle of centre (5, 5) and radius 4: every circle of the cone passes
        // through it and is tangent to x = 9, so right of that line no circle with radius ≥ 0 covers a point.
        let gradient = SVGRadialGradient(cx: 5, cy: 5, r: 4, fx: 9, fy: 5, units: .userSpaceOnUse, stops: [
            SVGGradientStop(offset: 0, color: SVGColor(red: 0, green: 0, blue: 0)),
            SVGGradientStop(offset: 1, color: SVGColor(red: 255, green: 255, blue: 255)),
        ])
        let p = paintedRect(.radialGradient(gradient), width: 10, height: 10)
        // Centre (8.5, 5.5): s = |p − f|² / (2 (p − f)·(c − f)) = 0.5 / 4 = 0.125 of the way to white.
        #expect(p.pixel(x: 8, y: 5).a == 255)
        #expect(p.pixel(x: 8, y: 5).r == 32)
        // Centre (9.5, 5.5) is past the tangent: s = −0.125, a circle of negative radius, so transparent.
        #expect(p.pixel(x: 9, y: 5).a == 0)
        #expect(p.pixel(x: 9, y: 0).a == 0)
        // Far left, the circles grow beyond offset 1: pad holds white.
        #expect(p.pixel(x: 0, y: 5).r == 255)
    }

    /// A `width` x `height` rect filled with `paint`, rendered one viewBox unit per pixel.
    private func paintedRect(_ paint: SVGPaint, width: Int, height: Int) -> Pixmap {
        let rect = ShapeGeometry.rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let layer = SVGIconLayer(shape: SVGShape(path: rect, fill: SVGFill(paint: paint)))
        return SVGIconDefinition(viewBox: SVGViewBox(width: Double(width), height: Double(height)), layers: [layer])
            .render(options: RenderOptions(width: width, height: height))
    }

    @Test("Degenerate transforms and empty icons draw nothing, without crashing")
    func degenerate() {
        var layer = SVGIconLayer.rect(x: 0, y: 0, width: 4, height: 4)
        layer.transform = .scale(0, 1)
        let p = SVGIconDefinition(layers: [layer]).render(size: 8)
        #expect(p.data.allSatisfy { $0 == 0 })
        let empty = SVGIconDefinition(layers: []).render(size: 0)
        #expect(empty.width == 0)
    }
}
