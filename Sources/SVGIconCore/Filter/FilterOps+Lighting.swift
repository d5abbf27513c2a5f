// MARK: - feDiffuseLighting, feSpecularLighting

extension FilterOps {
    /// Lighting with the input's alpha as the height map (Z = surfaceScale · A). The surface normal uses
    /// the spec's Sobel kernels, reduced at edges and corners exactly as its table says (the general form:
    /// N = −surfaceScale · 2 / (Σweights · span) · Σ weighted differences). Light positions are already in
    /// region pixels (`FilterGraph.lightInPixels`); a pixel's surface point is (x, y, Z) at its index.
    /// Diffuse: kd · N·L · colour, alpha 1. Specular: ks · (N·H)^exponent · colour, clamped, alpha the
    /// largest channel, the channels read as premultiplied (see below). `lighting-color` is sRGB and is
    /// converted to the primitive's colour space (resvg uses it unconverted).
    static func lighting(_ input: FilterImage, _ l: SVGLighting, specular: Bool, space: SVGFilterColorSpace,
                         light: SVGLightSource) -> FilterImage {
        let w = input.width, h = input.height
        var out = FilterImage(width: w, height: h)
        guard w > 0, h > 0 else { return out }
        let (cr, cg, cb, _) = straight(SVGColor(red: l.color.red, green: l.color.green, blue: l.color.blue),
                                       opacity: 1, space: space)
        let color = SIMD3<Double>(Double(cr), Double(cg), Double(cb))
        let ss = l.surfaceScale.isFinite ? l.surfaceScale : 1
        let exponent = specular ? min(128, max(1, l.specularExponent.isFinite ? l.specularExponent : 1)) : 1
        let constant = specular ? l.specularConstant : l.diffuseConstant
        let k = constant.isFinite ? max(0, constant) : 0

        func normalize(_ v: SIMD3<Double>) -> SIMD3<Double> {
            let n = (v * v).sum().squareRoot()
            return n > 0 ? v / n : .zero
        }
        var distant = SIMD3<Double>.zero
        var spotDirection = SIMD3<Double>.zero, spotCos: Double? = nil, spotExponent = 1.0
        var position = SIMD3<Double>.zero
        switch light {
        case let .distant(az, el):
            let a = az * Double.pi / 180, e = el * Double.pi / 180
            distant = SIMD3(FilterMath.cos(a) * FilterMath.cos(e), FilterMath.sin(a) * FilterMath.cos(e), FilterMath.sin(e))
        case let .point(x, y, z):
            position = SIMD3(x, y, z)
        case let .spot(x, y, z, ax, ay, az, e, cone):
            position = SIMD3(x, y, z)
            spotDirection = normalize(SIMD3(ax, ay, az) - position)
            spotExponent = e.isFinite ? e : 1
            if let cone, cone.isFinite { spotCos = FilterMath.cos(abs(cone) * Double.pi / 180) }
        }

        input.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                @inline(__always) func alpha(_ x: Int, _ y: Int) -> Double { Double(src[(y * w + x) * 4 + 3]) }
                for y in 0..<h {
                    let up = max(0, y - 1), down = min(h - 1, y + 1)
                    for x in 0..<w {
                        let left = max(0, x - 1), right = min(w - 1, x + 1)
                        // Nx: column difference, rows weighted 1-2-1 where they exist.
                        var nx = 0.0, ny = 0.0
                        if right > left {
                            var sum = 2 * (alpha(right, y) - alpha(left, y)), weights = 2.0
                            if up < y { sum += alpha(right, up) - alpha(left, up); weights += 1 }
                            if down > y { sum += alpha(right, down) - alpha(left, down); weights += 1 }
                            nx = -ss * 2 / (weights * Double(right - left)) * sum
                        }
                        if down > up {
                            var sum = 2 * (alpha(x, down) - alpha(x, up)), weights = 2.0
                            if left < x { sum += alpha(left, down) - alpha(left, up); weights += 1 }
                            if right > x { sum += alpha(right, down) - alpha(right, up); weights += 1 }
                            ny = -ss * 2 / (weights * Double(down - up)) * sum
                        }
                        let normal = normalize(SIMD3(nx, ny, 1))
                        var lightVector = distant
                        var lightColor = color
                        if case .distant = light {} else {
                            let surface = SIMD3(Double(x), Double(y), ss * alpha(x, y))
                            lightVector = normalize(position - surface)
                            if case .spot = light {
                                let minusLDotS = -(lightVector * spotDirection).sum()
                                if minusLDotS <= 0 || (spotCos.map { minusLDotS < $0 } ?? false) {
                                    lightColor = .zero
                                } else {
                                    lightColor = color * FilterMath.pow(minusLDotS, spotExponent)
                                }
                            }
                        }
                        var rgb: SIMD3<Double>
                        var a: Double
                        if specular {
                            let half = normalize(lightVector + SIMD3(0, 0, 1))
                            let nh = (normal * half).sum()
                            rgb = k * FilterMath.pow(max(0, nh), exponent) * lightColor
                            rgb = SIMD3(clamp01(rgb.x), clamp01(rgb.y), clamp01(rgb.z))
                            a = rgb.max()
                        } else {
                            let nl = (normal * lightVector).sum()
                            rgb = k * max(0, nl) * lightColor
                            rgb = SIMD3(clamp01(rgb.x), clamp01(rgb.y), clamp01(rgb.z))
                            a = 1
                        }
                        let d = (y * w + x) * 4
                        // Diffuse: opaque, so straight = premultiplied. Specular: the channels are taken as
                        // premultiplied by their own maximum, as resvg and Skia do (the
                        // spec leaves it open); colour ≤ alpha holds by construction.
                        dst[d] = Float(rgb.x); dst[d + 1] = Float(rgb.y); dst[d + 2] = Float(rgb.z)
                        dst[d + 3] = Float(a)
                    }
                }
            }
        }
        return out
    }
}
