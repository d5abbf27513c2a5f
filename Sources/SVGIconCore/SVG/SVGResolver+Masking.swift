/// `clip-path`, `mask` and `filter` references on an element.
extension SVGResolver {
    /// Attaches the element's clip path and mask to `layer`. Returns false when the element must not be
    /// drawn at all (a reference that names nothing usable, or a cycle), as resvg does.
    @inline(never)
    mutating func applyMasking(to layer: inout SVGIconLayer, node index: Int) -> Bool {
        // Most elements have none of the three and no style that could set one: nothing to look up.
        if tree.hasNoMasking(index) { return true }
        switch referenced("clip-path", of: index, element: "clipPath", key: "bad-clip", build: { $0.clipPath($1) }) {
        case .unset, .missing: break
        case .undrawable: return false
        case .built(let clip): layer.clipPath = clip
        }
        switch referenced("mask", of: index, element: "mask", key: "bad-mask", build: { $0.mask($1) }) {
        case .unset: break
        case .undrawable, .missing: return false
        case .built(let mask): layer.mask = mask
        }
        if let value = nonInheritedValue("filter", of: index) {
            _ = LayerBounds.noteBoxes(of: &layer, steps: &boxSteps)  // the filter measures it
            guard let filters = resolveFilterProperty(value, node: index, layer: layer) else { return false }
            layer.filter = filters
        } else if layer.clipPath?.units == .objectBoundingBox || layer.mask.map(SVGResolver.usesBox) == true {
            _ = LayerBounds.noteBoxes(of: &layer, steps: &boxSteps)  // the bounding-box pass measures it
        }
        return true
    }

    /// Whether a mask's region or content is in bounding-box units (of the masked element's box).
    private static func usesBox(_ mask: SVGMask) -> Bool {
        mask.units == .objectBoundingBox || mask.contentUnits == .objectBoundingBox
    }

    /// What a reference property such as `clip-path="url(#c)"` comes to.
    private enum Referenced<Value> {
        /// The property is unset, `none`, or not a `url(#id)`: nothing applies.
        case unset
        /// The element named gives nothing usable (a cycle, …): the element carrying the property is not
        /// drawn, as resvg does.
        case undrawable
        /// The url names no element of the right kind (warned): a clip path is then ignored (CSS Masking 1:
        /// "as if it hadn't been specified"), a mask hides the element (a transparent black mask layer).
        case missing
        case built(Value)
    }

    /// Follows `property="url(#id)"` on node `index` to an SVG `<element>` and builds it with `build`.
    private mutating func referenced<Value>(_ property: String, of index: Int, element: String, key: String,
                                            build: (inout SVGResolver, Int) -> Value?) -> Referenced<Value> {
        guard let value = nonInheritedValue(property, of: index), let id = SVGResolver.urlReference(value) else { return .unset }
        guard let target = tree.node(id: id), tree.nodes[target].isSVG, tree.nodes[target].name == element else {
            let effect = element == "clipPath" ? "drawn without it" : "the element is not drawn"
            warnOnce(index, "\(property)=\"\(value)\" names no <\(element)>; \(effect)", key: key)
            return .missing
        }
        if activeReferences.contains(target) {
            // Content of a clip path or mask that uses that clip path or mask again: the loop is dropped, as
            // resvg does, and the content drawn without it.
            warnOnce(index, "\(property)=\"\(value)\" refers back to the <\(element)> it is in (a cycle); that link is ignored",
                     key: key + "-cycle")
            return .unset
        }
        return build(&self, target).map(Referenced.built) ?? .undrawable
    }

    /// How long a chain of clip paths and masks on clip paths and masks may be (the renderer composites no
    /// deeper than `SVGIconRenderer.maxOffscreenDepth` anyway); bounds the resolver's recursion.
    package static let maxReferenceDepth = 16

    /// Marks a clip path or mask as being resolved; false, with a warning, when it already is (it is used
    /// inside itself, a cycle). The caller removes it from `activeReferences` when done.
    private mutating func enterReference(_ index: Int, _ what: String) -> Bool {
        guard !activeReferences.contains(index) else {
            warn(index, "\(what) is used inside itself (a cycle); the element using it is not drawn")
            return false
        }
        activeReferences.insert(index)
        return true
    }

