import Testing
@testable import SVGIconCore

/// The chained box passes (`BoxChain`: rows in bands without a transpose, columns in place) give the
/// values of the three separate passes over transposed planes (`ReferenceBlur`) bit for bit.
@Suite("Box chain")
struct BoxChainTests {
    /// A w × h plane of pseudo-random values in 0…1 (a fixed linear congruential sequence), about a
    /// third of them 0, and one −0.
    static func plane(_ w: Int, _ h: Int, seed: UInt64) -> FilterAlpha {
        var state = seed &* 6364136223846793005 &+ 1442695040888963407
        var p = FilterAlpha(width: w, height: h)
        for i in p.alpha.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let bits = Float(state >> 40) / Float(1 << 24)
            p.alpha[i] = (state >> 20) % 3 == 0 ? 0 : bits
        }
        p.alpha[p.alpha.count / 2] = -0.0
        return p
    }

    static func bits(_ p: FilterAlpha) -> [UInt32] { p.alpha.map(\.bitPattern) }

    static let sides = [1, 3, 5, 17, 33]
    static let sigmas: [(Double, Double)] = [(2, 2), (2.5, 2.5), (3, 3), (7.3, 7.3), (3, 2.2), (2.2, 5), (0, 3), (3, 0),
                                             (1.2, 3), (3, 1.5), (40, 25)]

    @Test("Whole planes of odd sides 1…33: the reference blur's values, bit for bit (σ 2…7.3, anisotropic, σ = 0 in an axis, windows wider than the plane)",
          arguments: sigmas)
    func wholePlanes(_ sigma: (Double, Double)) {
        for w in Self.sides {
            for h in Self.sides {
                let p = Self.plane(w, h, seed: UInt64(w * 100 + h))
                let whole = FilterPixelRect(x: 0, y: 0, width: w, height: h)
                let chained = FilterOps.blurWhole(p, sigma.0, sigma.1)
                let reference = ReferenceBlur.blurWhole(p, sigma.0, sigma.1, within: whole)
                #expect(chained.width == w && chained.height == h)
                #expect(Self.bits(chained) == Self.bits(reference), "\(w) × \(h), σ \(sigma)")
            }
        }
    }

    @Test("A rectangle inside the plane, read in place: the reference blur of the cropped values, bit for bit",
          arguments: sigmas)
    func areas(_ sigma: (Double, Double)) {
        let p = Self.plane(41, 37, seed: 7)
        for area in [FilterPixelRect(x: 3, y: 2, width: 33, height: 17), FilterPixelRect(x: 0, y: 5, width: 41, height: 20),
                     FilterPixelRect(x: 40, y: 36, width: 1, height: 1), FilterPixelRect(x: 6, y: 0, width: 17, height: 37)] {
            let chained = FilterOps.blurWhole(p, sigma.0, sigma.1, within: area)
            let reference = ReferenceBlur.blurWhole(p, sigma.0, sigma.1, within: area)
            #expect(chained.width == area.width && chained.height == area.height)
            #expect(Self.bits(chained) == Self.bits(reference), "\(area), σ \(sigma)")
        }
    }

    @Test("Rows of zeros above and below the nonzero rows written as zeros without the passes: the same values, bit for bit",
          arguments: sigmas)
    func zeroRowsSkipped(_ sigma: (Double, Double)) {
        for (h, rows) in [(37, 9..<30), (20, 0..<20), (18, 17..<18), (33, 0..<1)] {
            var p = Self.plane(23, h, seed: UInt64(h))
            for y in 0..<h where !rows.contains(y) {
                for x in 0..<23 { p.alpha[y * 23 + x] = 0 }
            }
            for area in [FilterPixelRect(x: 0, y: 0, width: 23, height: h), FilterPixelRect(x: 2, y: 1, width: 19, height: h - 1)] {
                let chained = FilterOps.blurWhole(p, sigma.0, sigma.1, within: area, nonzeroRows: rows)
                let reference = ReferenceBlur.blurWhole(p, sigma.0, sigma.1, within: area)
                #expect(Self.bits(chained) == Self.bits(reference), "\(h) rows, nonzero \(rows), \(area), σ \(sigma)")
            }
        }
    }

    @Test("The chain's rings: one power of two for the three, at least the longest window's length, sides cut to the signal's length")
    func rings() {
        let chain = BoxChain(FilterOps.boxWindows(3), count: 100)  // d = 6: (3, 2), (2, 3), (3, 3)
        #expect(chain.right == SIMD3(2, 3, 3) && chain.length == SIMD3(6, 6, 7))
        #expect(chain.start == SIMD3(0, 8, 16) && chain.mask == 7 && chain.ringCount == 24)
        let odd = BoxChain(FilterOps.boxWindows(2.5), count: 100)  // d = 5: (2, 2) three times
        #expect(odd.length == SIMD3(5, 5, 5) && odd.mask == 7 && odd.ringCount == 24)
        #expect(chain.scale == SIMD3(Float(1) / 6, Float(1) / 6, Float(1) / 7))
        let wide = BoxChain(FilterOps.boxWindows(40), count: 5)  // d = 75: (37, 37) three times, cut to 5
        #expect(wide.right == SIMD3(5, 5, 5) && wide.length == SIMD3(11, 11, 11) && wide.ringCount == 48)
        #expect(wide.scale == SIMD3(repeating: Float(1) / 75))
    }

    /// The chain run in place over `lanes` (4 signals of `count` values, interleaved) with `chain`'s
    /// rereading or its rings only, as bit patterns.
    static func chained(_ lanes: [SIMD4<Float>], _ chain: BoxChain) -> [SIMD4<UInt32>] {
        var values = lanes
        let ring = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: chain.ringCount)
        defer { ring.deallocate() }
        values.withUnsafeMutableBufferPointer { v in
            chain.run(ring, BandSignal(v.baseAddress!))
        }
        return values.map { unsafeBitCast($0, to: SIMD4<UInt32>.self) }
    }

    @Test("Pass 1's leaving value read again from the signal, in place: the values of its ring, bit for bit (lengths 1…40, σ 2 up to windows wider than the signal)",
          arguments: [2.0, 2.5, 3, 4.7, 7.3, 12, 40])
    func rereadsMatchRing(_ sigma: Double) {
        for count in 1...40 {
            let p = Self.plane(4, count, seed: UInt64(count) &* 31 &+ UInt64(sigma * 10))
            let lanes = (0..<count).map { j in SIMD4(p.alpha[4 * j], p.alpha[4 * j + 1], p.alpha[4 * j + 2], p.alpha[4 * j + 3]) }
            let windows = FilterOps.boxWindows(sigma)
            let rereading = BoxChain(windows, count: count), ringOnly = BoxChain(windows, count: count, ringOnly: true)
            #expect(rereading.rereads && !ringOnly.rereads, "\(count), σ \(sigma)")
            #expect(Self.chained(lanes, rereading) == Self.chained(lanes, ringOnly), "\(count), σ \(sigma)")
        }
    }

    @Test("A chain whose output lags the input less than pass 1's window keeps its ring")
    func ringKeptWhenOutputCatchesUp() {
        let short = BoxChain([(5, 0), (0, 0), (0, 1)], count: 30)  // r1 + r2 + r3 = 1 < window 6
        #expect(!short.rereads)
        #expect(BoxChain([(5, 0), (0, 3), (0, 3)], count: 30).rereads)  // 6 ≥ 6
    }

    @Test("Widths 1…40 (strips of 16, of 4 and 1–3 leftover columns; 4 × 4 blocks and single columns in the row bands) over heights of 1 up to bands of 16 and their leftover rows: the reference blur's values, bit for bit",
          arguments: [(2.0, 2.0), (3, 3), (4.7, 2.5), (12, 40)])
    func widths(_ sigma: (Double, Double)) {
        for w in 1...40 {
            for h in [1, 2, 7, 16, 19, 35] {
                let p = Self.plane(w, h, seed: UInt64(w * 1000 + h))
                let whole = FilterPixelRect(x: 0, y: 0, width: w, height: h)
                let chained = FilterOps.blurWhole(p, sigma.0, sigma.1)
                let reference = ReferenceBlur.blurWhole(p, sigma.0, sigma.1, within: whole)
                #expect(Self.bits(chained) == Self.bits(reference), "\(w) × \(h), σ \(sigma)")
            }
        }
    }

    @Test("4 × 4 blocks turned on their diagonal: value i of row k is value k of row i")
    func transposedBlocks() {
        let rows = (0..<4).map { k in SIMD4<Float>((0..<4).map { Float(10 * k + $0) }) }
        let (a, b, c, e) = FilterOps.transposed(rows[0], rows[1], rows[2], rows[3])
        #expect(a == SIMD4(0, 10, 20, 30) && b == SIMD4(1, 11, 21, 31))
        #expect(c == SIMD4(2, 12, 22, 32) && e == SIMD4(3, 13, 23, 33))
    }
}
