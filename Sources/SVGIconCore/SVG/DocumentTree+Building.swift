/// Building the tree, one element at a time in document order: the XML reader opens each element as
/// libxml2 reports its start tag; a tree built in code is added the same way.
extension DocumentTree {
    /// A tree with room for `capacity` elements.
    package init(capacity: Int = 0) {
        nodes.reserveCapacity(capacity)
    }

    /// The tree of the document whose root element is `root`.
    init(_ root: SVGElement) {
        self.init()
        add(root, parent: nil, depth: 1)
    }

    /// The root element's local name, whether it is an SVG element, and its line, if there is a root.
    package var root: (name: String, isSVG: Bool, line: Int)? {
        nodes.first.map { ($0.name, $0.isSVG, $0.line) }
    }

    /// The root's namespace URI, nil when it has none (or there is no root).
    package var rootNamespace: String? { nodes.first?.namespace }

    /// Appends an element under `parent` (nil for the root) `depth` levels deep (the root is 1), with its
    /// attributes in document order. Nil once a limit is passed (the element is not kept, nor should its
    /// children be).
    package mutating func open(name: String, namespace: String?, attributes: [Attribute],
                               line: Int, parent: Int?, depth: Int) -> Int? {
        if limitError != nil { return nil }
        guard nodes.count < SVGLimits.elements else {
            limitError = .tooManyElements(limit: SVGLimits.elements)
            return nil
        }
        guard depth <= SVGLimits.depth else {
            limitError = .nestedTooDeep(limit: SVGLimits.depth)
            return nil
        }
        let index = nodes.count
        let flags = Self.attributeFlags(attributes)
        // Classes are split once the style sheet is known to have rules (only selectors read them).
        nodes.append(Node(name: name, namespace: namespace, isSVG: isSVG(namespace), attributes: attributes,
                          text: "", line: line, parent: parent, firstChild: nil, nextSibling: nil, lastChild: nil,
                          classes: [], kind: ElementKind(name: name),
                          hasStyleAttribute: flags.style, hasMarkerAttribute: flags.marker,
                          hasMaskingAttribute: flags.masking, hasTransformAttribute: flags.transform,
                          hasConditionAttribute: flags.condition))
        if let id = flags.id, ids[id] == nil { ids[id] = index }
        if let parent {
            if let last = nodes[parent].lastChild {
                nodes[last].nextSibling = index
                nodes[index].previousSibling = last
                nodes[index].siblingIndex = nodes[last].siblingIndex + 1
            } else {
                nodes[parent].firstChild = index
            }
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

    /// Whether an element in `namespace` is an SVG element (no namespace counts as SVG's).
    private mutating func isSVG(_ namespace: String?) -> Bool {
        guard let namespace else { return true }
        if let last = lastNamespace, last.uri == namespace { return last.isSVG }
        let isSVG = namespace == SVGElement.svgNamespace
        lastNamespace = (namespace, isSVG)
        return isSVG
    }

    /// The attributes the tree needs, in one pass (the first `id`, as `attribute(_:)` finds it).
    /// `condition`: `requiredExtensions` or `systemLanguage` is present; `requiredFeatures` is not looked
    /// for, since it always passes (`SVGResolver.passesConditions`).
    private static func attributeFlags(_ attributes: [Attribute])
        -> (id: String?, style: Bool, marker: Bool, masking: Bool, transform: Bool, condition: Bool) {
        var id: String? = nil
        var style = false, marker = false, masking = false, transform = false, condition = false
        for a in attributes {
            switch a.name.utf8.count {
            case 2: if id == nil, a.name == "id" { id = a.value }
            case 4: if a.name == "mask" { masking = true }
            case 5: if a.name == "style" { style = true }
            case 6:
                if a.name == "marker" { marker = true }
                if a.name == "filter" { masking = true }
            case 9:
                if a.name == "clip-path" { masking = true }
                if a.name == "transform" { transform = true }
            case 10: if a.name == "marker-mid" || a.name == "marker-end" { marker = true }
            case 12: if a.name == "marker-start" { marker = true }
            case 14: if a.name == "systemLanguage" { condition = true }
            case 18: if a.name == "requiredExtensions" { condition = true }
            default: break
            }
        }
        return (id, style, marker, masking, transform, condition)
    }

    private mutating func add(_ element: SVGElement, parent: Int?, depth: Int) {
        let attributes = element.attributes.map { Attribute(name: $0.name, value: $0.value) }
        guard let index = open(name: element.name, namespace: element.namespace, attributes: attributes,
                               line: element.line, parent: parent, depth: depth) else { return }
        if keepsText(of: index) { setText(element.text, of: index) }
        for child in element.children {
            add(child, parent: index, depth: depth + 1)
            if limitError != nil { return }
        }
    }
}
