/// The result of resolving an SVG document: the icon and what was skipped or repaired on the way.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
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
///
/// Thread safety: not `Sendable`: a resolver holds the tree it is working through; make one per document (the
/// static entry points do), on any thread.
public struct SVGResolver {
    /// How a document is resolved (beyond what the file says); the defaults follow SVG.
    ///
    /// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
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
    var warnedKeys: Set<String> = []
    /// Percent bases: the current viewport's width and height.
    var viewportWidth = 100.0
    var viewportHeight = 100.0
    /// Nodes on the current resolution path (cycle detection for `use`).
    var activeUses: [Int] = []
    /// Clip paths, masks and gradients being resolved (cycle detection through `url(#…)`).
    var activeReferences: Set<Int> = []
    /// Set when a `filter` names a filter whose feImage is being drawn: the feImage leads back to its own
    /// filter (SVGResolver+FilterImages.swift).
    var feImageCycle = false
    /// Elements still allowed (marker instances count too, `SVGResolver+Markers.swift`).
    var budget = SVGLimits.elements
    /// Path segments still allowed.
    var segmentBudget = SVGLimits.pathSegments
    /// The `marker-start`/`-mid`/`-end` combinations styles refer to (`SVGStyle.markers`); 0 is none.
    var markerReferences: [MarkerReferences] = [MarkerReferences()]
    /// Marker instances placed so far (at most `SVGLimits.markerInstances`).
    var markerInstances = 0
    /// Patterns being resolved inside one another (at most `SVGIconRenderer.maxPatternDepth`).
    var activePatterns = 0
    /// What `context-fill` and `context-stroke` paint here: the marked shape's paints inside a marker, the
    /// `use`'s inside what it draws (SVGResolver+Markers.swift).
    var contextPaints: ContextPaints? = nil
    /// The gradients a `use` handed to its content as context paints, by placeholder key, until the use's
    /// box is known (`markingUseGradient`, `carryingUseContext`).
    var pendingUseGradients: [Int: SVGPaint] = [:]
    /// Placeholders handed to markers' content for context gradients so far (`markerContext`).
    var markerContextKeys = 0
    /// The computed `font-size` of the element being resolved: what `em` and `ex` lengths of its attributes
    /// are relative to.
    var fontSize = SVGLength.fontSize
    /// Current nesting depth of `resolveNode`.
    var nesting = 0
    /// A document-wide limit that was passed: the document is refused.
    var limitError: SVGResolveError?
    /// Warnings past `SVGLimits.warnings`, counted instead of kept.
    var droppedWarnings = 0
    var documentStyles: [Int: SVGStyle] = [:]
    /// What the `inherit` of a non-inherited property on an element comes to (`nonInheritedValue`).
    var inheritedValues: [NonInheritedKey: String?] = [:]
    /// Elements `nonInheritedValue` has read a property of so far (`Work.nonInheritedReads`).
    var nonInheritedSteps = 0
    /// Layers walked to measure boxes so far (`Work.boxLayers`).
    var boxSteps = 0
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
        try resolveCountingWork(tree, options: options).result
    }

    /// What a resolution cost, counted as it went: tests bound these on hostile input, where time would
    /// depend on the machine.
    struct Work: Hashable {
        /// The document's elements, what the counts are measured against.
        var elements = 0
        /// Steps of the style cascade (`DocumentTree.cascadeWork`, limited by `SVGLimits.cascadeWork`).
        var cascade = 0
        /// Elements `nonInheritedValue` read a property of: linear in the elements asked about, however deep
        /// the chains of `inherit`.
        var nonInheritedReads = 0
        /// Layers walked to measure boxes for transform-box, filters, clip paths and masks: each layer's
        /// boxes are noted once measured, so nested boxes do not walk the content below them again.
        var boxLayers = 0
    }

    /// `resolve(_:options:)`, and the work it took.
    static func resolveCountingWork(_ root: SVGElement, options: Options = Options())
        throws(SVGResolveError) -> (result: SVGParseResult, work: Work) {
        try resolveCountingWork(DocumentTree(root), options: options)
    }

    private static func resolveCountingWork(_ tree: consuming DocumentTree, options: Options)
        throws(SVGResolveError) -> (result: SVGParseResult, work: Work) {
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
        let result = SVGParseResult(icon: icon, warnings: resolver.warnings, imageFiles: resolver.images.files,
                                    imageCost: resolver.images.cost)
        let work = Work(elements: resolver.tree.nodes.count, cascade: resolver.tree.cascadeWork,
                        nonInheritedReads: resolver.nonInheritedSteps, boxLayers: resolver.boxSteps)
        return (result, work)
    }

    /// The computed style of the element at `index` (in document order, the root 0) of the document
    /// `root`, as the cascade gives it before anything is resolved: for tests of the cascade, which read
    /// `SVGStyle` itself.
    static func computedStyle(ofElement index: Int, in root: SVGElement, options: Options = Options()) -> SVGStyle {
        var resolver = SVGResolver(tree: DocumentTree(root), options: options)
        return resolver.documentStyle(of: index)
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
        // The root's own transform, opacity, clip path, mask and filter apply to everything inside it (the root
        // <svg> is a container element, to which `filter` applies: Filter Effects 1 §"The filter property").
        let transform = transformAttribute(root)
        var rootLayer = SVGIconLayer(content: .group(layers), transform: transform, opacity: style.opacity,
                                     elementName: "svg")
        if !applyMasking(to: &rootLayer, node: root) { layers = [] }
        else if style.opacity < 1 || !transform.isIdentity || rootLayer.clipPath != nil || rootLayer.mask != nil
                    || !rootLayer.filter.isEmpty {
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
