/// Coverage without the band sweep, linear in the edges, for shapes whose sweep would cost too much
/// (hostile input: a great many edges sharing rows, or more edges than the sweep may keep).
///
/// Each edge deposits its winding direction as it is (the plain signed-area accumulation of font-rs), and
/// `CoverageCells.windingToCoverage` applies the fill rule to the running sums. Exact wherever contours do
/// not overlap inside a pixel; where they do, a pixel can come out darker than its exact area.
struct LinearFallback {
    /// Scratch for `estimatedBandWork`, kept between shapes.
    private var eventYs: [Double] = []
    private var startYs: [Double] = []

    /// Shapes with more edges than this have their band work estimated before the sweep; smaller ones
    /// cannot pass `CoverageRasterizer.maxBandWork` by much.
    static let estimatedEdgeCount = 512

    /// Deposits every edge with its direction as the sign.
    @inline(__always)
    static func depositWinding<Sink: SignedSegmentSink>(of edges: [CoverageRasterizer.Edge], into sink: inout Sink) {
        for e in edges { sink.deposit(e.x0, e.y0, e.x1, e.y1, Double(e.dir)) }
    }

    /// The band sweep's work for `edges`, counted until it passes `limit`: for every distinct event y, the
    /// number of edges active from there. An edge is active at y when it started at or before y and ends
    /// after it; since `eventYs` holds every start and every end, that is 2·#(starts ≤ y) − #(events ≤ y).
    mutating func estimatedBandWork(of edges: [CoverageRasterizer.Edge], limit: Int) -> Int {
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
            if work > limit { return work }
        }
        return work
    }

    /// Lets go of scratch grown past `keep` edges' worth (a hostile shape's) rather than keeping it.
    mutating func shrink(keeping keep: Int) {
        if startYs.capacity > keep { startYs = [] }
        if eventYs.capacity > 2 * keep { eventYs = [] }
    }
}

extension CoverageRasterizer {
    /// Whether the band sweep of the edges kept would cost more than `maxBandWork` (checked only for shapes
    /// large enough to get there).
    mutating func bandSweepIsTooCostly() -> Bool {
        edges.count > LinearFallback.estimatedEdgeCount
            && fallback.estimatedBandWork(of: edges, limit: Self.maxBandWork) > Self.maxBandWork
    }

    /// Switches the current shape to the linear fallback: the edges kept so far are deposited now, later
    /// ones as they arrive (see `addLine`). `abandonedBandWork` is what a band sweep given up half-way spent.
    mutating func depositEdgesAsWinding(abandonedBandWork: Int = 0) {
        work += 16 * abandonedBandWork
        let edges = self.edges
        cells.withAccumulator { LinearFallback.depositWinding(of: edges, into: &$0) }
        self.edges.removeAll(keepingCapacity: true)
        depositsWinding = true
    }

    /// Ends the linear fallback for the current shape: the cells' winding numbers become the rule's
    /// coverage, ready for `sweep`.
    mutating func finishWinding(rule: FillRule) {
        depositsWinding = false
        cells.windingToCoverage(rule: rule, work: &work)
    }
}
