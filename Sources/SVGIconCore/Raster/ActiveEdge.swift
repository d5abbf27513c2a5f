/// An edge taking part in the band sweep: its line, and the stretch of it that currently lies on the
/// outline (emitted in one piece when that ends).
///
/// Invariant: `runSign` is 0 while the edge is off the outline, otherwise the sign its run deposits (+1:
/// the fill is to its right), and then `runStart` is the y where that run began.
struct ActiveEdge {
    var x0: Double, y0: Double, dxdy: Double, x1: Double, y1: Double
    var runStart: Double
    var runSign: Double
    var dir: Int32
    /// Its place in the shape's edge list (see `BandSweep.successor`).
    var index: Int32

    @inline(__always) func x(at y: Double) -> Double { x0 + (y - y0) * dxdy }

    init(_ e: CoverageRasterizer.Edge, index: Int, at y: Double, runSign: Double) {
        x0 = e.x0; y0 = e.y0; dxdy = e.dxdy; x1 = e.x1; y1 = e.y1
        runStart = y
        self.runSign = runSign
        dir = e.dir
        self.index = Int32(truncatingIfNeeded: index)
    }

    /// Left of `other` at `y`, the top of a band (ties: the one that goes left faster).
    @inline(__always) func isLeft(of other: ActiveEdge, at y: Double) -> Bool {
        let x = self.x(at: y), o = other.x(at: y)
        return x < o || (x == o && dxdy <= other.dxdy)
    }
}
