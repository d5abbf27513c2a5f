import Testing
@testable import SVGIconCore

@Suite("Pixel fitting (--pixel-fit): edges on the pixel grid, exact places")
struct PixelFitTests {
    /// The layers of `icon` (viewBox 0 0 24 24) fitted for a `size` × `size` render.
    func fitted(_ layers: [SVGIconLayer], size: Int) -> [SVGIconLayer] {
        let icon = SVGIconDefinition(layers: layers)
        let fit = SVGIconRenderer.fitTransform(icon, width: size, height: size)
        return PixelFitter.fitted(icon.layers, transform: fit, width: size, height: size)
    }

    func shape(_ layer: SVGIconLayer) -> SVGShape? {
        guard case .shape(let shape) = layer.content else { return nil }
        return shape
    }

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test("A 1.5-unit stroke: 2 px centred on a pixel edge at 24 px, 1 px centred on a pixel centre at 16 px")
    func strokeWidthAndCentre() throws {
        let line = SVGIconLayer(pathData: "M12.3 4V20", strokeColor: nil, strokeWidth: 1.5, cap: .butt, join: .miter)
        let at24 = try #require(shape(fitted([line], size: 24)[0]))
        #expect(at24.stroke?.style.width == 2)
        #expect(at24.path.points == [SVGPoint(x: 12, y: 4), SVGPoint(x: 12, y: 20)])
        // At 16 px a unit is 2/3 px: the stroke is 1 px; its centre 8.2 px goes to 8.5, its butt ends
        // 2.67 and 13.33 px to 3 and 13 (user units: × 1.5).
        let at16 = try #require(shape(fitted([line], size: 16)[0]))
        #expect(close(at16.stroke?.style.width ?? 0, 1.5))
        let p = at16.path.points
        #expect(p.count == 2 && close(p[0].x, 12.75) && close(p[1].x, 12.75))
        #expect(close(p[0].y, 4.5) && close(p[1].y, 19.5))
    }

    @Test("A rectangle's edges go to the nearest pixel edges")
    func rectangleEdges() throws {
        let rect = SVGIconLayer.rect(x: 3.3, y: 5, width: 10, height: 6.7)
        let path = try #require(shape(fitted([rect], size: 24)[0])).path
        let bounds = try #require(path.controlBounds)
        #expect(close(bounds.min.x, 3) && close(bounds.max.x, 13))
        #expect(close(bounds.min.y, 5) && close(bounds.max.y, 12))
    }

    @Test("A circle stays symmetric about its centre; extremes nearly halfway between pixel edges stay")
    func circleSymmetry() throws {
        // r 5.3: extremes 6.7 and 17.3 go to 7 and 17; r 5.5: 6.5 and 17.5 are halfway and stay.
        for (r, low, high) in [(5.3, 7.0, 17.0), (5.5, 6.5, 17.5)] {
            let path = try #require(shape(fitted([.circle(cx: 12, cy: 12, r: r)], size: 24)[0])).path
            let bounds = try #require(path.controlBounds)
            #expect(close(bounds.min.x, low) && close(bounds.max.x, high), "r \(r)")
            #expect(close(bounds.min.y, low) && close(bounds.max.y, high), "r \(r)")
            for p in path.points {
                #expect(path.points.contains { close($0.x, 24 - p.x) && close($0.y, p.y) }, "mirror of \(p)")
            }
        }
    }

    @Test("A fill's edge moves onto the grid only within 0.42 px: one nearly halfway stays; strokes always snap")
    func fillReach() throws {
        #expect(FitAnchor.fillReach == 0.42)
        #expect(FitAnchor.place(5.4, width: 0, middle: 8, reach: 0.42) == 5)
        #expect(FitAnchor.place(5.45, width: 0, middle: 8, reach: 0.42) == 5.45)
        #expect(FitAnchor.place(5.5, width: 0, middle: 8, reach: 0.42) == 5.5)
        #expect(FitAnchor.place(5.05, width: 1, middle: 8, reach: 0.42) == 5.05)   // 0.45 from 5.5 and 4.5
        #expect(FitAnchor(value: 3.6, strokeWidth: 2, weight: 1, middle: 8, reach: 0.42).target == 4)
        #expect(FitAnchor(value: 3.55, strokeWidth: 2, weight: 1, middle: 8, reach: 0.42).target == 3.55)
        #expect(FitAnchor(value: 3.55, strokeWidth: 2, weight: 1, middle: 8).target == 4)   // no reach given
        // A rectangle 3.45…13.3 × 5…11.6: its left edge stays, the others go to 13, 5 and 12.
        let rect = SVGIconLayer.rect(x: 3.45, y: 5, width: 9.85, height: 6.6)
        let bounds = try #require(shape(fitted([rect], size: 24)[0])?.path.controlBounds)
        #expect(close(bounds.min.x, 3.45) && close(bounds.max.x, 13))
        #expect(close(bounds.min.y, 5) && close(bounds.max.y, 12))
        // A 1 px stroke whose centre is on a pixel edge (x 3 units = 2 px at 16 px) still goes to a pixel
        // centre, the one toward the middle: 2.5 px = 3.75 units.
        let line = SVGIconLayer(pathData: "M3 4V20", strokeColor: nil, strokeWidth: 1.5, cap: .round, join: .round)
        let p = try #require(shape(fitted([line], size: 16)[0])).path.points
        #expect(p.count == 2 && close(p[0].x, 3.75) && close(p[1].x, 3.75))
    }

