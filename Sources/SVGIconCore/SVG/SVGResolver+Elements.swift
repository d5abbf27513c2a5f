// The SVG resolver, part: Elements: one node of the document tree becomes a layer — shapes, groups, use and symbol,
// nested viewports, switch.
// (SVGResolver.swift holds the resolver's state and entry points.)

extension SVGResolver {
    mutating func resolveNode(_ index: Int, parentStyle: SVGStyle) -> SVGIconLayer? {
        // The node's fields are read in place: a copy of the node would retain and release all of them.
        guard tree.nodes[index].isSVG else { return nil }  // foreign namespaces (editor metadata) are ignored
        let name = tree.nodes[index].name
        let kind = tree.nodes[index].kind
        switch kind {
        case .definition:
            return nil
        case .g, .a, .switch, .use, .svg, .path, .rect, .circle, .ellipse, .line, .polyline, .polygon:
            break
        case .other:
            // text, foreignObject and anything unknown; images are drawn (SVGResolver+Image).
            guard name == "image" else {
                warnOnce(index, "not supported; skipped")
                return nil
            }
        }
        if limitError == nil, tree.cascadeWork > SVGLimits.cascadeWork {
            limitError = .styleSheetTooCostly(rules: tree.styleSheet.rules.count, elements: tree.nodes.count)
        }
        guard budget > 0, limitError == nil else {
            if limitError == nil { limitError = .tooManyExpandedElements(limit: SVGLimits.elements) }
            return nil
        }
        budget -= 1
        guard nesting < SVGLimits.depth else {
            warnOnce(index, "nested more than \(SVGLimits.depth) levels deep once use references are expanded; skipped",
                     key: "nesting")
            return nil
        }
        // Conditional processing attributes that evaluate to false keep an element and its descendants from
        // being rendered, inside a switch or not (SVG 2 §5.8.2; Chromium 156 and resvg measured alike).
        guard passesConditions(index) else { return nil }
        nesting += 1
        defer { nesting -= 1 }
        var style = parentStyle.inherited()
        applyDeclarations(of: index, to: &style, inheritingFrom: parentStyle)
        if style.displayNone { return nil }
        let savedFontSize = fontSize
        fontSize = style.fontSize
        defer { fontSize = savedFontSize }
        let transform = transformAttribute(index, objectBoxLater: true)
        var useOffset = SVGTransform.identity
        var layer: SVGIconLayer
        switch kind {
        case .g, .a:
            let layers = children(of: index, style: style)
            if layers.isEmpty && !filtersWithoutContent(index) { return nil }
            layer = SVGIconLayer(content: .group(layers), transform: transform, opacity: style.opacity, elementName: name)
        case .switch:
            guard let chosen = tree.children(of: index).first(where: { isSwitchCandidate($0) && passesConditions($0) }),
                  let child = resolveNode(chosen, parentStyle: style) else { return nil }
            layer = SVGIconLayer(content: .group([child]), transform: transform, opacity: style.opacity, elementName: name)
        case .use:
            // x/y are a translation appended to the use's transform (SVG 2 §5.6): its clip path and mask
            // are in the moved space.
            guard let used = resolveUse(index, style: style) else { return nil }
            useOffset = used.offset
            layer = SVGIconLayer(content: .group([used.layer]), transform: transform.concatenating(used.offset),
                                 opacity: style.opacity, elementName: name)
        case .svg:
            guard let inner = resolveNestedViewport(index, style: style, width: nil, height: nil) else { return nil }
            layer = SVGIconLayer(content: .group([inner]), transform: transform, opacity: style.opacity, elementName: name)
        case .other:
            guard let content = resolveImage(index, style: style) else { return nil }
            layer = SVGIconLayer(content: content, transform: transform, opacity: style.opacity, elementName: name)
        default:
            if style.markers != 0 && !clipMode && SVGResolver.takesMarkers(kind) {
                // The shape and its markers, in one group (SVGResolver+Markers.swift).
                guard let marked = resolveMarkedShape(index, style: style, transform: transform, name: name) else { return nil }
                layer = marked
            } else {
                guard style.visible, let shape = resolveShape(index, style: style) else { return nil }
                layer = SVGIconLayer(content: .shape(shape), transform: transform, opacity: style.opacity, elementName: name)
            }
        }
        if !transform.isIdentity, let box = objectTransformBox(index) {
            applyObjectTransformBox(box, to: &layer, node: index, transform: transform, after: useOffset)
        }
        guard applyMasking(to: &layer, node: index) else { return nil }
        if style.blendMode != .normal || style.isolate {
            layer.blendMode = style.blendMode
            layer.isolated = style.isolate
        }
        return layer
    }

