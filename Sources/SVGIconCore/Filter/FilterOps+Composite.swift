// MARK: - feComposite, feMerge, feBlend

extension FilterOps {
    /// Per-pixel combination of two premultiplied images of one size.
    @inline(__always)
    static func combine(_ a: FilterImage, _ b: FilterImage,
                        _ f: (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>) -> FilterImage {
        var out = a
        out.pixels.withUnsafeMutableBufferPointer { o in
            b.pixels.withUnsafeBufferPointer { q in
                var i = 0
                while i < o.count {
                    let r = f(SIMD4(o[i], o[i + 1], o[i + 2], o[i + 3]), SIMD4(q[i], q[i + 1], q[i + 2], q[i + 3]))
                    o[i] = r.x; o[i + 1] = r.y; o[i + 2] = r.z; o[i + 3] = r.w
                    i += 4
                }
            }
        }
        return out
    }

    /// feComposite with `in` = a, `in2` = b (Porter–Duff on premultiplied values).
    static func composite(_ a: FilterImage, _ b: FilterImage, _ op: SVGCompositeOperator,
                          k1: Double, k2: Double, k3: Double, k4: Double) -> FilterImage {
        switch op {
        case .over: return combine(a, b) { s, d in s + d * (1 - s.w) }
        case .in: return combine(a, b) { s, d in s * d.w }
        case .out: return combine(a, b) { s, d in s * (1 - d.w) }
        case .atop: return combine(a, b) { s, d in s * d.w + d * (1 - s.w) }
        case .xor: return combine(a, b) { s, d in s * (1 - d.w) + d * (1 - s.w) }
        case .lighter:
            return combine(a, b) { s, d in
                let r = (s + d).replacing(with: 1, where: s + d .> 1)
                return r.replacing(with: SIMD4(repeating: r.w), where: r .> r.w)
            }
        case .arithmetic:
            let k1 = Float(k1), k2 = Float(k2), k3 = Float(k3), k4 = Float(k4)
            return combine(a, b) { s, d in
                var r = k1 * s * d + k2 * s + k3 * d + SIMD4(repeating: k4)
                r = r.replacing(with: 0, where: .!(r .> 0))  // NaN → 0
                r = r.replacing(with: 1, where: r .> 1)
                return r.replacing(with: SIMD4(repeating: r.w), where: r .> r.w)
            }
        }
    }

    /// `top` source-over `image` (feMerge, feDropShadow).
    static func sourceOver(_ top: FilterImage, onto image: inout FilterImage) {
        image = combine(top, image) { s, d in s + d * (1 - s.w) }
    }

    /// feBlend: `in` (a) is the source layer over `in2` (b), the backdrop, with the Compositing and
    /// Blending Level 1 formula co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs).
    static func blend(_ a: FilterImage, _ b: FilterImage, _ mode: SVGBlendMode) -> FilterImage {
        combine(a, b) { s, d in blendPixel(s, d, mode) }
    }

    /// One pixel of feBlend: the source `s` over the backdrop `d` (premultiplied) in `mode`.
    @inline(__always)
    static func blendPixel(_ s: SIMD4<Float>, _ d: SIMD4<Float>, _ mode: SVGBlendMode) -> SIMD4<Float> {
        let sa = s.w, da = d.w
        let cs = sa > 0 ? SIMD3(s.x, s.y, s.z) / sa : .zero
        let cb = da > 0 ? SIMD3(d.x, d.y, d.z) / da : .zero
        let mixed = blendFunction(mode, cb, cs)
        let c = SIMD3(s.x, s.y, s.z) * (1 - da) + SIMD3(d.x, d.y, d.z) * (1 - sa) + sa * da * mixed
        let alpha = sa + da - sa * da
        return SIMD4(min(c.x, alpha), min(c.y, alpha), min(c.z, alpha), alpha)
    }

    /// B(Cb, Cs) on straight colours.
    static func blendFunction(_ mode: SVGBlendMode, _ cb: SIMD3<Float>, _ cs: SIMD3<Float>) -> SIMD3<Float> {
        func each(_ f: (Float, Float) -> Float) -> SIMD3<Float> {
            SIMD3(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z))
        }
        func hardLight(_ b: Float, _ s: Float) -> Float {
            s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
        }
        switch mode {
        case .normal: return cs
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return each { b, s in hardLight(s, b) }
        case .darken: return each { min($0, $1) }
        case .lighten: return each { max($0, $1) }
        case .colorDodge:
            return each { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn:
            return each { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .hardLight: return each(hardLight)
        case .softLight:
            return each { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return each { abs($0 - $1) }
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        }
    }

    static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c)
        let n = c.min(), x = c.max()
        var r = c
        if n < 0 { r = SIMD3(repeating: l) + (r - l) * l / (l - n) }
        if x > 1 { r = SIMD3(repeating: l) + (r - l) * (1 - l) / (x - l) }
        return r
    }

    static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
        clipColor(c + (l - lum(c)))
    }

    static func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    /// SetSat: the largest channel becomes s, the smallest 0, the middle one in proportion.
    static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let x = c.max(), n = c.min()
        guard x > n else { return .zero }
        return (c - n) * s / (x - n)
    }
}
