/// The result of resolving an SVG document: the icon and what was skipped or repaired on the way.
public struct SVGParseResult: Hashable, Sendable {
    /// The icon, meeting the guarantees of `Docs/model.md`.
    public var icon: SVGIconDefinition
    /// What was skipped or repaired, in document order; empty for a file drawn exactly as written.
    public var warnings: [SVGWarning]
    /// Files `<image>` elements read (nested SVG images included): the pixels depend on them too.
    public var imageFiles: [String] = []
    /// What the images cost against `SVGImageOptions.maxTotalPixels` (nested SVG images included).
    public var imageCost = 0
}

/// Turns an SVG element tree into an `SVGIconDefinition`, the way usvg does for resvg: applies the CSS
/// cascade (presentation attributes, `<style>` rules, `style` attributes, `!important`) with inheritance,
/// expands `use`/`symbol`/nested `svg`, resolves gradients, clip paths and masks, parses transforms, lengths
/// and path data, turns every basic shape into a path, and drops what cannot be drawn with a warning that
/// names it. Reference cycles are detected and reported, never followed. Last, bounding-box units are turned
/// into user space. What the result guarantees is written in `Docs/model.md`.
public struct SVGResolver {
    /// How a document is resolved (beyond what the file says); the defaults follow SVG.
    public struct Options: Hashable, Sendable {
        /// When true, `currentColor` takes the tint everywhere, even where the file sets `color` itself
        /// (KDE/Papirus `ColorScheme` classes do). Default false: the file's own `color` wins.
        public var tintOverridesColor: Bool
        /// How `<image>` elements are loaded (data URIs, files, limits); without a loader they are skipped.
        public var images: SVGImageOptions

        /// The user's languages for `systemLanguage` in `switch` (BCP 47 tags); default `["en"]`, as resvg's.
        public var languages: [String]

        /// Options; by default the file's own `color` wins over the tint, images are skipped until a
        /// loader is given (SVGIconKit's parser gives its own), and the language is English.
        public init(tintOverridesColor: Bool = false, images: SVGImageOptions = SVGImageOptions(),
                    languages: [String] = ["en"]) {
            self.tintOverridesColor = tintOverridesColor
            self.images = images
            self.languages = languages
        }
    }

    /// Read by the paint-server code (`SVGResolver+PaintServers.swift`); the limit is `SVGLimits.gradientStops`.
    static var maxGradientStops: Int { SVGLimits.gradientStops }

    var tree: DocumentTree
    let options: Options
    var warnings: [SVGWarning] = []
    private var warnedKeys: Set<String> = []
    /// Percent bases: the current viewport's width and height.
    var viewportWidth = 100.0
    var viewportHeight = 100.0
    /// Nodes on the current resolution path (cycle detection for `use`).
    private var activeUses: [Int] = []
    /// Clip paths, masks and gradients being resolved (cycle detection through `url(#…)`).
    var activeReferences: Set<Int> = []
    /// Elements still allowed (marker instances count too, `SVGResolver+Markers.swift`).
    var budget = SVGLimits.elements
    /// Path segments still allowed.
    private var segmentBudget = SVGLimits.pathSegments
    /// The `marker-start`/`-mid`/`-end` combinations styles refer to (`SVGStyle.markers`); 0 is none.
    var markerReferences: [MarkerReferences] = [MarkerReferences()]
    /// Marker instances placed so far (at most `SVGLimits.markerInstances`).
    var markerInstances = 0
    /// Patterns being resolved inside one another (at most `SVGIconRenderer.maxPatternDepth`).
    var activePatterns = 0
    /// What `context-fill` and `context-stroke` paint here: the marked shape's paints inside a marker, the
    /// `use`'s inside what it draws (SVGResolver+Markers.swift).
    var contextPaints: ContextPaints? = nil
    /// The computed `font-size` of the element being resolved: what `em` and `ex` lengths of its attributes
    /// are relative to.
    var fontSize = SVGLength.fontSize
    /// Current nesting depth of `resolveNode`.
    private var nesting = 0
    /// A document-wide limit that was passed: the document is refused.
    private var limitError: SVGResolveError?
    /// Warnings past `SVGLimits.warnings`, counted instead of kept.
    private var droppedWarnings = 0
    private var documentStyles: [Int: SVGStyle] = [:]
    /// Resolving the content of a clipPath: shapes are geometry with their clip rule, paints ignored.
    var clipMode = false
    /// Images decoded so far (per element) and what they cost (see `SVGResolver+Image`).
    var images = ImageState()
    /// A gradient, clip path or mask in `objectBoundingBox` units was made: the end of resolution turns them
    /// into user space. Without one, the definition is in user space as made.
    var madeBoundingBoxUnits = false

