// MARK: - feFlood, feColorMatrix, feComponentTransfer, and the alpha helpers

extension FilterOps {
    @inline(__always) static func clamp01(_ v: Float) -> Float { v > 0 ? (v < 1 ? v : 1) : 0 }
    @inline(__always) static func clamp01(_ v: Double) -> Double { v > 0 ? (v < 1 ? v : 1) : 0 }

    /// A colour's straight channels in `space`, with its alpha times `opacity`.
    static func straight(_ color: SVGColor, opacity: Double, space: SVGFilterColorSpace) -> (Float, Float, Float, Float) {
        let a = Float(clamp01(color.alpha * clamp01(opacity)))
        var r = Float(color.red) / 255, g = Float(color.green) / 255, b = Float(color.blue) / 255
        if space == .linearRGB {
            r = FilterColorConversion.convert(r, to: .linearRGB)
            g = FilterColorConversion.convert(g, to: .linearRGB)
            b = FilterColorConversion.convert(b, to: .linearRGB)
        }
        return (r, g, b, a)
    }

    /// feFlood: `sub` filled with the colour (sRGB, converted to `space`) at `opacity`.
    static func flood(width: Int, height: Int, color: SVGColor, opacity: Double, space: SVGFilterColorSpace,
                      within sub: FilterPixelRect) -> FilterImage {
        var out = FilterImage(width: width, height: height)
        let (r, g, b, a) = straight(color, opacity: opacity, space: space)
        let area = sub.intersection(FilterPixelRect(x: 0, y: 0, width: width, height: height))
        guard a > 0, !area.isEmpty else { return out }
        out.pixels.withUnsafeMutableBufferPointer { px in
            for y in area.y..<(area.y + area.height) {
                for x in area.x..<(area.x + area.width) {
                    let i = (y * width + x) * 4
                    px[i] = r * a; px[i + 1] = g * a; px[i + 2] = b * a; px[i + 3] = a
                }
            }
        }
        return out
    }

    /// SourceAlpha-style: colour channels 0, alpha kept.
    static func alphaOnly(_ input: FilterImage) -> FilterImage {
        var out = input
        out.pixels.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i < px.count { px[i] = 0; px[i + 1] = 0; px[i + 2] = 0; i += 4 }
        }
        return out
    }

    /// Applies `f` to every pixel's straight (un-premultiplied) RGBA; `f` returns straight RGBA, which is
    /// clamped to 0…1 and premultiplied. Transparent pixels are fed (0, 0, 0, 0).
    @inline(__always)
    static func mapStraight(_ input: FilterImage,
                            _ f: (Float, Float, Float, Float) -> (Float, Float, Float, Float)) -> FilterImage {
        var out = input
        out.pixels.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i < px.count {
                let a = px[i + 3]
                var r: Float = 0, g: Float = 0, b: Float = 0
                if a > 0 {
                    let inv = 1 / a
                    r = min(1, px[i] * inv); g = min(1, px[i + 1] * inv); b = min(1, px[i + 2] * inv)
                }
                let (nr, ng, nb, na) = f(r, g, b, a)
                let oa = clamp01(na)
                px[i] = clamp01(nr) * oa; px[i + 1] = clamp01(ng) * oa; px[i + 2] = clamp01(nb) * oa; px[i + 3] = oa
                i += 4
            }
        }
        return out
    }

    /// The 4×5 matrix of a feColorMatrix (row-major, 20 values).
    static func matrix(_ m: SVGColorMatrix) -> [Float] {
        switch m {
        case .matrix(let values):
            guard values.count == 20 else { return identityMatrix }
            return values.map { Float($0) }
        case .saturate(let s):
            return [
                0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0,
                0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0,
                0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0,
                0, 0, 0, 1, 0,
            ].map { Float($0) }
        case .hueRotate(let degrees):
            let a = degrees * Double.pi / 180
            let c = FilterMath.cos(a), s = FilterMath.sin(a)
            return [
                0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0, 0,
                0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0, 0,
                0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0, 0,
                0, 0, 0, 1, 0,
            ].map { Float($0) }
        case .luminanceToAlpha:
            return [0, 0, 0, 0, 0,
                    0, 0, 0, 0, 0,
                    0, 0, 0, 0, 0,
                    0.2125, 0.7154, 0.0721, 0, 0]
        }
    }

    static let identityMatrix: [Float] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]

    /// feColorMatrix on straight colour values.
    static func colorMatrix(_ input: FilterImage, _ m: SVGColorMatrix) -> FilterImage {
        let k = matrix(m)
        return k.withUnsafeBufferPointer { k in
            mapStraight(input) { r, g, b, a in
                (k[0] * r + k[1] * g + k[2] * b + k[3] * a + k[4],
                 k[5] * r + k[6] * g + k[7] * b + k[8] * a + k[9],
                 k[10] * r + k[11] * g + k[12] * b + k[13] * a + k[14],
                 k[15] * r + k[16] * g + k[17] * b + k[18] * a + k[19])
            }
        }
    }

    /// One transfer function as a 1024-entry table over 0…1 (exact at the table's points, linear between
    /// them: a step of 1/1023 is 1/4 of an 8-bit step), or nil for identity.
    static func transferTable(_ f: SVGTransferFunction) -> [Float]? {
        let n = 1024
        func build(_ g: (Double) -> Double) -> [Float] {
            (0...n).map { Float(clamp01(g(Double($0) / Double(n)))) }
        }
        switch f {
        case .identity:
            return nil
        case .table(let v):
            guard !v.isEmpty else { return nil }
            if v.count == 1 { return build { _ in v[0] } }
            let segments = Double(v.count - 1)
            return build { c in
                let k = min(Int((c * segments).rounded(.down)), v.count - 2)
                return v[k] + (c - Double(k) / segments) * segments * (v[k + 1] - v[k])
            }
        case .discrete(let v):
            guard !v.isEmpty else { return nil }
            // Exact, not interpolated: steps are sampled per pixel below, see componentTransfer.
            return nil
        case let .linear(slope, intercept):
            return build { slope * $0 + intercept }
        case let .gamma(amplitude, exponent, offset):
            return build { amplitude * FilterMath.pow($0, exponent) + offset }
        }
    }

    /// feComponentTransfer on straight colour values.
    static func componentTransfer(_ input: FilterImage, _ r: SVGTransferFunction, _ g: SVGTransferFunction,
                                  _ b: SVGTransferFunction, _ a: SVGTransferFunction) -> FilterImage {
        let fs = [r, g, b, a]
        let tables = fs.map(transferTable)
        let n = Float(1024)
        func apply(_ c: Int, _ v: Float) -> Float {
            if case .discrete(let values) = fs[c], !values.isEmpty {
                let k = min(Int(v * Float(values.count)), values.count - 1)
                return Float(values[max(0, k)])
            }
            guard let t = tables[c] else { return v }
            let f = clamp01(v) * n
            let i = min(Int(f), 1023)
            return t[i] + (t[i + 1] - t[i]) * (f - Float(i))
        }
        return mapStraight(input) { r, g, b, a in (apply(0, r), apply(1, g), apply(2, b), apply(3, a)) }
    }
}
