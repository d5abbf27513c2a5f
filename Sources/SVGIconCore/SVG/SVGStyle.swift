/// A paint as written in SVG, before `currentColor` is resolved.
enum PaintValue: Hashable, Sendable {
    case none
    case color(SVGColor)
    case currentColor
    /// `url(#id)` with an optional fallback used when the reference cannot be drawn.
    case reference(id: String, fallback: FallbackPaint?)
    /// SVG 2's `context-fill` / `context-stroke`: the fill or stroke of the element a marker is placed on, or
    /// of the `use` that draws the content (`SVGResolver.contextPaints`).
    case contextFill, contextStroke

    enum FallbackPaint: Hashable, Sendable {
        case none, currentColor, color(SVGColor)
    }

    /// Parses a `fill`/`stroke` value; nil when it is not a valid paint (the declaration is then ignored).
    static func parse(_ raw: String) -> PaintValue? {
        // The keywords are ASCII, and no other character lowercases to one of their letters, so comparing
        // the bytes without ASCII case decides as `lowercased()` did; only `url(` takes the general path.
        let text = trimmedCSSValue(raw)
        if text.isEmpty { return nil }
        if asciiEqualsIgnoringCase(text, "none") { return PaintValue.none }
        if asciiEqualsIgnoringCase(text, "currentcolor") { return .currentColor }
        if !asciiHasPrefixIgnoringCase(text, "url(") {
            if let c = SVGColor(css: text) { return .color(c) }
            if asciiEqualsIgnoringCase(text, "context-fill") { return .contextFill }
            if asciiEqualsIgnoringCase(text, "context-stroke") { return .contextStroke }
            return nil
        }
        return parseGeneral(text)
    }

