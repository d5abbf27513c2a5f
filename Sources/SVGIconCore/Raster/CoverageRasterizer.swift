/// Exact-area anti-aliased coverage of polygons on a pixel grid, with exact nonzero and evenodd rules
/// even where contours overlap.
///
/// Pixel (x, y) covers [x, x+1) × [y, y+1). Edges are collected first. At `sweep`, the plane is cut into
/// horizontal bands at every edge end point (and wherever two edges cross), so that inside a band the
/// left-to-right order of the edges is fixed and the winding number between neighbours is constant. In
/// each band only the edges where the fill rule's inside/outside actually changes are kept — the outline
/// of the filled region — and each stretch of those deposits, per pixel row, the exact signed area it
/// leaves to its right into the cell it passes through and the next one. A running sum along every row
/// then gives each pixel's covered area.
///
/// So coverage is the exact area of the filled region inside each pixel: overlapping contours (a stroke
/// drawn twice, crossing strokes, a stroke outline folding over itself at a sharp corner) are not counted
/// twice at anti-aliased edges, as a plain signed-area accumulator (sum, then clamp) would.
///
/// Cost: the sweep keeps its edges sorted from band to band and re-walks them only where edges really
/// join, leave or cross (an edge that continues its contour takes the place of the one it continues), and
/// only cells that received area are swept, so a shape costs its outline, not its area.
public struct CoverageRasterizer {
    public private(set) var width: Int
    public private(set) var height: Int
    /// (width + 2) cells per row: an edge at x = width still has a cell to its right. A cell holds a value
    /// only while its `touched` bit is set: the first deposit into it overwrites whatever was there, so the
    /// cells are never cleared as a whole (at 256 px they are a quarter of a megabyte per render).
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
    private var active: [ActiveEdge] = []
    /// The edges that start a chain (no other edge continues into them; see `findChains`), by their top
    /// (ties in the order they were added; the sweep may reorder those that start at the y it has reached,
    /// which all have the same top).
    private var heads: [Int32] = []
    private var eventYs: [Double] = []
    private var startYs: [Double] = []
    /// Two values per active edge for `onlyInnerCrossings`: x at the band's bottom, and the least of those
    /// from each edge rightwards.
    private var bandScratch: [Double] = []

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
    /// The part of the output being drawn (an offscreen layer's pixels; the whole canvas by default), in
    /// device pixels: `addLine` subtracts its corner — whole pixels, so exactly for every point inside it —
    /// and `sweep` hands out only the runs that fall on its width × height.
    var region: PixelRegion
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
        self.region = PixelRegion(x: 0, y: 0, width: self.width, height: self.height)
        let cellCount = self.stride * self.height
        // Left uninitialized: a cell is written (see `CellTarget.accumulate`) before it is ever read.
        self.cells = [Float](unsafeUninitializedCapacity: cellCount) { _, initialized in initialized = cellCount }
        self.wordsPerRow = (self.stride + 63) / 64
        self.touched = [UInt64](repeating: 0, count: self.wordsPerRow * self.height)
        // Room for an icon's edges up front: growing from empty reallocates about seven times per render.
        edges.reserveCapacity(256)
    }

    /// Forgets everything added since the last sweep and the work counted, keeping the buffers: ready for
    /// another render, as a new rasterizer of the same size would be.
    public mutating func reset() {
        // Scratch grown by an unusual shape (a hostile one can keep 48 MiB of edges) is let go rather than
        // kept for every render after it.
        let keep = Self.keptScratchEdges
        if edges.capacity > keep { edges = []; edges.reserveCapacity(256) }
        if heads.capacity > keep { heads = [] }
        if startYs.capacity > keep { startYs = [] }
        if active.count > keep { active = [] }
        if bandScratch.count > 2 * keep { bandScratch = [] }
        if eventYs.capacity > 2 * keep { eventYs = [] }
        edges.removeAll(keepingCapacity: true)
        discardDeposits()
        windingOnly = false
        bandWork = 0
        work = 0
        region = PixelRegion(x: 0, y: 0, width: width, height: height)
    }

    /// Edges' worth of scratch a reset keeps (far more than any icon needs: Lucide icons have hundreds).
    static let keptScratchEdges = 1 << 16

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
        let ox = Double(region.x), oy = Double(region.y)
        var x0 = min(max(p0.x - ox, -limit), limit), y0 = min(max(p0.y - oy, -limit), limit)
        var x1 = min(max(p1.x - ox, -limit), limit), y1 = min(max(p1.y - oy, -limit), limit)
        // The slope is the same with the ends swapped (a − b is exactly −(b − a)): worked out once.
        let dxdy = (x1 - x0) / (y1 - y0)
        guard y0 != y1, dxdy.isFinite else { return }
        var dir: Int32 = 1
        if y0 > y1 {
            swap(&x0, &x1)
            swap(&y0, &y1)
            dir = -1
        }
        let h = Double(height)
        if y1 <= 0 || y0 >= h { return }
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

    /// An edge taking part in the band sweep: its line, its x at the top and bottom of the current band,
    /// and the stretch of it that currently lies on the outline (deposited in one piece when that ends).
    struct ActiveEdge {
        var x0: Double, y0: Double, dxdy: Double, x1: Double, y1: Double
        /// Where the current outline run started, and the sign it deposits (0: not on the outline).
        var runStart: Double
        var runSign: Double
        var dir: Int32
        /// Its place in the rasterizer's edge list (see `successor`).
        var index: Int32

        @inline(__always) func x(at y: Double) -> Double { x0 + (y - y0) * dxdy }

        init(_ e: Edge, index: Int, at y: Double, runSign: Double) {
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

    /// Shapes with more edges than this have their band work estimated before the sweep (hostile input:
    /// many edges sharing rows); smaller ones cannot reach `maxBandWork` by much.
    static let bandWorkCheckEdges = 512

    /// Finds the outline of the filled region band by band and deposits it into the cells.
    ///
    /// Bands run from one event (an edge starts or ends) to the next and are split where neighbours
    /// cross. The active edges stay sorted from band to band: between events only crossings change their
    /// order, and a band ends at the first crossing. Where a contour simply continues — an edge ends
    /// where the next one of the same direction starts — the new edge takes the old one's place and role,
    /// so nothing is re-sorted or re-walked; the winding walk runs only when edges really join, leave or
    /// cross. An edge's stretch on the outline is deposited once, when it leaves the outline or ends.
    /// Continuations are known from the order the edges were added in (`findChains`, `successor`), so only
    /// the edges that start a chain are sorted by their top.
    private mutating func depositOutline(rule: FillRule) {
        if windingOnly { return windingToCoverage(rule: rule) }
        guard !edges.isEmpty else { return }
        // Hostile-input guard: too much band work for the edges is done the bounded way instead.
        if edges.count > Self.bandWorkCheckEdges && estimatedBandWork() > Self.maxBandWork {
            work += 2 * edges.count
            depositEdgesAsWinding()
            return windingToCoverage(rule: rule)
        }
        findChains()
        bandWork = 0
        var edges = self.edges
        self.edges = []
        var active = self.active
        self.active = []
        if active.count < edges.count {
            let blank = ActiveEdge(Edge(x0: 0, y0: 0, x1: 0, y1: 0, dxdy: 0, dir: 0), index: 0, at: 0, runSign: 0)
            active = [ActiveEdge](repeating: blank, count: max(edges.count, 2 * active.count))
        }
        var heads = self.heads
        self.heads = []
        let nonzero = rule == .nonzero
        var gaveUp = false
        var sweepWork = 0
        var scratch = self.bandScratch
        self.bandScratch = []
        if scratch.count < 2 * active.count { scratch = [Double](repeating: 0, count: 2 * active.count) }
        withCells { target in
        scratch.withUnsafeMutableBufferPointer { scratch in
        edges.withUnsafeBufferPointer { edgeList in
        heads.withUnsafeMutableBufferPointer { heads in
            active.withUnsafeMutableBufferPointer { a in
                var count = 0  // active edges, a[0..<count]
                var next = 0  // the chains starting at heads[next...] have not started
                var y = edgeList[Int(heads[0])].y0
                var nextEnd = Double.infinity  // the earliest end of the active edges
                // Whether the last band left two neighbours out of order at its bottom (crossed, or met
                // with the left one going right faster): the next event then re-sorts and re-walks.
                var disorderAtBottom = false
                while true {
                    // The chains starting here: heads[next..<startEnd].
                    var startEnd = next
                    while startEnd < heads.count, edgeList[Int(heads[startEnd])].y0 <= y { startEnd += 1 }
                    // Edges that end here deposit their last outline run and leave, or hand their place to
                    // the edge that continues them.
                    var changed = disorderAtBottom
                    if y >= nextEnd {
                        nextEnd = .infinity
                        var w = 0
                        for i in 0..<count {
                            let end = a[i].y1
                            if end > y {
                                if w != i { a[w] = a[i] }
                                w += 1
                                if end < nextEnd { nextEnd = end }
                                continue
                            }
                            let e = a[i]
                            if e.runSign != 0 { Self.depositRun(e, to: e.y1, into: &target, work: &sweepWork) }
                            var successor = Self.successor(of: e, in: edgeList)
                            if successor < 0 {
                                // The end of a chain: another one may start here in the same direction.
                                var k = next
                                while k < startEnd {
                                    let s = edgeList[Int(heads[k])]
                                    if s.x0 == e.x1 && s.y0 == e.y1 && s.dir == e.dir { break }
                                    k += 1
                                }
                                // The search is band work too: thousands of chains ending where thousands of
                                // others start, none continuing one another, would cost n² comparisons.
                                sweepWork += k - next
                                if sweepWork > Self.maxBandWork {
                                    gaveUp = true
                                    return
                                }
                                guard k < startEnd else {
                                    changed = true
                                    continue
                                }
                                successor = Int(heads[k])
                                heads.swapAt(k, next)
                                next += 1
                            }
                            let continued = ActiveEdge(edgeList[successor], index: successor, at: y, runSign: e.runSign)
                            a[w] = continued
                            if !changed {
                                // In place (nothing left before it): it keeps its neighbours unless it
                                // meets one exactly here.
                                if w > 0 && !a[w - 1].isLeft(of: continued, at: y) { changed = true }
                                if w + 1 < count && !continued.isLeft(of: a[w + 1], at: y) { changed = true }
                            }
                            w += 1
                            if continued.y1 < nextEnd { nextEnd = continued.y1 }
                        }
                        count = w
                    }
                    // Chains that start here without continuing another join (the sort puts them in place).
                    while next < startEnd {
                        let index = Int(heads[next])
                        let e = edgeList[index]
                        next += 1
                        guard e.y1 > y else { continue }
                        a[count] = ActiveEdge(e, index: index, at: y, runSign: 0)
                        count += 1
                        changed = true
                        if e.y1 < nextEnd { nextEnd = e.y1 }
                    }
                    let yEvent = min(nextEnd, next < heads.count ? edgeList[Int(heads[next])].y0 : .infinity)
                    guard yEvent < .infinity else { break }
                    // Bands from y to the next event, split where neighbours cross.
                    disorderAtBottom = false
                    var ya = y
                    while ya < yEvent && count > 0 {
                        let n = count
                        var yb = yEvent
                        var moves = 0
                        if changed {
                            // Order by x at the top, then by slope; nearly sorted already.
                            var i = 1
                            while i < n {
                                // Compared in place; copied out only when it has to move.
                                if !a[i - 1].isLeft(of: a[i], at: ya) {
                                    let e = a[i]
                                    var j = i - 1
                                    repeat {
                                        a[j + 1] = a[j]
                                        j -= 1
                                    } while j >= 0 && !a[j].isLeft(of: e, at: ya)
                                    a[j + 1] = e
                                    moves += i - j - 1
                                    // One band's sort can cost n²/2 moves (thousands of edges joining at
                                    // one y in reverse order): bounded like the rest of the band work.
                                    if moves > Self.maxBandWork - sweepWork {
                                        gaveUp = true
                                        return
                                    }
                                }
                                i += 1
                            }
                        }
                        // Neighbours out of order at the bottom have crossed inside the band; neighbours
                        // that meet exactly there with the left one going right faster cross below it.
                        var crossing = false
                        var tie = false
                        var previous = a[0].x(at: yb)
                        for i in 1..<max(n, 1) {
                            let x = a[i].x(at: yb)
                            if previous > x { crossing = true }
                            if previous == x && a[i - 1].dxdy > a[i].dxdy { tie = true }
                            previous = x
                        }
                        // A crossing inside the band: the band ends at the first one, unless all the
                        // band's crossings lie deep inside the fill, where they cannot change the outline.
                        // (No cap on the splits per event: a band left unsplit at a crossing that
                        // matters deposits the wrong outline; the work guard below bounds the total.)
                        if crossing && yb - ya > Self.minimumBandHeight
                            && !(nonzero && Self.onlyInnerCrossings(a, count: n, at: yb, scratch: scratch)) {
                            var first = yb
                            for i in 0..<(n - 1) {
                                let bottom0 = a[i].x(at: yb), bottom1 = a[i + 1].x(at: yb)
                                guard bottom0 > bottom1 else { continue }
                                let gapTop = a[i + 1].x(at: ya) - a[i].x(at: ya)  // ≥ 0
                                let gapBottom = bottom1 - bottom0  // < 0
                                let t = gapTop / (gapTop - gapBottom)
                                let ys = ya + (yb - ya) * t
                                if ys < first { first = ys }
                            }
                            let ys = max(first, ya + Self.minimumBandHeight / 2)
                            if ys < yb { yb = ys }
                        }
                        sweepWork += n + moves
                        if changed || crossing {
                            // Walk left to right: an edge is on the outline where the rule's inside changes.
                            var winding: Int32 = 0
                            for i in 0..<n {
                                let before = winding
                                winding &+= a[i].dir
                                let insideBefore = nonzero ? before != 0 : (before & 1) != 0
                                let insideAfter = nonzero ? winding != 0 : (winding & 1) != 0
                                let sign: Double = insideBefore == insideAfter ? 0 : (insideAfter ? 1 : -1)
                                if sign != a[i].runSign {
                                    if a[i].runSign != 0 { Self.depositRun(a[i], to: ya, into: &target, work: &sweepWork) }
                                    a[i].runSign = sign
                                    a[i].runStart = ya
                                }
                            }
                        }
                        // After a crossing the next band has a new order to find and walk.
                        changed = crossing
                        disorderAtBottom = crossing || tie
                        ya = yb
                        if sweepWork > Self.maxBandWork {  // crossings split the bands more than estimated
                            gaveUp = true
                            return
                        }
                    }
                    y = yEvent
                }
            }
        }
        }
        }
        }
        bandWork = sweepWork
        self.bandScratch = scratch
        self.active = active
        self.heads = heads
        if gaveUp {
            self.edges = edges
            discardDeposits()
            depositEdgesAsWinding()
            return windingToCoverage(rule: rule)
        }
        work += 16 * bandWork  // a band step costs about sixteen swept cells
        bandWork = 0
        // Emptied before it is handed back: emptying the array while this copy still shares it would
        // allocate a new one.
        edges.removeAll(keepingCapacity: true)
        self.edges = edges
    }

    /// True when, under the nonzero rule, none of the crossings between the top of a band and `yb` can change
    /// the outline, so the band needs no split. The edges whose order changes form blocks of neighbours
    /// (a block ends where everything left of it stays left of everything right of it at `yb`; edges in
    /// different blocks keep their order, and two straight edges in the same order at both ends of a band
    /// never cross inside it). Inside a block any order may occur on the way, so the winding numbers
    /// between its edges can be the block's left winding w plus the directions of any of its edges: when
    /// w > 0 and fewer than w of them go up (or the mirror image), every one of those is non-zero — the
    /// block lies deep inside the fill, all its edges off the outline in any order. Stroke outlines that
    /// fold over themselves where a curve is tighter than the pen cross there a lot. `scratch` holds at
    /// least 2n values.
    @inline(__always)
    private static func onlyInnerCrossings(_ a: UnsafeMutableBufferPointer<ActiveEdge>, count n: Int,
                                           at yb: Double, scratch: UnsafeMutableBufferPointer<Double>) -> Bool {
        guard n > 1 else { return true }
        // scratch[i]: x of a[i] at yb; scratch[n + i]: the least of those from a[i] rightwards.
        var least = Double.infinity
        for i in Swift.stride(from: n - 1, through: 0, by: -1) {
            let x = a[i].x(at: yb)
            scratch[i] = x
            least = min(least, x)
            scratch[n + i] = least
        }
        var winding: Int32 = 0  // left of a[i]
        var i = 0
        while i < n {
            // The block starting at a[i] runs on while something in it ends up right of something after it.
            var end = i
            var most = scratch[i]
            while end + 1 < n && most > scratch[n + end + 1] {
                end += 1
                most = max(most, scratch[end])
            }
            if end > i {
                var up: Int32 = 0, down: Int32 = 0
                for k in i...end {
                    if a[k].dir > 0 { down += 1 } else { up += 1 }
                }
                // Every winding reachable inside the block: from w − up to w + down.
                guard winding > 0 ? winding - up >= 1 : winding < 0 && -winding - down >= 1 else { return false }
                winding = winding &+ down &- up
            } else {
                winding &+= a[i].dir
            }
            i = end + 1
        }
        return true
    }

    /// Deposits the outline run of `e` from where it started down to `y`.
    @inline(__always)
    private static func depositRun(_ e: ActiveEdge, to y: Double, into target: inout CellTarget, work: inout Int) {
        guard y > e.runStart else { return }
        let xa = e.x(at: e.runStart), xb = e.x(at: y)
        work += Int(min((xb - xa).magnitude, Double(target.width)))  // cells it crosses
        target.deposit(xa, e.runStart, xb, y, e.runSign)
    }

    /// The edge that continues `e` down its contour, or −1: edges arrive contour by contour, in the
    /// contour's order, so an edge going down is continued by the next one added when that one goes down
    /// too and starts exactly where it ends; an edge going up (kept top to bottom, like every edge) by the
    /// one added before it, likewise.
    @inline(__always)
    private static func successor(of e: ActiveEdge, in edges: UnsafeBufferPointer<Edge>) -> Int {
        let i = Int(e.index)
        let j = e.dir > 0 ? i + 1 : i - 1
        guard j >= 0 && j < edges.count else { return -1 }
        let s = edges[j]
        return s.dir == e.dir && s.x0 == e.x1 && s.y0 == e.y1 ? j : -1
    }

    /// Finds the edges that start a chain — those no other edge continues (see `successor`) — and sorts
    /// them by their top into `heads`: so a contour falls into y-monotone chains without sorting, and
    /// only their first edges need a place in the sweep's start order (by top, ties in the order they
    /// were added, as a stable sort of all the edges put them before).
    private mutating func findChains() {
        let n = edges.count
        heads.removeAll(keepingCapacity: true)
        edges.withUnsafeBufferPointer { e in
            for i in 0..<n {
                let edge = e[i]
                // The edge that would continue into this one: the one before it going down, the one
                // after it going up.
                let j = edge.dir > 0 ? i - 1 : i + 1
                if j >= 0 && j < n {
                    let p = e[j]
                    if p.dir == edge.dir && p.x1 == edge.x0 && p.y1 == edge.y0 { continue }
                }
                heads.append(Int32(truncatingIfNeeded: i))
            }
            heads.sort { e[Int($0)].y0 < e[Int($1)].y0 || (e[Int($0)].y0 == e[Int($1)].y0 && $0 < $1) }
        }
    }

    // MARK: Area deposit

    /// The cells and touched bits as raw memory, for the deposits of one sweep (no per-deposit access
    /// checks or closures).
    struct CellTarget {
        let cells: UnsafeMutablePointer<Float>
        let touched: UnsafeMutablePointer<UInt64>
        let stride: Int, wordsPerRow: Int, width: Int, height: Int
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

        /// A segment already inside [0, width] × [0, height], with y0 < y1: per row, the area it leaves to
        /// its right goes into the cell it passes through and the next one (split among cells it crosses).
        mutating func accumulate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Double) {
            if y0 >= y1 { return }
            let dxdy = (x1 - x0) / (y1 - y0)
            var row = Int(y0)  // y0 ≥ 0, so truncation is floor
            // The row holding y1 (excluded when y1 is a whole number): ⌈y1⌉ − 1, rounded up by hand (the
            // library's rounding is a call into libm).
            let whole = Int(y1)
            let lastRow = min(height - 1, (Double(whole) < y1 ? whole + 1 : whole) - 1)
            if row < minY { minY = row }
            if lastRow > maxY { maxY = lastRow }
            var yTop = y0
            var xTop = x0
            while yTop < y1 && row <= lastRow {
                let yBottom = min(Double(row + 1), y1)
                let xBottom = yBottom == y1 ? x1 : x0 + (yBottom - y0) * dxdy
                let d = (yBottom - yTop) * dir
                let cellRow = cells + row * stride
                let xl = min(xTop, xBottom), xr = max(xTop, xBottom)
                let il = Int(xl)
                let ir = Int(xr)
                let bits = touched + row * wordsPerRow
                var c = il
                while c <= ir + 1 {
                    // A cell's first deposit since the last sweep starts it from zero.
                    let bit: UInt64 = 1 << UInt64(c & 63)
                    if bits[c >> 6] & bit == 0 {
                        bits[c >> 6] |= bit
                        cellRow[c] = 0
                    }
                    c += 1
                }
                if il == ir || xr - xl < 1e-12 {
                    let xm = (xTop + xBottom) * 0.5 - Double(il)
                    cellRow[il] += Float(d * (1 - xm))
                    cellRow[il + 1] += Float(d * xm)
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
                            cellRow[c] += Float(dc * (1 - xm))
                            cellRow[c + 1] += Float(dc * xm)
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

    /// Runs `body` with the cells as a `CellTarget` (nothing when the canvas has no cells).
    private mutating func withCells(_ body: (inout CellTarget) -> Void) {
        guard !cells.isEmpty, !touched.isEmpty else { return }
        var cells = self.cells, touched = self.touched
        self.cells = []
        self.touched = []
        defer {
            self.cells = cells
            self.touched = touched
        }
        cells.withUnsafeMutableBufferPointer { c in
            touched.withUnsafeMutableBufferPointer { t in
                var target = CellTarget(cells: c.baseAddress!, touched: t.baseAddress!, stride: stride,
                                        wordsPerRow: wordsPerRow, width: width, height: height,
                                        minY: minY, maxY: maxY)
                body(&target)
                minY = target.minY
                maxY = target.maxY
            }
        }
    }

    /// One boundary segment deposited on its own (see `CellTarget.deposit`).
    private mutating func deposit(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ sign: Double) {
        withCells { $0.deposit(x0, y0, x1, y1, sign) }
    }

    // MARK: Sweep

    /// Turns the edges added since the last sweep into coverage and hands it to `body` as runs:
    /// (y, x0, x1, coverage) says every pixel x0..<x1 of row y is covered `coverage` (in 0…1, never 0).
    /// Runs come left to right within a row, rows top to bottom, all inside `region` (coordinates relative
    /// to its corner). Clears what it used, so the rasterizer is ready for the next shape.
    ///
    /// Only cells that received area are visited; between two of them the coverage cannot change, so a
    /// large shape costs its outline, not its area.
    public mutating func sweep(rule: FillRule,
                               _ body: (_ y: Int, _ x0: Int, _ x1: Int, _ coverage: Float) -> Void) {
        depositOutline(rule: rule)
        guard minY <= maxY, width > 0 else { return }
        work += (min(height - 1, maxY) - max(0, minY) + 1) * wordsPerRow  // the rows' words scanned
        let stride = self.stride
        let width = self.width
        let wordsPerRow = self.wordsPerRow
        // Cells outside the region are still read (and cleared); only their runs are not handed out.
        let regionWidth = min(width, region.width), regionHeight = min(height, region.height)
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                for y in max(0, minY)...min(height - 1, maxY) {
                    let inRegion = y < regionHeight
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
                            guard x < width else { continue }
                            // The outline deposits +1 inside and 0 outside; clamp away rounding.
                            var coverage = min(1, max(0, acc))
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
            }
        }
        minY = .max; maxY = .min
    }
}

// MARK: Bounded work for hostile inputs

extension CoverageRasterizer {
    /// The band sweep's work for the edges collected: for every
    /// distinct event y, the number of edges active from there. An edge is active at y when it started at or
    /// before y and ends after it; since `eventYs` holds every start and every end, that is
    /// 2·#(starts ≤ y) − #(events ≤ y).
    fileprivate mutating func estimatedBandWork() -> Int {
        eventYs.removeAll(keepingCapacity: true)
        startYs.removeAll(keepingCapacity: true)
        for e in edges {
            eventYs.append(e.y0)
            eventYs.append(e.y1)
            startYs.append(e.y0)
        }
        eventYs.sort()
        startYs.sort()
        var work = 0
        var starts = 0
        var k = 0
        while k < eventYs.count {
            let y = eventYs[k]
            while k < eventYs.count, eventYs[k] == y { k += 1 }
            while starts < startYs.count, startYs[starts] <= y { starts += 1 }
            work += 2 * starts - k
            if work > Self.maxBandWork { return work }
        }
        return work
    }

    /// Forgets what a band sweep given up half-way deposited (clearing the touched bits is enough: a cell
    /// without its bit is overwritten by its next deposit).
    fileprivate mutating func discardDeposits() {
        forEachTouchedCell(clearing: true) { _, _, _ in }
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
        let edges = self.edges
        withCells { target in
            for e in edges { target.deposit(e.x0, e.y0, e.x1, e.y1, Double(e.dir)) }
        }
        self.edges.removeAll(keepingCapacity: true)
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
