import Testing
@testable import SVGIconCore

/// Strokes at most a pixel wide are drawn as hairlines (`Hairline`): the rule that picks them and the exact
/// coverage of their bands.
@Suite("Hairlines")
struct HairlineTests {
    /// Coverage grid of the bands of one contour (device coordinates), filled nonzero.
    private func grid(_ points: [SVGPoint], closed: Bool = false, cap: LineCap = .butt, size: Int = 16) -> [Float] {
        var polygons: [[SVGPoint]] = []
        Hairline.rings(points, closed: closed, cap: cap) { polygons.append($0) }
        return coverageGrid(width: size, height: size, polygons: polygons)
    }

    private func p(_ x: Double, _ y: Double) -> SVGPoint { SVGPoint(x: x, y: y) }

    @Test("The rule: at most 1 px both ways through the transform (Skia's max + min/2 length), alpha the mean")
    func coverageRule() throws {
        #expect(Hairline.coverage(width: 1, transform: .identity) == 1)
        #expect(Hairline.coverage(width: 0.5, transform: SVGTransform(a: 2, b: 0, c: 0, d: 2, e: 7, f: -3)) == 1)
        #expect(Hairline.coverage(width: 0.6, transform: SVGTransform(a: 2, b: 0, c: 0, d: 2, e: 0, f: 0)) == nil)
        #expect(Hairline.coverage(width: 1.0001, transform: .identity) == nil)
        // Non-uniform scale: (1, 0) and (0, 0.25), mean 0.625.
        #expect(Hairline.coverage(width: 0.5, transform: SVGTransform(a: 2, b: 0, c: 0, d: 0.5, e: 0, f: 0)) == 0.625)
        // Rotated 45°: a vector of Euclidean length w measures w·(1/√2)(1 + 1/2) = 1.0607·w.
        let r = 0.5.squareRoot()
        let rotated = SVGTransform(a: r, b: r, c: -r, d: r, e: 0, f: 0)
        #expect(Hairline.coverage(width: 1, transform: rotated) == nil)
        let c = try #require(Hairline.coverage(width: 0.9, transform: rotated))
        #expect(abs(c - 0.9 * r * 1.5) < 1e-12)
        #expect(Hairline.coverage(width: 0, transform: .identity) == nil)
        #expect(Hairline.coverage(width: .infinity, transform: .identity) == nil)
    }

    @Test("A horizontal hairline on a pixel row's centre fills that row, butt ends exactly at the points")
    func horizontalOnCentre() {
        let g = grid([p(2, 10.5), p(8, 10.5)])
        for x in 0..<16 { #expect(g[10 * 16 + x] == ((2..<8).contains(x) ? Float(1) : 0), "x \(x)") }
        #expect(total(g) == 6)
    }

    @Test("Off the centre it splits between two rows by its distance from them, as Skia's hairline does")
    func horizontalBetweenRows() {
        let g = grid([p(2, 10.25), p(8, 10.25)])
        for x in 2..<8 {
            #expect(g[9 * 16 + x] == 0.25)
            #expect(g[10 * 16 + x] == 0.75)
        }
        #expect(abs(total(g) - 6) < 1e-5)
    }

    @Test("A diagonal covers one pixel's worth a column (not √2: the band is 1 px across along y)")
    func diagonalPerColumn() {
        let g = grid([p(1, 1), p(15, 15)])
        for x in 1..<15 {
            let column = (0..<16).reduce(Float(0)) { $0 + g[$1 * 16 + x] }
            #expect(abs(column - 1) < 1e-5, "column \(x): \(column)")
        }
    }

    @Test("Square caps add 0.5 px at each open end, round caps π/8 px; a lone point with a cap is a dot")
    func caps() {
        let square = grid([p(2, 10.5), p(8, 10.5)], cap: .square)
        #expect(square[10 * 16 + 1] == 0.5 && square[10 * 16 + 8] == 0.5 && square[10 * 16 + 2] == 1)
        let round = grid([p(2, 10.5), p(8, 10.5)], cap: .round)
        #expect(abs(Double(round[10 * 16 + 1]) - Double.pi / 8) < 1e-6)
        #expect(abs(total(round) - (6 + Double.pi / 4)) < 1e-5)
        let dot = grid([p(5.5, 5.5)], cap: .round)
        #expect(abs(Double(dot[5 * 16 + 5]) - Double.pi / 4) < 1e-6 && abs(total(dot) - Double.pi / 4) < 1e-6)
        #expect(total(grid([p(5.5, 5.5)], cap: .butt)) == 0)
        #expect(total(grid([p(5.5, 5.5)], closed: true, cap: .round)) == 0)
    }

    @Test("A closed contour has no caps, and where its bands overlap at a corner the overlap counts once")
    func closedCorners() {
        let g = grid([p(2.5, 2.5), p(9.5, 2.5), p(9.5, 9.5), p(2.5, 9.5)], closed: true, cap: .square)
        // Top band [2.5, 9.5] × [2, 3]; right band [9, 10] × [2.5, 9.5]: pixel (9, 2) holds 0.5 + 0.25.
        #expect(g[2 * 16 + 9] == 0.75)
        #expect(g[2 * 16 + 5] == 1 && g[5 * 16 + 9] == 1 && g[5 * 16 + 5] == 0)
        // Nothing beyond the corners: no cap was added.
        #expect(g[2 * 16 + 10] == 0 && g[1 * 16 + 9] == 0)
    }

    @Test("Bands run the same way whichever way a segment goes, so a stroke doubling back is not cancelled")
    func doublingBack() {
        let g = grid([p(2, 10.5), p(8, 10.5), p(3, 10.5)])
        for x in 2..<8 { #expect(g[10 * 16 + x] == 1, "x \(x)") }
        let v = grid([p(4.5, 2), p(4.5, 12), p(4.5, 5)])
        for y in 2..<12 { #expect(v[y * 16 + 4] == 1, "y \(y)") }
    }
}
