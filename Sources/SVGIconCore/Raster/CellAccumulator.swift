/// Receives the signed boundary segments of a shape: the band sweep's outline runs, or the linear
/// fallback's edges.
protocol SignedSegmentSink {
    /// Takes the segment from (x0, y0) to (x1, y1), y0 < y1, inside the canvas rows, whose right side
    /// gains `sign` (+1 or −1 for an outline run, the edge's direction for a winding deposit).
    mutating func deposit(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ sign: Double)
}

/// The cells that signed area is deposited into and summed out of — the accumulator half of font-rs's
/// raster.rs/accumulate.rs split.
///
/// Invariants:
/// - (width + 2) cells per row, `stride` apart: a segment at x = width still has a cell to its right.
/// - The cells hold the rows `window` of the canvas (all of them unless a banded render asks for fewer):
///   deposits into other rows are dropped, and cell row 0 is canvas row `window.lowerBound`.
/// - A cell holds a value only while its bit in `touched` is set. The first deposit into a cell since the
///   last sweep overwrites whatever was there, so the cells are never cleared as a whole (at 256 px they
///   are a quarter of a megabyte per render) and a sweep visits only the touched ones.
/// - Every touched cell lies in rows `minY...maxY`; no cell is touched when minY > maxY.
/// - The running sum of a row's cells from the left is the signed area left of each pixel's right side:
///   for an outline it is the coverage, for plain edges the winding number (fractional where an edge
///   passes through the pixel).
struct CoverageCells {
    let width: Int, height: Int
    let stride: Int
    let wordsPerRow: Int
    private var cells: [Float]
    private var touched: [UInt64]
    /// The canvas rows the cells hold.
    private(set) var window: Range<Int>
    /// Rows of cells allocated (≥ `window.count`).
    private var capacityRows: Int
    /// The cell rows (0 = `window.lowerBound`) that may hold touched cells (inclusive); empty when minY > maxY.
    private(set) var minY = Int.max, maxY = Int.min

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        self.stride = width + 2
        self.wordsPerRow = (stride + 63) / 64
        self.window = 0..<height
        self.capacityRows = height
        self.cells = []
        self.touched = []
        allocate(rows: height)
    }

    /// Cells for `rows` rows. Left uninitialized: a cell is written (see `CellAccumulator.startCells`)
    /// before it is ever read.
    private mutating func allocate(rows: Int) {
        let cellCount = stride * rows
        cells = [Float](unsafeUninitializedCapacity: cellCount) { _, initialized in initialized = cellCount }
        touched = [UInt64](repeating: 0, count: wordsPerRow * rows)
        capacityRows = rows
    }

    /// Makes the cells hold the canvas rows `rows` (cut to the canvas) from now on; nothing may be touched.
    /// `shrinking` lets go of cells beyond twice what `rows` needs (a banded render's small window).
    mutating func setWindow(_ rows: Range<Int>, shrinking: Bool = false) {
        precondition(minY > maxY, "the window moves only between shapes")
        let rows = rows.clamped(to: 0..<height)
        window = rows
        if rows.count > capacityRows || (shrinking && capacityRows > 2 * rows.count) { allocate(rows: rows.count) }
    }

    /// The value of cell `x` of canvas row `y` (inside `window`): 0 unless it was touched since the last sweep.
    func value(x: Int, y: Int) -> Float {
        let row = y - window.lowerBound
        return touched[row * wordsPerRow + (x >> 6)] & (1 << UInt64(x & 63)) == 0 ? 0 : cells[row * stride + x]
    }

    /// Runs `body` with the cells as a `CellAccumulator` (nothing when the canvas has no cells).
    @inline(__always)
    mutating func withAccumulator(_ body: (inout CellAccumulator) -> Void) {
        guard !cells.isEmpty, !touched.isEmpty else { return }
        guard !window.isEmpty else { return }
        let stride = self.stride, wordsPerRow = self.wordsPerRow, width = self.width, height = self.height
        let window = self.window
        var minY = self.minY, maxY = self.maxY
        cells.withUnsafeMutableBufferPointer { c in
            touched.withUnsafeMutableBufferPointer { t in
                var accumulator = CellAccumulator(cells: c.baseAddress!, touched: t.baseAddress!, stride: stride,
                                                  wordsPerRow: wordsPerRow, width: width, height: height,
                                                  firstRow: window.lowerBound, endRow: window.upperBound,
                                                  minY: minY, maxY: maxY)
                body(&accumulator)
                minY = accumulator.minY
                maxY = accumulator.maxY
            }
        }
        self.minY = minY
        self.maxY = maxY
    }

    // MARK: Prefix sum

    /// Sums every touched row from the left and hands the coverage to `body` as runs: (y, x0, x1,
    /// coverage) says pixels x0..<x1 of cell row y (canvas row `window.lowerBound + y`) are covered
    /// `coverage` (in 0…1, never 0). Only runs on the first `regionWidth` × `regionHeight` pixels of the
    /// canvas are handed out, but every touched cell is read and
    /// cleared, so the cells are ready for the next shape. `work` counts the words scanned and the pixels
    /// handed out.
    ///
    /// Between two touched cells the sum cannot change, so a large shape costs its outline, not its area.
    @inline(__always)
    mutating func sweepRuns(regionWidth: Int, regionHeight: Int, work: inout Int,
                            _ body: (_ y: Int, _ x0: Int, _ x1: Int, _ coverage: Float) -> Void) {
        guard minY <= maxY, width > 0 else { return }
        let lastRow = window.count - 1
        work += (min(lastRow, maxY) - max(0, minY) + 1) * wordsPerRow
        let stride = self.stride, width = self.width, wordsPerRow = self.wordsPerRow
        let regionRows = regionHeight - window.lowerBound
        let rows = max(0, minY)...min(lastRow, maxY)
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                for y in rows {
                    Self.sweepRow(y, cells: cells.baseAddress! + y * stride,
                                  touched: touched.baseAddress! + y * wordsPerRow, wordsPerRow: wordsPerRow,
                                  width: width, inRegion: y < regionRows, regionWidth: regionWidth,
                                  work: &work, body)
                }
            }
        }
        minY = .max; maxY = .min
    }

    /// One row of `sweepRuns`: `cells` and `touched` point at the row's first cell and word.
    @inline(__always)
    private static func sweepRow(_ y: Int, cells: UnsafeMutablePointer<Float>, touched: UnsafeMutablePointer<UInt64>,
                                 wordsPerRow: Int, width: Int, inRegion: Bool, regionWidth: Int, work: inout Int,
                                 _ body: (_ y: Int, _ x0: Int, _ x1: Int, _ coverage: Float) -> Void) {
        var sum: Float = 0
        // The run being built: it starts at `runStart` with coverage `runCoverage`.
        var runStart = 0
        var runCoverage: Float = 0
        for w in 0..<wordsPerRow {
            var bits = touched[w]
            if bits == 0 { continue }
            touched[w] = 0
            while bits != 0 {
                let x = w * 64 + bits.trailingZeroBitCount
                bits &= bits - 1
                sum += cells[x]
                guard x < width else { continue }
                // The outline deposits +1 inside and 0 outside; clamp away rounding.
                var coverage = min(1, max(0, sum))
                if coverage < 1e-6 { coverage = 0 }
                if coverage != runCoverage {
                    let end = min(x, regionWidth)
                    if runCoverage > 0 && inRegion && end > runStart {
                        work += end - runStart  // the pixels the caller paints
                        body(y, runStart, end, runCoverage)
                    }
                    runStart = x
                    runCoverage = coverage
                }
            }
        }
        // A shape running off the right edge keeps its final coverage to the end of the row.
        if runCoverage > 1.0 / 512 && inRegion && runStart < regionWidth {
            work += regionWidth - runStart
            body(y, runStart, regionWidth, runCoverage)
        }
    }

    // MARK: Winding to coverage

    /// Turns every touched row's running sum — a winding number, fractional at anti-aliased edges — into
    /// the fill rule's coverage (nonzero: min(1, |w|); evenodd: |w − 2·round(w/2)|), stored back as
    /// differences in the same touched cells, which `sweepRuns`' own running sum turns into exactly that
    /// coverage (between touched cells neither can change).
    mutating func windingToCoverage(rule: FillRule, work: inout Int) {
        var winding: Float = 0
        var previous: Float = 0
        forEachTouchedCell(clearing: false, work: &work) { cells, i, startsRow in
            if startsRow {
                winding = 0
                previous = 0
            }
            winding += cells[i]
            let coverage: Float
            switch rule {
            case .nonzero: coverage = min(1, abs(winding))
            case .evenodd: coverage = abs(winding - 2 * (winding / 2).rounded())
            }
            cells[i] = coverage - previous
            previous = coverage
        }
    }

    /// Forgets every deposit since the last sweep (clearing the touched bits is enough: a cell without its
    /// bit is overwritten by its next deposit).
    mutating func discard(work: inout Int) {
        forEachTouchedCell(clearing: true, work: &work) { _, _, _ in }
        minY = .max; maxY = .min
    }

    /// Calls `body` for every touched cell, row by row and left to right within a row, with the cells, the
    /// cell's index in them and whether it starts a row. `clearing` also clears the touched bits.
    private mutating func forEachTouchedCell(clearing: Bool, work: inout Int,
                                             _ body: (UnsafeMutableBufferPointer<Float>, Int, Bool) -> Void) {
        guard minY <= maxY, !window.isEmpty else { return }
        let stride = self.stride, wordsPerRow = self.wordsPerRow
        let lastRow = window.count - 1
        work += (min(lastRow, maxY) - max(0, minY) + 1) * wordsPerRow
        let rows = max(0, minY)...min(lastRow, maxY)
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                for y in rows {
                    var first = true
                    for w in 0..<wordsPerRow {
                        var bits = touched[y * wordsPerRow + w]
                        if clearing { touched[y * wordsPerRow + w] = 0 }
                        while bits != 0 {
                            body(cells, y * stride + w * 64 + bits.trailingZeroBitCount, first)
                            first = false
                            bits &= bits - 1
                        }
                    }
                }
            }
        }
    }
}

