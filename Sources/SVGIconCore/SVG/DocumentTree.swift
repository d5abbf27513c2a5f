/// The element tree flattened into an array with parent links, an id index and the cascaded CSS
/// declarations of every element — what the resolver needs to follow references (`use`, `url(#id)`),
/// match selectors and inherit styles.
struct DocumentTree {
    struct Node {
        var name: String
        var isSVG: Bool
        var attributes: [DocumentNodes.Attribute]
        var text: String
        var line: Int
        var parent: Int?
        /// The first child element and the next element under the same parent (children are linked
        /// instead of listed per node: one array fewer to build and free per element).
        var firstChild: Int?
        var nextSibling: Int?
        /// The last child element (where the next one is linked while building).
        var lastChild: Int?
        var classes: [String]
        /// The element's name, classified once (meaningful for SVG elements only).
        var kind: ElementKind
        /// Whether one of the attributes is `style`.
        var hasStyleAttribute: Bool
        /// Whether one of the attributes is `marker`, `marker-start`, `marker-mid` or `marker-end`.
        var hasMarkerAttribute = false
        /// Whether one of the attributes is `clip-path`, `mask` or `filter`.
        var hasMaskingAttribute = false
        /// Whether one of the attributes is `transform`.
        var hasTransformAttribute = false
        /// The cascaded declarations, once built (see `declarations(of:)`; `isCascaded` says whether they
        /// are: not an optional, whose destruction went through the runtime's generic code per node).
        var cascaded: [CSSStyleSheet.Declaration] = []
        var isCascaded = false
        /// Whether the cascade has counted the attributes as work (once per node, however often they are read).
        var attributesCounted = false

        func attribute(_ name: String) -> String? {
            for a in attributes where a.name == name { return a.value }
            return nil
        }
    }

    private(set) var nodes: [Node] = []
    private(set) var ids: [String: Int] = [:]
    private(set) var styleSheet = CSSStyleSheet()

    /// Upper bound on elements (a hostile file with millions of elements is refused, not slowly drawn).
    static let maxElements = 50_000
    /// Steps the cascade may take for a document (a presentation attribute or `style` declaration read, a
    /// compound selector tested against an element, a style sheet declaration kept for an element): far
    /// more than icons need, few enough to take well under a second.
    static let maxCascadeWork = 500_000
    /// CSS text (style sheets, `style` attributes) costs one step per this many bytes read.
    static let cssBytesPerStep = 8
    /// Selector tests made so far; past `maxCascadeWork` no more rules match and the document is refused.
    private(set) var cascadeWork = 0
    /// Style sheet rules filed under what their last compound requires ("#id", ".class" or the element
    /// name), so that an element is only tested against rules that can match it, as browsers do.
    private var rulesByKey: [String: [Int]] = [:]
    /// Rules whose last compound names no id, class or type (`*`, `[attr]`).
    private var universalRules: [Int] = []

    /// How deeply elements may nest (the XML reader stops deeper documents first; this guards trees
    /// built in code, since building the tree recurses once per level).
    static let maxDepth = 128

    enum TooLarge: Error {
        case elements, depth
    }

    init(_ root: SVGElement) throws(TooLarge) {
        var builder = DocumentNodes()
        builder.add(root, parent: nil, depth: 1)
        try self.init(consume builder)
    }

    /// The tree of nodes a `DocumentNodes` holds (built from `SVGElement`s or straight from a parser).
    init(_ built: consuming DocumentNodes) throws(TooLarge) {
        if let error = built.tooLarge { throw error }
        // Taken, not shared, so that writing to a node does not copy them all.
        swap(&nodes, &built.nodes)
        swap(&ids, &built.ids)
        // `style` is one of the definition elements: the name is compared for those only.
        for i in nodes.indices where nodes[i].isSVG && nodes[i].kind == .definition && nodes[i].name == "style" {
            let node = nodes[i]
            let type = node.attribute("type")?.lowercased()
            guard type == nil || type == "" || type == "text/css" else { continue }
            // Reading CSS costs per character: a style sheet too long for the budget is not read at all.
            cascadeWork += node.text.utf8.count / DocumentTree.cssBytesPerStep
            if cascadeWork <= DocumentTree.maxCascadeWork { styleSheet.add(node.text) }
        }
        if !styleSheet.rules.isEmpty {
            for i in nodes.indices {
                nodes[i].classes = nodes[i].attribute("class").map {
                    $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
                } ?? []
            }
        }
        for (i, rule) in styleSheet.rules.enumerated() {
            guard let last = rule.selector.compounds.last else { continue }
            if let id = last.id {
                rulesByKey["#" + id, default: []].append(i)
            } else if let cls = last.classes.first {
                rulesByKey["." + cls, default: []].append(i)
            } else if let type = last.type {
                rulesByKey[type, default: []].append(i)
            } else {
                universalRules.append(i)
            }
        }
    }