    /// SVG 2's conditional processing (§5.8), as resvg evaluates it: `requiredExtensions` names extensions
    /// svgicon has none of, so any value (even empty) fails; `requiredFeatures` was removed by SVG 2 and
    /// passes; `systemLanguage` passes when one of its comma-separated tags equals one of
    /// `Options.languages`, or starts with one followed by `-` (`en-US` for `en`), ignoring ASCII case as
    /// BCP 47 does (resvg compares case). An empty `systemLanguage` fails. An element without either
    /// attribute (`Node.hasConditionAttribute`, set while building) passes without its node being copied.
    @inline(never)
    func passesConditions(_ index: Int) -> Bool {
        guard tree.nodes[index].hasConditionAttribute else { return true }
        let node = tree.nodes[index]
        if node.attribute("requiredExtensions") != nil { return false }
        guard let languages = node.attribute("systemLanguage") else { return true }
        // Language tags are ASCII case-insensitive (BCP 47 §2.1.1): A–Z fold, as CSS keywords do.
        let wanted = options.languages.map(cssKeyword)
        return languages.split(separator: ",").contains { item in
            let tag = cssKeyword(String(item))
            return wanted.contains { tag == $0 || (tag.hasPrefix($0) && tag.dropFirst($0.count).first == "-") }
        }
    }

    /// Whether a child of a `switch` takes part in its choice: SVG 2 §5.8.2 renders "the first direct child
    /// element" whose conditions pass, so a gradient or other never-rendered element listed first is chosen
    /// and nothing is drawn (Chromium 156 and resvg measured alike); descriptive elements (`title`, `desc`,
    /// `metadata`) are passed over, as resvg does.
    func isSwitchCandidate(_ index: Int) -> Bool {
        let node = tree.nodes[index]
        guard node.isSVG else { return false }
        return !(node.kind == .definition && SVGResolver.descriptiveElements.contains(node.name))
    }

    /// The descriptive elements (SVG 2 §5.9), which a `switch` passes over.
    static let descriptiveElements: Set<String> = ["title", "desc", "metadata"]

    /// `use`: the referenced element, inheriting from the `use`, and the translation by x/y that moves it.
    mutating func resolveUse(_ index: Int, style: SVGStyle) -> (layer: SVGIconLayer, offset: SVGTransform)? {
        let node = tree.nodes[index]
        guard let href = node.attribute("href") ?? node.attribute("xlink:href") else {
            warn(index, "has no href; skipped")
            return nil
        }
        guard href.hasPrefix("#"), let target = tree.node(id: String(href.dropFirst())) else {
            warn(index, "href=\"\(href)\" does not name an element in this file; skipped")
            return nil
        }
        if activeUses.contains(target) || tree.isAncestor(target, of: index) {
            warn(index, "href=\"\(href)\" makes a reference cycle; skipped")
            return nil
        }
        guard activeUses.count < SVGLimits.useDepth else {
            warn(index, "use references nest deeper than \(SVGLimits.useDepth); skipped")
            return nil
        }
        activeUses.append(target)
        let savedContext = contextPaints
        contextPaints = .use(index, fill: style.fill, stroke: style.stroke, color: style.color, outer: savedContext,
                             patternDepth: activePatterns)
        defer {
            activeUses.removeLast()
            contextPaints = savedContext
        }
        let x = length(index, "x", axis: .x), y = length(index, "y", axis: .y)
        let offset = SVGTransform.translation(x, y)
        let targetNode = tree.nodes[target]
        var content: SVGIconLayer?
        if targetNode.isSVG && targetNode.name == "symbol" {
            content = resolveSymbol(target, use: index, style: style)
        } else if targetNode.isSVG && targetNode.name == "svg" {
            let w = optionalLength(index, "width", axis: .x), h = optionalLength(index, "height", axis: .y)
            var symbolStyle = style.inherited()
            applyDeclarations(of: target, to: &symbolStyle, inheritingFrom: style)
            if symbolStyle.displayNone { return nil }
            content = resolveNestedViewport(target, style: symbolStyle, width: w, height: h)
        } else {
            content = resolveNode(target, parentStyle: style)
        }
        guard let layer = content else { return nil }
        return (pendingUseGradients.isEmpty ? layer : carryingUseContext(index, offset: offset, into: layer), offset)
    }

