/// Finds the anchors of paths in output pixels (`FitAnchor`): straight horizontal and vertical segments,
/// points where the outline turns back along an axis or runs parallel to it (a curve's extremes, on its
/// points or inside a segment), and for a stroke its open ends (a cap's outer edge lies half the width
/// beyond them).
///
/// Only for transforms that keep axes apart (no rotation or skew): `PixelFitter` fits other shapes not at all.
struct AnchorCollector {
    /// Anchors across x (vertical edges) and across y (horizontal edges).
    var xs: [FitAnchor] = []
    var ys: [FitAnchor] = []
    /// The middle of the output, in pixels: ties in snapping go toward it (`FitAnchor.snap`).
    var middle: SVGPoint

    /// Longest run, in pixels, a segment may drift off an axis and still count as parallel to it.
    static let straightness = 0.02
    /// Shortest straight edge, in pixels, that counts.
    static let shortestEdge = 0.25

    /// The path being collected: its stroke width (0: a fill) and cap.
    private var strokeWidth = 0
    private var cap = LineCap.butt

    /// A collector for an output `width` × `height` pixels.
    init(width: Int, height: Int) {
        middle = SVGPoint(x: Double(width) / 2, y: Double(height) / 2)
    }

    /// Adds the anchors of `path` drawn with `transform`; `strokeWidth` 0 for a fill, else the stroke's fitted
    /// width in pixels and `cap` its line cap.
    mutating func add(_ path: SVGPath, transform: SVGTransform, strokeWidth: Int, cap: LineCap) {
        self.strokeWidth = strokeWidth
        self.cap = cap
        var contour: [SVGPoint] = []   // on-curve and control points, device space
        var onCurve: [Bool] = []
        var index = 0
        for verb in path.verbs {
            switch verb {
            case .move:
                addContour(contour, onCurve: onCurve, closed: false)
                contour = [transform.apply(path.points[index])]
                onCurve = [true]
                index += 1
            case .line, .quad, .cubic:
                let count = verb == .line ? 1 : verb == .quad ? 2 : 3
                for k in 0..<count {
                    contour.append(transform.apply(path.points[index + k]))
                    onCurve.append(k == count - 1)
                }
                index += count
            case .close:
                addContour(contour, onCurve: onCurve, closed: true)
                contour = []
                onCurve = []
            }
        }
        addContour(contour, onCurve: onCurve, closed: false)
    }

    private mutating func addContour(_ p: [SVGPoint], onCurve: [Bool], closed: Bool) {
        guard p.count > 1 else { return }
        var points = p, flags = onCurve
        let isClosed = closed || strokeWidth == 0   // a fill closes every contour
        if isClosed, let first = points.first, let last = points.last, first != last {
            points.append(first)
            flags.append(true)
        }
        let n = points.count
        var start = 0
        for i in 1..<n where flags[i] {
            switch i - start {
            case 1: addStraight(from: points[start], to: points[i])
            case 2:
                // A quadratic is the cubic with controls two thirds of the way to its control point.
                let p0 = points[start], c = points[start + 1], p1 = points[i]
                addCurveExtremes(p0, p0 + (c - p0) * (2.0 / 3), p1 + (c - p1) * (2.0 / 3), p1)
            default: addCurveExtremes(points[start], points[start + 1], points[start + 2], points[i])
            }
            start = i
        }
        for i in 0..<n where flags[i] {
            if !isClosed && (i == 0 || i == n - 1) {
                addEnd(points[i], toward: next(points, from: i, step: i == 0 ? 1 : -1))
            } else if i < n - 1 || !isClosed {   // a closed contour's last point repeats its first
                let before = next(points, from: i == 0 ? n - 1 : i, step: -1)
                if let before, let after = next(points, from: i, step: 1) {
                    addTurn(points[i], incoming: points[i] - before, outgoing: after - points[i])
                }
            }
        }
    }

    /// The first point from `start` in direction `step` that differs from the point at `start`.
    private func next(_ points: [SVGPoint], from start: Int, step: Int) -> SVGPoint? {
        var i = start + step
        while i >= 0 && i < points.count {
            if points[i] != points[start] { return points[i] }
            i += step
        }
        return nil
    }

    /// An anchor across x at `value`: an edge of a fill (moved at most `FitAnchor.fillReach`), or a stroke's
    /// centre line (likewise `addY`).
    private mutating func addX(_ value: Double, weight: Double) {
        xs.append(FitAnchor(value: value, strokeWidth: strokeWidth, weight: weight, middle: middle.x, reach: reach))
    }

    private mutating func addY(_ value: Double, weight: Double) {
        ys.append(FitAnchor(value: value, strokeWidth: strokeWidth, weight: weight, middle: middle.y, reach: reach))
    }

