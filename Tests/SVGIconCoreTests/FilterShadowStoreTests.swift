import Testing
@testable import SVGIconCore

/// A shadow of another colour drawn into blank rows of an alpha-only canvas at layer opacity 1 stores each
/// pixel's result (`ShadowRowPainter.storeLayerOnly`, `storeShadowed`) instead of expanding the row to
/// RGBA zeros and drawing over them: the same values as the drawn route, which every other row, any
/// opacity below 1 and a canvas that is RGBA already still take.
@Suite("Filter shadow stored rows")
struct FilterShadowStoreTests {
    static let red = SVGColor(red: 224, green: 48, blue: 32)
    static let blue = SVGColor(red: 10, green: 132, blue: 255)

    /// Values the conversions meet: every table step and its midpoint, the ends, values just inside and
    /// outside 0…1, a −0, NaN, and a spread of others.
    static let probes: [Float] = {
        var v: [Float] = [0, -0.0, 1, 1.5, -0.25, .nan, .infinity, 1e-30, Float(1).nextDown, Float(0).nextUp, 0.5]
        for i in 0...4096 { v.append(Float(i) / 4096); v.append((Float(i) + 0.5) / 4096) }
        v += spreadFloats(5000, seed: 12345)
        return v
    }()

    @Test("lookupLanes: lookup lane by lane, all four lanes, bit for bit, for both tables")
    func lookupLanes() {
        for table in [FilterColorConversion.toLinear, FilterColorConversion.toSRGB] {
            table.withUnsafeBufferPointer { t in
                var mismatches = 0
                for k in stride(from: 0, to: Self.probes.count - 3, by: 4) {
                    let v = SIMD4(Self.probes[k], Self.probes[k + 1], Self.probes[k + 2], Self.probes[k + 3])
                    let got = FilterColorConversion.lookupLanes(t, v)
                    for lane in 0..<4 where got[lane].bitPattern != FilterColorConversion.lookup(t, v[lane]).bitPattern {
                        mismatches += 1
                    }
                }
                #expect(mismatches == 0)
            }
        }
    }

    @Test("wholeParts: ⌊f⌋ as Float(Int(f)) and Int32(f), 0 ≤ f < 4096, at whole numbers, halves and just below them")
    func wholeParts() {
        var fs: [Float] = [0, 0.5, 1.5, 2.5, 4095.5, Float(4096).nextDown]
        for i in 1..<4096 { fs += [Float(i), Float(i).nextDown, Float(i) + 0.5, Float(i).nextUp] }
        for k in stride(from: 0, to: fs.count - 3, by: 4) {
            let f = SIMD4(fs[k], fs[k + 1], fs[k + 2], fs[k + 3])
            let (whole, i) = FilterColorConversion.wholeParts(f)
            for lane in 0..<4 {
                #expect(whole[lane] == Float(Int(f[lane])) && Int(i[lane]) == Int(f[lane]), "f = \(f[lane])")
            }
        }
    }

    @Test("convertLanes and mixedLanes: convertPremultiplied and mixed, bit for bit, in linearRGB and sRGB",
          arguments: [SVGFilterColorSpace.linearRGB, .sRGB])
    func mixedLanes(_ space: SVGFilterColorSpace) {
        for (layer, shadow) in [(Self.blue, Self.red), (SVGColor.black, Self.red), (SVGColor(red: 255, green: 255, blue: 255), .black)] {
            let planes = FilterShadowPlanes(over: FilterAlpha(width: 1, height: 1), shadow: FilterAlpha(width: 1, height: 1), dx: 0, dy: 0,
                                            color: shadow, opacity: 0.5, space: space, overColor: layer)
            FilterColorConversion.toLinear.withUnsafeBufferPointer { toLinear in
                FilterColorConversion.toSRGB.withUnsafeBufferPointer { toSRGB in
                    let paint = planes.paint(1, space == .linearRGB ? (toLinear, toSRGB) : nil)
                    var mismatches = 0
                    for k in stride(from: 0, to: 3000, by: 1) {
                        let s = Self.probes[(k * 7) % Self.probes.count], a = Self.probes[(k * 13 + 5) % Self.probes.count]
                        guard s > 0, s < 1, a.isFinite else { continue }
                        let a1 = min(a, 1), want = paint.mixed(s, a1), got = paint.mixedLanes(s, a1)
                        if Self.bits(want) != Self.bits(got) { mismatches += 1 }
                        let p = SIMD4(s * 0.3, s * 0.7, 0, s)
                        for table in [toLinear, toSRGB] where Self.bits(FilterColorConversion.convertLanes(p, table))
                            != Self.bits(FilterColorConversion.convertPremultiplied(p, table)) {
                            mismatches += 1
                        }
                    }
                    #expect(mismatches == 0)
                }
            }
        }
    }

