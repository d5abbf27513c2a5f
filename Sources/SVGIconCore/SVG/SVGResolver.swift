/// The result of resolving an SVG document: the icon and what was skipped or repaired on the way.
public struct SVGParseResult: Hashable, Sendable {
    public var icon: SVGIconDefinition
    public var warnings: [SVGWarning]
}

/// Turns an SVG element tree into an `SVGIconDefinition`: applies presentation attributes and `style`
/// declarations with inheritance, parses transforms, lengths and path data, turns every basic shape into
/// a path, and drops what cannot be drawn with a warning that names it.
public struct SVGResolver {
    private var warnings: [SVGWarning] = []
    private var warnedElements: Set<String> = []
    /// Percent bases: viewBox width, height and their normalised diagonal.
    private var viewportWidth = 100.0
    private var viewportHeight = 100.0

    /// Elements that draw nothing themselves and are skipped silently.
    static let silentElements: Set<String> = [
        "title", "desc", "metadata", "defs",
        // Paint servers and other definitions are only drawn where referenced.
        "linearGradient", "radialGradient", "pattern", "clipPath", "mask", "marker", "symbol", "filter",
    ]

    /// Resolves a document whose root element is `root`.
    public static func resolve(_ root: SVGElement) throws -> SVGParseResult {
        var resolver = SVGResolver()
        let icon = try resolver.resolveRoot(root)
        return SVGParseResult(icon: icon, warnings: resolver.warnings)
    }

    private mutating func resolveRoot(_ root: SVGElement) throws -> SVGIconDefinition {
        guard root.name == "svg", root.isSVG else {
            throw SVGResolveError.notSVGRoot(name: root.name, line: root.line)
        }
        var viewBox: SVGViewBox? = nil
        if let vb = root.attribute("viewBox") {
            if let v = NumberScanner.numberList(vb), v.count == 4,
               SVGViewBox(x: v[0], y: v[1], width: v[2], height: v[3]).isValid {
                viewBox = SVGViewBox(x: v[0], y: v[1], width: v[2], height: v[3])
            } else {
                warn(root, "ignoring invalid viewBox \"\(vb)\" (needs four numbers with a positive width and height)")
            }
        }
        let width = root.attribute("width").flatMap(SVGLength.parse).flatMap { $0.unit == .percent ? nil : $0.pixels(percentBase: 0) }
        let height = root.attribute("height").flatMap(SVGLength.parse).flatMap { $0.unit == .percent ? nil : $0.pixels(percentBase: 0) }
        let intrinsicWidth = width.flatMap { $0 > 0 ? $0 : nil }
        let intrinsicHeight = height.flatMap { $0 > 0 ? $0 : nil }
        let box = viewBox ?? SVGViewBox(width: intrinsicWidth ?? 100, height: intrinsicHeight ?? 100)
        viewportWidth = box.width
        viewportHeight = box.height
        var aspect = SVGAspectRatio.default
        if let par = root.attribute("preserveAspectRatio") {
            if let parsed = SVGResolver.parseAspectRatio(par) {
                aspect = parsed
            } else {
                warn(root, "ignoring invalid preserveAspectRatio \"\(par)\"")
            }
        }
        var style = SVGStyle()
        applyDeclarations(of: root, to: &style)
        var layers: [SVGIconLayer] = []
        if !style.displayNone {
            for child in root.children {
                if let layer = resolveElement(child, parentStyle: style) { layers.append(layer) }
            }
        }
        // The root's own transform and opacity apply to everything inside it.
        var rootTransform = SVGTransform.identity
        if let t = root.attribute("transform") {
            if let parsed = TransformListParser.parse(t) { rootTransform = parsed } else {
                warn(root, "ignoring malformed transform \"\(t)\"")
            }
        }
        if style.opacity < 1 || !rootTransform.isIdentity {
            layers = [SVGIconLayer(content: .group(layers), transform: rootTransform, opacity: style.opacity,
                                   elementName: "svg")]
        }
        return SVGIconDefinition(viewBox: box, aspectRatio: aspect, intrinsicWidth: intrinsicWidth,
                                 intrinsicHeight: intrinsicHeight, layers: layers)
    }

