/// Builds the outline of a stroke as a set of polygons whose union is the stroked area.
///
/// Each segment becomes a quadrilateral, each outer corner a wedge (miter, bevel or round) and each open
/// end a cap. Neighbouring pieces share their boundary edges exactly instead of overlapping: on the inner
/// side of a corner both segments end at the point where their offset lines cross. With an area-summing
/// rasterizer this makes the coverage of the union exact, where overlapping pieces would be counted twice
/// at anti-aliased edges. (When a segment is too short for that, the pieces overlap and the inner corner
/// may be slightly too dark; a tiny area inside the stroke.)
///
/// Every polygon is emitted with the same orientation (positive shoelace area in the input coordinates),
/// so a nonzero fill of all of them is their union.
public struct Stroker {
    public var style: StrokeStyle
    /// Largest distance allowed between a round join/cap and its polygon, in the input coordinates.
    public var tolerance: Double

    public init(style: StrokeStyle, tolerance: Double) {
        self.style = style
        self.tolerance = tolerance
    }

    private var halfWidth: Double { style.width / 2 }

    /// Emits the polygons for one contour. `emit` receives a polygon (implicitly closed); the array is
    /// reused between calls.
    public func stroke(_ contour: FlatContour, _ emit: ([SVGPoint]) -> Void) {
        let hw = halfWidth
        guard hw > 0, hw.isFinite else { return }
        var polygon: [SVGPoint] = []
        polygon.reserveCapacity(16)
        let pts = contour.points
        let n = pts.count
        if n == 0 { return }
        if n == 1 {
            dot(at: pts[0], &polygon, emit)
            return
        }
        let closed = contour.isClosed
        let segmentCount = closed ? n : n - 1
        // Per segment: unit direction, length.
        var dirs = [SVGPoint](repeating: .zero, count: segmentCount)
        var lengths = [Double](repeating: 0, count: segmentCount)
        for i in 0..<segmentCount {
            let v = pts[(i + 1) % n] - pts[i]
            let len = v.length
            lengths[i] = len
            dirs[i] = len > 0 ? v * (1 / len) : SVGPoint(x: 1, y: 0)
        }
        // Per vertex: the inner-corner point shared by both segments (nil where none is used), and the
        // side (+1 = the +normal side) it lies on.
        var innerPoint = [SVGPoint?](repeating: nil, count: n)
        var innerSide = [Double](repeating: 0, count: n)
        let firstJoint = closed ? 0 : 1
        let lastJoint = closed ? n - 1 : n - 2
        if firstJoint <= lastJoint {
            for v in firstJoint...lastJoint {
                let a = (v - 1 + segmentCount) % segmentCount, b = v % segmentCount
                let d0 = dirs[a], d1 = dirs[b]
                let cross = d0.cross(d1), dotp = d0.dot(d1)
                if cross == 0 { continue }
                // Turn angle θ; the offset lines on the inner side cross hw·tan(θ/2) behind the vertex.
                let trim = hw * cross.magnitude / (1 + dotp)
                guard trim.isFinite, trim <= 0.5 * lengths[a], trim <= 0.5 * lengths[b] else { continue }
                let side: Double = cross > 0 ? 1 : -1
                let na = normal(d0) * (hw * side), nb = normal(d1) * (hw * side)
                let m = (na + nb) * (1 / (1 + dotp))
                innerPoint[v] = pts[v] + m
                innerSide[v] = side
            }
        }
        // Segment pieces.
        for i in 0..<segmentCount {
            let a = pts[i], b = pts[(i + 1) % n]
            let nrm = normal(dirs[i]) * hw
            var leftStart = a + nrm, rightStart = a - nrm
            var leftEnd = b + nrm, rightEnd = b - nrm
            if let p = innerPoint[i] {
                if innerSide[i] > 0 { leftStart = p } else { rightStart = p }
            }
            if let p = innerPoint[(i + 1) % n] {
                if innerSide[(i + 1) % n] > 0 { leftEnd = p } else { rightEnd = p }
            }
            polygon.removeAll(keepingCapacity: true)
            polygon.append(a)
            polygon.append(rightStart)
            polygon.append(rightEnd)
            polygon.append(b)
            polygon.append(leftEnd)
            polygon.append(leftStart)
            emitOriented(&polygon, emit)
        }
        // Joins.
        if firstJoint <= lastJoint {
            for v in firstJoint...lastJoint {
                let a = (v - 1 + segmentCount) % segmentCount, b = v % segmentCount
                let join: LineJoin = contour.isCorner[v] ? style.join : .round
                self.join(at: pts[v], incoming: dirs[a], outgoing: dirs[b], join: join, &polygon, emit)
            }
        }
        // Caps.
        if !closed {
            cap(at: pts[0], direction: -dirs[0], &polygon, emit)
            cap(at: pts[n - 1], direction: dirs[segmentCount - 1], &polygon, emit)
        }
    }