    /// Elements that draw nothing themselves and are skipped silently.
    static let definitionElements: Set<String> = [
        "title", "desc", "metadata", "defs", "style", "script",
        "linearGradient", "radialGradient", "pattern", "clipPath", "mask", "marker", "symbol", "filter",
        "font", "font-face", "cursor", "view", "animate", "animateTransform", "animateMotion", "set",
    ]

    /// Resolves a document whose root element is `root`.
    public static func resolve(_ root: SVGElement, options: Options = Options()) throws(SVGResolveError) -> SVGParseResult {
        try resolve(DocumentTree(root), options: options)
    }

    /// Resolves a document read into `tree` (the XML reader's path). The tree is consumed so that the
    /// resolver holds its only copy: the cascade writes to it as it goes, which would otherwise copy every
    /// node once.
    package static func resolve(_ tree: consuming DocumentTree,
                                options: Options = Options()) throws(SVGResolveError) -> SVGParseResult {
        guard let root = tree.root else { throw .notSVGRoot(name: "", line: 0) }
        guard root.name == "svg", root.isSVG else { throw .notSVGRoot(name: root.name, line: root.line) }
        if let error = tree.limitError { throw error }
        var resolver = SVGResolver(tree: tree, options: options)
        let icon = resolver.resolveRoot()
        if resolver.limitError == nil, resolver.tree.cascadeWork > SVGLimits.cascadeWork {
            resolver.limitError = .styleSheetTooCostly(rules: resolver.tree.styleSheet.rules.count,
                                                       elements: resolver.tree.nodes.count)
        }
        if let error = resolver.limitError { throw error }
        if resolver.droppedWarnings > 0 {
            resolver.warnings.append(SVGWarning(line: 0, element: "svg",
                                                message: "\(resolver.droppedWarnings) more warnings not shown"))
        }
        return SVGParseResult(icon: icon, warnings: resolver.warnings, imageFiles: resolver.images.files,
                              imageCost: resolver.images.cost)
    }

    private init(tree: consuming DocumentTree, options: Options) {
        self.tree = tree
        self.options = options
        self.tree.prepareStyleSheet()
    }

    private mutating func resolveRoot() -> SVGIconDefinition {
        let root = 0
        let node = tree.nodes[root]
        var viewBox: SVGViewBox? = nil
        if let vb = node.attribute("viewBox") {
            if let v = SVGResolver.parseViewBox(vb) {
                viewBox = v
            } else {
                warn(root, "ignoring invalid viewBox \"\(vb)\" (needs four numbers with a positive width and height)")
            }
        }
        func size(_ attr: String) -> Double? {
            guard let raw = node.attribute(attr), let l = SVGLength.parse(raw), l.unit != .percent else { return nil }
            let v = l.pixels(percentBase: 0)
            return v > 0 && v.isFinite ? v : nil
        }
        let intrinsicWidth = size("width"), intrinsicHeight = size("height")
        let box = viewBox ?? SVGViewBox(width: intrinsicWidth ?? 100, height: intrinsicHeight ?? 100)
        viewportWidth = box.width
        viewportHeight = box.height
        var aspect = SVGAspectRatio.default
        if let par = node.attribute("preserveAspectRatio") {
            if let parsed = SVGResolver.parseAspectRatio(par) {
                aspect = parsed
            } else {
                warn(root, "ignoring invalid preserveAspectRatio \"\(par)\"")
            }
        }
        if tree.styleSheet.isTruncated {
            warn(root, "the style sheets hold more than \(CSSStyleSheet.maxRules) rules or \(CSSStyleSheet.maxDeclarations) declarations; the rest is ignored")
        }
        for selector in tree.styleSheet.unsupportedSelectors.prefix(1) {
            warnOnce(root, "CSS selector \"\(selector)\" is not supported; its rules are ignored", key: "css-selector")
        }
        var style = SVGStyle()
        applyDeclarations(of: root, to: &style)
        fontSize = style.fontSize
        var layers: [SVGIconLayer] = []
        if !style.displayNone {
            layers = children(of: root, style: style)
        }
        // The root's own transform, opacity, clip path and mask apply to everything inside it.
        let transform = transformAttribute(root)
        var rootLayer = SVGIconLayer(content: .group(layers), transform: transform, opacity: style.opacity,
                                     elementName: "svg")
        if !applyMasking(to: &rootLayer, node: root) { layers = [] }
        else if style.opacity < 1 || !transform.isIdentity || rootLayer.clipPath != nil || rootLayer.mask != nil {
            layers = [rootLayer]
        }
        var icon = SVGIconDefinition(viewBox: box, aspectRatio: aspect, intrinsicWidth: intrinsicWidth,
                                     intrinsicHeight: intrinsicHeight, layers: layers)
        // Last, bounding-box units become user space (Docs/model.md): the renderer only draws.
        if madeBoundingBoxUnits {
            icon = icon.resolvingBoundingBoxUnits()
        } else {
            icon.layersAreInUserSpace = true
        }
        return icon
    }

