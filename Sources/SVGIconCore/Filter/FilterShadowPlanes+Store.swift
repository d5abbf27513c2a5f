// MARK: - A shadow of another colour stored into blank rows

/// The draw of `FilterShadowPlanes` row by row (`ShadowRows.paint`): over other pixels as `layerOnly` and
/// `withShadow` draw, and into a blank row at layer opacity 1 by storing each pixel's result.
extension ShadowPlanesPaint: ShadowRowPainter {
    func shadowed(_ layer: UnsafePointer<Float>, _ moved: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>,
                  _ range: Range<Int>, _ blank: Bool) {
        withShadow(layer, moved, out, range, blank)
    }

    /// At opacity 1 a result drawn over +0 is the result itself: `put` gives px·1 + 0·(1 − αpx) = px.
    var storesBlankRows: Bool { o == 1 }

    /// `layerOnly` over +0s: four layer values of 0 as four +0 pixels, four of 1 as the opaque colour, the
    /// others four at a time (`storeFour`).
    func storeLayerOnly(_ layer: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ range: Range<Int>) {
        var i = range.lowerBound
        while i &+ 4 <= range.upperBound {
            let v = UnsafeRawPointer(layer + i).loadUnaligned(as: SIMD4<Float>.self)
            let q = UnsafeMutableRawPointer(out + i &* 4)
            if Self.every(v, .zero) {
                q.storeBytes(of: SIMD8<Float>.zero, as: SIMD8<Float>.self)
                (q + 32).storeBytes(of: SIMD8<Float>.zero, as: SIMD8<Float>.self)
            } else if Self.every(v, SIMD4(repeating: 1)) {
                for k in 0..<4 { (q + k &* 16).storeBytes(of: opaque, as: SIMD4<Float>.self) }
            } else {
                storeFour(v, .zero, q)
            }
            i &+= 4
        }
        while i < range.upperBound {
            UnsafeMutableRawPointer(out + i &* 4).storeBytes(of: stored(layer[i], 0), as: SIMD4<Float>.self)
            i &+= 1
        }
    }

    /// `withShadow` over +0s: four layer values of 0 as the shadow pixels `shade × a` (`shadeFourBlank` at
    /// opacity 1), four of 1 as the opaque colour, the others four at a time (`storeFour`).
    func storeShadowed(_ layer: UnsafePointer<Float>, _ moved: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>,
                       _ range: Range<Int>) {
        var i = range.lowerBound
        while i &+ 4 <= range.upperBound {
            let v = UnsafeRawPointer(layer + i).loadUnaligned(as: SIMD4<Float>.self)
            let a = UnsafeRawPointer(moved + i).loadUnaligned(as: SIMD4<Float>.self) * ca
            let q = UnsafeMutableRawPointer(out + i &* 4)
            if Self.every(v, .zero) {
                storeShadeFour(a, q)
            } else if Self.every(v, SIMD4(repeating: 1)) {
                for k in 0..<4 { (q + k &* 16).storeBytes(of: opaque, as: SIMD4<Float>.self) }
            } else {
                storeFour(v, a, q)
            }
            i &+= 4
        }
        while i < range.upperBound {
            UnsafeMutableRawPointer(out + i &* 4).storeBytes(of: stored(layer[i], moved[i] * ca), as: SIMD4<Float>.self)
            i &+= 1
        }
    }

    /// The pixel `pixel(s, a, q)` leaves on a +0 pixel at opacity 1: the opaque colour where s = 1, the
    /// shadow colour × a where s = 0 (+0 where a is not above 0: `shade` is +0 or positive), else `mixed`
    /// with the conversions' channels side by side (`mixedLanes`), +0 where it has no alpha.
    @inline(__always)
    func stored(_ s: Float, _ a: Float) -> SIMD4<Float> {
        if s == 1 { return opaque }
        if s == 0 { return shade * (a > 0 ? a : 0) }
        return storedPartial(s, a)
    }

    /// `stored` where 0 < s < 1 (or s is NaN): `mixedLanes`, +0 where it has no alpha. Kept out of line, so
    /// that the loops over the other pixels stay short.
    @inline(never)
    func storedPartial(_ s: Float, _ a: Float) -> SIMD4<Float> {
        if linearBlack, s != .infinity, let toSRGB { return storedOverBlack(s, a, toSRGB) }
        let px = mixedLanes(s, a)
        return px.w > 0 ? px : .zero
    }

    /// `mixedLanes(s, a)`, +0 where its alpha α is not above 0, for a black layer in linearRGB
    /// (`linearBlack`) and s ≠ +∞, with fewer steps. The conversion to linear of layer × s = (±0 or NaN,
    /// …, s) gives (+0, +0, +0, s) for every such s (colour channels of 0 are kept, and an s not above 0
    /// or NaN is returned as (0, 0, 0, s)), so it starts from that vector. Then for 0 < α < +∞ the lookup
    /// of `convertLanes` whatever the colour channels, since where they are all 0 (+0: each is +0 plus a
    /// product) the lookup gives p too — +0 · (1/α) is +0 or NaN (1/α = +∞), both looked up as +0, and
    /// +0 · α is +0. An α of +∞ goes through `convertLanes` itself.
    @inline(__always)
    func storedOverBlack(_ s: Float, _ a: Float, _ toSRGB: UnsafeBufferPointer<Float>) -> SIMD4<Float> {
        var p = SIMD4<Float>(0, 0, 0, s)
        p += (color * a) * (1 - p.w)
        let w = p.w
        guard w > 0 else { return .zero }
        guard w < .infinity else { return FilterColorConversion.convertLanes(p, toSRGB) }
        var c = FilterColorConversion.lookupLanes(toSRGB, p * (1 / w)) * w
        c.w = w
        return c
    }

