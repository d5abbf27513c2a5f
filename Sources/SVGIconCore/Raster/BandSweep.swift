/// Finds the outline of a shape's filled region, band by band, and emits it as signed segments.
///
/// Bands run from one event (an edge starts or ends) to the next and are split where neighbours cross, so
/// that inside a band the left-to-right order of the active edges is fixed and the winding number between
/// neighbours is constant. The active edges stay sorted from band to band: between events only crossings
/// change their order, and a band ends at the first crossing. Where a contour simply continues — an edge
/// ends where the next one of the same direction starts — the new edge takes the old one's place and
/// role, so nothing is re-sorted or re-walked; the winding walk runs only when edges really join, leave or
/// cross. An edge's stretch on the outline (where the rule's inside changes across it) is emitted once,
/// when it leaves the outline or ends. Continuations are known from the order the edges were added in
/// (`Scratch.findChains`, `successor`), so only the edges that start a chain are sorted by their top.
///
/// Invariants, between the steps of `run`:
/// - `active[0..<count]` are the edges crossing the current y, and once a band's sort has run they are in
///   left-to-right order at its top (ties: the one that goes left faster first).
/// - `heads[next...]` are the chains that have not started, by their top.
/// - `nextEnd` is the earliest bottom of the active edges.
/// - `work` (band work: edges active per band, sort moves, searches and cells crossed by the runs
///   emitted) never passes `CoverageRasterizer.maxBandWork` without `run` returning false.
struct BandSweep {
    let edges: UnsafeBufferPointer<CoverageRasterizer.Edge>
    let heads: UnsafeMutableBufferPointer<Int32>
    let active: UnsafeMutableBufferPointer<ActiveEdge>
    /// At least 2 · `active.count` values for `onlyInnerCrossings`.
    let scratch: UnsafeMutableBufferPointer<Double>
    let nonzero: Bool
    /// The canvas width: no run costs more cells than that.
    let width: Double
    private var count = 0
    private var next = 0
    private var nextEnd = Double.infinity
    /// Whether the last band left two neighbours out of order at its bottom (crossed, or met with the left
    /// one going right faster): the next event then re-sorts and re-walks.
    private var disorderAtBottom = false
    private(set) var work = 0

    /// Bands are not split further at edge crossings below this height (pixels).
    static let minimumBandHeight = 1.0 / 1024

    /// `heads` must hold the chain heads of `edges` sorted by top (see `Scratch.findChains`, which is never
    /// empty for a non-empty shape), `active` room for every edge.
    init(edges: UnsafeBufferPointer<CoverageRasterizer.Edge>, heads: UnsafeMutableBufferPointer<Int32>,
         active: UnsafeMutableBufferPointer<ActiveEdge>, scratch: UnsafeMutableBufferPointer<Double>,
         rule: FillRule, width: Int) {
        self.edges = edges
        self.heads = heads
        self.active = active
        self.scratch = scratch
        self.nonzero = rule == .nonzero
        self.width = Double(width)
    }

    /// Emits the whole outline into `sink`; false when the band work passed `maxBandWork` first (what was
    /// emitted until then is then only part of the outline).
    @inline(__always)
    mutating func run<Sink: SignedSegmentSink>(into sink: inout Sink) -> Bool {
        var y = edges[Int(heads[0])].y0
        while true {
            // The chains starting here: heads[next..<startEnd].
            var startEnd = next
            while startEnd < heads.count, edges[Int(heads[startEnd])].y0 <= y { startEnd += 1 }
            var changed = disorderAtBottom
            if y >= nextEnd {
                guard retireEndingEdges(at: y, startEnd: startEnd, changed: &changed, into: &sink) else { return false }
            }
            if admitStartingChains(at: y, startEnd: startEnd) { changed = true }
            let yEvent = min(nextEnd, next < heads.count ? edges[Int(heads[next])].y0 : .infinity)
            guard yEvent < .infinity else { return true }
            guard sweepBands(from: y, to: yEvent, changed: changed, into: &sink) else { return false }
            y = yEvent
        }
    }

    // MARK: Events

