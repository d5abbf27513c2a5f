/// The primitives' pixel arithmetic. Every function takes and returns region-sized premultiplied images
/// in one colour space (the graph converts); lengths are in pixels.
enum FilterOps {}

// MARK: - feGaussianBlur, feOffset

extension FilterOps {
    /// feGaussianBlur with standard deviations in pixels (0 in an axis: no blur in it). Below 2.0 an exact
    /// (sampled, normalised, radius ⌈3σ⌉) Gaussian kernel; from 2.0 the spec's three box blurs of size
    /// d = ⌊σ · 3√(2π)/4 + 0.5⌋ (odd d: three centred boxes; even d: two boxes of d offset half a pixel
    /// left then right, then one centred box of d + 1). Each box pass is a running sum: O(pixels)
    /// whatever σ. Outside the image counts as transparent black (edgeMode none).
    static func gaussianBlur(_ input: FilterImage, _ sx: Double, _ sy: Double, within sub: FilterPixelRect) -> FilterImage {
        var image = input
        if sx > 0 { blurRows(&image, sx) }
        if sy > 0 {
            var t = transposed(image)
            blurRows(&t, sy)
            image = transposed(t)
        }
        return image
    }

    static let boxFactor = 3 * (2 * Double.pi).squareRoot() / 4

    /// The box windows (pixels left, pixels right of the output pixel) for σ ≥ 2.
    static func boxWindows(_ sigma: Double) -> [(Int, Int)] {
        let d = Int((sigma * boxFactor + 0.5).rounded(.down))
        if d % 2 == 1 {
            let h = (d - 1) / 2
            return [(h, h), (h, h), (h, h)]
        }
        let h = d / 2
        return [(h, h - 1), (h - 1, h), (h, h)]
    }

    /// The sampled Gaussian for σ < 2: radius ⌈3σ⌉ and the 2·radius + 1 weights, normalised to sum 1.
    static func gaussianKernel(_ sigma: Double) -> (radius: Int, weights: [Float]) {
        let radius = Int((3 * sigma).rounded(.up))
        var weights = [Double](repeating: 0, count: 2 * radius + 1)
        var total = 0.0
        for k in -radius...radius {
            let v = FilterMath.exp(-Double(k * k) / (2 * sigma * sigma))
            weights[k + radius] = v
            total += v
        }
        return (radius, weights.map { Float($0 / total) })
    }

