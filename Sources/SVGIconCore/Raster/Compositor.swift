/// A colour ready for compositing: premultiplied, channels in 0...1.
package struct PremultipliedColor: Hashable, Sendable {
    package var r: Float, g: Float, b: Float, a: Float

    package init(_ color: SVGColor, opacity: Double = 1) {
        let alpha = Float(max(0, min(1, color.alpha * opacity)))
        r = Float(color.red) / 255 * alpha
        g = Float(color.green) / 255 * alpha
        b = Float(color.blue) / 255 * alpha
        a = alpha
    }

    package init(r: Float, g: Float, b: Float, a: Float) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    package var isTransparent: Bool { a <= 0 }
}

/// Source-over compositing onto a `Pixmap` (premultiplied sRGB, as browsers and resvg blend). On an
/// alpha-only pixmap (`uniformColor`) the same arithmetic runs on the alpha channel alone; anything that
/// would bring in another colour first makes the pixmap full RGBA.
extension Pixmap {
    /// Blends `color` over the pixels x0..<x1 of row `y`, all with the same coverage c:
    /// out = src·c + dst·(1 − αsrc·c).
    package mutating func blendSpan(y: Int, x0: Int, x1: Int, coverage c: Float, color: PremultipliedColor) {
        if let u = uniform, !u.matches(color) { makeRGBA() }
        let width = self.width
        let alphaOnly = uniform != nil
        samples.withUnsafeMutableBufferPointer { px in
            guard let base = px.baseAddress, x1 > x0 else { return }
            if alphaOnly {
                Self.blendAlphaSpan(base + y * width + x0, count: x1 - x0, coverage: c, alpha: color.a)
            } else {
                Self.blendSpan(base + (y * width + x0) * 4, count: x1 - x0, coverage: c, color: color)
            }
        }
    }

    /// `blendSpan` on raw pixels: `count` pixels from `start`, for callers that hold the pixmap's buffer
    /// across many spans.
    @inline(__always)
    static func blendSpan(_ start: UnsafeMutablePointer<Float>, count: Int, coverage c: Float,
                          color: PremultipliedColor) {
        var p = start
        let end = start + count * 4
        if c >= 1 && color.a >= 1 {
            while p < end {
                p[0] = color.r; p[1] = color.g; p[2] = color.b; p[3] = 1
                p += 4
            }
            return
        }
        let r = color.r * c, g = color.g * c, b = color.b * c, a = color.a * c
        let keep = 1 - a
        while p < end {
            p[0] = r + p[0] * keep
            p[1] = g + p[1] * keep
            p[2] = b + p[2] * keep
            p[3] = a + p[3] * keep
            p += 4
        }
    }

    /// `blendSpan` on an alpha-only pixmap's raw values: out = αsrc·c + dst·(1 − αsrc·c), the alpha
    /// channel of the RGBA blend.
    @inline(__always)
    static func blendAlphaSpan(_ start: UnsafeMutablePointer<Float>, count: Int, coverage c: Float, alpha: Float) {
        var p = start
        let end = start + count
        if c >= 1 && alpha >= 1 {
            while p < end {
                p[0] = 1
                p += 1
            }
            return
        }
        let a = alpha * c
        let keep = 1 - a
        while p < end {
            p[0] = a + p[0] * keep
            p += 1
        }
    }

    /// Blends one pixel: out = src·c + dst·(1 − αsrc·c). The pixmap's zeros must be written
    /// (`writePendingZeros()`, once before a loop of these).
    @inline(__always)
    mutating func blendPixel(x: Int, y: Int, coverage c: Float, color: PremultipliedColor) {
        assert(!zerosPending, "blendPixel on a pixmap whose zeros are pending")
        if let u = uniform {
            guard u.matches(color) else {
                makeRGBA()
                blendPixel(x: x, y: y, coverage: c, color: color)
                return
            }
            let i = y * width + x
            storage[i] = color.a * c + storage[i] * (1 - color.a * c)
            return
        }
        let i = (y * width + x) * 4
        let keep = 1 - color.a * c
        storage[i] = color.r * c + storage[i] * keep
        storage[i + 1] = color.g * c + storage[i + 1] * keep
        storage[i + 2] = color.b * c + storage[i + 2] * keep
        storage[i + 3] = color.a * c + storage[i + 3] * keep
    }

    /// Multiplies every pixel by the matching value of `mask` (width × height values in 0…1).
    package mutating func multiply(by mask: [Float]) {
        precondition(mask.count == width * height, "mask size must match")
        let channels = uniform == nil ? 4 : 1
        samples.withUnsafeMutableBufferPointer { px in
            for p in 0..<mask.count {
                let m = mask[p]
                if m >= 1 { continue }
                for c in 0..<channels { px[p * channels + c] *= m }
            }
        }
    }

    /// Draws `layer` over this pixmap with a uniform `opacity` (group opacity): out = src·o + dst·(1 − αs·o).
    package mutating func composite(_ layer: Pixmap, opacity: Double) {
        precondition(layer.width == width && layer.height == height, "layer size must match")
        composite(layer, x: 0, y: 0, opacity: opacity)
    }

    /// Draws `layer` over this pixmap with its top-left corner at (x, y) and a uniform `opacity`; the parts
    /// of `layer` outside this pixmap are left out.
    package mutating func composite(_ layer: Pixmap, x: Int, y: Int, opacity: Double) {
        guard let (o, columns, rows) = placement(of: layer, x: x, y: y, opacity: opacity) else { return }
        if uniform != nil, layer.uniform == uniform {
            compositeAlphaRows(layer.samples, width: layer.width, x: x, y: y, columns: columns, rows: rows, opacity: o)
            return
        }
        forEachPlacedRGBAPixel(of: layer, x: x, y: y, columns: columns, rows: rows) { dst, src, j, i in
            let sa = src[i + 3]
            if sa > 0 {
                let keep = 1 - sa * o
                dst[j] = src[i] * o + dst[j] * keep
                dst[j + 1] = src[i + 1] * o + dst[j + 1] * keep
                dst[j + 2] = src[i + 2] * o + dst[j + 2] * keep
                dst[j + 3] = sa * o + dst[j + 3] * keep
            }
        }
    }

