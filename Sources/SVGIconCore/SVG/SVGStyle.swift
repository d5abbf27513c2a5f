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
        (name.utf8.count >= 9 || name == "font") && (StyleProperty(name: name)?.isCSSOnly ?? false)
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
    /// `overflow` is `visible` or `auto` (the initial value; SVG's UA sheet makes it `hidden` on viewport
    /// elements, `SVGResolver.applyDeclarations`).
    var overflowVisible = true
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
        s.overflowVisible = true
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
    /// The `font` shorthand, of which svgicon reads the size.
    case font

    /// Properties that have no presentation attribute: the `marker` and `font` shorthands (SVG 2),
    /// `mix-blend-mode` and `isolation` (Compositing and Blending), as resvg reads them. They are set by style
    /// sheets and `style`.
    var isCSSOnly: Bool { self == .marker || self == .font || self == .mixBlendMode || self == .isolation }

    /// Whether the property inherits (SVG 2 property index; CSS Masking, Compositing): all but `opacity`,
    /// `display`, `vector-effect`, `overflow`, `mix-blend-mode` and `isolation`. `unset` is `inherit` for these
    /// and `initial` for the others (CSS Cascade 4 §7.3.3).
    var isInherited: Bool {
        switch self {
        case .opacity, .display, .vectorEffect, .overflow, .mixBlendMode, .isolation: return false
        default: return true
        }
    }

    /// The stroke lengths, whose `em` depends on the element's own `font-size`.
    var isStrokeLength: Bool { self == .strokeWidth || self == .strokeDasharray || self == .strokeDashoffset }

    /// The property's CSS name.
    var name: String { Self.names[Int(rawValue)] }

    /// The property named `name`: the properties whose names have its length are compared with it, so a
    /// name of a length no property has costs no comparison.
    init?(name: String) {
        let length = name.utf8.count
        let table = Self.byNameLength
        guard length < table.count else { return nil }
        for entry in table[length] where entry.name == name {
            self = entry.property
            return
        }
        return nil
    }

    /// Every case's name, in case order.
    private static let names = [
        "fill", "stroke", "color", "fill-opacity", "stroke-opacity", "opacity", "fill-rule", "clip-rule", "stroke-width",
        "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset",
        "visibility", "display", "paint-order", "vector-effect", "overflow",
        "marker-start", "marker-mid", "marker-end", "marker",
        "font-size", "shape-rendering", "mix-blend-mode", "isolation", "font",
    ]

    private struct Entry {
        let name: String
        let property: StyleProperty
    }

    /// The properties by the length of their names in UTF-8 bytes.
    private static let byNameLength: [[Entry]] = {
        var table = [[Entry]](repeating: [], count: (names.map(\.utf8.count).max() ?? 0) + 1)
        for (index, name) in names.enumerated() {
            table[name.utf8.count].append(Entry(name: name, property: StyleProperty(rawValue: UInt8(index))!))
        }
        return table
    }()
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

/// `value` trimmed and ASCII-lowercased, for comparing with CSS keywords and property names: both are ASCII
/// case-insensitive (CSS Values 3 §2.5, CSS Syntax 3 §2.1), in presentation attributes as in style sheets
/// (SVG 2 §6.6: presentation attributes are parsed as CSS values). Only A–Z fold, so that no other
/// character (`İ`, the Kelvin sign U+212A, which Unicode lowercases to `k`) turns into a keyword's letter.
/// Style properties' keywords (and the CSS-wide `inherit`, `initial`, `unset`) and the property names of
/// `style` attributes and `<style>` declarations are read through here, with no copy when the text has no
/// upper-case letter; so are `systemLanguage` tags, ASCII case-insensitive too (BCP 47 §2.1.1). Colours
/// fold A–Z themselves, byte by byte (`SVGColor.asciiLowercase`).
/// (SVG's own attribute enumerations, `gradientUnits`, `spreadMethod`, `in`, `operator`…, are XML
/// attribute values and stay case-sensitive.)
func cssKeyword(_ value: String) -> String {
    let text = trimmedCSSValue(value)
    return ByteCursor.withBytes(of: text) { bytes in
        guard bytes.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        // Written in place: a keyword fits a small string (15 bytes), so `currentColor` costs no allocation.
        return String(unsafeUninitializedCapacity: bytes.count) { folded in
            for (i, byte) in bytes.enumerated() { folded[i] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
            return bytes.count
        }
    }
}
