/// Parses the CSS `transform` property (CSS Transforms 1 and 2, the 2D functions) as SVG 2 lets it be
/// written in `style` and style sheets: `none`, or a list of `matrix(a, b, c, d, e, f)`, `translate(x [, y])`,
/// `translateX(x)`, `translateY(y)`, `scale(sx [, sy])`, `scaleX`, `scaleY`, `rotate(angle)`, `skew(ax [, ay])`,
/// `skewX`, `skewY`, applied so that the rightmost acts on the points first. Function names are ASCII
/// case-insensitive; arguments are separated by commas or whitespace. Lengths may carry absolute units
/// (`px`, `pt`, `pc`, `mm`, `cm`, `in`) and angles `deg`, `rad`, `grad` or `turn`; a bare number is px or
/// degrees as in SVG's own syntax. SVG's `rotate(a cx cy)` is accepted too. Percentages (which need a
/// reference box) and 3D functions make the value invalid (nil), as does anything else.
package enum CSSTransformParser {
    private enum Kind { case length, angle, number }

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
                if !args.isEmpty, bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace() }
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
                    case "", "px": return v
                    case "pt", "pc", "mm", "cm", "in":
                        return SVGLength(v, SVGLength.Unit(rawValue: unit)!).pixels(percentBase: 0)
                    default: return nil
                    }
                case .angle:
                    switch unit {
                    case "", "deg": return v
                    case "rad": return v * 180 / Double.pi
                    case "grad": return v * 0.9
                    case "turn": return v * 360
                    default: return nil
                    }
                }
            }
            func values(_ kind: Kind) -> [Double]? {
                var out: [Double] = []
                for k in args.indices { guard let v = value(k, kind) else { return nil }; out.append(v) }
                return out
            }
            let t: SVGTransform
            switch (name, args.count) {
            case ("matrix", 6):
                guard let m = values(.number) else { return nil }
                t = SVGTransform(a: m[0], b: m[1], c: m[2], d: m[3], e: m[4], f: m[5])
            case ("translate", 1), ("translate", 2):
                guard let v = values(.length) else { return nil }
                t = .translation(v[0], v.count == 2 ? v[1] : 0)
            case ("translatex", 1):
                guard let v = values(.length) else { return nil }
                t = .translation(v[0], 0)
            case ("translatey", 1):
                guard let v = values(.length) else { return nil }
                t = .translation(0, v[0])
            case ("scale", 1), ("scale", 2):
                guard let v = values(.number) else { return nil }
                t = .scale(v[0], v.count == 2 ? v[1] : v[0])
            case ("scalex", 1):
                guard let v = values(.number) else { return nil }
                t = .scale(v[0], 1)
            case ("scaley", 1):
                guard let v = values(.number) else { return nil }
                t = .scale(1, v[0])
            case ("rotate", 1):
                guard let a = value(0, .angle) else { return nil }
                t = .rotation(degrees: a)
            case ("rotate", 3):
                guard let a = value(0, .angle), let cx = value(1, .length), let cy = value(2, .length) else { return nil }
                t = SVGTransform.translation(cx, cy).concatenating(.rotation(degrees: a)).concatenating(.translation(-cx, -cy))
            case ("skew", 1), ("skew", 2):
                guard let v = values(.angle) else { return nil }
                let tx = tangent(v[0] * Double.pi / 180), ty = v.count == 2 ? tangent(v[1] * Double.pi / 180) : 0
                t = SVGTransform(a: 1, b: ty, c: tx, d: 1, e: 0, f: 0)
            case ("skewx", 1):
                guard let a = value(0, .angle) else { return nil }
                t = .skewX(degrees: a)
            case ("skewy", 1):
                guard let a = value(0, .angle) else { return nil }
                t = .skewY(degrees: a)
            default:
                return nil
            }
            result = result.concatenating(t)
            count += 1
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: ",") { return nil }
        }
        return count > 0 ? result : nil
    }
}
