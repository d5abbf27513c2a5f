// MARK: - feTurbulence

/// The Perlin-noise lattice of feTurbulence, built from `seed` exactly as the Filter Effects spec's
/// description prescribes (Park–Miller minimal standard generator, 4 × 256 unit gradients, a shuffled
/// 256-entry lattice selector, both extended by 258 entries), so the same seed gives the same noise as
/// every conforming renderer.
struct TurbulenceLattice {
    static let size = 256, mask = 255, perlinN = 4096
    static let randM = 2_147_483_647, randA = 16807, randQ = 127_773, randR = 2836

    var selector = [Int](repeating: 0, count: 2 * 256 + 2)
    /// [channel][index] → (x, y)
    var gradient = [[SIMD2<Double>]](repeating: [SIMD2<Double>](repeating: .zero, count: 2 * 256 + 2), count: 4)

    static func setupSeed(_ seed: Int) -> Int {
        var s = seed
        if s <= 0 { s = -(s % (randM - 1)) + 1 }
        if s > randM - 1 { s = randM - 1 }
        return s
    }

    static func random(_ seed: Int) -> Int {
        var r = randA * (seed % randQ) - randR * (seed / randQ)
        if r <= 0 { r += randM }
        return r
    }

    init(seed: Int) {
        let n = Self.size
        var s = Self.setupSeed(seed)
        for k in 0..<4 {
            for i in 0..<n {
                selector[i] = i
                var v = SIMD2<Double>.zero
                s = Self.random(s)
                v.x = Double((s % (2 * n)) - n) / Double(n)
                s = Self.random(s)
                v.y = Double((s % (2 * n)) - n) / Double(n)
                let length = (v.x * v.x + v.y * v.y).squareRoot()
                gradient[k][i] = length > 0 ? v / length : .zero
            }
        }
        var i = n - 1
        while i > 0 {
            let k = selector[i]
            s = Self.random(s)
            let j = s % n
            selector[i] = selector[j]
            selector[j] = k
            i -= 1
        }
        for i in 0..<(n + 2) {
            selector[n + i] = selector[i]
            for k in 0..<4 { gradient[k][n + i] = gradient[k][i] }
        }
    }

    struct Stitch {
        var width: Int, height: Int, wrapX: Int, wrapY: Int
    }

    /// The spec's noise2 for one channel.
    func noise2(_ channel: Int, _ vx: Double, _ vy: Double, _ stitch: Stitch?) -> Double {
        let tx = vx + Double(Self.perlinN), ty = vy + Double(Self.perlinN)
        // Far beyond any lattice detail (and Int's range): no noise rather than a trap.
        guard abs(tx) < 1e15, abs(ty) < 1e15 else { return 0 }
        let ix = Int(tx), iy = Int(ty)  // truncation, as C's (int)
        var bx0 = ix & Self.mask, bx1 = (bx0 + 1) & Self.mask
        var by0 = iy & Self.mask, by1 = (by0 + 1) & Self.mask
        let rx0 = tx - Double(ix), rx1 = rx0 - 1
        let ry0 = ty - Double(iy), ry1 = ry0 - 1
        if let st = stitch {
            if bx0 >= st.wrapX { bx0 -= st.width }
            if bx1 >= st.wrapX { bx1 -= st.width }
            if by0 >= st.wrapY { by0 -= st.height }
            if by1 >= st.wrapY { by1 -= st.height }
        }
        bx0 &= Self.mask; bx1 &= Self.mask; by0 &= Self.mask; by1 &= Self.mask
        let i = selector[bx0], j = selector[bx1]
        let b00 = selector[i + by0], b10 = selector[j + by0]
        let b01 = selector[i + by1], b11 = selector[j + by1]
        let sx = rx0 * rx0 * (3 - 2 * rx0), sy = ry0 * ry0 * (3 - 2 * ry0)
        let g = gradient[channel]
        var u = rx0 * g[b00].x + ry0 * g[b00].y
        var v = rx1 * g[b10].x + ry0 * g[b10].y
        let a = u + sx * (v - u)
        u = rx0 * g[b01].x + ry1 * g[b01].y
        v = rx1 * g[b11].x + ry1 * g[b11].y
        let b = u + sx * (v - u)
        return a + sy * (b - a)
    }