    @Test("A part thinner than a pixel is moved, not closed: it keeps its width instead of vanishing")
    func thinPartKept() throws {
        let bar = SVGIconLayer.rect(x: 2, y: 3.1, width: 10, height: 0.3)
        let bounds = try #require(shape(fitted([bar], size: 24)[0])?.path.controlBounds)
        #expect(close(bounds.min.y, 3) && close(bounds.max.y, 3.3))
        #expect(close(bounds.min.x, 2) && close(bounds.max.x, 12))
    }

    @Test("A fill whose area would change by more than a fifth stays as drawn")
    func areaGuard() throws {
        // A 1.3 px stem at 7.35…8.65: its edges would round to 7 and 9, widening it by a half.
        let stem = SVGIconLayer.rect(x: 7.35, y: 2, width: 1.3, height: 20)
        let path = try #require(shape(fitted([stem], size: 24)[0])?.path)
        #expect(path == ShapeGeometry.rect(x: 7.35, y: 2, width: 1.3, height: 20, rx: nil, ry: nil))
        var square = SVGPath()
        square.move(to: SVGPoint(x: 0, y: 0))
        square.line(to: SVGPoint(x: 2, y: 0))
        square.line(to: SVGPoint(x: 2, y: 3))
        square.line(to: SVGPoint(x: 0, y: 3))
        square.close()
        #expect(PixelFitter.polygonArea(square) == 6)
        #expect(PixelFitter.areaChange(from: square, to: square.transformed(by: .scale(1.1, 1))) - 0.1 < 1e-12)
    }

    @Test("Points between anchors are interpolated; beyond the outermost they move with it")
    func interpolation() {
        let fit = AxisFit(anchors: [FitAnchor(value: 2.25, target: 2, weight: 1),
                                    FitAnchor(value: 6.25, target: 7, weight: 1)])
        #expect(fit.map(4.25) == 4.5)
        #expect(fit.map(1) == 0.75)
        #expect(fit.map(10) == 10.75)
        #expect(AxisFit(anchors: []).map(3.3) == 3.3)
    }

    @Test("Snapping: odd widths on pixel centres, even widths and fill edges on pixel edges; ties toward the middle")
    func snapping() {
        #expect(FitAnchor.snap(centre: 5.2, width: 1, middle: 8) == 5.5)
        #expect(FitAnchor.snap(centre: 5.2, width: 2, middle: 8) == 5)
        #expect(FitAnchor.snap(centre: 5.2, width: 0, middle: 8) == 5)
        #expect(FitAnchor.snap(centre: 4.5, width: 0, middle: 8) == 5)
        #expect(FitAnchor.snap(centre: 11.5, width: 0, middle: 8) == 11)
        #expect(FitAnchor.snap(centre: 8, width: 1, middle: 8) == 7.5)   // at the middle itself: the lower one
        #expect(PixelFitter.fittedWidth(SVGStroke(style: StrokeStyle(width: 0.2)), transform: .scale(2, 2)) == 1)
        #expect(PixelFitter.fittedWidth(SVGStroke(style: StrokeStyle(width: 1)), transform: .scale(2, 3)) == nil)
    }

    @Test("Rotated shapes are left as they are")
    func rotatedUntouched() {
        var rect = SVGIconLayer.rect(x: 3.3, y: 5, width: 10, height: 6.6)
        rect.transform = .rotation(degrees: 30)
        #expect(fitted([rect], size: 24) == [rect])
    }

    @Test("Off by default: the same pixels as before; on, different ones")
    func optIn() {
        let icon = SVGIconDefinition(layers: [.rect(x: 3.3, y: 5, width: 10, height: 6.6),
                                              .circle(cx: 12, cy: 12, r: 5.3)])
        let plain = icon.render(options: RenderOptions(width: 16, height: 16))
        #expect(RenderOptions(width: 16, height: 16).pixelFit == false)
        #expect(icon.render(options: RenderOptions(width: 16, height: 16, pixelFit: false)).samples == plain.samples)
        #expect(icon.render(options: RenderOptions(width: 16, height: 16, pixelFit: true)).samples != plain.samples)
    }
}
