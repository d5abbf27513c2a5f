import Testing
@testable import SVGIconCore

/// The stored rows of a Figma or Illustrator chain's shadow (`DesignerRowPaint.storeShadowed`), which work
/// on each pixel's vector whole (`overOpaque`, `blended`), against `DesignerRowPaint.stored` pixel by pixel,
/// bit for bit; and the blank-row test of `Pixmap.makeRGBA(rows:storingBlank:_:)`, which reads sixteen
/// values at a time.
@Suite("Filter shadow stored lanes")
struct FilterShadowStoreLanesTests {
    /// Layer alphas: 0, −0, 1, the values next to them, partial values and a few outside 0…1 (and a NaN).
    static let layerValues: [Float] = {
        var v: [Float] = [0, -0.0, 1, Float(1).nextDown, Float(1).nextUp, Float(0).nextUp, 1e-7, 0.5, 1.5, -0.25, .nan]
        v += spreadFloats(300, seed: 977)
        return v
    }()

    /// Blurred hard-alpha values (before the tone): zeros, a small negative residue, values whose toned
    /// alpha reaches and passes 1, a NaN, and a spread of others.
    static let movedValues: [Float] = {
        var v: [Float] = [0, -0.0, -1e-9, 1, 3.999, 4, 4.5, 0.5, Float(0).nextUp, .nan, .infinity]
        v += spreadFloats(300, seed: 4242)
        return v
    }()

    /// A row of `n` layer values in runs of four zeros, four ones and mixed fours (so that each of
    /// `storeShadowed`'s three cases and its one-at-a-time tail are met), with `moved` values beside it.
    static func row(_ n: Int, seed: Int) -> (layer: [Float], moved: [Float]) {
        var layer: [Float] = [], moved: [Float] = []
        for i in 0..<n {
            let group = (i / 4 + seed) % 3
            layer.append(group == 0 ? 0 : group == 1 ? 1 : layerValues[(i * 7 + seed) % layerValues.count])
            moved.append(movedValues[(i * 13 + seed * 5) % movedValues.count])
        }
        return (layer, moved)
    }

    static func bits(_ v: SIMD4<Float>) -> SIMD4<UInt32> { unsafeBitCast(v, to: SIMD4<UInt32>.self) }

    @Test("storeShadowed over the toned plane: the pixels `stored(s, alphaRow(tone, m))` gives, bit for bit, for black, blue, white and red layers under red, black and white shadows, from each start column",
          arguments: [SVGColor.black, SVGColor(red: 10, green: 132, blue: 255), SVGColor(red: 255, green: 255, blue: 255),
                      SVGColor(red: 224, green: 48, blue: 32)])
    func designerStoreShadowed(_ layerColor: SVGColor) {
        let u = SIMD4<Float>(Float(layerColor.red) / 255, Float(layerColor.green) / 255, Float(layerColor.blue) / 255, 1)
        for shadow in [SVGColor(red: 224, green: 48, blue: 32), .black, SVGColor(red: 255, green: 255, blue: 255)] {
            for tone: Float in [0.25, 1, 0.5] {
                let base = FilterShadowCanvasTests.chain(shadow)
                let chain = FilterDesignerShadow(hard: base.hard, tone: tone, color: base.color)
                let c = SIMD4<Float>(chain.color, 1)
                let painter = DesignerRowPaint(chain: chain, paint: ShadowPlanesPaint(
                    shade: c, opaque: u, layer: u, color: c, ca: 1, o: 1, toLinear: nil, toSRGB: nil))
                var mismatches = 0
                for seed in 0..<6 {
                    let (layer, moved) = Self.row(203, seed: seed)
                    let toned = FilterDesignerShadow.toned(FilterAlpha(width: 203, height: 1, alpha: moved), tone).alpha
                    for start in 0..<4 {
                        var out = [Float](repeating: 9, count: 203 * 4)
                        out.withUnsafeMutableBufferPointer { o in
                            painter.storeShadowed(layer, toned, o.baseAddress!, start..<203)
                        }
                        for i in start..<203 {
                            let got = SIMD4(out[i * 4], out[i * 4 + 1], out[i * 4 + 2], out[i * 4 + 3])
                            let want = painter.stored(layer[i], FilterDesignerShadow.alphaRow(tone, moved[i]))
                            if Self.bits(got) != Self.bits(want) { mismatches += 1 }
                        }
                        #expect(out[0..<(start * 4)].allSatisfy { $0 == 9 })
                    }
                }
                #expect(mismatches == 0, "layer \(layerColor), shadow \(shadow), tone \(tone)")
            }
        }
    }

