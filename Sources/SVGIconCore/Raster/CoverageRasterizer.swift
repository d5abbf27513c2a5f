/// Exact-area anti-aliased coverage of polygons on a pixel grid, with exact nonzero and evenodd rules
/// even where contours overlap.
///
/// Pixel (x, y) covers [x, x+1) × [y, y+1). Edges are collected first. At `sweep`, the plane is cut into
/// horizontal bands at every edge end point (and wherever two edges cross), so that inside a band the
/// left-to-right order of the edges is fixed and the winding number between neighbours is constant. In
/// each band only the edges where the fill rule's inside/outside actually changes are kept — the outline
/// of the filled region — and each of those deposits, per pixel row, the exact signed area it leaves to
/// its right into the cell it passes through and the next one. A running sum along every row then gives
/// each pixel's covered area.
///
/// So coverage is the exact area of the filled region inside each pixel: overlapping contours (a stroke
/// drawn twice, crossing strokes, the pieces of a stroke outline) are not counted twice at anti-aliased
/// edges, as a plain signed-area accumulator (sum, then clamp) would.
///
/// Only the bounding box of what was drawn is swept and cleared, so a small shape on a large canvas costs
/// what the shape covers.
public struct CoverageRasterizer {
    public private(set) var width: Int
    public private(set) var height: Int
    /// (width + 2) cells per row: an edge at x = width still has a cell to its right.
    private var cells: [Float]
    /// One bit per cell: which cells received area since the last sweep, so the sweep visits only those
    /// and treats the runs between them as constant coverage.
    private var touched: [UInt64]
    private let wordsPerRow: Int
    private let stride: Int
    // Dirty bounds (inclusive cell indices); empty when minY > maxY.
    private var minY = Int.max, maxY = Int.min

    /// An edge with y0 < y1, clipped to the canvas rows; `dir` is +1 when it went down, −1 when up.
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var dxdy: Double
        var dir: Int32