    /// The layers of a container's children, in order.
    mutating func children(of index: Int, style: SVGStyle) -> [SVGIconLayer] {
        // Room for every child up front (layers are large: growing the array step by step copies them).
        var count = 0
        var child = tree.nodes[index].firstChild
        while let c = child {
            count += 1
            child = tree.nodes[c].nextSibling
        }
        var layers: [SVGIconLayer] = []
        layers.reserveCapacity(count)
        child = tree.nodes[index].firstChild
        while let c = child {
            if let layer = resolveNode(c, parentStyle: style) { layers.append(layer) }
            child = tree.nodes[c].nextSibling
        }
        return layers
    }

    // MARK: Elements

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
        nesting += 1
        defer { nesting -= 1 }
        var style = parentStyle.inherited()
        applyDeclarations(of: index, to: &style, inheritingFrom: parentStyle)
        if style.displayNone { return nil }
        let savedFontSize = fontSize
        fontSize = style.fontSize
        defer { fontSize = savedFontSize }
        let transform = transformAttribute(index)
        var layer: SVGIconLayer
        switch kind {
        case .g, .a:
            let layers = children(of: index, style: style)
            if layers.isEmpty { return nil }
            layer = SVGIconLayer(content: .group(layers), transform: transform, opacity: style.opacity, elementName: name)
        case .switch:
            guard let chosen = tree.children(of: index).first(where: { passesConditions($0) }),
                  let child = resolveNode(chosen, parentStyle: style) else { return nil }
            layer = SVGIconLayer(content: .group([child]), transform: transform, opacity: style.opacity, elementName: name)
        case .use:
            guard let used = resolveUse(index, style: style) else { return nil }
            layer = SVGIconLayer(content: .group([used]), transform: transform, opacity: style.opacity, elementName: name)
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
    /// BCP 47 does (resvg compares case). An empty `systemLanguage` fails.
    @inline(never)
    private func passesConditions(_ index: Int) -> Bool {
        let node = tree.nodes[index]
        guard node.isSVG, node.kind != .definition else { return false }
        if node.attribute("requiredExtensions") != nil { return false }
        guard let languages = node.attribute("systemLanguage") else { return true }
        let wanted = options.languages.map { $0.lowercased() }
        return languages.split(separator: ",").contains { item in
            let tag = item.trimmingCSSWhitespace.lowercased()
            return wanted.contains { tag == $0 || (tag.hasPrefix($0) && tag.dropFirst($0.count).first == "-") }
        }
    }

    /// `use`: the referenced element, inheriting from the `use`, moved by x/y.
    private mutating func resolveUse(_ index: Int, style: SVGStyle) -> SVGIconLayer? {
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
        contextPaints = .use(index, fill: style.fill, stroke: style.stroke, color: style.color)
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
            applyDeclarations(of: target, to: &symbolStyle)
            if symbolStyle.displayNone { return nil }
            content = resolveNestedViewport(target, style: symbolStyle, width: w, height: h)
        } else {
            content = resolveNode(target, parentStyle: style)
        }
        guard var layer = content else { return nil }
        layer.transform = offset.concatenating(layer.transform)
        return layer
    }

    /// A `symbol` drawn by a `use`: its viewBox fitted into the use's width × height (default 100 %),
    /// clipped to that viewport unless `overflow` is visible.
    private mutating func resolveSymbol(_ symbol: Int, use: Int, style: SVGStyle) -> SVGIconLayer? {
        var symbolStyle = style.inherited()
        applyDeclarations(of: symbol, to: &symbolStyle)
        if symbolStyle.displayNone { return nil }
        let w = optionalLength(use, "width", axis: .x) ?? optionalLength(symbol, "width", axis: .x) ?? viewportWidth
        let h = optionalLength(use, "height", axis: .y) ?? optionalLength(symbol, "height", axis: .y) ?? viewportHeight
        guard w > 0, h > 0 else { return nil }
        return viewportGroup(symbol, style: symbolStyle, x: 0, y: 0, width: w, height: h)
    }

    /// A nested `svg`: its own viewport at x, y of width × height (default 100 %), with its viewBox.
    private mutating func resolveNestedViewport(_ index: Int, style: SVGStyle, width: Double?,
                                               height: Double?) -> SVGIconLayer? {
        let x = length(index, "x", axis: .x), y = length(index, "y", axis: .y)
        let w = width ?? optionalLength(index, "width", axis: .x) ?? viewportWidth
        let h = height ?? optionalLength(index, "height", axis: .y) ?? viewportHeight
        guard w > 0, h > 0 else { return nil }
        return viewportGroup(index, style: style, x: x, y: y, width: w, height: h)
    }