    /// A `symbol` drawn by a `use`: its viewBox fitted into a viewport at the symbol's x, y (SVG 2) of the
    /// use's width × height (else the symbol's, else 100 %), clipped to it unless `overflow` is visible.
    mutating func resolveSymbol(_ symbol: Int, use: Int, style: SVGStyle) -> SVGIconLayer? {
        var symbolStyle = style.inherited()
        applyDeclarations(of: symbol, to: &symbolStyle, inheritingFrom: style)
        if symbolStyle.displayNone { return nil }
        let w = optionalLength(use, "width", axis: .x) ?? optionalLength(symbol, "width", axis: .x) ?? viewportWidth
        let h = optionalLength(use, "height", axis: .y) ?? optionalLength(symbol, "height", axis: .y) ?? viewportHeight
        guard w > 0, h > 0 else { return nil }
        let x = length(symbol, "x", axis: .x), y = length(symbol, "y", axis: .y)
        return viewportGroup(symbol, style: symbolStyle, x: x, y: y, width: w, height: h)
    }

    /// Whether a group without content is still drawn for its `filter`: a filter's primitives can paint
    /// without a source (feFlood, feImage, feTurbulence), and a filter region in userSpaceOnUse does not
    /// depend on the content (Filter Effects 1 §"Filter region"). The filter decides the rest: in
    /// objectBoundingBox units on the empty box it disables the element (`resolveFilterProperty`).
    private mutating func filtersWithoutContent(_ index: Int) -> Bool {
        guard !tree.hasNoMasking(index), let value = nonInheritedValue("filter", of: index) else { return false }
        return cssKeyword(value).contains("url(")  // function names ignore ASCII case: URL(#f)
    }

    /// A nested `svg`: its own viewport at x, y of width × height (default 100 %), with its viewBox. A
    /// negative width or height is invalid (SVG 2 §8.2), so it is `auto`: 100 %.
    mutating func resolveNestedViewport(_ index: Int, style: SVGStyle, width: Double?,
                                               height: Double?) -> SVGIconLayer? {
        let x = length(index, "x", axis: .x), y = length(index, "y", axis: .y)
        let w = width ?? optionalLength(index, "width", axis: .x).flatMap { $0 < 0 ? nil : $0 } ?? viewportWidth
        let h = height ?? optionalLength(index, "height", axis: .y).flatMap { $0 < 0 ? nil : $0 } ?? viewportHeight
        guard w > 0, h > 0 else { return nil }
        return viewportGroup(index, style: style, x: x, y: y, width: w, height: h)
    }

    /// Children of a `symbol` or nested `svg` mapped from its viewBox into (x, y, w, h), clipped there.
    /// (The work around the recursion is in separate functions so that each level of nesting keeps a
    /// small stack frame.)
    mutating func viewportGroup(_ index: Int, style: SVGStyle, x: Double, y: Double, width w: Double,
                                        height h: Double) -> SVGIconLayer? {
        let saved = (viewportWidth, viewportHeight)
        let inner = enterViewport(index, x: x, y: y, width: w, height: h)
        let layers = children(of: index, style: style)
        (viewportWidth, viewportHeight) = saved
        if layers.isEmpty { return nil }
        return SVGResolver.viewportLayer(layers, transform: inner, name: tree.nodes[index].name,
                                         clip: style.overflowVisible ? nil : (x, y, w, h))
    }

    /// Sets the percent bases for a viewport's content; returns its transform.
    @inline(never)
    mutating func enterViewport(_ index: Int, x: Double, y: Double, width w: Double, height h: Double) -> SVGTransform {
        let node = tree.nodes[index]
        var inner = SVGTransform.translation(x, y)
        if let raw = node.attribute("viewBox"), let vb = SVGResolver.parseViewBox(raw) {
            let aspect = node.attribute("preserveAspectRatio").flatMap(SVGResolver.parseAspectRatio) ?? .default
            inner = inner.concatenating(aspect.transform(viewBox: vb, viewportWidth: w, viewportHeight: h))
            viewportWidth = vb.width
            viewportHeight = vb.height
        } else {
            viewportWidth = w
            viewportHeight = h
        }
        return inner
    }

    @inline(never)
    static func viewportLayer(_ layers: [SVGIconLayer], transform: SVGTransform, name: String,
                                      clip: (x: Double, y: Double, width: Double, height: Double)?) -> SVGIconLayer {
        var group = SVGIconLayer(content: .group(layers), transform: transform, elementName: name)
        if let clip {
            let clipRect = ShapeGeometry.rect(x: clip.x, y: clip.y, width: clip.width, height: clip.height)
            let clipLayer = SVGIconLayer(shape: SVGShape(path: clipRect), elementName: "rect")
            group = SVGIconLayer(content: .group([group]), clipPath: SVGClipPath(layers: [clipLayer]))
        }
        return group
    }
}
