/// A colour ready for compositing: premultiplied, channels in 0...1.
public struct PremultipliedColor: Hashable, Sendable {
    public var r: Float, g: Float, b: Float, a: Float

    public init(_ color: SVGColor, opacity: Double = 1) {
        let alpha = Float(max(0, min(1, color.alpha * opacity)))
        r = Float(color.red) / 255 * alpha
        g = Float(color.green) / 255 * alpha
        b = Float(color.blue) / 255 * alpha
        a = alpha
    }

    public init(r: Float, g: Float, b: Float, a: Float) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public var isTransparent: Bool { a <= 0 }
}

/// Source-over compositing onto a `Pixmap` (premultiplied sRGB, as browsers and resvg blend).
extension Pixmap {
    /// Blends `color` over the pixels x0..<x1 of row `y`, all with the same coverage c:
    /// out = src·c + dst·(1 − αsrc·c).
    public mutating func blendSpan(y: Int, x0: Int, x1: Int, coverage c: Float, color: PremultipliedColor) {
        let width = self.width
        data.withUnsafeMutableBufferPointer { px in
            var i = (y * width + x0) * 4
            let end = (y * width + x1) * 4
            if c >= 1 && color.a >= 1 {
                while i < end {
                    px[i] = color.r; px[i + 1] = color.g; px[i + 2] = color.b; px[i + 3] = 1
                    i += 4
                }
                return
            }
            let r = color.r * c, g = color.g * c, b = color.b * c, a = color.a * c
            let keep = 1 - a
            while i < end {
                px[i] = r + px[i] * keep
                px[i + 1] = g + px[i + 1] * keep
                px[i + 2] = b + px[i + 2] * keep
                px[i + 3] = a + px[i + 3] * keep
                i += 4
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

    /// Blends one pixel: out = src·c + dst·(1 − αsrc·c).
    @inline(__always)
    mutating func blendPixel(x: Int, y: Int, coverage c: Float, color: PremultipliedColor) {
        let i = (y * width + x) * 4
        let keep = 1 - color.a * c
        data[i] = color.r * c + data[i] * keep
        data[i + 1] = color.g * c + data[i + 1] * keep
        data[i + 2] = color.b * c + data[i + 2] * keep
        data[i + 3] = color.a * c + data[i + 3] * keep
    }

    /// Multiplies every pixel by the matching value of `mask` (width × height values in 0…1).
    public mutating func multiply(by mask: [Float]) {
        precondition(mask.count == width * height, "mask size must match")
        data.withUnsafeMutableBufferPointer { px in
            for p in 0..<mask.count {
                let m = mask[p]
                if m >= 1 { continue }
                px[p * 4] *= m
                px[p * 4 + 1] *= m
                px[p * 4 + 2] *= m
                px[p * 4 + 3] *= m
            }
        }
    }

    /// Draws `layer` over this pixmap with a uniform `opacity` (group opacity): out = src·o + dst·(1 − αs·o).
    public mutating func composite(_ layer: Pixmap, opacity: Double) {
        precondition(layer.width == width && layer.height == height, "layer size must match")
        let o = Float(max(0, min(1, opacity)))
        if o <= 0 { return }
        data.withUnsafeMutableBufferPointer { dst in
            layer.data.withUnsafeBufferPointer { src in
                var i = 0
                while i < dst.count {
                    let sa = src[i + 3]
                    if sa > 0 {
                        let keep = 1 - sa * o
                        dst[i] = src[i] * o + dst[i] * keep
                        dst[i + 1] = src[i + 1] * o + dst[i + 1] * keep
                        dst[i + 2] = src[i + 2] * o + dst[i + 2] * keep
                        dst[i + 3] = sa * o + dst[i + 3] * keep
                    }
                    i += 4
                }
            }
        }
    }

    /// Fills the whole pixmap with `color` under what is already there (a background).
    public mutating func fillBehind(_ color: SVGColor) {
        let bg = PremultipliedColor(color)
        if bg.isTransparent { return }
        var i = 0
        while i < data.count {
            let keep = 1 - data[i + 3]
            data[i] += bg.r * keep
            data[i + 1] += bg.g * keep
            data[i + 2] += bg.b * keep
            data[i + 3] += bg.a * keep
            i += 4
        }
    }
}
