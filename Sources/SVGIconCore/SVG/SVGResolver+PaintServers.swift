/// Gradients (and, in SVGResolver+Patterns.swift, patterns): `url(#id)` paints resolved with `href` inheritance of attributes and stops.
extension SVGResolver {
    mutating func resolvePaint(_ value: PaintValue, for index: Int, property: String, style: SVGStyle) -> SVGPaint? {
        guard case .reference(let id, let fallback) = value else {
            if value == .contextFill || value == .contextStroke { return contextPaint(value == .contextFill) }
            return style.resolve(value)
        }
        let fallbackPaint = style.resolve(fallbackValue(fallback))
        guard let target = tree.node(id: id) else {
            if fallback == nil {
                warnOnce(index, "\(property)=\"url(#\(id))\" names no element; not painted", key: "missing-paint")
            }
            return fallbackPaint
        }
        let name = tree.nodes[target].name
        switch name {
        case "linearGradient", "radialGradient":
            return gradient(target, style: style) ?? nil
        case "pattern":
            return patternPaint(target, for: index, property: property, id: id, fallback: fallbackPaint)  // SVGResolver+Patterns.swift
        default:
            warnOnce(index, "\(property)=\"url(#\(id))\" names a <\(name)>, not a paint server; not painted",
                     key: "bad-paint")
            return fallbackPaint
        }
    }

    /// SVG ignores a paint server in bounding-box units on a shape whose box has no width or no height (a
    /// horizontal line, say): `fill="url(#g) red"` then paints its fallback colour, as resvg does. Without
    /// a fallback `paint` is kept, and the bounding-box pass makes it paint nothing.
    func boxFallback(_ paint: SVGPaint, value: PaintValue, path: SVGPath, style: SVGStyle) -> SVGPaint {
        guard case .reference(_, let fallback?) = value, fallback != .none else { return paint }
        switch paint {
        case .linearGradient(let g) where g.units == .objectBoundingBox: break
        case .radialGradient(let g) where g.units == .objectBoundingBox: break
        case .pattern(let p) where p.units == .objectBoundingBox || p.contentUnits == .objectBoundingBox: break
        default: return paint
        }
        guard !path.points.isEmpty, !BoundingBoxUnits.hasUsableBox(path) else { return paint }
        return style.resolve(fallbackValue(fallback)) ?? paint
    }

    private func fallbackValue(_ fallback: PaintValue.FallbackPaint?) -> PaintValue {
        switch fallback {
        case nil, .none?: return .none
        case .currentColor?: return .currentColor
        case .color(let c)?: return .color(c)
        }
    }

    /// The `href` chain of a paint server (gradients and patterns inherit attributes and content along it):
    /// `start` first, then each element its `href` names while that is one of `names`; a loop ends it, with
    /// a warning on `start` ("<kind> href chain loops back…"), and so do 64 links.
    mutating func hrefChain(from start: Int, kind: String, names: [String]) -> [Int] {
        var chain: [Int] = []
        var current: Int? = start
        while let c = current, !chain.contains(c), chain.count < 64 {
            let node = tree.nodes[c]
            guard node.isSVG, names.contains(node.name) else { break }
            chain.append(c)
            current = (node.attribute("href") ?? node.attribute("xlink:href")).flatMap {
                $0.hasPrefix("#") ? tree.node(id: String($0.dropFirst())) : nil
            }
            if let next = current, chain.contains(next) {
                warnOnce(start, "\(kind) href chain loops back to itself; the loop is ignored", key: "\(kind)-cycle")
            }
        }
        return chain
    }

    /// Attribute `name` of the first element of `chain` that has it, with that element.
    func chainAttribute(_ name: String, in chain: [Int]) -> (value: String, node: Int)? {
        for n in chain { if let v = tree.nodes[n].attribute(name) { return (v, n) } }
        return nil
    }

