/// A width × height image of premultiplied RGBA8 pixels in sRGB, rows top to bottom, no padding.
public struct Pixmap: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel, colour channels premultiplied by alpha.
    public var data: [UInt8]

    /// A fully transparent pixmap. Sizes below zero count as zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.data = [UInt8](repeating: 0, count: self.width * self.height * 4)
    }

    /// Wraps existing premultiplied RGBA8 data; nil when the byte count does not match the size or a colour
    /// channel exceeds its alpha.
    public init?(width: Int, height: Int, premultipliedRGBA data: [UInt8]) {
        guard width >= 0, height >= 0, data.count == width * height * 4 else { return nil }
        var i = 0
        while i < data.count {
            let a = data[i + 3]
            if data[i] > a || data[i + 1] > a || data[i + 2] > a { return nil }
            i += 4
        }
        self.width = width
        self.height = height
        self.data = data
    }

    /// The premultiplied RGBA of pixel (x, y).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (data[i], data[i + 1], data[i + 2], data[i + 3])
    }

    /// Converts to straight (non-premultiplied) alpha, the layout PNG stores: each colour channel is
    /// divided by alpha and rounded to nearest; fully transparent pixels become 0, 0, 0, 0.
    public func straightAlphaRGBA() -> [UInt8] {
        var out = data
        var i = 0
        while i < out.count {
            let a = Int(out[i + 3])
            if a == 0 {
                out[i] = 0; out[i + 1] = 0; out[i + 2] = 0
            } else if a < 255 {
                out[i] = UInt8(min(255, (Int(out[i]) * 255 + a / 2) / a))
                out[i + 1] = UInt8(min(255, (Int(out[i + 1]) * 255 + a / 2) / a))
                out[i + 2] = UInt8(min(255, (Int(out[i + 2]) * 255 + a / 2) / a))
            }
            i += 4
        }
        return out
    }

    /// Builds a pixmap from straight-alpha RGBA8 (as PNG decoders return it).
    public init?(width: Int, height: Int, straightRGBA: [UInt8]) {
        guard width >= 0, height >= 0, straightRGBA.count == width * height * 4 else { return nil }
        var out = straightRGBA
        var i = 0
        while i < out.count {
            let a = Int(out[i + 3])
            if a < 255 {
                out[i] = UInt8((Int(out[i]) * a + 127) / 255)
                out[i + 1] = UInt8((Int(out[i + 1]) * a + 127) / 255)
                out[i + 2] = UInt8((Int(out[i + 2]) * a + 127) / 255)
            }
            i += 4
        }
        self.width = width
        self.height = height
        self.data = out
    }
}