    @Test("storedPartial of a black layer in linearRGB (no conversion to linear): mixed's values bit for bit, +0 where it has no alpha, for s of every kind (negative, above 1, NaN, +∞) and shadow alphas with a blur's residue")
    func storedPartialOverBlack() {
        FilterColorConversion.toLinear.withUnsafeBufferPointer { toLinear in
            FilterColorConversion.toSRGB.withUnsafeBufferPointer { toSRGB in
                func paint(_ layer: SVGColor, _ space: SVGFilterColorSpace) -> ShadowPlanesPaint {
                    FilterShadowPlanes(over: FilterAlpha(width: 1, height: 1), shadow: FilterAlpha(width: 1, height: 1), dx: 0, dy: 0,
                                       color: Self.red, opacity: 0.5, space: space, overColor: layer)
                        .paint(1, space == .linearRGB ? (toLinear, toSRGB) : nil)
                }
                let black = paint(.black, .linearRGB)
                #expect(black.linearBlack)
                #expect(!paint(Self.blue, .linearRGB).linearBlack && !paint(.black, .sRGB).linearBlack)
                let extra: [Float] = [-1e-9, -0.5, -.infinity, .infinity, .nan, 2, 1e-38, Float(1).nextDown]
                let values = extra + Self.probes.filter { $0 != 0 && $0 != 1 }.prefix(3000)
                var mismatches = 0, converted = 0
                for (k, s) in values.enumerated() where s != 0 && s != 1 {
                    for a in [Float(0), -1e-9, 0.25, Self.probes[(k * 13 + 5) % Self.probes.count], .nan] {
                        let px = black.mixed(s, a), want = px.w > 0 ? px : .zero
                        if Self.bits(want) != Self.bits(black.storedPartial(s, a)) { mismatches += 1 }
                        if want.x > 0 && want.x < want.w { converted += 1 }
                    }
                }
                #expect(mismatches == 0)
                #expect(converted > 1000)
            }
        }
    }

    @Test("storedOverBlack: mixed (the RGBA route's arithmetic), +0 where its alpha is not above 0, bit for bit — colour channels of +0 (a shadow alpha of ±0) looked up, an alpha so small that 1/α is +∞, alphas of 0 or below from a negative residue, +∞ and NaN shadow alphas, s outside 0…1")
    func storedOverBlackEdges() {
        FilterColorConversion.toLinear.withUnsafeBufferPointer { toLinear in
            FilterColorConversion.toSRGB.withUnsafeBufferPointer { toSRGB in
                let planes = FilterShadowPlanes(over: FilterAlpha(width: 1, height: 1), shadow: FilterAlpha(width: 1, height: 1),
                                                dx: 0, dy: 0, color: Self.red, opacity: 0.5, space: .linearRGB, overColor: .black)
                let black = planes.paint(1, (toLinear, toSRGB))
                let ss: [Float] = [Float(0).nextUp, Float(0).nextUp * 3, 1e-39, 1e-30, 0.25, 0.5, Float(1).nextDown, 1.5, -0.25, -.infinity, .nan, 1e30]
                var alphas: [Float] = [0, -0.0, Float(0).nextUp, -Float(0).nextUp, -1e-9, 1e-30, 0.25, 1, 2, -2, 1e30, -1e30,
                                       .infinity, -.infinity, .nan]
                alphas += Self.probes.prefix(400)
                var mismatches = 0, tiny = 0
                for s in ss + Self.probes.filter({ $0 != 0 && $0 != 1 && $0 != .infinity }).prefix(300) {
                    for a in alphas {
                        let px = black.mixed(s, a), want = px.w > 0 ? px : .zero
                        let got = black.storedOverBlack(s, a, toSRGB)
                        if Self.bits(want) != Self.bits(got) { mismatches += 1 }
                        if got.w > 0 && (1 / got.w) == .infinity { tiny += 1 }
                    }
                }
                #expect(mismatches == 0)
                #expect(tiny > 0)
            }
        }
    }

