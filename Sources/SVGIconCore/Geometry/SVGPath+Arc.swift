/// Elliptical arcs (SVG's `A` command) as cubic Béziers.
extension SVGPath {
    /// Adds an elliptical arc from the current point to `end`, as SVG's `A` command defines it
    /// (SVG 1.1 implementation notes F.6): radii are made positive, scaled up when too small to
    /// reach `end`, and a zero radius gives a straight line.
    public mutating func arc(to end: SVGPoint, radiusX: Double, radiusY: Double, xAxisRotation: Double,
                             largeArc: Bool, sweep: Bool) {
        guard let start = currentPoint else {
            move(to: end)
            return
        }
        if start == end { return }
        let rx = radiusX.magnitude, ry = radiusY.magnitude
        guard rx != 0, ry != 0, rx.isFinite, ry.isFinite,
              let arc = CenterArc(from: start, to: end, rx: rx, ry: ry, xAxisRotation: xAxisRotation,
                                  largeArc: largeArc, sweep: sweep) else {
            line(to: end)
            return
        }
        appendCubics(of: arc, endingAt: end)
    }

    /// An arc in centre parameterisation (SVG 1.1 F.6.5): centre, corrected radii, the rotation's sine and
    /// cosine, the start direction on the unit circle and the signed sweep angle.
    private struct CenterArc {
        var cx = 0.0, cy = 0.0, rx: Double, ry: Double
        var sinPhi = 0.0, cosPhi = 1.0
        /// The start direction's sine and cosine on the unit circle.
        var startSine = 0.0, startCosine = 1.0
        /// The signed angle swept, positive with the sweep flag set.
        var delta = 0.0

        /// Nil when the numbers do not make an arc (degenerate or non-finite): the caller draws a line.
        init?(from start: SVGPoint, to end: SVGPoint, rx: Double, ry: Double, xAxisRotation: Double,
              largeArc: Bool, sweep: Bool) {
            self.rx = rx
            self.ry = ry
            let phi = xAxisRotation * Double.pi / 180
            (sinPhi, cosPhi) = phi == 0 ? (0.0, 1.0) : sineCosine(phi)
            // Step 1: (x1', y1')
            let dx2 = (start.x - end.x) / 2, dy2 = (start.y - end.y) / 2
            let x1p = cosPhi * dx2 + sinPhi * dy2
            let y1p = -sinPhi * dx2 + cosPhi * dy2
            correctRadii(x1p: x1p, y1p: y1p)
            // Step 2: centre (cx', cy').
            let (cxp, cyp) = primedCenter(x1p: x1p, y1p: y1p, largeArc: largeArc, sweep: sweep)
            // Step 3: centre.
            cx = cosPhi * cxp - sinPhi * cyp + (start.x + end.x) / 2
            cy = sinPhi * cxp + cosPhi * cyp + (start.y + end.y) / 2
            // Step 4: angles. The start direction u and the end direction v are unit vectors (the radii
            // correction above puts both on the unit circle); the sweep is the angle from u to v, adjusted to
            // the sweep flag's direction.
            let ux = (x1p - cxp) / self.rx, uy = (y1p - cyp) / self.ry
            let vx = (-x1p - cxp) / self.rx, vy = (-y1p - cyp) / self.ry
            let length = (ux * ux + uy * uy).squareRoot()
            delta = arctangent2(ux * vy - uy * vx, ux * vx + uy * vy)
            if sweep && delta < 0 { delta += 2 * Double.pi }
            if !sweep && delta > 0 { delta -= 2 * Double.pi }
            guard delta.isFinite, cx.isFinite, cy.isFinite, length > 0, length.isFinite else { return nil }
            (startSine, startCosine) = (uy / length, ux / length)
        }

        /// Radii too small to reach the end point are scaled up until they just do (F.6.6).
        private mutating func correctRadii(x1p: Double, y1p: Double) {
            let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
            if lambda > 1 {
                let s = lambda.squareRoot()
                rx *= s
                ry *= s
            }
        }

        /// The centre in the rotated, midpoint-centred frame (F.6.5.2).
        private func primedCenter(x1p: Double, y1p: Double, largeArc: Bool, sweep: Bool) -> (Double, Double) {
            let rx2 = rx * rx, ry2 = ry * ry
            let num = rx2 * ry2 - rx2 * y1p * y1p - ry2 * x1p * x1p
            let den = rx2 * y1p * y1p + ry2 * x1p * x1p
            var coef = den == 0 ? 0 : max(0, num / den).squareRoot()
            if largeArc == sweep { coef = -coef }
            return (coef * (rx * y1p / ry), coef * -(ry * x1p / rx))
        }

        /// A point of the unit circle's frame scaled by the radii, rotated by phi and moved to the centre.
        func map(_ p: SVGPoint) -> SVGPoint {
            let x = p.x * rx, y = p.y * ry
            return SVGPoint(x: cosPhi * x - sinPhi * y + cx, y: sinPhi * x + cosPhi * y + cy)
        }
    }

    /// The arc split into pieces of at most 90°, each approximated with one cubic; the last ends exactly at
    /// `end`.
    private mutating func appendCubics(of arc: CenterArc, endingAt end: SVGPoint) {
        let pieces = max(1, min(8, Int((arc.delta.magnitude / (Double.pi / 2) - 1e-9).rounded(.up))))
        let step = arc.delta / Double(pieces)
        // Each piece starts where the last one ended, turned by one step: a rotation, not new sines.
        let (stepSine, stepCosine) = sineCosine(step)
        // The control arms are 4/3·tan(step/4) long; tan(step/4) from the step's own sine and cosine by the
        // half-angle formula twice (|step| ≤ π/2, so neither denominator comes near zero).
        let halfTangent = stepSine / (1 + stepCosine)
        let k = 4.0 / 3.0 * (halfTangent / (1 + (1 + halfTangent * halfTangent).squareRoot()))
        var (s1, c1) = (arc.startSine, arc.startCosine)
        for i in 0..<pieces {
            let (s0, c0) = (s1, c1)
            (s1, c1) = (s0 * stepCosine + c0 * stepSine, c0 * stepCosine - s0 * stepSine)
            // Unit-circle cubic for the piece, then scale by radii, rotate by phi, translate.
            let p1 = SVGPoint(x: c0 - k * s0, y: s0 + k * c0)
            let p2 = SVGPoint(x: c1 + k * s1, y: s1 - k * c1)
            let to = (i == pieces - 1) ? end : arc.map(SVGPoint(x: c1, y: s1))
            cubic(to: to, control1: arc.map(p1), control2: arc.map(p2))
        }
    }
}
