// The SVG resolver, part: Style: presentation attributes, style="" and <style> declarations cascaded into an SVGStyle.
// (SVGResolver.swift holds the resolver's state and entry points.)

extension SVGResolver {
    /// The computed style of a node in its place in the document (for the content of clip paths, masks and
    /// gradient stops, which inherit from where they are defined, not from where they are used).
    mutating func documentStyle(of index: Int) -> SVGStyle {
        if let cached = documentStyles[index] { return cached }
        let parent = tree.nodes[index].parent.map { documentStyle(of: $0) } ?? SVGStyle()
        var style = parent.inherited()
        applyDeclarations(of: index, to: &style, inheritingFrom: parent)
        documentStyles[index] = style
        return style
    }

    // The keyword properties, as `init(rawValue:)` reads them (the same comparisons, without the generic
    // string switch behind it).
    static func fillRule(_ v: String) -> FillRule? {
        v == "nonzero" ? .nonzero : v == "evenodd" ? .evenodd : nil
    }

    static func lineCap(_ v: String) -> LineCap? {
        v == "butt" ? .butt : v == "round" ? .round : v == "square" ? .square : nil
    }

    static func lineJoin(_ v: String) -> LineJoin? {
        v == "miter" ? .miter : v == "round" ? .round : v == "bevel" ? .bevel : v == "miter-clip" ? .miterClip : nil
    }

    /// The keywords of CSS Display 3's `display` other than `none` (outside, inside, list-item, internal and
    /// box values, and the legacy one-word forms).
    static let displayKeywords: Set<Substring> = [
        "inline", "block", "run-in", "flow", "flow-root", "table", "flex", "grid", "ruby", "list-item",
        "contents", "inline-block", "inline-table", "inline-flex", "inline-grid", "table-row-group",
        "table-header-group", "table-footer-group", "table-row", "table-cell", "table-column-group",
        "table-column", "table-caption", "ruby-base", "ruby-text", "ruby-base-container", "ruby-text-container",
    ]

    /// Whether `v` is a `display` value that shows the element: one to three different `displayKeywords`
    /// (`inline`, `block flow`, `inline flow-root list-item` …). Such a value undoes an earlier `none` of
    /// the cascade; anything else is invalid and ignored.
    static func isDisplayValue(_ v: String) -> Bool {
        let words = v.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        return (1...3).contains(words.count) && Set(words).count == words.count && words.allSatisfy(displayKeywords.contains)
    }

    /// Applies the cascaded declarations of `index` to `style` (inheriting from the style it had).
    @inline(never)
    mutating func applyDeclarations(of index: Int, to style: inout SVGStyle) {
        let parent = style
        applyDeclarations(of: index, to: &style, inheritingFrom: parent)
    }

    /// Applies the cascaded declarations of `index` to `style`, where `inherit` takes the value `parent`
    /// (the parent's computed style) has. `style` must start with `parent`'s inherited properties
    /// (`parent.inherited()`, as in `resolveNode`). SVG's UA sheet comes first: `overflow: hidden` on
    /// viewport elements other than the root (`svg`, `symbol`, `marker`, `pattern`, `image`, `foreignObject`).
    mutating func applyDeclarations(of index: Int, to style: inout SVGStyle, inheritingFrom parent: SVGStyle) {
        switch tree.nodes[index].kind {
        case .svg, .definition, .other: if hidesOverflow(index) { style.overflowVisible = false }
        default: break
        }
        // Most declarations are attributes that are not style properties (d, x, viewBox…): they are passed
        // over here, before a call.
        guard tree.hasPlainDeclarations(index) else {
            apply(tree.declarations(of: index), presentationAttributes: false, to: &style, parent: parent, node: index)
            return
        }
        tree.countAttributes(of: index)
        apply(tree.nodes[index].attributes, presentationAttributes: true, to: &style, parent: parent, node: index)
    }

    /// Applies `items` in order: cascaded declarations, or an element's attributes
    /// (`presentationAttributes`), of which the CSS-only properties are not read. A `font-size` after a
    /// stroke length changes what its `em` means: those lengths are applied again once the loop is done
    /// (rare; nothing is kept for the usual case).
    @inline(__always)
    private mutating func apply<Item: StyleDeclarationSource>(_ items: [Item], presentationAttributes: Bool,
                                                              to style: inout SVGStyle, parent: SVGStyle, node index: Int) {
        var lengthBeforeFontSize = false, sawLength = false
        for item in items {
            // `marker` is a shorthand property only: not a presentation attribute (SVG 2, as resvg reads it).
            guard let known = StyleProperty(name: item.name), !(presentationAttributes && known.isCSSOnly) else { continue }
            apply(known, property: item.name, value: item.value, to: &style, parent: parent, node: index)
            SVGResolver.noteFontSizeOrder(known, sawLength: &sawLength, lengthBeforeFontSize: &lengthBeforeFontSize)
        }
        if lengthBeforeFontSize {
            for item in items {
                guard let known = StyleProperty(name: item.name), known.isStrokeLength else { continue }
                apply(known, property: item.name, value: item.value, to: &style, parent: parent, node: index)
            }
        }
    }

