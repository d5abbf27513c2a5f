import Testing
@testable import SVGIconCore

/// The shadow's fast paths give the values of the longer way exactly: the shadow-planes draw by row
/// stretches and the designer-export chain on planes (the chained box passes: `BoxChainTests`).
@Suite("Filter shadow fast paths")
struct FilterShadowFastPathTests {
    static let blue = SVGColor(red: 10, green: 132, blue: 255)
    static let red = SVGColor(red: 224, green: 48, blue: 32, alpha: 0.9)

    /// A 29 × 17 layer: zeros, ones (in runs of 4 and alone) and partial values of a few bits.
    static let layer: FilterAlpha = {
        var p = FilterAlpha(width: 29, height: 17)
        for y in 2...14 {
            for x in 3...26 {
                let k = (x * 7 + y * 5) % 11
                p.alpha[y * 29 + x] = k < 4 ? 1 : (k < 6 ? 0 : Float(k) / 16)
            }
        }
        return p
    }()

    /// `pixels` premultiplied RGBA values: alpha (i mod k + 0.37)/(k + 1), colour channels half of that (off
    /// the 8-bit rounding boundaries, which the blur's 10⁻⁹ residue could tip).
    static func backdrop(_ pixels: Int, _ k: Int) -> [Float] {
        var values = [Float](repeating: 0, count: pixels * 4)
        for i in values.indices {
            let v = (Float(i % k) + 0.37) / Float(k + 1)
            values[i] = i % 4 == 3 ? v : v / 2
        }
        return values
    }

    static func shadow(width: Int, height: Int) -> FilterAlpha {
        var s = FilterAlpha(width: width, height: height)
        for i in s.alpha.indices where i % 5 != 0 { s.alpha[i] = Float(i % 13) / 13 }
        return s
    }

    @Test("draw by row stretches: per pixel the shadow planes' result put as Pixmap.composite, value for value",
          arguments: [SVGFilterColorSpace.linearRGB, .sRGB], [(5, -3, -3, 2, 0.75), (-2, 4, 6, -1, 1.0), (40, 0, 0, 0, 1.0)])
    func drawMatchesPerPixel(_ space: SVGFilterColorSpace, _ c: (Int, Int, Int, Int, Double)) {
        let planes = FilterShadowPlanes(over: Self.layer, shadow: Self.shadow(width: 20, height: 12), dx: c.0, dy: c.1,
                                        color: Self.red, opacity: 0.5, space: space, overColor: Self.blue)
        var base = Pixmap(width: 31, height: 19)
        base.data = Self.backdrop(31 * 19, 9)
        var drawn = base, expected = base
        planes.draw(into: &drawn, x: c.2, y: c.3, opacity: c.4)
        let o = Float(c.4)
        FilterColorConversion.toLinear.withUnsafeBufferPointer { toLinear in
            FilterColorConversion.toSRGB.withUnsafeBufferPointer { toSRGB in
                let paint = planes.paint(o, space == .linearRGB ? (toLinear, toSRGB) : nil)
                expected.samples.withUnsafeMutableBufferPointer { out in
                    for row in 0..<17 where row + c.3 >= 0 && row + c.3 < 19 {
                        for column in 0..<29 where column + c.2 >= 0 && column + c.2 < 31 {
                            let sx = column - c.0, sy = row - c.1
                            let moved = sx >= 0 && sx < 20 && sy >= 0 && sy < 12 ? planes.shadow.alpha[sy * 20 + sx] : 0
                            let q = out.baseAddress! + ((row + c.3) * 31 + column + c.2) * 4
                            let s = Self.layer.alpha[row * 29 + column]
                            if s == 1 { paint.putOpaque(q) } else if let px = paint.result(s, moved * paint.ca) { paint.put(px, q) }
                        }
                    }
                }
            }
        }
        #expect(drawn.samples == expected.samples)
        #expect(drawn.samples != base.samples)
    }