/// `CoverageCells` as raw memory, for the deposits of one sweep (no per-deposit access checks or
/// closures): per pixel row, a segment leaves the signed area to its right in the cell it passes through
/// and the next one. Only the canvas rows `firstRow..<endRow` have cells (`CoverageCells.window`); a
/// segment's pieces in other rows are dropped, and the pieces kept are exactly those a whole-canvas
/// deposit makes (each row's ends are worked out from the segment's own ends, not stepped row by row).
struct CellAccumulator: SignedSegmentSink {
    let cells: UnsafeMutablePointer<Float>
    let touched: UnsafeMutablePointer<UInt64>
    let stride: Int, wordsPerRow: Int, width: Int, height: Int
    /// The canvas rows that have cells: cell row 0 is canvas row `firstRow`.
    let firstRow: Int, endRow: Int
    /// The cell rows deposited into, widened by every deposit (see `CoverageCells.minY`).
    var minY: Int, maxY: Int

    /// Deposits a boundary segment (y0 < y1, inside the canvas rows) whose right side gains `sign`.
    /// Parts left of the canvas count as a vertical edge at x = 0; parts right of it affect no pixel.
    mutating func deposit(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ sign: Double) {
        let w = Double(width)
        let lo = min(x0, x1), hi = max(x0, x1)
        if lo >= w { return }
        if lo >= 0 && hi <= w {
            accumulate(x0, y0, x1, y1, sign)
            return
        }
        if hi <= 0 {
            accumulate(0, y0, 0, y1, sign)
            return
        }
        // Cut where the segment crosses x = 0 and x = width: at most three pieces.
        var ta = 0.0, tb = 1.0
        let t0 = (0 - x0) / (x1 - x0), t1 = (w - x0) / (x1 - x0)
        if t0 > 0 && t0 < 1 { if t1 > 0 && t1 < 1 { ta = min(t0, t1); tb = max(t0, t1) } else { ta = t0; tb = t0 } }
        else if t1 > 0 && t1 < 1 { ta = t1; tb = t1 }
        let cuts = (0.0, ta, tb, 1.0)
        for k in 0..<3 {
            let s = k == 0 ? cuts.0 : (k == 1 ? cuts.1 : cuts.2)
            let e = k == 0 ? cuts.1 : (k == 1 ? cuts.2 : cuts.3)
            if e <= s { continue }
            let ya = y0 + (y1 - y0) * s, yb = y0 + (y1 - y0) * e
            let xa = x0 + (x1 - x0) * s, xb = x0 + (x1 - x0) * e
            let mid = (xa + xb) / 2
            if mid >= w { continue }
            if mid <= 0 {
                accumulate(0, ya, 0, yb, sign)
            } else {
                accumulate(min(max(xa, 0), w), ya, min(max(xb, 0), w), yb, sign)
            }
        }
    }

