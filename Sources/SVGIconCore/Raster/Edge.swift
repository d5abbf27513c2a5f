extension CoverageRasterizer {
    /// One straight edge of a shape, as the rasterizer keeps it.
    ///
    /// Invariants: 0 ≤ y0 < y1 ≤ the canvas height (clipped to the canvas rows); every coordinate finite;
    /// `dxdy` finite; `dir` is +1 when the edge went down as drawn, −1 when it went up (it is stored top to
    /// bottom either way).
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var dxdy: Double
        var dir: Int32

        @inline(__always) func x(at y: Double) -> Double { x0 + (y - y0) * dxdy }

        /// The edge from `p0` to `p1`, moved by −(`offsetX`, `offsetY`) and clipped to the rows 0..<`height`;
        /// nil when nothing of it is left there (horizontal, a NaN coordinate, too steep for a finite slope,
        /// or above or below the canvas). Coordinates beyond ±`coordinateLimit` (infinities included) are
        /// clamped to it.
        @inline(__always)
        init?(from p0: SVGPoint, to p1: SVGPoint, offsetX ox: Double, offsetY oy: Double, height h: Double) {
            // Hostile-input guards: clamping keeps every later product and Int conversion finite, and moves what
            // falls on the canvas by less than 1e-8 px; an edge too steep for a finite slope has no area.
            guard !(p0.x.isNaN || p0.y.isNaN || p1.x.isNaN || p1.y.isNaN) else { return nil }
            let limit = CoverageRasterizer.coordinateLimit
            var x0 = min(max(p0.x - ox, -limit), limit), y0 = min(max(p0.y - oy, -limit), limit)
            var x1 = min(max(p1.x - ox, -limit), limit), y1 = min(max(p1.y - oy, -limit), limit)
            // The slope is the same with the ends swapped (a − b is exactly −(b − a)): worked out once.
            let dxdy = (x1 - x0) / (y1 - y0)
            guard y0 != y1, dxdy.isFinite else { return nil }
            var dir: Int32 = 1
            if y0 > y1 {
                swap(&x0, &x1)
                swap(&y0, &y1)
                dir = -1
            }
            if y1 <= 0 || y0 >= h { return nil }
            if y0 < 0 {
                x0 += (0 - y0) * dxdy
                y0 = 0
            }
            if y1 > h {
                x1 = x0 + (h - y0) * dxdy
                y1 = h
            }
            if y0 >= y1 { return nil }
            self.init(x0: x0, y0: y0, x1: x1, y1: y1, dxdy: dxdy, dir: dir)
        }

        init(x0: Double, y0: Double, x1: Double, y1: Double, dxdy: Double, dir: Int32) {
            self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
            self.dxdy = dxdy
            self.dir = dir
        }
    }
}
