/// Patterns: `url(#pattern)` paints resolved into `SVGPattern`, with `href` inheritance of attributes and
/// content (Docs/model.md, "Patterns").
extension SVGResolver {
    /// The pattern at `target` as a paint for the element `index`; nil when it paints nothing (a tile without
    /// width or height, no content, or a pattern used inside its own content).
    ///
    /// A pattern with a tile of no width or height, or with no content, takes the fallback paint, as resvg
    /// does (with a warning); a pattern used inside its own content paints nothing there.
    mutating func patternPaint(_ target: Int, for index: Int, property: String, id: String,
                               fallback: SVGPaint?) -> SVGPaint? {
        let chain = hrefChain(from: target, kind: "pattern", names: ["pattern"])
        func attribute(_ name: String) -> (value: String, node: Int)? { chainAttribute(name, in: chain) }
        let units: SVGUnits = attribute("patternUnits").map { trimmedCSSValue($0.value) } == "userSpaceOnUse"
            ? .userSpaceOnUse : .objectBoundingBox
        let contentUnits: SVGUnits = attribute("patternContentUnits").map { trimmedCSSValue($0.value) } == "objectBoundingBox"
            ? .objectBoundingBox : .userSpaceOnUse
        var transform = SVGTransform.identity
        if let t = attribute("patternTransform") {
            // patternTransform is the pattern's `transform` (SVG 2), turned about the pattern's transform-origin.
            transform = withTransformOrigin(transformAttribute(t.node, name: "patternTransform"), of: target)
        }
        func coordinate(_ name: String, _ axis: Axis) -> Double {
            guard let (raw, node) = attribute(name) else { return 0 }
            guard let l = SVGLength.parse(raw), l.value.isFinite else {
                warnOnce(node, "ignoring invalid \(name)=\"\(raw)\"", key: "pattern-" + name)
                return 0
            }
            if units == .objectBoundingBox { return l.unit == .percent ? l.value / 100 : l.pixels(percentBase: 1) }
            return l.pixels(percentBase: percentBase(axis), fontSize: fontSize)
        }
        let x = coordinate("x", .x), y = coordinate("y", .y)
        let width = coordinate("width", .x), height = coordinate("height", .y)
        guard width > 0, height > 0 else {
            // SVG: zero disables the paint, a negative size is an error; both paint nothing.
            warnOnce(index, "\(property)=\"url(#\(id))\": the pattern's tile has no width or height; \(fallback == nil ? "not painted" : "painted with the fallback")",
                     key: "pattern-size")
            return fallback
        }
        var viewBox: SVGViewBox? = nil
        if let (raw, node) = attribute("viewBox") {
            viewBox = SVGResolver.parseViewBox(raw)
            if viewBox == nil { warnOnce(node, "ignoring invalid viewBox \"\(raw)\"", key: "viewBox") }
        }
        let aspect = attribute("preserveAspectRatio").flatMap { SVGResolver.parseAspectRatio($0.value) } ?? .default
        // The content comes from the first pattern of the chain that has element children.
        guard let contentNode = chain.first(where: { n in tree.children(of: n).contains { tree.nodes[$0].isSVG } }) else {
            warnOnce(index, "\(property)=\"url(#\(id))\": the pattern has no content; \(fallback == nil ? "not painted" : "painted with the fallback")",
                     key: "pattern-empty")
            return fallback
        }
        if activeReferences.contains(target) || chain.contains(where: { activeReferences.contains($0) }) {
            warnOnce(index, "\(property)=\"url(#\(id))\" is used inside its own pattern; not painted there",
                     key: "pattern-self")
            return nil
        }
        guard activeReferences.count < SVGResolver.maxReferenceDepth else {
            warnOnce(index, "markers, patterns, clip paths and masks refer to each other more than \(SVGResolver.maxReferenceDepth) deep; the deeper links are ignored",
                     key: "pattern-depth")
            return nil
        }
        guard activePatterns < SVGIconRenderer.maxPatternDepth else {
            warnOnce(index, "\(property)=\"url(#\(id))\": patterns are used inside patterns more than \(SVGIconRenderer.maxPatternDepth) deep; \(fallback == nil ? "not painted" : "painted with the fallback")",
                     key: "pattern-nesting")
            return fallback
        }
        activePatterns += 1
        defer { activePatterns -= 1 }
        activeReferences.insert(target)
        let saved = (viewportWidth, viewportHeight, clipMode)
        if let viewBox {
            viewportWidth = viewBox.width
            viewportHeight = viewBox.height
        }
        clipMode = false
        let layers = children(of: contentNode, style: documentStyle(of: contentNode))
        (viewportWidth, viewportHeight, clipMode) = saved
        activeReferences.remove(target)
        guard !layers.isEmpty else { return nil }
        let pattern = SVGPattern(layers: layers, units: units, contentUnits: contentUnits, x: x, y: y,
                                 width: width, height: height, viewBox: viewBox, aspectRatio: aspect,
                                 transform: transform)
        if units == .objectBoundingBox || (contentUnits == .objectBoundingBox && viewBox == nil) {
            madeBoundingBoxUnits = true  // resolved against the shape's box at the end
            return .pattern(pattern)
        }
        // In user space already: the viewBox is folded in now.
        guard let resolved = pattern.inUserSpace(box: nil) else { return nil }
        return .pattern(resolved)
    }
}