    static func bits(_ v: SIMD4<Float>) -> SIMD4<UInt32> { unsafeBitCast(v, to: SIMD4<UInt32>.self) }

    /// A 37 × 23 alpha-only canvas in `color`: blank but for rows 4 and 17 (partial values there).
    static func canvas(_ color: SVGColor) -> Pixmap {
        var p = Pixmap(width: 37, height: 23, uniformColor: color)
        for x in 0..<37 { p.samples[4 * 37 + x] = Float(x % 5) / 5; p.samples[17 * 37 + x] = x == 30 ? 0.5 : 0 }
        return p
    }

    /// A 29 × 17 layer: `FilterShadowFastPathTests.layer` with a run of eight 1s, a value just under 1, one
    /// just above 0, a −0 and a NaN-free spread of partial values.
    static var layer: FilterAlpha {
        var p = FilterShadowFastPathTests.layer
        for x in 4..<12 { p.alpha[5 * 29 + x] = 1 }
        p.alpha[6 * 29 + 7] = Float(1).nextDown
        p.alpha[7 * 29 + 9] = 1e-7
        p.alpha[8 * 29 + 10] = -0.0
        for x in 3..<27 { p.alpha[12 * 29 + x] = Float(x) / 29 }
        return p
    }

    /// A 20 × 12 shadow part with zeros, a small negative residue and values up to 12/13.
    static var shadow: FilterAlpha {
        var s = FilterShadowFastPathTests.shadow(width: 20, height: 12)
        s.alpha[3 * 20 + 4] = -1e-9
        return s
    }

    @Test("A red feDropShadow drawn into blank rows: the values of drawing it into the canvas made RGBA first (drawn over zeros), under a blue, a black and a white layer, partly outside, in linearRGB and sRGB",
          arguments: [SVGFilterColorSpace.linearRGB, .sRGB], [(-3, 2), (6, -1), (9, 8), (-20, 0)])
    func shadowPlanesStored(_ space: SVGFilterColorSpace, _ at: (Int, Int)) {
        for layerColor in [Self.blue, .black, SVGColor(red: 255, green: 255, blue: 255)] {
            let planes = FilterShadowPlanes(over: Self.layer, shadow: Self.shadow, dx: 5, dy: -3, color: Self.red,
                                            opacity: 0.5, space: space, overColor: layerColor)
            var stored = Self.canvas(layerColor), drawn = stored
            drawn.makeRGBA()
            planes.draw(into: &stored, x: at.0, y: at.1, opacity: 1)
            planes.draw(into: &drawn, x: at.0, y: at.1, opacity: 1)
            #expect(stored.uniformColor == nil)
            #expect(stored.samples == drawn.samples)
            var plain = Self.canvas(layerColor)
            plain.makeRGBA()
            #expect(stored.samples != plain.samples)
        }
    }