    /// `mixed(s, a)`, its colour conversions through `FilterColorConversion.convertLanes`: the same values.
    @inline(__always)
    func mixedLanes(_ s: Float, _ a: Float) -> SIMD4<Float> {
        var p = layer * s
        if let toLinear { p = FilterColorConversion.convertLanes(p, toLinear) }
        p += (color * a) * (1 - p.w)
        if let toSRGB { p = FilterColorConversion.convertLanes(p, toSRGB) }
        return p
    }

    /// Four shadow-only pixels stored from `q`: `shade × a[k]` where a[k] > 0, else +0 (`shade` is +0 or
    /// positive, so that is `shade × +0`): the values `shadeFourBlank` stores at opacity 1.
    @inline(__always)
    func storeShadeFour(_ a: SIMD4<Float>, _ q: UnsafeMutableRawPointer) {
        for k in 0..<4 {
            let ak = SIMD4<Float>(repeating: a[k])
            (q + k &* 16).storeBytes(of: Self.keep(shade * ak, where: ak .> .zero), as: SIMD4<Float>.self)
        }
    }

    /// `x` where `mask` holds, else +0, lane by lane: `SIMD4.zero.replacing(with: x, where: mask)` as an
    /// and of the bits, which the compiler keeps in registers (`replacing` it may turn into a branch a lane).
    @inline(__always)
    static func keep(_ x: SIMD4<Float>, where mask: SIMDMask<SIMD4<Int32>>) -> SIMD4<Float> {
        unsafeBitCast(unsafeBitCast(x, to: SIMD4<Int32>.self) & unsafeBitCast(mask, to: SIMD4<Int32>.self), to: SIMD4<Float>.self)
    }

    /// True when every lane of `v` equals `c` (as `==` compares: −0 equals +0), in one vector compare.
    @inline(__always)
    static func every(_ v: SIMD4<Float>, _ c: SIMD4<Float>) -> Bool {
        !any(v .!= c)
    }
}

extension FilterColorConversion {
    /// `convertPremultiplied(p, table)` with the three colour channels looked up side by side
    /// (`lookupLanes`): the same values.
    @inline(__always)
    static func convertLanes(_ p: SIMD4<Float>, _ table: UnsafeBufferPointer<Float>) -> SIMD4<Float> {
        let a = p.w
        if a > 0, p.x != 0 || p.y != 0 || p.z != 0 {
            var c = lookupLanes(table, p * (1 / a)) * a
            c.w = a
            return c
        }
        if a <= 0 || a.isNaN { return SIMD4(0, 0, 0, a) }
        return p
    }

    /// `lookup(table, v[k])` for each of the four lanes (a pixel's channels, whose alpha lane the callers
    /// replace, or one channel of four pixels: `partialFour`): the same steps lane by lane — 0 unless above 0,
    /// 1 from 1 on, else table[i] + (table[i + 1] − table[i])·t with i and t the whole and fractional parts
    /// of f = v·4096 — with i found without a trapping conversion (`wholeParts`), the two entries read per
    /// lane.
    @inline(__always)
    static func lookupLanes(_ table: UnsafeBufferPointer<Float>, _ v: SIMD4<Float>) -> SIMD4<Float> {
        let inside = (v .> 0) .& (v .< 1)
        let f = SIMD4<Float>.zero.replacing(with: v * Float(tableSize), where: inside)
        let (whole, i) = wholeParts(f)
        let t = f - whole
        guard let base = table.baseAddress else { return .zero }
        let i0 = Int(i.x), i1 = Int(i.y), i2 = Int(i.z), i3 = Int(i.w)
        let lo = SIMD4(base[i0], base[i1], base[i2], base[i3])
        let hi = SIMD4(base[i0 &+ 1], base[i1 &+ 1], base[i2 &+ 1], base[i3 &+ 1])
        let r = lo + (hi - lo) * t
        return SIMD4<Float>.zero.replacing(with: r, where: inside).replacing(with: 1, where: v .>= 1)
    }

    /// ⌊f⌋ lane by lane for 0 ≤ f < 2²³, as a `Float` (exactly `Float(Int(f))`) and as an integer: f + 2²³
    /// is f rounded to a whole number n, held in the low bits of its pattern (floats from 2²³ to 2²⁴ are
    /// 1 apart), and n − 2²³ is n exactly; one less where n is above f.
    @inline(__always)
    static func wholeParts(_ f: SIMD4<Float>) -> (SIMD4<Float>, SIMD4<Int32>) {
        let m = f + 8_388_608
        let n = m - 8_388_608
        let over = n .> f
        let bits = unsafeBitCast(m, to: SIMD4<Int32>.self) &- 0x4B00_0000
        return (n.replacing(with: n - 1, where: over), bits.replacing(with: bits &- 1, where: over))
    }
}