    private mutating func resolveElement(_ element: SVGElement, parentStyle: SVGStyle) -> SVGIconLayer? {
        guard element.isSVG else { return nil }  // foreign namespaces (editor metadata) are ignored
        let name = element.name
        if SVGResolver.silentElements.contains(name) { return nil }
        var style = parentStyle.inherited()
        switch name {
        case "g", "a", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon":
            break
        case "style":
            warnOnce(element, "CSS <style> blocks are not supported yet; their rules are ignored")
            return nil
        default:
            warnOnce(element, "<\(name)> is not supported; skipped")
            return nil
        }
        applyDeclarations(of: element, to: &style)
        if style.displayNone { return nil }
        var transform = SVGTransform.identity
        if let t = element.attribute("transform") {
            if let parsed = TransformListParser.parse(t) {
                transform = parsed
            } else {
                warn(element, "ignoring malformed transform \"\(t)\"")
            }
        }
        for unsupported in ["clip-path", "mask", "filter"] {
            if let v = element.attribute(unsupported), trimmed(v) != "none" {
                warnOnce(element, "\(unsupported) is not supported yet; drawn without it", key: unsupported)
            }
        }
        if name == "g" || name == "a" {
            var children: [SVGIconLayer] = []
            for child in element.children {
                if let layer = resolveElement(child, parentStyle: style) { children.append(layer) }
            }
            if children.isEmpty { return nil }
            return SVGIconLayer(content: .group(children), transform: transform, opacity: style.opacity,
                                elementName: name)
        }
        guard style.visible else { return nil }
        let path = shapePath(element)
        if path.isEmpty { return nil }
        var fill: SVGFill? = nil
        if let paint = resolvePaint(style.fill, for: element, property: "fill", style: style) {
            fill = SVGFill(paint: paint, opacity: style.fillOpacity, rule: style.fillRule)
        }
        // Lines and polylines have no interior, but SVG still fills polylines; lines have no area.
        if name == "line" { fill = nil }
        var stroke: SVGStroke? = nil
        if style.strokeWidth > 0, let paint = resolvePaint(style.stroke, for: element, property: "stroke", style: style) {
            stroke = SVGStroke(paint: paint, opacity: style.strokeOpacity,
                               style: StrokeStyle(width: style.strokeWidth, cap: style.lineCap,
                                                  join: style.lineJoin, miterLimit: style.miterLimit,
                                                  dashes: style.dashArray, dashOffset: style.dashOffset))
        }
        if fill == nil && stroke == nil { return nil }
        return SVGIconLayer(content: .shape(SVGShape(path: path, fill: fill, stroke: stroke)),
                            transform: transform, opacity: style.opacity, elementName: name)
    }

    private mutating func resolvePaint(_ value: PaintValue, for element: SVGElement, property: String,
                                       style: SVGStyle) -> SVGPaint? {
        if case .reference(let id, let fallback) = value {
            let outcome = fallback == nil ? "not painted" : "painted with the fallback"
            warnOnce(element, "\(property)=\"url(#\(id))\": paint servers (gradients, patterns) are not supported yet; \(outcome)",
                     key: "paint-server")
        }
        return style.resolve(value)
    }

    // MARK: Shapes

