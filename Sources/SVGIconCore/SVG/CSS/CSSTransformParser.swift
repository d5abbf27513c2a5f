/// Parses the CSS `transform` property (CSS Transforms 1 and 2, the 2D functions) as SVG 2 lets it be
/// written in `style` and style sheets: `none`, or a list of `matrix(a, b, c, d, e, f)`, `translate(x [, y])`,
/// `translateX(x)`, `translateY(y)`, `scale(sx [, sy])`, `scaleX`, `scaleY`, `rotate(angle)`, `skew(ax [, ay])`,
/// `skewX`, `skewY`, applied so that the rightmost acts on the points first. Function names are ASCII
/// case-insensitive; the arguments of a function are separated by commas (CSS's `#` multiplier), the
/// functions by whitespace. Lengths carry a unit (`px`, `pt`, `pc`, `mm`, `cm`, `in`) and angles one of
/// `deg`, `rad`, `grad` or `turn`; only zero may be written bare (`<zero>`). SVG's attribute syntax
/// (bare numbers, `rotate(a cx cy)`, whitespace between arguments) is not CSS and makes the value
/// invalid (nil), as Chrome reads it (the resolver tries SVG's own list first, as resvg reads a CSS
/// transform); so do percentages (which need a reference box), 3D functions and anything else.
package enum CSSTransformParser {
    private enum Kind { case length, angle, number }

    /// A transform function: its (lower-cased) name, how many arguments it takes, their kinds (the last
    /// kind stands for every argument after it) and the transform it makes of their values.
    private struct Function {
        let name: String
        let argumentCounts: ClosedRange<Int>
        let kinds: [Kind]
        let make: @Sendable ([Double]) -> SVGTransform

        func kind(ofArgument k: Int) -> Kind { kinds[min(k, kinds.count - 1)] }
    }

    private static let functions: [Function] = [
        Function(name: "matrix", argumentCounts: 6...6, kinds: [.number]) {
            SVGTransform(a: $0[0], b: $0[1], c: $0[2], d: $0[3], e: $0[4], f: $0[5])
        },
        Function(name: "translate", argumentCounts: 1...2, kinds: [.length]) { .translation($0[0], $0.count == 2 ? $0[1] : 0) },
        Function(name: "translatex", argumentCounts: 1...1, kinds: [.length]) { .translation($0[0], 0) },
        Function(name: "translatey", argumentCounts: 1...1, kinds: [.length]) { .translation(0, $0[0]) },
        Function(name: "scale", argumentCounts: 1...2, kinds: [.number]) { .scale($0[0], $0.count == 2 ? $0[1] : $0[0]) },
        Function(name: "scalex", argumentCounts: 1...1, kinds: [.number]) { .scale($0[0], 1) },
        Function(name: "scaley", argumentCounts: 1...1, kinds: [.number]) { .scale(1, $0[0]) },
        Function(name: "rotate", argumentCounts: 1...1, kinds: [.angle]) { .rotation(degrees: $0[0]) },
        Function(name: "skew", argumentCounts: 1...2, kinds: [.angle]) {
            let tx = tangent($0[0] * Double.pi / 180), ty = $0.count == 2 ? tangent($0[1] * Double.pi / 180) : 0
            return SVGTransform(a: 1, b: ty, c: tx, d: 1, e: 0, f: 0)
        },
        Function(name: "skewx", argumentCounts: 1...1, kinds: [.angle]) { .skewX(degrees: $0[0]) },
        Function(name: "skewy", argumentCounts: 1...1, kinds: [.angle]) { .skewY(degrees: $0[0]) },
    ]

    package static func parse(_ text: some StringProtocol) -> SVGTransform? {
        let bytes = Array(text.utf8)
        var i = 0
        func skipSpace() { while i < bytes.count, ByteCursor.isWhitespace(bytes[i]) { i += 1 } }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        func word() -> String {
            let start = i
            while i < bytes.count, isLetter(bytes[i]) { i += 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self).lowercased()
        }
        skipSpace()
        let startOfValue = i
        if word() == "none" {
            skipSpace()
            if i == bytes.count { return .identity }
        }
        i = startOfValue
        var result = SVGTransform.identity
        var count = 0
        while true {
            skipSpace()
            if i == bytes.count { break }
            let name = word()
            guard !name.isEmpty, i < bytes.count, bytes[i] == UInt8(ascii: "(") else { return nil }
            i += 1
            var args: [(value: Double, unit: String)] = []
            skipSpace()
            while i < bytes.count, bytes[i] != UInt8(ascii: ")") {
                if !args.isEmpty {
                    guard bytes[i] == UInt8(ascii: ",") else { return nil }
                    i += 1
                    skipSpace()
                }
                let start = i
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                while i < bytes.count, ByteCursor.isDigit(bytes[i]) || bytes[i] == UInt8(ascii: ".") { i += 1 }
                if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e"), i + 1 < bytes.count,
                   ByteCursor.isDigit(bytes[i + 1]) || ((bytes[i + 1] == UInt8(ascii: "-") || bytes[i + 1] == UInt8(ascii: "+"))
                                                        && i + 2 < bytes.count && ByteCursor.isDigit(bytes[i + 2])) {
                    i += 2
                    while i < bytes.count, ByteCursor.isDigit(bytes[i]) { i += 1 }
                }
                guard let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)), value.isFinite else { return nil }
                var unit = word()
                if unit.isEmpty, i < bytes.count, bytes[i] == UInt8(ascii: "%") { i += 1; unit = "%" }
                args.append((value, unit))
                guard args.count <= 6 else { return nil }
                skipSpace()
            }
            guard i < bytes.count else { return nil }
            i += 1  // ')'
            func value(_ k: Int, _ kind: Kind) -> Double? {
                let (v, unit) = args[k]
                switch kind {
                case .number: return unit.isEmpty ? v : nil
                case .length:
                    switch unit {
                    case "": return v == 0 ? 0 : nil
                    case "px": return v
                    case "pt", "pc", "mm", "cm", "in":
                        return SVGLength(v, SVGLength.Unit(rawValue: unit)!).pixels(percentBase: 0)
                    default: return nil
                    }
                case .angle:
                    switch unit {
                    case "": return v == 0 ? 0 : nil
                    case "deg": return v
                    case "rad": return v * 180 / Double.pi
                    case "grad": return v * 0.9
                    case "turn": return v * 360
                    default: return nil
                    }
                }
            }
            guard let function = functions.first(where: { $0.name == name && $0.argumentCounts.contains(args.count) })
            else { return nil }
            var values: [Double] = []
            for k in args.indices {
                guard let v = value(k, function.kind(ofArgument: k)) else { return nil }
                values.append(v)
            }
            let t = function.make(values)
            result = result.concatenating(t)
            count += 1
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: ",") { return nil }
        }
        return count > 0 ? result : nil
    }
}
