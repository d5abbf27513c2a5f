/// sRGB ↔ linearRGB on premultiplied filter pixels, through 4097-entry tables with linear interpolation
/// (largest error against the exact curves about 2·10⁻⁵, far under one 8-bit step). Colours are
/// un-premultiplied, converted and premultiplied again; alpha does not change.
enum FilterColorConversion {
    static let tableSize = 4096

    /// sRGB → linear, indexed by value · 4096.
    static let toLinear: [Float] = (0...tableSize).map { i in
        let c = Double(i) / Double(tableSize)
        return Float(c <= 0.04045 ? c / 12.92 : FilterMath.pow((c + 0.055) / 1.055, 2.4))
    }

    /// linear → sRGB, indexed by value · 4096.
    static let toSRGB: [Float] = (0...tableSize).map { i in
        let c = Double(i) / Double(tableSize)
        return Float(c <= 0.0031308 ? c * 12.92 : 1.055 * FilterMath.pow(c, 1 / 2.4) - 0.055)
    }

    @inline(__always)
    static func lookup(_ table: UnsafeBufferPointer<Float>, _ v: Float) -> Float {
        if !(v > 0) { return 0 }
        if v >= 1 { return 1 }
        let f = v * Float(tableSize)
        let i = Int(f)
        let t = f - Float(i)
        return table[i] + (table[i + 1] - table[i]) * t
    }

    /// One straight-alpha colour channel value converted.
    static func convert(_ v: Float, to space: SVGFilterColorSpace) -> Float {
        (space == .linearRGB ? toLinear : toSRGB).withUnsafeBufferPointer { lookup($0, v) }
    }

    /// Converts `image` from `from` to `to` in place.
    static func convert(_ image: inout FilterImage, from: SVGFilterColorSpace, to: SVGFilterColorSpace) {
        guard from != to else { return }
        let table = to == .linearRGB ? toLinear : toSRGB
        table.withUnsafeBufferPointer { t in
            image.pixels.withUnsafeMutableBufferPointer { px in
                var i = 0
                let n = px.count
                while i < n {
                    let p = convertPremultiplied(SIMD4(px[i], px[i + 1], px[i + 2], px[i + 3]), t)
                    px[i] = p.x; px[i + 1] = p.y; px[i + 2] = p.z
                    i += 4
                }
            }
        }
    }

    /// One premultiplied pixel converted through `table` (`toLinear` or `toSRGB`): un-premultiplied,
    /// looked up, premultiplied again. A pixel with no alpha (or NaN) loses its colour; black stays black
    /// (the tables map 0 to 0). The alpha is kept.
    @inline(__always)
    static func convertPremultiplied(_ p: SIMD4<Float>, _ table: UnsafeBufferPointer<Float>) -> SIMD4<Float> {
        let a = p.w
        if a > 0, p.x != 0 || p.y != 0 || p.z != 0 {
            let inv = 1 / a
            return SIMD4(lookup(table, p.x * inv) * a, lookup(table, p.y * inv) * a, lookup(table, p.z * inv) * a, a)
        }
        if a <= 0 || a.isNaN { return SIMD4(0, 0, 0, a) }
        return p
    }
}

/// exp, log and pow the filters need, without Foundation (the core imports none).
enum FilterMath {
    static let ln2 = 0.693147180559945309417232121458

    /// Natural logarithm for x > 0 (relative error ~1e-16): x = m · 2^e, ln m by the atanh series.
    static func log(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == 0 ? -.infinity : (x.isNaN || x < 0 ? .nan : .infinity) }
        let e = x.exponent
        var m = x.significand  // 1 ≤ m < 2
        var k = Double(e)
        if m > 1.4142135623730951 { m /= 2; k += 1 }
        let s = (m - 1) / (m + 1), s2 = s * s
        var term = s, sum = 0.0
        var n = 1.0
        while true {
            let add = term / n
            sum += add
            if abs(add) < 1e-18 { break }
            term *= s2
            n += 2
        }
        return 2 * sum + k * ln2
    }

    /// e^x (relative error ~1e-16): range reduction by ln 2, then Taylor.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if x > 709 { return .infinity }
        if x < -745 { return 0 }
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        var term = 1.0, sum = 1.0
        var n = 1.0
        while abs(term) > 1e-17 {
            term *= r / n
            sum += term
            n += 1
        }
        return Double(sign: .plus, exponent: Int(k), significand: sum)
    }

    /// x^y for x ≥ 0.
    static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 { return 1 }
        if x <= 0 { return 0 }
        if y == 1 { return x }
        return exp(y * log(x))
    }

    static func sin(_ x: Double) -> Double { sine(x) }
    static func cos(_ x: Double) -> Double { cosine(x) }
}