    /// `url(#id)` → "id"; nil for `none` and anything else. CSS whitespace around the whole and around the
    /// (optionally quoted) reference is ignored. Read as UTF-8 bytes: every delimiter is ASCII, and no byte
    /// of a longer UTF-8 sequence equals an ASCII one.
    static func urlReference(_ value: String) -> String? {
        ByteCursor.withBytes(of: value) { u -> String? in
            let isSpace = ByteCursor.isWhitespace
            var lo = 0, hi = u.count
            while lo < hi, isSpace(u[lo]) { lo += 1 }
            while lo < hi, isSpace(u[hi - 1]) { hi -= 1 }
            // "url(" in any ASCII case.
            guard hi - lo >= 4, u[lo] | 0x20 == UInt8(ascii: "u"), u[lo + 1] | 0x20 == UInt8(ascii: "r"),
                  u[lo + 2] | 0x20 == UInt8(ascii: "l"), u[lo + 3] == UInt8(ascii: "(") else { return nil }
            var close = lo + 4
            while close < hi, u[close] != UInt8(ascii: ")") { close += 1 }
            guard close < hi else { return nil }
            var a = lo + 4, b = close
            while a < b, isSpace(u[a]) { a += 1 }
            while a < b, isSpace(u[b - 1]) { b -= 1 }
            if b - a >= 2, u[a] == UInt8(ascii: "\"") || u[a] == UInt8(ascii: "'"), u[b - 1] == u[a] {
                a += 1
                b -= 1
            }
            guard a < b, u[a] == UInt8(ascii: "#") else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: u[(a + 1)..<b]), as: UTF8.self)
        }
    }

    /// A `clipPath` element: its shape children (and `use` of shapes), in its own units and transform.
    /// nil when it loops back to itself.
    private mutating func clipPath(_ index: Int) -> SVGClipPath? {
        guard enterReference(index, "clip path") else { return nil }
        defer { activeReferences.remove(index) }
        let node = tree.nodes[index]
        let units: SVGUnits = node.attribute("clipPathUnits") == "objectBoundingBox" ? .objectBoundingBox : .userSpaceOnUse
        let style = documentStyle(of: index)
        var layers: [SVGIconLayer] = []
        for child in tree.children(of: index) {
            let c = tree.nodes[child]
            guard c.isSVG else { continue }
            switch c.name {
            case "use" where !usesShape(child):
                continue  // a use in a clip path must name a shape directly (SVG 2 §14.3.5)
            case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "use":
                // Clip content is geometry only: shapes become plain fills with their clip rule.
                let saved = clipMode
                clipMode = true
                defer { clipMode = saved }
                guard var layer = resolveNode(child, parentStyle: style) else { continue }
                layer.opacity = 1
                layers.append(layer)
            case "text":
                warnOnce(child, "<text> in a clip path is not supported; ignored", key: "clip-text")
            default:
                continue  // groups and other elements are not valid clip path content
            }
        }
        if units == .objectBoundingBox { madeBoundingBoxUnits = true }
        var clip = SVGClipPath(layers: layers, units: units, transform: transformAttribute(index))
        if let value = nonInheritedValue("clip-path", of: index), let id = SVGResolver.urlReference(value) {
            guard let target = tree.node(id: id), tree.nodes[target].name == "clipPath" else {
                warnOnce(index, "clip-path=\"\(value)\" names no <clipPath>; drawn without it", key: "bad-clip")
                return clip
            }
            if activeReferences.contains(target) {
                // A clip path clipped by itself (directly or through others): the loop is dropped, as
                // resvg does, and the clip path still applies.
                warn(index, "clip-path=\"\(value)\" on a clipPath refers back to itself (a cycle); that link is ignored")
            } else if activeReferences.count >= SVGResolver.maxReferenceDepth {
                warnOnce(index, "clip paths and masks refer to each other more than \(SVGResolver.maxReferenceDepth) deep; the deeper links are ignored",
                         key: "reference-depth")
            } else {
                guard let outer = clipPath(target) else { return nil }
                clip.clipPath = outer
            }
        }
        return clip
    }

    /// Whether the `use` at `index` names a basic shape or path (what it may name inside a clip path), or an
    /// image (ignored there later, with its own warning).
    private func usesShape(_ index: Int) -> Bool {
        let node = tree.nodes[index]
        guard let href = node.attribute("href") ?? node.attribute("xlink:href"), href.hasPrefix("#"),
              let target = tree.node(id: String(href.dropFirst())), tree.nodes[target].isSVG else { return false }
        switch tree.nodes[target].name {
        case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "image": return true
        default: return false
        }
    }

    /// A `mask` element: region, units and its content rendered as drawn.
    private mutating func mask(_ index: Int) -> SVGMask? {
        guard enterReference(index, "mask") else { return nil }
        defer { activeReferences.remove(index) }
        let node = tree.nodes[index]
        let units: SVGUnits = node.attribute("maskUnits") == "userSpaceOnUse" ? .userSpaceOnUse : .objectBoundingBox
        let contentUnits: SVGUnits = node.attribute("maskContentUnits") == "objectBoundingBox" ? .objectBoundingBox : .userSpaceOnUse
        func region(_ name: String, _ axis: Axis, _ def: Double) -> Double {
            guard let raw = node.attribute(name), let l = SVGLength.parse(raw), l.value.isFinite else {
                return units == .objectBoundingBox ? def : def * percentBase(axis)
            }
            if units == .objectBoundingBox { return l.unit == .percent ? l.value / 100 : l.value }
            return l.pixels(percentBase: percentBase(axis), fontSize: fontSize)
        }
        let style = documentStyle(of: index)
        let layers = children(of: index, style: style)
        let maskType = nonInheritedValue("mask-type", of: index).map(cssKeyword)
        if units == .objectBoundingBox || contentUnits == .objectBoundingBox { madeBoundingBoxUnits = true }
        var result = SVGMask(layers: layers, units: units, x: region("x", .x, -0.1), y: region("y", .y, -0.1),
                             width: region("width", .x, 1.2), height: region("height", .y, 1.2),
                             contentUnits: contentUnits, usesAlpha: maskType == "alpha")
        if let value = nonInheritedValue("mask", of: index), let id = SVGResolver.urlReference(value) {
            guard activeReferences.count < SVGResolver.maxReferenceDepth else {
                warnOnce(index, "clip paths and masks refer to each other more than \(SVGResolver.maxReferenceDepth) deep; the deeper links are ignored",
                         key: "reference-depth")
                return result
            }
            guard let target = tree.node(id: id), tree.nodes[target].name == "mask" else { return nil }
            if activeReferences.contains(target) {
                // A mask masked by itself (directly or through others): the loop is dropped, as for clip paths.
                warn(index, "mask=\"\(value)\" on a mask refers back to itself (a cycle); that link is ignored")
                return result
            }
            guard let inner = mask(target) else { return nil }
            result.mask = inner
        }
        return result
    }
}