    private mutating func shapePath(_ e: SVGElement) -> SVGPath {
        func length(_ attr: String, _ base: Double, default def: Double = 0) -> Double {
            guard let raw = e.attribute(attr) else { return def }
            guard let l = SVGLength.parse(raw) else {
                warn(e, "ignoring invalid \(attr)=\"\(raw)\"")
                return def
            }
            return l.pixels(percentBase: base)
        }
        func optionalLength(_ attr: String, _ base: Double) -> Double? {
            guard let raw = e.attribute(attr), trimmed(raw) != "auto" else { return nil }
            return SVGLength.parse(raw)?.pixels(percentBase: base)
        }
        let w = viewportWidth, h = viewportHeight
        let diagonal = ((w * w + h * h) / 2).squareRoot()
        switch e.name {
        case "path":
            guard let d = e.attribute("d") else { return SVGPath() }
            let (path, error) = PathDataParser.parse(d)
            if let error {
                warn(e, "\(error.description); drawing the part before it")
            }
            return path
        case "rect":
            return ShapeGeometry.rect(x: length("x", w), y: length("y", h), width: length("width", w),
                                      height: length("height", h), rx: optionalLength("rx", w),
                                      ry: optionalLength("ry", h))
        case "circle":
            let r = length("r", diagonal)
            return ShapeGeometry.ellipse(cx: length("cx", w), cy: length("cy", h), rx: r, ry: r)
        case "ellipse":
            var rx = optionalLength("rx", w), ry = optionalLength("ry", h)
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            return ShapeGeometry.ellipse(cx: length("cx", w), cy: length("cy", h), rx: rx ?? 0, ry: ry ?? 0)
        case "line":
            var path = SVGPath()
            path.move(to: SVGPoint(x: length("x1", w), y: length("y1", h)))
            path.line(to: SVGPoint(x: length("x2", w), y: length("y2", h)))
            return path
        case "polyline", "polygon":
            guard let raw = e.attribute("points") else { return SVGPath() }
            let coordinates = SVGResolver.leadingNumbers(raw)
            if coordinates.count % 2 == 1 || NumberScanner.numberList(raw) == nil {
                warn(e, "points list is malformed; drawing the points before the error")
            }
            return ShapeGeometry.poly(coordinates, closed: e.name == "polygon")
        default:
            return SVGPath()
        }
    }

    /// The numbers at the start of a list, up to the first thing that is not a number.
    static func leadingNumbers(_ text: String) -> [Double] {
        var scanner = NumberScanner(text)
        var values: [Double] = []
        scanner.skipWhitespace()
        while let v = scanner.number() {
            values.append(v)
            scanner.skipCommaWhitespace()
        }
        return values
    }

    // MARK: Style

    /// Presentation attributes first, then `style="…"` declarations, which win.
    private mutating func applyDeclarations(of element: SVGElement, to style: inout SVGStyle) {
        let parent = style
        for (name, value) in element.attributes {
            apply(property: name, value: value, to: &style, parent: parent, element: element, fromCSS: false)
        }
        if let css = element.attribute("style") {
            for declaration in css.split(separator: ";") {
                guard let colon = declaration.firstIndex(of: ":") else { continue }
                let name = trimmed(declaration[..<colon]).lowercased()
                var value = trimmed(declaration[declaration.index(after: colon)...])
                if let bang = value.firstIndex(of: "!") { value = trimmed(value[..<bang]) }  // `!important`
                apply(property: name, value: value, to: &style, parent: parent, element: element, fromCSS: true)
            }
        }
    }

