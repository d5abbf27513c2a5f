import Testing
@testable import SVGIconCore

/// `Pixmap.straightAlphaRGBA` of a full RGBA pixmap converts each pixel's four channels side by side
/// (`straightBytes`) and an alpha-only pixmap's pixels one alpha at a time; these tests hold both forms to
/// the one-channel-at-a-time arithmetic, byte for byte, at every small pixel count.
@Suite("Straight-alpha bytes")
struct StraightAlphaTests {
    /// The conversion one channel at a time: pixels whose alpha is under half an 8-bit step become 0, 0, 0,
    /// 0; the others each colour × (1 / alpha) and the alpha, through `Pixmap.byte`.
    static func reference(_ samples: [Float]) -> [UInt8] {
        var out: [UInt8] = []
        for i in stride(from: 0, to: samples.count, by: 4) {
            let a = samples[i + 3]
            if a * 255 < 0.5 {
                out += [0, 0, 0, 0]
            } else {
                let inv = 1 / a
                out += [Pixmap.byte(samples[i] * inv), Pixmap.byte(samples[i + 1] * inv),
                        Pixmap.byte(samples[i + 2] * inv), Pixmap.byte(a)]
            }
        }
        return out
    }

    /// Channel and alpha values: the ends, the values next to the rounding steps, NaN, ±0, ±∞, negatives,
    /// values over 1 and a spread of others.
    static let values: [Float] = {
        var v: [Float] = [0, -0.0, 1, Float(1).nextUp, Float(1).nextDown, 0.5 / 255, Float(0.5 / 255).nextDown,
                          Float(0.5 / 255).nextUp, 254.5 / 255, Float(254.5 / 255).nextUp, 1.5 / 255, .nan,
                          .infinity, -.infinity, -0.25, 2, 1e-30, Float.leastNonzeroMagnitude, 0.2, 0.75]
        v += spreadFloats(200, seed: 31337)
        return v
    }()

    @Test("Every pair of channel and alpha values among edge cases: the bytes one channel at a time gives")
    func edgeValues() {
        var samples: [Float] = []
        for (j, a) in Self.values.enumerated() {
            for (k, c) in Self.values.enumerated() {
                samples += [c, Self.values[(k + j) % Self.values.count], Self.values[(k * 3 + 1) % Self.values.count], a]
            }
        }
        let n = samples.count / 4
        var pixmap = Pixmap(width: n, height: 1)
        pixmap.samples = samples
        let got = pixmap.straightAlphaRGBA(), want = Self.reference(samples)
        #expect(got.count == want.count)
        let wrong = stride(from: 0, to: want.count, by: 4).filter { got[$0..<($0 + 4)] != want[$0..<($0 + 4)] }
        #expect(wrong.isEmpty, "\(wrong.count) pixels differ, first at \(wrong.first.map { Array(samples[$0..<($0 + 4)]) } ?? [])")
    }

    @Test("Exact bytes: a half-covered red, a colour over its alpha clamped to 255, alpha under half a step dropped, NaN as 0")
    func exactBytes() {
        var pixmap = Pixmap(width: 4, height: 1)
        pixmap.samples = [0.5, 0, 0, 0.5, 0.9, 0.3, 0, 0.6, 0.2, 0.2, 0.2, 0.5 / 255 - 1e-6, .nan, 0.1, 0.1, 1]
        #expect(pixmap.straightAlphaRGBA() == [255, 0, 0, 128, 255, 128, 0, 153, 0, 0, 0, 0, 0, 26, 26, 255])
    }

    /// Pixel counts 1 through 9 (a faster conversion by groups of pixels would have tails at these).
    static let counts = Array(1...9)

    @Test("Every pixel count from 1 to 9: the bytes one channel at a time gives")
    func tails() {
        let v = Self.values
        for count in Self.counts {
            for offset in stride(from: 0, to: v.count, by: 7) {
                let samples = (0..<(count * 4)).map { v[(offset + $0 * 5) % v.count] }
                var pixmap = Pixmap(width: count, height: 1)
                pixmap.samples = samples
                #expect(pixmap.straightAlphaRGBA() == Self.reference(samples), "\(count) pixels from value \(offset)")
            }
        }
    }

    /// An alpha-only pixmap's conversion one pixel at a time: 0, 0, 0, 0 under half an 8-bit step, else
    /// the colour's own bytes and `Pixmap.byte(alpha)`.
    static func uniformReference(_ alphas: [Float], _ color: SVGColor) -> [UInt8] {
        alphas.flatMap { a in a * 255 < 0.5 ? [0, 0, 0, 0] : [color.red, color.green, color.blue, Pixmap.byte(a)] }
    }

    /// The colour of the alpha-only pixmaps below.
    static let tint = SVGColor(red: 10, green: 132, blue: 255)

    /// A one-row alpha-only pixmap in `tint` holding `alphas`.
    static func alphaOnly(_ alphas: [Float]) -> Pixmap {
        var pixmap = Pixmap(width: alphas.count, height: 1, uniformColor: tint)
        pixmap.samples = alphas
        return pixmap
    }

    /// All of `values`, then rows of every count in `counts` from 20 starting points, `step` values apart.
    static func alphaRows(step: Int) -> [[Float]] {
        [values] + counts.flatMap { count in
            (0..<20).map { offset in (0..<count).map { values[(offset + $0 * step) % values.count] } }
        }
    }

    @Test("An alpha-only pixmap, edge-case alphas at every count and lane: its colour's bytes and the alpha's")
    func uniformPixmaps() {
        for alphas in Self.alphaRows(step: 1) {
            #expect(Self.alphaOnly(alphas).straightAlphaRGBA() == Self.uniformReference(alphas, Self.tint), "\(alphas)")
        }
    }

    @Test("Exact bytes of an alpha-only pixmap of 5 pixels: 0.5 → 128, under half a step → 0s, NaN → alpha 0, 1 → 255")
    func uniformExactBytes() {
        var pixmap = Pixmap(width: 5, height: 1, uniformColor: SVGColor(red: 255, green: 0, blue: 51))
        pixmap.samples = [0.5, 0.5 / 255 - 1e-6, .nan, 1, 0.2]
        #expect(pixmap.straightAlphaRGBA() == [255, 0, 51, 128, 0, 0, 0, 0, 255, 0, 51, 0, 255, 0, 51, 255, 255, 0, 51, 51])
    }

    @Test("An alpha-only pixmap's alpha plane for PNG: Pixmap.byte of each value, at every count from 1 to 9 and whole")
    func alphaPlane() {
        for alphas in Self.alphaRows(step: 3) {
            let plane = Self.alphaOnly(alphas).straightAlphaPlane()
            #expect(plane?.alpha == alphas.map(Pixmap.byte), "\(alphas)")
            #expect(plane.map { [$0.red, $0.green, $0.blue] } == [10, 132, 255])
        }
    }

    @Test("Exact alpha bytes: 0.5 → 128, under half a step → 0, NaN and −∞ → 0, +∞ → 255, 0.2 → 51; nil for RGBA")
    func alphaPlaneExactBytes() {
        var pixmap = Pixmap(width: 7, height: 1, uniformColor: SVGColor(red: 1, green: 2, blue: 3))
        pixmap.samples = [0.5, 0.5 / 255 - 1e-6, .nan, -.infinity, .infinity, 0.2, 1]
        #expect(pixmap.straightAlphaPlane()?.alpha == [128, 0, 0, 0, 255, 51, 255])
        #expect(Pixmap(width: 2, height: 2).straightAlphaPlane() == nil)
    }
}
