internal import CLibPNG

/// An error from libpng, with its own message.
public struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

/// PNG encoding and decoding through libpng's simplified API (`png_image_*`), which reports errors in
/// the `png_image` instead of `longjmp`-ing across Swift frames.
public enum PNGCodec {
    /// Encodes a pixmap as an 8-bit RGBA PNG with straight alpha (what PNG stores).
    public static func encode(_ pixmap: Pixmap) throws(PNGError) -> [UInt8] {
        guard pixmap.width > 0, pixmap.height > 0 else {
            throw PNGError(reason: "cannot encode an empty (\(pixmap.width)×\(pixmap.height)) image")
        }
        var pixels = pixmap.straightAlphaRGBA()
        var image = png_image()
        image.version = SVGICON_PNG_IMAGE_VERSION
        image.width = png_uint_32(pixmap.width)
        image.height = png_uint_32(pixmap.height)
        image.format = SVGICON_PNG_FORMAT_RGBA
        let stride = Int32(pixmap.width * 4)
        // First pass: ask for the size.
        var size = 0
        let sized = pixels.withUnsafeMutableBytes { raw in
            png_image_write_to_memory(&image, nil, &size, 0, raw.baseAddress, stride, nil)
        }
        guard sized != 0, size > 0 else { throw failure(&image, "PNG encoding failed") }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes { out in
            pixels.withUnsafeMutableBytes { raw in
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, raw.baseAddress, stride, nil)
            }
        }
        guard written != 0 else { throw failure(&image, "PNG encoding failed") }
        png_image_free(&image)
        if size < output.count { output.removeSubrange(size...) }
        return output
    }

    /// Decodes any PNG libpng reads into a premultiplied RGBA8 pixmap.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> Pixmap {
        // libpng keeps pointing into `bytes` from begin_read to finish_read: one closure spans both.
        let result: Result<Pixmap, PNGError> = bytes.withUnsafeBytes { raw in
            var image = png_image()
            image.version = SVGICON_PNG_IMAGE_VERSION
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                return .failure(failure(&image, "not a readable PNG"))
            }
            image.format = SVGICON_PNG_FORMAT_RGBA
            let width = Int(image.width), height = Int(image.height)
            guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else {
                png_image_free(&image)
                return .failure(PNGError(reason: "PNG size \(width)×\(height) is out of range"))
            }
            var pixels = [UInt8](repeating: 0, count: svgicon_png_image_size(&image))
            let finished = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
            }
            guard finished != 0 else { return .failure(failure(&image, "PNG decoding failed")) }
            guard let pixmap = Pixmap(width: width, height: height, straightRGBA: pixels) else {
                return .failure(PNGError(reason: "PNG decoding returned \(pixels.count) bytes for \(width)×\(height)"))
            }
            return .success(pixmap)
        }
        return try result.get()
    }

    private static func failure(_ image: inout png_image, _ fallback: String) -> PNGError {
        let message = withUnsafeBytes(of: &image.message) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        png_image_free(&image)
        return PNGError(reason: message.isEmpty ? fallback : "\(fallback): \(message)")
    }
}