    /// The child elements of `index`, in order (walking `firstChild`/`nextSibling` avoids the array).
    func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = nodes[index].firstChild
        while let c = child {
            result.append(c)
            child = nodes[c].nextSibling
        }
        return result
    }

    /// The node an `url(#id)` or `href="#id"` names.
    func node(id: String) -> Int? { ids[id] }

    /// Whether `ancestor` is `node` or one of its ancestors.
    func isAncestor(_ ancestor: Int, of node: Int) -> Bool {
        var n: Int? = node
        while let current = n {
            if current == ancestor { return true }
            n = nodes[current].parent
        }
        return false
    }

    // MARK: Cascade

    /// The declarations that apply to `index`, lowest precedence first (presentation attributes, style
    /// sheet rules by specificity and order, `style` attribute, then `!important` ones): later ones win.
    /// Built once per node.
    mutating func declarations(of index: Int) -> [CSSStyleSheet.Declaration] {
        if nodes[index].isCascaded { return nodes[index].cascaded }
        let node = nodes[index]
        var result: [CSSStyleSheet.Declaration] = []
        countAttributes(of: index)
        for a in node.attributes where a.name != "style" {
            result.append(.init(name: a.name, value: a.value, important: false))
        }
        // Style sheet rules that match, by specificity then order.
        var matched: [(rank: Int, order: Int, declarations: [CSSStyleSheet.Declaration])] = []
        var candidates = cascadeWork <= DocumentTree.maxCascadeWork ? universalRules : []
        if !rulesByKey.isEmpty, cascadeWork <= DocumentTree.maxCascadeWork {
            var keys = [node.name]
            if let id = node.attribute("id") { keys.append("#" + id) }
            for cls in Set(node.classes) { keys.append("." + cls) }
            for key in keys { candidates += rulesByKey[key] ?? [] }
        }
        for r in candidates {
            guard cascadeWork <= DocumentTree.maxCascadeWork else { break }
            if matches(styleSheet.rules[r].selector, index) {
                let rule = styleSheet.rules[r]
                // Declarations kept per element cost memory and time too.
                cascadeWork += rule.declarations.count
                matched.append((rule.selector.specificityRank, rule.order, rule.declarations))
            }
        }
        matched.sort { ($0.rank, $0.order) < ($1.rank, $1.order) }
        var important: [CSSStyleSheet.Declaration] = []
        for m in matched {
            for d in m.declarations {
                if d.important { important.append(d) } else { result.append(d) }
            }
        }
        var inlineImportant: [CSSStyleSheet.Declaration] = []
        if let style = node.attribute("style") {
            cascadeWork += style.utf8.count / DocumentTree.cssBytesPerStep
            let remaining = max(0, DocumentTree.maxCascadeWork + 1 - cascadeWork)
            let declarations = remaining > 0 ? CSSStyleSheet.declarations(Substring(style), limit: remaining) : []
            cascadeWork += declarations.count
            for d in declarations {
                if d.important { inlineImportant.append(d) } else { result.append(d) }
            }
        }
        result += important
        result += inlineImportant
        nodes[index].cascaded = result
        nodes[index].isCascaded = true
        return result
    }

    /// Whether the declarations of `index` are exactly its attributes, in order, none `!important`: no
    /// style sheet rules and no `style` attribute (most icons). The resolver then reads the attributes
    /// in place instead of building the declaration list.
    func hasPlainDeclarations(_ index: Int) -> Bool {
        styleSheet.rules.isEmpty && !nodes[index].hasStyleAttribute
    }

    /// Whether no declaration of `index` can set a marker property: plain declarations (see
    /// `hasPlainDeclarations`) and no marker attribute.
    mutating func hasNoMarkers(_ index: Int) -> Bool {
        guard hasPlainDeclarations(index), !nodes[index].hasMarkerAttribute else { return false }
        countAttributes(of: index)  // as reading the values would
        return true
    }

    /// Whether no declaration of `index` can set `clip-path`, `mask` or `filter`: plain declarations and
    /// none of those attributes.
    mutating func hasNoMasking(_ index: Int) -> Bool {
        guard hasPlainDeclarations(index), !nodes[index].hasMaskingAttribute else { return false }
        countAttributes(of: index)  // as reading the values would
        return true
    }

    /// Counts reading the attributes of `index` as cascade work, the first time only (as the cached
    /// declaration list did).
    mutating func countAttributes(of index: Int) {
        if nodes[index].attributesCounted { return }
        nodes[index].attributesCounted = true
        cascadeWork += nodes[index].attributes.count
    }

    /// The winning value of one property for `index`, if any declaration sets it.
    mutating func value(_ property: String, of index: Int) -> String? {
        var found: String? = nil
        let count = property.utf8.count
        if hasPlainDeclarations(index) {
            countAttributes(of: index)
            for a in nodes[index].attributes where a.name.utf8.count == count && a.name == property { found = a.value }
            return found
        }
        for d in declarations(of: index) where d.name.utf8.count == count && d.name == property { found = d.value }
        return found
    }

    private mutating func matches(_ selector: CSSSelector, _ index: Int) -> Bool {
        var failed: Set<Int> = []
        return matches(selector, compoundIndex: selector.compounds.count - 1, node: index, failed: &failed)
    }

    /// Whether compounds 0…compoundIndex match with the last of them on `index`. `failed` remembers the
    /// (compound, ancestor) pairs already known not to match, so that descendant combinators cost
    /// compounds × depth tests instead of trying every combination of ancestors.
    private mutating func matches(_ selector: CSSSelector, compoundIndex: Int, node index: Int,
                                  failed: inout Set<Int>) -> Bool {
        cascadeWork += 1
        guard cascadeWork <= DocumentTree.maxCascadeWork, matches(selector.compounds[compoundIndex], index) else {
            return false
        }
        if compoundIndex == 0 { return true }
        switch selector.combinators[compoundIndex - 1] {
        case .child:
            guard let parent = nodes[index].parent else { return false }
            return matches(selector, compoundIndex: compoundIndex - 1, node: parent, failed: &failed)
        case .descendant:
            var ancestor = nodes[index].parent
            while let a = ancestor {
                let key = (compoundIndex - 1) * nodes.count + a
                if !failed.contains(key) {
                    if matches(selector, compoundIndex: compoundIndex - 1, node: a, failed: &failed) { return true }
                    failed.insert(key)
                }
                ancestor = nodes[a].parent
            }
            return false
        }
    }

    /// Reads the node in place (copying a `Node` per test would cost more than the test).
    private func matches(_ compound: CSSSelector.Compound, _ index: Int) -> Bool {
        if let type = compound.type, type != nodes[index].name { return false }
        if let id = compound.id, nodes[index].attribute("id") != id { return false }
        for cls in compound.classes where !nodes[index].classes.contains(cls) { return false }
        for test in compound.attributes {
            guard let value = nodes[index].attribute(test.name) else { return false }
            switch test.match {
            case .present: break
            case .equals(let v): if value != v { return false }
            case .containsWord(let v):
                if !value.split(separator: " ").contains(Substring(v)) { return false }
            }
        }
        return true
    }
}

