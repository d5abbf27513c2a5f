// MARK: - Four partly covered pixels of a shadow of another colour, converted side by side

/// Four pixels' results in planes: lane k of `r`, `g`, `b`, `w` is pixel k's premultiplied red, green, blue
/// and alpha; `done` marks the lanes computed (the others are left to `ShadowPlanesPaint.stored`).
struct FourPixels {
    var r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>, w: SIMD4<Float>
    var done: SIMDMask<SIMD4<Int32>>

    /// Pixel k as one vector (k in 0…3).
    @inline(__always)
    func pixel(_ k: Int) -> SIMD4<Float> { SIMD4(r[k], g[k], b[k], w[k]) }
}

extension ShadowPlanesPaint {
    /// `stored(s[k], a[k])` for four pixels, stored from `q` on: the partly covered ones through
    /// `partialFour`, the others (and any it leaves) through `stored`. The same values.
    @inline(__always)
    func storeFour(_ s: SIMD4<Float>, _ a: SIMD4<Float>, _ q: UnsafeMutableRawPointer) {
        let four = partialFour(s, a)
        for k in 0..<4 {
            (q + k &* 16).storeBytes(of: four.done[k] ? four.pixel(k) : stored(s[k], a[k]), as: SIMD4<Float>.self)
        }
    }

    /// `pixel(s[k], a[k], q)` for four pixels from `q` on: the partly covered ones through `partialFour`
    /// (whose lanes all have alpha above 0, so `result` would give them), the others through `pixel`.
    @inline(__always)
    func drawFour(_ s: SIMD4<Float>, _ a: SIMD4<Float>, _ q: UnsafeMutablePointer<Float>) {
        let four = partialFour(s, a)
        for k in 0..<4 {
            if four.done[k] { put(four.pixel(k), q + k &* 4) } else { pixel(s[k], a[k], q + k &* 4) }
        }
    }

    /// `storedPartial(s[k], a[k])` for the lanes where 0 < s[k] < 1 and the result has an alpha α with
    /// 0 < α < +∞ (and, with a layer that is not black, colour channels that are not all 0 at both
    /// conversions): the steps of `storedOverBlack` or `mixedLanes` lane by lane, each lane of a vector one
    /// pixel, so the table look-ups of four pixels share their arithmetic. Every other lane is marked not
    /// done. In sRGB (no tables) it marks none done: `mixed` is then a few products, no look-up.
    @inline(__always)
    func partialFour(_ s: SIMD4<Float>, _ a: SIMD4<Float>) -> FourPixels {
        let partial = (s .> 0) .& (s .< 1)
        guard let toSRGB, any(partial) else { return FourPixels(r: .zero, g: .zero, b: .zero, w: .zero, done: .init(repeating: false)) }
        let rest = 1 - s
        var r = SIMD4<Float>.zero, g = SIMD4<Float>.zero, b = SIMD4<Float>.zero
        var done = partial
        if !linearBlack, let toLinear {
            // The layer × s converted to linear (`convertLanes`: alpha s, colour looked up at (layer × s) / s).
            // (Not black and no `toLinear` does not occur: `paint` gives both tables or neither.)
            r = SIMD4(repeating: layer.x) * s; g = SIMD4(repeating: layer.y) * s; b = SIMD4(repeating: layer.z) * s
            done .&= (r .!= 0) .| (g .!= 0) .| (b .!= 0)
            let inv = 1 / s
            r = FilterColorConversion.lookupLanes(toLinear, r * inv) * s
            g = FilterColorConversion.lookupLanes(toLinear, g * inv) * s
            b = FilterColorConversion.lookupLanes(toLinear, b * inv) * s
        }
        // The shadow under it: p += (colour × a) · (1 − p.w), p.w = s.
        r += (SIMD4(repeating: color.x) * a) * rest
        g += (SIMD4(repeating: color.y) * a) * rest
        b += (SIMD4(repeating: color.z) * a) * rest
        let w = s + (SIMD4(repeating: color.w) * a) * rest
        done .&= (w .> 0) .& (w .< .infinity)
        if !linearBlack { done .&= (r .!= 0) .| (g .!= 0) .| (b .!= 0) }
        // Back to sRGB: colour looked up at p / α, × α.
        let inv = 1 / w
        r = FilterColorConversion.lookupLanes(toSRGB, r * inv) * w
        g = FilterColorConversion.lookupLanes(toSRGB, g * inv) * w
        b = FilterColorConversion.lookupLanes(toSRGB, b * inv) * w
        return FourPixels(r: r, g: g, b: b, w: w, done: done)
    }
}
