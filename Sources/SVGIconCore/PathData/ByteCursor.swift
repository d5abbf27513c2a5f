/// A read position in UTF-8 bytes that someone else keeps alive for the cursor's lifetime: the scanning
/// that `NumberScanner` and `PathDataParser` share, reading the bytes in place (no copy into an array,
/// no bounds check beyond the end test each read makes).
///
/// Number grammar (SVG 1.1 / CSS): `[+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)?`.
struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Runs `body` on the UTF-8 bytes of `text`: in place for native strings and their substrings,
    /// through a copy for others.
    static func withBytes<Result>(of text: some StringProtocol,
                                  _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer(body)
    }

    var isAtEnd: Bool { position >= bytes.count }

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while position < bytes.count, ByteCursor.isWhitespace(bytes[position]) { position += 1 }
    }

    /// Skips whitespace, at most one comma, and whitespace again (SVG's `comma-wsp`).
    mutating func skipCommaWhitespace() {
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
            position += 1
            skipWhitespace()
        }
    }

    static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    /// True when a number can start at the current position.
    var atNumberStart: Bool {
        guard let b = peek else { return false }
        return ByteCursor.isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }

    /// Reads one number at the current position (no leading whitespace skipped), or returns nil and
    /// leaves the position unchanged.
    mutating func number() -> Double? {
        let start = position
        let end = bytes.count
        var i = position
        var negative = false
        if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0
        var sawDigit = false
        // Integer part. Leading zeros are not significant; past 19 significant digits the rest only
        // scale the value.
        while i < end, ByteCursor.isDigit(bytes[i]) {
            sawDigit = true
            let digit = bytes[i] &- 0x30
            if significantDigits < 19 {
                if mantissa != 0 || digit != 0 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                }
            } else {
                decimalExponent += 1
            }
            i += 1
        }
        // Fraction.
        if i < end, bytes[i] == UInt8(ascii: ".") {
            let afterDot = i + 1
            // A dot ending the text is not read ("1." is the number 1 and a stray dot).
            if afterDot < end, ByteCursor.isDigit(bytes[afterDot]) || sawDigit {
                i = afterDot
                while i < end, ByteCursor.isDigit(bytes[i]) {
                    sawDigit = true
                    if significantDigits < 19 {
                        mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 0x30)
                        if mantissa != 0 { significantDigits += 1 }
                        decimalExponent -= 1
                    }
                    i += 1
                }
            }
        }
        guard sawDigit else { return nil }
        // Exponent: only when digits follow (so "1em" or "2ex" leave the unit alone).
        if i < end, bytes[i] | 0x20 == UInt8(ascii: "e") {
            var j = i + 1
            var expNegative = false
            if j < end, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") {
                expNegative = bytes[j] == UInt8(ascii: "-")
                j += 1
            }
            if j < end, ByteCursor.isDigit(bytes[j]) {
                var exp = 0
                while j < end, ByteCursor.isDigit(bytes[j]) {
                    if exp < 100_000 { exp = exp * 10 + Int(bytes[j] &- 0x30) }
                    j += 1
                }
                decimalExponent += expNegative ? -exp : exp
                i = j
            }
        }
        position = i
        var value: Double
        if mantissa == 0 {
            value = 0
        } else if significantDigits <= 15, decimalExponent >= -22, decimalExponent <= 22 {
            // Exact: both operands are exactly representable, one correctly rounded operation.
            value = Double(mantissa)
            if decimalExponent < 0 {
                value /= ByteCursor.powersOfTen[-decimalExponent]
            } else {
                value *= ByteCursor.powersOfTen[decimalExponent]
            }
        } else {
            // Rare: long mantissas or large exponents; let the standard library round correctly.
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            value = Double(text).map { $0.magnitude } ?? .nan
        }
        return negative ? -value : value
    }

    /// Reads an arc flag: a single `0` or `1` (SVG allows flags without separators: `a1 1 0 00 1 1`).
    mutating func flag() -> Bool? {
        guard let b = peek else { return nil }
        if b == UInt8(ascii: "0") { position += 1; return false }
        if b == UInt8(ascii: "1") { position += 1; return true }
        return nil
    }

    /// Consumes `keyword` (ASCII, case-sensitive) when it is next.
    mutating func consume(_ keyword: StaticString) -> Bool {
        let count = keyword.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let matches = keyword.withUTF8Buffer { buffer -> Bool in
            for k in 0..<count where bytes[position + k] != buffer[k] { return false }
            return true
        }
        if matches { position += count }
        return matches
    }

    /// 10^0 … 10^22, all exactly representable.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
