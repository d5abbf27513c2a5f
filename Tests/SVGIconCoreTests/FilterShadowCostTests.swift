import Testing
@testable import SVGIconCore

/// What keeps a drop shadow cheap: the plane blur computed only where the content can reach, the drop
/// shadow of another colour kept as two planes, the plane composite 4 values at a time — each giving the
/// values of the longer way.
@Suite("Filter shadow cost")
struct FilterShadowCostTests {
    /// A 53 × 41 plane, nonzero only in columns 20…31 and rows 9…17 (values of a few bits: exact sums).
    static let plane: FilterAlpha = {
        var p = FilterAlpha(width: 53, height: 41)
        for y in 9...17 {
            for x in 20...31 { p.alpha[y * 53 + x] = Float((x * 5 + y * 3) % 9) / 8 }
        }
        p.alpha[9 * 53 + 20] = 0.75
        p.alpha[17 * 53 + 31] = 0.5
        return p
    }()

    @Test("bounds(holding: .nonzero): the smallest rectangle of values that are not 0; nil for a plane of zeros")
    func bounds() {
        #expect(Self.plane.bounds(holding: .nonzero) == FilterPixelRect(x: 20, y: 9, width: 12, height: 9))
        #expect(FilterAlpha(width: 7, height: 3).bounds(holding: .nonzero) == nil)
        var one = FilterAlpha(width: 7, height: 3)
        one.alpha[2 * 7 + 6] = 0.25
        #expect(one.bounds(holding: .nonzero) == FilterPixelRect(x: 6, y: 2, width: 1, height: 1))
    }

    @Test("bounds(holding: .nonzero) on planes 1…23 wide with scattered values and −0 (bits not 0, so a value): the bounds found value by value")
    func boundsMatchNaive() {
        var state: UInt64 = 12345
        for w in [1, 3, 4, 5, 8, 9, 17, 23] {
            for h in [1, 2, 6, 11] {
                for density in [1, 3, 9] {
                    var p = FilterAlpha(width: w, height: h)
                    for i in p.alpha.indices {
                        state = state &* 6364136223846793005 &+ 1442695040888963407
                        p.alpha[i] = (state >> 33) % UInt64(density * 5) == 0 ? 0.5 : ((state >> 40) % 7 == 0 ? -0.0 : 0)
                    }
                    let nonzero = p.alpha.indices.filter { p.alpha[$0].bitPattern != 0 }
                    let expected = nonzero.isEmpty ? nil : FilterPixelRect(
                        x: nonzero.map { $0 % w }.min()!, y: nonzero.map { $0 / w }.min()!,
                        width: nonzero.map { $0 % w }.max()! - nonzero.map { $0 % w }.min()! + 1,
                        height: nonzero.map { $0 / w }.max()! - nonzero.map { $0 / w }.min()! + 1)
                    #expect(p.bounds(holding: .nonzero) == expected, "\(w) × \(h), density \(density)")
                }
            }
        }
    }

