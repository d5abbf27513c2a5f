// MARK: - feConvolveMatrix, feDisplacementMap

extension FilterOps {
    /// Index `i` of a row or column of `count` pixels, read per `mode` beyond its ends: clamped to the edge
    /// (`duplicate`), wrapped around (`wrap`), or nil (`none`: transparent black, which adds nothing).
    @inline(__always)
    private static func edgeIndex(_ i: Int, count: Int, _ mode: SVGEdgeMode) -> Int? {
        switch mode {
        case .duplicate: return min(max(i, 0), count - 1)
        case .wrap: return ((i % count) + count) % count
        case .none: return i < 0 || i >= count ? nil : i
        }
    }

    /// feConvolveMatrix; nil when the kernel does not fit its order, the target lies outside it or the
    /// divisor is an explicit 0 (the spec's "in error"; resvg and Chrome give transparent black for a 0
    /// divisor). The kernel is applied rotated 180° (a true convolution), on premultiplied values, or with
    /// `preserveAlpha` on straight colour with the input's alpha kept. Bias as Filter Effects 1's
    /// "SUM / divisor + bias * ALPHA" reads in resvg 0.44: alpha A = Σα / divisor + bias, each colour
    /// Σc / divisor + bias · A (A before clamping; with preserveAlpha, A is the input's alpha), clamped to
    /// 0 … A (premultiplied). Edges per `edgeMode` at the image (filter region) border.
    static func convolve(_ input: FilterImage, _ m: SVGConvolveMatrix) -> FilterImage? {
        let ox = m.orderX, oy = m.orderY
        guard ox > 0, oy > 0, m.kernel.count == ox * oy else { return nil }
        let tx = m.targetX ?? ox / 2, ty = m.targetY ?? oy / 2
        guard tx >= 0, tx < ox, ty >= 0, ty < oy else { return nil }
        guard m.kernel.allSatisfy({ $0.isFinite }), m.bias.isFinite else { return nil }
        if m.divisor == 0 { return nil }
        var divisor = m.divisor ?? 0
        if divisor == 0 || !divisor.isFinite { divisor = m.kernel.reduce(0, +) }
        if divisor == 0 { divisor = 1 }
        let w = input.width, h = input.height
        guard w > 0, h > 0 else { return input }
        // Straight colour for preserveAlpha.
        var source = input.pixels
        if m.preserveAlpha {
            var i = 0
            while i < source.count {
                let a = source[i + 3]
                if a > 0 { source[i] /= a; source[i + 1] /= a; source[i + 2] /= a }
                i += 4
            }
        }
        let rotated = m.kernel.reversed().map { $0 / divisor }
        let bias = Float(m.bias)
        var out = FilterImage(width: w, height: h)
        source.withUnsafeBufferPointer { src in
            rotated.withUnsafeBufferPointer { k in
                out.pixels.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<h {
                        for x in 0..<w {
                            var sum = SIMD4<Double>.zero
                            for i in 0..<oy {
                                guard let sy = edgeIndex(y - ty + i, count: h, m.edgeMode) else { continue }
                                for j in 0..<ox {
                                    guard let sx = edgeIndex(x - tx + j, count: w, m.edgeMode) else { continue }
                                    let p = (sy * w + sx) * 4
                                    let f = k[i * ox + j]
                                    sum += f * SIMD4(Double(src[p]), Double(src[p + 1]), Double(src[p + 2]), Double(src[p + 3]))
                                }
                            }
                            let d = (y * w + x) * 4
                            if m.preserveAlpha {
                                let a = input.pixels[d + 3], b = bias * a
                                dst[d] = clamp01(Float(sum.x) + b) * a
                                dst[d + 1] = clamp01(Float(sum.y) + b) * a
                                dst[d + 2] = clamp01(Float(sum.z) + b) * a
                                dst[d + 3] = a
                            } else {
                                let raw = Float(sum.w) + bias, a = clamp01(raw), b = bias * raw
                                dst[d] = min(a, clamp01(Float(sum.x) + b))
                                dst[d + 1] = min(a, clamp01(Float(sum.y) + b))
                                dst[d + 2] = min(a, clamp01(Float(sum.z) + b))
                                dst[d + 3] = a
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// feDisplacementMap: output (x, y) is the input pixel nearest to (x + sx·(X − ½), y + sy·(Y − ½)),
    /// X and Y being the chosen channels of `map` (straight values, in2's colour space); transparent
    /// where that falls outside the image.
    static func displacementMap(_ input: FilterImage, map: FilterImage, scaleX: Double, scaleY: Double,
                                xChannel: SVGColorChannel, yChannel: SVGColorChannel) -> FilterImage {
        let w = input.width, h = input.height
        var out = FilterImage(width: w, height: h)
        func index(_ c: SVGColorChannel) -> Int {
            switch c { case .r: 0; case .g: 1; case .b: 2; case .a: 3 }
        }
        let xc = index(xChannel), yc = index(yChannel)
        input.pixels.withUnsafeBufferPointer { src in
            map.pixels.withUnsafeBufferPointer { mp in
                out.pixels.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<h {
                        for x in 0..<w {
                            let p = (y * w + x) * 4
                            let a = mp[p + 3]
                            func value(_ c: Int) -> Double {
                                if c == 3 { return Double(a) }
                                return a > 0 ? Double(min(1, mp[p + c] / a)) : 0
                            }
                            let dx = scaleX * (value(xc) - 0.5), dy = scaleY * (value(yc) - 0.5)
                            let fx = (Double(x) + 0.5 + dx).rounded(.down), fy = (Double(y) + 0.5 + dy).rounded(.down)
                            guard fx >= 0, fy >= 0, fx < Double(w), fy < Double(h) else { continue }
                            let s = (Int(fy) * w + Int(fx)) * 4
                            dst[p] = src[s]; dst[p + 1] = src[s + 1]; dst[p + 2] = src[s + 2]; dst[p + 3] = src[s + 3]
                        }
                    }
                }
            }
        }
        return out
    }
}
