import SVGIconCore

/// Rasterizes polygons (device coordinates) and returns the coverage grid, row-major.
func coverageGrid(width: Int, height: Int, rule: FillRule = .nonzero, polygons: [[SVGPoint]]) -> [Float] {
    var rasterizer = CoverageRasterizer(width: width, height: height)
    for polygon in polygons {
        for i in polygon.indices {
            rasterizer.addLine(polygon[i], polygon[(i + 1) % polygon.count])
        }
    }
    var grid = [Float](repeating: 0, count: width * height)
    rasterizer.sweep(rule: rule) { y, x0, x1, coverage in
        for x in x0..<x1 { grid[y * width + x] = coverage }
    }
    return grid
}

/// Coverage grid of a path filled through a transform.
func coverageGrid(width: Int, height: Int, path: SVGPath, transform: SVGTransform = .identity,
                  rule: FillRule = .nonzero, tolerance: Double = 0.01) -> [Float] {
    var rasterizer = CoverageRasterizer(width: width, height: height)
    PathFlattener.forEachFillEdge(path, transform: transform, tolerance: tolerance) { rasterizer.addLine($0, $1) }
    var grid = [Float](repeating: 0, count: width * height)
    rasterizer.sweep(rule: rule) { y, x0, x1, coverage in
        for x in x0..<x1 { grid[y * width + x] = coverage }
    }
    return grid
}

/// Coverage grid of a stroke (all stroker polygons filled nonzero).
func strokeCoverage(width: Int, height: Int, path: SVGPath, style: StrokeStyle,
                    tolerance: Double = 0.001) -> [Float] {
    var rasterizer = CoverageRasterizer(width: width, height: height)
    let stroker = Stroker(style: style, tolerance: tolerance)
    for contour in PathFlattener.contours(of: path, tolerance: tolerance) {
        stroker.stroke(contour) { polygon in
            for i in polygon.indices { rasterizer.addLine(polygon[i], polygon[(i + 1) % polygon.count]) }
        }
    }
    var grid = [Float](repeating: 0, count: width * height)
    rasterizer.sweep(rule: .nonzero) { y, x0, x1, coverage in
        for x in x0..<x1 { grid[y * width + x] = coverage }
    }
    return grid
}

func path(_ d: String) -> SVGPath {
    PathDataParser.parse(d).path
}

func total(_ grid: [Float]) -> Double { grid.reduce(0) { $0 + Double($1) } }

func rectPolygon(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [SVGPoint] {
    [SVGPoint(x: x0, y: y0), SVGPoint(x: x1, y: y0), SVGPoint(x: x1, y: y1), SVGPoint(x: x0, y: y1)]
}

/// `count` values spread over 0…1 from a linear congruential sequence started at `seed` (the top 24 bits of
/// each step), the same on every run: the "and a spread of others" of the bit-for-bit tests.
func spreadFloats(_ count: Int, seed: UInt32) -> [Float] {
    var x = seed, v: [Float] = []
    for _ in 0..<count {
        x = x &* 1_664_525 &+ 1_013_904_223
        v.append(Float(x >> 8) / Float(1 << 24))
    }
    return v
}

/// A small deterministic random generator (tests must be repeatable).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
