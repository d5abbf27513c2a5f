#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SVGIconCore

/// The rasterizer's three parts driven on their own: the cell accumulator, the band sweep and the linear
/// fallback. (`CoverageRasterizerTests` checks them together, through the public API.)
@Suite("Rasterizer parts")
struct RasterPartsTests {
    // MARK: Cell accumulator

    @Test("A vertical segment leaves its area to its right in the cell it passes through and the next one")
    func verticalSegmentArea() {
        var cells = CoverageCells(width: 4, height: 2)
        cells.withAccumulator { $0.deposit(1.25, 0, 1.25, 1, 1) }
        #expect(cellValues(cells, row: 0) == [0, 0.75, 0.25, 0, 0, 0])
        #expect(cellValues(cells, row: 1) == [0, 0, 0, 0, 0, 0])
        #expect(cells.minY == 0 && cells.maxY == 0)
    }

    @Test("A slanted segment across three cells splits its height by the distance it covers in each")
    func slantedSegmentArea() {
        // (0, 0) to (2, 1): half the row's height in each of cells 0 and 1, a quarter of each half going
        // to the cell right of it.
        var cells = CoverageCells(width: 4, height: 1)
        cells.withAccumulator { $0.deposit(0, 0, 2, 1, 1) }
        #expect(cellValues(cells, row: 0) == [0.25, 0.5, 0.25, 0, 0, 0])
        // Prefix sums: the area right of the line in pixels 0, 1 and 2 (a quarter, three quarters, all).
        #expect(sweptGrid(&cells) == [0.25, 0.75, 1, 1])
    }

    @Test("A segment over two rows deposits each row's part; a negative sign deposits negative area")
    func twoRowsNegativeSign() {
        var cells = CoverageCells(width: 3, height: 3)
        cells.withAccumulator { $0.deposit(2.5, 0.5, 2.5, 2, -1) }
        #expect(cellValues(cells, row: 0) == [0, 0, -0.25, -0.25, 0])
        #expect(cellValues(cells, row: 1) == [0, 0, -0.5, -0.5, 0])
        #expect(cellValues(cells, row: 2) == [0, 0, 0, 0, 0])
        #expect(cells.minY == 0 && cells.maxY == 1)
    }

    @Test("Parts left of the canvas count as an edge at x = 0; parts right of it deposit nothing")
    func depositClipping() {
        var cells = CoverageCells(width: 4, height: 1)
        cells.withAccumulator { $0.deposit(-3, 0, -1, 1, 1) }
        #expect(cellValues(cells, row: 0) == [1, 0, 0, 0, 0, 0])
        var right = CoverageCells(width: 4, height: 1)
        right.withAccumulator { $0.deposit(4, 0, 7, 1, 1) }
        #expect(right.minY > right.maxY)
        #expect(sweptGrid(&right) == [0, 0, 0, 0])
    }

