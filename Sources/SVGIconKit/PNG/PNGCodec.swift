internal import CLibPNG
internal import CPNGWriter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error from libpng, with its own message.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libpng's message, or ours when the input was refused before libpng saw it.
    public var reason: String
    /// The message, `reason`.
    public var description: String { reason }
}

/// PNG encoding and decoding through libpng. Encoding goes through the C target `CPNGWriter`: it picks the
/// smallest lossless colour type the pixels allow (grey + alpha for a black icon, a palette of the used
/// colours where that pays, RGBA otherwise), compresses the rows with libdeflate and has libpng write the
/// chunks; its `setjmp`/`longjmp` error handling never leaves that C file. Decoding goes through libpng's
/// simplified API (`png_image_*`), which reports errors in the `png_image`. No `longjmp` ever crosses a
/// Swift frame.
///
/// Thread safety: static functions with no shared state; any number of threads can encode and decode at once.
public enum PNGCodec {
    /// How PNGs are compressed. The defaults were chosen by measurement (BENCHMARKS.md, "Files in, PNG
    /// files out"): anti-aliased icons on transparent ground compress best with no row filter, and
    /// libdeflate's level 6 costs little on small images while level 2 keeps large ones fast at nearly
    /// the same size.
    ///
    /// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
    public struct Compression: Hashable, Sendable {
        /// libdeflate level, 1 (fastest) … 12 (smallest); 0 chooses by image size (6 up to 32 KiB of
        /// raw rows, 2 above).
        public var level: Int
        /// Row filters to choose from, as PNG filter bits (0x08 none, 0x10 sub, 0x20 up, 0x40 average,
        /// 0x80 Paeth); with several, each row takes the one with the smallest sum of absolute values
        /// (libpng's heuristic); 0 means none.
        public var filters: Int

        /// A setting; by default the level chosen by image size with no row filter, the measured best
        /// trade for icons.
        public init(level: Int = 0, filters: Int = 0x08) {
            self.level = level
            self.filters = filters
        }

        /// What `encode` uses unless told otherwise: the level chosen by image size, no row filter.
        public static let `default` = Compression()
        /// Every filter tried on every row.
        public static let exhaustive = Compression(level: 0, filters: 0xF8)
    }

    /// Encodes a pixmap as an 8-bit PNG with straight alpha (what PNG stores), in the smallest colour
    /// type that holds its pixels exactly: decoded to RGBA it gives `pixmap.straightAlphaRGBA()`.
    public static func encode(_ pixmap: Pixmap, compression: Compression = .default) throws(PNGError) -> [UInt8] {
        guard pixmap.width > 0, pixmap.height > 0 else {
            throw PNGError(reason: "cannot encode an empty (\(pixmap.width)×\(pixmap.height)) image")
        }
        guard (0...12).contains(compression.level) else {
            throw PNGError(reason: "compression level \(compression.level) is not 0…12")
        }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        var request = svgicon_png_request()
        request.width = UInt32(pixmap.width)
        request.height = UInt32(pixmap.height)
        request.level = Int32(compression.level)
        request.filters = Int32(compression.filters)
        let status: Int32
        if let plane = pixmap.straightAlphaPlane() {
            request.red = plane.red
            request.green = plane.green
            request.blue = plane.blue
            status = plane.alpha.withUnsafeBufferPointer { alpha in
                request.alpha = alpha.baseAddress
                return message.withUnsafeMutableBufferPointer { text in
                    svgicon_png_encode(&request, &out, &size, text.baseAddress, text.count)
                }
            }
        } else {
            let pixels = pixmap.straightAlphaRGBA()
            status = pixels.withUnsafeBufferPointer { rgba in
                request.rgba = rgba.baseAddress
                return message.withUnsafeMutableBufferPointer { text in
                    svgicon_png_encode(&request, &out, &size, text.baseAddress, text.count)
                }
            }
        }
        guard status == 0, let out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PNGError(reason: text.isEmpty ? "PNG encoding failed" : "PNG encoding failed: \(text)")
        }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// Encodes `pixmap` and writes it to `path` atomically: the bytes go to a temporary file in the same
    /// folder that is then renamed into place, so a reader never sees half a PNG and a failed write leaves
    /// nothing behind.
    public static func write(_ pixmap: Pixmap, to path: String, compression: Compression = .default) throws(PNGError) {
        let bytes = try encode(pixmap, compression: compression)
        do {
            try FileIO.writeAtomically(bytes, to: path)
        } catch {
            throw PNGError(reason: error.description)
        }
    }

    /// Decodes any PNG libpng reads into a premultiplied RGBA8 pixmap.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> Pixmap {
        try decode(bytes, maxSide: 1 << 15) { Pixmap(width: $0, height: $1, straightRGBA: $2) }
    }

    /// The one PNG decoder (for `decode(_:)` and `<image>` PNGs): libpng's simplified API converts every
    /// colour type and bit depth to straight RGBA8 (16-bit samples read as sRGB, as 8-bit ones), which
    /// `make` turns into an image of width × height (nil: it refused them). A side of 0 or over `maxSide`
    /// is refused before the pixels are read.
    static func decode<Image>(_ bytes: [UInt8], maxSide: Int,
                              as make: (_ width: Int, _ height: Int, _ straightRGBA: consuming [UInt8]) -> Image?)
        throws(PNGError) -> Image {
        // libpng keeps pointing into `bytes` from begin_read to finish_read: one closure spans both.
        let result: Result<Image, PNGError> = bytes.withUnsafeBytes { raw in
            var image = png_image()
            image.version = SVGICON_PNG_IMAGE_VERSION
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                return .failure(failure(&image, "not a readable PNG"))
            }
            image.format = SVGICON_PNG_FORMAT_RGBA
            // 16-bit samples are sRGB like 8-bit ones (the PNG spec gives no other meaning to a file without
            // gAMA); libpng's simplified API would otherwise take them as linear and lighten them.
            image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            let width = Int(image.width), height = Int(image.height)
            guard width > 0, height > 0, width <= maxSide, height <= maxSide else {
                png_image_free(&image)
                return .failure(PNGError(reason: "PNG size \(width)×\(height) is out of range"))
            }
            var pixels = [UInt8](repeating: 0, count: svgicon_png_image_size(&image))
            let finished = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
            }
            guard finished != 0 else { return .failure(failure(&image, "PNG decoding failed")) }
            let count = pixels.count
            guard let decoded = make(width, height, consume pixels) else {
                return .failure(PNGError(reason: "PNG decoding returned \(count) bytes for \(width)×\(height)"))
            }
            return .success(decoded)
        }
        return try result.get()
    }

    private static func failure(_ image: inout png_image, _ fallback: String) -> PNGError {
        let message = withUnsafeBytes(of: &image.message) { raw -> String in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&image)
        return PNGError(reason: message.isEmpty ? fallback : "\(fallback): \(message)")
    }
}