/// What the resolver does with an element, from its local name: classified once per node, so that
/// resolving compares integers instead of names.
enum ElementKind: UInt8 {
    case g, a, `switch`, use, svg, path, rect, circle, ellipse, line, polyline, polygon
    /// Draws nothing itself and is skipped silently (`SVGResolver.definitionElements`).
    case definition
    /// Anything else (text, image, foreignObject, unknown names).
    case other

    init(name: String) {
        // By length first: a name is compared with at most three others.
        let kind: ElementKind?
        switch name.utf8.count {
        case 1: kind = name == "g" ? .g : name == "a" ? .a : nil
        case 3: kind = name == "use" ? .use : name == "svg" ? .svg : nil
        case 4: kind = name == "path" ? .path : name == "rect" ? .rect : name == "line" ? .line : nil
        case 6: kind = name == "switch" ? .switch : name == "circle" ? .circle : nil
        case 7: kind = name == "ellipse" ? .ellipse : name == "polygon" ? .polygon : nil
        case 8: kind = name == "polyline" ? .polyline : nil
        default: kind = nil
        }
        self = kind ?? (SVGResolver.definitionElements.contains(name) ? .definition : .other)
    }

    var isShape: Bool {
        switch self {
        case .path, .rect, .circle, .ellipse, .line, .polyline, .polygon: return true
        default: return false
        }
    }
}

