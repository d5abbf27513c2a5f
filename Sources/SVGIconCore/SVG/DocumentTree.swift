/// The element tree flattened into an array with parent links, an id index and the cascaded CSS
/// declarations of every element — what the resolver needs to follow references (`use`, `url(#id)`),
/// match selectors and inherit styles.
struct DocumentTree {
    struct Node {
        var name: String
        var isSVG: Bool
        var attributes: [(name: String, value: String)]
        var text: String
        var line: Int
        var parent: Int?
        var children: [Int]
        var classes: [String]

        func attribute(_ name: String) -> String? {
            for a in attributes where a.name == name { return a.value }
            return nil
        }
    }

    private(set) var nodes: [Node] = []
    private(set) var ids: [String: Int] = [:]
    private(set) var styleSheet = CSSStyleSheet()
    /// Cascaded declarations per node, lowest precedence first (presentation attributes, style sheet
    /// rules by specificity and order, `style` attribute, then `!important` ones).
    private var cascaded: [[CSSStyleSheet.Declaration]?] = []

    /// Upper bound on elements (a hostile file with millions of elements is refused, not slowly drawn).
    static let maxElements = 200_000

    struct TooLarge: Error {}

    init(_ root: SVGElement) throws(TooLarge) {
        try add(root, parent: nil)
        for node in nodes where node.isSVG && node.name == "style" {
            let type = node.attribute("type")?.lowercased()
            if type == nil || type == "" || type == "text/css" { styleSheet.add(node.text) }
        }
        cascaded = Array(repeating: nil, count: nodes.count)
    }

    private mutating func add(_ element: SVGElement, parent: Int?) throws(TooLarge) {
        guard nodes.count < DocumentTree.maxElements else { throw TooLarge() }
        let index = nodes.count
        let classes = element.attribute("class").map {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        } ?? []
        nodes.append(Node(name: element.name, isSVG: element.isSVG, attributes: element.attributes,
                          text: element.text, line: element.line, parent: parent, children: [], classes: classes))
        if let id = element.attribute("id"), ids[id] == nil { ids[id] = index }
        for child in element.children {
            let childIndex = nodes.count
            try add(child, parent: index)
            nodes[index].children.append(childIndex)
        }
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

    /// The declarations that apply to `index`, lowest precedence first: later ones win.
    mutating func declarations(of index: Int) -> [CSSStyleSheet.Declaration] {
        if let cached = cascaded[index] { return cached }
        let node = nodes[index]
        var result: [CSSStyleSheet.Declaration] = []
        for (name, value) in node.attributes where name != "style" {
            result.append(.init(name: name, value: value, important: false))
        }
        // Style sheet rules that match, by specificity then order.
        var matched: [(rank: Int, order: Int, declarations: [CSSStyleSheet.Declaration])] = []
        for rule in styleSheet.rules where matches(rule.selector, index) {
            matched.append((rule.selector.specificityRank, rule.order, rule.declarations))
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
            for d in CSSStyleSheet.declarations(Substring(style)) {
                if d.important { inlineImportant.append(d) } else { result.append(d) }
            }
        }
        result += important
        result += inlineImportant
        cascaded[index] = result
        return result
    }

    /// The winning value of one property for `index`, if any declaration sets it.
    mutating func value(_ property: String, of index: Int) -> String? {
        var found: String? = nil
        for d in declarations(of: index) where d.name == property { found = d.value }
        return found
    }

    private func matches(_ selector: CSSSelector, _ index: Int) -> Bool {
        matches(selector, compoundIndex: selector.compounds.count - 1, node: index)
    }

    private func matches(_ selector: CSSSelector, compoundIndex: Int, node index: Int) -> Bool {
        guard matches(selector.compounds[compoundIndex], nodes[index]) else { return false }
        if compoundIndex == 0 { return true }
        switch selector.combinators[compoundIndex - 1] {
        case .child:
            guard let parent = nodes[index].parent else { return false }
            return matches(selector, compoundIndex: compoundIndex - 1, node: parent)
        case .descendant:
            var ancestor = nodes[index].parent
            while let a = ancestor {
                if matches(selector, compoundIndex: compoundIndex - 1, node: a) { return true }
                ancestor = nodes[a].parent
            }
            return false
        }
    }

    private func matches(_ compound: CSSSelector.Compound, _ node: Node) -> Bool {
        if let type = compound.type, type != node.name { return false }
        if let id = compound.id, node.attribute("id") != id { return false }
        for cls in compound.classes where !node.classes.contains(cls) { return false }
        for test in compound.attributes {
            guard let value = node.attribute(test.name) else { return false }
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
