/// Exact-area anti-aliased coverage of polygons on a pixel grid, with exact nonzero and evenodd rules
/// even where contours overlap.
///
/// Pixel (x, y) covers [x, x+1) × [y, y+1). The work is done by three parts, each in its own file:
/// - `BandSweep` finds the outline of the filled region — the edges where the fill rule's inside actually
///   changes — band by band, and emits it as signed segments;
/// - `CoverageCells` / `CellAccumulator` take those segments: per pixel row, each deposits the exact signed
///   area it leaves to its right into the cell it passes through and the next one, and a running sum
///   along every row then gives each pixel's covered area;
/// - `LinearFallback` bounds the work for hostile shapes: their edges are deposited as they are, with
///   their winding direction, and the fill rule is applied to the running sums.
///
/// So coverage is the exact area of the filled region inside each pixel: overlapping contours (a stroke
/// drawn twice, crossing strokes, a stroke outline folding over itself at a sharp corner) are not counted
/// twice at anti-aliased edges, as a plain signed-area accumulator (sum, then clamp) would. Only the
/// linear fallback has that weakness.
///
/// Cost: the sweep keeps its edges sorted from band to band and re-walks them only where edges really
/// join, leave or cross, and only cells that received area are summed, so a shape costs its outline, not
/// its area.
package struct CoverageRasterizer {
    package private(set) var width: Int
    package private(set) var height: Int
    /// Where the current shape's area goes, and where its coverage is summed from.
    var cells: CoverageCells
    /// The current shape's edges, in the order they were added (empty while `depositsWinding`).
    var edges: [Edge] = []
    private var bandSweepScratch = BandSweep.Scratch()
    var fallback = LinearFallback()
    /// The current shape is being accumulated by the linear fallback (edges deposited as they arrive).
    var depositsWinding = false

    /// Largest coordinate magnitude kept as is (2⁴⁰ px); anything beyond is clamped to it.
    package static let coordinateLimit = 1_099_511_627_776.0
    /// Band work (the number of edges active in each band, summed over the bands, plus the moves that keep
    /// them sorted) above which a shape's coverage is accumulated in one linear pass instead of the exact
    /// band sweep. See `LinearFallback`.
    package static let maxBandWork = 1 << 21
    /// Edges one shape may keep for the band sweep (48 MiB); a shape with more is accumulated in one linear
    /// pass as its edges arrive, without keeping them.
    package static let maxEdges = 1 << 20
    /// Edges' worth of scratch a reset keeps (far more than any icon needs: Lucide icons have hundreds).
    static let keptScratchEdges = 1 << 16
    /// The part of the output being drawn (an offscreen layer's pixels; the whole canvas by default), in
    /// device pixels: `addLine` subtracts its corner — whole pixels, so exactly for every point inside it —
    /// and `sweep` hands out only the runs that fall on its width × height.
    var region: PixelRegion
    /// Work done since creation: `addLine` calls, rows deposited, band-sweep steps and cells swept. What a
    /// render's budget counts.
    package internal(set) var work = 0
    /// Past this much `work`, `addLine` ignores further edges (the caller is expected to stop drawing).
    package var workLimit = Int.max

    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.region = PixelRegion(x: 0, y: 0, width: self.width, height: self.height)
        self.cells = CoverageCells(width: self.width, height: self.height)
        // Room for an icon's edges up front, rather than growing from empty in every render.
        edges.reserveCapacity(256)
    }

    /// Forgets everything added since the last sweep and the work counted, keeping the buffers: ready for
    /// another render, as a new rasterizer of the same size would be.
    package mutating func reset() {
        // Scratch grown by an unusual shape (a hostile one can keep 48 MiB of edges) is let go rather than
        // kept for every render after it.
        let keep = Self.keptScratchEdges
        if edges.capacity > keep { edges = []; edges.reserveCapacity(256) }
        bandSweepScratch.shrink(keeping: keep)
        fallback.shrink(keeping: keep)
        edges.removeAll(keepingCapacity: true)
        cells.discard(work: &work)
        depositsWinding = false
        work = 0
        region = PixelRegion(x: 0, y: 0, width: width, height: height)
    }

    /// The rows (relative to `region`'s corner) whose coverage the sweeps hand out: all of them unless a
    /// banded render draws fewer at a time. Change it only between shapes. Setting it with `shrinking`
    /// lets go of cells kept for a larger window.
    package var rowWindow: Range<Int> { cells.window }

    /// Makes the sweeps hand out only the rows `rows` (relative to `region`'s corner; cut to the canvas),
    /// keeping cells for those rows only. Deposits in other rows are dropped; the rows kept get exactly the
    /// coverage a whole-canvas sweep gives them.
    package mutating func setRowWindow(_ rows: Range<Int>, shrinking: Bool = false) {
        cells.setWindow(rows, shrinking: shrinking)
    }

    /// True when nothing has been added since the last sweep.
    package var isEmpty: Bool { edges.isEmpty && !depositsWinding }

    /// Adds the edge from `p0` to `p1` (device pixels). Horizontal edges and edges with a NaN coordinate
    /// are ignored; coordinates beyond ±`coordinateLimit` (infinities included) are clamped to it.
    package mutating func addLine(_ p0: SVGPoint, _ p1: SVGPoint) {
        guard work <= workLimit else { return }
        work += 1
        guard let edge = Edge(from: p0, to: p1, offsetX: Double(region.x), offsetY: Double(region.y),
                              height: Double(height)) else { return }
        // The rows it is deposited into (those the cells hold), and its place in the sweep.
        let window = cells.window
        work += 4 * Int(max(0, min(edge.y1, Double(window.upperBound)) - max(edge.y0, Double(window.lowerBound)))) + 8
        if depositsWinding {
            cells.withAccumulator { $0.deposit(edge.x0, edge.y0, edge.x1, edge.y1, Double(edge.dir)) }
            return
        }
        edges.append(edge)
        if edges.count >= Self.maxEdges { depositEdgesAsWinding() }
    }

    // MARK: Sweep

    /// Turns the edges added since the last sweep into coverage and hands it to `body` as runs:
    /// (y, x0, x1, coverage) says every pixel x0..<x1 of row y is covered `coverage` (in 0…1, never 0).
    /// Runs come left to right within a row, rows top to bottom, all inside `region` and `rowWindow` (x
    /// relative to the region's corner, y to the window's first row). Clears what it used, so the
    /// rasterizer is ready for the next shape.
    ///
    /// Only cells that received area are visited; between two of them the coverage cannot change, so a
    /// large shape costs its outline, not its area.
    package mutating func sweep(rule: FillRule,
                               _ body: (_ y: Int, _ x0: Int, _ x1: Int, _ coverage: Float) -> Void) {
        depositCoverage(rule: rule)
        // Cells outside the region are still read (and cleared); only their runs are not handed out.
        cells.sweepRuns(regionWidth: min(width, region.width), regionHeight: min(height, region.height),
                        work: &work, body)
    }

    /// Leaves the current shape's coverage in the cells as differences along each row: its outline from
    /// the band sweep, or the linear fallback's winding turned into coverage.
    private mutating func depositCoverage(rule: FillRule) {
        if depositsWinding { return finishWinding(rule: rule) }
        guard !edges.isEmpty else { return }
        // Hostile-input guard: too much band work for the edges is done the bounded way instead.
        if bandSweepIsTooCostly() {
            work += 2 * edges.count
            depositEdgesAsWinding()
            return finishWinding(rule: rule)
        }
        let (bandWork, finished) = sweepOutline(rule: rule)
        if !finished {
            // The outline is only partly deposited: start again the bounded way.
            cells.discard(work: &work)
            depositEdgesAsWinding(abandonedBandWork: bandWork)
            return finishWinding(rule: rule)
        }
        work += 16 * bandWork  // a band step costs about as much as sixteen swept cells
        edges.removeAll(keepingCapacity: true)
    }

    /// Runs the band sweep over the edges kept, depositing the outline into the cells. Returns its band
    /// work and whether it finished (false: it gave up past `maxBandWork`).
    private mutating func sweepOutline(rule: FillRule) -> (work: Int, finished: Bool) {
        bandSweepScratch.prepare(for: edges)
        var result = (work: 0, finished: true)
        let width = self.width
        cells.withAccumulator { accumulator in
            edges.withUnsafeBufferPointer { edges in
                bandSweepScratch.withSweep(of: edges, rule: rule, width: width) { sweep in
                    let finished = sweep.run(into: &accumulator)
                    result = (sweep.work, finished)
                }
            }
        }
        return result
    }
}
