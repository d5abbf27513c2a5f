/// Builds the outline of a stroke: per contour, one polygon that runs along the left offset of the path,
/// round the end cap, back along the right offset and round the start cap (a closed contour gives two
/// loops, one per side, the right one reversed).
///
/// At a corner the outer side gets the join (miter, bevel or round arc); the inner side goes through the
/// point where the two offset lines cross, or, when a segment is too short for that, through the path's
/// own vertex (the offsets then overlap, which the nonzero rule fills). Every part of the outline keeps
/// the same orientation relative to the direction of travel, so where a stroke passes over itself or
/// another contour of the same stroke the windings add up: a nonzero fill of all the polygons is the
/// stroked area, and the rasterizer's exact nonzero rule counts every overlap once.
package struct Stroker {
    package var style: StrokeStyle
    /// Largest distance allowed between a round join/cap and its polygon, in the input coordinates.
    package var tolerance: Double

    /// The longest chord step (radians) for arcs of the pen's radius within `tolerance`: every join and
    /// cap arc has that radius, so it is worked out once.
    private let maxArcStep: Double
    /// cos(maxArcStep), a little raised: a turn whose cosine is above it needs no points between its ends,
    /// which is known without the arctangent.
    private let singleChordCosine: Double

    package init(style: StrokeStyle, tolerance: Double) {
        self.style = style
        self.tolerance = tolerance
        self.maxArcStep = Stroker.maxArcStep(radius: style.width / 2, tolerance: tolerance)
        self.singleChordCosine = maxArcStep > 0 ? cosine(maxArcStep) + 1e-9 : 2
    }

    private var halfWidth: Double { style.width / 2 }

    /// The arrays one contour's outline is built in, kept between contours (and strokes) so that stroking
    /// allocates nothing once they have grown.
    package struct Buffers {
        var left: [SVGPoint] = [], right: [SVGPoint] = []
        var dirs: [SVGPoint] = [], lengths: [Double] = []

        package init() {}

        /// Points' worth of storage held (the largest of the arrays).
        package var capacity: Int { max(left.capacity, right.capacity, dirs.capacity, lengths.capacity) }
    }

    /// Emits the polygons for one contour. `emit` receives a polygon (implicitly closed); the array is
    /// reused between calls.
    package func stroke(_ contour: FlatContour, _ emit: ([SVGPoint]) -> Void) {
        var buffers = Buffers()
        stroke(contour, buffers: &buffers, emit)
    }

    /// `stroke(_:_:)` building the outline in `buffers`.
    package func stroke(_ contour: FlatContour, buffers: inout Buffers, _ emit: ([SVGPoint]) -> Void) {
        let hw = halfWidth
        guard hw > 0, hw.isFinite else { return }
        let pts = contour.points
        let n = pts.count
        if n == 0 { return }
        buffers.left.removeAll(keepingCapacity: true)
        buffers.right.removeAll(keepingCapacity: true)
        buffers.dirs.removeAll(keepingCapacity: true)
        buffers.lengths.removeAll(keepingCapacity: true)
        buffers.left.reserveCapacity(2 * n + 16)
        buffers.right.reserveCapacity(2 * n + 16)
        buffers.dirs.reserveCapacity(n)
        buffers.lengths.reserveCapacity(n)
        outline(pts, contour: contour, &buffers.left, &buffers.right, &buffers.dirs, &buffers.lengths, emit)
    }

    private func outline(_ pts: [SVGPoint], contour: FlatContour, _ left: inout [SVGPoint],
                         _ right: inout [SVGPoint], _ dirs: inout [SVGPoint], _ lengths: inout [Double],
                         _ emit: ([SVGPoint]) -> Void) {
        let hw = halfWidth
        let n = pts.count
        if n == 1 {
            dot(at: pts[0], &left, emit)
            return
        }
        let closed = contour.isClosed
        let segmentCount = closed ? n : n - 1
        // Per segment: unit direction, length.
        for i in 0..<segmentCount {
            let v = pts[i + 1 == n ? 0 : i + 1] - pts[i]
            let len = v.length
            lengths.append(len)
            dirs.append(len > 0 ? v * (1 / len) : SVGPoint(x: 1, y: 0))
        }
        if closed {
            for v in 0..<n {
                join(at: v, incoming: v == 0 ? segmentCount - 1 : v - 1, outgoing: v, pts: pts, dirs: dirs,
                     lengths: lengths, corner: contour.isCorner[v], &left, &right)
            }
            emit(left)
            right.reverse()
            emit(right)
            return
        }
        let start = pts[0], end = pts[n - 1]
        let startNormal = normal(dirs[0]) * hw
        left.append(start + startNormal)
        right.append(start - startNormal)
        if n > 2 {
            for v in 1..<(n - 1) {
                join(at: v, incoming: v - 1, outgoing: v, pts: pts, dirs: dirs, lengths: lengths,
                     corner: contour.isCorner[v], &left, &right)
            }
        }
        let lastDirection = dirs[segmentCount - 1]
        let endNormal = normal(lastDirection) * hw
        left.append(end + endNormal)
        right.append(end - endNormal)
        // Left side forward, end cap, right side backward, start cap.
        appendCap(at: end, direction: lastDirection, &left)
        left.append(contentsOf: right.reversed())
        appendCap(at: start, direction: -dirs[0], &left)
        emit(left)
    }

    /// The corner at vertex `v` between segments `a` and `b`: adds its points to both sides.
    private func join(at v: Int, incoming a: Int, outgoing b: Int, pts: [SVGPoint], dirs: [SVGPoint],
                      lengths: [Double], corner: Bool, _ left: inout [SVGPoint], _ right: inout [SVGPoint]) {
        let hw = halfWidth
        let p = pts[v]
        let d0 = dirs[a], d1 = dirs[b]
        let cross = d0.cross(d1), dotp = d0.dot(d1)
        let n0 = normal(d0) * hw, n1 = normal(d1) * hw
        if cross == 0 && dotp > 0 {  // straight on
            left.append(p + n0)
            right.append(p - n0)
            return
        }
        // Turning towards +normal (cross > 0) puts the left side inside the corner.
        let leftIsInner = cross >= 0  // a U-turn (cross = 0) is joined on the right
        // Inner side: where the offset lines cross, hw·tan(θ/2) before the vertex, when both segments are
        // long enough; otherwise through the vertex itself.
        let trim = hw * cross.magnitude / (1 + dotp)
        let side: Double = leftIsInner ? 1 : -1
        if cross != 0, trim.isFinite, trim <= 0.5 * lengths[a], trim <= 0.5 * lengths[b] {
            let m = (n0 + n1) * (side / (1 + dotp))
            if leftIsInner { left.append(p + m) } else { right.append(p + m) }
        } else if leftIsInner {
            left.append(p + n0)
            left.append(p)
            left.append(p + n1)
        } else {
            right.append(p - n0)
            right.append(p)
            right.append(p - n1)
        }
        // Outer side: the join, appended straight to that side.
        let na = n0 * -side, nb = n1 * -side
        let join: LineJoin = corner ? style.join : .round
        if leftIsInner {
            appendJoin(join, at: p, na, nb, cross: cross, dot: dotp, withinCurve: !corner, &right)
        } else {
            appendJoin(join, at: p, na, nb, cross: cross, dot: dotp, withinCurve: !corner, &left)
        }
    }

    /// The outer side of a corner at `p`: from `p + na` round to `p + nb`. `withinCurve`: `p` is a vertex
    /// of a flattened curve, not one of the path's corners.
    @inline(__always)
    private func appendJoin(_ join: LineJoin, at p: SVGPoint, _ na: SVGPoint, _ nb: SVGPoint, cross: Double,
                            dot dotp: Double, withinCurve: Bool, _ side: inout [SVGPoint]) {
        if withinCurve && dotp > singleChordCosine {
            // The small turn between two segments of a flattened curve (always joined round), small enough
            // for one chord of the pen's circle. One point on the bisector instead of that chord's two ends:
            // half the points on the outer side of a curve, within the same tolerance. It lies 70 % of the way
            // from the pen's circle (cos(turn/2)·|bisector|/2 = halfWidth) to where the two offset lines
            // meet (the exact offset of the flattened curve): on the circle the outline comes out too thin,
            // at the meeting point too fat, and at 70 % both the anti-aliasing error and the agreement with
            // resvg are those of the two-point chord (BENCHMARKS.md, "Tried and not adopted"). (At the
            // path's own corners a round join keeps its chord.)
            let bisector = na + nb
            let c = bisector.length / (2 * halfWidth)  // cos(turn / 2)
            side.append(p + bisector * ((0.3 + 0.7 / c) / (2 * c)))
            return
        }
        side.append(p + na)
        switch join {
        case .bevel:
            break
        case .miter:
            // Miter length / stroke width = 1 / cos(θ/2) = sqrt(2 / (1 + cos θ)).
            let denom = 1 + dotp
            if denom > 1e-12, (2 / denom).squareRoot() <= style.miterLimit {
                side.append(p + (na + nb) * (1 / denom))
            }
        case .round:
            // One chord (nothing between the ends) for a turn the tolerance allows.
            if dotp <= singleChordCosine {
                appendArc(center: p, from: na, sweep: arctangent2(cross, dotp), &side)
            }
        }
        side.append(p + nb)
    }

    /// The points of a cap after `p + normal` (already in the polygon) and before `p − normal`, for a
    /// path leaving `p` in `direction`.
    private func appendCap(at p: SVGPoint, direction d: SVGPoint, _ polygon: inout [SVGPoint]) {
        let hw = halfWidth
        let nrm = normal(d) * hw
        switch style.cap {
        case .butt:
            return
        case .square:
            let ext = d * hw
            polygon.append(p + nrm + ext)
            polygon.append(p - nrm + ext)
        case .round:
            // From +normal, half a turn through the direction `d` to −normal: the normal is `d` turned by
            // +90°, so turning back by −180° passes through `d`.
            appendArc(center: p, from: nrm, sweep: -Double.pi, &polygon)
        }
    }

    /// +90° rotation of a direction (the "left" normal in SVG's y-down space is on the right on screen;
    /// only consistency matters here).
    private func normal(_ d: SVGPoint) -> SVGPoint { SVGPoint(x: -d.y, y: d.x) }

    /// A zero-length subpath: a dot for round caps, an axis-aligned square for square caps.
    private func dot(at p: SVGPoint, _ polygon: inout [SVGPoint], _ emit: ([SVGPoint]) -> Void) {
        let hw = halfWidth
        polygon.removeAll(keepingCapacity: true)
        switch style.cap {
        case .butt:
            return
        case .square:
            polygon.append(SVGPoint(x: p.x - hw, y: p.y - hw))
            polygon.append(SVGPoint(x: p.x + hw, y: p.y - hw))
            polygon.append(SVGPoint(x: p.x + hw, y: p.y + hw))
            polygon.append(SVGPoint(x: p.x - hw, y: p.y + hw))
        case .round:
            polygon.append(SVGPoint(x: p.x + hw, y: p.y))
            appendArc(center: p, from: SVGPoint(x: hw, y: 0), sweep: 2 * Double.pi, &polygon)
        }
        emitOriented(&polygon, emit)
    }

    /// Appends the interior points of a circular arc around `center`, starting at `center + from` and
    /// turning by `sweep` radians (the end point itself is not appended).
    /// `from` has the pen's radius (half the stroke width), which `maxArcStep` was worked out for.
    private func appendArc(center: SVGPoint, from: SVGPoint, sweep: Double, _ polygon: inout [SVGPoint]) {
        let steps = Stroker.arcSteps(sweep: sweep.magnitude, maxStep: maxArcStep)
        if steps <= 1 { return }
        let step = sweep / Double(steps)
        let (s, c) = sineCosine(step)
        var v = from
        for _ in 1..<steps {
            v = SVGPoint(x: v.x * c - v.y * s, y: v.x * s + v.y * c)
            polygon.append(center + v)
        }
    }

    /// The largest angle a chord of a circle of radius `r` may span and stay within `tolerance` of it
    /// (a quarter turn when the tolerance is as large as the circle; 0 for no circle).
    static func maxArcStep(radius r: Double, tolerance: Double) -> Double {
        guard r > 0, r.isFinite else { return 0 }
        if tolerance >= r { return Double.pi / 2 }
        return 2 * arccosine(1 - tolerance / r)
    }

    /// Number of chords for an arc of `sweep` radians with chords of at most `maxStep` (1 to 1024).
    static func arcSteps(sweep: Double, maxStep: Double) -> Int {
        guard sweep > 0, sweep.isFinite, maxStep > 0 else { return 1 }
        let n = (sweep / maxStep).rounded(.up)
        return n < 1 ? 1 : (n > 1024 ? 1024 : Int(n))
    }

    private func emitOriented(_ polygon: inout [SVGPoint], _ emit: ([SVGPoint]) -> Void) {
        guard polygon.count >= 3 else { return }
        var area = 0.0
        var prev = polygon[polygon.count - 1]
        for p in polygon {
            area += prev.x * p.y - p.x * prev.y
            prev = p
        }
        if area < 0 { polygon.reverse() }
        if area != 0 { emit(polygon) }
    }
}