        @inline(__always) func x(at y: Double) -> Double { x0 + (y - y0) * dxdy }
    }

    private var edges: [Edge] = []
    // Scratch for the band sweep, kept between shapes to avoid allocation.
    private var active: [Int] = []
    private var bandTop: [Double] = []
    private var bandBottom: [Double] = []
    private var eventYs: [Double] = []
    private var slots: [Int32] = []
    private var removedEdges: [Bool] = []

    /// Bands are not split further at edge crossings below this height (pixels).
    static let minimumBandHeight = 1.0 / 1024

    /// Largest coordinate magnitude kept as is (2⁴⁰ px); anything beyond is clamped to it.
    public static let coordinateLimit = 1_099_511_627_776.0
    /// Band work (the number of edges active in each band, summed over the bands, plus the moves that keep
    /// them sorted) above which a shape's coverage is accumulated in one linear pass instead of the exact
    /// band sweep. See `depositEdgesAsWinding`.
    public static let maxBandWork = 1 << 21
    /// Edges one shape may keep for the band sweep (48 MiB); a shape with more is accumulated in one linear
    /// pass as its edges arrive, without keeping them.
    public static let maxEdges = 1 << 20
    /// Work done since creation: `addLine` calls, rows deposited, band-sweep steps and cells swept. What a
    /// render's budget counts.
    public private(set) var work = 0
    /// Past this much `work`, `addLine` ignores further edges (the caller is expected to stop drawing).
    public var workLimit = Int.max
    /// Band work of the shape being swept.
    private var bandWork = 0
    /// The current shape is being accumulated as a winding number (edges deposited as they arrive).
    private var windingOnly = false

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.stride = self.width + 2
        self.cells = [Float](repeating: 0, count: self.stride * self.height)
        self.wordsPerRow = (self.stride + 63) / 64
        self.touched = [UInt64](repeating: 0, count: self.wordsPerRow * self.height)
    }

    /// True when nothing has been added since the last sweep.
    public var isEmpty: Bool { edges.isEmpty && !windingOnly }

    /// Adds the edge from `p0` to `p1` (device pixels). Horizontal edges and edges with a NaN coordinate
    /// are ignored; coordinates beyond ±`coordinateLimit` (infinities included) are clamped to it.
    public mutating func addLine(_ p0: SVGPoint, _ p1: SVGPoint) {
        // Hostile-input guards: clamping keeps every later product and Int conversion finite, and moves what
        // falls on the canvas by less than 1e-8 px; an edge too steep for a finite slope has no area.
        guard work <= workLimit else { return }
        work += 1
        guard !(p0.x.isNaN || p0.y.isNaN || p1.x.isNaN || p1.y.isNaN) else { return }
        let limit = Self.coordinateLimit
        var x0 = min(max(p0.x, -limit), limit), y0 = min(max(p0.y, -limit), limit)
        var x1 = min(max(p1.x, -limit), limit), y1 = min(max(p1.y, -limit), limit)
        guard y0 != y1, ((x1 - x0) / (y1 - y0)).isFinite else { return }
        var dir: Int32 = 1
        if y0 > y1 {
            swap(&x0, &x1)
            swap(&y0, &y1)
            dir = -1
        }
        let h = Double(height)
        if y1 <= 0 || y0 >= h { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        if y0 < 0 {
            x0 += (0 - y0) * dxdy
            y0 = 0
        }
        if y1 > h {
            x1 = x0 + (h - y0) * dxdy
            y1 = h
        }
        if y0 >= y1 { return }
        work += 4 * Int(y1 - y0) + 8  // the rows it is deposited into, and its place in the sweep
        if windingOnly {
            deposit(x0, y0, x1, y1, Double(dir))
            return
        }
        edges.append(Edge(x0: x0, y0: y0, x1: x1, y1: y1, dxdy: dxdy, dir: dir))
        if edges.count >= Self.maxEdges { depositEdgesAsWinding() }
    }

    // MARK: Band sweep

    /// Removes pairs of edges that coincide exactly with opposite directions — the shared sides of pieces
    /// that abut, like the segments and joins of a stroke outline. They cancel in every winding number, so
    /// dropping them changes no coverage, and the sweep has far fewer edges and events to go through.
    private mutating func cancelSharedEdges() {
        let n = edges.count
        guard n > 1 else { return }
        // Open addressing: each slot holds an edge index waiting for its opposite twin (−1 empty,
        // −2 a slot whose edge was cancelled).
        var capacity = 16
        while capacity < n * 2 { capacity <<= 1 }
        if slots.count < capacity {
            slots = [Int32](repeating: -1, count: capacity)
        } else {
            for i in 0..<capacity { slots[i] = -1 }
        }
        if removedEdges.count < n { removedEdges = [Bool](repeating: false, count: n) }
        let mask = capacity - 1
        edges.withUnsafeBufferPointer { edges in
            slots.withUnsafeMutableBufferPointer { slots in
                removedEdges.withUnsafeMutableBufferPointer { removed in
                    for i in 0..<n { removed[i] = false }
                    for i in 0..<n {
                        let e = edges[i]
                        var h = e.x0.bitPattern &* 0x9E37_79B9_7F4A_7C15
                        h ^= e.y0.bitPattern &* 0xC2B2_AE3D_27D4_EB4F
                        h ^= e.x1.bitPattern &* 0x1656_67B1_9E37_79F9
                        h ^= e.y1.bitPattern &* 0x27D4_EB2F_1656_67C5
                        var slot = Int(truncatingIfNeeded: h ^ (h >> 29)) & mask
                        var freeSlot = -1
                        while true {
                            let occupant = Int(slots[slot])
                            if occupant == -1 {
                                slots[freeSlot >= 0 ? freeSlot : slot] = Int32(i)
                                break
                            }
                            if occupant == -2 {
                                if freeSlot < 0 { freeSlot = slot }
                            } else {
                                let o = edges[occupant]
                                if o.dir == -e.dir && o.x0 == e.x0 && o.y0 == e.y0 && o.x1 == e.x1 && o.y1 == e.y1 {
                                    removed[occupant] = true
                                    removed[i] = true
                                    slots[slot] = -2
                                    break
                                }
                            }
                            slot = (slot + 1) & mask
                        }
                    }
                }
            }
        }
        var w = 0
        for i in 0..<n where !removedEdges[i] {
            edges[w] = edges[i]
            w += 1
        }
        edges.removeLast(n - w)
    }

    /// Finds the outline of the filled region band by band and deposits it into the cells.
    private mutating func depositOutline(rule: FillRule) {
        if windingOnly { return windingToCoverage(rule: rule) }
        guard !edges.isEmpty else { return }
        edges.sort { $0.y0 < $1.y0 }
        eventYs.removeAll(keepingCapacity: true)
        for e in edges {
            eventYs.append(e.y0)
            eventYs.append(e.y1)
        }
        eventYs.sort()
        // Hostile-input guard: too much band work for the edges (many edges sharing rows) is done the
        // bounded way instead.
        if estimatedBandWork() > Self.maxBandWork {
            work += eventYs.count
            depositEdgesAsWinding()
            return windingToCoverage(rule: rule)
        }
        bandWork = 0
        active.removeAll(keepingCapacity: true)
        var next = 0
        var previousY = -Double.infinity
        for k in 0..<eventYs.count {
            let ya = eventYs[k]
            if ya == previousY { continue }
            previousY = ya
            // Drop edges that ended, add those that start here.
            var w = 0
            for i in 0..<active.count where edges[active[i]].y1 > ya {
                active[w] = active[i]
                w += 1
            }
            active.removeLast(active.count - w)
            while next < edges.count, edges[next].y0 <= ya {
                if edges[next].y1 > ya { active.append(next) }
                next += 1
            }
            // The band runs to the next distinct event.
            var k2 = k + 1
            while k2 < eventYs.count, eventYs[k2] == ya { k2 += 1 }
            guard k2 < eventYs.count, !active.isEmpty else { continue }
            band(from: ya, to: eventYs[k2], rule: rule, depth: 0)
            if bandWork > Self.maxBandWork {  // crossings split the bands more than estimated
                discardDeposits()
                depositEdgesAsWinding()
                return windingToCoverage(rule: rule)
            }
        }
        work += 16 * bandWork  // a band step costs about sixteen swept cells
        bandWork = 0
        edges.removeAll(keepingCapacity: true)
    }

    /// One band in which no edge starts or ends. Splits it where two edges cross, then deposits the
    /// edges at which inside/outside changes.
    private mutating func band(from ya: Double, to yb: Double, rule: FillRule, depth: Int) {
        // x of every active edge at the top and bottom of the band; order by top, then bottom.
        let n = active.count
        bandWork += n
        bandTop.removeAll(keepingCapacity: true)
        bandBottom.removeAll(keepingCapacity: true)
        // Insertion sort of the (nearly sorted) active list by x at the top of the band.
        for i in 0..<n {
            let e = edges[active[i]]
            bandTop.append(e.x(at: ya))
            bandBottom.append(e.x(at: yb))
        }
        var i = 1
        while i < n {
            let index = active[i], top = bandTop[i], bottom = bandBottom[i]
            var j = i - 1
            while j >= 0, bandTop[j] > top || (bandTop[j] == top && bandBottom[j] > bottom) {
                active[j + 1] = active[j]
                bandTop[j + 1] = bandTop[j]
                bandBottom[j + 1] = bandBottom[j]
                j -= 1
            }
            active[j + 1] = index
            bandTop[j + 1] = top
            bandBottom[j + 1] = bottom
            bandWork += i - j - 1
            i += 1
        }
        // Crossing inside the band: split at the first crossing of neighbours and do both halves.
        if yb - ya > Self.minimumBandHeight && depth < 64 {
            var split = yb
            for i in 0..<(n - 1) where bandBottom[i] > bandBottom[i + 1] {
                let gapTop = bandTop[i + 1] - bandTop[i]  // ≥ 0
                let gapBottom = bandBottom[i + 1] - bandBottom[i]  // < 0
                let t = gapTop / (gapTop - gapBottom)
                let y = ya + (yb - ya) * t
                if y < split { split = y }
            }
            if split < yb {
                let y = max(split, ya + Self.minimumBandHeight / 2)
                if y < yb {
                    band(from: ya, to: y, rule: rule, depth: depth + 1)
                    band(from: y, to: yb, rule: rule, depth: depth + 1)
                    return
                }
            }
        }
        // Walk left to right; deposit the edges where the rule's inside changes.
        var winding: Int32 = 0
        for i in 0..<n {
            let e = edges[active[i]]
            let before = winding
            winding &+= e.dir
            let insideBefore = rule == .nonzero ? before != 0 : (before & 1) != 0
            let insideAfter = rule == .nonzero ? winding != 0 : (winding & 1) != 0
            if insideBefore != insideAfter {
                bandWork += Int(min((bandBottom[i] - bandTop[i]).magnitude, Double(width)))  // cells it crosses
                deposit(bandTop[i], ya, bandBottom[i], yb, insideAfter ? 1 : -1)
            }
        }
    }

    // MARK: Area deposit

    /// Deposits a boundary segment (ya < yb, inside the canvas rows) whose right side gains `sign`.
    /// Parts left of the canvas count as a vertical edge at x = 0; parts right of it affect no pixel.
    private mutating func deposit(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ sign: Double) {
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
        // Cut where the segment crosses x = 0 and x = width.
        var cuts: (Double, Double, Double, Double) = (0, 1, 1, 1)
        var count = 1
        for bound in [0.0, w] {
            let t = (bound - x0) / (x1 - x0)
            if t > 0 && t < 1 {
                if count == 1 { cuts.1 = t } else { cuts.2 = t }
                count += 1
            }
        }
        var ts = [0.0, cuts.1]
        if count == 3 { ts.append(cuts.2) }
        ts.append(1)
        ts.sort()
        for k in 0..<(ts.count - 1) {
            let ta = ts[k], tb = ts[k + 1]
            if tb <= ta { continue }
            let ya = y0 + (y1 - y0) * ta, yb = y0 + (y1 - y0) * tb
            let xa = x0 + (x1 - x0) * ta, xb = x0 + (x1 - x0) * tb
            let mid = (xa + xb) / 2
            if mid >= w { continue }
            if mid <= 0 {
                accumulate(0, ya, 0, yb, sign)
            } else {
                accumulate(min(max(xa, 0), w), ya, min(max(xb, 0), w), yb, sign)
            }
        }
    }

    /// A segment already inside [0, width] × [0, height], with y0 < y1: per row, the area it leaves to its
    /// right goes into the cell it passes through and the next one (split among cells it crosses).
    private mutating func accumulate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Double) {
        if y0 >= y1 { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        var row = Int(y0)  // y0 ≥ 0, so truncation is floor
        let lastRow = min(height - 1, Int(y1.rounded(.up)) - 1)
        if row < minY { minY = row }
        if lastRow > maxY { maxY = lastRow }
        var yTop = y0
        var xTop = x0
        let stride = self.stride
        let wordsPerRow = self.wordsPerRow
        cells.withUnsafeMutableBufferPointer { cells in
          touched.withUnsafeMutableBufferPointer { touched in
            while yTop < y1 && row <= lastRow {
                let yBottom = min(Double(row + 1), y1)
                let xBottom = yBottom == y1 ? x1 : x0 + (yBottom - y0) * dxdy
                let d = (yBottom - yTop) * dir
                let base = row * stride
                let xl = min(xTop, xBottom), xr = max(xTop, xBottom)
                let il = Int(xl)
                let ir = Int(xr)
                let wordBase = row * wordsPerRow
                var c = il
                while c <= ir + 1 {
                    touched[wordBase + (c >> 6)] |= 1 << UInt64(c & 63)
                    c += 1
                }
                if il == ir || xr - xl < 1e-12 {
                    let xm = (xTop + xBottom) * 0.5 - Double(il)
                    cells[base + il] += Float(d * (1 - xm))
                    cells[base + il + 1] += Float(d * xm)
                } else {
                    // The segment crosses several cells of this row: split its height among them in
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
    }

    // MARK: Sweep

    /// Turns the edges added since the last sweep into coverage and hands it to `body` as runs:
    /// (y, x0, x1, coverage) says every pixel x0..<x1 of row y is covered `coverage` (in 0…1, never 0).
    /// Runs come left to right within a row, rows top to bottom. Clears what it used, so the rasterizer is
    /// ready for the next shape.
    ///
    /// Only cells that received area are visited; between two of them the coverage cannot change, so a
    /// large shape costs its outline, not its area.
    ///
    /// `cancelSharedEdges`: first drop pairs of exactly coincident, opposite edges (use it for outlines
    /// made of abutting pieces, such as strokes; it never changes the result, only the cost).
    public mutating func sweep(rule: FillRule, cancelSharedEdges cancel: Bool = false,
                               _ body: (_ y: Int, _ x0: Int, _ x1: Int, _ coverage: Float) -> Void) {
        if cancel { cancelSharedEdges() }
        depositOutline(rule: rule)
        guard minY <= maxY, width > 0 else { return }
        work += (min(height - 1, maxY) - max(0, minY) + 1) * wordsPerRow  // the rows' words scanned
        let stride = self.stride
        let width = self.width
        let wordsPerRow = self.wordsPerRow
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                for y in max(0, minY)...min(height - 1, maxY) {
                    let base = y * stride
                    let wordBase = y * wordsPerRow
                    var acc: Float = 0
                    // The run being built: it starts at `runStart` with coverage `runCoverage`.
                    var runStart = 0
                    var runCoverage: Float = 0
                    for w in 0..<wordsPerRow {
                        var bits = touched[wordBase + w]
                        if bits == 0 { continue }
                        touched[wordBase + w] = 0
                        while bits != 0 {
                            let x = w * 64 + bits.trailingZeroBitCount
                            bits &= bits - 1
                            acc += cells[base + x]
                            cells[base + x] = 0
                            guard x < width else { continue }
                            // The outline deposits +1 inside and 0 outside; clamp away rounding.
                            var coverage = min(1, max(0, acc))
                            if coverage < 1e-6 { coverage = 0 }
                            if coverage != runCoverage {
                                if runCoverage > 0 && x > runStart {
                                    work += x - runStart  // the pixels the caller paints
                                    body(y, runStart, x, runCoverage)
                                }
                                runStart = x
                                runCoverage = coverage
                            }
                        }
                    }
                    // A shape running off the right edge keeps its final coverage to the end of the row.
                    if runCoverage > 1.0 / 512 && runStart < width {
                        work += width - runStart
                        body(y, runStart, width, runCoverage)
                    }
                }
            }
        }
        minY = .max; maxY = .min
    }
}

// MARK: Bounded work for hostile inputs

extension CoverageRasterizer {
    /// The band sweep's work for the edges collected (sorted by `y0`, with `eventYs` sorted): for every
    /// distinct event y, the number of edges active from there. An edge is active at y when it started at or
    /// before y and ends after it; since `eventYs` holds every start and every end, that is
    /// 2·#(starts ≤ y) − #(events ≤ y).
    fileprivate func estimatedBandWork() -> Int {
        var work = 0
        var starts = 0
        var k = 0
        while k < eventYs.count {
            let y = eventYs[k]
            while k < eventYs.count, eventYs[k] == y { k += 1 }
            while starts < edges.count, edges[starts].y0 <= y { starts += 1 }
            work += 2 * starts - k
            if work > Self.maxBandWork { return work }
        }
        return work
    }

    /// Clears what a band sweep given up half-way deposited.
    fileprivate mutating func discardDeposits() {
        forEachTouchedCell(clearing: true) { cells, x, _ in cells[x] = 0 }
        minY = .max; maxY = .min
    }

    /// Calls `body` for every touched cell, row by row and left to right within a row, with the cells, the
    /// cell's index in them and whether it starts a row. `clearing` also clears the touched bits.
    private mutating func forEachTouchedCell(clearing: Bool,
                                             _ body: (UnsafeMutableBufferPointer<Float>, Int, Bool) -> Void) {
        guard minY <= maxY, height > 0 else { return }
        let stride = self.stride, wordsPerRow = self.wordsPerRow
        work += (min(height - 1, maxY) - max(0, minY) + 1) * wordsPerRow
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                for y in max(0, minY)...min(height - 1, maxY) {
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

    /// Coverage without the band sweep, linear in the edges: each edge deposits its winding direction
    /// (the plain signed-area accumulation of font-rs) — the edges kept so far now, later ones as they
    /// arrive — and `windingToCoverage` applies the fill rule at the sweep. Exact wherever contours do not
    /// overlap inside a pixel; where they do, a pixel can come out darker than its exact area.
    fileprivate mutating func depositEdgesAsWinding() {
        work += 16 * bandWork  // what a band sweep given up half-way spent
        bandWork = 0
        for e in edges { deposit(e.x0, e.y0, e.x1, e.y1, Double(e.dir)) }
        edges.removeAll(keepingCapacity: true)
        windingOnly = true
    }

    /// Turns every dirty row's running sum — the winding number, fractional at anti-aliased edges — into
    /// the fill rule's coverage, stored back as differences in the same touched cells, which `sweep`'s own
    /// running sum turns into exactly that coverage (between touched cells neither can change).
    fileprivate mutating func windingToCoverage(rule: FillRule) {
        windingOnly = false
        var winding: Float = 0
        var previous: Float = 0
        forEachTouchedCell(clearing: false) { cells, i, startsRow in
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
}
