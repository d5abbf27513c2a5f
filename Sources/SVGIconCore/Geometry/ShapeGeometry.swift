/// Paths for SVG's basic shapes, following the SVG 2 shape definitions (start points and directions match
/// the spec, which matters for dashes and markers).
package enum ShapeGeometry {
    /// κ for approximating a quarter circle with one cubic Bézier.
    static let kappa = 0.5522847498307936

    /// `rect`: rx/ry auto rules (one given → both), negative → auto, each clamped to half the side.
    /// A non-positive width or height gives an empty path (the element is not rendered).
    package static func rect(x: Double, y: Double, width: Double, height: Double,
                            rx: Double? = nil, ry: Double? = nil) -> SVGPath {
        var path = SVGPath()
        guard width > 0, height > 0, width.isFinite, height.isFinite, x.isFinite, y.isFinite else { return path }
        var rxv = rx.flatMap { $0 >= 0 ? $0 : nil }
        var ryv = ry.flatMap { $0 >= 0 ? $0 : nil }
        if rxv == nil { rxv = ryv }
        if ryv == nil { ryv = rxv }
        let rX = min(rxv ?? 0, width / 2), rY = min(ryv ?? 0, height / 2)
        // Each path is given its exact size up front (room for verbs and points, not grown step by step).
        if rX <= 0 || rY <= 0 {
            path.reserveCapacity(verbs: 5, points: 4)
            path.move(to: SVGPoint(x: x, y: y))
            path.line(to: SVGPoint(x: x + width, y: y))
            path.line(to: SVGPoint(x: x + width, y: y + height))
            path.line(to: SVGPoint(x: x, y: y + height))
            path.close()
            return path
        }
        let kx = rX * kappa, ky = rY * kappa
        let r = x + width, b = y + height
        path.reserveCapacity(verbs: 10, points: 17)
        path.move(to: SVGPoint(x: x + rX, y: y))
        path.line(to: SVGPoint(x: r - rX, y: y))
        path.cubic(to: SVGPoint(x: r, y: y + rY), control1: SVGPoint(x: r - rX + kx, y: y),
                   control2: SVGPoint(x: r, y: y + rY - ky))
        path.line(to: SVGPoint(x: r, y: b - rY))
        path.cubic(to: SVGPoint(x: r - rX, y: b), control1: SVGPoint(x: r, y: b - rY + ky),
                   control2: SVGPoint(x: r - rX + kx, y: b))
        path.line(to: SVGPoint(x: x + rX, y: b))
        path.cubic(to: SVGPoint(x: x, y: b - rY), control1: SVGPoint(x: x + rX - kx, y: b),
                   control2: SVGPoint(x: x, y: b - rY + ky))
        path.line(to: SVGPoint(x: x, y: y + rY))
        path.cubic(to: SVGPoint(x: x + rX, y: y), control1: SVGPoint(x: x, y: y + rY - ky),
                   control2: SVGPoint(x: x + rX - kx, y: y))
        path.close()
        return path
    }

    /// `circle` / `ellipse`: four cubic arcs starting at (cx + rx, cy), clockwise on screen.
    /// Non-positive radii give an empty path.
    package static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> SVGPath {
        var path = SVGPath()
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite, cx.isFinite, cy.isFinite else { return path }
        let kx = rx * kappa, ky = ry * kappa
        path.reserveCapacity(verbs: 6, points: 13)
        path.move(to: SVGPoint(x: cx + rx, y: cy))
        path.cubic(to: SVGPoint(x: cx, y: cy + ry), control1: SVGPoint(x: cx + rx, y: cy + ky),
                   control2: SVGPoint(x: cx + kx, y: cy + ry))
        path.cubic(to: SVGPoint(x: cx - rx, y: cy), control1: SVGPoint(x: cx - kx, y: cy + ry),
                   control2: SVGPoint(x: cx - rx, y: cy + ky))
        path.cubic(to: SVGPoint(x: cx, y: cy - ry), control1: SVGPoint(x: cx - rx, y: cy - ky),
                   control2: SVGPoint(x: cx - kx, y: cy - ry))
        path.cubic(to: SVGPoint(x: cx + rx, y: cy), control1: SVGPoint(x: cx + kx, y: cy - ry),
                   control2: SVGPoint(x: cx + rx, y: cy - ky))
        path.close()
        return path
    }

    /// `polyline` (open) or `polygon` (closed) from a flat list of coordinates; an odd trailing number is
    /// ignored, as SVG says.
    package static func poly(_ coordinates: [Double], closed: Bool) -> SVGPath {
        var path = SVGPath()
        let pairs = coordinates.count / 2
        guard pairs >= 1 else { return path }
        path.reserveCapacity(verbs: pairs + 1, points: pairs)
        for i in 0..<pairs {
            let p = SVGPoint(x: coordinates[2 * i], y: coordinates[2 * i + 1])
            if i == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        if closed { path.close() }
        return path
    }
}
