/// A subpath flattened to a polyline.
///
/// Guarantees: no two consecutive points are equal; `isCorner[i]` is true where point `i` is a segment
/// endpoint of the original path (where the stroke's line join applies) and false where it lies inside a
/// flattened curve (where the stroke must stay smooth).
package struct FlatContour: Hashable, Sendable {
    package var points: [SVGPoint] = []
    package var isCorner: [Bool] = []
    package var isClosed = false

    package init() {}

    package init(points: [SVGPoint], isCorner: [Bool]? = nil, isClosed: Bool) {
        self.points = points
        self.isCorner = isCorner ?? Array(repeating: true, count: points.count)
        self.isClosed = isClosed
    }

    /// Empties the contour, keeping its storage.
    mutating func clear() {
        points.removeAll(keepingCapacity: true)
        isCorner.removeAll(keepingCapacity: true)
        isClosed = false
    }

    mutating func append(_ p: SVGPoint, corner: Bool) {
        if let last = points.last, last == p {
            if corner { isCorner[isCorner.count - 1] = true }
            return
        }
        points.append(p)
        isCorner.append(corner)
    }
}

/// Turns curves into line segments whose distance from the true curve stays within a tolerance.
///
/// The number of segments per curve comes from Wang's formula (the bound on the second derivative), so it
/// depends only on the control polygon: n = ⌈√(k·M / tolerance)⌉ with M the largest second difference,
/// k = 1/4 for quadratics and 3/4 for cubics.
package enum PathFlattener {
    /// Upper bound on the segments one curve may become (keeps hostile coordinates cheap).
    package static let maxSegmentsPerCurve = 1024

    static func quadSegments(_ p0: SVGPoint, _ p1: SVGPoint, _ p2: SVGPoint, tolerance: Double) -> Int {
        let dd = (p0 - p1 * 2 + p2).length
        return segmentCount(dd * 0.25 / tolerance)
    }

    static func cubicSegments(_ p0: SVGPoint, _ p1: SVGPoint, _ p2: SVGPoint, _ p3: SVGPoint,
                              tolerance: Double) -> Int {
        let d1 = (p0 - p1 * 2 + p2).length
        let d2 = (p1 - p2 * 2 + p3).length
        return segmentCount(max(d1, d2) * 0.75 / tolerance)
    }

    private static func segmentCount(_ squared: Double) -> Int {
        guard squared.isFinite else { return 1 }
        let n = squared.squareRoot().rounded(.up)
        return n < 1 ? 1 : (n > Double(maxSegmentsPerCurve) ? maxSegmentsPerCurve : Int(n))
    }

    /// Calls `line` for every edge of the path mapped through `transform`, every subpath closed (as a fill
    /// needs). Curves are flattened after the transform, so `tolerance` is in output units. `straddle`
    /// (for rendering) moves the points inside a curve off it so that the polygon has the curve's area
    /// (`straddled`); without it every point lies on the curve (for bounding boxes).

    package static func forEachFillEdge(_ path: SVGPath, transform: SVGTransform, tolerance: Double,
                                       straddle: Bool = true, _ line: (SVGPoint, SVGPoint) -> Void) {
        var pointIndex = 0
        var current = SVGPoint.zero
        var start = SVGPoint.zero
        var inSubpath = false
        let points = path.points
        for verb in path.verbs {
            switch verb {
            case .move:
                if inSubpath, current != start { line(current, start) }
                current = transform.apply(points[pointIndex]); pointIndex += 1
                start = current
                inSubpath = true
            case .line:
                let p = transform.apply(points[pointIndex]); pointIndex += 1
                line(current, p)
                current = p
            case .quad:
                let c = transform.apply(points[pointIndex]), p = transform.apply(points[pointIndex + 1])
                pointIndex += 2
                flattenQuad(current, c, p, tolerance: tolerance, straddle: straddle) { line($0, $1) }
                current = p
            case .cubic:
                let c1 = transform.apply(points[pointIndex]), c2 = transform.apply(points[pointIndex + 1])
                let p = transform.apply(points[pointIndex + 2])
                pointIndex += 3
                flattenCubic(current, c1, c2, p, tolerance: tolerance, straddle: straddle) { line($0, $1) }
                current = p
            case .close:
                if current != start { line(current, start) }
                current = start
            }
        }
        if inSubpath, current != start { line(current, start) }
    }


    static func flattenQuad(_ p0: SVGPoint, _ p1: SVGPoint, _ p2: SVGPoint, tolerance: Double,
                            straddle: Bool = true, _ line: (SVGPoint, SVGPoint) -> Void) {
        let n = quadSegments(p0, p1, p2, tolerance: tolerance)
        emitChords(count: n, from: p0, to: p2, straddle: straddle, at: { quadPoint(p0, p1, p2, $0) }, line)
    }

    /// The `count` chords of a curve from `start` to `end` whose point at parameter t is `point(t)`, handed
    /// to `line` in order; with `straddle` the inner vertices are moved off the curve (`straddled`).
    @inline(__always)
    static func emitChords(count n: Int, from start: SVGPoint, to end: SVGPoint, straddle: Bool,
                           at point: (Double) -> SVGPoint, _ line: (SVGPoint, SVGPoint) -> Void) {
        if n == 1 {
            line(start, end)
            return
        }
        let step = 1.0 / Double(n)
        var emitted = start, before = start
        var current = point(step)
        for i in 1..<n {
            let next = i + 1 == n ? end : point(Double(i + 1) * step)
            let p = straddle ? straddled(before, current, next, index: i, count: n) : current
            line(emitted, p)
            emitted = p
            before = current
            current = next
        }
        line(emitted, end)
    }

    @inline(__always)
    static func quadPoint(_ p0: SVGPoint, _ p1: SVGPoint, _ p2: SVGPoint, _ t: Double) -> SVGPoint {
        let mt = 1 - t
        return SVGPoint(x: mt * mt * p0.x + 2 * mt * t * p1.x + t * t * p2.x,
                        y: mt * mt * p0.y + 2 * mt * t * p1.y + t * t * p2.y)
    }

    @inline(__always)
    static func cubicPoint(_ p0: SVGPoint, _ p1: SVGPoint, _ p2: SVGPoint, _ p3: SVGPoint,
                           _ t: Double) -> SVGPoint {
        let mt = 1 - t
        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
        return SVGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                        y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// Vertex `index` (1 ..< count) of a curve flattened into `count` chords, moved off the curve so that
    /// the chords straddle it: points on the curve make every chord cut inside its bulge, which loses
    /// (2/3)·chord·sagitta of area per chord — a filled circle r = 9 at 24 px came out 1.5 px² (−0.6 %)
    /// light. `before + after − 2·p` (the second difference, ≈ h²·B″) is 8 sagittas long and points into
    /// the bulge; moving `p` by −1/12 of it puts back half of each neighbouring chord's loss, so the
    /// polygon's area matches the curve's to O(h⁴). The curve's own ends stay put (they are the path's
    /// points), so the vertices next to them take the other half of the end chords' loss (another −1/24).
    /// A straight curve has its second difference along the line: its points stay on it.
    @inline(__always)
    static func straddled(_ before: SVGPoint, _ p: SVGPoint, _ after: SVGPoint, index: Int,
                          count: Int) -> SVGPoint {
        let d = before + after - p * 2
        var w = 1.0 / 12
        if index == 1 { w += 1.0 / 24 }
        if index == count - 1 { w += 1.0 / 24 }
        return p - d * w
    }

    static func flattenCubic(_ p0: SVGPoint, _ p1: SVGPoint, _ p2: SVGPoint, _ p3: SVGPoint,
                             tolerance: Double, straddle: Bool = true, _ line: (SVGPoint, SVGPoint) -> Void) {
        let n = cubicSegments(p0, p1, p2, p3, tolerance: tolerance)
        emitChords(count: n, from: p0, to: p3, straddle: straddle, at: { cubicPoint(p0, p1, p2, p3, $0) }, line)
    }

    /// Flattens every subpath into a polyline in the path's own coordinates (for stroking).
    /// A subpath that is a lone `move` is dropped; a zero-length one (`M p Z`, `M p L p`) stays as a single
    /// point so that round and square caps can draw a dot. `straddle` as for `forEachFillEdge`.
    package static func contours(of path: SVGPath, tolerance: Double, straddle: Bool = true) -> [FlatContour] {
        var result: [FlatContour] = []
        var scratch = FlatContour()
        forEachContour(of: path, tolerance: tolerance, straddle: straddle, reusing: &scratch) { result.append($0) }
        return result
    }

    /// The contours of `contours(of:tolerance:)`, handed to `body` one at a time in `contour`, whose
    /// storage is reused from one to the next (and from call to call): a stroke costs no allocation per
    /// subpath once the buffers have grown.
    static func forEachContour(of path: SVGPath, tolerance: Double, straddle: Bool = true,
                               reusing contour: inout FlatContour,
                               _ body: (FlatContour) -> Void) {
        contour.clear()
        var hasSegment = false
        var pointIndex = 0
        let points = path.points
        func finish() {
            if hasSegment, !contour.points.isEmpty { body(contour) }
            contour.clear()
            hasSegment = false
        }
        for verb in path.verbs {
            switch verb {
            case .move:
                finish()
                contour.append(points[pointIndex], corner: true)
                pointIndex += 1
            case .line:
                contour.append(points[pointIndex], corner: true)
                hasSegment = true
                pointIndex += 1
            case .quad:
                let p0 = contour.points.last ?? .zero
                let c = points[pointIndex], p = points[pointIndex + 1]
                pointIndex += 2
                flattenQuad(p0, c, p, tolerance: tolerance, straddle: straddle) { _, q in contour.append(q, corner: false) }
                contour.isCorner[contour.isCorner.count - 1] = true
                hasSegment = true
            case .cubic:
                let p0 = contour.points.last ?? .zero
                let c1 = points[pointIndex], c2 = points[pointIndex + 1], p = points[pointIndex + 2]
                pointIndex += 3
                flattenCubic(p0, c1, c2, p, tolerance: tolerance, straddle: straddle) { _, q in contour.append(q, corner: false) }
                contour.isCorner[contour.isCorner.count - 1] = true
                hasSegment = true
            case .close:
                // A closing point equal to the start folds into it.
                if contour.points.count > 1, contour.points.last == contour.points.first {
                    contour.points.removeLast()
                    contour.isCorner.removeLast()
                }
                contour.isClosed = true
                hasSegment = true
                // Drawing after a close continues from the start point: SVGPath inserts an explicit move.
                finish()
            }
        }
        finish()
    }
}