    /// A segment already inside [0, width] × [0, height], with y0 < y1: cut at every row boundary, each
    /// row's piece deposited by `depositInRow`.
    mutating func accumulate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Double) {
        if y0 >= y1 { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        var row = Int(y0)  // y0 ≥ 0, so truncation is floor
        // The row holding y1 (excluded when y1 is a whole number): ⌈y1⌉ − 1, rounded up by hand (the
        // library's rounding is a call into libm).
        let whole = Int(y1)
        let lastRow = min(min(height, endRow) - 1, (Double(whole) < y1 ? whole + 1 : whole) - 1)
        var yTop = y0
        var xTop = x0
        if row < firstRow {
            // Starts above the window: from its top row on, as the rows above would have left it.
            guard firstRow <= lastRow else { return }
            row = firstRow
            yTop = Double(row)
            xTop = x0 + (yTop - y0) * dxdy
        }
        guard row <= lastRow else { return }  // below the window
        if row - firstRow < minY { minY = row - firstRow }
        if lastRow - firstRow > maxY { maxY = lastRow - firstRow }
        while yTop < y1 && row <= lastRow {
            let yBottom = min(Double(row + 1), y1)
            let xBottom = yBottom == y1 ? x1 : x0 + (yBottom - y0) * dxdy
            depositInRow(row - firstRow, xTop, xBottom, height: (yBottom - yTop) * dir)
            yTop = yBottom
            xTop = xBottom
            row += 1
        }
    }

    /// The piece of a segment inside one cell row, from x = `xTop` at its top to `xBottom` at its bottom,
    /// `height` tall (signed): the area it leaves to its right is split between the cell it passes
    /// through and the next one, by where it passes.
    @inline(__always)
    private func depositInRow(_ row: Int, _ xTop: Double, _ xBottom: Double, height d: Double) {
        let cellRow = cells + row * stride
        let xl = min(xTop, xBottom), xr = max(xTop, xBottom)
        let il = Int(xl)
        let ir = Int(xr)
        startCells(row: row, from: il, through: ir + 1)
        if il == ir || xr - xl < 1e-12 {
            let xm = (xTop + xBottom) * 0.5 - Double(il)
            cellRow[il] += Float(d * (1 - xm))
            cellRow[il + 1] += Float(d * xm)
        } else {
            // The segment crosses several cells of this row: split its height among them in proportion
            // to the horizontal distance covered in each.
            let dPerX = d / (xr - xl)
            var x = xl
            var c = il
            while c <= ir {
                let cx1 = min(Double(c + 1), xr)
                let span = cx1 - x
                if span > 0 {
                    let dc = dPerX * span
                    let xm = (x + cx1) * 0.5 - Double(c)
                    cellRow[c] += Float(dc * (1 - xm))
                    cellRow[c + 1] += Float(dc * xm)
                }
                x = cx1
                c += 1
            }
        }
    }

    /// Marks cells `first...last` of `row` touched; a cell's first deposit since the last sweep starts it
    /// from zero.
    @inline(__always)
    private func startCells(row: Int, from first: Int, through last: Int) {
        let cellRow = cells + row * stride
        let bits = touched + row * wordsPerRow
        var c = first
        while c <= last {
            let bit: UInt64 = 1 << UInt64(c & 63)
            if bits[c >> 6] & bit == 0 {
                bits[c >> 6] |= bit
                cellRow[c] = 0
            }
            c += 1
        }
    }
}