    @inline(__always)
    static func noteFontSizeOrder(_ known: StyleProperty, sawLength: inout Bool, lengthBeforeFontSize: inout Bool) {
        if known.isStrokeLength { sawLength = true } else if (known == .fontSize || known == .font) && sawLength { lengthBeforeFontSize = true }
    }

    /// A `mix-blend-mode` keyword (Compositing and Blending Level 1); `plus-darker`/`plus-lighter` and
    /// anything else are nil.
    static func blendMode(_ value: String) -> SVGBlendMode? {
        switch value {
        case "normal": return .normal
        case "multiply": return .multiply
        case "screen": return .screen
        case "overlay": return .overlay
        case "darken": return .darken
        case "lighten": return .lighten
        case "color-dodge": return .colorDodge
        case "color-burn": return .colorBurn
        case "hard-light": return .hardLight
        case "soft-light": return .softLight
        case "difference": return .difference
        case "exclusion": return .exclusion
        case "hue": return .hue
        case "saturation": return .saturation
        case "color": return .color
        case "luminosity": return .luminosity
        default: return nil
        }
    }

    /// `font-size` (CSS Fonts 4): a length or percentage (`em`, `ex` and `%` of the parent's font size), the
    /// absolute keywords (`medium` is 16 px; `xx-small` … `xxx-large` scale it by 3/5, 3/4, 8/9, 1, 6/5,
    /// 3/2, 2, 3), and `larger`/`smaller` (the parent's × or ÷ 1.2); negative sizes are invalid.
    static func fontSize(_ raw: String, parent: Double) -> Double? {
        let value = cssKeyword(raw)
        let keywords: [(String, Double)] = [("xx-small", 3.0 / 5), ("x-small", 3.0 / 4), ("small", 8.0 / 9), ("medium", 1),
                                            ("large", 6.0 / 5), ("x-large", 3.0 / 2), ("xx-large", 2), ("xxx-large", 3)]
        if let k = keywords.first(where: { $0.0 == value }) { return SVGLength.fontSize * k.1 }
        if value == "larger" { return parent * 1.2 }
        if value == "smaller" { return parent / 1.2 }
        guard let l = SVGLength.parse(value), l.value >= 0, l.value.isFinite else { return nil }
        return l.unit == .percent ? l.value * parent / 100 : l.pixels(percentBase: parent, fontSize: parent)
    }

    /// The system font keywords, each a whole `font` value (CSS Fonts 4 §2.8, `<system-family-name>`).
    static let systemFontKeywords: Set<String> = ["caption", "icon", "menu", "message-box", "small-caption", "status-bar"]

    /// The `font-size` the `font` shorthand sets (CSS Fonts 4 §2.8):
    /// `[ <font-style> || <font-variant-css2> || <font-weight> || <font-width-css3> ]? <font-size>
    /// [ / <line-height> ]? <font-family>`. Each of the four parts before the size at most once (`normal`
    /// stands for any one of them, four parts in all), the style `oblique` with an optional angle of
    /// −90…90 deg, the weight a keyword or a number from 1 to 1000 (`450.5`); the family is required.
    /// Keywords in any ASCII case. A system font keyword alone (`caption`, `icon`, `menu`, `message-box`,
    /// `small-caption`, `status-bar`) is valid too and sets the system font's size. svgicon has no system
    /// fonts and draws no text, so what matters is the `em`/`ex` it gives: `medium` (16 px,
    /// `SVGLength.fontSize`), the UA's default font size, which like a system font's does not depend on
    /// the element's context. (resvg-py ignores such a value and keeps the size the element had.)
    /// nil for any other value.
    static func fontShorthandSize(_ value: String, parent: Double) -> Double? {
        let text = cssKeyword(value)
        if systemFontKeywords.contains(text) { return SVGLength.fontSize }
        let tokens = fontTokens(text)
        var i = 0, parts = 0
        var used: [FontPart] = []
        while i < tokens.count, let part = fontPart(tokens[i]) {
            parts += 1
            guard parts <= 4, part == .normal || !used.contains(part) else { return nil }
            used.append(part)
            i += 1
            if tokens[i - 1] == "oblique", i < tokens.count, isObliqueAngle(tokens[i]) { i += 1 }
        }
        guard i < tokens.count, let size = fontSize(String(tokens[i]), parent: parent) else { return nil }
        i += tokens.count > i + 1 && tokens[i + 1] == "/" ? 3 : 1
        return i < tokens.count ? size : nil
    }