    /// Blurs every row of `image` horizontally.
    static func blurRows(_ image: inout FilterImage, _ sigma: Double) {
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return }
        var row = [Float](repeating: 0, count: w * 4)
        if sigma >= 2 {
            let windows = boxWindows(sigma)
            image.pixels.withUnsafeMutableBufferPointer { px in
                row.withUnsafeMutableBufferPointer { tmp in
                    for y in 0..<h {
                        let line = UnsafeMutableBufferPointer(rebasing: px[(y * w * 4)..<((y + 1) * w * 4)])
                        // Ping-pong between the row and the scratch row; three passes end in scratch.
                        boxPass(from: line, to: tmp, w, windows[0])
                        boxPass(from: tmp, to: line, w, windows[1])
                        boxPass(from: line, to: tmp, w, windows[2])
                        _ = line.update(fromContentsOf: tmp)
                    }
                }
            }
        } else {
            let (radius, kernel) = gaussianKernel(sigma)
            image.pixels.withUnsafeMutableBufferPointer { px in
                row.withUnsafeMutableBufferPointer { tmp in
                    kernel.withUnsafeBufferPointer { k in
                        for y in 0..<h {
                            let base = y * w * 4
                            for x in 0..<w {
                                var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                                let lo = max(0, x - radius), hi = min(w - 1, x + radius)
                                var s = lo
                                while s <= hi {
                                    let f = k[s - x + radius], i = base + s * 4
                                    r += px[i] * f; g += px[i + 1] * f; b += px[i + 2] * f; a += px[i + 3] * f
                                    s += 1
                                }
                                tmp[x * 4] = r; tmp[x * 4 + 1] = g; tmp[x * 4 + 2] = b; tmp[x * 4 + 3] = a
                            }
                            for i in 0..<(w * 4) { px[base + i] = tmp[i] }
                        }
                    }
                }
            }
        }
    }

    /// 1 / the window's size: what a box pass multiplies its running sum by.
    static func boxScale(_ window: (Int, Int)) -> Float { 1 / Float(window.0 + window.1 + 1) }

    /// One box blur of a row of n RGBA pixels: out[x] = mean of in[x − left … x + right], zero outside:
    /// a `Float` running sum per channel (4 at once) times `boxScale`.
    @inline(__always)
    static func boxPass(from src: UnsafeMutableBufferPointer<Float>, to dst: UnsafeMutableBufferPointer<Float>,
                        _ n: Int, _ window: (Int, Int)) {
        let (left, right) = window
        let scale = boxScale(window)
        guard let s = src.baseAddress, let d = dst.baseAddress else { return }
        @inline(__always) func load(_ x: Int) -> SIMD4<Float> {
            UnsafeRawPointer(s + x &* 4).loadUnaligned(as: SIMD4<Float>.self)
        }
        var sum = SIMD4<Float>(repeating: 0)
        var k = 0
        while k <= min(right, n - 1) {
            sum += load(k)
            k += 1
        }
        for x in 0..<n {
            UnsafeMutableRawPointer(d + x &* 4).storeBytes(of: sum * scale, as: SIMD4<Float>.self)
            let add = x + 1 + right
            if add < n { sum += load(add) }
            let remove = x - left
            if remove >= 0 { sum -= load(remove) }
        }
    }

    /// The image with rows and columns swapped.
    static func transposed(_ image: FilterImage) -> FilterImage {
        let w = image.width, h = image.height
        var out = FilterImage(width: h, height: w)
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        let s = (y * w + x) * 4, d = (x * h + y) * 4
                        dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]; dst[d + 3] = src[s + 3]
                    }
                }
            }
        }
        return out
    }

    /// An offset in pixels as whole pixels and a fraction in 0…1 (within 1/1000 of a whole pixel: that
    /// pixel, no fraction).
    static func splitOffset(_ v: Double) -> (whole: Int, fraction: Float) {
        let n = v.rounded()
        if abs(v - n) < 1e-3 { return (Int(n), 0) }
        let f = v.rounded(.down)
        return (Int(f), Float(v - f))
    }

    /// The whole pixels of an offset that `splitOffset` gives no fraction, else nil.
    static func wholePixels(_ v: Double) -> Int? {
        let (whole, fraction) = splitOffset(v)
        return fraction == 0 ? whole : nil
    }

    /// feOffset: the input moved by (dx, dy) pixels; what moves in from outside is transparent. Whole
    /// pixels move exactly; a fraction (more than 1/1000 from a whole pixel) is a linear interpolation
    /// between the two nearest whole-pixel shifts, per axis, so that a shadow offset by half a pixel at
    /// a small size lands half a pixel away instead of a whole one or none.
    static func offset(_ input: FilterImage, dx: Double, dy: Double) -> FilterImage {
        let (ix, fx) = splitOffset(dx), (iy, fy) = splitOffset(dy)
        if fx == 0 && fy == 0 { return wholeOffset(input, dx: ix, dy: iy) }
        var out = wholeOffset(input, dx: ix, dy: iy)
        if fx > 0 { out = blend(out, wholeOffset(out, dx: 1, dy: 0), fx) }
        if fy > 0 { out = blend(out, wholeOffset(out, dx: 0, dy: 1), fy) }
        return out
    }

    /// (1 − t)·a + t·b, pixel by pixel (same sizes).
    private static func blend(_ a: FilterImage, _ b: FilterImage, _ t: Float) -> FilterImage {
        var out = a
        out.pixels.withUnsafeMutableBufferPointer { o in
            b.pixels.withUnsafeBufferPointer { q in
                for i in 0..<o.count { o[i] += (q[i] - o[i]) * t }
            }
        }
        return out
    }

    /// The input moved by whole pixels.
    private static func wholeOffset(_ input: FilterImage, dx ox: Int, dy oy: Int) -> FilterImage {
        let w = input.width, h = input.height
        return FilterImage(width: w, height: h, pixels: moved(input.pixels, width: w, height: h, channels: 4, ox, oy))!
    }

    /// `values` (width × height pixels of `channels` values, rows top to bottom) moved by whole pixels
    /// (dx, dy), row span by row span; 0 where they move in from outside.
    static func moved(_ values: [Float], width w: Int, height h: Int, channels c: Int, _ dx: Int, _ dy: Int) -> [Float] {
        if dx == 0 && dy == 0 { return values }
        var out = [Float](repeating: 0, count: values.count)
        let x0 = max(0, dx), x1 = min(w, w + dx)
        guard abs(dx) < w, abs(dy) < h, x1 > x0 else { return out }
        values.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                for y in max(0, dy)..<min(h, h + dy) {
                    (d + (y * w + x0) * c).update(from: s + ((y - dy) * w + x0 - dx) * c, count: (x1 - x0) * c)
                }
            }
        }
        return out
    }
}
