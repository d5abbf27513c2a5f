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
            var m = (n0 + n1) * (side / (1 + dotp))
            if !corner {
                // Inside a flattened curve: two thirds of the way from the pen's circle to where the offset
                // lines meet (see `withinCurveOffset`). |m| = halfWidth / cos(turn / 2).
                let c = ((1 + dotp) * 0.5).squareRoot()
                m = m * Stroker.withinCurveOffset(cosHalfTurn: c)
            }
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
            appendJoin(join, at: p, na, nb, turn: (d0, d1), cross: cross, dot: dotp, withinCurve: !corner, &right)
        } else {
            appendJoin(join, at: p, na, nb, turn: (d0, d1), cross: cross, dot: dotp, withinCurve: !corner, &left)
        }
    }

    /// The outer side of a corner at `p`: from `p + na` round to `p + nb`, the corner turning from the unit
    /// direction `turn.0` to `turn.1`. `withinCurve`: `p` is a vertex of a flattened curve, not one of the
    /// path's corners.
    @inline(__always)
    private func appendJoin(_ join: LineJoin, at p: SVGPoint, _ na: SVGPoint, _ nb: SVGPoint, turn: (SVGPoint, SVGPoint),
                            cross: Double, dot dotp: Double, withinCurve: Bool, _ side: inout [SVGPoint]) {
        if withinCurve && dotp > singleChordCosine {
            // The small turn between two segments of a flattened curve (always joined round), small enough
            // for one chord of the pen's circle: one point on the bisector (half the points of that chord's
            // two ends), two thirds of the way out from the pen's circle to where the offset lines meet.
            // Why there: the centre line's points straddle the curve (`PathFlattener.straddled`), so the
            // polygon through them has the curve's area, and an offset curve is the same kind of curve: a
            // circle of radius ρ flattened into chords turning by θ has the area of its polygon when the
            // vertices lie at ρ·(1 + θ²/12). The centre line's vertices are there; the offset sides' should
            // be at (ρ ± w/2)(1 + θ²/12), i.e. w/2·(1 + θ²/12) from the centre line's — and 1/cos(θ/2) ≈
            // 1 + θ²/8, so that is 2/3 of the way to the meeting point, on both sides. (It had been 70 %
            // on the outer side and the meeting point on the inner one, with the centre line's points on
            // the curve: strokes came out light. The path's own corners keep their joins.)
            let bisector = na + nb
            let c = bisector.length / (2 * halfWidth)  // cos(turn / 2)
            side.append(p + bisector * (Stroker.withinCurveOffset(cosHalfTurn: c) / (2 * c * c)))
            return
        }
        side.append(p + na)
        switch join {
        case .bevel:
            break
        case .miter, .miterClip:
            // Miter length / stroke width = 1 / cos(θ/2) = sqrt(2 / (1 + cos θ)). Past the limit a miter
            // falls back to the bevel, a miter-clip is cut at the limit.
            let denom = 1 + dotp
            if denom > 1e-12, (2 / denom).squareRoot() <= style.miterLimit {
                side.append(p + (na + nb) * (1 / denom))
            } else if join == .miterClip {
                appendClippedMiter(at: p, na, nb, turn: turn, &side)
            }
        case .round:
            // The arc, for a turn larger than one chord within the tolerance.
            if dotp <= singleChordCosine {
                appendArc(center: p, from: na, sweep: arctangent2(cross, dotp), &side)
            } else {
                // A turn the tolerance allows in one chord: one point on the bisector, at the radius
                // R·h / sin h (h half the turn) that gives the two chords the area of the arc.
                let bisector = na + nb
                let c = bisector.length / (2 * halfWidth)  // cos(h)
                let h = arctangent2(cross, dotp).magnitude / 2
                if c > 0, h > 1e-4 { side.append(p + bisector * (h / sine(h) / (2 * c))) }
            }
        }
        side.append(p + nb)
    }

    /// A miter past the limit, cut (SVG 2 `miter-clip`) by the line perpendicular to the corner's outward
    /// bisector at `miterLimit × halfWidth` from `p`: the two outer edges, `p + na` on along the incoming
    /// direction and `p + nb` back along the outgoing one, as far as that line. The bisector is
    /// `turn.0 − turn.1` (which also holds at a U-turn, where the miter has no tip).
    private func appendClippedMiter(at p: SVGPoint, _ na: SVGPoint, _ nb: SVGPoint, turn: (SVGPoint, SVGPoint),
                                    _ side: inout [SVGPoint]) {
        let bisector = turn.0 - turn.1
        let length = bisector.length
        guard length > 1e-12 else { return }
        let u = bisector * (1 / length)
        // The edge from p + na runs along turn.0, which makes the angle sin(θ/2) = |bisector| / 2 with u.
        let along = (style.miterLimit * halfWidth - na.dot(u)) / (length / 2)
        guard along.isFinite, along > 0 else { return }
        side.append(p + na + turn.0 * along)
        side.append(p + nb - turn.1 * along)
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
    /// The ends are on the circle; the points between them lie a little outside it, at the radius that
    /// gives the polygon the arc's area (`arcRadiusFactor`): on the circle, every chord cut off
    /// R²(φ − sin φ)/2, 0.1 px² per round cap of a 2 px stroke at 24 px.
    private func appendArc(center: SVGPoint, from: SVGPoint, sweep: Double, _ polygon: inout [SVGPoint]) {
        let steps = Stroker.arcSteps(sweep: sweep.magnitude, maxStep: maxArcStep)
        if steps <= 1 { return }
        let step = sweep / Double(steps)
        let (s, c) = sineCosine(step)
        var v = from
        let k = Stroker.arcRadiusFactor(steps: steps, step: step.magnitude, sinStep: s.magnitude)
        for _ in 1..<steps {
            v = SVGPoint(x: v.x * c - v.y * s, y: v.x * s + v.y * c)
            polygon.append(center + v * k)
        }
    }

    /// For an arc of radius R split into `steps` ≥ 2 chords of `step` radians, ends on the circle: the
    /// radius (in units of R) of the points between them for which the fan of triangles from the centre
    /// has the sector's area, ½R²·steps·step. With n steps and ρ that radius, the fan is
    /// ½R²[2ρ sin φ + (n − 2)ρ² sin φ]: a quadratic in ρ, solved here (ρ = φ / sin φ for n = 2,
    /// → √(φ / sin φ) for large n).
    static func arcRadiusFactor(steps: Int, step phi: Double, sinStep sp: Double) -> Double {
        guard steps >= 2, sp > 0 else { return 1 }
        if steps == 2 { return phi / sp }
        let m = Double(steps - 2)
        return (-sp + (sp * sp + m * Double(steps) * phi * sp).squareRoot()) / (m * sp)
    }

    /// The offset of a point of a stroke's side inside a flattened curve, in units of the distance to
    /// where the two offset lines meet (halfWidth / cos(turn/2)): two thirds of the way out from the
    /// pen's circle to that point (see `appendJoin`).
    @inline(__always)
    static func withinCurveOffset(cosHalfTurn c: Double) -> Double { c / 3 + 2.0 / 3 }

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
