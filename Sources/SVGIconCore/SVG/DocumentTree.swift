/// The one representation of a document: its elements in document order (parents before children),
/// flattened into an array with parent links, an id index and, once the resolver has them, the style sheet
/// and the cascaded CSS declarations of every element — what the resolver needs to follow references
/// (`use`, `url(#id)`), match selectors and inherit styles. The XML reader (SVGIconKit) builds it while
/// libxml2 parses; a tree built in code (`SVGElement`) is added element by element the same way
/// (`DocumentTree+Building.swift`).
package struct DocumentTree {
    struct Node {
        var name: String
        /// The namespace URI, nil when the element has none.
        var namespace: String?
        var isSVG: Bool
        var attributes: [Attribute]
        var text: String
        var line: Int
        var parent: Int?
        /// The first child element and the next element under the same parent (children are linked
        /// instead of listed per node: one array fewer to build and free per element).
        var firstChild: Int?
        var nextSibling: Int?
        /// The last child element (where the next one is linked while building).
        var lastChild: Int?
        /// The element before this one under the same parent, and this one's position among its parent's
        /// children from 1 (the root: 1), set while building: sibling selectors read them in constant time.
        var previousSibling: Int? = nil
        var siblingIndex = 1
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
        /// Whether one of the attributes is `requiredExtensions` or `systemLanguage`, the conditional
        /// processing attributes that can fail (`requiredFeatures` always passes, so it is not looked for).
        var hasConditionAttribute = false
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

    var nodes: [Node] = []
    var ids: [String: Int] = [:]
    /// Bytes of the document the tree was read from (after gzip inflation); 0 for a tree built in code.
    package var sourceByteCount = 0
    /// The first limit passed while building (`SVGLimits.elements`, `SVGLimits.depth`); elements opened
    /// after it are not kept, and the resolver refuses the document.
    var limitError: SVGResolveError?
    /// The namespace of the last element opened and whether it is SVG's: elements share their parent's
    /// namespace string, and comparing a string with itself is one test, where comparing it with
    /// `SVGElement.svgNamespace` reads all its bytes.
    var lastNamespace: (uri: String, isSVG: Bool)?
    private(set) var styleSheet = CSSStyleSheet()

    /// CSS text (style sheets, `style` attributes) costs one step of `SVGLimits.cascadeWork` per this many
    /// bytes read.
    static let cssBytesPerStep = 8
    /// Steps the cascade has taken so far; past `SVGLimits.cascadeWork` no more rules match and the
    /// document is refused.
    private(set) var cascadeWork = 0
    /// Style sheet rules filed under what their last compound requires ("#id", ".class" or the element
    /// name), so that an element is only tested against rules that can match it, as browsers do.
    private var rulesByKey: [String: [Int]] = [:]
    /// Rules whose last compound names no id, class or type (`*`, `[attr]`).
    private var universalRules: [Int] = []
    /// Whether an element before an element under its parent matches the left side of a `~`, by (rule,
    /// compound, element) (`earlierSiblingMatches`).
    private var siblingMatches: [Int: Bool] = [:]

    /// Reads the `<style>` elements' CSS and files its rules: done once, by the resolver, before the
    /// first declaration is asked for.
    mutating func prepareStyleSheet() {
        // `style` is one of the definition elements: the name is compared for those only.
        for i in nodes.indices where nodes[i].isSVG && nodes[i].kind == .definition && nodes[i].name == "style" {
            let node = nodes[i]
            let type = node.attribute("type")?.lowercased()
            guard type == nil || type == "" || type == "text/css" else { continue }
            // Reading CSS costs per character: a style sheet too long for the budget is not read at all.
            cascadeWork += node.text.utf8.count / DocumentTree.cssBytesPerStep
            if cascadeWork <= SVGLimits.cascadeWork { styleSheet.add(node.text) }
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
        // (`marker` is a shorthand property only, not a presentation attribute; nor are `mix-blend-mode`
        // and `isolation`, which are CSS properties only.)
        for a in node.attributes where a.name != "style" && a.name != "marker" && !SVGStyle.isCSSOnly(a.name) {
            result.append(.init(name: a.name, value: a.value, important: false))
        }
        // Style sheet rules that match, by specificity then order.
        var matched: [(rank: Int, order: Int, declarations: [CSSStyleSheet.Declaration])] = []
        var candidates = cascadeWork <= SVGLimits.cascadeWork ? universalRules : []
        if !rulesByKey.isEmpty, cascadeWork <= SVGLimits.cascadeWork {
            var keys = [node.name]
            if let id = node.attribute("id") { keys.append("#" + id) }
            for cls in Set(node.classes) { keys.append("." + cls) }
            for key in keys { candidates += rulesByKey[key] ?? [] }
        }
        for r in candidates {
            guard cascadeWork <= SVGLimits.cascadeWork else { break }
            if matches(rule: r, index) {
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
            let remaining = max(0, SVGLimits.cascadeWork + 1 - cascadeWork)
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

    /// Whether rule `rule`'s selector matches `index`.
    private mutating func matches(rule: Int, _ index: Int) -> Bool {
        var failed: Set<Int> = []
        let selector = styleSheet.rules[rule].selector
        return matches(selector, rule: rule, compoundIndex: selector.compounds.count - 1, node: index, failed: &failed)
    }

    /// Whether compounds 0…compoundIndex of `selector` (rule `rule`'s) match with the last of them on
    /// `index`. `failed` remembers the (compound, ancestor) pairs already known not to match, so that
    /// descendant combinators cost compounds × depth tests instead of trying every combination of
    /// ancestors; `earlierSiblingMatches` does the same for `~` across elements.
    private mutating func matches(_ selector: CSSSelector, rule: Int, compoundIndex: Int, node index: Int,
                                  failed: inout Set<Int>) -> Bool {
        cascadeWork += 1
        guard cascadeWork <= SVGLimits.cascadeWork, matches(selector.compounds[compoundIndex], index) else {
            return false
        }
        if compoundIndex == 0 { return true }
        switch selector.combinators[compoundIndex - 1] {
        case .child:
            guard let parent = nodes[index].parent else { return false }
            return matches(selector, rule: rule, compoundIndex: compoundIndex - 1, node: parent, failed: &failed)
        case .descendant:
            var ancestor = nodes[index].parent
            while let a = ancestor {
                let key = (compoundIndex - 1) * nodes.count + a
                if !failed.contains(key) {
                    if matches(selector, rule: rule, compoundIndex: compoundIndex - 1, node: a, failed: &failed) { return true }
                    failed.insert(key)
                }
                ancestor = nodes[a].parent
            }
            return false
        case .nextSibling:
            guard let previous = previousSibling(of: index) else { return false }
            return matches(selector, rule: rule, compoundIndex: compoundIndex - 1, node: previous, failed: &failed)
        case .subsequentSibling:
            return earlierSiblingMatches(selector, rule: rule, compoundIndex: compoundIndex - 1, before: index,
                                         failed: &failed)
        }
    }

    /// Whether one of the elements before `index` under its parent matches compounds 0…compoundIndex (the
    /// left side of a `~`). The answer is kept per (rule, compound, element) in `siblingMatches`: for an
    /// element it is "the previous sibling matches, or the answer for the previous sibling", so the walk
    /// back stops at the first sibling already answered, and `.a ~ rect` costs one test per element
    /// instead of one per pair of siblings.
    private mutating func earlierSiblingMatches(_ selector: CSSSelector, rule: Int, compoundIndex: Int, before index: Int,
                                                failed: inout Set<Int>) -> Bool {
        func key(_ node: Int) -> Int { (rule * CSSSelector.maxCompounds + compoundIndex) * nodes.count + node }
        var pending: [Int] = []  // elements whose answer is the one the walk finds
        var node = index
        var answer = false
        while true {
            if let known = siblingMatches[key(node)] { answer = known; break }
            pending.append(node)
            guard let previous = previousSibling(of: node) else { break }
            if matches(selector, rule: rule, compoundIndex: compoundIndex, node: previous, failed: &failed) {
                answer = true
                break
            }
            node = previous
        }
        for n in pending { siblingMatches[key(n)] = answer }
        return answer
    }

    /// The element before `index` under the same parent.
    private func previousSibling(of index: Int) -> Int? { nodes[index].previousSibling }

    /// `index`'s position among its parent's children, from 1, and their count (the root is an only child).
    private func siblingPosition(of index: Int) -> (position: Int, count: Int) {
        guard let parent = nodes[index].parent, let last = nodes[parent].lastChild else { return (1, 1) }
        return (nodes[index].siblingIndex, nodes[last].siblingIndex)
    }

    /// Reads the node in place (copying a `Node` per test would cost more than the test).
    private mutating func matches(_ compound: CSSSelector.Compound, _ index: Int) -> Bool {
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
            case .dashPrefix(let v): if value != v && !value.hasPrefix(v + "-") { return false }
            case .prefix(let v): if v.isEmpty || !value.hasPrefix(v) { return false }
            case .suffix(let v): if v.isEmpty || !value.hasSuffix(v) { return false }
            case .substring(let v): if v.isEmpty || !value.contains(v) { return false }
            }
        }
        for pseudo in compound.pseudoClasses {
            switch pseudo {
            case .nthChild(let a, let b, let fromEnd):
                let (position, count) = siblingPosition(of: index)
                let p = fromEnd ? count + 1 - position : position
                if !CSSSelector.PseudoClass.matches(a: a, b: b, position: p) { return false }
            case .onlyChild:
                if siblingPosition(of: index).count != 1 { return false }
            case .not(let inner):
                if matches(inner, index) { return false }
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
}