    /// The words of a `font` value, with each `/` a token of its own (`12px/1.5` is three).
    private static func fontTokens(_ text: String) -> [Substring] {
        var tokens: [Substring] = []
        let space: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        for word in text.split(whereSeparator: space) {
            var rest = word
            while let slash = rest.firstIndex(of: "/") {
                if slash > rest.startIndex { tokens.append(rest[..<slash]) }
                tokens.append("/")
                rest = rest[rest.index(after: slash)...]
            }
            if !rest.isEmpty { tokens.append(rest) }
        }
        return tokens
    }

    /// Which of the `font` shorthand's parts before the size a (lower-case) word is.
    private enum FontPart { case normal, style, variant, weight, width }

    private static func fontPart(_ word: Substring) -> FontPart? {
        switch word {
        case "normal": return .normal
        case "italic", "oblique": return .style
        case "small-caps": return .variant
        case "bold", "bolder", "lighter": return .weight
        case "ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded", "expanded",
             "extra-expanded", "ultra-expanded": return .width
        default:
            // A weight number: any CSS number from 1 to 1000, fractions and exponents included.
            var scanner = NumberScanner(word)
            guard let n = scanner.number(), scanner.isAtEnd, n >= 1, n <= 1000 else { return nil }
            return .weight
        }
    }

    /// Whether `word` is the angle `oblique` may take: a number with deg, grad, rad or turn (a unitless
    /// number is not an angle here: `oblique 0 serif` is a size of 0), from −90 to 90 degrees.
    private static func isObliqueAngle(_ word: Substring) -> Bool {
        var scanner = NumberScanner(word)
        guard let n = scanner.number(), n.isFinite, !scanner.isAtEnd,
              let degrees = angle(String(word)) else { return false }
        return degrees >= -90 && degrees <= 90
    }

