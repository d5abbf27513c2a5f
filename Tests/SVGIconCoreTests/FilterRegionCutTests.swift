import Testing
@testable import SVGIconCore

/// A filter region is cut to the pixels that can reach the canvas (`FilterGraph.init(visible:)`): the canvas
/// grown by the filter's reach. The cut must not change one pixel the canvas shows.
@Suite("Filter region cut to the canvas")
struct FilterRegionCutTests {
    /// A 300 × 300 region around a 40 × 40 canvas, with colour inside the canvas and just outside it (where
    /// the blur, the offsets and the dilation bring it in) and far away (where nothing reaches the canvas).
    static func source() -> FilterImage {
        FilterEngineTests.image(300, 300) { x, y in
            let (u, v) = (x - 100, y - 100)  // canvas pixels: the region starts at (-100, -100)
            if (5..<20).contains(u), (5..<20).contains(v) { return (0.8, 0.1, 0.1, 0.8) }
            if (42..<50).contains(u), (10..<30).contains(v) { return (0.1, 0.6, 0.2, 1) }
            if (10..<30).contains(u), (-9 ..< -3).contains(v) { return (0, 0, 0.9, 0.9) }
            if (150..<190).contains(u), (150..<190).contains(v) { return (1, 1, 0, 1) }
            return (0, 0, 0, 0)
        }
    }

    static let primitives: [SVGFilterPrimitive] = [
        SVGFilterPrimitive(.gaussianBlur(stdDeviationX: 2.5, stdDeviationY: 1.5), result: "blur"),
        SVGFilterPrimitive(.offset(dx: -3, dy: 2.5), result: "moved"),
        SVGFilterPrimitive(.morphology(.dilate, radiusX: 2, radiusY: 1), input: .sourceGraphic, result: "fat"),
        SVGFilterPrimitive(.dropShadow(dx: 4, dy: -3, stdDeviationX: 1, stdDeviationY: 1, color: .black, opacity: 0.5),
                           input: .reference("fat"), result: "shadow"),
        SVGFilterPrimitive(.merge([.reference("moved"), .reference("shadow"), .sourceGraphic])),
    ]

    @Test("The region is the canvas grown by the sum of the primitives' reaches, cut to the whole region")
    func region() throws {
        let filter = SVGFilter(region: SVGRect(x: -100, y: -100, width: 300, height: 300), primitives: Self.primitives)
        let limits = FilterLimits()
        let whole = FilterPixelRect(x: -100, y: -100, width: 300, height: 300)
        let reach = try #require(FilterGraph.reach(of: filter, transform: .identity, limits: limits, region: whole))
        // Each plus one: blur σ 2.5 spreads 6 px (three boxes of 5) and σ 1.5 5 px (the sampled kernel's
        // ⌈3σ⌉), the offset 3 / ⌈2.5⌉, dilation 2 / 1, the shadow's blur σ 1 3 / 3 and its offset 4 / 3.
        #expect(reach.x == 7 + 4 + 3 + (4 + 5) && reach.y == 6 + 4 + 2 + (4 + 4))
        let graph = try FilterGraph(filter, transform: .identity, visible: FilterPixelRect(x: 0, y: 0, width: 40, height: 40))
        #expect(graph.fullRegion == whole)
        #expect(graph.region == FilterPixelRect(x: -23, y: -20, width: 86, height: 80))
    }

    @Test("The canvas's pixels are the same whether the region is cut or not")
    func samePixels() throws {
        let filter = SVGFilter(region: SVGRect(x: -100, y: -100, width: 300, height: 300), primitives: Self.primitives)
        let full = try FilterGraph(filter, transform: .identity).run(sourceGraphic: Self.source())
        let cutGraph = try FilterGraph(filter, transform: .identity, visible: FilterPixelRect(x: 0, y: 0, width: 40, height: 40))
        let r = cutGraph.region
        let cutSource = FilterEngineTests.image(r.width, r.height) { x, y in
            let i = ((y + r.y + 100) * 300 + (x + r.x + 100)) * 4
            let s = Self.source().pixels
            return (s[i], s[i + 1], s[i + 2], s[i + 3])
        }
        let cut = try cutGraph.run(sourceGraphic: cutSource)
        var worst: Float = 0, painted = 0
        for y in 0..<40 {
            for x in 0..<40 {
                for c in 0..<4 {
                    let a = full.image.pixels[((y + 100) * 300 + x + 100) * 4 + c]
                    let b = cut.image.pixels[((y - r.y) * r.width + x - r.x) * 4 + c]
                    worst = max(worst, abs(a - b))
                    if c == 3, a > 0.01 { painted += 1 }
                }
            }
        }
        #expect(painted > 600)  // the canvas shows the filter's work, not an empty corner
        #expect(worst <= 1e-6)  // the blur's running sums start elsewhere: at most a rounding residue
    }

    @Test("feTile, a stitched feTurbulence and a wrapping feConvolveMatrix keep the whole region; a region far away keeps one pixel")
    func uncut() throws {
        let visible = FilterPixelRect(x: 0, y: 0, width: 40, height: 40)
        let region = SVGRect(x: -100, y: -100, width: 300, height: 300)
        let tile = SVGFilter(region: region, primitives: [SVGFilterPrimitive(.offset(dx: 1, dy: 1), width: 10),
                                                          SVGFilterPrimitive(.tile)])
        #expect(try FilterGraph(tile, transform: .identity, visible: visible).region == FilterPixelRect(x: -100, y: -100, width: 300, height: 300))
        let noise = SVGFilter(region: region, primitives: [SVGFilterPrimitive(.turbulence(SVGTurbulence(
            baseFrequencyX: 0.1, baseFrequencyY: 0.1, stitchTiles: true)))])
        #expect(try FilterGraph(noise, transform: .identity, visible: visible).region.width == 300)
        // A wrapping convolution reads the region's far side: cut, its edge pixels would read other ones.
        let kernel = [Double](repeating: 1, count: 9)
        let wrap = SVGFilter(region: region, primitives: [SVGFilterPrimitive(.convolveMatrix(SVGConvolveMatrix(
            orderX: 3, orderY: 3, kernel: kernel, edgeMode: .wrap)))])
        #expect(try FilterGraph(wrap, transform: .identity, visible: visible).region.width == 300)
        let duplicate = SVGFilter(region: region, primitives: [SVGFilterPrimitive(.convolveMatrix(SVGConvolveMatrix(
            orderX: 3, orderY: 3, kernel: kernel, edgeMode: .duplicate)))])
        #expect(try FilterGraph(duplicate, transform: .identity, visible: visible).region.width < 300)
        let far = SVGFilter(region: SVGRect(x: 500, y: 500, width: 50, height: 50),
                            primitives: [SVGFilterPrimitive(.flood(color: .black, opacity: 1))])
        #expect(try FilterGraph(far, transform: .identity, visible: visible).region == FilterPixelRect(x: 500, y: 500, width: 1, height: 1))
    }
}
