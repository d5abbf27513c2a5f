/// A `data:` URI (RFC 2397, read as browsers do): `data:[<media type>][;base64],<data>`.
///
/// The media type is lower-cased and stripped of parameters (`image/svg+xml;charset=utf-8` is
/// `image/svg+xml`); an empty one is `text/plain`, as RFC 2397 says. Base64 data may be wrapped with
/// whitespace; other data is percent-decoded. A `#` ends the data, as it ends any URL (the rest is the
/// fragment, which the WHATWG data: URL processor leaves out): a `#` in the data must be written `%23`.
package struct DataURI: Hashable, Sendable {
    package var mediaType: String
    package var data: [UInt8]

    package enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// No comma after the media type.
        case noComma
        case base64(Base64.Failure)
        /// Percent-encoded data that decodes to more than the limit.
        case tooLarge(limit: Int)

        package var description: String {
            switch self {
            case .noComma: return "the data: URI has no comma before its data"
            case .base64(let failure): return failure.description
            case .tooLarge(let limit): return "the data: URI's data is more than \(limit) bytes"
            }
        }
    }

    /// True when `href` starts with `data:` (any case, leading whitespace allowed).
    package static func isDataURI(_ href: String) -> Bool {
        let start = Array(href.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }.prefix(5))
        guard start.count == 5 else { return false }
        return zip(start, "data:".utf8).allSatisfy { b, c in
            b == c || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z") && b == c - 32)
        }
    }

    /// Parses a data URI; the decoded data may have at most `limit` bytes.
    package static func parse(_ href: String, limit: Int = Int.max) -> Result<DataURI, Failure> {
        let utf8 = href.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }
        let body = utf8.dropFirst(5).prefix { $0 != UInt8(ascii: "#") }
        guard let comma = body.firstIndex(of: UInt8(ascii: ",")) else { return .failure(.noComma) }
        let header = String(decoding: body[body.startIndex..<comma], as: UTF8.self)
        let payload = body[body.index(after: comma)...]
        var parts = header.split(separator: ";", omittingEmptySubsequences: false).map {
            $0.trimmingCSSWhitespace.lowercased()
        }
        var isBase64 = false
        if parts.count > 1, parts.last == "base64" {
            isBase64 = true
            parts.removeLast()
        }
        var mediaType = parts.first ?? ""
        if mediaType.isEmpty { mediaType = "text/plain" }
        if isBase64 {
            switch Base64.decode(payload, limit: limit) {
            case .success(let data): return .success(DataURI(mediaType: mediaType, data: data))
            case .failure(let failure): return .failure(.base64(failure))
            }
        }
        guard let data = percentDecoded(payload, limit: limit) else { return .failure(.tooLarge(limit: limit)) }
        return .success(DataURI(mediaType: mediaType, data: data))
    }

    /// `%XX` escapes decoded; a `%` not followed by two hex digits stays as it is. nil past `limit` bytes.
    static func percentDecoded<Bytes: Collection>(_ text: Bytes, limit: Int) -> [UInt8]? where Bytes.Element == UInt8 {
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        let bytes = Array(text)
        var out: [UInt8] = []
        out.reserveCapacity(min(bytes.count, limit))
        var i = 0
        while i < bytes.count {
            guard out.count < limit else { return nil }
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }
}