    @Test("The prefix sum hands out one run per stretch of equal coverage, and clears the cells")
    func prefixSumRuns() {
        var cells = CoverageCells(width: 6, height: 2)
        cells.withAccumulator { accumulator in
            accumulator.deposit(1.5, 1, 1.5, 2, 1)
            accumulator.deposit(4.5, 1, 4.5, 2, -1)
        }
        var runs: [Run] = []
        var work = 0
        cells.sweepRuns(regionWidth: 6, regionHeight: 2, work: &work) {
            runs.append(Run(y: $0, x0: $1, x1: $2, coverage: $3))
        }
        #expect(runs == [Run(y: 1, x0: 1, x1: 2, coverage: 0.5), Run(y: 1, x0: 2, x1: 4, coverage: 1),
                         Run(y: 1, x0: 4, x1: 5, coverage: 0.5)])
        // One word scanned in the one dirty row, and the 4 pixels handed out.
        #expect(work == 1 + 4)
        #expect(cellValues(cells, row: 1) == [0, 0, 0, 0, 0, 0, 0, 0])
        #expect(sweptGrid(&cells) == [Float](repeating: 0, count: 12))
    }

    @Test("Winding numbers become nonzero coverage min(1, |w|) and evenodd coverage |w − 2·round(w/2)|")
    func windingClamp() {
        // Winding 0, 1, 1.5 (half of the pixel right of x = 2.5), 2, 2, 0 across the row; negative too.
        func deposits(_ sign: Double) -> (inout CellAccumulator) -> Void {
            { accumulator in
                accumulator.deposit(1, 0, 1, 1, sign)
                accumulator.deposit(2.5, 0, 2.5, 1, sign)
                accumulator.deposit(5, 0, 5, 1, -sign)
                accumulator.deposit(5, 0, 5, 1, -sign)
            }
        }
        for sign in [1.0, -1.0] {
            var nonzero = CoverageCells(width: 6, height: 1)
            nonzero.withAccumulator(deposits(sign))
            var work = 0
            nonzero.windingToCoverage(rule: .nonzero, work: &work)
            #expect(sweptGrid(&nonzero) == [0, 1, 1, 1, 1, 0], "sign \(sign)")
            var evenodd = CoverageCells(width: 6, height: 1)
            evenodd.withAccumulator(deposits(sign))
            evenodd.windingToCoverage(rule: .evenodd, work: &work)
            #expect(sweptGrid(&evenodd) == [0, 1, 0.5, 0, 0, 0], "sign \(sign)")
        }
    }

    // MARK: Band sweep

    @Test("The band sweep emits only the outline: edges between two insides under nonzero are left out")
    func bandSweepSegments() {
        let square = rectPolygon(1, 1, 3, 3)
        #expect(bandSweepSegments(rasterEdges([square, square], height: 8), rule: .nonzero, width: 8)
                == [Segment(x0: 1, y0: 1, x1: 1, y1: 3, sign: 1), Segment(x0: 3, y0: 1, x1: 3, y1: 3, sign: -1)])
        // A square inside another, both the same way round: winding 2 inside the inner one.
        let nested = rasterEdges([rectPolygon(1, 1, 7, 7), rectPolygon(3, 3, 5, 5)], height: 8)
        #expect(bandSweepSegments(nested, rule: .nonzero, width: 8).sorted { $0.x0 < $1.x0 }
                == [Segment(x0: 1, y0: 1, x1: 1, y1: 7, sign: 1), Segment(x0: 7, y0: 1, x1: 7, y1: 7, sign: -1)])
        #expect(bandSweepSegments(nested, rule: .evenodd, width: 8).sorted { $0.x0 < $1.x0 } == [
            Segment(x0: 1, y0: 1, x1: 1, y1: 7, sign: 1), Segment(x0: 3, y0: 3, x1: 3, y1: 5, sign: -1),
            Segment(x0: 5, y0: 3, x1: 5, y1: 5, sign: 1), Segment(x0: 7, y0: 1, x1: 7, y1: 7, sign: -1),
        ])
    }

    @Test("A contour's edges that continue each other are emitted as they are, one segment per edge")
    func bandSweepChain() {
        // A diamond: two chains (left and right), each of two edges.
        let diamond = [SVGPoint(x: 2, y: 0), SVGPoint(x: 4, y: 2), SVGPoint(x: 2, y: 4), SVGPoint(x: 0, y: 2)]
        let segments = bandSweepSegments(rasterEdges([diamond], height: 4), rule: .nonzero, width: 4)
        // Emitted as each edge ends, left to right.
        #expect(segments == [
            Segment(x0: 2, y0: 0, x1: 0, y1: 2, sign: 1), Segment(x0: 2, y0: 0, x1: 4, y1: 2, sign: -1),
            Segment(x0: 0, y0: 2, x1: 2, y1: 4, sign: 1), Segment(x0: 4, y0: 2, x1: 2, y1: 4, sign: -1),
        ])
    }

    // MARK: Linear fallback

    @Test("The linear fallback gives the band sweep's coverage where contours do not overlap")
    func linearFallbackMatchesBandSweep() {
        // A triangle (diagonal through pixel corners) and a rectangle on half pixels: every value exact.
        let polygons = [[SVGPoint(x: 0, y: 0), SVGPoint(x: 4, y: 0), SVGPoint(x: 4, y: 4)], rectPolygon(4.5, 1.5, 7, 3)]
        for rule in [FillRule.nonzero, .evenodd] {
            let linear = linearFallbackGrid(polygons, rule: rule, width: 8, height: 5)
            let swept = coverageGrid(width: 8, height: 5, rule: rule, polygons: polygons)
            #expect(linear == swept, "\(rule)")
            #expect(Array(linear[0..<8]) == [0.5, 1, 1, 1, 0, 0, 0, 0], "\(rule)")
            #expect(Array(linear[8..<16]) == [0, 0.5, 1, 1, 0.25, 0.5, 0.5, 0], "\(rule)")
            #expect(Array(linear[16..<24]) == [0, 0, 0.5, 1, 0.5, 1, 1, 0], "\(rule)")
        }
        // A smooth curve: the same up to rounding.
        let circle = [(0..<64).map { k -> SVGPoint in
            let a = Double(k) * 2 * Double.pi / 64
            return SVGPoint(x: 6.3 + 4.7 * cos(a), y: 5.9 + 4.7 * sin(a))
        }]
        let linear = linearFallbackGrid(circle, rule: .nonzero, width: 12, height: 12)
        let swept = coverageGrid(width: 12, height: 12, polygons: circle)
        #expect(zip(linear, swept).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(abs(total(linear) - total(swept)) < 1e-5)
    }

    @Test("Where contours overlap inside a pixel the linear fallback adds them up, the band sweep does not")
    func linearFallbackOverlap() {
        let twice = [rectPolygon(1.5, 0, 3, 1), rectPolygon(1.5, 0, 3, 1)]
        #expect(linearFallbackGrid(twice, rule: .nonzero, width: 4, height: 1) == [0, 1, 1, 0])
        #expect(coverageGrid(width: 4, height: 1, polygons: twice) == [0, 0.5, 1, 0])
    }

    // MARK: Helpers

    struct Run: Equatable {
        var y: Int, x0: Int, x1: Int, coverage: Float
    }

    struct Segment: Equatable {
        var x0: Double, y0: Double, x1: Double, y1: Double, sign: Double
    }

    @Test("Cells holding a window of rows get exactly the whole canvas's values in those rows, none outside")
    func rowWindow() {
        let segments: [(Double, Double, Double, Double, Double)] = [
            (0.3, 0.2, 5.7, 7.9, 1), (5.1, 1.5, 0.4, 6.0, -1), (2.5, 3.0, 2.5, 4.0, 1), (6.5, 0.0, -3, 8, 1),
        ]
        var whole = CoverageCells(width: 6, height: 8)
        whole.withAccumulator { a in for s in segments { a.deposit(s.0, s.1, s.2, s.3, s.4) } }
        var window = CoverageCells(width: 6, height: 8)
        window.setWindow(3..<5)
        window.withAccumulator { a in for s in segments { a.deposit(s.0, s.1, s.2, s.3, s.4) } }
        #expect(window.minY == 0 && window.maxY == 1)
        for row in 3..<5 { #expect(cellValues(window, row: row) == cellValues(whole, row: row), "row \(row)") }
        // Runs come out by window row.
        var rows = Set<Int>()
        var work = 0
        window.sweepRuns(regionWidth: 6, regionHeight: 8, work: &work) { y, _, _, _ in rows.insert(y) }
        #expect(rows == [0, 1])
        // A segment entirely outside the window leaves nothing.
        var outside = CoverageCells(width: 6, height: 8)
        outside.setWindow(3..<5)
        outside.withAccumulator { $0.deposit(1, 5.5, 2, 7, 1) }
        #expect(outside.minY > outside.maxY)
    }

    /// Records what the band sweep emits.
    struct SegmentRecorder: SignedSegmentSink {
        var segments: [Segment] = []
        mutating func deposit(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ sign: Double) {
            segments.append(Segment(x0: x0, y0: y0, x1: x1, y1: y1, sign: sign))
        }
    }

    /// Cells 0 ..< width + 2 of `row` (0 where untouched).
    private func cellValues(_ cells: CoverageCells, row: Int) -> [Float] {
        (0..<cells.stride).map { cells.value(x: $0, y: row) }
    }

    /// The coverage `sweepRuns` hands out, as a grid.
    private func sweptGrid(_ cells: inout CoverageCells) -> [Float] {
        let width = cells.width
        var grid = [Float](repeating: 0, count: width * cells.height)
        var work = 0
        cells.sweepRuns(regionWidth: width, regionHeight: cells.height, work: &work) { y, x0, x1, coverage in
            for x in x0..<x1 { grid[y * width + x] = coverage }
        }
        return grid
    }

    /// The polygons' edges as the rasterizer keeps them, in the order it would.
    private func rasterEdges(_ polygons: [[SVGPoint]], height: Int) -> [CoverageRasterizer.Edge] {
        polygons.flatMap { polygon in
            polygon.indices.compactMap { i in
                CoverageRasterizer.Edge(from: polygon[i], to: polygon[(i + 1) % polygon.count], offsetX: 0, offsetY: 0,
                                        height: Double(height))
            }
        }
    }

    private func bandSweepSegments(_ edges: [CoverageRasterizer.Edge], rule: FillRule, width: Int) -> [Segment] {
        var scratch = BandSweep.Scratch()
        scratch.prepare(for: edges)
        var recorder = SegmentRecorder()
        let finished = edges.withUnsafeBufferPointer { edges in
            scratch.withSweep(of: edges, rule: rule, width: width) { $0.run(into: &recorder) }
        }
        #expect(finished)
        return recorder.segments
    }

    private func linearFallbackGrid(_ polygons: [[SVGPoint]], rule: FillRule, width: Int, height: Int) -> [Float] {
        let edges = rasterEdges(polygons, height: height)
        var cells = CoverageCells(width: width, height: height)
        cells.withAccumulator { LinearFallback.depositWinding(of: edges, into: &$0) }
        var work = 0
        cells.windingToCoverage(rule: rule, work: &work)
        return sweptGrid(&cells)
    }
}
