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
    /// needs). Curves are flattened after the transform, so `tolerance` is in output units.
    package static func forEachFillEdge(_ path: SVGPath, transform: SVGTransform, tolerance: Double,
                                       _ line: (SVGPoint, SVGPoint) -> Void) {
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
                flattenQuad(current, c, p, tolerance: tolerance) { line($0, $1) }
                current = p
            case .cubic:
                let c1 = transform.apply(points[pointIndex]), c2 = transform.apply(points[pointIndex + 1])
                let p = transform.apply(points[pointIndex + 2])
                pointIndex += 3
                flattenCubic(current, c1, c2, p, tolerance: tolerance) { line($0, $1) }
                current = p
            case .close:
                if current != start { line(current, start) }
                current = start
            }
        }
        if inSubpath, current != start { line(current, start) }
    }


    static func flattenQuad(_ p0: SVGPoint, _ p1: SVGPoint, _ p2: SVGPoint, tolerance: Double,
                            _ line: (SVGPoint, SVGPoint) -> Void) {
        let n = quadSegments(p0, p1, p2, tolerance: tolerance)
        var prev = p0
        if n > 1 {
            let step = 1.0 / Double(n)
            for i in 1..<n {
                let t = Double(i) * step, mt = 1 - t
                let p = SVGPoint(x: mt * mt * p0.x + 2 * mt * t * p1.x + t * t * p2.x,
                                 y: mt * mt * p0.y + 2 * mt * t * p1.y + t * t * p2.y)
                line(prev, p)
                prev = p
            }
        }
        line(prev, p2)
    }


    static func flattenCubic(_ p0: SVGPoint, _ p1: SVGPoint, _ p2: SVGPoint, _ p3: SVGPoint,
                             tolerance: Double, _ line: (SVGPoint, SVGPoint) -> Void) {
        let n = cubicSegments(p0, p1, p2, p3, tolerance: tolerance)
        var prev = p0
        if n > 1 {
            let step = 1.0 / Double(n)
            for i in 1..<n {
                let t = Double(i) * step, mt = 1 - t
                let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
                let p = SVGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                                 y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
                line(prev, p)
                prev = p
            }
        }
        line(prev, p3)
    }

    /// Flattens every subpath into a polyline in the path's own coordinates (for stroking).
    /// A subpath that is a lone `move` is dropped; a zero-length one (`M p Z`, `M p L p`) stays as a single
    /// point so that round and square caps can draw a dot.
    package static func contours(of path: SVGPath, tolerance: Double) -> [FlatContour] {
        var result: [FlatContour] = []
        var scratch = FlatContour()
        forEachContour(of: path, tolerance: tolerance, reusing: &scratch) { result.append($0) }
        return result
    }

    /// The contours of `contours(of:tolerance:)`, handed to `body` one at a time in `contour`, whose
    /// storage is reused from one to the next (and from call to call): a stroke costs no allocation per
    /// subpath once the buffers have grown.
    static func forEachContour(of path: SVGPath, tolerance: Double, reusing contour: inout FlatContour,
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
                flattenQuad(p0, c, p, tolerance: tolerance) { _, q in contour.append(q, corner: false) }
                contour.isCorner[contour.isCorner.count - 1] = true
                hasSegment = true
            case .cubic:
                let p0 = contour.points.last ?? .zero
                let c1 = points[pointIndex], c2 = points[pointIndex + 1], p = points[pointIndex + 2]
                pointIndex += 3
                flattenCubic(p0, c1, c2, p, tolerance: tolerance) { _, q in contour.append(q, corner: false) }
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