    @Test("The stored rows against the RGBA route: a red feDropShadow of a partly covered blue layer, its pixels from FilterGraph.run composited, byte for byte")
    func shadowPlanesStoredMatchesRGBA() throws {
        let filter = SVGFilter(region: SVGRect(x: 0, y: 0, width: 29, height: 17), primitives: [
            SVGFilterPrimitive(.dropShadow(dx: 2, dy: 3, stdDeviationX: 2, stdDeviationY: 2, color: Self.red, opacity: 0.5))])
        let graph = try FilterGraph(filter, transform: .identity)
        let split = try #require(graph.shadowOfAnotherColor(layer: Self.blue))
        let layer = Self.layer
        let u = (Float(Self.blue.red) / 255, Float(Self.blue.green) / 255, Float(Self.blue.blue) / 255)
        let source = FilterEngineTests.image(29, 17) { x, y in
            let a = max(0, layer.alpha[y * 29 + x])
            return (u.0 * a, u.1 * a, u.2 * a, a)
        }
        var expected = Pixmap(width: 33, height: 20)
        expected.composite(try graph.run(sourceGraphic: source).image.pixmap, x: 2, y: 1, opacity: 1)
        var stored = Pixmap(width: 33, height: 20, uniformColor: Self.blue)
        let planes = try #require(try split.graph.runShadowPlanes(sourceAlpha: layer, color: split.color,
                                                                  inputColor: split.inputColor).planes)
        planes.draw(into: &stored, x: 2, y: 1, opacity: 1)
        #expect(stored.straightAlphaRGBA() == expected.straightAlphaRGBA())
        #expect(stored.premultipliedRGBA8() == expected.premultipliedRGBA8())
        #expect(stored.premultipliedRGBA8().contains(where: { $0 > 0 && $0 < 255 }))
    }

    @Test("At an opacity below 1 blank rows are drawn over, not stored (the painter says so), with the drawn route's values")
    func opacityFallsBack() {
        let planes = FilterShadowPlanes(over: Self.layer, shadow: Self.shadow, dx: 5, dy: -3, color: Self.red,
                                        opacity: 0.5, space: .linearRGB, overColor: Self.blue)
        FilterColorConversion.toLinear.withUnsafeBufferPointer { toLinear in
            FilterColorConversion.toSRGB.withUnsafeBufferPointer { toSRGB in
                #expect(planes.paint(1, (toLinear, toSRGB)).storesBlankRows)
                #expect(!planes.paint(0.6, (toLinear, toSRGB)).storesBlankRows)
            }
        }
        var faded = Self.canvas(Self.blue), drawn = faded
        drawn.makeRGBA()
        planes.draw(into: &faded, x: 1, y: 2, opacity: 0.6)
        planes.draw(into: &drawn, x: 1, y: 2, opacity: 0.6)
        #expect(faded.samples == drawn.samples)
    }

    @Test("A red Figma chain drawn into blank rows: the values of drawing it into the canvas made RGBA first",
          arguments: [(-3, 2), (6, -1), (9, 8)])
    func designerStored(_ at: (Int, Int)) {
        let chain = FilterShadowCanvasTests.chain(Self.red)
        for layerColor in [Self.blue, SVGColor.black] {
            var stored = Self.canvas(layerColor), drawn = stored
            drawn.makeRGBA()
            chain.draw(into: &stored, layer: Self.layer, layerColor: layerColor, part: Self.shadow, px: 5, py: -3,
                       x: at.0, y: at.1, opacity: 1)
            chain.draw(into: &drawn, layer: Self.layer, layerColor: layerColor, part: Self.shadow, px: 5, py: -3,
                       x: at.0, y: at.1, opacity: 1)
            #expect(stored.uniformColor == nil)
            #expect(stored.samples == drawn.samples)
            #expect(stored.samples.contains { $0 > 0 && $0 < 1 })
        }
    }

    @Test("makeRGBA(rows:storingBlank:): blank rows of `rows` handed over unwritten, the others expanded as makeRGBA does")
    func storingBlank() {
        let base = Self.canvas(Self.blue)
        var expanded = base
        expanded.makeRGBA()
        var p = base
        var blankRows: [Int] = [], drawnRows: [Int] = []
        p.makeRGBA(rows: 3..<20, storingBlank: true) { row, line, blank in
            if blank {
                blankRows.append(row)
                line.initialize(repeating: 7, count: 37 * 4)
            } else {
                drawnRows.append(row)
                #expect(Array(UnsafeBufferPointer(start: line, count: 37 * 4)) == Array(expanded.samples[row * 148..<(row + 1) * 148]))
            }
        }
        #expect(drawnRows == [4, 17])
        #expect(blankRows == Array(3..<20).filter { $0 != 4 && $0 != 17 })
        #expect(p.samples[3 * 148] == 7 && p.samples[2 * 148] == 0 && p.samples[20 * 148] == 0)
        var again = expanded
        again.makeRGBA(rows: 0..<23, storingBlank: true) { _, _, blank in #expect(!blank) }
        #expect(again.samples == expanded.samples)
    }
}
