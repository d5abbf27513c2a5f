/// Exact-area anti-aliased coverage of polygons on a pixel grid.
///
/// Pixel (x, y) covers [x, x+1) × [y, y+1). Every edge deposits, in each pixel row it crosses, the signed
/// area it leaves to its right into the cell it passes through and the one after it; a running sum along
/// the row then gives each pixel's accumulated signed area (the winding-weighted coverage), which the fill
/// rule turns into a coverage in 0...1: nonzero → min(1, |a|), evenodd → |a − 2·round(a/2)|.
///
/// The result is the exact area of the shape inside each pixel wherever contours do not overlap each other
/// inside that pixel. Rows are independent, so edges above, below or left of the canvas are clipped exactly
/// (left of the canvas an edge still counts for every pixel to its right).
///
/// Only the bounding box of what was drawn is swept and cleared, so a small shape on a large canvas costs
/// what the shape covers.
public struct CoverageRasterizer {
    public private(set) var width: Int
    public private(set) var height: Int
    /// (width + 2) cells per row: an edge at x = width still has a cell to its right.
    private var cells: [Float]
    private var rowCoverage: [Float]
    private var stride: Int
    // Dirty bounds (inclusive cell indices); empty when minY > maxY.
    private var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.stride = self.width + 2
        self.cells = [Float](repeating: 0, count: self.stride * self.height)
        self.rowCoverage = [Float](repeating: 0, count: self.width)
    }

    /// True when nothing has been added since the last sweep.
    public var isEmpty: Bool { minY > maxY }

    /// Adds the edge from `p0` to `p1` (device pixels). Non-finite edges are ignored.
    public mutating func addLine(_ p0: SVGPoint, _ p1: SVGPoint) {
        var x0 = p0.x, y0 = p0.y, x1 = p1.x, y1 = p1.y
        guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        var dir: Double = 1
        if y0 > y1 {
            swap(&x0, &x1)
            swap(&y0, &y1)
            dir = -1
        }
        let h = Double(height), w = Double(width)
        if y1 <= 0 || y0 >= h { return }
        // Clip to the rows of the canvas.
        if y0 < 0 {
            x0 += (x1 - x0) * (0 - y0) / (y1 - y0)
            y0 = 0
        }
        if y1 > h {
            x1 = x0 + (x1 - x0) * (h - y0) / (y1 - y0)
            y1 = h
        }
        if y0 >= y1 { return }
        // Split at x = 0 and x = width. Left of the canvas the edge becomes vertical at x = 0;
        // right of it the edge only affects cells past the last pixel and is dropped.
        let lo = min(x0, x1), hi = max(x0, x1)
        if lo >= w { return }
        if lo >= 0 && hi <= w {
            addClipped(x0, y0, x1, y1, dir)
            return
        }
        // General case: cut at the crossings with x = 0 and x = w.
        var cuts: [Double] = [0, 1]
        if x0 != x1 {
            for bound in [0.0, w] {
                let t = (bound - x0) / (x1 - x0)
                if t > 0 && t < 1 { cuts.append(t) }
            }
        }
        cuts.sort()
        for k in 0..<(cuts.count - 1) {
            let ta = cuts[k], tb = cuts[k + 1]
            if tb <= ta { continue }
            let ya = y0 + (y1 - y0) * ta, yb = y0 + (y1 - y0) * tb
            let xa = x0 + (x1 - x0) * ta, xb = x0 + (x1 - x0) * tb
            let mid = (xa + xb) / 2
            if mid >= w { continue }
            if mid <= 0 {
                addClipped(0, ya, 0, yb, dir)
            } else {
                addClipped(min(max(xa, 0), w), ya, min(max(xb, 0), w), yb, dir)
            }
        }
    }

    /// An edge already inside [0, width] × [0, height], with y0 < y1.
    private mutating func addClipped(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Double) {
        if y0 >= y1 { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        var row = Int(y0)  // y0 ≥ 0, so truncation is floor
        let lastRow = min(height - 1, Int((y1).rounded(.up)) - 1)
        if row < minY { minY = row }
        if lastRow > maxY { maxY = lastRow }
        let xlo = Int(min(x0, x1)), xhi = min(width, Int(max(x0, x1)) + 1)
        if xlo < minX { minX = xlo }
        if xhi > maxX { maxX = xhi }
        var yTop = y0
        var xTop = x0
        cells.withUnsafeMutableBufferPointer { cells in
            while yTop < y1 && row <= lastRow {
                let yBottom = min(Double(row + 1), y1)
                let xBottom = yBottom == y1 ? x1 : x0 + (yBottom - y0) * dxdy
                let d = (yBottom - yTop) * dir
                let base = row * stride
                let xl = min(xTop, xBottom), xr = max(xTop, xBottom)
                let il = Int(xl)
                let ir = Int(xr)
                if il == ir || xr - xl < 1e-12 {
                    let xm = (xTop + xBottom) * 0.5 - Double(il)
                    cells[base + il] += Float(d * (1 - xm))
                    cells[base + il + 1] += Float(d * xm)
                } else {
                    // The edge crosses several cells of this row: split its height among them in
                    // proportion to the horizontal distance covered in each.
                    let dPerX = d / (xr - xl)
                    var x = xl
                    var c = il
                    while c <= ir {
                        let cx1 = min(Double(c + 1), xr)
                        let span = cx1 - x
                        if span > 0 {
                            let dc = dPerX * span
                            let xm = (x + cx1) * 0.5 - Double(c)
                            cells[base + c] += Float(dc * (1 - xm))
                            cells[base + c + 1] += Float(dc * xm)
                        }
                        x = cx1
                        c += 1
                    }
                }
                yTop = yBottom
                xTop = xBottom
                row += 1
            }
        }
    }

    /// Turns the accumulated areas into coverage row by row and hands each row's covered span to `body`
    /// as (y, x0, x1, coverage) where `coverage[x]` for x in x0..<x1 is in 0...1. Clears what it read,
    /// so the rasterizer is ready for the next shape.
    public mutating func sweep(rule: FillRule,
                               _ body: (_ y: Int, _ x0: Int, _ x1: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void) {
        guard minY <= maxY, width > 0 else { return }
        let x0 = max(0, minX)
        let xEnd = min(width, maxX + 1)  // cells past maxX hold nothing
        let evenOdd = rule == .evenodd
        let stride = self.stride
        let width = self.width
        cells.withUnsafeMutableBufferPointer { cells in
            rowCoverage.withUnsafeMutableBufferPointer { coverage in
                for y in max(0, minY)...min(height - 1, maxY) {
                    let base = y * stride
                    var acc: Float = 0
                    var anyCoverage = false
                    var x = x0
                    while x < xEnd {
                        acc += cells[base + x]
                        cells[base + x] = 0
                        let c = Self.coverage(acc, evenOdd: evenOdd)
                        coverage[x] = c
                        if c != 0 { anyCoverage = true }
                        x += 1
                    }
                    // Everything right of the last edge keeps the final winding.
                    cells[base + xEnd] = 0
                    if xEnd + 1 < stride { cells[base + xEnd + 1] = 0 }
                    var spanEnd = xEnd
                    let tail = Self.coverage(acc, evenOdd: evenOdd)
                    if tail > 1.0 / 512 {
                        while spanEnd < width {
                            coverage[spanEnd] = tail
                            spanEnd += 1
                        }
                        anyCoverage = true
                    }
                    if anyCoverage {
                        body(y, x0, spanEnd, UnsafeBufferPointer(coverage))
                    }
                }
            }
        }
        minX = .max; maxX = .min; minY = .max; maxY = .min
    }

    @inline(__always)
    private static func coverage(_ acc: Float, evenOdd: Bool) -> Float {
        if evenOdd {
            let a = acc.magnitude
            let r = a - 2 * (a * 0.5).rounded()
            return min(1, r.magnitude)
        }
        return min(1, acc.magnitude)
    }
}
