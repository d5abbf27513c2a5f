/// A paint as written in SVG, before `currentColor` is resolved.
enum PaintValue: Hashable, Sendable {
    case none
    case color(SVGColor)
    case currentColor
    /// `url(#id)` with an optional fallback used when the reference cannot be drawn.
    case reference(id: String, fallback: FallbackPaint?)

    enum FallbackPaint: Hashable, Sendable {
        case none, currentColor, color(SVGColor)
    }

    /// Parses a `fill`/`stroke` value; nil when it is not a valid paint (the declaration is then ignored).
    static func parse(_ raw: String) -> PaintValue? {
        let text = trimmed(raw)
        if text.isEmpty { return nil }
        let lower = text.lowercased()
        if lower == "none" { return PaintValue.none }
        if lower == "currentcolor" { return .currentColor }
        if lower.hasPrefix("url(") {
            guard let close = text.firstIndex(of: ")") else { return nil }
            var inner = trimmed(text[text.index(text.startIndex, offsetBy: 4)..<close])
            if inner.count >= 2, let q = inner.first, q == "\"" || q == "'", inner.last == q {
                inner = String(inner.dropFirst().dropLast())
            }
            guard inner.hasPrefix("#") else { return nil }
            let id = String(inner.dropFirst())
            let rest = trimmed(text[text.index(after: close)...])
            var fallback: FallbackPaint? = nil
            if !rest.isEmpty {
                switch PaintValue.parse(rest) {
                case .some(.none): fallback = FallbackPaint.none
                case .some(.currentColor): fallback = .currentColor
                case .some(.color(let c)): fallback = .color(c)
                default: return nil
                }
            }
            return .reference(id: id, fallback: fallback)
        }
        if let c = SVGColor(css: text) { return .color(c) }
        return nil
    }
}

/// The cascaded, inherited style of one element (the properties svgicon renders).
struct SVGStyle: Sendable {
    // Inherited properties.
    var fill: PaintValue = .currentColor  // unspecified fill takes the tint, like currentColor
    var fillOpacity = 1.0
    var fillRule = FillRule.nonzero
    var clipRule = FillRule.nonzero
    var stroke: PaintValue = .none
    var strokeOpacity = 1.0
    var strokeWidth = 1.0
    var lineCap = LineCap.butt
    var lineJoin = LineJoin.miter
    var miterLimit = 4.0
    var dashArray: [Double] = []
    var dashOffset = 0.0
    var visible = true
    /// `paint-order` puts the stroke before the fill.
    var strokeFirst = false
    /// The `color` property; nil means "not set in the file", so `currentColor` takes the tint.
    var color: SVGColor? = nil

    // Not inherited (reset for every element).
    var opacity = 1.0
    var displayNone = false
    var nonScalingStroke = false
    var overflowVisible = false

    /// The style a child starts from: inherited properties kept, the others reset.
    func inherited() -> SVGStyle {
        var s = self
        s.opacity = 1
        s.displayNone = false
        s.nonScalingStroke = false
        s.overflowVisible = false
        return s
    }

    /// Resolves a paint value for drawing; nil = nothing to paint.
    func resolve(_ paint: PaintValue) -> SVGPaint? {
        switch paint {
        case .none: return nil
        case .color(let c): return .color(c)
        case .currentColor: return color.map { .color($0) } ?? .tint
        case .reference(_, let fallback):
            switch fallback {
            case .none?, nil: return nil
            case .currentColor?: return color.map { .color($0) } ?? .tint
            case .color(let c)?: return .color(c)
            }
        }
    }
}

func trimmed(_ s: some StringProtocol) -> String {
    var sub = Substring(s)
    while let f = sub.first, f == " " || f == "\t" || f == "\n" || f == "\r" || f == "\u{0C}" { sub.removeFirst() }
    while let l = sub.last, l == " " || l == "\t" || l == "\n" || l == "\r" || l == "\u{0C}" { sub.removeLast() }
    return String(sub)
}