    /// The drop-shadow chain of a Figma or Illustrator export over a 53 × 41 region.
    static func designerFilter(space: SVGFilterColorSpace = .sRGB, hardOffset: Double = 0, width: Double? = nil) -> SVGFilter {
        let hard = [Double](repeating: 0, count: 18) + [127, hardOffset]
        let tone: [Double] = [0, 0, 0, 0, 0.878, 0, 0, 0, 0, 0.188, 0, 0, 0, 0, 0.125, 0, 0, 0, 0.25, 0]
        return SVGFilter(region: SVGRect(x: 0, y: 0, width: 53, height: 41), primitives: [
            SVGFilterPrimitive(.flood(color: SVGColor(red: 0, green: 0, blue: 0), opacity: 0), colorSpace: space, result: "bg"),
            SVGFilterPrimitive(.colorMatrix(.matrix(hard)), input: .sourceAlpha, colorSpace: space, result: "hard"),
            SVGFilterPrimitive(.offset(dx: 3, dy: 2), colorSpace: space),
            SVGFilterPrimitive(.gaussianBlur(stdDeviationX: 3, stdDeviationY: 2), colorSpace: space),
            SVGFilterPrimitive(.colorMatrix(.matrix(tone)), width: width, colorSpace: space),
            SVGFilterPrimitive(.blend(.normal), input2: .reference("bg"), colorSpace: space, result: "effect"),
            SVGFilterPrimitive(.blend(.normal), input: .sourceGraphic, input2: .reference("effect"), colorSpace: space)])
    }

    @Test("The designer chain on planes: the RGBA route's pixels (but for the blur's residue, under 10⁻⁶), placed partly outside",
          arguments: [(4, 2, 0.75), (-9, -5, 1.0)])
    func designerChainMatchesRGBA(_ c: (Int, Int, Double)) throws {
        let graph = try FilterGraph(Self.designerFilter(), transform: .identity)
        let chain = try #require(graph.designerShadow)
        #expect(chain.hard == 127 && chain.tone == 0.25)
        let u = (Float(Self.blue.red) / 255, Float(Self.blue.green) / 255, Float(Self.blue.blue) / 255)
        var alpha = FilterAlpha(width: 53, height: 41)
        for y in 8...30 {
            for x in 10...40 { alpha.alpha[y * 53 + x] = Self.layer.alpha[(y % 17) * 29 + x % 29] }
        }
        alpha.alpha[20 * 53 + 20] = 0.005  // under 1/127: hard alpha partial too
        let source = FilterEngineTests.image(53, 41) { x, y in
            let a = alpha.alpha[y * 53 + x]
            return (u.0 * a, u.1 * a, u.2 * a, a)
        }
        var base = Pixmap(width: 60, height: 45)
        base.data = Self.backdrop(60 * 45, 5)
        var expected = base, drawn = base
        expected.composite(try graph.run(sourceGraphic: source).image.pixmap, x: c.0, y: c.1, opacity: c.2)
        let run = graph.runDesignerShadow(sourceAlpha: alpha, chain)
        chain.draw(into: &drawn, layer: alpha, layerColor: Self.blue, part: run.part, px: run.x, py: run.y,
                   x: c.0, y: c.1, opacity: c.2)
        // The same values but where the RGBA blur leaves its running sums' residue (under 10⁻⁶) past the
        // reach of the content, which the plane blur leaves 0; the same bytes.
        let worst = zip(drawn.data, expected.data).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 1e-6, "largest difference \(worst)")
        let same = zip(drawn.data, expected.data).filter { $0 == $1 }.count
        #expect(same > drawn.data.count * 9 / 10)
        #expect(drawn.premultipliedRGBA8() == expected.premultipliedRGBA8())
        #expect(drawn.data != base.data)
    }

    @Test("No designer chain in linearRGB, with a hard-alpha offset, or with a subregion")
    func designerChainRefused() throws {
        #expect(try FilterGraph(Self.designerFilter(space: .linearRGB), transform: .identity).designerShadow == nil)
        #expect(try FilterGraph(Self.designerFilter(hardOffset: 0.1), transform: .identity).designerShadow == nil)
        #expect(try FilterGraph(Self.designerFilter(width: 20), transform: .identity).designerShadow == nil)
        var shortened = Self.designerFilter()
        shortened.primitives.removeLast()
        #expect(try FilterGraph(shortened, transform: .identity).designerShadow == nil)
    }
}
