internal import CJPEGReader
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JPEG → premultiplied RGBA8 (opaque) through libjpeg, in a C function that keeps libjpeg's longjmp
/// error handling to itself. Illustrator and Figma embed photos as JPEG.
enum JPEGDecoder {
    static func decode(_ data: [UInt8], maxPixels: Int = SVGImageOptions.defaultMaxPixels) -> Result<SVGImagePixels, SVGImageLoadFailure> {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBufferPointer { bytes in
            message.withUnsafeMutableBufferPointer { text in
                svgicon_jpeg_decode_rgba(bytes.baseAddress, bytes.count, UInt64(max(0, maxPixels)), &out, &width, &height,
                                         text.baseAddress, text.count)
            }
        }
        guard status == 0, let out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(SVGImageLoadFailure(text.isEmpty ? "JPEG decoding failed" : text))
        }
        defer { free(out) }
        let count = Int(width) * Int(height) * 4
        let rgba = Array(UnsafeBufferPointer(start: out, count: count))
        // Every pixel is opaque: already premultiplied.
        guard let pixels = SVGImagePixels(width: Int(width), height: Int(height), premultipliedRGBA: rgba) else {
            return .failure(SVGImageLoadFailure("JPEG decoding returned an image of the wrong size"))
        }
        return .success(pixels)
    }
}
