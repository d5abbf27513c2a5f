/// A width × height image of premultiplied RGBA pixels in sRGB, rows top to bottom, no padding.
///
/// Channels are stored as `Float` in 0...1 rather than 8-bit, so that compositing does not round at every
/// step and a pixel painted with one colour keeps exactly that colour when converted to straight alpha
/// for PNG: a tinted icon's pixels are all exactly the tint, at varying alpha, even where alpha is tiny.
public struct Pixmap: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` values: R, G, B, A per pixel, colour channels premultiplied by alpha.
    public var data: [Float]

    /// A fully transparent pixmap. Sizes below zero count as zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.data = [Float](repeating: 0, count: self.width * self.height * 4)
    }

    /// Builds a pixmap from straight-alpha RGBA8 (as PNG stores it); nil when the byte count does not
    /// match the size.
    public init?(width: Int, height: Int, straightRGBA bytes: [UInt8]) {
        guard width >= 0, height >= 0, bytes.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        var out = [Float](repeating: 0, count: bytes.count)
        var i = 0
        while i < bytes.count {
            let a = Float(bytes[i + 3]) / 255
            out[i] = Float(bytes[i]) / 255 * a
            out[i + 1] = Float(bytes[i + 1]) / 255 * a
            out[i + 2] = Float(bytes[i + 2]) / 255 * a
            out[i + 3] = a
            i += 4
        }
        self.data = out
    }

    /// Pixel (x, y) as premultiplied RGBA8, each channel rounded to nearest.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (Self.byte(data[i]), Self.byte(data[i + 1]), Self.byte(data[i + 2]), Self.byte(data[i + 3]))
    }

    /// Premultiplied RGBA8 of every pixel (what comparisons between renderers use).
    public func premultipliedRGBA8() -> [UInt8] {
        data.map(Self.byte)
    }

    /// Straight (non-premultiplied) RGBA8, the layout PNG stores: alpha rounded to 8 bits, each colour
    /// channel divided by the unrounded alpha; pixels whose alpha rounds to 0 become 0, 0, 0, 0.
    public func straightAlphaRGBA() -> [UInt8] {
        let count = data.count
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            data.withUnsafeBufferPointer { px in
                var i = 0
                while i < count {
                    let a = px[i + 3]
                    // Transparent pixels (most of an icon) take the short path.
                    if a * 255 < 0.5 {
                        out[i] = 0; out[i + 1] = 0; out[i + 2] = 0; out[i + 3] = 0
                    } else {
                        let inv = 1 / a
                        out[i] = Self.byte(px[i] * inv)
                        out[i + 1] = Self.byte(px[i + 1] * inv)
                        out[i + 2] = Self.byte(px[i + 2] * inv)
                        out[i + 3] = Self.byte(a)
                    }
                    i += 4
                }
            }
            initialized = count
        }
    }

    @inline(__always)
    static func byte(_ v: Float) -> UInt8 {
        let r = v * 255 + 0.5
        return r >= 255 ? 255 : (r > 0 ? UInt8(truncatingIfNeeded: Int32(r)) : 0)  // NaN → 0, never a trap
    }
}
