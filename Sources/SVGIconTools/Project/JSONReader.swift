/// A strict JSON (RFC 8259) reader that remembers where every value and key starts, for files people
/// write by hand: errors name the line and column and say what was expected. Duplicate keys are errors
/// (most readers keep the last silently). No comments, no trailing commas, as JSON has none.
package struct JSONReader {
    /// What went wrong and where.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        package var line: Int
        package var column: Int
        package var message: String
        package var description: String { "\(line):\(column): \(message)" }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    /// Nesting depth, limited so that a hostile file cannot exhaust the stack.
    private var depth = 0
    private static let maxDepth = 64

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The one value `bytes` hold (a UTF-8 byte order mark is skipped); anything after it but white space
    /// is an error.
    package static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONNode {
        var reader = JSONReader(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipSpace()
        let value = try reader.value()
        reader.skipSpace()
        if reader.index < bytes.count {
            throw reader.failure("unexpected \(reader.describeNext()) after the end of the JSON value")
        }
        return value
    }

    private func failure(_ message: String) -> Failure {
        Failure(line: line, column: column, message: message)
    }

    private var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func describeNext() -> String {
        guard let next else { return "end of file" }
        if next >= 0x21 && next < 0x7F { return "'\(Character(Unicode.Scalar(next)))'" }
        return next == 0x0A ? "line break" : Self.hexByte(next)
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let hex = Array("0123456789abcdef")
        return "byte 0x" + String([hex[Int(byte >> 4)], hex[Int(byte & 15)]])
    }

    private mutating func advance() {
        if bytes[index] == 0x0A {
            line += 1
            column = 1
        } else if bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
        // A multi-byte character counts once: its continuation bytes do not move the column.
        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
    }

    private mutating func skipSpace() {
        while let b = next, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { advance() }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard next == byte else { throw failure("expected \(what), found \(describeNext())") }
        advance()
    }

    private mutating func value() throws(Failure) -> JSONNode {
        let (startLine, startColumn) = (line, column)
        func node(_ value: JSONNode.Value) -> JSONNode { JSONNode(value: value, line: startLine, column: startColumn) }
        switch next {
        case UInt8(ascii: "{"): return node(try object())
        case UInt8(ascii: "["): return node(try array())
        case UInt8(ascii: "\""): return node(.string(try string()))
        case UInt8(ascii: "t"): try word("true"); return node(.bool(true))
        case UInt8(ascii: "f"): try word("false"); return node(.bool(false))
        case UInt8(ascii: "n"): try word("null"); return node(.null)
        case let b? where b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39): return node(try number())
        case UInt8(ascii: "'"): throw failure("strings take double quotes (\"…\") in JSON, not single ones")
        default: throw failure("expected a value (a string, number, true, false, null, array or object), found \(describeNext())")
        }
    }

    private mutating func word(_ text: StaticString) throws(Failure) {
        let expected = Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected a value, found \(describeNext()) (strings take double quotes)")
        }
        for _ in expected { advance() }
    }

    private mutating func nested<T>(_ body: (inout JSONReader) throws(Failure) -> T) throws(Failure) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw failure("nested more than \(Self.maxDepth) levels deep") }
        return try body(&self)
    }

    private mutating func object() throws(Failure) -> JSONNode.Value {
        try nested { (r: inout JSONReader) throws(Failure) -> JSONNode.Value in
            r.advance()
            r.skipSpace()
            var members: [JSONNode.Member] = []
            if r.next == UInt8(ascii: "}") { r.advance(); return .object(members) }
            while true {
                let (keyLine, keyColumn) = (r.line, r.column)
                guard r.next == UInt8(ascii: "\"") else {
                    throw r.failure(members.isEmpty || r.next != UInt8(ascii: "}")
                        ? "expected a key in double quotes, found \(r.describeNext())"
                        : "a trailing comma before '}' is not JSON; remove it")
                }
                let key = try r.string()
                if let earlier = members.first(where: { $0.key == key }) {
                    throw Failure(line: keyLine, column: keyColumn,
                                  message: "\"\(key)\" is given twice (first at \(earlier.line):\(earlier.column)); give it once")
                }
                r.skipSpace()
                try r.expect(UInt8(ascii: ":"), "':' after the key \"\(key)\"")
                r.skipSpace()
                members.append(JSONNode.Member(key: key, line: keyLine, column: keyColumn, value: try r.value()))
                r.skipSpace()
                if r.next == UInt8(ascii: ",") { r.advance(); r.skipSpace(); continue }
                try r.expect(UInt8(ascii: "}"), "',' or '}' after the value of \"\(key)\"")
                return .object(members)
            }
        }
    }

    private mutating func array() throws(Failure) -> JSONNode.Value {
        try nested { (r: inout JSONReader) throws(Failure) -> JSONNode.Value in
            r.advance()
            r.skipSpace()
            var elements: [JSONNode] = []
            if r.next == UInt8(ascii: "]") { r.advance(); return .array(elements) }
            while true {
                if r.next == UInt8(ascii: "]") { throw r.failure("a trailing comma before ']' is not JSON; remove it") }
                elements.append(try r.value())
                r.skipSpace()
                if r.next == UInt8(ascii: ",") { r.advance(); r.skipSpace(); continue }
                try r.expect(UInt8(ascii: "]"), "',' or ']' after an array element")
                return .array(elements)
            }
        }
    }

    private mutating func number() throws(Failure) -> JSONNode.Value {
        let start = index
        func digits(_ r: inout JSONReader) -> Int {
            var n = 0
            while let b = r.next, b >= 0x30 && b <= 0x39 { r.advance(); n += 1 }
            return n
        }
        if next == UInt8(ascii: "-") { advance() }
        let integerStart = index
        guard digits(&self) > 0 else { throw failure("expected a digit, found \(describeNext())") }
        if bytes[integerStart] == 0x30, index - integerStart > 1 { throw failure("numbers do not start with 0 in JSON") }
        if next == UInt8(ascii: ".") {
            advance()
            guard digits(&self) > 0 else { throw failure("expected a digit after '.', found \(describeNext())") }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            advance()
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { advance() }
            guard digits(&self) > 0 else { throw failure("expected a digit in the exponent, found \(describeNext())") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw failure("\(text) is not a number") }
        return .number(value, text: text)
    }

    private mutating func string() throws(Failure) -> String {
        advance()
        var scalars = String.UnicodeScalarView()
        var run = index  // start of the bytes copied as they are
        var text = ""
        func flush(_ r: JSONReader) { text += String(decoding: r.bytes[run..<r.index], as: UTF8.self) }
        while true {
            guard let b = next else { throw failure("the string is not closed: a '\"' is missing") }
            if b == UInt8(ascii: "\"") {
                flush(self)
                advance()
                return text
            }
            if b < 0x20 {
                throw failure(b == 0x0A ? "line break inside a string; write \\n, or close the string with '\"'"
                                        : "control character inside a string; escape it")
            }
            if b != UInt8(ascii: "\\") { advance(); continue }
            flush(self)
            advance()
            guard let e = next else { throw failure("the string is not closed: a '\"' is missing") }
            let simple: [UInt8: Character] = [0x22: "\"", 0x5C: "\\", 0x2F: "/", 0x62: "\u{8}", 0x66: "\u{C}",
                                              0x6E: "\n", 0x72: "\r", 0x74: "\t"]
            if let c = simple[e] {
                text.append(c)
                advance()
            } else if e == UInt8(ascii: "u") {
                advance()
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code), next == UInt8(ascii: "\\") {
                    advance()
                    try expect(UInt8(ascii: "u"), "a low surrogate \\uDC00…\\uDFFF")
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw failure("\\u\(low) is not a low surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw failure("\\u escape of a lone surrogate") }
                scalars.append(scalar)
                text += String(scalars)
                scalars.removeAll()
            } else {
                throw failure("unknown escape \\\(Character(Unicode.Scalar(e))) in a string")
            }
            run = index
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let b = next, let digit = Character(Unicode.Scalar(b)).hexDigitValue else {
                throw failure("expected four hex digits after \\u, found \(describeNext())")
            }
            code = code * 16 + UInt32(digit)
            advance()
        }
        return code
    }
}