    /// Children of a `symbol` or nested `svg` mapped from its viewBox into (x, y, w, h), clipped there.
    /// (The work around the recursion is in separate functions so that each level of nesting keeps a
    /// small stack frame.)
    private mutating func viewportGroup(_ index: Int, style: SVGStyle, x: Double, y: Double, width w: Double,
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
    private mutating func enterViewport(_ index: Int, x: Double, y: Double, width w: Double, height h: Double) -> SVGTransform {
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
    private static func viewportLayer(_ layers: [SVGIconLayer], transform: SVGTransform, name: String,
                                      clip: (x: Double, y: Double, width: Double, height: Double)?) -> SVGIconLayer {
        var group = SVGIconLayer(content: .group(layers), transform: transform, elementName: name)
        if let clip {
            let clipRect = ShapeGeometry.rect(x: clip.x, y: clip.y, width: clip.width, height: clip.height)
            let clipLayer = SVGIconLayer(shape: SVGShape(path: clipRect), elementName: "rect")
            group = SVGIconLayer(content: .group([group]), clipPath: SVGClipPath(layers: [clipLayer]))
        }
        return group
    }

    // MARK: Shapes

    @inline(never)
    private mutating func resolveShape(_ index: Int, style: SVGStyle) -> SVGShape? {
        guard let path = chargedShapePath(index) else { return nil }
        return paintedShape(index, path: path, style: style)
    }

    /// The element's geometry, counted against the path segment limit; nil when it is empty or past the limit.
    mutating func chargedShapePath(_ index: Int) -> SVGPath? {
        let path = shapePath(index)
        segmentBudget -= path.verbs.count
        if segmentBudget < 0 {
            if limitError == nil { limitError = .tooManyPathSegments(limit: SVGLimits.pathSegments) }
            return nil
        }
        return path.isEmpty ? nil : path
    }

    /// `path` with the element's fill and stroke; nil when it paints neither.
    mutating func paintedShape(_ index: Int, path: SVGPath, style: SVGStyle) -> SVGShape? {
        if clipMode {
            return SVGShape(path: path, fill: SVGFill(paint: .tint, rule: style.clipRule), stroke: nil)
        }
        var fill: SVGFill? = nil
        if tree.nodes[index].kind != .line, let paint = resolvePaint(style.fill, for: index, property: "fill", style: style) {
            fill = SVGFill(paint: paint, opacity: style.fillOpacity, rule: style.fillRule)
        }
        var stroke: SVGStroke? = nil
        if style.strokeWidth > 0, let paint = resolvePaint(style.stroke, for: index, property: "stroke", style: style) {
            var dashes = style.dashArray
            if !dashes.isEmpty, SVGResolver.dashCount(path, pattern: dashes) > Double(Dasher.maxDashes) {
                warn(index, "stroke-dasharray would cut the path into more than \(Dasher.maxDashes) dashes; drawn solid")
                dashes = []
            }
            stroke = SVGStroke(paint: paint, opacity: style.strokeOpacity,
                               style: StrokeStyle(width: style.strokeWidth, cap: style.lineCap, join: style.lineJoin,
                                                  miterLimit: style.miterLimit, dashes: dashes,
                                                  dashOffset: style.dashOffset),
                               nonScaling: style.nonScalingStroke)
        }
        if fill == nil && stroke == nil { return nil }
        var shape = SVGShape(path: path, fill: fill, stroke: stroke, strokeFirst: style.strokeFirst)
        shape.antialias = !style.crispEdges
        return shape
    }

    mutating func shapePath(_ index: Int) -> SVGPath {
        // By the kind classified from the name (the same cases as the name), reading the node in place.
        switch tree.nodes[index].kind {
        case .path:
            guard let d = tree.nodes[index].attribute("d") else { return SVGPath() }
            // One segment past the budget is enough to know the document is over it.
            let (path, error) = PathDataParser.parse(d, maxSegments: max(0, segmentBudget) + 1)
            if let error, path.verbs.count <= segmentBudget {
                warn(index, "\(error.description); drawing the part before it")
            }
            return path
        case .rect:
            // SVG 2: a negative radius is an error and computes to `auto` (the other radius, or 0).
            return ShapeGeometry.rect(x: length(index, "x", axis: .x), y: length(index, "y", axis: .y),
                                      width: length(index, "width", axis: .x), height: length(index, "height", axis: .y),
                                      rx: radius(index, "rx", axis: .x), ry: radius(index, "ry", axis: .y))
        case .circle:
            let r = length(index, "r", axis: .diagonal)
            return ShapeGeometry.ellipse(cx: length(index, "cx", axis: .x), cy: length(index, "cy", axis: .y), rx: r, ry: r)
        case .ellipse:
            var rx = radius(index, "rx", axis: .x), ry = radius(index, "ry", axis: .y)
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            return ShapeGeometry.ellipse(cx: length(index, "cx", axis: .x), cy: length(index, "cy", axis: .y),
                                         rx: rx ?? 0, ry: ry ?? 0)
        case .line:
            var path = SVGPath()
            path.move(to: SVGPoint(x: length(index, "x1", axis: .x), y: length(index, "y1", axis: .y)))
            path.line(to: SVGPoint(x: length(index, "x2", axis: .x), y: length(index, "y2", axis: .y)))
            return path
        case .polyline, .polygon:
            guard let raw = tree.nodes[index].attribute("points") else { return SVGPath() }
            let coordinates = SVGResolver.leadingNumbers(raw)
            if coordinates.count % 2 == 1 || NumberScanner.numberList(raw) == nil {
                warn(index, "points list is malformed; drawing the points before the error")
            }
            return ShapeGeometry.poly(coordinates, closed: tree.nodes[index].kind == .polygon)
        default:
            return SVGPath()
        }
    }

    /// How many dashes `pattern` (even count) cuts `path` into, at most: its control polygon is at least as
    /// long as the path.
    static func dashCount(_ path: SVGPath, pattern: [Double]) -> Double {
        let period = pattern.reduce(0, +)
        guard period > 0, period.isFinite else { return 0 }
        var length = 0.0
        path.forEachSegment { segment in
            switch segment {
            case .move: break
            case .line(let a, let b), .close(let a, let b): length += (b - a).length
            case .quad(let a, let b, let c): length += (b - a).length + (c - b).length
            case .cubic(let a, let b, let c, let d): length += (b - a).length + (c - b).length + (d - c).length
            }
        }
        return length / period * Double(pattern.count / 2)
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

    // MARK: Lengths and attributes

    enum Axis { case x, y, diagonal }

    func percentBase(_ axis: Axis) -> Double {
        switch axis {
        case .x: return viewportWidth
        case .y: return viewportHeight
        case .diagonal: return ((viewportWidth * viewportWidth + viewportHeight * viewportHeight) / 2).squareRoot()
        }
    }

    /// A length attribute in user units (0 when absent; invalid values warn and count as absent).
    @inline(never)
    mutating func length(_ index: Int, _ attribute: String, axis: Axis) -> Double {
        guard let raw = tree.nodes[index].attribute(attribute) else { return 0 }
        guard let l = SVGLength.parse(raw) else {
            warn(index, "ignoring invalid \(attribute)=\"\(raw)\"")
            return 0
        }
        return l.pixels(percentBase: percentBase(axis), fontSize: fontSize)
    }

    @inline(never)
    mutating func optionalLength(_ index: Int, _ attribute: String, axis: Axis) -> Double? {
        guard let raw = tree.nodes[index].attribute(attribute), trimmedCSSValue(raw) != "auto" else { return nil }
        guard let l = SVGLength.parse(raw) else {
            warn(index, "ignoring invalid \(attribute)=\"\(raw)\"")
            return nil
        }
        return l.pixels(percentBase: percentBase(axis), fontSize: fontSize)
    }

    /// `rx`/`ry`: nil for `auto`, absent, invalid or negative (SVG 2 makes a negative radius an error, and
    /// the property then takes its initial value, `auto`), with a warning for a negative one.
    mutating func radius(_ index: Int, _ attribute: String, axis: Axis) -> Double? {
        guard let r = optionalLength(index, attribute, axis: axis) else { return nil }
        if r < 0 {
            warn(index, "ignoring negative \(attribute)=\"\(tree.nodes[index].attribute(attribute) ?? "")\" (auto)")
            return nil
        }
        return r
    }

    @inline(never)
    mutating func transformAttribute(_ index: Int, name: String = "transform") -> SVGTransform {
        if name == "transform" && !tree.hasPlainDeclarations(index) {
            return withTransformOrigin(cascadedTransform(index), of: index)
        }
        // Most elements have no transform: the flag the node list set says so without a search.
        if name == "transform" && !tree.nodes[index].hasTransformAttribute { return .identity }
        guard let t = tree.nodes[index].attribute(name) else { return .identity }
        if let parsed = SVGResolver.parseTransform(t) {
            return name == "transform" ? withTransformOrigin(parsed, of: index) : parsed
        }
        warn(index, "ignoring malformed \(name) \"\(t)\"")
        return .identity
    }

    /// `transform` about its `transform-origin` (CSS Transforms 1, with SVG's `transform-box: view-box`):
    /// `translate(o) · transform · translate(−o)`, the origin's percentages (and keywords: `left`/`top` 0 %,
    /// `center` 50 %, `right`/`bottom` 100 %) taken of the nearest viewport, as resvg does.
    @inline(never)
    private mutating func withTransformOrigin(_ transform: SVGTransform, of index: Int) -> SVGTransform {
        guard !transform.isIdentity, let raw = tree.value("transform-origin", of: index) else { return transform }
        guard let (ox, oy) = transformOrigin(trimmedCSSValue(raw)) else {
            warn(index, "ignoring invalid transform-origin \"\(raw)\"")
            return transform
        }
        if ox == 0 && oy == 0 { return transform }
        return SVGTransform.translation(ox, oy).concatenating(transform).concatenating(.translation(-ox, -oy))
    }

    /// The origin in user units: one to three values (a third, z, must be a length and is ignored).
    func transformOrigin(_ text: String) -> (Double, Double)? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        guard (1...3).contains(words.count) else { return nil }
        enum Part { case x(Double), y(Double), center, length(SVGLength) }
        func part(_ w: String) -> Part? {
            switch w {
            case "left": return .x(0)
            case "right": return .x(1)
            case "top": return .y(0)
            case "bottom": return .y(1)
            case "center": return .center
            default: return SVGLength.parse(w).flatMap { $0.value.isFinite ? .length($0) : nil }
            }
        }
        func resolve(_ p: Part, _ axis: Axis) -> Double {
            switch p {
            case .x(let f), .y(let f): return f * percentBase(axis)
            case .center: return 0.5 * percentBase(axis)
            case .length(let l): return l.pixels(percentBase: percentBase(axis), fontSize: fontSize)
            }
        }
        guard let first = part(words[0]) else { return nil }
        if words.count == 3 {
            guard let z = SVGLength.parse(words[2]), z.unit != .percent else { return nil }
        }
        if words.count == 1 {
            if case .y = first { return (0.5 * percentBase(.x), resolve(first, .y)) }
            return (resolve(first, .x), 0.5 * percentBase(.y))
        }
        guard let second = part(words[1]) else { return nil }
        // Keywords may come in either order ("bottom right"); lengths are x then y.
        switch (first, second) {
        case (.y, .x), (.y, .center), (.center, .x):
            return (resolve(second, .x), resolve(first, .y))
        case (.x, .x), (.y, .y), (.length, .x), (.y, .length):
            return nil
        default:
            return (resolve(first, .x), resolve(second, .y))
        }
    }

    /// SVG's own transform list, else the CSS syntax (units, `translateX`, `skew`, `none`: SVG 2 makes
    /// `transform` a presentation attribute of the CSS property).
    static func parseTransform(_ text: String) -> SVGTransform? {
        TransformListParser.parse(text) ?? CSSTransformParser.parse(text)
    }

    /// `transform` as the cascade gives it: the attribute, then `<style>` rules and `style`, the last valid
    /// declaration winning (an invalid one is ignored with a warning, as CSS drops it).
    @inline(never)
    private mutating func cascadedTransform(_ index: Int) -> SVGTransform {
        var result = SVGTransform.identity
        for d in tree.declarations(of: index) where d.name == "transform" {
            let value = trimmedCSSValue(d.value)
            if let parsed = SVGResolver.parseTransform(value) { result = parsed }
            else { warn(index, "ignoring malformed transform \"\(value)\"") }
        }
        return result
    }

    /// Four numbers separated by whitespace and/or commas, and nothing else (as `NumberScanner.numberList`
    /// reads a list, without building an array for it), making a valid box.
    static func parseViewBox(_ text: String) -> SVGViewBox? {
        let box: SVGViewBox? = ByteCursor.withBytes(of: text) { bytes in
            var scanner = ByteCursor(bytes)
            var v = (0.0, 0.0, 0.0, 0.0)
            var count = 0
            scanner.skipWhitespace()
            while !scanner.isAtEnd {
                guard count < 4, let number = scanner.number() else { return nil }
                switch count {
                case 0: v.0 = number
                case 1: v.1 = number
                case 2: v.2 = number
                default: v.3 = number
                }
                count += 1
                scanner.skipCommaWhitespace()
            }
            return count == 4 ? SVGViewBox(x: v.0, y: v.1, width: v.2, height: v.3) : nil
        }
        guard let box, box.isValid else { return nil }
        return box
    }

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

    // MARK: Style

    /// The computed style of a node in its place in the document (for the content of clip paths, masks and
    /// gradient stops, which inherit from where they are defined, not from where they are used).
    mutating func documentStyle(of index: Int) -> SVGStyle {
        if let cached = documentStyles[index] { return cached }
        var style = tree.nodes[index].parent.map { documentStyle(of: $0).inherited() } ?? SVGStyle()
        applyDeclarations(of: index, to: &style)
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
        v == "miter" ? .miter : v == "round" ? .round : v == "bevel" ? .bevel : nil
    }

    /// Applies the cascaded declarations of `index` to `style` (inheriting from the style it had).
    @inline(never)
    mutating func applyDeclarations(of index: Int, to style: inout SVGStyle) {
        let parent = style
        applyDeclarations(of: index, to: &style, inheritingFrom: parent)
    }

    /// Applies the cascaded declarations of `index` to `style`, where `inherit` takes the value `parent`
    /// has. `style` must start with `parent`'s inherited properties (`parent.inherited()`, as in
    /// `resolveNode`): then no copy of the style is needed for `inherit` values, which only read inherited
    /// properties.
    mutating func applyDeclarations(of index: Int, to style: inout SVGStyle, inheritingFrom parent: SVGStyle) {
        // Most declarations are attributes that are not style properties (d, x, viewBox…): they are passed
        // over here, before a call.
        // A `font-size` after a stroke length of the same element changes what its `em` means: those
        // lengths are applied again once the loop is done (rare; nothing is kept for the usual case).
        var lengthBeforeFontSize = false, sawLength = false
        guard tree.hasPlainDeclarations(index) else {
            let declarations = tree.declarations(of: index)
            for d in declarations {
                guard let known = StyleProperty(name: d.name) else { continue }
                apply(known, property: d.name, value: d.value, to: &style, parent: parent, node: index)
                SVGResolver.noteFontSizeOrder(known, sawLength: &sawLength, lengthBeforeFontSize: &lengthBeforeFontSize)
            }
            if lengthBeforeFontSize {
                for d in declarations {
                    guard let known = StyleProperty(name: d.name), known.isStrokeLength else { continue }
                    apply(known, property: d.name, value: d.value, to: &style, parent: parent, node: index)
                }
            }
            return
        }
        tree.countAttributes(of: index)
        let attributes = tree.nodes[index].attributes
        for a in attributes {
            // `marker` is a shorthand property only: not a presentation attribute (SVG 2, as resvg reads it).
            guard let known = StyleProperty(name: a.name), !known.isCSSOnly else { continue }
            apply(known, property: a.name, value: a.value, to: &style, parent: parent, node: index)
            SVGResolver.noteFontSizeOrder(known, sawLength: &sawLength, lengthBeforeFontSize: &lengthBeforeFontSize)
        }
        if lengthBeforeFontSize {
            for a in attributes {
                guard let known = StyleProperty(name: a.name), known.isStrokeLength else { continue }
                apply(known, property: a.name, value: a.value, to: &style, parent: parent, node: index)
            }
        }
    }

    @inline(__always)
    private static func noteFontSizeOrder(_ known: StyleProperty, sawLength: inout Bool, lengthBeforeFontSize: inout Bool) {
        if known.isStrokeLength { sawLength = true } else if known == .fontSize && sawLength { lengthBeforeFontSize = true }
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
    static func fontSize(_ value: String, parent: Double) -> Double? {
        let keywords: [(String, Double)] = [("xx-small", 3.0 / 5), ("x-small", 3.0 / 4), ("small", 8.0 / 9), ("medium", 1),
                                            ("large", 6.0 / 5), ("x-large", 3.0 / 2), ("xx-large", 2), ("xxx-large", 3)]
        if let k = keywords.first(where: { $0.0 == value }) { return SVGLength.fontSize * k.1 }
        if value == "larger" { return parent * 1.2 }
        if value == "smaller" { return parent / 1.2 }
        guard let l = SVGLength.parse(value), l.value >= 0, l.value.isFinite else { return nil }
        return l.unit == .percent ? l.value * parent / 100 : l.pixels(percentBase: parent, fontSize: parent)
    }

    /// Applies one declaration of a style property (`known`, named `property` in the file).
    private mutating func apply(_ known: StyleProperty, property: String, value rawValue: String,
                                to style: inout SVGStyle, parent: SVGStyle, node: Int) {
        let value = trimmedCSSValue(rawValue)
        let inherit = value == "inherit"
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
            if let o = opacity(value) { style.opacity = o }
        case .fillRule:
            if inherit { style.fillRule = parent.fillRule } else if let r = SVGResolver.fillRule(value) { style.fillRule = r }
        case .clipRule:
            if inherit { style.clipRule = parent.clipRule } else if let r = SVGResolver.fillRule(value) { style.clipRule = r }
        case .strokeWidth:
            if inherit { style.strokeWidth = parent.strokeWidth }
            else if let l = SVGLength.parse(value), l.value >= 0, l.value.isFinite {
                style.strokeWidth = l.pixels(percentBase: percentBase(.diagonal), fontSize: style.fontSize)
            } else { invalid(node, property, value) }
        case .strokeLinecap:
            if inherit { style.lineCap = parent.lineCap } else if let c = SVGResolver.lineCap(value) { style.lineCap = c }
        case .strokeLinejoin:
            if inherit { style.lineJoin = parent.lineJoin }
            else if let j = SVGResolver.lineJoin(value) { style.lineJoin = j }
            else if value == "miter-clip" || value == "arcs" { style.lineJoin = .miter }
        case .strokeMiterlimit:
            if inherit { style.miterLimit = parent.miterLimit }
            else if let m = number(value), m >= 1 { style.miterLimit = m }
        case .strokeDasharray:
            if inherit { style.dashArray = parent.dashArray }
            else if value == "none" { style.dashArray = [] }
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
            else if value == "visible" { style.visible = true }
            else if value == "hidden" || value == "collapse" { style.visible = false }
        case .display:
            if value == "none" { style.displayNone = true }
        case .paintOrder:
            if inherit { style.strokeFirst = parent.strokeFirst; style.markersPosition = parent.markersPosition; break }
            // The first of fill/stroke named decides; "normal" is fill, stroke, markers.
            let words = value.split(separator: " ").map { $0.trimmingCSSWhitespace }
            let fillIndex = words.firstIndex(of: "fill"), strokeIndex = words.firstIndex(of: "stroke")
            if value == "normal" { style.strokeFirst = false }
            else if let s = strokeIndex { style.strokeFirst = fillIndex.map { s < $0 } ?? true }
            else if fillIndex != nil { style.strokeFirst = false }
            style.markersPosition = SVGResolver.markersPosition(words)
        case .vectorEffect:
            style.nonScalingStroke = value == "non-scaling-stroke"
        case .overflow:
            style.overflowVisible = value == "visible" || value == "auto"
        case .fontSize:
            if inherit { style.fontSize = parent.fontSize }
            else if let size = SVGResolver.fontSize(value, parent: parent.fontSize) { style.fontSize = size }
            else { invalid(node, property, value) }
        case .shapeRendering:
            if inherit { style.crispEdges = parent.crispEdges }
            else if value == "crispEdges" || value == "optimizeSpeed" { style.crispEdges = true }
            else if value == "auto" || value == "geometricPrecision" { style.crispEdges = false }
            else { invalid(node, property, value) }
        case .mixBlendMode:
            if let mode = SVGResolver.blendMode(value) { style.blendMode = mode } else { invalid(node, property, value) }
        case .isolation:
            if value == "isolate" { style.isolate = true }
            else if value == "auto" { style.isolate = false }
            else { invalid(node, property, value) }
        case .markerStart, .markerMid, .markerEnd, .marker:
            applyMarker(known, value: value, inherit: inherit, to: &style, parent: parent, node: node)
        }
    }

    /// `stroke-dasharray` values: lengths and percentages separated by commas and/or spaces.
    private func dashList(_ text: String, fontSize: Double) -> [Double]? {
        var values: [Double] = []
        for part in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" }) {
            guard let l = SVGLength.parse(part), l.value.isFinite else { return nil }
            values.append(l.pixels(percentBase: percentBase(.diagonal), fontSize: fontSize))
        }
        return values.isEmpty ? nil : values
    }

    private mutating func invalid(_ node: Int, _ property: String, _ value: String) {
        warn(node, "ignoring invalid \(property) value \"\(value)\"")
    }

    // MARK: Warnings

    mutating func warn(_ node: Int, _ message: String) {
        guard warnings.count < SVGLimits.warnings else {
            droppedWarnings += 1
            return
        }
        warnings.append(SVGWarning(line: tree.nodes[node].line, element: SVGResolver.shortened(tree.nodes[node].name),
                                   message: SVGResolver.shortened(message)))
    }

    /// Warnings quote what the file says; a megabyte-long attribute value is quoted by its start.
    static let maxWarningLength = 300

    static func shortened(_ text: String) -> String {
        guard text.utf8.count > maxWarningLength else { return text }
        return String(text.unicodeScalars.prefix(maxWarningLength)) + "…"
    }

    /// One warning per element name (and topic), however often it occurs.
    mutating func warnOnce(_ node: Int, _ message: String, key: String? = nil) {
        let k = tree.nodes[node].name + "\u{1F}" + (key ?? "")
        guard !warnedKeys.contains(k) else { return }
        warnedKeys.insert(k)
        warn(node, message)
    }
}
