/// Pixel fitting (`RenderOptions.pixelFit`; the design is in Docs/pixel-fit.md): moves a design's edges onto
/// the pixel grid of the output before it is drawn, as a designer's hand-made small master does.
///
/// In three passes over the resolved model, in output pixels: stroke widths become whole pixels (never less
/// than one); the anchors of every shape (`AnchorCollector`) are gathered per axis, for the whole icon at once,
/// so that shapes that meet keep meeting; each axis gets one `AxisFit` (the anchors snapped, everything else
/// interpolated); and every point of every shape (and clip path) is moved by it.
/// No fill edge moves by more than `FitAnchor.fillReach` (0.42 px: one nearly halfway between two pixel
/// edges stays), no stroke by more than half a pixel, except where snapping would close a gap, where a point moves as far as its neighbour did instead.
/// A fill whose area would change by more than `largestAreaChange` stays as drawn.
///
/// Shapes under a rotation or skew, non-scaling strokes' widths, masks, gradients and patterns are left
/// as they are.
struct PixelFitter {
    private var x = AxisFit(anchors: [])
    private var y = AxisFit(anchors: [])

    /// The fit of `layers` drawn with `transform` (the viewBox-to-pixels transform) into `width` × `height`
    /// pixels.
    init(_ layers: [SVGIconLayer], transform: SVGTransform, width: Int, height: Int) {
        var collector = AnchorCollector(width: width, height: height)
        Self.collect(layers, transform: transform, into: &collector)
        x = AxisFit(anchors: collector.xs)
        y = AxisFit(anchors: collector.ys)
    }

    /// `layers` fitted for drawing with `transform` (the viewBox-to-pixels transform) into `width` × `height`
    /// pixels.
    static func fitted(_ layers: [SVGIconLayer], transform: SVGTransform, width: Int, height: Int) -> [SVGIconLayer] {
        PixelFitter(layers, transform: transform, width: width, height: height).fitted(layers, transform: transform)
    }

    /// The anchor maps chosen, for tests and the notes: (before, after) per axis.
    var xAnchors: (from: [Double], to: [Double]) { (x.from, x.to) }
    var yAnchors: (from: [Double], to: [Double]) { (y.from, y.to) }

    // MARK: Collecting

    /// True for a transform without rotation or skew (each output axis depends on one user axis).
    static func keepsAxes(_ t: SVGTransform) -> Bool {
        t.b == 0 && t.c == 0 && t.a != 0 && t.d != 0 && t.a.isFinite && t.d.isFinite
    }

    /// The stroke's width in whole output pixels (at least 1), or nil when it cannot be fitted (a
    /// non-uniform scale, a non-scaling stroke).
    static func fittedWidth(_ stroke: SVGStroke, transform t: SVGTransform) -> Int? {
        let sx = abs(t.a), sy = abs(t.d)
        guard !stroke.nonScaling, abs(sx - sy) <= 1e-9 * max(sx, sy) else { return nil }
        let width = stroke.style.width * sx
        guard width.isFinite, width > 0, width < 1_000_000 else { return nil }
        return max(1, Int((width + 0.5).rounded(.down)))
    }

    private static func collect(_ layers: [SVGIconLayer], transform: SVGTransform, into c: inout AnchorCollector) {
        for layer in layers {
            let t = transform.concatenating(layer.transform)
            guard keepsAxes(t), layer.opacity > 0 else { continue }
            switch layer.content {
            case .group(let children):
                collect(children, transform: t, into: &c)
            case .shape(let shape):
                if let stroke = shape.stroke {
                    if let width = fittedWidth(stroke, transform: t) {
                        c.add(shape.path, transform: t, strokeWidth: width, cap: stroke.style.cap)
                    }
                } else if shape.fill != nil {
                    c.add(shape.path, transform: t, strokeWidth: 0, cap: .butt)
                }
            }
        }
    }

    // MARK: Moving

    private func fitted(_ layers: [SVGIconLayer], transform: SVGTransform) -> [SVGIconLayer] {
        layers.map { fitted($0, parent: transform) }
    }

    private func fitted(_ layer: SVGIconLayer, parent: SVGTransform) -> SVGIconLayer {
        let t = parent.concatenating(layer.transform)
        guard Self.keepsAxes(t) else { return layer }
        var result = layer
        switch layer.content {
        case .group(let children):
            result.content = .group(fitted(children, transform: t))
        case .shape(var shape):
            let path = fitted(shape.path, transform: t)
            // A fill whose area would change by more than `largestAreaChange` stays as drawn (thin parts
            // whose two edges round apart, or a small shape whose edges round together).
            if shape.stroke != nil || Self.areaChange(from: shape.path, to: path) <= Self.largestAreaChange {
                shape.path = path
            }
            if var stroke = shape.stroke, let width = Self.fittedWidth(stroke, transform: t) {
                stroke.style.width = Double(width) / abs(t.a)
                shape.stroke = stroke
            }
            result.content = .shape(shape)
        }
        if var clip = layer.clipPath, clip.units == .userSpaceOnUse {
            clip.layers = fitted(clip.layers, transform: t.concatenating(clip.transform))
            result.clipPath = clip
        }
        return result
    }

    /// How much a fill's area may change (as a fraction) for it to be fitted.
    static let largestAreaChange = 0.2

    /// |area after − area before| / area before, the areas those of the paths' point polygons (on-curve and
    /// control points: a curve's area is near its control polygon's, and both move alike); 0 for no area.
    static func areaChange(from a: SVGPath, to b: SVGPath) -> Double {
        let before = abs(polygonArea(a)), after = abs(polygonArea(b))
        return before > 1e-12 ? abs(after - before) / before : 0
    }

    /// Signed area of each subpath's polygon of points, summed.
    static func polygonArea(_ path: SVGPath) -> Double {
        var sum = 0.0, start = SVGPoint.zero, last = SVGPoint.zero, i = 0
        let points = path.points
        for verb in path.verbs {
            let count = verb == .move || verb == .line ? 1 : verb == .quad ? 2 : verb == .cubic ? 3 : 0
            if verb == .move {
                sum += last.x * start.y - start.x * last.y   // the previous subpath closes
                start = points[i]
                last = start
            }
            if verb != .move {
                for p in points[i..<(i + count)] {
                    sum += last.x * p.y - p.x * last.y
                    last = p
                }
            }
            i += count
        }
        sum += last.x * start.y - start.x * last.y
        return sum / 2
    }

    /// `path` (user space of `t`, which keeps axes) with every point moved by the fit.
    func fitted(_ path: SVGPath, transform t: SVGTransform) -> SVGPath {
        func move(_ p: SVGPoint) -> SVGPoint {
            SVGPoint(x: (x.map(t.a * p.x + t.e) - t.e) / t.a, y: (y.map(t.d * p.y + t.f) - t.f) / t.d)
        }
        var result = SVGPath()
        result.reserveCapacity(verbs: path.verbs.count, points: path.points.count)
        let points = path.points
        var i = 0
        for verb in path.verbs {
            switch verb {
            case .move: result.move(to: move(points[i])); i += 1
            case .line: result.line(to: move(points[i])); i += 1
            case .quad: result.quad(to: move(points[i + 1]), control: move(points[i])); i += 2
            case .cubic:
                result.cubic(to: move(points[i + 2]), control1: move(points[i]), control2: move(points[i + 1]))
                i += 3
            case .close: result.close()
            }
        }
        return result
    }
}
