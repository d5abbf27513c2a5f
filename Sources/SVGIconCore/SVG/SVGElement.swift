/// An XML element as a value: local name, namespace, attributes in document order, children and text. A
/// thin adapter over the resolver's one representation, `DocumentTree`, both ways: a tree built in code
/// (tests, or an app with an XML reader of its own) is added to a `DocumentTree` element by element to be
/// resolved, and `init(_:at:)` views a `DocumentTree` (what `XMLDocumentReader.read` returns) as elements.
/// Holds no C types.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGElement: Hashable, Sendable {
    /// Local name without prefix (`svg`, `path`, …).
    public var name: String
    /// Namespace URI, nil when the element has none.
    public var namespace: String?
    /// Attributes in document order, with their prefix when they have one (`xlink:href`).
    public var attributes: [(name: String, value: String)]
    /// Child elements in document order.
    public var children: [SVGElement]
    /// Concatenated character data directly inside the element. Read for `<style>` only: a tree read from
    /// XML keeps no other element's text.
    public var text: String
    /// 1-based line in the source document (0 when unknown).
    public var line: Int

    /// The SVG namespace URI.
    public static let svgNamespace = "http://www.w3.org/2000/svg"

    /// An element; by default in the SVG namespace, with no attributes, children or text, line unknown.
    public init(name: String, namespace: String? = SVGElement.svgNamespace,
                attributes: [(name: String, value: String)] = [], children: [SVGElement] = [],
                text: String = "", line: Int = 0) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
    }

    /// The element at `index` of `tree` (its root by default), with its descendants.
    package init(_ tree: DocumentTree, at index: Int = 0) {
        let node = tree.nodes[index]
        var children: [SVGElement] = []
        var child = node.firstChild
        while let c = child {
            children.append(SVGElement(tree, at: c))
            child = tree.nodes[c].nextSibling
        }
        self.init(name: node.name, namespace: node.namespace, attributes: node.attributes.map { ($0.name, $0.value) },
                  children: children, text: node.text, line: node.line)
    }

    /// The value of the first attribute called `name` (with its prefix, if it has one); nil when there is none.
    public func attribute(_ name: String) -> String? {
        for a in attributes where a.name == name { return a.value }
        return nil
    }

    /// Elements in the SVG namespace, or in none (files that forget `xmlns` are still read as SVG).
    public var isSVG: Bool { namespace == nil || namespace == SVGElement.svgNamespace }

    /// Equal when everything matches, attributes in the same order.
    public static func == (lhs: SVGElement, rhs: SVGElement) -> Bool {
        lhs.name == rhs.name && lhs.namespace == rhs.namespace && lhs.children == rhs.children
            && lhs.text == rhs.text && lhs.line == rhs.line
            && lhs.attributes.map { $0.name } == rhs.attributes.map { $0.name }
            && lhs.attributes.map { $0.value } == rhs.attributes.map { $0.value }
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(namespace)
        hasher.combine(line)
        for a in attributes {
            hasher.combine(a.name)
            hasher.combine(a.value)
        }
        hasher.combine(children)
    }
}
