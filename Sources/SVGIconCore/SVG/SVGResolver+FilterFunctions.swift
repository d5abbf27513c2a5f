// CSS filter functions in the `filter` property (`blur()`, `drop-shadow()`, `grayscale()` …): the list
// parser and each function's equivalent primitive (Filter Effects 1, "Filter Functions").

extension SVGResolver {
    /// A filter function as the Filter Effects spec's equivalent primitive (§ "Filter Functions"), computed
    /// in sRGB. These have no filter region of their own; blur() and drop-shadow() get the box widened by
    /// 50 % on every side (as resvg) or by their reach (3σ plus the offset) where that is more, the others
    /// the default −10 %/120 %.
    mutating func cssFilter(_ f: FilterFunction, bbox: SVGRect, node index: Int, line: Int) -> SVGFilter {
        var reachX = 0.0, reachY = 0.0, wide = false
        var tinted = false
        let kind: SVGFilterPrimitiveKind
        func table(_ a: Double) -> SVGTransferFunction { .table([a, 1 - a]) }
        switch f.kind {
        case .blur(let s):
            kind = .gaussianBlur(stdDeviationX: s, stdDeviationY: s)
            reachX = 3 * s; reachY = 3 * s; wide = true
        case .dropShadow(let color, let dx, let dy, let s):
            var c = color
            if c == nil {
                if let own = documentStyle(of: index).color { c = own } else { tinted = true }
            }
            let shadow = c ?? .black
            kind = .dropShadow(dx: dx, dy: dy, stdDeviationX: s, stdDeviationY: s,
                               color: SVGColor(red: shadow.red, green: shadow.green, blue: shadow.blue),
                               opacity: shadow.alpha)
            reachX = 3 * s + abs(dx); reachY = 3 * s + abs(dy); wide = true
        case .grayscale(let a):
            kind = .colorMatrix(SVGResolver.grayscaleMatrix.at(amount: a))
        case .sepia(let a):
            kind = .colorMatrix(SVGResolver.sepiaMatrix.at(amount: a))
        case .saturate(let a):
            kind = .colorMatrix(.saturate(a))
        case .hueRotate(let degrees):
            kind = .colorMatrix(.hueRotate(degrees))
        case .invert(let a):
            let a = min(1, a)
            kind = .componentTransfer(red: table(a), green: table(a), blue: table(a), alpha: .identity)
        case .opacity(let a):
            kind = .componentTransfer(red: .identity, green: .identity, blue: .identity, alpha: .table([0, min(1, a)]))
        case .brightness(let a):
            let l = SVGTransferFunction.linear(slope: a, intercept: 0)
            kind = .componentTransfer(red: l, green: l, blue: l, alpha: .identity)
        case .contrast(let a):
            let l = SVGTransferFunction.linear(slope: a, intercept: 0.5 - 0.5 * a)
            kind = .componentTransfer(red: l, green: l, blue: l, alpha: .identity)
        }
        let mx = max(bbox.width * (wide ? 0.5 : 0.1), reachX), my = max(bbox.height * (wide ? 0.5 : 0.1), reachY)
        let region = SVGRect(x: bbox.x - mx, y: bbox.y - my, width: bbox.width + 2 * mx, height: bbox.height + 2 * my)
        var p = SVGFilterPrimitive(kind, input: .sourceGraphic, colorSpace: .sRGB)
        p.colorTakesTint = tinted
        return SVGFilter(region: region, primitives: [p], label: f.text, line: line)
    }
}

/// The colour matrix of `grayscale()` or `sepia()`: `full` at amount 1, moving to the identity as the amount
/// falls to 0: each entry is `full + lift · (1 − amount)`, where `lift` is −`full` off the diagonal and
/// `towardIdentity` on it (the spec's printed decimals, which are not all 1 − `full` in binary).
struct AmountColorMatrix {
    /// The 3 × 3 colour part at amount 1, row-major.
    var full: [Double]
    /// What each diagonal entry gains at amount 0.
    var towardIdentity: [Double]

    /// The 4 × 5 matrix at `amount` (clamped to at most 1).
    func at(amount: Double) -> SVGColorMatrix {
        let k = 1 - min(1, amount)
        var values: [Double] = []
        values.reserveCapacity(20)
        for row in 0..<3 {
            for column in 0..<3 {
                let base = full[row * 3 + column]
                values.append(base + (row == column ? towardIdentity[row] : -base) * k)
            }
            values.append(contentsOf: [0, 0])
        }
        values.append(contentsOf: [0, 0, 0, 1, 0])
        return .matrix(values)
    }
}

extension SVGResolver {
    /// `grayscale(1)` (Filter Effects 1): the luminance weights in every row.
    static let grayscaleMatrix = AmountColorMatrix(
        full: [0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722],
        towardIdentity: [0.7874, 0.2848, 0.9278])
    /// `sepia(1)` (Filter Effects 1).
    static let sepiaMatrix = AmountColorMatrix(
        full: [0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131],
        towardIdentity: [0.607, 0.314, 0.869])
}

/// One entry of a `filter` property list.
enum FilterListItem: Hashable {
    case url(String)
    case function(FilterFunction)
}

/// A CSS filter function with its arguments in user units (lengths) and plain numbers (amounts; a
/// percentage is divided by 100; hue-rotate in degrees).
struct FilterFunction: Hashable {
    enum Kind: Hashable {
        case blur(Double)
        case dropShadow(color: SVGColor?, dx: Double, dy: Double, stdDeviation: Double)
        case grayscale(Double), sepia(Double), saturate(Double), hueRotate(Double), invert(Double)
        case opacity(Double), brightness(Double), contrast(Double)
    }
    var kind: Kind
    /// As written, for warnings and labels.
    var text: String
}

