/// A path of straight and curved segments, stored as a verb list and a point list.
///
/// Guarantees: every subpath starts with `.move`; `.line` uses one point, `.quad` two, `.cubic` three,
/// `.move` one and `.close` none. Arcs are converted to cubic Béziers when they are added.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGPath: Hashable, Sendable {
    /// What one step of the path does; each takes the number of points listed on `SVGPath`.
    ///
    /// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
    public enum Verb: UInt8, Hashable, Sendable {
        case move, line, quad, cubic, close
    }

    /// The steps in order.
    public private(set) var verbs: [Verb] = []
    /// The steps' points in order: for a curve its control points, then its end point.
    public private(set) var points: [SVGPoint] = []

    /// Start point of the current subpath (where `close` returns to).
    private var subpathStart = SVGPoint.zero
    private var hasCurrentPoint = false

    /// An empty path.
    public init() {}

    /// True when nothing has been added (a path of moves only is not empty).
    public var isEmpty: Bool { verbs.isEmpty }

    /// Makes room for `verbs` verbs and `points` points in all, so that a parser that can estimate the
    /// size does not grow the arrays a step at a time.
    public mutating func reserveCapacity(verbs verbCount: Int, points pointCount: Int) {
        verbs.reserveCapacity(verbCount)
        points.reserveCapacity(pointCount)
    }

    /// The last point added (the "current point"), or nil before the first `move`.
    public var currentPoint: SVGPoint? {
        guard hasCurrentPoint else { return nil }
        if verbs.last == .close { return subpathStart }
        return points.last
    }

    /// Starts a new subpath at `p`. A move right after a move replaces it (the first one would draw nothing).
    public mutating func move(to p: SVGPoint) {
        if verbs.last == .move {
            // Two moves in a row: the first one draws nothing, keep only the newest.
            points[points.count - 1] = p
        } else {
            verbs.append(.move)
            points.append(p)
        }
        subpathStart = p
        hasCurrentPoint = true
    }

    /// A straight segment from the current point to `p`. With no current point a subpath starts at (0, 0);
    /// right after `close`, a new one starts where the closed one did (so do `quad` and `cubic`).
    public mutating func line(to p: SVGPoint) {
        ensureSubpath()
        verbs.append(.line)
        points.append(p)
    }

    /// A quadratic Bézier from the current point to `p` with control point `c`.
    public mutating func quad(to p: SVGPoint, control c: SVGPoint) {
        ensureSubpath()
        verbs.append(.quad)
        points.append(c)
        points.append(p)
    }

    /// A cubic Bézier from the current point to `p` with control points `c1` and `c2`.
    public mutating func cubic(to p: SVGPoint, control1 c1: SVGPoint, control2 c2: SVGPoint) {
        ensureSubpath()
        verbs.append(.cubic)
        points.append(c1)
        points.append(c2)
        points.append(p)
    }

    /// Closes the current subpath back to its start. Does nothing with no current point or right after a close.
    public mutating func close() {
        guard hasCurrentPoint, let last = verbs.last, last != .close else { return }
        verbs.append(.close)
    }

    /// After `close`, drawing continues from the subpath's start (SVG: "the current point is the
    /// initial point of the closed subpath"), which needs a new `move`.
    private mutating func ensureSubpath() {
        if !hasCurrentPoint {
            move(to: .zero)
        } else if verbs.last == .close {
            move(to: subpathStart)
        }
    }

    /// The path with every point mapped through `transform`.
    public func transformed(by transform: SVGTransform) -> SVGPath {
        var copy = self
        for i in copy.points.indices { copy.points[i] = transform.apply(copy.points[i]) }
        copy.subpathStart = transform.apply(subpathStart)
        return copy
    }

    /// Axis-aligned bounds of all points, control points included (nil for an empty path).
    public var controlBounds: (min: SVGPoint, max: SVGPoint)? {
        guard let first = points.first else { return nil }
        var lo = first, hi = first
        for p in points {
            lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
        }
        return (lo, hi)
    }
}

extension SVGPath {
    /// Walks the path segment by segment: `body` receives each verb with its start point and points.
    public func forEachSegment(_ body: (Segment) -> Void) {
        var pointIndex = 0
        var current = SVGPoint.zero
        var start = SVGPoint.zero
        for verb in verbs {
            switch verb {
            case .move:
                current = points[pointIndex]; start = current; pointIndex += 1
                body(.move(current))
            case .line:
                let p = points[pointIndex]; pointIndex += 1
                body(.line(current, p)); current = p
            case .quad:
                let c = points[pointIndex], p = points[pointIndex + 1]; pointIndex += 2
                body(.quad(current, c, p)); current = p
            case .cubic:
                let c1 = points[pointIndex], c2 = points[pointIndex + 1], p = points[pointIndex + 2]
                pointIndex += 3
                body(.cubic(current, c1, c2, p)); current = p
            case .close:
                body(.close(current, start)); current = start
            }
        }
    }

    /// One step of `forEachSegment` with its points, the start point first.
    ///
    /// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
    public enum Segment: Hashable, Sendable {
        case move(SVGPoint)
        case line(SVGPoint, SVGPoint)
        case quad(SVGPoint, SVGPoint, SVGPoint)
        case cubic(SVGPoint, SVGPoint, SVGPoint, SVGPoint)
        /// From the current point back to the subpath start.
        case close(SVGPoint, SVGPoint)
    }
}
