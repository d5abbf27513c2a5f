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
    private var rowCoverage: [Float]
    private let stride: Int
    // Dirty bounds (inclusive cell indices); empty when minY > maxY.
    private var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min

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

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.stride = self.width + 2
        self.cells = [Float](repeating: 0, count: self.stride * self.height)
        self.rowCoverage = [Float](repeating: 0, count: self.width)
    }

    /// True when nothing has been added since the last sweep.
    public var isEmpty: Bool { edges.isEmpty }

    /// Adds the edge from `p0` to `p1` (device pixels). Horizontal and non-finite edges are ignored.
    public mutating func addLine(_ p0: SVGPoint, _ p1: SVGPoint) {
        var x0 = p0.x, y0 = p0.y, x1 = p1.x, y1 = p1.y
        guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
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
        edges.append(Edge(x0: x0, y0: y0, x1: x1, y1: y1, dxdy: dxdy, dir: dir))
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
        guard !edges.isEmpty else { return }
        edges.sort { $0.y0 < $1.y0 }
        eventYs.removeAll(keepingCapacity: true)
        for e in edges {
            eventYs.append(e.y0)
            eventYs.append(e.y1)
        }
        eventYs.sort()
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
        }
        edges.removeAll(keepingCapacity: true)
    }

    /// One band in which no edge starts or ends. Splits it where two edges cross, then deposits the
    /// edges at which inside/outside changes.
    private mutating func band(from ya: Double, to yb: Double, rule: FillRule, depth: Int) {
        // x of every active edge at the top and bottom of the band; order by top, then bottom.
        let n = active.count
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
        let xlo = Int(min(x0, x1)), xhi = min(width, Int(max(x0, x1)) + 1)
        if xlo < minX { minX = xlo }
        if xhi > maxX { maxX = xhi }
        var yTop = y0
        var xTop = x0
        let stride = self.stride
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

    // MARK: Sweep

    /// Turns the edges added since the last sweep into coverage, row by row, and hands each row's covered
    /// span to `body` as (y, x0, x1, coverage) where `coverage[x]` for x in x0..<x1 is in 0...1.
    /// Clears what it used, so the rasterizer is ready for the next shape.
    ///
    /// `cancelSharedEdges`: first drop pairs of exactly coincident, opposite edges (use it for outlines
    /// made of abutting pieces, such as strokes; it never changes the result, only the cost).
    public mutating func sweep(rule: FillRule, cancelSharedEdges cancel: Bool = false,
                               _ body: (_ y: Int, _ x0: Int, _ x1: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void) {
        if cancel { cancelSharedEdges() }
        depositOutline(rule: rule)
        guard minY <= maxY, width > 0 else { return }
        let x0 = max(0, minX)
        let xEnd = min(width, maxX + 1)  // cells past maxX hold nothing
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
                        // The outline deposits +1 inside and 0 outside; clamp away rounding.
                        let c = min(1, max(0, acc))
                        coverage[x] = c
                        if c != 0 { anyCoverage = true }
                        x += 1
                    }
                    cells[base + xEnd] = 0
                    if xEnd + 1 < stride { cells[base + xEnd + 1] = 0 }
                    // Everything right of the last edge keeps the final value (a shape running off the
                    // right edge of the canvas).
                    var spanEnd = xEnd
                    let tail = min(1, max(0, acc))
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
}