    /// The original reading of a paint (for `url(…)` values).
    private static func parseGeneral(_ raw: String) -> PaintValue? {
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
    /// Whether an attribute of this name is a CSS-only property (`StyleProperty.isCSSOnly`), not a
    /// presentation attribute.
    static func isCSSOnly(_ name: String) -> Bool {
        name.utf8.count >= 9 && (StyleProperty(name: name)?.isCSSOnly ?? false)
    }

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
    /// Where `paint-order` puts the markers among the three paints: 0 first, 1 between fill and stroke,
    /// 2 last (the default).
    var markersPosition: UInt8 = 2
    /// `marker-start`, `marker-mid`, `marker-end`: an index into the resolver's `markerReferences`, 0 for
    /// none (a number, so that styles without markers copy no strings).
    var markers: UInt32 = 0
    /// The `color` property; nil means "not set in the file", so `currentColor` takes the tint.
    var color: SVGColor? = nil
    /// The computed `font-size` in px: what `em` and `ex` lengths are relative to (svgicon draws no text).
    var fontSize = SVGLength.fontSize
    /// `shape-rendering: crispEdges` or `optimizeSpeed`: shapes are drawn without anti-aliasing.
    var crispEdges = false

    // Not inherited (reset for every element).
    var opacity = 1.0
    var displayNone = false
    var nonScalingStroke = false
    var overflowVisible = false
    /// `mix-blend-mode`.
    var blendMode = SVGBlendMode.normal
    /// `isolation: isolate`.
    var isolate = false

    /// The style a child starts from: inherited properties kept, the others reset.
    func inherited() -> SVGStyle {
        var s = self
        s.opacity = 1
        s.displayNone = false
        s.nonScalingStroke = false
        s.overflowVisible = false
        s.blendMode = .normal
        s.isolate = false
        return s
    }

    /// Resolves a paint value for drawing; nil = nothing to paint.
    func resolve(_ paint: PaintValue) -> SVGPaint? {
        switch paint {
        case .none: return nil
        case .color(let c): return .color(c)
        case .currentColor: return color.map { .color($0) } ?? .tint
        case .contextFill, .contextStroke: return nil  // only `SVGResolver.resolvePaint` knows the context
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

/// The properties `SVGResolver.apply` reads, recognised from a declaration's name by its length and
/// then one comparison, so that the many attributes that are not style properties (`d`, `x`, `viewBox`…)
/// are passed over without a string switch.
enum StyleProperty: UInt8 {
    case fill, stroke, color, fillOpacity, strokeOpacity, opacity, fillRule, clipRule, strokeWidth
    case strokeLinecap, strokeLinejoin, strokeMiterlimit, strokeDasharray, strokeDashoffset
    case visibility, display, paintOrder, vectorEffect, overflow
    case markerStart, markerMid, markerEnd, marker
    case fontSize, shapeRendering, mixBlendMode, isolation

    /// Properties that have no presentation attribute: the `marker` shorthand (SVG 2), `mix-blend-mode` and
    /// `isolation` (Compositing and Blending), as resvg reads them. They are set by style sheets and `style`.
    var isCSSOnly: Bool { self == .marker || self == .mixBlendMode || self == .isolation }

    /// The stroke lengths, whose `em` depends on the element's own `font-size`.
    var isStrokeLength: Bool { self == .strokeWidth || self == .strokeDasharray || self == .strokeDashoffset }

    init?(name: String) {
        switch name.utf8.count {
        case 4: if name == "fill" { self = .fill; return }
        case 5: if name == "color" { self = .color; return }
        case 6:
            if name == "stroke" { self = .stroke; return }
            if name == "marker" { self = .marker; return }
        case 7:
            if name == "opacity" { self = .opacity; return }
            if name == "display" { self = .display; return }
        case 8: if name == "overflow" { self = .overflow; return }
        case 9:
            if name == "fill-rule" { self = .fillRule; return }
            if name == "clip-rule" { self = .clipRule; return }
            if name == "font-size" { self = .fontSize; return }
            if name == "isolation" { self = .isolation; return }
        case 10:
            if name == "visibility" { self = .visibility; return }
            if name == "marker-mid" { self = .markerMid; return }
            if name == "marker-end" { self = .markerEnd; return }
        case 11: if name == "paint-order" { self = .paintOrder; return }
        case 12:
            if name == "fill-opacity" { self = .fillOpacity; return }
            if name == "stroke-width" { self = .strokeWidth; return }
            if name == "marker-start" { self = .markerStart; return }
        case 13: if name == "vector-effect" { self = .vectorEffect; return }
        case 14:
            if name == "stroke-opacity" { self = .strokeOpacity; return }
            if name == "stroke-linecap" { self = .strokeLinecap; return }
            if name == "mix-blend-mode" { self = .mixBlendMode; return }
        case 15:
            if name == "stroke-linejoin" { self = .strokeLinejoin; return }
            if name == "shape-rendering" { self = .shapeRendering; return }
        case 16: if name == "stroke-dasharray" { self = .strokeDasharray; return }
        case 17:
            if name == "stroke-miterlimit" { self = .strokeMiterlimit; return }
            if name == "stroke-dashoffset" { self = .strokeDashoffset; return }
        default: break
        }
        return nil
    }
}

/// `text.trimmingCSSWhitespace` as a String, without copying when there is nothing to trim: when neither
/// the first nor the last byte is whitespace, no Character at either end can be whitespace either.
func trimmedCSSValue(_ text: String) -> String {
    let untrimmed = ByteCursor.withBytes(of: text) { bytes in
        guard let first = bytes.first, let last = bytes.last else { return false }
        return !ByteCursor.isWhitespace(first) && !ByteCursor.isWhitespace(last)
    }
    return untrimmed ? text : String(text.trimmingCSSWhitespace)
}

/// Whether `text` is `lowercaseASCII` up to ASCII case, byte for byte.
func asciiEqualsIgnoringCase(_ text: String, _ lowercaseASCII: StaticString) -> Bool {
    guard text.utf8.count == lowercaseASCII.utf8CodeUnitCount else { return false }
    return asciiHasPrefixIgnoringCase(text, lowercaseASCII)
}

/// Whether `text` starts with `lowercaseASCII` up to ASCII case, byte for byte.
func asciiHasPrefixIgnoringCase(_ text: String, _ lowercaseASCII: StaticString) -> Bool {
    let count = lowercaseASCII.utf8CodeUnitCount
    guard text.utf8.count >= count else { return false }
    return ByteCursor.withBytes(of: text) { bytes in
        lowercaseASCII.withUTF8Buffer { keyword in
            for i in 0..<count {
                let byte = bytes[i]
                let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                if lower != keyword[i] { return false }
            }
            return true
        }
    }
}
