import Testing
import SVGIconCore

@Suite("Exact-area coverage")
struct CoverageRasterizerTests {
    @Test("An integer-aligned rectangle covers its pixels exactly 1 and nothing else")
    func integerRectangle() {
        let grid = coverageGrid(width: 10, height: 10, polygons: [rectPolygon(2, 3, 6, 7)])
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (3..<7).contains(y)
                #expect(grid[y * 10 + x] == (inside ? 1 : 0), "pixel (\(x), \(y))")
            }
        }
    }

    @Test("A rectangle on half pixels gives quarter, half and full coverage")
    func halfPixelRectangle() {
        // x 1.5…4.5, y 1.5…3.5
        let grid = coverageGrid(width: 6, height: 5, polygons: [rectPolygon(1.5, 1.5, 4.5, 3.5)])
        let expected: [[Float]] = [
            [0, 0, 0, 0, 0, 0],
            [0, 0.25, 0.5, 0.5, 0.25, 0],
            [0, 0.5, 1, 1, 0.5, 0],
            [0, 0.25, 0.5, 0.5, 0.25, 0],
            [0, 0, 0, 0, 0, 0],
        ]
        for y in 0..<5 {
            for x in 0..<6 {
                #expect(abs(grid[y * 6 + x] - expected[y][x]) < 1e-6, "pixel (\(x), \(y))")
            }
        }
    }

    @Test("Orientation does not matter for nonzero coverage")
    func reversedRectangle() {
        let forward = coverageGrid(width: 8, height: 8, polygons: [rectPolygon(1.25, 2.75, 6.5, 5.1)])
        let backward = coverageGrid(width: 8, height: 8, polygons: [rectPolygon(1.25, 2.75, 6.5, 5.1).reversed()])
        #expect(forward == backward)
    }

    @Test("A diagonal half-pixel triangle covers exactly half of each pixel on the diagonal")
    func diagonal() {
        // Triangle (0,0)-(4,0)-(4,4): pixels on the diagonal are half covered, above it fully.
        let grid = coverageGrid(width: 4, height: 4, polygons: [[SVGPoint(x: 0, y: 0), SVGPoint(x: 4, y: 0), SVGPoint(x: 4, y: 4)]])
        for y in 0..<4 {
            for x in 0..<4 {
                let expected: Float = x > y ? 1 : (x == y ? 0.5 : 0)
                #expect(abs(grid[y * 4 + x] - expected) < 1e-6, "pixel (\(x), \(y))")
            }
        }
    }

    @Test("A circle's total coverage is within 0.1% of πr²")
    func circleArea() {
        for r in [3.0, 7.3, 15.0] {
            let circle = ShapeGeometry.ellipse(cx: 16.3, cy: 15.8, rx: r, ry: r)
            let grid = coverageGrid(width: 33, height: 33, path: circle, tolerance: 0.001)
            let area = Double.pi * r * r
            #expect(abs(total(grid) - area) / area < 0.001, "r = \(r): \(total(grid)) vs \(area)")
        }
    }

    @Test("Evenodd leaves a hole where nonzero fills")
    func evenOddHole() {
        // Two squares, same direction: winding 2 in the middle.
        let polygons = [rectPolygon(1, 1, 9, 9), rectPolygon(3, 3, 7, 7)]
        let nonzero = coverageGrid(width: 10, height: 10, rule: .nonzero, polygons: polygons)
        let evenodd = coverageGrid(width: 10, height: 10, rule: .evenodd, polygons: polygons)
        #expect(nonzero[5 * 10 + 5] == 1)
        #expect(evenodd[5 * 10 + 5] == 0)
        #expect(evenodd[2 * 10 + 2] == 1)
        #expect(total(nonzero) == 64)
        #expect(total(evenodd) == 48)
        // Reversing the inner square makes a hole under nonzero too.
        let reversed = coverageGrid(width: 10, height: 10, rule: .nonzero,
                                    polygons: [rectPolygon(1, 1, 9, 9), rectPolygon(3, 3, 7, 7).reversed()])
        #expect(total(reversed) == 48)
    }

    @Test("Shapes partly or wholly off the canvas are clipped exactly")
    func clipping() {
        // Rectangle from x = -5 to 3.5, y = -2 to 2.25 on a 4 × 4 canvas.
        let grid = coverageGrid(width: 4, height: 4, polygons: [rectPolygon(-5, -2, 3.5, 2.25)])
        #expect(grid[0] == 1 && grid[2] == 1)
        #expect(abs(grid[3] - 0.5) < 1e-6)
        #expect(abs(grid[2 * 4 + 0] - 0.25) < 1e-6)
        #expect(abs(grid[2 * 4 + 3] - 0.125) < 1e-6)
        #expect(grid[3 * 4 + 0] == 0)
        // Extending past the right edge keeps the rest of the row covered.
        let wide = coverageGrid(width: 4, height: 2, polygons: [rectPolygon(1.5, 0, 100, 1)])
        #expect(Array(wide[0..<4]) == [0, 0.5, 1, 1])
        // Entirely outside: nothing.
        let outside = coverageGrid(width: 4, height: 4, polygons: [rectPolygon(10, 10, 20, 20), rectPolygon(-9, 0, -1, 4)])
        #expect(total(outside) == 0)
    }

    @Test("Random polygons, self-intersecting and overlapping, match 64×64 point sampling",
          arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func againstPointSampling(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let size = 12
        // Even seeds: one star-shaped (simple) polygon. Odd seeds: two polygons with vertices anywhere
        // (even off canvas), which self-intersect and overlap each other.
        var polygons: [[SVGPoint]] = []
        if seed % 2 == 0 {
            let count = Int.random(in: 5...14, using: &rng)
            var angles = (0..<count).map { _ in Double.random(in: 0..<(2 * Double.pi), using: &rng) }
            angles.sort()
            let centre = SVGPoint(x: Double.random(in: 3...9, using: &rng), y: Double.random(in: 3...9, using: &rng))
            polygons.append(angles.map { a -> SVGPoint in
                let r = Double.random(in: 1...8, using: &rng)
                return SVGPoint(x: centre.x + r * cos(a), y: centre.y + r * sin(a))
            })
        } else {
            for _ in 0..<2 {
                let count = Int.random(in: 3...9, using: &rng)
                polygons.append((0..<count).map { _ in
                    SVGPoint(x: Double.random(in: -2...14, using: &rng), y: Double.random(in: -2...14, using: &rng))
                })
            }
        }
        for rule in [FillRule.nonzero, .evenodd] {
            let worst = worstDifferenceFromSampling(polygons, rule: rule, size: size)
            // 64 × 64 samples resolve an edge crossing a pixel to about 1/64 of its area.
            #expect(worst < 0.03, "seed \(seed) \(rule): worst difference \(worst)")
        }
    }

    @Test("Polygons on a half-pixel grid — shared vertices, touching contours, collinear and horizontal edges — match 64×64 point sampling",
          arguments: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20] as [UInt64])
    func snappedAgainstPointSampling(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let size = 10
        // Vertices on a 0.5 px grid: edges of different contours start and end at the same points, share
        // rows and columns, run along each other and meet at vertices — what the sweep's hand-over of an
        // ending edge to the one continuing it must get right. A fan of triangles around one vertex, with
        // both orientations, is added every time.
        func snapped() -> SVGPoint {
            SVGPoint(x: Double(Int.random(in: -2...22, using: &rng)) / 2, y: Double(Int.random(in: -2...22, using: &rng)) / 2)
        }
        var polygons: [[SVGPoint]] = []
        for _ in 0..<3 {
            polygons.append((0..<Int.random(in: 3...7, using: &rng)).map { _ in snapped() })
        }
        let hub = snapped()
        for k in 0..<4 {
            let a = snapped(), b = snapped()
            polygons.append(k % 2 == 0 ? [hub, a, b] : [hub, b, a])
        }
        for rule in [FillRule.nonzero, .evenodd] {
            let worst = worstDifferenceFromSampling(polygons, rule: rule, size: size)
            #expect(worst < 0.03, "seed \(seed) \(rule): worst difference \(worst)")
        }
    }

    @Test("Folds deep inside a fill — edges crossing where every winding is non-zero — match 64×64 point sampling",
          arguments: [21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32] as [UInt64])
    func foldsInsideFill(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let size = 12
        // A filled square, and zig-zag polygons that cross themselves many times: some wholly inside the
        // square (their crossings change nothing), some across its edge (there they do). The sweep skips
        // band splits only for the first kind.
        var polygons: [[SVGPoint]] = [rectPolygon(1, 1, 11, 11)]
        for k in 0..<4 {
            let inside = k < 2
            let range = inside ? 2.0...10.0 : -1.0...13.0
            polygons.append((0..<Int.random(in: 6...14, using: &rng)).map { _ in
                SVGPoint(x: Double.random(in: range, using: &rng), y: Double.random(in: range, using: &rng))
            })
        }
        let worst = worstDifferenceFromSampling(polygons, rule: .nonzero, size: size)
        #expect(worst < 0.03, "seed \(seed): worst difference \(worst)")
    }

    @Test("Edges inside a fill that cross in a chain, not in separate pairs, still split the band: a hole opens")
    func chainedCrossingsInsideFill() {
        // Winding 2 from two copies of a large rectangle. Two self-crossing quadrilaterals add edges a0 (down),
        // a1 (up), a2 (down), a3 (up), left to right at y = 0, all running to y = 10 in one band. At y = 10
        // a0 has passed a1 and a3, and a2 has passed a3: seen in neighbouring pairs each swap keeps every
        // winding non-zero, but where a0 passes a3 the winding between them drops to 2 − 1 − 1 = 0.
        let background = [SVGPoint(x: 0, y: -1), SVGPoint(x: 0, y: 11), SVGPoint(x: 12, y: 11), SVGPoint(x: 12, y: -1)]
        let first = [SVGPoint(x: 2, y: 0), SVGPoint(x: 6.5, y: 10), SVGPoint(x: 3, y: 10), SVGPoint(x: 3, y: 0)]
        let second = [SVGPoint(x: 4, y: 0), SVGPoint(x: 7, y: 10), SVGPoint(x: 5, y: 10), SVGPoint(x: 5, y: 0)]
        let polygons = [background, background, first, second]
        let grid = coverageGrid(width: 12, height: 12, polygons: polygons)
        #expect(grid[9 * 12 + 5] < 0.9, "the hole between a3 and a0 near the bottom")
        let worst = worstDifferenceFromSampling(polygons, rule: .nonzero, size: 12)
        #expect(worst < 0.03, "worst difference \(worst)")
    }

    @Test("Hundreds of crossings between two edge ends each split the band, however many there are",
          arguments: [41, 42, 43, 44] as [UInt64])
    func manyCrossingsInOneBand(seed: UInt64) {
        // A zig-zag whose 24 edges all run from the top row to the bottom one, so no edge starts or ends in
        // between, and cross each other about 150 times there. The sweep used to stop splitting after 64
        // crossings per stretch between edge ends and deposit the rest of the stretch in a stale order (a
        // Tabler pin's folded stroke at 256 px lost 18 % of a pixel that way).
        var rng = SplitMix64(seed: seed)
        var zigzag: [SVGPoint] = []
        for _ in 0..<12 {
            zigzag.append(SVGPoint(x: Double.random(in: 0.5...11.5, using: &rng), y: 0.25))
            zigzag.append(SVGPoint(x: Double.random(in: 0.5...11.5, using: &rng), y: 11.75))
        }
        for rule in [FillRule.nonzero, .evenodd] {
            let worst = worstDifferenceFromSampling([zigzag], rule: rule, size: 12)
            #expect(worst < 0.03, "seed \(seed) \(rule): worst difference \(worst)")
        }
    }

    @Test("Coverage does not depend on where a contour starts, which way it runs or the order of contours")
    func startAndOrderInvariance() {
        // A contour that passes through one vertex twice (two lobes meeting at (5, 5)) and a second contour
        // sharing that vertex and running along one of its edges: chains of edges that continue each other
        // break where a contour starts and ends, and meet other chains at shared vertices.
        let lobes: [SVGPoint] = [
            SVGPoint(x: 5, y: 5), SVGPoint(x: 1.5, y: 1.25), SVGPoint(x: 8.75, y: 0.5), SVGPoint(x: 5, y: 5),
            SVGPoint(x: 9.5, y: 9.25), SVGPoint(x: 0.25, y: 8.5),
        ]
        let wedge: [SVGPoint] = [SVGPoint(x: 5, y: 5), SVGPoint(x: 9.5, y: 9.25), SVGPoint(x: 9.75, y: 3.5)]
        for rule in [FillRule.nonzero, .evenodd] {
            let reference = coverageGrid(width: 10, height: 10, rule: rule, polygons: [lobes, wedge])
            for start in lobes.indices {
                for reversed in [false, true] {
                    var contour = Array(lobes[start...] + lobes[..<start])
                    if reversed { contour.reverse() }
                    for polygons in [[contour, wedge], [wedge, contour], [contour, wedge.reversed()]] {
                        let grid = coverageGrid(width: 10, height: 10, rule: rule, polygons: polygons)
                        let worst = zip(grid, reference).map { abs($0 - $1) }.max() ?? 0
                        // (The wedge only touches the lobes, so its own direction changes nothing either.)
                        #expect(worst < 1e-5, "start \(start) reversed \(reversed) \(rule): \(worst)")
                    }
                }
            }
        }
    }

    @Test("A shape drawn twice covers its edge pixels once, not twice")
    func duplicateContours() {
        let once = coverageGrid(width: 8, height: 8, polygons: [rectPolygon(1.25, 1.5, 6.75, 6.5)])
        let twice = coverageGrid(width: 8, height: 8, polygons: [rectPolygon(1.25, 1.5, 6.75, 6.5), rectPolygon(1.25, 1.5, 6.75, 6.5)])
        #expect(once == twice)
        #expect(abs(once[1 * 8 + 1] - 0.375) < 1e-6)
    }

    /// The largest difference, over a size × size canvas, between the rasterizer's coverage and 64 × 64
    /// point sampling.
    private func worstDifferenceFromSampling(_ polygons: [[SVGPoint]], rule: FillRule, size: Int) -> Float {
        let grid = coverageGrid(width: size, height: size, rule: rule, polygons: polygons)
        var worst: Float = 0
        for y in 0..<size {
            for x in 0..<size {
                let sampled = sampledCoverage(polygons, rule: rule, x: x, y: y, samples: 64)
                worst = max(worst, abs(sampled - grid[y * size + x]))
            }
        }
        return worst
    }

    /// Fraction of an n × n grid of sample points inside the polygons under `rule`.
    private func sampledCoverage(_ polygons: [[SVGPoint]], rule: FillRule, x: Int, y: Int, samples n: Int) -> Float {
        var inside = 0
        for sy in 0..<n {
            let py = Double(y) + (Double(sy) + 0.5) / Double(n)
            // Crossings of the horizontal line through py, with direction.
            var crossings: [(Double, Int)] = []
            for polygon in polygons {
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                if (a.y <= py) != (b.y <= py) {
                    let t = (py - a.y) / (b.y - a.y)
                    crossings.append((a.x + t * (b.x - a.x), a.y < b.y ? 1 : -1))
                }
            }
            }
            for sx in 0..<n {
                let px = Double(x) + (Double(sx) + 0.5) / Double(n)
                var winding = 0
                for (cx, d) in crossings where cx < px { winding += d }
                if rule == .nonzero ? winding != 0 : winding % 2 != 0 { inside += 1 }
            }
        }
        return Float(inside) / Float(n * n)
    }
}

// Test-only trigonometry (the core has its own; tests use the platform's for independence).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