    /// How far the path being collected may move an anchor onto the grid.
    private var reach: Double { strokeWidth == 0 ? FitAnchor.fillReach : .infinity }

    private mutating func addStraight(from a: SVGPoint, to b: SVGPoint) {
        let dx = b.x - a.x, dy = b.y - a.y
        if abs(dx) <= Self.straightness && abs(dy) >= Self.shortestEdge {
            addX((a.x + b.x) / 2, weight: abs(dy))
        } else if abs(dy) <= Self.straightness && abs(dx) >= Self.shortestEdge {
            addY((a.y + b.y) / 2, weight: abs(dx))
        }
    }

    /// A point where the outline reverses along an axis, or runs parallel to it on both sides.
    private mutating func addTurn(_ p: SVGPoint, incoming: SVGPoint, outgoing: SVGPoint) {
        if Self.isExtreme(incoming.x, incoming.y, outgoing.x, outgoing.y) {
            addX(p.x, weight: 1)
        }
        if Self.isExtreme(incoming.y, incoming.x, outgoing.y, outgoing.x) {
            addY(p.y, weight: 1)
        }
    }

    /// True when a point reached along (`along1`, `across1`) and left along (`along2`, `across2`) is an
    /// extreme in the `along` coordinate: the outline reverses there, or is parallel to the other axis on
    /// both sides.
    static func isExtreme(_ along1: Double, _ across1: Double, _ along2: Double, _ across2: Double) -> Bool {
        let flat1 = abs(along1) <= 0.05 * abs(across1), flat2 = abs(along2) <= 0.05 * abs(across2)
        return (flat1 && flat2) || (!flat1 && !flat2 && along1 * along2 < 0)
    }

    /// The points inside a cubic (not at its ends) where it turns back along x or along y.
    private mutating func addCurveExtremes(_ p0: SVGPoint, _ c1: SVGPoint, _ c2: SVGPoint, _ p3: SVGPoint) {
        for t in Self.turns(p0.x, c1.x, c2.x, p3.x) { addX(Self.cubic(p0.x, c1.x, c2.x, p3.x, at: t), weight: 1) }
        for t in Self.turns(p0.y, c1.y, c2.y, p3.y) { addY(Self.cubic(p0.y, c1.y, c2.y, p3.y, at: t), weight: 1) }
    }

    /// The parameters in (0, 1), ends excluded, where a cubic coordinate's derivative changes sign.
    static func turns(_ p0: Double, _ c1: Double, _ c2: Double, _ p3: Double) -> [Double] {
        // B'(t)/3 = a t² + b t + c with these coefficients.
        let d0 = c1 - p0, d1 = c2 - c1, d2 = p3 - c2
        let a = d0 - 2 * d1 + d2, b = 2 * (d1 - d0), c = d0
        let scale = max(abs(d0), abs(d1), abs(d2))
        guard scale > 1e-9 else { return [] }
        var roots: [Double] = []
        if abs(a) <= 1e-9 * scale {
            if abs(b) > 1e-9 * scale { roots.append(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            guard disc > 1e-12 * scale * scale else { return [] }   // no root, or a double one (no turn)
            let r = disc.squareRoot()
            roots.append((-b - r) / (2 * a))
            roots.append((-b + r) / (2 * a))
        }
        return roots.filter { $0 > 0.001 && $0 < 0.999 }.sorted()
    }

    /// A cubic coordinate at parameter `t`.
    static func cubic(_ p0: Double, _ c1: Double, _ c2: Double, _ p3: Double, at t: Double) -> Double {
        let s = 1 - t
        return s * s * s * p0 + 3 * s * s * t * c1 + 3 * s * t * t * c2 + t * t * t * p3
    }

    /// The open end of a stroke: a round cap reaches half the width beyond it on both axes; a butt or
    /// square cap on an axis-parallel end has its edge across that axis.
    private mutating func addEnd(_ p: SVGPoint, toward q: SVGPoint?) {
        guard strokeWidth > 0, let q else { return }
        let d = q - p
        switch cap {
        case .round:
            xs.append(FitAnchor(value: p.x, strokeWidth: strokeWidth, weight: 0.5, middle: middle.x))
            ys.append(FitAnchor(value: p.y, strokeWidth: strokeWidth, weight: 0.5, middle: middle.y))
        case .butt, .square:
            let width = cap == .butt ? 0 : strokeWidth
            if abs(d.y) <= 0.05 * abs(d.x) { xs.append(FitAnchor(value: p.x, strokeWidth: width, weight: 0.5, middle: middle.x)) }
            if abs(d.x) <= 0.05 * abs(d.y) { ys.append(FitAnchor(value: p.y, strokeWidth: width, weight: 0.5, middle: middle.y)) }
        }
    }
}
