internal import CPNGWriter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A PNG written a band of rows at a time (CPNGWriter's row stream: libpng for the chunks, zlib's
/// run-length strategy for the rows), for outputs too large to hold whole. Its form is fixed by its first
/// rows: a one-colour image becomes a 256-entry palette indexed by alpha (rows unfiltered), anything else
/// RGBA (rows Up-filtered); decoded, either gives exactly the rows' straight-alpha RGBA. Rows go in top to
/// bottom.
///
/// Thread safety: not `Sendable`: one stream is written by one thread.
package final class PNGRowStream {
    /// zlib level of streamed PNGs: large anti-aliased icons are long runs, which level 1's matcher
    /// finds as well as the slower levels (BENCHMARKS.md, "Large canvases").
    package static let level = 1

    private var stream: OpaquePointer?
    package let width: Int, height: Int
    /// The colour of a one-colour stream (its rows are alpha bytes), nil for RGBA.
    package let color: (red: UInt8, green: UInt8, blue: UInt8)?
    private var message = [CChar](repeating: 0, count: 256)

    /// Starts a `width` × `height` PNG in one colour (`color`) or, with nil, RGBA.
    package init(width: Int, height: Int, color: (red: UInt8, green: UInt8, blue: UInt8)?) throws(PNGError) {
        guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            throw PNGError(reason: "cannot encode an empty (\(width)×\(height)) image")
        }
        self.width = width
        self.height = height
        self.color = color
        let c = color ?? (0, 0, 0)
        stream = message.withUnsafeMutableBufferPointer { text in
            svgicon_png_stream_begin(UInt32(width), UInt32(height), color == nil ? 0 : 1, c.red, c.green, c.blue,
                                     Int32(Self.level), text.baseAddress, text.count)
        }
        if stream == nil { throw failure("PNG encoding failed") }
    }

    deinit { svgicon_png_stream_free(stream) }

    /// Writes the next rows: `width` alpha bytes a row for a one-colour stream, `width` × 4 RGBA bytes
    /// otherwise.
    package func append(_ rows: [UInt8]) throws(PNGError) {
        let rowBytes = color == nil ? width * 4 : width
        precondition(rows.count % rowBytes == 0, "whole rows only")
        guard let stream else { throw PNGError(reason: "PNG encoding failed: the stream has ended") }
        let status = rows.withUnsafeBufferPointer { bytes in
            message.withUnsafeMutableBufferPointer { text in
                svgicon_png_stream_rows(stream, bytes.baseAddress, UInt32(rows.count / rowBytes), text.baseAddress,
                                        text.count)
            }
        }
        if status != 0 { throw failure("PNG encoding failed") }
    }

    /// Writes the next rows of an RGBA stream from premultiplied float RGBA (`width` × 4 values a row, as
    /// `Pixmap.data` holds them), converted to straight RGBA8 exactly as `Pixmap.straightAlphaRGBA()`
    /// converts them, a row at a time, without an 8-bit copy of the rows.
    package func appendPremultiplied(_ samples: [Float]) throws(PNGError) {
        let rowValues = width * 4
        precondition(color == nil, "a one-colour stream takes alpha bytes")
        precondition(samples.count % rowValues == 0, "whole rows only")
        guard let stream else { throw PNGError(reason: "PNG encoding failed: the stream has ended") }
        let status = samples.withUnsafeBufferPointer { values in
            message.withUnsafeMutableBufferPointer { text in
                svgicon_png_stream_premultiplied_rows(stream, values.baseAddress, UInt32(samples.count / rowValues),
                                                      text.baseAddress, text.count)
            }
        }
        if status != 0 { throw failure("PNG encoding failed") }
    }

    /// Ends the PNG after its last row and returns its bytes.
    package func finish() throws(PNGError) -> [UInt8] {
        guard let stream else { throw PNGError(reason: "PNG encoding failed: the stream has ended") }
        self.stream = nil
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let status = message.withUnsafeMutableBufferPointer { text in
            svgicon_png_stream_finish(stream, &out, &size, text.baseAddress, text.count)
        }
        guard status == 0, let out else { throw failure("PNG encoding failed") }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    private func failure(_ fallback: String) -> PNGError {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return PNGError(reason: text.isEmpty ? fallback : "\(fallback): \(text)")
    }
}
