import Testing
@testable import SVGIconCore

/// The partly covered pixels under a shadow of another colour are converted four at a time (`storeFour`,
/// `drawFour`, through `partialFour`): bit for bit what `stored` and `pixel` give one pixel at a time.
@Suite("Filter shadow pixels four at a time")
struct FilterShadowFourPixelTests {
    static let red = FilterShadowStoreTests.red, blue = FilterShadowStoreTests.blue

    /// Layer values of every kind: 0, −0, 1, partial ones across 0…1, the smallest and largest below 1,
    /// outside 0…1, +∞ and NaN.
    static let layerValues: [Float] = {
        var v: [Float] = [0, -0.0, 1, 0.5, Float(0).nextUp, 1e-39, 1e-30, Float(1).nextDown, 1.5, -0.25, .infinity, .nan]
        v += spreadFloats(600, seed: 777)
        return v
    }()

    /// Shadow alphas (× the shadow's alpha): 0, ±0, a blur's negative residue, partial ones, 1 and more, ±∞, NaN.
    static let shadowValues: [Float] = {
        var v: [Float] = [0, -0.0, -1e-9, Float(0).nextUp, 0.25, 1, 2, 1e30, .infinity, -.infinity, .nan]
        v += spreadFloats(300, seed: 4242)
        return v
    }()

    /// Every paint the two routes meet: black, coloured and white layers, linearRGB and sRGB, opacity 1 and ½.
    static func withPaints(_ body: (ShadowPlanesPaint, String) -> Void) {
        FilterColorConversion.toLinear.withUnsafeBufferPointer { toLinear in
            FilterColorConversion.toSRGB.withUnsafeBufferPointer { toSRGB in
                for (layer, shadow) in [(SVGColor.black, red), (blue, red), (blue, .black), (SVGColor(red: 255, green: 255, blue: 255), .black)] {
                    for space in [SVGFilterColorSpace.linearRGB, .sRGB] {
                        for o: Float in [1, 0.5] {
                            let planes = FilterShadowPlanes(over: FilterAlpha(width: 1, height: 1), shadow: FilterAlpha(width: 1, height: 1),
                                                            dx: 0, dy: 0, color: shadow, opacity: 0.5, space: space, overColor: layer)
                            body(planes.paint(o, space == .linearRGB ? (toLinear, toSRGB) : nil), "\(layer) over \(shadow) in \(space) at \(o)")
                        }
                    }
                }
            }
        }
    }

    /// Groups of four (s, a) taken through both lists with different strides, so that every group mixes kinds.
    static let groups: [(SIMD4<Float>, SIMD4<Float>)] = (0..<2000).map { k in
        let s = SIMD4((0..<4).map { layerValues[(k * 4 + $0 * 7) % layerValues.count] })
        let a = SIMD4((0..<4).map { shadowValues[(k * 3 + $0 * 11) % shadowValues.count] })
        return (s, a)
    }

    static func bits(_ v: SIMD4<Float>) -> SIMD4<UInt32> { unsafeBitCast(v, to: SIMD4<UInt32>.self) }

    @Test("storeFour stores what stored gives per pixel, bit for bit, and converts the partly covered pixels itself")
    func storeFour() {
        Self.withPaints { paint, name in
            var mismatches = 0, done = 0
            var out = [Float](repeating: 7, count: 16)
            for (s, a) in Self.groups {
                out.withUnsafeMutableBytes { paint.storeFour(s, a, $0.baseAddress!) }
                for k in 0..<4 {
                    let got = SIMD4(out[k * 4], out[k * 4 + 1], out[k * 4 + 2], out[k * 4 + 3])
                    if Self.bits(got) != Self.bits(paint.stored(s[k], a[k])) { mismatches += 1 }
                }
                done += (0..<4).filter { paint.partialFour(s, a).done[$0] }.count
            }
            #expect(mismatches == 0, "\(name)")
            // In linearRGB most partly covered pixels are converted four at a time; in sRGB none are.
            if paint.toSRGB != nil { #expect(done > 2000, "\(name)") } else { #expect(done == 0, "\(name)") }
        }
    }

    @Test("drawFour draws what pixel draws per pixel over a backdrop, bit for bit")
    func drawFour() {
        Self.withPaints { paint, name in
            var mismatches = 0
            for (n, (s, a)) in Self.groups.enumerated() {
                let backdrop = (0..<16).map { Float(($0 * 37 + n) % 11) / 10 }
                var four = backdrop, one = backdrop
                four.withUnsafeMutableBufferPointer { paint.drawFour(s, a, $0.baseAddress!) }
                one.withUnsafeMutableBufferPointer { q in for k in 0..<4 { paint.pixel(s[k], a[k], q.baseAddress! + k * 4) } }
                if zip(four, one).contains(where: { $0.bitPattern != $1.bitPattern }) { mismatches += 1 }
            }
            #expect(mismatches == 0, "\(name)")
        }
    }
}
