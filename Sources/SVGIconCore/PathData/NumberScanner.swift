/// Reads SVG numbers, flags, separators and keywords from UTF-8 bytes without Foundation.
///
/// Number grammar (SVG 1.1 / CSS): `[+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)?`.
/// Used by the path data parser, transform lists, point lists and length values.
public struct NumberScanner {
    public let bytes: [UInt8]
    public private(set) var position: Int = 0

    public init(_ text: some StringProtocol) {
        self.bytes = Array(text.utf8)
    }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    @inlinable
    public var isAtEnd: Bool { position >= bytes.count }

    public var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    public mutating func advance() { position += 1 }

    public mutating func skipWhitespace() {
        while position < bytes.count, NumberScanner.isWhitespace(bytes[position]) { position += 1 }
    }

    /// Skips whitespace, at most one comma, and whitespace again (SVG's `comma-wsp`).
    public mutating func skipCommaWhitespace() {
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
            position += 1
            skipWhitespace()
        }
    }

    public static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// True when a number can start at the current position.
    public var atNumberStart: Bool {
        guard let b = peek else { return false }
        return NumberScanner.isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
            || b == UInt8(ascii: ".")
    }

    /// Reads one number at the current position (no leading whitespace skipped), or returns nil and
    /// leaves the position unchanged.
    public mutating func number() -> Double? {
        let start = position
        var i = position
        var negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0
        var sawDigit = false
        // Integer part.
        while i < bytes.count, NumberScanner.isDigit(bytes[i]) {
            sawDigit = true
            if significantDigits < 19 {
                if mantissa != 0 || bytes[i] != 0x30 {
                    mantissa = mantissa * 10 + UInt64(bytes[i] - 0x30)
                    significantDigits += mantissa == 0 ? 0 : 1
                }
            } else {
                decimalExponent += 1
            }
            i += 1
        }
        // Fraction.
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            let afterDot = i + 1
            if afterDot < bytes.count, NumberScanner.isDigit(bytes[afterDot]) || sawDigit {
                i = afterDot
                while i < bytes.count, NumberScanner.isDigit(bytes[i]) {
                    sawDigit = true
                    if significantDigits < 19 {
                        mantissa = mantissa * 10 + UInt64(bytes[i] - 0x30)
                        if mantissa != 0 { significantDigits += 1 }
                        decimalExponent -= 1
                    }
                    i += 1
                }
            }
        }
        guard sawDigit else {
            position = start
            return nil
        }
        // Exponent: only when digits follow (so "1em" or "2ex" leave the unit alone).
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            var j = i + 1
            var expNegative = false
            if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") {
                expNegative = bytes[j] == UInt8(ascii: "-")
                j += 1
            }
            if j < bytes.count, NumberScanner.isDigit(bytes[j]) {
                var exp = 0
                while j < bytes.count, NumberScanner.isDigit(bytes[j]) {
                    if exp < 100_000 { exp = exp * 10 + Int(bytes[j] - 0x30) }
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
                value /= NumberScanner.powersOfTen[-decimalExponent]
            } else {
                value *= NumberScanner.powersOfTen[decimalExponent]
            }
        } else {
            // Rare: long mantissas or large exponents; let the standard library round correctly.
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            value = Double(text).map { $0.magnitude } ?? .nan
        }
        return negative ? -value : value
    }

    /// Reads an arc flag: a single `0` or `1` (SVG allows flags without separators: `a1 1 0 00 1 1`).
    public mutating func flag() -> Bool? {
        guard let b = peek else { return nil }
        if b == UInt8(ascii: "0") { position += 1; return false }
        if b == UInt8(ascii: "1") { position += 1; return true }
        return nil
    }

    /// Consumes `keyword` (ASCII, case-sensitive) when it is next.
    public mutating func consume(_ keyword: StaticString) -> Bool {
        let count = keyword.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let matches = keyword.withUTF8Buffer { buffer -> Bool in
            for k in 0..<count where bytes[position + k] != buffer[k] { return false }
            return true
        }
        if matches { position += count }
        return matches
    }

    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}

extension NumberScanner {
    /// The value of `text` when it is nothing but one to fifteen ASCII digits (`24`, `2`: most lengths
    /// and widths), read without copying the bytes into a scanner; nil for anything else. Equal to what
    /// `number()` reads from the same text: fifteen digits convert to a `Double` exactly.
    public static func plainDigits(_ text: some StringProtocol) -> Double? {
        var value: UInt64 = 0
        var count = 0
        for b in text.utf8 {
            guard isDigit(b), count < 15 else { return nil }
            value = value * 10 + UInt64(b - 0x30)
            count += 1
        }
        return count > 0 ? Double(value) : nil
    }

    /// Parses a whitespace/comma separated list of numbers (e.g. `points`, `viewBox`, `stroke-dasharray`).
    /// Returns nil when anything other than numbers and separators is present.
    public static func numberList(_ text: some StringProtocol) -> [Double]? {
        var scanner = NumberScanner(text)
        var values: [Double] = []
        values.reserveCapacity(4)  // a viewBox without growing
        scanner.skipWhitespace()
        while !scanner.isAtEnd {
            guard let v = scanner.number() else { return nil }
            values.append(v)
            scanner.skipCommaWhitespace()
        }
        return values
    }
}