/// The parser of the `filter` property's `<filter-value-list>` (Filter Effects 1 §"The filter property").
enum FilterFunctionList {
    /// nil when the list does not parse (the whole property is then ignored, as CSS says). Read code point
    /// by code point, as CSS tokenizes (and without the cost of breaking the text into characters).
    static func parse(_ text: String) -> [FilterListItem]? {
        var items: [FilterListItem] = []
        let chars = text.unicodeScalars
        var i = chars.startIndex
        // Items are separated by whitespace only: a comma makes the list invalid (`[<filter-function> | <url>]+`).
        func skipSpace() { while i < chars.endIndex, chars[i].properties.isWhitespace { chars.formIndex(after: &i) } }
        skipSpace()
        while i < chars.endIndex {
            let start = i
            while i < chars.endIndex, chars[i] != "(", !chars[i].properties.isWhitespace { chars.formIndex(after: &i) }
            let name = String(chars[start..<i]).lowercased()
            guard i < chars.endIndex, chars[i] == "(", !name.isEmpty else { return nil }
            var depth = 0
            let open = i
            while i < chars.endIndex {
                if chars[i] == "(" { depth += 1 }
                if chars[i] == ")" { depth -= 1; if depth == 0 { break } }
                chars.formIndex(after: &i)
            }
            guard i < chars.endIndex else { return nil }
            let args = String(chars[chars.index(after: open)..<i])
            let whole = String(chars[start...i])
            chars.formIndex(after: &i)
            if name == "url" {
                guard let id = SVGResolver.urlReference(whole) else { return nil }
                items.append(.url(id))
            } else {
                guard let f = function(name, args, text: whole) else { return nil }
                items.append(.function(f))
            }
            skipSpace()
        }
        return items.isEmpty ? nil : items
    }

    /// Splits arguments at top-level whitespace (commas too: `rgb(1, 2, 3)` stays one token).
    private static func tokens(_ args: String) -> [String] {
        var result: [String] = [], current = "", depth = 0
        for c in args.unicodeScalars {
            if c == "(" { depth += 1 }
            if c == ")" { depth -= 1 }
            if depth == 0 && (c.properties.isWhitespace || c == ",") {
                if !current.isEmpty { result.append(current); current = "" }
            } else {
                current.unicodeScalars.append(c)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// A length in user units (no percentages).
    private static func length(_ t: String) -> Double? {
        guard let l = SVGLength.parse(t), l.unit != .percent, l.value.isFinite else { return nil }
        return l.pixels(percentBase: 0)
    }

    /// `<number> | <percentage>`, non-negative.
    private static func amount(_ t: String) -> Double? {
        var s = t, scale = 1.0
        if s.hasSuffix("%") { s.removeLast(); scale = 0.01 }
        guard let l = SVGLength.parse(s), l.unit == .none, l.value.isFinite, l.value >= 0 else { return nil }
        return l.value * scale
    }

    private static func angle(_ t: String) -> Double? {
        let lower = t.lowercased()
        for (unit, factor) in [("deg", 1.0), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360.0)] where lower.hasSuffix(unit) {
            guard let l = SVGLength.parse(lower.dropLast(unit.count)), l.unit == .none, l.value.isFinite else { return nil }
            return l.value * factor
        }
        guard let l = SVGLength.parse(lower), l.unit == .none, l.value == 0 else { return nil }
        return 0
    }

    private static func function(_ name: String, _ args: String, text: String) -> FilterFunction? {
        let t = tokens(args)
        func one(_ def: Double, _ parse: (String) -> Double?) -> Double? {
            if t.isEmpty { return def }
            guard t.count == 1 else { return nil }
            return parse(t[0])
        }
        let kind: FilterFunction.Kind
        switch name {
        case "blur":
            guard let s = one(0, length), s >= 0 else { return nil }
            kind = .blur(s)
        case "drop-shadow":
            var lengths: [Double] = [], color: SVGColor? = nil, sawColor = false
            for token in t {
                if let l = length(token) {
                    lengths.append(l)
                } else if !sawColor, lengths.isEmpty || lengths.count >= 2,
                          token.lowercased() == "currentcolor" || SVGColor(css: token) != nil {
                    // currentColor is the default colour, which the resolver takes from `color` (nil here).
                    color = SVGColor(css: token)
                    sawColor = true
                } else {
                    return nil
                }
            }
            guard lengths.count == 2 || lengths.count == 3 else { return nil }
            let s = lengths.count == 3 ? lengths[2] : 0
            guard s >= 0 else { return nil }
            kind = .dropShadow(color: color, dx: lengths[0], dy: lengths[1], stdDeviation: s)
        case "grayscale": guard let a = one(1, amount) else { return nil }; kind = .grayscale(a)
        case "sepia": guard let a = one(1, amount) else { return nil }; kind = .sepia(a)
        case "saturate": guard let a = one(1, amount) else { return nil }; kind = .saturate(a)
        case "invert": guard let a = one(1, amount) else { return nil }; kind = .invert(a)
        case "opacity": guard let a = one(1, amount) else { return nil }; kind = .opacity(a)
        case "brightness": guard let a = one(1, amount) else { return nil }; kind = .brightness(a)
        case "contrast": guard let a = one(1, amount) else { return nil }; kind = .contrast(a)
        case "hue-rotate": guard let a = one(0, angle) else { return nil }; kind = .hueRotate(a)
        default: return nil
        }
        return FilterFunction(kind: kind, text: text)
    }
}
