/// Reads SVG numbers, flags, separators and keywords from UTF-8 bytes without Foundation.
///
/// Number grammar (SVG 1.1 / CSS): `[+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)?`.
/// Used by transform lists, point lists, gradient stop offsets and plain numbers; it owns a copy of the
/// bytes and scans them with a `ByteCursor`. Path data, lengths, number lists and the viewBox use a
/// cursor on the attribute's own bytes instead (no copy).
package struct NumberScanner {
    package let bytes: [UInt8]
    package private(set) var position: Int = 0

    package init(_ text: some StringProtocol) {
        self.bytes = Array(text.utf8)
    }

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    @inlinable
    package var isAtEnd: Bool { position >= bytes.count }

    package var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Runs `body` on a cursor at the current position and keeps where it stopped.
    private mutating func scan<Result>(_ body: (inout ByteCursor) -> Result) -> Result {
        let (result, end) = bytes.withUnsafeBufferPointer { buffer in
            var cursor = ByteCursor(buffer, position: position)
            let result = body(&cursor)
            return (result, cursor.position)
        }
        position = end
        return result
    }

    package mutating func skipWhitespace() {
        scan { $0.skipWhitespace() }
    }

    /// Skips whitespace, at most one comma, and whitespace again (SVG's `comma-wsp`).
    package mutating func skipCommaWhitespace() {
        scan { $0.skipCommaWhitespace() }
    }

    package static func isWhitespace(_ b: UInt8) -> Bool { ByteCursor.isWhitespace(b) }

    static func isDigit(_ b: UInt8) -> Bool { ByteCursor.isDigit(b) }

    /// True when a number can start at the current position.
    package var atNumberStart: Bool {
        guard let b = peek else { return false }
        return NumberScanner.isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
            || b == UInt8(ascii: ".")
    }

    /// Reads one number at the current position (no leading whitespace skipped), or returns nil and
    /// leaves the position unchanged.
    package mutating func number() -> Double? {
        scan { $0.number() }
    }

    /// Reads an arc flag: a single `0` or `1` (SVG allows flags without separators: `a1 1 0 00 1 1`).
    package mutating func flag() -> Bool? {
        scan { $0.flag() }
    }

    /// Consumes `keyword` (ASCII, case-sensitive) when it is next.
    package mutating func consume(_ keyword: StaticString) -> Bool {
        scan { $0.consume(keyword) }
    }
}

extension NumberScanner {
    /// The value of `text` when it is nothing but one to fifteen ASCII digits (`24`, `2`: most lengths
    /// and widths), read without copying the bytes into a scanner; nil for anything else. Equal to what
    /// `number()` reads from the same text: fifteen digits convert to a `Double` exactly.
    package static func plainDigits(_ text: some StringProtocol) -> Double? {
        var value: UInt64 = 0
        var count = 0
        for b in text.utf8 {
            guard isDigit(b), count < 15 else { return nil }
            value = value * 10 + UInt64(b - 0x30)
            count += 1
        }
        return count > 0 ? Double(value) : nil
    }

    /// Parses a whitespace/comma separated list of numbers (e.g. `points`, `viewBox`, filter `values`).
    /// Returns nil when anything other than numbers and separators is present (`1 2x`, `1,,2`, `,1`); a
    /// comma after the last number is let through, as resvg reads lists.
    package static func numberList(_ text: some StringProtocol) -> [Double]? {
        let scan = list(text)
        return scan.complete ? scan.values : nil
    }

    /// The numbers at the start of a list, up to the first thing that is not a number (`points` draws
    /// the points before an error).
    package static func leadingNumbers(_ text: some StringProtocol) -> [Double] {
        list(text).values
    }

    /// The numbers at the start of `text` (whitespace first, `comma-wsp` between), and whether they are
    /// all of it.
    private static func list(_ text: some StringProtocol) -> (values: [Double], complete: Bool) {
        ByteCursor.withBytes(of: text) { bytes in
            var scanner = ByteCursor(bytes)
            var values: [Double] = []
            values.reserveCapacity(4)  // a viewBox without growing
            scanner.skipWhitespace()
            while let v = scanner.number() {
                values.append(v)
                scanner.skipCommaWhitespace()
            }
            return (values, scanner.isAtEnd)
        }
    }
}