    /// Applies one declaration of a style property (`known`, named `property` in the file).
    mutating func apply(_ known: StyleProperty, property: String, value rawValue: String,
                                to style: inout SVGStyle, parent: SVGStyle, node: Int) {
        let value = trimmedCSSValue(rawValue)
        // Keywords are compared lower-cased (`cssKeyword`); values that are not keywords are read from `value`.
        let keyword = cssKeyword(value)
        if keyword == "initial" || keyword == "unset" {
            applyCSSWideKeyword(known, property: property, unset: keyword == "unset", to: &style, parent: parent, node: node)
            return
        }
        let inherit = keyword == "inherit"
        func number(_ v: String) -> Double? {
            if let n = NumberScanner.plainDigits(v) { return n }
            var scanner = NumberScanner(v)
            guard let n = scanner.number(), scanner.isAtEnd, n.isFinite else { return nil }
            return n
        }
        func opacity(_ v: String) -> Double? {
            if v.hasSuffix("%"), let n = number(String(v.dropLast())) { return min(1, max(0, n / 100)) }
            return number(v).map { min(1, max(0, $0)) }
        }
        switch known {
        case .fill:
            if inherit { style.fill = parent.fill } else if let p = PaintValue.parse(value) { style.fill = p }
            else { invalid(node, property, value) }
        case .stroke:
            if inherit { style.stroke = parent.stroke } else if let p = PaintValue.parse(value) { style.stroke = p }
            else { invalid(node, property, value) }
        case .color:
            if options.tintOverridesColor { break }
            if inherit { style.color = parent.color }
            else if asciiEqualsIgnoringCase(value, "currentcolor") { /* keeps the inherited color */ }
            else if let c = SVGColor(css: value) { style.color = c }
            else { invalid(node, property, value) }
        case .fillOpacity:
            if inherit { style.fillOpacity = parent.fillOpacity } else if let o = opacity(value) { style.fillOpacity = o }
        case .strokeOpacity:
            if inherit { style.strokeOpacity = parent.strokeOpacity } else if let o = opacity(value) { style.strokeOpacity = o }
        case .opacity:
            if inherit { style.opacity = parent.opacity } else if let o = opacity(value) { style.opacity = o }
        case .fillRule:
            if inherit { style.fillRule = parent.fillRule } else if let r = SVGResolver.fillRule(keyword) { style.fillRule = r }
        case .clipRule:
            if inherit { style.clipRule = parent.clipRule } else if let r = SVGResolver.fillRule(keyword) { style.clipRule = r }
        case .strokeWidth:
            if inherit { style.strokeWidth = parent.strokeWidth }
            else if let l = SVGLength.parse(value), l.value >= 0, l.value.isFinite {
                style.strokeWidth = l.pixels(percentBase: percentBase(.diagonal), fontSize: style.fontSize)
            } else { invalid(node, property, value) }
        case .strokeLinecap:
            if inherit { style.lineCap = parent.lineCap } else if let c = SVGResolver.lineCap(keyword) { style.lineCap = c }
        case .strokeLinejoin:
            if inherit { style.lineJoin = parent.lineJoin }
            else if let j = SVGResolver.lineJoin(keyword) { style.lineJoin = j }
            else if keyword == "arcs" { style.lineJoin = .miter }
        case .strokeMiterlimit:
            if inherit { style.miterLimit = parent.miterLimit }
            // Any non-negative number (SVG 2 painting: a negative one is invalid); a miter is never shorter
            // than the stroke width, so a limit below 1 bevels every join exactly as 1 does.
            else if let m = number(value), m >= 0 { style.miterLimit = max(m, 1) }
        case .strokeDasharray:
            if inherit { style.dashArray = parent.dashArray }
            else if keyword == "none" { style.dashArray = [] }
            else if let list = dashList(value, fontSize: style.fontSize) {
                // Negative values make the whole list invalid, and an all-zero list draws a solid stroke.
                if list.contains(where: { $0 < 0 }) || list.allSatisfy({ $0 == 0 }) {
                    style.dashArray = []
                } else {
                    style.dashArray = list.count % 2 == 1 ? list + list : list
                }
            } else { invalid(node, property, value) }
        case .strokeDashoffset:
            if inherit { style.dashOffset = parent.dashOffset }
            else if let l = SVGLength.parse(value), l.value.isFinite {
                style.dashOffset = l.pixels(percentBase: percentBase(.diagonal), fontSize: style.fontSize)
            }
        case .visibility:
            if inherit { style.visible = parent.visible }
            else if keyword == "visible" { style.visible = true }
            else if keyword == "hidden" || keyword == "collapse" { style.visible = false }
        case .display:
            if inherit { style.displayNone = parent.displayNone }
            else if keyword == "none" { style.displayNone = true }
            else if SVGResolver.isDisplayValue(keyword) { style.displayNone = false }
            else { invalid(node, property, value) }
        case .paintOrder:
            if inherit { style.strokeFirst = parent.strokeFirst; style.markersPosition = parent.markersPosition; break }
            // The first of fill/stroke named decides; "normal" is fill, stroke, markers. Anything but
            // `normal` or each of the three at most once is invalid (CSS `[fill || stroke || markers]`).
            let words = keyword.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            let known: Set<Substring> = ["fill", "stroke", "markers"]
            guard keyword == "normal" || (!words.isEmpty && Set(words).count == words.count && words.allSatisfy(known.contains)) else {
                invalid(node, property, value)
                break
            }
            let fillIndex = words.firstIndex(of: "fill"), strokeIndex = words.firstIndex(of: "stroke")
            if keyword == "normal" { style.strokeFirst = false }
            else if let s = strokeIndex { style.strokeFirst = fillIndex.map { s < $0 } ?? true }
            else if fillIndex != nil { style.strokeFirst = false }
            style.markersPosition = SVGResolver.markersPosition(words)
        case .vectorEffect:
            style.nonScalingStroke = inherit ? parent.nonScalingStroke : keyword == "non-scaling-stroke"
        case .overflow:
            style.overflowVisible = inherit ? parent.overflowVisible : keyword == "visible" || keyword == "auto"
        case .fontSize, .font:
            let size = known == .font ? SVGResolver.fontShorthandSize(value, parent: parent.fontSize)
                : SVGResolver.fontSize(keyword, parent: parent.fontSize)
            if inherit { style.fontSize = parent.fontSize }
            else if let size { style.fontSize = size }
            else { invalid(node, property, value) }
        case .shapeRendering:
            if inherit { style.crispEdges = parent.crispEdges }
            else if keyword == "crispedges" || keyword == "optimizespeed" { style.crispEdges = true }
            else if keyword == "auto" || keyword == "geometricprecision" { style.crispEdges = false }
            else { invalid(node, property, value) }
        case .mixBlendMode:
            if inherit { style.blendMode = parent.blendMode }
            else if let mode = SVGResolver.blendMode(keyword) { style.blendMode = mode } else { invalid(node, property, value) }
        case .isolation:
            if inherit { style.isolate = parent.isolate }
            else if keyword == "isolate" { style.isolate = true }
            else if keyword == "auto" { style.isolate = false }
            else { invalid(node, property, value) }
        case .markerStart, .markerMid, .markerEnd, .marker:
            applyMarker(known, value: value, inherit: inherit, to: &style, parent: parent, node: node)
        }
    }

