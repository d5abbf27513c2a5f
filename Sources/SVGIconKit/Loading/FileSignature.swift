import CZlib

/// What a file is by its first bytes, for the files people hand an SVG tool by mistake (a PNG, a PDF
/// export), and gzip-compressed SVG (`.svgz`), which is read.
package enum FileSignature {
    /// A name for what `bytes` are when they are plainly not SVG/XML ("a PNG image"), nil otherwise.
    /// gzip is not named here: `decoded` inflates it.
    package static func foreignFormat(of bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && Array(bytes.prefix(prefix.count)) == prefix }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "a PNG image" }
        if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "a GIF image" }
        if starts(Array("%PDF".utf8)) { return "a PDF document" }
        if starts(Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) { return "a WebP image" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive" }
        if starts(Array("BM".utf8)), bytes.count > 14, bytes[6] == 0, bytes[7] == 0 { return "a BMP image" }
        if starts([0x00, 0x00, 0x01, 0x00]) { return "an ICO icon" }
        return nil
    }

    /// True for the gzip magic (`1f 8b`).
    package static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// The SVG text of `bytes`: inflated when gzip-compressed (`.svgz`, at most `limit` bytes once
    /// inflated), as they are when they look like text; an error saying what the file is when it is an
    /// image, a PDF or an archive instead.
    package static func decoded(_ bytes: [UInt8], file: String, limit: Int = FileIO.maxInputBytes) throws(SVGLoadError) -> [UInt8] {
        if isGzip(bytes) {
            let inflated = try inflate(bytes, file: file, limit: limit)
            if let format = foreignFormat(of: inflated) {
                throw SVGLoadError(kind: .notSVG, file: file, reason: "is gzip-compressed \(format), not an SVG")
            }
            return inflated
        }
        if let format = foreignFormat(of: bytes) {
            let hint = format.hasSuffix("image") || format.hasSuffix("icon")
                ? "svgicon reads SVG files only; give it the icon's .svg source"
                : "svgicon reads SVG files only; export the icon as SVG"
            throw SVGLoadError(kind: .notSVG, file: file, reason: "is \(format), not an SVG file (\(hint))")
        }
        return bytes
    }

    /// gzip (or zlib) data inflated, refusing more than `limit` bytes of output (a compression bomb).
    static func inflate(_ bytes: [UInt8], file: String, limit: Int) throws(SVGLoadError) -> [UInt8] {
        var stream = z_stream()
        guard svgicon_inflate_init_gzip(&stream) == Z_OK else {
            throw SVGLoadError(kind: .unreadable, file: file, reason: "cannot start gzip decompression")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = bytes
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = UInt32(inBuffer.count)
            while status == Z_OK && output.count <= limit {
                chunk.withUnsafeMutableBufferPointer { outBuffer in
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = UInt32(outBuffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    let produced = outBuffer.count - Int(stream.avail_out)
                    output += outBuffer[0..<produced]
                }
                if status == Z_BUF_ERROR && stream.avail_in > 0 { status = Z_OK }
            }
        }
        if output.count > limit {
            throw SVGLoadError(kind: .limitExceeded, file: file,
                               reason: "inflates to more than \(limit >> 20) MiB; not an icon")
        }
        guard status == Z_STREAM_END else {
            throw SVGLoadError(kind: .malformedXML, file: file,
                               reason: "gzip data is damaged or cut short (\(status == Z_BUF_ERROR ? "truncated" : "zlib error \(status)"))")
        }
        return output
    }
}
