/// A stroke no wider than one device pixel, drawn as resvg (tiny-skia) and Skia draw it: as a hairline, a
/// line one pixel across along the minor axis whose alpha is the stroke's width in pixels.
///
/// The geometry of such a stroke is a sliver narrower than a pixel. Its exact area, spread over the pixels
/// a diagonal crosses, is up to √2 times what a hairline of the same alpha leaves in each row or column
/// (measured: a 1 px circle outline at 24 px covers 1.79 px of a row near 40°, resvg's hairline 1.36 px).
/// Icons drawn with 1 px strokes at their own size (Tango-style themes at 16–24 px) look lighter and
/// crisper in resvg, Skia and Chrome than their exact area. svgicon draws them the same way:
/// - **When**: anti-aliased strokes whose width `w`, taken through the device transform as the vectors
///   (w, 0) and (0, w), measures at most 1 in both (lengths as max + min/2, as Skia measures them);
///   the alpha is the mean of the two (`coverage`).
/// - **What**: each segment of the flattened (and dashed) contour in device space, as a band 1 px across
///   along the segment's minor axis — ±0.5 in y for a segment mostly along x, ±0.5 in x otherwise — the
///   bands of a stroke filled together under nonzero (every band turns the same way, so an overlap counts
///   once). No joins. An open contour with square caps is lengthened by 0.5 px at each end, with round caps
///   by π/8 px (the area of half a unit-diameter disc); a lone point with either cap becomes a dot of that
///   length each way along x.
package enum Hairline {
    /// The hairline's alpha for a stroke of `width` under `transform`, or nil when the stroke is wider than
    /// a pixel in either direction (it is then stroked as an outline).
    package static func coverage(width: Double, transform t: SVGTransform) -> Double? {
        guard width > 0, width.isFinite else { return nil }
        let along = length(t.a * width, t.b * width), across = length(t.c * width, t.d * width)
        guard along <= 1, across <= 1 else { return nil }
        return (along + across) / 2
    }

    /// Skia's quick vector length: the larger component plus half the smaller (up to 12 % over the
    /// Euclidean length; the hairline rule is stated in it).
    static func length(_ x: Double, _ y: Double) -> Double {
        let p = abs(x), q = abs(y)
        return max(p, q) + min(p, q) / 2
    }

    /// Calls `ring` with the outline of `points`' hairline (device space; `closed`: the last point joins the
    /// first), the ends of an open contour lengthened for `cap`: one closed polygon per run of segments along
    /// the same axis in the same direction — their bands side by side, so the polygon is one offset of the
    /// run out and the other back, and no two of its edges cross — all turning the same way.
    package static func rings(_ points: [SVGPoint], closed: Bool, cap: LineCap, _ ring: ([SVGPoint]) -> Void) {
        guard let first = points.first else { return }
        let outset = cap == .square ? 0.5 : cap == .round ? Double.pi / 8 : 0
        var pts = points
        if points.count == 1 || (points.allSatisfy { $0 == first }) {
            guard outset > 0, !closed else { return }
            pts = [SVGPoint(x: first.x - outset, y: first.y), SVGPoint(x: first.x + outset, y: first.y)]
        } else if closed {
            if pts[pts.count - 1] != pts[0] { pts.append(pts[0]) }
        } else if outset > 0 {
            pts[0] = lengthened(pts[0], from: pts[1], by: outset)
            pts[pts.count - 1] = lengthened(pts[pts.count - 1], from: pts[pts.count - 2], by: outset)
        }
        var polygon: [SVGPoint] = []
        var i = 1
        while i < pts.count {
            guard let offset = offset(pts[i - 1], pts[i]) else { i += 1; continue }
            var end = i
            while end + 1 < pts.count, self.offset(pts[end], pts[end + 1]) == offset { end += 1 }
            polygon.removeAll(keepingCapacity: true)
            for k in (i - 1)...end { polygon.append(SVGPoint(x: pts[k].x - offset.x, y: pts[k].y - offset.y)) }
            for k in stride(from: end, through: i - 1, by: -1) {
                polygon.append(SVGPoint(x: pts[k].x + offset.x, y: pts[k].y + offset.y))
            }
            ring(polygon)
            i = end + 1
        }
    }

    /// `p` moved `by` further along the direction from `q` to `p` (unchanged when they coincide).
    static func lengthened(_ p: SVGPoint, from q: SVGPoint, by outset: Double) -> SVGPoint {
        let dx = p.x - q.x, dy = p.y - q.y, l = (dx * dx + dy * dy).squareRoot()
        guard l > 0, l.isFinite else { return p }
        return SVGPoint(x: p.x + dx / l * outset, y: p.y + dy / l * outset)
    }

    /// Half the band across the segment p → q: (0, ±0.5) for a segment mostly along x, (±0.5, 0) otherwise,
    /// its sign chosen so that the band p − o, q − o, q + o, p + o turns the same way whichever way the
    /// segment runs; nil for a segment of no length.
    static func offset(_ p: SVGPoint, _ q: SVGPoint) -> SVGPoint? {
        let dx = q.x - p.x, dy = q.y - p.y
        guard dx != 0 || dy != 0 else { return nil }
        let alongX = abs(dx) >= abs(dy)
        let half = (alongX ? dx < 0 : dy > 0) ? -0.5 : 0.5
        return alongX ? SVGPoint(x: 0, y: half) : SVGPoint(x: half, y: 0)
    }
}