    /// The spec's turbulence(): `octaves` octaves at `point` (user space), stitched to `tile` if asked.
    func turbulence(_ channel: Int, _ px: Double, _ py: Double, _ t: SVGTurbulence, octaves: Int,
                    tile: SVGRect, frequencies: (Double, Double), stitch start: Stitch?) -> Double {
        var stitch = start
        var vx = px * frequencies.0, vy = py * frequencies.1
        var sum = 0.0, ratio = 1.0
        for _ in 0..<octaves {
            let n = noise2(channel, vx, vy, stitch)
            sum += (t.fractalNoise ? n : abs(n)) / ratio
            vx *= 2; vy *= 2; ratio *= 2
            if var st = stitch {
                st.width *= 2; st.wrapX = 2 * st.wrapX - Self.perlinN
                st.height *= 2; st.wrapY = 2 * st.wrapY - Self.perlinN
                stitch = st
            }
        }
        return sum
    }
}

extension FilterOps {
    /// feTurbulence over `sub`: pixel (x, y) samples the noise at the user-space point of its top-left
    /// corner. Channels are straight RGBA in the primitive's colour space, then premultiplied.
    static func turbulence(width: Int, height: Int, _ t: SVGTurbulence, octaves: Int, within sub: FilterPixelRect,
                           transform: FilterTransform, origin: (Int, Int), tile: SVGRect) -> FilterImage {
        var out = FilterImage(width: width, height: height)
        let seed = t.seed.isFinite ? Int(max(-1e15, min(1e15, t.seed)).rounded(.towardZero)) : 0
        let lattice = TurbulenceLattice(seed: seed)
        var fx = t.baseFrequencyX, fy = t.baseFrequencyY
        guard fx >= 0, fy >= 0, fx.isFinite, fy.isFinite else { return out }
        var stitch: TurbulenceLattice.Stitch? = nil
        if t.stitchTiles, tile.width > 0, tile.height > 0 {
            func adjust(_ f: Double, _ size: Double) -> Double {
                guard f != 0 else { return f }
                let lo = (size * f).rounded(.down) / size, hi = (size * f).rounded(.up) / size
                return (lo > 0 && f / lo < hi / f) ? lo : hi
            }
            fx = adjust(fx, tile.width)
            fy = adjust(fy, tile.height)
            let sw = tile.width * fx + 0.5, sh = tile.height * fy + 0.5
            let wx = tile.x * fx + Double(TurbulenceLattice.perlinN) + Double(Int(min(sw, 1e9)))
            let wy = tile.y * fy + Double(TurbulenceLattice.perlinN) + Double(Int(min(sh, 1e9)))
            if abs(wx) < 1e9, abs(wy) < 1e9 {
                stitch = .init(width: Int(min(sw, 1e9)), height: Int(min(sh, 1e9)), wrapX: Int(wx), wrapY: Int(wy))
            }
        }
        let x0 = max(0, sub.x), x1 = min(width, sub.x + sub.width)
        let y0 = max(0, sub.y), y1 = min(height, sub.y + sub.height)
        guard x1 > x0, y1 > y0 else { return out }
        out.pixels.withUnsafeMutableBufferPointer { px in
            for y in y0..<y1 {
                let uy = (Double(y + origin.1) - transform.translateY) / transform.scaleY
                for x in x0..<x1 {
                    let ux = (Double(x + origin.0) - transform.translateX) / transform.scaleX
                    var c = SIMD4<Float>.zero
                    for channel in 0..<4 {
                        var v = lattice.turbulence(channel, ux, uy, t, octaves: octaves, tile: tile,
                                                   frequencies: (fx, fy), stitch: stitch)
                        if t.fractalNoise { v = (v + 1) / 2 }
                        c[channel] = Float(clamp01(v))
                    }
                    let i = (y * width + x) * 4
                    px[i] = c.x * c.w; px[i + 1] = c.y * c.w; px[i + 2] = c.z * c.w; px[i + 3] = c.w
                }
            }
        }
        return out
    }
}