/// The elements of a document in document order (parents before children), as `DocumentTree` holds
/// them: what both the `SVGElement` path and the XML reader (which builds no `SVGElement`s) feed.
package struct DocumentNodes {
    /// An attribute: its name (with its prefix, `xlink:href`) and value. A struct, not a tuple: arrays
    /// of tuples are destroyed by the runtime's generic code, element by element.
    package struct Attribute {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    var nodes: [DocumentTree.Node] = []
    var ids: [String: Int] = [:]
    /// The first limit passed; elements opened after it are not kept.
    var tooLarge: DocumentTree.TooLarge?
    /// The root's namespace URI, nil when it has none (or there is no root).
    package private(set) var rootNamespace: String?
    /// The namespace of the last element opened and whether it is SVG's: elements share their parent's
    /// namespace string, and comparing a string with itself is one test, where comparing it with
    /// `SVGElement.svgNamespace` reads all its bytes.
    private var lastNamespace: (uri: String, isSVG: Bool)?

    package init() {}

    /// A list with room for `capacity` elements.
    package init(capacity: Int) {
        nodes.reserveCapacity(capacity)
    }

    /// The root element's local name and line, if there is one.
    package var root: (name: String, isSVG: Bool, line: Int)? {
        nodes.first.map { ($0.name, $0.isSVG, $0.line) }
    }

    /// Appends an element under `parent` (nil for the root) `depth` levels deep (the root is 1), with its
    /// attributes in document order. Nil once a limit is passed (the element is not kept, nor should its
    /// children be).
    package mutating func open(name: String, namespace: String?, attributes: [Attribute],
                               line: Int, parent: Int?, depth: Int) -> Int? {
        if tooLarge != nil { return nil }
        guard nodes.count < DocumentTree.maxElements else { tooLarge = .elements; return nil }
        guard depth <= DocumentTree.maxDepth else { tooLarge = .depth; return nil }
        let index = nodes.count
        // One pass for the attributes the tree needs (the first of each name, as `attribute(_:)` finds).
        var id: String? = nil
        var hasStyle = false, hasMarker = false, hasMasking = false, hasTransform = false
        for a in attributes {
            switch a.name.utf8.count {
            case 2: if id == nil, a.name == "id" { id = a.value }
            case 4: if a.name == "mask" { hasMasking = true }
            case 5: if a.name == "style" { hasStyle = true }
            case 6:
                if a.name == "marker" { hasMarker = true }
                if a.name == "filter" { hasMasking = true }
            case 9:
                if a.name == "clip-path" { hasMasking = true }
                if a.name == "transform" { hasTransform = true }
            case 10: if a.name == "marker-mid" || a.name == "marker-end" { hasMarker = true }
            case 12: if a.name == "marker-start" { hasMarker = true }
            default: break
            }
        }
        let isSVG: Bool
        if let namespace {
            if let last = lastNamespace, last.uri == namespace {
                isSVG = last.isSVG
            } else {
                isSVG = namespace == SVGElement.svgNamespace
                lastNamespace = (namespace, isSVG)
            }
        } else {
            isSVG = true
        }
        if parent == nil { rootNamespace = namespace }
        // Classes are split once the style sheet is known to have rules (only selectors read them).
        nodes.append(DocumentTree.Node(name: name, isSVG: isSVG, attributes: attributes, text: "", line: line,
                                       parent: parent, firstChild: nil, nextSibling: nil, lastChild: nil,
                                       classes: [], kind: ElementKind(name: name),
                                       hasStyleAttribute: hasStyle, hasMarkerAttribute: hasMarker,
                                       hasMaskingAttribute: hasMasking, hasTransformAttribute: hasTransform))
        if let id, ids[id] == nil { ids[id] = index }
        if let parent {
            if let last = nodes[parent].lastChild { nodes[last].nextSibling = index } else { nodes[parent].firstChild = index }
            nodes[parent].lastChild = index
        }
        return index
    }

    /// Whether the text of `index` is read (only `style` elements' is).
    package func keepsText(of index: Int) -> Bool {
        nodes[index].kind == .definition && nodes[index].name == "style"
    }

    package mutating func setText(_ text: String, of index: Int) {
        nodes[index].text = text
    }

    mutating func add(_ element: SVGElement, parent: Int?, depth: Int) {
        let attributes = element.attributes.map { Attribute(name: $0.name, value: $0.value) }
        guard let index = open(name: element.name, namespace: element.namespace, attributes: attributes,
                               line: element.line, parent: parent, depth: depth) else { return }
        if keepsText(of: index) { setText(element.text, of: index) }
        for child in element.children {
            add(child, parent: index, depth: depth + 1)
            if tooLarge != nil { return }
        }
    }
}
