/// Decoded pixels of a raster image: premultiplied sRGB RGBA8, row by row from the top.
///
/// Guarantees: width and height positive, `samples.count == width * height * 4`, every colour channel
/// at most its alpha.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGImagePixels: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Columns of pixels (positive).
    public let width: Int
    /// Rows of pixels (positive).
    public let height: Int
    /// Premultiplied R, G, B, A bytes, row by row from the top: `width * height * 4` of them.
    public let samples: [UInt8]

    /// Pixels that are already premultiplied; nil when the sizes do not match or a channel exceeds alpha.
    public init?(width: Int, height: Int, premultipliedRGBA samples: [UInt8]) {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, count <= Int.max / 4, samples.count == count * 4 else { return nil }
        var i = 0
        while i < samples.count {
            let a = samples[i + 3]
            guard samples[i] <= a, samples[i + 1] <= a, samples[i + 2] <= a else { return nil }
            i += 4
        }
        self.width = width
        self.height = height
        self.samples = samples
    }

    /// Premultiplies straight-alpha RGBA8 (what PNG and JPEG decoders produce), rounding to nearest, in
    /// place when the caller hands its buffer over.
    public init?(width: Int, height: Int, straightRGBA samples: consuming [UInt8]) {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, count <= Int.max / 4, samples.count == count * 4 else { return nil }
        var out = consume samples
        out.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = UInt32(p[i + 3])
                if a < 255 {
                    for k in 0..<3 { p[i + k] = UInt8((UInt32(p[i + k]) * a + 127) / 255) }
                }
                i += 4
            }
        }
        self.width = width
        self.height = height
        self.samples = out
    }

    /// `4×4 pixels`.
    public var description: String { "\(width)×\(height) pixels" }
    /// `SVGImagePixels(4×4)`: the size, never the bytes.
    public var debugDescription: String { "SVGImagePixels(\(width)×\(height))" }
}

/// How an image is resampled (`image-rendering`).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGImageSmoothing: String, Hashable, Sendable {
    /// Bilinear interpolation (`auto`, `optimizeQuality`, `smooth`, `high-quality`).
    case smooth
    /// The nearest pixel (`pixelated`, `crisp-edges`, `optimizeSpeed`), as resvg does.
    case pixelated
}

/// A raster image as a paint: the whole image is stretched over the destination rectangle (in the user
/// space of the shape it fills); the shape's path — the `<image>`'s viewport, or the part of it the
/// image covers — says which part is drawn. Outside the destination the edge pixels repeat (resvg's pad),
/// so a path that strays past it by a rounding error gets no seam.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGImagePaint: Hashable, Sendable, CustomStringConvertible {
    /// The decoded image.
    public var pixels: SVGImagePixels
    /// The destination rectangle the whole image is stretched over, in the shape's user space.
    public var x: Double, y: Double, width: Double, height: Double
    /// Bilinear or nearest-pixel sampling (`image-rendering`).
    public var smoothing: SVGImageSmoothing

    /// An image stretched over (x, y, width, height).
    public init(pixels: SVGImagePixels, x: Double, y: Double, width: Double, height: Double,
                smoothing: SVGImageSmoothing = .smooth) {
        self.pixels = pixels
        self.x = x; self.y = y; self.width = width; self.height = height
        self.smoothing = smoothing
    }

    /// `4×4 pixels at 1,1 size 10×10` (user units to three decimals; `, pixelated` for nearest sampling).
    public var description: String {
        func short(_ v: Double) -> String {
            let r = (v * 1000).rounded() / 1000
            return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
        }
        return "\(pixels.width)×\(pixels.height) pixels at \(short(x)),\(short(y)) size \(short(width))×\(short(height))"
            + (smoothing == .pixelated ? ", pixelated" : "")
    }
}
