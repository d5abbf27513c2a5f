/// A colour ready for compositing: premultiplied, channels in 0...255 as Float.
public struct PremultipliedColor: Hashable, Sendable {
    public var r: Float, g: Float, b: Float, a: Float

    public init(_ color: SVGColor, opacity: Double = 1) {
        let alpha = Float(max(0, min(1, color.alpha * opacity)))
        r = Float(color.red) * alpha
        g = Float(color.green) * alpha
        b = Float(color.blue) * alpha
        a = 255 * alpha
    }

    public var isTransparent: Bool { a <= 0 }
}

/// Source-over compositing onto a `Pixmap` (premultiplied sRGB, as browsers and resvg blend).
extension Pixmap {
    /// Blends `color` over the pixels x0..<x1 of row `y`, each weighted by its coverage.

    public mutating func blendRow(y: Int, x0: Int, x1: Int, coverage: UnsafeBufferPointer<Float>,
                                  color: PremultipliedColor) {
        let width = self.width
        data.withUnsafeMutableBufferPointer { px in
            var i = (y * width + x0) * 4
            let sa = color.a / 255
            for x in x0..<x1 {
                let c = coverage[x]
                if c > 0 {
                    let keep = 1 - sa * c
                    px[i] = Self.clampRound(color.r * c + Float(px[i]) * keep)
                    px[i + 1] = Self.clampRound(color.g * c + Float(px[i + 1]) * keep)
                    px[i + 2] = Self.clampRound(color.b * c + Float(px[i + 2]) * keep)
                    px[i + 3] = Self.clampRound(color.a * c + Float(px[i + 3]) * keep)
                }
                i += 4
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
                    let sa = Float(src[i + 3])
                    if sa > 0 {
                        let keep = 1 - sa * o / 255
                        dst[i] = Self.clampRound(Float(src[i]) * o + Float(dst[i]) * keep)
                        dst[i + 1] = Self.clampRound(Float(src[i + 1]) * o + Float(dst[i + 1]) * keep)
                        dst[i + 2] = Self.clampRound(Float(src[i + 2]) * o + Float(dst[i + 2]) * keep)
                        dst[i + 3] = Self.clampRound(sa * o + Float(dst[i + 3]) * keep)
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
            let keep = 1 - Float(data[i + 3]) / 255
            data[i] = Self.clampRound(Float(data[i]) + bg.r * keep)
            data[i + 1] = Self.clampRound(Float(data[i + 1]) + bg.g * keep)
            data[i + 2] = Self.clampRound(Float(data[i + 2]) + bg.b * keep)
            data[i + 3] = Self.clampRound(Float(data[i + 3]) + bg.a * keep)
            i += 4
        }
    }

    @inline(__always)
    static func clampRound(_ v: Float) -> UInt8 {
        let r = v + 0.5
        return r >= 255 ? 255 : (r <= 0 ? 0 : UInt8(r))
    }
}