    /// Makes this pixmap RGBA, then calls `body(dst, src, j, i)` for every pixel of `layer` (its top-left
    /// corner at (x, y)) in `columns` × `rows` of the layer: `i` is the pixel's first sample in the layer's
    /// RGBA samples `src`, `j` the first sample of the pixel it lands on in this pixmap's `dst`.
    @inline(__always)
    mutating func forEachPlacedRGBAPixel(of layer: Pixmap, x: Int, y: Int, columns: Range<Int>, rows: Range<Int>,
                                         _ body: (UnsafeMutableBufferPointer<Float>, UnsafeBufferPointer<Float>, Int, Int) -> Void) {
        makeRGBA()
        let source = layer.data
        let dstWidth = width, srcWidth = layer.width
        samples.withUnsafeMutableBufferPointer { dst in
            source.withUnsafeBufferPointer { src in
                for row in rows {
                    let s = row * srcWidth, d = (row + y) * dstWidth + x
                    for column in columns {
                        body(dst, src, (d + column) * 4, (s + column) * 4)
                    }
                }
            }
        }
    }

    /// Where `layer`, its top-left corner at (x, y), lands on this pixmap: the opacity clamped to 0…1 and
    /// the layer's columns and rows that fall on this pixmap; nil when nothing would be drawn (no opacity
    /// or no overlap).
    func placement(of layer: Pixmap, x: Int, y: Int,
                   opacity: Double) -> (opacity: Float, columns: Range<Int>, rows: Range<Int>)? {
        placement(width: layer.width, height: layer.height, x: x, y: y, opacity: opacity)
    }

    /// Where a `width` × `height` image, its top-left corner at (x, y), lands on this pixmap: the opacity
    /// clamped to 0…1 and the image's columns and rows that fall on this pixmap; nil when nothing would be
    /// drawn (no opacity or no overlap).
    func placement(width layerWidth: Int, height layerHeight: Int, x: Int, y: Int,
                   opacity: Double) -> (opacity: Float, columns: Range<Int>, rows: Range<Int>)? {
        let o = Float(max(0, min(1, opacity)))
        if o <= 0 { return nil }
        let columns = max(0, -x)..<max(max(0, -x), min(layerWidth, width - x))
        let rows = max(0, -y)..<max(max(0, -y), min(layerHeight, height - y))
        if columns.isEmpty || rows.isEmpty { return nil }
        return (o, columns, rows)
    }

    /// The alpha values `source` (rows of `width`; pixel (0, 0) at (x, y)) composited over this alpha-only
    /// pixmap's in `columns` × `rows` of the source with opacity `o`: d = a + d·(1 − a), a = s × o where s
    /// is above 0, else 0 (`compositeRow`, 4 values at a time).
    mutating func compositeAlphaRows(_ source: [Float], width sourceWidth: Int, x: Int, y: Int, columns: Range<Int>,
                                     rows: Range<Int>, opacity o: Float) {
        let dw = width, n = columns.count, c0 = columns.lowerBound
        samples.withUnsafeMutableBufferPointer { dstBuffer in
            source.withUnsafeBufferPointer { srcBuffer in
                guard let dst = dstBuffer.baseAddress, let src = srcBuffer.baseAddress else { return }
                for row in rows {
                    Self.compositeRow(src + (row &* sourceWidth &+ c0), dst + ((row &+ y) &* dw &+ x &+ c0), n, o)
                }
            }
        }
    }

    /// d[i] = a + d[i]·(1 − a) with a = s[i] × o where s[i] is above 0, else 0, for `n` values, 4 at a time
    /// (one row of `compositeAlphaRows`). A NaN source value counts as 0 (it is not above 0), so it leaves
    /// d as it is, as the per-pixel composites skip it; `max(NaN, 0)` would have written NaN.
    @inline(__always)
    static func compositeRow(_ s: UnsafePointer<Float>, _ d: UnsafeMutablePointer<Float>, _ n: Int, _ o: Float) {
        var i = 0
        while i &+ 4 <= n {
            let sv = UnsafeRawPointer(s + i).loadUnaligned(as: SIMD4<Float>.self)
            let a = sv.replacing(with: 0, where: .!(sv .> 0)) * o
            let v = UnsafeRawPointer(d + i).loadUnaligned(as: SIMD4<Float>.self)
            UnsafeMutableRawPointer(d + i).storeBytes(of: a + v * (1 - a), as: SIMD4<Float>.self)
            i &+= 4
        }
        while i < n {
            let a = (s[i] > 0 ? s[i] : 0) * o
            d[i] = a + d[i] * (1 - a)
            i &+= 1
        }
    }

    /// Fills the whole pixmap with `color` under what is already there (a background).
    package mutating func fillBehind(_ color: SVGColor) {
        let bg = PremultipliedColor(color)
        if bg.isTransparent { return }
        makeRGBA()
        writePendingZeros()
        var i = 0
        while i < storage.count {
            let keep = 1 - storage[i + 3]
            storage[i] += bg.r * keep
            storage[i + 1] += bg.g * keep
            storage[i + 2] += bg.b * keep
            storage[i + 3] += bg.a * keep
            i += 4
        }
    }
}
