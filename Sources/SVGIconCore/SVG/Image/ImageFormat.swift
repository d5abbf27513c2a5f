/// The kinds of image an `<image>` can hold, told apart by their first bytes (a file's name or a data
/// URI's media type may lie).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGImageFormat: String, Hashable, Sendable {
    case png, jpeg, svg, gif, webp

    /// The format the bytes start like; nil when they look like none of them.
    public static func sniff(_ data: [UInt8]) -> SVGImageFormat? {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if data.starts(with: Array("GIF8".utf8)) { return .gif }
        if data.count >= 12, data.starts(with: Array("RIFF".utf8)), Array(data[8..<12]) == Array("WEBP".utf8) { return .webp }
        // SVG: XML text, after a byte-order mark and whitespace, starts with '<'.
        var rest = data[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        if let first = rest.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }), first == UInt8(ascii: "<") {
            return .svg
        }
        return nil
    }

    /// The format a data URI's media type names; nil for other types.
    public init?(mediaType: String) {
        switch mediaType {
        case "image/png", "image/apng": self = .png
        case "image/jpeg", "image/jpg", "image/pjpeg": self = .jpeg
        case "image/svg+xml": self = .svg
        case "image/gif": self = .gif
        case "image/webp": self = .webp
        default: return nil
        }
    }

    /// Width and height as the file's header states them, read before anything is decoded (so a hostile
    /// header is refused before a decoder allocates for it); nil when the header cannot be read.
    /// PNG: the IHDR chunk. JPEG: the first start-of-frame marker.
    public static func headerSize(of data: [UInt8], format: SVGImageFormat) -> (width: Int, height: Int)? {
        func be32(_ i: Int) -> Int { Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3]) }
        func be16(_ i: Int) -> Int { Int(data[i]) << 8 | Int(data[i + 1]) }
        switch format {
        case .png:
            guard data.count >= 24, Array(data[12..<16]) == Array("IHDR".utf8) else { return nil }
            return (be32(16), be32(20))
        case .jpeg:
            var i = 2
            while i + 4 <= data.count {
                guard data[i] == 0xFF else { return nil }
                let marker = data[i + 1]
                if marker == 0xFF { i += 1; continue }  // fill bytes
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
                let length = be16(i + 2)
                guard length >= 2 else { return nil }
                // SOF0…SOF15, except DHT (C4), JPG (C8) and DAC (CC).
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    guard i + 9 <= data.count else { return nil }
                    return (be16(i + 7), be16(i + 5))
                }
                if marker == 0xDA || marker == 0xD9 { return nil }  // scan data before any frame header
                i += 2 + length
            }
            return nil
        case .gif:
            guard data.count >= 10 else { return nil }
            return (Int(data[6]) | Int(data[7]) << 8, Int(data[8]) | Int(data[9]) << 8)
        case .svg, .webp:
            return nil
        }
    }
}