    /// The value of a property that does not inherit and is read where it applies (`clip-path`, `mask`,
    /// `filter`, `stop-color`, `stop-opacity`, `flood-color`, `flood-opacity`, `lighting-color`, `mask-type`)
    /// on `index`, with CSS Cascade 4's keywords applied (in any ASCII case): `inherit` takes the parent
    /// element's value (followed the same way up the document), `initial` and `unset` are the initial value
    /// (nil, as when nothing sets it). What an `inherit` comes to is kept per element (`inheritedValues`), so
    /// that a chain of nested `inherit`s is walked once, not once per element below it.
    mutating func nonInheritedValue(_ property: String, of index: Int) -> String? {
        var chain: [Int] = []  // elements whose value is `inherit`, waiting for what it comes to
        var node = index
        var result: String? = nil
        while true {
            nonInheritedSteps += 1
            guard let raw = tree.value(property, of: node) else { break }
            let keyword = cssKeyword(raw)
            if keyword == "initial" || keyword == "unset" { break }
            guard keyword == "inherit" else { result = raw; break }
            if let known = inheritedValues[NonInheritedKey(property: property, node: node)] { result = known; break }
            chain.append(node)
            guard let parent = tree.nodes[node].parent else { break }
            node = parent
        }
        for n in chain { inheritedValues[NonInheritedKey(property: property, node: n)] = result }
        return result
    }

    /// Whether SVG's UA sheet sets `overflow: hidden` on `node`: `svg:not(:root), symbol, image, marker,
    /// pattern, foreignObject` (SVG 2 §"User agent style sheet").
    private func hidesOverflow(_ index: Int) -> Bool {
        guard tree.nodes[index].isSVG else { return false }
        switch tree.nodes[index].name {
        case "svg": return tree.nodes[index].parent != nil
        case "symbol", "image", "marker", "pattern", "foreignObject": return true
        default: return false
        }
    }

    /// `initial`, and `unset` (CSS Cascade 4 §7.3): `unset` on an inherited property is `inherit`; otherwise
    /// the property takes its initial value, read as an `inherit` from a style that holds every initial value
    /// (`SVGStyle()`: an unspecified fill takes the tint, as everywhere in svgicon). The non-inherited
    /// properties are set directly, overriding an earlier declaration on the same element.
    private mutating func applyCSSWideKeyword(_ known: StyleProperty, property: String, unset: Bool,
                                              to style: inout SVGStyle, parent: SVGStyle, node: Int) {
        if unset && known.isInherited {
            apply(known, property: property, value: "inherit", to: &style, parent: parent, node: node)
            return
        }
        let initial = SVGStyle()
        switch known {
        case .opacity: style.opacity = initial.opacity
        case .display: style.displayNone = initial.displayNone
        case .vectorEffect: style.nonScalingStroke = initial.nonScalingStroke
        case .overflow: style.overflowVisible = initial.overflowVisible  // `visible`, not the UA sheet's `hidden`
        case .mixBlendMode: style.blendMode = initial.blendMode
        case .isolation: style.isolate = initial.isolate
        default: apply(known, property: property, value: "inherit", to: &style, parent: initial, node: node)
        }
    }

    /// `stroke-dasharray` values: lengths and percentages separated by commas and/or spaces.
    func dashList(_ text: String, fontSize: Double) -> [Double]? {
        var values: [Double] = []
        for part in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" }) {
            guard let l = SVGLength.parse(part), l.value.isFinite else { return nil }
            values.append(l.pixels(percentBase: percentBase(.diagonal), fontSize: fontSize))
        }
        return values.isEmpty ? nil : values
    }

    mutating func invalid(_ node: Int, _ property: String, _ value: String) {
        warn(node, "ignoring invalid \(property) value \"\(value)\"")
    }
}

/// A name and a value to cascade: a style declaration or an element's attribute.
protocol StyleDeclarationSource {
    var name: String { get }
    var value: String { get }
}

extension CSSStyleSheet.Declaration: StyleDeclarationSource {}
extension DocumentTree.Attribute: StyleDeclarationSource {}

/// A non-inherited property of one element, as `SVGResolver.inheritedValues` files what its `inherit` gives.
struct NonInheritedKey: Hashable {
    var property: String
    var node: Int
}
