/// Parses SVG `transform` lists: `matrix(a b c d e f)`, `translate(x [y])`, `scale(x [y])`,
/// `rotate(a [cx cy])`, `skewX(a)`, `skewY(a)`, separated by whitespace and/or commas, applied so that
/// the rightmost transform acts on the points first.
package enum TransformListParser {
    /// nil when the list is malformed (SVG then ignores the whole attribute).
    package static func parse(_ text: some StringProtocol) -> SVGTransform? {
        var scanner = NumberScanner(text)
        var result = SVGTransform.identity
        scanner.skipWhitespace()
        while !scanner.isAtEnd {
            let name: String
            if scanner.consume("matrix") { name = "matrix" }
            else if scanner.consume("translate") { name = "translate" }
            else if scanner.consume("scale") { name = "scale" }
            else if scanner.consume("rotate") { name = "rotate" }
            else if scanner.consume("skewX") { name = "skewX" }
            else if scanner.consume("skewY") { name = "skewY" }
            else { return nil }
            scanner.skipWhitespace()
            guard scanner.consume("(") else { return nil }
            var args: [Double] = []
            scanner.skipWhitespace()
            while let v = scanner.number() {
                args.append(v)
                scanner.skipCommaWhitespace()
                if args.count > 6 { return nil }
            }
            guard scanner.consume(")") else { return nil }
            let t: SVGTransform
            switch (name, args.count) {
            case ("matrix", 6):
                t = SVGTransform(a: args[0], b: args[1], c: args[2], d: args[3], e: args[4], f: args[5])
            case ("translate", 1): t = .translation(args[0], 0)
            case ("translate", 2): t = .translation(args[0], args[1])
            case ("scale", 1): t = .scale(args[0], args[0])
            case ("scale", 2): t = .scale(args[0], args[1])
            case ("rotate", 1): t = .rotation(degrees: args[0])
            case ("rotate", 3):
                t = SVGTransform.translation(args[1], args[2])
                    .concatenating(.rotation(degrees: args[0]))
                    .concatenating(.translation(-args[1], -args[2]))
            case ("skewX", 1): t = .skewX(degrees: args[0])
            case ("skewY", 1): t = .skewY(degrees: args[0])
            default: return nil
            }
            result = result.concatenating(t)
            scanner.skipCommaWhitespace()
        }
        return result
    }
}