    @Test("toned: alphaRow(k, v) of every value, bit for bit, four at a time and in the tail (NaN, ±0, ±∞, a negative residue, values whose k·v passes 1)")
    func tonedPlane() {
        let values = Self.movedValues + [-.infinity, -0.5, 2, Float(1).nextUp, -Float(0).nextUp]
        for k: Float in [0.25, 1, 127, 0, -1] {
            for n in [values.count, values.count - 1, values.count - 2, values.count - 3, 3] {
                let plane = FilterAlpha(width: n, height: 1, alpha: Array(values.prefix(n)))
                let toned = FilterDesignerShadow.toned(plane, k)
                #expect(toned.width == n && toned.height == 1)
                let wrong = (0..<n).filter { toned.alpha[$0].bitPattern != FilterDesignerShadow.alphaRow(k, values[$0]).bitPattern }
                #expect(wrong.isEmpty, "k \(k), n \(n): \(wrong.map { values[$0] })")
            }
        }
        // The clamp's ends and a −0 made +0: exact values.
        let ends = FilterDesignerShadow.toned(FilterAlpha(width: 5, height: 1, alpha: [-0.0, 4.5, .nan, 0.5, -1e-9]), 0.25).alpha
        #expect(ends.map(\.bitPattern) == [Float(0).bitPattern, Float(1).bitPattern, Float(0).bitPattern,
                                           Float(0.125).bitPattern, Float(0).bitPattern])
    }

    @Test("overOpaque and blended: `stored(1, a)` and `stored(s, a)`, bit for bit, for every layer and toned alpha value")
    func designerLanes() {
        let blue = SVGColor(red: 10, green: 132, blue: 255)
        for (layerColor, shadow) in [(blue, SVGColor(red: 224, green: 48, blue: 32)), (SVGColor.black, blue),
                                     (SVGColor(red: 255, green: 255, blue: 255), .black)] {
            let u = SIMD4<Float>(Float(layerColor.red) / 255, Float(layerColor.green) / 255, Float(layerColor.blue) / 255, 1)
            let chain = FilterShadowCanvasTests.chain(shadow), c = SIMD4<Float>(chain.color, 1)
            let painter = DesignerRowPaint(chain: chain, paint: ShadowPlanesPaint(
                shade: c, opaque: u, layer: u, color: c, ca: 1, o: 1, toLinear: nil, toSRGB: nil))
            let u2 = SIMD4(u.x, u.y, u.z, 2), c2 = SIMD4(chain.color, 2)
            var mismatches = 0
            for m in Self.movedValues {
                let a = FilterDesignerShadow.alphaRow(1, m)
                if Self.bits(DesignerRowPaint.overOpaque(a, u2)) != Self.bits(painter.stored(1, a)) { mismatches += 1 }
                for s in Self.layerValues where Self.bits(DesignerRowPaint.blended(s, a, u2, c2)) != Self.bits(painter.stored(s, a)) {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0)
            // The opaque layer over a shadow alpha just past ½: α = (1 + a) − a is 1 − 2⁻²⁴ there, not 1.
            let a = Float(0.5).nextUp
            #expect(DesignerRowPaint.overOpaque(a, u2).w == Float(1).nextDown)
        }
    }

    @Test("makeRGBA(rows:storingBlank:): a row is blank exactly when every value is ±0, wherever one that is not lies (in a block of sixteen or the tail), a NaN and the smallest value included")
    func blankRows() {
        let w = 37
        var p = Pixmap(width: w, height: 12, uniformColor: .black)
        let marks: [(Int, Float)] = [(0, Float(0).nextUp), (15, 0.5), (16, .nan), (31, 1), (32, -Float(0).nextUp), (36, 0.25)]
        for (row, (x, v)) in marks.enumerated() { p.samples[row * w + x] = v }
        for x in 0..<w { p.samples[8 * w + x] = -0.0 }  // row 8: −0 only
        var blankRows: [Int] = []
        p.makeRGBA(rows: 0..<12, storingBlank: true) { row, line, blank in
            if blank {
                blankRows.append(row)
                line.initialize(repeating: 0, count: w * 4)
            }
        }
        #expect(blankRows == [6, 7, 8, 9, 10, 11])
    }
}
