/// Base64 as browsers read it in `data:` URIs (WHATWG "forgiving-base64 decode"): ASCII whitespace
/// anywhere is skipped (editors wrap long attributes), the `=` padding may be left out, and anything else
/// outside the alphabet makes the whole text invalid.
package enum Base64 {
    package enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// A byte outside the base64 alphabet (offset into the input).
        case invalidCharacter(offset: Int)
        /// A length that is one character more than a multiple of four, or padding in the wrong place.
        case badLength
        /// The decoded bytes would pass the limit.
        case tooLarge(limit: Int)

        package var description: String {
            switch self {
            case .invalidCharacter(let offset): return "invalid base64 character at offset \(offset)"
            case .badLength: return "base64 text is cut short (its length is not a whole number of characters)"
            case .tooLarge(let limit): return "base64 data decodes to more than \(limit) bytes"
            }
        }
    }

    /// 0…63 for alphabet bytes, 64 for ASCII whitespace, 255 for anything else.
    private static let table: [UInt8] = {
        var t = [UInt8](repeating: 255, count: 256)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        for c in [0x20, 0x09, 0x0A, 0x0C, 0x0D] { t[c] = 64 }
        return t
    }()

    /// Decodes `text`; at most `limit` output bytes.
    package static func decode<Bytes: Collection>(_ text: Bytes, limit: Int = Int.max) -> Result<[UInt8], Failure>
        where Bytes.Element == UInt8 {
        // Upper bound of the output: three bytes per four characters.
        let bound = text.count / 4 * 3 + 3
        var out: [UInt8] = []
        out.reserveCapacity(min(bound, limit))
        var accumulator: UInt32 = 0
        var pending = 0  // sextets in the accumulator
        var padding = 0
        var offset = 0
        for byte in text {
            defer { offset += 1 }
            if byte == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            let v = table[Int(byte)]
            if v == 64 { continue }
            // Padding is only allowed at the end (whitespace after it is fine).
            guard v < 64, padding == 0 else { return .failure(v < 64 ? .badLength : .invalidCharacter(offset: offset)) }
            accumulator = accumulator << 6 | UInt32(v)
            pending += 1
            if pending == 4 {
                guard out.count + 3 <= limit else { return .failure(.tooLarge(limit: limit)) }
                out.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                out.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                out.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator = 0
                pending = 0
            }
        }
        // With padding, the characters and the padding fill whole groups of four.
        if padding > 0 {
            guard padding <= 2, (pending + padding) == 4 else { return .failure(.badLength) }
        }
        switch pending {
        case 0:
            break
        case 1:
            return .failure(.badLength)
        case 2:
            guard out.count + 1 <= limit else { return .failure(.tooLarge(limit: limit)) }
            out.append(UInt8(truncatingIfNeeded: accumulator >> 4))
        default:
            guard out.count + 2 <= limit else { return .failure(.tooLarge(limit: limit)) }
            out.append(UInt8(truncatingIfNeeded: accumulator >> 10))
            out.append(UInt8(truncatingIfNeeded: accumulator >> 2))
        }
        return .success(out)
    }
}