    /// +90° rotation of a direction (the "left" normal in SVG's y-down space is on the right on screen;
    /// only consistency matters here).
    private func normal(_ d: SVGPoint) -> SVGPoint { SVGPoint(x: -d.y, y: d.x) }

    private func join(at v: SVGPoint, incoming d0: SVGPoint, outgoing d1: SVGPoint, join: LineJoin,
                      _ polygon: inout [SVGPoint], _ emit: ([SVGPoint]) -> Void) {
        let hw = halfWidth
        let cross = d0.cross(d1), dotp = d0.dot(d1)
        if cross == 0 && dotp > 0 { return }  // straight on: the segment pieces already meet
        // The outer side is opposite the direction of the turn.
        let outer: Double = cross > 0 ? -1 : (cross < 0 ? 1 : -1)
        let na = normal(d0) * (hw * outer), nb = normal(d1) * (hw * outer)
        let from = v + na, to = v + nb
        polygon.removeAll(keepingCapacity: true)
        polygon.append(v)
        polygon.append(from)
        switch join {
        case .bevel:
            break
        case .miter:
            // Miter length / stroke width = 1 / cos(θ/2) = sqrt(2 / (1 + cos θ)).
            let denom = 1 + dotp
            if denom > 1e-12, (2 / denom).squareRoot() <= style.miterLimit {
                polygon.append(v + (na + nb) * (1 / denom))
            }
        case .round:
            let theta = arctangent2(cross, dotp)
            appendArc(center: v, from: na, sweep: theta, &polygon)
        }
        polygon.append(to)
        emitOriented(&polygon, emit)
    }

    private func cap(at p: SVGPoint, direction d: SVGPoint, _ polygon: inout [SVGPoint],
                     _ emit: ([SVGPoint]) -> Void) {
        let hw = halfWidth
        let nrm = normal(d) * hw
        polygon.removeAll(keepingCapacity: true)
        switch style.cap {
        case .butt:
            return
        case .square:
            let ext = d * hw
            polygon.append(p + nrm)
            polygon.append(p + nrm + ext)
            polygon.append(p - nrm + ext)
            polygon.append(p - nrm)
        case .round:
            polygon.append(p + nrm)
            // From +normal, half a turn through the direction `d` to −normal: the normal is `d` turned by
            // +90°, so turning back by −180° passes through `d`.
            appendArc(center: p, from: nrm, sweep: -Double.pi, &polygon)
            polygon.append(p - nrm)
        }
        emitOriented(&polygon, emit)
    }

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
    private func appendArc(center: SVGPoint, from: SVGPoint, sweep: Double, _ polygon: inout [SVGPoint]) {
        let r = from.length
        guard r > 0 else { return }
        let steps = Stroker.arcSteps(radius: r, sweep: sweep.magnitude, tolerance: tolerance)
        if steps <= 1 { return }
        let step = sweep / Double(steps)
        let (s, c) = (sine(step), cosine(step))
        var v = from
        for _ in 1..<steps {
            v = SVGPoint(x: v.x * c - v.y * s, y: v.x * s + v.y * c)
            polygon.append(center + v)
        }
    }

    /// Number of chords for an arc so that no chord strays more than `tolerance` from the circle.
    static func arcSteps(radius r: Double, sweep: Double, tolerance: Double) -> Int {
        guard sweep > 0, r > 0, sweep.isFinite, r.isFinite else { return 1 }
        if tolerance >= r { return max(1, Int((sweep / (Double.pi / 2)).rounded(.up))) }
        let maxStep = 2 * arccosine(1 - tolerance / r)
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