    private mutating func apply(property: String, value rawValue: String, to style: inout SVGStyle,
                                parent: SVGStyle, element: SVGElement, fromCSS: Bool) {
        let value = trimmed(rawValue)
        let inherit = value == "inherit"
        func number(_ v: String) -> Double? {
            var scanner = NumberScanner(v)
            guard let n = scanner.number(), scanner.isAtEnd else { return nil }
            return n
        }
        func opacity(_ v: String) -> Double? {
            if v.hasSuffix("%"), let n = number(String(v.dropLast())) { return min(1, max(0, n / 100)) }
            return number(v).map { min(1, max(0, $0)) }
        }
        switch property {
        case "fill":
            if inherit { style.fill = parent.fill } else if let p = PaintValue.parse(value) { style.fill = p }
            else { invalid(element, property, value) }
        case "stroke":
            if inherit { style.stroke = parent.stroke } else if let p = PaintValue.parse(value) { style.stroke = p }
            else { invalid(element, property, value) }
        case "color":
            if inherit { style.color = parent.color }
            else if value.lowercased() == "currentcolor" { /* keeps the inherited color */ }
            else if let c = SVGColor(css: value) { style.color = c }
            else { invalid(element, property, value) }
        case "fill-opacity":
            if inherit { style.fillOpacity = parent.fillOpacity } else if let o = opacity(value) { style.fillOpacity = o }
        case "stroke-opacity":
            if inherit { style.strokeOpacity = parent.strokeOpacity } else if let o = opacity(value) { style.strokeOpacity = o }
        case "opacity":
            if let o = opacity(value) { style.opacity = o }
        case "fill-rule":
            if inherit { style.fillRule = parent.fillRule } else if let r = FillRule(rawValue: value) { style.fillRule = r }
        case "stroke-width":
            if inherit { style.strokeWidth = parent.strokeWidth }
            else if let l = SVGLength.parse(value), l.value >= 0 {
                let diagonal = ((viewportWidth * viewportWidth + viewportHeight * viewportHeight) / 2).squareRoot()
                style.strokeWidth = l.pixels(percentBase: diagonal)
            } else { invalid(element, property, value) }
        case "stroke-linecap":
            if inherit { style.lineCap = parent.lineCap } else if let c = LineCap(rawValue: value) { style.lineCap = c }
        case "stroke-linejoin":
            if inherit { style.lineJoin = parent.lineJoin }
            else if let j = LineJoin(rawValue: value) { style.lineJoin = j }
            else if value == "miter-clip" || value == "arcs" { style.lineJoin = .miter }
        case "stroke-miterlimit":
            if inherit { style.miterLimit = parent.miterLimit }
            else if let m = number(value), m >= 1 { style.miterLimit = m }
        case "stroke-dasharray":
            if inherit { style.dashArray = parent.dashArray }
            else if value == "none" { style.dashArray = [] }
            else if let list = NumberScanner.numberList(value), !list.isEmpty {
                if list.contains(where: { $0 < 0 }) || list.allSatisfy({ $0 == 0 }) {
                    style.dashArray = []
                } else {
                    style.dashArray = list.count % 2 == 1 ? list + list : list
                }
            }
        case "stroke-dashoffset":
            if inherit { style.dashOffset = parent.dashOffset }
            else if let l = SVGLength.parse(value) { style.dashOffset = l.pixels(percentBase: viewportWidth) }
        case "visibility":
            if inherit { style.visible = parent.visible }
            else if value == "visible" { style.visible = true }
            else if value == "hidden" || value == "collapse" { style.visible = false }
        case "display":
            if value == "none" { style.displayNone = true }
        default:
            break
        }
    }

    private mutating func invalid(_ element: SVGElement, _ property: String, _ value: String) {
        warn(element, "ignoring invalid \(property) value \"\(value)\"")
    }

    // MARK: Attributes of the root

    static func parseAspectRatio(_ text: String) -> SVGAspectRatio? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        if words.first == "defer" { words.removeFirst() }
        guard let alignWord = words.first, words.count <= 2 else { return nil }
        var slice = false
        if words.count == 2 {
            switch words[1] {
            case "meet": slice = false
            case "slice": slice = true
            default: return nil
            }
        }
        if alignWord == "none" { return SVGAspectRatio(alignment: .none, slice: slice) }
        let table: [String: Double] = ["Min": 0, "Mid": 0.5, "Max": 1]
        guard alignWord.count == 8, alignWord.hasPrefix("x") else { return nil }
        let chars = Array(alignWord)
        let xPart = String(chars[1..<4]), yLetter = chars[4], yPart = String(chars[5..<8])
        guard yLetter == "Y", let ax = table[xPart], let ay = table[yPart] else { return nil }
        return SVGAspectRatio(alignment: .align(x: ax, y: ay), slice: slice)
    }

    // MARK: Warnings

    private mutating func warn(_ element: SVGElement, _ message: String) {
        warnings.append(SVGWarning(line: element.line, element: element.name, message: message))
    }

    /// One warning per element name (and topic), however often it occurs.
    private mutating func warnOnce(_ element: SVGElement, _ message: String, key: String? = nil) {
        let k = element.name + "\u{1F}" + (key ?? "")
        guard !warnedElements.contains(k) else { return }
        warnedElements.insert(k)
        warn(element, message)
    }
}
