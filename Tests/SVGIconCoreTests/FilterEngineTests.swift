import Foundation
import Testing
@testable import SVGIconCore

/// The filter engine's arithmetic, wiring and limits with exact expected values (its agreement with resvg
/// and with a float64 reading of the spec is in SVGIconKitTests/FilterEngineResvgTests).
@Suite("Filter engine")
struct FilterEngineTests {
    static func image(_ w: Int, _ h: Int, _ f: (Int, Int) -> (Float, Float, Float, Float)) -> FilterImage {
        var img = FilterImage(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let (r, g, b, a) = f(x, y)
                let i = (y * w + x) * 4
                img.pixels[i] = r; img.pixels[i + 1] = g; img.pixels[i + 2] = b; img.pixels[i + 3] = a
            }
        }
        return img
    }

    static func run(_ primitives: [SVGFilterPrimitive], _ source: FilterImage,
                    limits: FilterLimits = FilterLimits()) throws -> FilterGraph.Output {
        let filter = SVGFilter(region: SVGRect(x: 0, y: 0, width: Double(source.width), height: Double(source.height)),
                               primitives: primitives)
        return try FilterGraph(filter, transform: .identity, limits: limits).run(sourceGraphic: source)
    }

    static func alpha(_ img: FilterImage, _ x: Int, _ y: Int) -> Float { img.pixels[(y * img.width + x) * 4 + 3] }

    static func impulse(_ size: Int) -> FilterImage {
        image(size, size) { x, y in x == size / 2 && y == size / 2 ? (0, 0, 0, 1) : (0, 0, 0, 0) }
    }

    @Test("Box sizes follow d = ⌊σ·3√(2π)/4 + 0.5⌋ with the spec's odd/even windows")
    func boxWindows() {
        // σ 2: d = ⌊4.26⌋ = 4, even: two boxes of 4 offset left then right, one of 5.
        #expect(FilterOps.boxWindows(2).map { [$0.0, $0.1] } == [[2, 1], [1, 2], [2, 2]])
        // σ 2.5: d = ⌊5.20⌋ = 5, odd: three centred boxes of 5.
        #expect(FilterOps.boxWindows(2.5).map { [$0.0, $0.1] } == [[2, 2], [2, 2], [2, 2]])
        // σ 30: d = ⌊56.9⌋ = 56.
        #expect(FilterOps.boxWindows(30).map { [$0.0, $0.1] } == [[28, 27], [27, 28], [28, 28]])
    }

    @Test("σ < 2 is the sampled Gaussian, normalised; σ ≥ 2 is exactly three box blurs")
    func blurKernels() throws {
        // alpha-only impulse: colour space does not matter.
        let out = try Self.run([SVGFilterPrimitive(.gaussianBlur(stdDeviationX: 1, stdDeviationY: 0))], Self.impulse(21)).image
        let weights = (-3...3).map { exp(-Double($0 * $0) / 2) }
        let total = weights.reduce(0, +)
        for k in -3...3 {
            #expect(abs(Double(Self.alpha(out, 10 + k, 10)) - weights[k + 3] / total) < 1e-6)
        }
        #expect(Self.alpha(out, 6, 10) == 0 && Self.alpha(out, 14, 10) == 0)
        #expect(Self.alpha(out, 10, 9) == 0)  // stdDeviationY 0: no vertical blur

        // σ 3 → d 6: boxes (3 left, 2 right), (2, 3), (3, 3): the impulse response is their convolution.
        let box = try Self.run([SVGFilterPrimitive(.gaussianBlur(stdDeviationX: 3, stdDeviationY: 0))], Self.impulse(41)).image
        var expected = [Double](repeating: 0, count: 41)
        expected[20] = 1
        for (l, r) in [(3, 2), (2, 3), (3, 3)] {
            var next = [Double](repeating: 0, count: 41)
            for x in 0..<41 {
                for s in max(0, x - l)...min(40, x + r) { next[x] += expected[s] / Double(l + r + 1) }
            }
            expected = next
        }
        for x in 0..<41 { #expect(abs(Double(Self.alpha(box, x, 20)) - expected[x]) < 1e-6) }
        #expect(expected[20 - 8] > 0 && expected[20 + 8] > 0 && expected[20 + 9] == 0)
    }

    // Why a blur's cost does not grow with its radius: from σ 2 up it is three box passes per axis (the
    // spec's approximation), each a running sum that adds one pixel and drops one per output pixel. The
    // time itself is measured by `Scripts/bench-filter-cost --sigma`, not here (a timed test is flaky).
    @Test("From σ 2 up a blur is three box passes of the spec's size d = ⌊σ·3√(2π)/4 + ½⌋, whatever σ")
    func blurIsThreeBoxPasses() {
        for (sigma, d) in [(2.0, 4), (3.0, 6), (30.0, 56), (300.0, 564), (16384.0, 30801)] {
            let windows = FilterOps.boxWindows(sigma)
            #expect(windows.count == 3, "σ \(sigma)")
            // Odd d: three centred boxes of d; even d: two of d off-centre by half a pixel each way, one of d + 1.
            let sizes = windows.map { $0.0 + $0.1 + 1 }
            #expect(sizes == (d % 2 == 1 ? [d, d, d] : [d, d, d + 1]), "σ \(sigma): \(windows)")
        }
    }

    @Test("A box pass is a running mean: a 300 px window over a 256 px row gives the windowed sums exactly")
    func boxPassIsARunningMean() {
        let n = 256
        let input = (0..<(n * 4)).map { Float(($0 / 4) % 5) }
        var output = [Float](repeating: -1, count: n * 4)
        var source = input
        source.withUnsafeMutableBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in FilterOps.boxPass(from: src, to: dst, n, (150, 149)) }
        }
        for x in [0, 1, 100, 255] {
            let window = max(0, x - 150)...min(n - 1, x + 149)
            let sum = window.reduce(Float(0)) { $0 + input[$1 * 4] }
            #expect(abs(output[x * 4] - sum / 300) < 1e-4, "x \(x)")
            #expect(output[x * 4 + 3] == output[x * 4])
        }
    }

    @Test("sRGB ↔ linearRGB tables match the curves")
    func colorTables() {
        for i in 0...255 {
            let c = Double(i) / 255
            let exact = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            let lin = FilterColorConversion.convert(Float(c), to: .linearRGB)
            #expect(abs(Double(lin) - exact) < 3e-5)
            #expect(abs(Double(FilterColorConversion.convert(lin, to: .sRGB)) - c) < 1e-4)
        }
        #expect(abs(FilterMath.log(10) - log(10)) < 1e-14)
        #expect(abs(FilterMath.exp(-3.7) - exp(-3.7)) < 1e-15)
        #expect(abs(FilterMath.pow(0.3, 2.4) - pow(0.3, 2.4)) < 1e-15)
    }

    @Test("Default in is the previous result, unknown references too; the first reads SourceGraphic")
    func inputWiring() throws {
        let source = Self.image(10, 10) { _, _ in (0.2, 0.4, 0.6, 1) }
        let srgb = SVGFilterColorSpace.sRGB
        // flood, then offset with no `in`: it moves the flood, not SourceGraphic.
        let out = try Self.run([
            SVGFilterPrimitive(.flood(color: SVGColor(red: 255, green: 0, blue: 0), opacity: 0.5), colorSpace: srgb),
            SVGFilterPrimitive(.offset(dx: 2, dy: 0), input: .reference("nope"), colorSpace: srgb),
        ], source).image
        // The flood moved right by 2: columns 0 and 1 empty, red at half opacity from column 2 (not the blue source).
        #expect(Self.alpha(out, 1, 5) == 0)
        #expect(Array(out.pixels[(5 * 10 + 2) * 4..<(5 * 10 + 3) * 4]) == [0.5, 0, 0, 0.5])
        let first = try Self.run([SVGFilterPrimitive(.offset(dx: 3, dy: 0), colorSpace: srgb)], source).image
        #expect(Self.alpha(first, 2, 0) == 0 && first.pixels[(0 * 10 + 3) * 4 + 1] == 0.4)
    }

    @Test("A primitive's default subregion is the union of its inputs' subregions")
    func subregionDefault() throws {
        let source = Self.image(20, 20) { _, _ in (0, 0, 0, 0) }
        let graph = try FilterGraph(SVGFilter(region: SVGRect(x: 0, y: 0, width: 20, height: 20), primitives: [
            SVGFilterPrimitive(.flood(color: .black, opacity: 1), x: 2, y: 3, width: 5, height: 4, result: "a"),
            SVGFilterPrimitive(.flood(color: .black, opacity: 1), x: 10, y: 10, width: 2, height: 2, result: "b"),
            SVGFilterPrimitive(.offset(dx: 1, dy: 1), input: .reference("a")),
            SVGFilterPrimitive(.composite(.over, k1: 0, k2: 0, k3: 0, k4: 0), input: .reference("a"), input2: .reference("b")),
            SVGFilterPrimitive(.offset(dx: 0, dy: 0), input: .sourceGraphic, width: 7),
        ]), transform: .identity)
        #expect(graph.subregions[2] == FilterPixelRect(x: 2, y: 3, width: 5, height: 4))
        #expect(graph.subregions[3] == FilterPixelRect(x: 2, y: 3, width: 10, height: 9))
        #expect(graph.subregions[4] == FilterPixelRect(x: 0, y: 0, width: 7, height: 20))
        let out = try graph.run(sourceGraphic: source).image
        #expect(out.pixels.allSatisfy { $0 == 0 })
        // The offset flood is clipped to its own subregion: (7, 4) moved in, (2, 3) now empty.
        let moved = try FilterGraph(SVGFilter(region: graph.filter.region, primitives: Array(graph.filter.primitives[0...2])),
                                    transform: .identity).run(sourceGraphic: source).image
        #expect(Self.alpha(moved, 2, 3) == 0 && Self.alpha(moved, 6, 6) == 1 && Self.alpha(moved, 7, 7) == 0)
    }

    @Test("Scale and translation map the region, subregions and lengths to pixels")
    func transformMapping() throws {
        let filter = SVGFilter(region: SVGRect(x: 1, y: 2, width: 10, height: 5), primitives: [
            SVGFilterPrimitive(.flood(color: .white, opacity: 1), x: 2, y: 2, width: 3, height: 1, colorSpace: .sRGB),
            SVGFilterPrimitive(.offset(dx: 1, dy: 0.5), colorSpace: .sRGB),
        ])
        let graph = try FilterGraph(filter, transform: FilterTransform(scaleX: 2, scaleY: 4, translateX: 10, translateY: 0.5))
        // y 8.5 … 28.5: the origin rounded down, the height (20) rounded up on its own, as resvg does.
        #expect(graph.region == FilterPixelRect(x: 12, y: 8, width: 20, height: 20))
        #expect(graph.subregions[0] == FilterPixelRect(x: 2, y: 0, width: 6, height: 4))
        let out = try graph.run(sourceGraphic: FilterImage(width: 20, height: 20)).image
        // dx 1 → 2 px, dy 0.5 → 2 px; clipped to the flood's subregion (rows 0..<4).
        #expect(Self.alpha(out, 4, 2) == 1 && Self.alpha(out, 3, 2) == 0 && Self.alpha(out, 4, 1) == 0)
    }

    @Test("Composite arithmetic clamps each channel and keeps colour ≤ alpha; lighter adds")
    func compositeArithmetic() {
        let a = Self.image(1, 1) { _, _ in (0.4, 0.2, 0, 0.5) }
        let b = Self.image(1, 1) { _, _ in (0.1, 0.6, 0.3, 0.6) }
        let r = FilterOps.composite(a, b, .arithmetic, k1: 1, k2: 1, k3: 1, k4: -0.1)
        // a·b + a + b − 0.1, then clamped; alpha 0.5·0.6+1.1−0.1 = 1.3 → 1.
        #expect(abs(r.pixels[0] - 0.44) < 1e-6 && abs(r.pixels[1] - 0.82) < 1e-6 && abs(r.pixels[2] - 0.2) < 1e-6)
        #expect(r.pixels[3] == 1)
        let l = FilterOps.composite(a, b, .lighter, k1: 0, k2: 0, k3: 0, k4: 0)
        #expect(abs(l.pixels[0] - 0.5) < 1e-6 && abs(l.pixels[1] - 0.8) < 1e-6 && l.pixels[3] == 1)
        let dimmed = FilterOps.composite(a, b, .arithmetic, k1: 0, k2: 0, k3: 0, k4: 0.7)
        #expect(Array(dimmed.pixels) == [0.7, 0.7, 0.7, 0.7])
    }

    @Test("Colour matrix, transfer functions and blend give the spec's values")
    func pixelFormulas() {
        let px = Self.image(1, 1) { _, _ in (0.25, 0.5, 0.125, 0.5) }  // straight 0.5, 1, 0.25 at α 0.5
        let l2a = FilterOps.colorMatrix(px, .luminanceToAlpha)
        #expect(abs(l2a.pixels[3] - (0.2125 * 0.5 + 0.7154 * 1 + 0.0721 * 0.25)) < 1e-6 && l2a.pixels[0] == 0)
        let t = FilterOps.componentTransfer(px, .table([0, 1, 0]), .discrete([0.1, 0.9]), .gamma(amplitude: 2, exponent: 2, offset: 0.1),
                                            .linear(slope: 0.5, intercept: 0.5))
        // alpha 0.75; R: table at 0.5 → 1; G: discrete at 1 → 0.9; B: 2·0.0625+0.1 = 0.225.
        #expect(abs(t.pixels[3] - 0.75) < 1e-6)
        #expect(abs(t.pixels[0] - 0.75) < 1e-4 && abs(t.pixels[1] - 0.675) < 1e-4 && abs(t.pixels[2] - 0.16875) < 1e-4)
        let s = FilterOps.blend(px, Self.image(1, 1) { _, _ in (0.5, 0.5, 0.5, 1) }, .multiply)
        // opaque grey backdrop: co = cs·0 + cb·(1 − 0.5) + 0.5·1·(0.5·Cs)
        #expect(abs(s.pixels[0] - (0.25 + 0.125)) < 1e-6 && abs(s.pixels[3] - 1) < 1e-6)
    }

    @Test("Morphology takes the extreme over the 2r pixels x − r … x + r − 1 whatever r; a negative radius passes the input")
    func morphology() throws {
        let row = Self.image(9, 1) { x, _ in x == 4 ? (0, 0, 0, 1) : (0, 0, 0, 0.5) }
        let d = FilterOps.morphology(row, .dilate, rx: 2, ry: 0)
        #expect((0..<9).map { Self.alpha(d, $0, 0) } == [0.5, 0.5, 0.5, 1, 1, 1, 1, 0.5, 0.5])
        let e = FilterOps.morphology(d, .erode, rx: 1, ry: 0)
        #expect((0..<9).map { Self.alpha(e, $0, 0) } == [0.5, 0.5, 0.5, 0.5, 1, 1, 1, 0.5, 0.5])
        #expect(FilterOps.morphology(row, .erode, rx: -1, ry: 3) == row)
    }

    @Test("feTile repeats the input's subregion from its own position")
    func tile() throws {
        let source = Self.image(8, 1) { x, _ in (0, 0, 0, Float(x) / 8) }
        let out = try Self.run([
            SVGFilterPrimitive(.offset(dx: 0, dy: 0), x: 3, width: 2, colorSpace: .sRGB),
            SVGFilterPrimitive(.tile, x: 0, y: 0, width: 8, height: 1, colorSpace: .sRGB),
        ], source).image
        #expect((0..<8).map { Self.alpha(out, $0, 0) * 8 } == [4, 3, 4, 3, 4, 3, 4, 3])
    }

    @Test("feTile without x/y/width/height fills the filter region, not its input's subregion (Filter Effects 1)")
    func tileDefaultSubregion() throws {
        let source = Self.image(8, 1) { x, _ in (0, 0, 0, Float(x) / 8) }
        let out = try Self.run([
            SVGFilterPrimitive(.offset(dx: 0, dy: 0), x: 3, width: 2, colorSpace: .sRGB),
            SVGFilterPrimitive(.tile, colorSpace: .sRGB),
        ], source).image
        #expect((0..<8).map { Self.alpha(out, $0, 0) * 8 } == [4, 3, 4, 3, 4, 3, 4, 3])
    }

    @Test("Turbulence seeds: 0 and 1 give the same lattice (setup_seed), 2 another; values stay in 0…1")
    func turbulenceSeeds() throws {
        func noise(_ seed: Double) throws -> [Float] {
            try Self.run([SVGFilterPrimitive(.turbulence(SVGTurbulence(baseFrequencyX: 0.1, baseFrequencyY: 0.1,
                                                                        numOctaves: 3, seed: seed)))],
                         FilterImage(width: 16, height: 16)).image.pixels
        }
        let a = try noise(0), b = try noise(1), c = try noise(2), d = try noise(1.9)
        #expect(a == b && b == d && a != c)
        #expect(a.allSatisfy { $0 >= 0 && $0 <= 1 })
        #expect(a.contains { $0 > 0.05 })
    }

    @Test("feImage takes the renderer's pixels, or is transparent with a note")
    func imageHook() throws {
        let filter = SVGFilter(region: SVGRect(x: 0, y: 0, width: 4, height: 4),
                               primitives: [SVGFilterPrimitive(.image(index: 7), colorSpace: .sRGB)])
        let graph = try FilterGraph(filter, transform: .identity)
        var asked: [Int] = []
        let out = try graph.run(sourceGraphic: FilterImage(width: 4, height: 4)) { index, sub in
            asked.append(index)
            return Self.image(sub.width, sub.height) { _, _ in (0.5, 0, 0, 0.5) }
        }
        #expect(asked == [7] && out.image.pixels[0] == 0.5 && out.notes.isEmpty)
        let missing = try graph.run(sourceGraphic: FilterImage(width: 4, height: 4))
        #expect(missing.image.pixels.allSatisfy { $0 == 0 })
        #expect(missing.notes == [FilterNote(primitive: 0, kind: .imageUnavailable)])
    }

    @Test("Limits: huge regions, kernels and work are refused with named errors")
    func refusals() throws {
        let blur = SVGFilterPrimitive(.gaussianBlur(stdDeviationX: 1, stdDeviationY: 1))
        #expect(throws: FilterError.regionTooLarge(width: 1_000_000_000, height: 10, maxPixels: 1 << 22, maxSide: 1 << 14)) {
            try FilterGraph(SVGFilter(region: SVGRect(x: 0, y: 0, width: 1e9, height: 10), primitives: [blur]), transform: .identity)
        }
        #expect(throws: FilterError.self) {
            try FilterGraph(SVGFilter(region: SVGRect(x: 0, y: 0, width: 1e300, height: 1e300), primitives: [blur]),
                            transform: .identity)
        }
        #expect(throws: FilterError.notFinite) {
            try FilterGraph(SVGFilter(region: SVGRect(x: 0, y: 0, width: .nan, height: 10), primitives: [blur]), transform: .identity)
        }
        let region = SVGRect(x: 0, y: 0, width: 64, height: 64)
        let kernel = SVGConvolveMatrix(orderX: 10_000, orderY: 10_000, kernel: [])
        #expect(throws: FilterError.kernelTooLarge(primitive: 0, orderX: 10_000, orderY: 10_000, limit: 1024)) {
            try FilterGraph(SVGFilter(region: region, primitives: [SVGFilterPrimitive(.convolveMatrix(kernel))]), transform: .identity)
        }
        #expect(throws: FilterError.tooManyPrimitives(count: 300, limit: 256)) {
            try FilterGraph(SVGFilter(region: region, primitives: [SVGFilterPrimitive](repeating: blur, count: 300)),
                            transform: .identity)
        }
        var limits = FilterLimits()
        limits.maxWork = 100_000
        #expect(throws: FilterError.tooMuchWork(work: 40960 * 3, limit: 100_000)) {
            try FilterGraph(SVGFilter(region: region, primitives: [blur, blur, blur]), transform: .identity, limits: limits)
        }
        let graph = try FilterGraph(SVGFilter(region: region, primitives: [blur]), transform: .identity)
        #expect(throws: FilterError.sourceSizeMismatch(expected: graph.region, width: 3, height: 3)) {
            try graph.run(sourceGraphic: FilterImage(width: 3, height: 3))
        }
    }

    @Test("Limits: octaves, blur, morphology radius and offsets are clamped and reported, in bounded time")
    func clamps() throws {
        let source = Self.image(64, 64) { x, y in x > 20 && x < 40 && y > 10 ? (0.3, 0.2, 0.1, 0.9) : (0, 0, 0, 0) }
        let start = ContinuousClock.now
        let out = try Self.run([
            SVGFilterPrimitive(.turbulence(SVGTurbulence(baseFrequencyX: 0.05, baseFrequencyY: 0.05, numOctaves: 1_000_000_000))),
            SVGFilterPrimitive(.gaussianBlur(stdDeviationX: 1e12, stdDeviationY: 1e300), input: .sourceGraphic),
            SVGFilterPrimitive(.morphology(.dilate, radiusX: 1e9, radiusY: 1e9), input: .sourceGraphic),
            SVGFilterPrimitive(.offset(dx: 1e200, dy: -.infinity), input: .sourceGraphic),
            SVGFilterPrimitive(.displacementMap(scale: 1e300, xChannel: .a, yChannel: .a), input: .sourceGraphic,
                               input2: .sourceGraphic),
        ], source)
        #expect(ContinuousClock.now - start < .seconds(20))
        let kinds = out.notes.map(\.kind)
        #expect(kinds.contains(.octavesClamped(from: 1_000_000_000, to: 24)))
        #expect(kinds.contains(.blurClamped(from: 1e12, to: 16384)))
        #expect(kinds.contains(.morphologyRadiusClamped(from: 1e9, to: 64)))
        #expect(kinds.contains(.offsetClamped(from: 1e200, to: 1_048_576)))
        #expect(out.notes.allSatisfy { !$0.description.isEmpty })
        #expect(out.image.pixels.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 })
    }

    @Test("No primitives: transparent; an invalid convolution kernel: transparent with a note")
    func degenerate() throws {
        let source = Self.image(4, 4) { _, _ in (0.5, 0.5, 0.5, 1) }
        #expect(try Self.run([], source).image.pixels.allSatisfy { $0 == 0 })
        let bad = try Self.run([SVGFilterPrimitive(.convolveMatrix(SVGConvolveMatrix(orderX: 3, orderY: 3, kernel: [1, 2])))], source)
        #expect(bad.image.pixels.allSatisfy { $0 == 0 } && bad.notes.map(\.kind) == [.invalidKernel])
    }
}