    /// The gradient at `index` as a paint; `.some(nil)` when it paints nothing (no stops).
    private mutating func gradient(_ index: Int, style: SVGStyle) -> SVGPaint?? {
        let chain = hrefChain(from: index, kind: "gradient", names: ["linearGradient", "radialGradient"])
        func attribute(_ name: String) -> (value: String, node: Int)? { chainAttribute(name, in: chain) }
        let units: SVGUnits = attribute("gradientUnits")?.value == "userSpaceOnUse" ? .userSpaceOnUse : .objectBoundingBox
        let spread = attribute("spreadMethod").flatMap { SVGSpreadMethod(rawValue: $0.value) } ?? .pad
        var gradientTransform = SVGTransform.identity
        if let t = attribute("gradientTransform") {
            gradientTransform = transformAttribute(t.node, name: "gradientTransform")
        }
        // Stops come from the first element of the chain that has any.
        var stops: [SVGGradientStop] = []
        for n in chain {
            var stopNodes = tree.children(of: n).filter { tree.nodes[$0].isSVG && tree.nodes[$0].name == "stop" }
            if stopNodes.isEmpty { continue }
            if stopNodes.count > SVGResolver.maxGradientStops {
                warnOnce(n, "has \(stopNodes.count) stops; only the first \(SVGResolver.maxGradientStops) are used", key: "stops")
                stopNodes.removeSubrange(SVGResolver.maxGradientStops...)
            }
            var last = 0.0
            for s in stopNodes {
                var stop = self.stop(s)
                stop.offset = max(last, stop.offset)
                last = stop.offset
                stops.append(stop)
            }
            break
        }
        guard let first = stops.first else { return .some(nil) }
        if stops.count == 1 {
            let c = first.color ?? style.color
            guard let color = c else {
                return .some(first.opacity < 1 ? nil : .tint)  // currentColor stop: the tint (opacity not kept)
            }
            return .some(.color(SVGColor(red: color.red, green: color.green, blue: color.blue,
                                         alpha: color.alpha * first.opacity)))
        }
        func coordinate(_ name: String, _ axis: Axis, default def: Double) -> Double {
            guard let raw = attribute(name)?.value, let l = SVGLength.parse(raw), l.value.isFinite else { return def }
            if units == .objectBoundingBox {
                return l.unit == .percent ? l.value / 100 : l.pixels(percentBase: 1)
            }
            return l.pixels(percentBase: percentBase(axis), fontSize: fontSize)
        }
        let isUser = units == .userSpaceOnUse
        if !isUser { madeBoundingBoxUnits = true }
        if tree.nodes[index].name == "linearGradient" {
            return .some(.linearGradient(SVGLinearGradient(
                x1: coordinate("x1", .x, default: 0), y1: coordinate("y1", .y, default: 0),
                x2: coordinate("x2", .x, default: isUser ? percentBase(.x) : 1), y2: coordinate("y2", .y, default: 0),
                units: units, transform: gradientTransform, spread: spread, stops: stops)))
        }
        let half = 0.5
        let cx = coordinate("cx", .x, default: isUser ? percentBase(.x) * half : half)
        let cy = coordinate("cy", .y, default: isUser ? percentBase(.y) * half : half)
        let r = coordinate("r", .diagonal, default: isUser ? percentBase(.diagonal) * half : half)
        let fx = attribute("fx") != nil ? coordinate("fx", .x, default: cx) : cx
        let fy = attribute("fy") != nil ? coordinate("fy", .y, default: cy) : cy
        let fr = max(0, coordinate("fr", .diagonal, default: 0))
        guard r > 0 else {
            // A zero radius paints the last stop's colour (SVG 1.1). SVG 2 calls a negative one an error;
            // Chromium 156 and resvg paint it as zero (measured with Scripts/compare-chromium), and so does svgicon.
            guard let last = stops.last else { return .some(nil) }
            return .some(last.color.map { .color(SVGColor(red: $0.red, green: $0.green, blue: $0.blue,
                                                          alpha: $0.alpha * last.opacity)) } ?? .tint)
        }
        return .some(.radialGradient(SVGRadialGradient(cx: cx, cy: cy, r: r, fx: fx, fy: fy, fr: fr, units: units,
                                                       transform: gradientTransform, spread: spread, stops: stops)))
    }

    /// A `stop`: offset (number or percent, clamped to 0…1), stop-color and stop-opacity from its own
    /// cascade; `currentColor` uses the `color` in effect where the stop is written.
    private mutating func stop(_ index: Int) -> SVGGradientStop {
        var offset = 0.0
        if let raw = tree.nodes[index].attribute("offset"), let l = SVGLength.parse(raw), l.value.isFinite {
            offset = l.unit == .percent ? l.value / 100 : l.value
        }
        offset = min(1, max(0, offset))
        var color: SVGColor? = .black
        var opacity = 1.0
        if let raw = nonInheritedValue("stop-color", of: index) {
            let value = raw.trimmingCSSWhitespace
            if cssKeyword(String(value)) == "currentcolor" {
                color = documentStyle(of: index).color
            } else if let c = SVGColor(css: value) {
                color = c
            }
        }
        if let raw = nonInheritedValue("stop-opacity", of: index) {
            var scanner = NumberScanner(raw.trimmingCSSWhitespace)
            if let n = scanner.number() {
                let percent = scanner.peek == UInt8(ascii: "%")
                opacity = min(1, max(0, percent ? n / 100 : n))
            }
        }
        return SVGGradientStop(offset: offset, color: color, opacity: opacity)
    }
}