    /// Edges that end at `y` emit their last outline run and leave, or hand their place to the edge that
    /// continues them (the next one in their chain, or a chain starting here in `heads[next..<startEnd]`).
    /// Sets `changed` when the order or the outline may have changed; false when the band work ran out.
    @inline(__always)
    private mutating func retireEndingEdges<Sink: SignedSegmentSink>(at y: Double, startEnd: Int, changed: inout Bool,
                                                                   into sink: inout Sink) -> Bool {
        let a = active
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
            if e.runSign != 0 { depositRun(e, to: e.y1, into: &sink) }
            var successor = Self.successor(of: e, in: edges)
            if successor < 0 {
                // The end of a chain: another one may start here in the same direction.
                let k = startingChain(continuing: e, before: startEnd)
                if work > CoverageRasterizer.maxBandWork { return false }
                guard k < startEnd else {
                    changed = true
                    continue
                }
                successor = Int(heads[k])
                heads.swapAt(k, next)
                next += 1
            }
            let continued = ActiveEdge(edges[successor], index: successor, at: y, runSign: e.runSign)
            a[w] = continued
            if !changed {
                // In place (nothing left before it): it keeps its neighbours unless it meets one exactly here.
                if w > 0 && !a[w - 1].isLeft(of: continued, at: y) { changed = true }
                if w + 1 < count && !continued.isLeft(of: a[w + 1], at: y) { changed = true }
            }
            w += 1
            if continued.y1 < nextEnd { nextEnd = continued.y1 }
        }
        count = w
        return true
    }

    /// The place in `heads[next..<startEnd]` of a chain that continues `e` (`startEnd` when none does).
    /// The search is band work too: thousands of chains ending where thousands of others start, none
    /// continuing one another, would cost n² comparisons.
    @inline(__always)
    private mutating func startingChain(continuing e: ActiveEdge, before startEnd: Int) -> Int {
        var k = next
        while k < startEnd {
            let s = edges[Int(heads[k])]
            if s.x0 == e.x1 && s.y0 == e.y1 && s.dir == e.dir { break }
            k += 1
        }
        work += k - next
        return k
    }

    /// Chains that start at `y` without continuing another join the active edges (the next sort puts them
    /// in place). True when any joined.
    @inline(__always)
    private mutating func admitStartingChains(at y: Double, startEnd: Int) -> Bool {
        var joined = false
        while next < startEnd {
            let index = Int(heads[next])
            let e = edges[index]
            next += 1
            guard e.y1 > y else { continue }
            active[count] = ActiveEdge(e, index: index, at: y, runSign: 0)
            count += 1
            joined = true
            if e.y1 < nextEnd { nextEnd = e.y1 }
        }
        return joined
    }

    // MARK: Bands

    /// The bands from `y` to the next event `yEvent`, split where neighbours cross. `changed`: the order
    /// or the outline may have changed at `y`, so the first band sorts and walks. False when the band
    /// work ran out.
    @inline(__always)
    private mutating func sweepBands<Sink: SignedSegmentSink>(from y: Double, to yEvent: Double, changed: Bool,
                                                            into sink: inout Sink) -> Bool {
        var changed = changed
        disorderAtBottom = false
        var ya = y
        while ya < yEvent && count > 0 {
            var yb = yEvent
            var moves = 0
            if changed {
                guard let sortMoves = sortActive(at: ya) else { return false }
                moves = sortMoves
            }
            let (crossing, tie) = orderAtBottom(yb)
            // A crossing inside the band: the band ends at the first one, unless all the band's crossings
            // lie deep inside the fill, where they cannot change the outline. (No cap on the splits per
            // event: a band left unsplit at a crossing that matters emits the wrong outline; the work
            // guard below bounds the total.)
            if crossing && yb - ya > Self.minimumBandHeight && !(nonzero && onlyInnerCrossings(at: yb)) {
                yb = firstCrossing(from: ya, to: yb)
            }
            work += count + moves
            if changed || crossing { walkWinding(at: ya, into: &sink) }
            // After a crossing the next band has a new order to find and walk.
            changed = crossing
            disorderAtBottom = crossing || tie
            ya = yb
            if work > CoverageRasterizer.maxBandWork { return false }  // crossings split the bands more than estimated
        }
        return true
    }

    /// Sorts the active edges by x at `ya`, then by slope (an insertion sort: they are nearly sorted
    /// already). Returns the moves it made, nil when they would take the band work past its limit (one
    /// band's sort can cost n²/2 moves: thousands of edges joining at one y in reverse order).
    @inline(__always)
    private func sortActive(at ya: Double) -> Int? {
        let a = active
        var moves = 0
        var i = 1
        while i < count {
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
                if moves > CoverageRasterizer.maxBandWork - work { return nil }
            }
            i += 1
        }
        return moves
    }

    /// Whether neighbours are out of order at `yb`, the band's bottom (`crossing`: they crossed inside the
    /// band), and whether any meet exactly there with the left one going right faster (`tie`: they cross
    /// below it).
    @inline(__always)
    private func orderAtBottom(_ yb: Double) -> (crossing: Bool, tie: Bool) {
        var crossing = false
        var tie = false
        var previous = active[0].x(at: yb)
        for i in 1..<max(count, 1) {
            let x = active[i].x(at: yb)
            if previous > x { crossing = true }
            if previous == x && active[i - 1].dxdy > active[i].dxdy { tie = true }
            previous = x
        }
        return (crossing, tie)
    }

    /// Where the band from `ya` to `yb` ends at its first crossing of neighbours (but at least half the
    /// minimum band height below `ya`).
    @inline(__always)
    private func firstCrossing(from ya: Double, to yb: Double) -> Double {
        let a = active
        var first = yb
        for i in 0..<(count - 1) {
            let bottom0 = a[i].x(at: yb), bottom1 = a[i + 1].x(at: yb)
            guard bottom0 > bottom1 else { continue }
            let gapTop = a[i + 1].x(at: ya) - a[i].x(at: ya)  // ≥ 0
            let gapBottom = bottom1 - bottom0  // < 0
            let t = gapTop / (gapTop - gapBottom)
            let ys = ya + (yb - ya) * t
            if ys < first { first = ys }
        }
        let ys = max(first, ya + Self.minimumBandHeight / 2)
        return ys < yb ? ys : yb
    }

    /// Walks the active edges left to right at `ya`: an edge is on the outline where the rule's inside
    /// changes across it. An edge whose role changes emits the run it had and starts a new one.
    @inline(__always)
    private mutating func walkWinding<Sink: SignedSegmentSink>(at ya: Double, into sink: inout Sink) {
        let a = active
        var winding: Int32 = 0
        for i in 0..<count {
            let before = winding
            winding &+= a[i].dir
            let insideBefore = nonzero ? before != 0 : (before & 1) != 0
            let insideAfter = nonzero ? winding != 0 : (winding & 1) != 0
            let sign: Double = insideBefore == insideAfter ? 0 : (insideAfter ? 1 : -1)
            if sign != a[i].runSign {
                if a[i].runSign != 0 { depositRun(a[i], to: ya, into: &sink) }
                a[i].runSign = sign
                a[i].runStart = ya
            }
        }
    }

    /// Emits the outline run of `e` from where it started down to `y`.
    @inline(__always)
    private mutating func depositRun<Sink: SignedSegmentSink>(_ e: ActiveEdge, to y: Double, into sink: inout Sink) {
        guard y > e.runStart else { return }
        let xa = e.x(at: e.runStart), xb = e.x(at: y)
        work += Int(min((xb - xa).magnitude, width))  // cells it crosses
        sink.deposit(xa, e.runStart, xb, y, e.runSign)
    }

    /// The edge that continues `e` down its contour, or −1: edges arrive contour by contour, in the
    /// contour's order, so an edge going down is continued by the next one added when that one goes down
    /// too and starts exactly where it ends; an edge going up (kept top to bottom, like every edge) by the
    /// one added before it, likewise.
    @inline(__always)
    private static func successor(of e: ActiveEdge, in edges: UnsafeBufferPointer<CoverageRasterizer.Edge>) -> Int {
        let i = Int(e.index)
        let j = e.dir > 0 ? i + 1 : i - 1
        guard j >= 0 && j < edges.count else { return -1 }
        let s = edges[j]
        return s.dir == e.dir && s.x0 == e.x1 && s.y0 == e.y1 ? j : -1
    }
}

// MARK: Crossings that cannot change the outline

extension BandSweep {
    /// True when, under the nonzero rule, none of the crossings between the top of a band and `yb` can
    /// change the outline, so the band needs no split. The edges whose order changes form blocks of
    /// neighbours (a block ends where everything left of it stays left of everything right of it at `yb`;
    /// edges in different blocks keep their order, and two straight edges in the same order at both ends of
    /// a band never cross inside it). Inside a block any order may occur on the way, so the winding numbers
    /// between its edges can be the block's left winding w plus the directions of any of its edges: when
    /// w > 0 and fewer than w of them go up (or the mirror image), every one of those is non-zero — the
    /// block lies deep inside the fill, all its edges off the outline in any order. Stroke outlines that
    /// fold over themselves where a curve is tighter than the pen cross there a lot.
    @inline(__always)
    fileprivate func onlyInnerCrossings(at yb: Double) -> Bool {
        let a = active, n = count
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
}