    @Test("The blur bounded by the content's reach gives the whole plane's blur (but for the running sums' residue, under 10⁻⁶)",
          arguments: [(3.0, 3.0), (1.2, 2.5), (2.0, 0.0), (0.0, 6.5), (9.0, 1.0)])
    func boundedBlurIsTheWholeBlur(_ sigma: (Double, Double)) {
        let bounded = FilterOps.gaussianBlur(Self.plane, sigma.0, sigma.1)
        let whole = FilterOps.blurWhole(Self.plane, sigma.0, sigma.1)
        let worst = zip(bounded.alpha, whole.alpha).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 1e-6, "largest difference \(worst)")
        // Past the reach (x ≥ 32 + reach) the bounded blur is exactly 0.
        let end = min(53, 32 + (sigma.0 > 0 ? FilterOps.blurReach(sigma.0) : 0))
        #expect((0..<41).allSatisfy { y in (end..<53).allSatisfy { bounded.alpha[y * 53 + $0] == 0 } })
        #expect(FilterOps.blurReach(3) == 8 && FilterOps.blurReach(1.2) == 4)
    }

    static let red = SVGColor(red: 224, green: 48, blue: 32, alpha: 0.9)
    static let blue = SVGColor(red: 10, green: 132, blue: 255)

    static func shadowFilter(_ space: SVGFilterColorSpace, input: SVGFilterInput? = nil, width: Double? = nil) -> SVGFilter {
        SVGFilter(region: SVGRect(x: 0, y: 0, width: 53, height: 41), primitives: [
            SVGFilterPrimitive(.gaussianBlur(stdDeviationX: 0.5, stdDeviationY: 0.5), result: "b"),
            SVGFilterPrimitive(.dropShadow(dx: 3, dy: -2, stdDeviationX: 3, stdDeviationY: 2, color: red, opacity: 0.5),
                               input: input ?? .reference("b"), width: width, colorSpace: space)])
    }

    @Test("A drop shadow of another colour under a one-colour layer, on planes: the RGBA route's pixels",
          arguments: [SVGFilterColorSpace.linearRGB, .sRGB], [SVGFilterInput.sourceGraphic, .sourceAlpha])
    func shadowPlanesMatchRGBA(_ space: SVGFilterColorSpace, _ input: SVGFilterInput) throws {
        let graph = try FilterGraph(Self.shadowFilter(space, input: input == .sourceGraphic ? nil : input), transform: .identity)
        let layer = input == .sourceAlpha ? SVGColor(red: 0, green: 0, blue: 0) : Self.blue
        let u = (Float(Self.blue.red) / 255, Float(Self.blue.green) / 255, Float(Self.blue.blue) / 255)
        let source = FilterEngineTests.image(53, 41) { x, y in
            let a = Self.plane.alpha[y * 53 + x] == 0 ? 0 : (x > 25 ? 1 : Self.plane.alpha[y * 53 + x])
            return (u.0 * a, u.1 * a, u.2 * a, a)
        }
        var expected = Pixmap(width: 60, height: 45)
        expected.composite(try graph.run(sourceGraphic: source).image.pixmap, x: 4, y: 2, opacity: 0.75)

        let split = try #require(graph.shadowOfAnotherColor(layer: Self.blue))
        #expect(split.color == Self.red && split.inputColor == layer)
        let run = try split.graph.runShadowPlanes(sourceAlpha: FilterAlpha(source), color: split.color, inputColor: split.inputColor)
        var drawn = Pixmap(width: 60, height: 45, uniformColor: Self.blue)
        try #require(run.planes).draw(into: &drawn, x: 4, y: 2, opacity: 0.75)
        let e = expected.data, d = drawn.data
        #expect(e.count == d.count)
        let worst = zip(e, d).map { abs($0 - $1) }.max() ?? 0
        #expect(worst < 2e-5, "largest difference \(worst)")
        #expect(stride(from: 3, to: e.count, by: 4).allSatisfy { e[$0] == d[$0] })  // alpha exactly
        #expect(e.contains { $0 > 0.1 })
    }

    @Test("No planes for a shadow with its own subregion, one after a colour primitive, or a filter ending in a blur")
    func shadowPlanesRefused() throws {
        let sub = try FilterGraph(Self.shadowFilter(.linearRGB, width: 20), transform: .identity)
        #expect(sub.shadowOfAnotherColor(layer: Self.blue) == nil)
        var matrix = Self.shadowFilter(.linearRGB)
        matrix.primitives[0] = SVGFilterPrimitive(.colorMatrix(.saturate(0.5)), result: "b")
        #expect(try FilterGraph(matrix, transform: .identity).shadowOfAnotherColor(layer: Self.blue) == nil)
        let blur = SVGFilter(region: matrix.region, primitives: [SVGFilterPrimitive(.gaussianBlur(stdDeviationX: 2, stdDeviationY: 2))])
        #expect(try FilterGraph(blur, transform: .identity).shadowOfAnotherColor(layer: Self.blue) == nil)
    }

    @Test("compositeAlpha: the alpha-only composite's values, placed partly outside; false for another colour")
    func compositeAlphaMatches() {
        var base = Pixmap(width: 30, height: 20, uniformColor: Self.blue)
        base.samples = (0..<600).map { Float($0 % 7) / 7 }
        var layer = Pixmap(width: 53, height: 41, uniformColor: Self.blue)
        layer.samples = Self.plane.alpha
        layer.samples[10 * 53 + 21] = -0.25
        var expected = base, drawn = base
        expected.composite(layer, x: -18, y: -5, opacity: 0.6)
        let drew = drawn.compositeAlpha(FilterAlpha(width: 53, height: 41, alpha: layer.samples), color: Self.blue,
                                        x: -18, y: -5, opacity: 0.6)
        #expect(drew)
        #expect(drawn.samples == expected.samples)
        let other = drawn.compositeAlpha(Self.plane, color: Self.red, x: 0, y: 0, opacity: 1)
        #expect(!other)
    }

    @Test("A NaN value composites as 0, in the 4-wide part and the rest of a row: the destination keeps its value")
    func compositeNaNHarmless() {
        // 7 columns: values 0…3 go 4 at a time, 4…6 one at a time; NaN in both parts.
        var base = Pixmap(width: 7, height: 1, uniformColor: Self.blue)
        base.samples = [0.5, 0.25, 0, 1, 0.5, 0.75, 0.125]
        var layer = Pixmap(width: 7, height: 1, uniformColor: Self.blue)
        layer.samples = [.nan, 0.5, .nan, 0, -.nan, 0.5, -0.0]
        let expected: [Float] = [0.5, 0.625, 0, 1, 0.5, 0.875, 0.125]
        var composited = base
        composited.composite(layer, x: 0, y: 0, opacity: 1)
        #expect(composited.samples == expected)
        var plane = base
        let drew = plane.compositeAlpha(FilterAlpha(width: 7, height: 1, alpha: layer.samples), color: Self.blue,
                                        x: 0, y: 0, opacity: 1)
        #expect(drew)
        #expect(plane.samples == expected)
        // The shadow planes' rows go through the same loop.
        var row = base.samples
        layer.samples.withUnsafeBufferPointer { s in
            row.withUnsafeMutableBufferPointer { d in Pixmap.compositeRow(s.baseAddress!, d.baseAddress!, 7, 1) }
        }
        #expect(row == expected)
    }

    @Test("bounds(holding: .nonzero) with empty rows between, -0 counted (its bits are not 0), content in the last column")
    func boundsSearchedFromBothEnds() {
        var p = FilterAlpha(width: 9, height: 6)
        p.alpha[1 * 9 + 4] = 0.5
        p.alpha[4 * 9 + 8] = 0.25
        #expect(p.bounds(holding: .nonzero) == FilterPixelRect(x: 4, y: 1, width: 5, height: 4))
        p.alpha[3 * 9 + 0] = -0.0
        #expect(p.bounds(holding: .nonzero) == FilterPixelRect(x: 0, y: 1, width: 9, height: 4))
        var last = FilterAlpha(width: 5, height: 4)
        last.alpha[3 * 5 + 2] = 1
        #expect(last.bounds(holding: .nonzero) == FilterPixelRect(x: 2, y: 3, width: 1, height: 1))
    }

    @Test("gaussianBlurPart placed in a plane of zeros is gaussianBlur, value for value; zeros give a 0 × 0 part")
    func blurPartIsTheBlur() {
        let (part, x, y) = FilterOps.gaussianBlurPart(Self.plane, 3, 2)
        #expect(part.width == 12 + 16 && part.height == 9 + 2 * FilterOps.blurReach(2) && x == 12 && y == 9 - FilterOps.blurReach(2))
        let placed = FilterAlpha(width: 53, height: 41, placing: part, atX: x, y: y)
        #expect(placed.alpha == FilterOps.gaussianBlur(Self.plane, 3, 2).alpha)
        let none = FilterOps.gaussianBlurPart(FilterAlpha(width: 7, height: 3), 3, 3)
        #expect(none.part.width == 0 && none.part.height == 0 && none.x == 0 && none.y == 0)
    }

    /// A filter of one black drop shadow (what `colorless` makes of a shadow in the layer's colour).
    static func blackShadow(dx: Double, dy: Double, input: SVGFilterInput? = nil) -> SVGFilter {
        SVGFilter(region: SVGRect(x: 0, y: 0, width: 53, height: 41), primitives: [
            SVGFilterPrimitive(.dropShadow(dx: dx, dy: dy, stdDeviationX: 3, stdDeviationY: 2,
                                           color: SVGColor(red: 0, green: 0, blue: 0, alpha: 0.8), opacity: 0.5),
                               input: input)])
    }

    @Test("drawAlpha: runAlpha's plane composited by compositeAlpha, value for value (whole, fractional and off-plane offsets, placed partly outside)",
          arguments: [(3.0, -2.0, -18, -5), (1.5, 2.25, 4, 2), (-60.0, 0.0, 0, 0), (0.0, 0.0, 10, -30), (7.0, 5.0, -12, -4)])
    func drawAlphaMatchesThePlaneRoute(_ c: (Double, Double, Int, Int)) throws {
        let graph = try FilterGraph(Self.blackShadow(dx: c.0, dy: c.1), transform: .identity)
        var source = Self.plane
        source.alpha[10 * 53 + 21] = -0.25
        var base = Pixmap(width: 30, height: 20, uniformColor: Self.blue)
        base.samples = (0..<600).map { Float($0 % 7) / 7 }
        var expected = base, drawn = base
        let plane = try #require(try graph.runAlpha(sourceAlpha: source).alpha)
        let composited = expected.compositeAlpha(plane, color: Self.blue, x: c.2, y: c.3, opacity: 0.6)
        #expect(composited)
        let color = try #require(graph.wholeRegionShadowColor)
        let run = try graph.runShadowPlanes(sourceAlpha: source, color: color, inputColor: Self.blue)
        let planes = try #require(run.planes)
        let drew = planes.drawAlpha(into: &drawn, layerColor: Self.blue, x: c.2, y: c.3, opacity: 0.6)
        #expect(drew)
        #expect(drawn.samples == expected.samples)
        #expect(drawn.samples != base.samples || c.3 <= -30)
        var other = Pixmap(width: 30, height: 20, uniformColor: Self.red)
        let drewOther = planes.drawAlpha(into: &other, layerColor: Self.blue, x: 0, y: 0, opacity: 1)
        #expect(!drewOther)
    }

    @Test("wholeRegionShadowColor: the last drop shadow's colour; nil with its own subregion or another last primitive")
    func wholeRegionShadow() throws {
        let shadow = try FilterGraph(Self.blackShadow(dx: 1, dy: 1), transform: .identity)
        #expect(shadow.wholeRegionShadowColor == SVGColor(red: 0, green: 0, blue: 0, alpha: 0.8))
        #expect(try FilterGraph(Self.shadowFilter(.sRGB, width: 20), transform: .identity).wholeRegionShadowColor == nil)
        let blur = SVGFilter(region: SVGRect(x: 0, y: 0, width: 9, height: 9),
                             primitives: [SVGFilterPrimitive(.gaussianBlur(stdDeviationX: 2, stdDeviationY: 2))])
        #expect(try FilterGraph(blur, transform: .identity).wholeRegionShadowColor == nil)
    }
}
