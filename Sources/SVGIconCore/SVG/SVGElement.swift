/// An XML element as the SVG resolver sees it: local name, namespace, attributes in document order,
/// children and text. Built by the XML edge (libxml2) or by hand in tests; holds no C types.
public struct SVGElement: Hashable, Sendable {
    public var name: String
    /// Namespace URI, nil when the element has none.
    public var namespace: String?
    /// Attributes in document order, with their prefix when they have one (`xlink:href`).
    public var attributes: [(name: String, value: String)]
    public var children: [SVGElement]
    /// Concatenated character data directly inside the element (for `<style>`).
    public var text: String
    /// 1-based line in the source document (0 when unknown).
    public var line: Int

    public static let svgNamespace = "http://www.w3.org/2000/svg"

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

    public func attribute(_ name: String) -> String? {
        for a in attributes where a.name == name { return a.value }
        return nil
    }

    /// Elements in the SVG namespace, or in none (files that forget `xmlns` are still read as SVG).
    public var isSVG: Bool { namespace == nil || namespace == SVGElement.svgNamespace }

    public static func == (lhs: SVGElement, rhs: SVGElement) -> Bool {
        lhs.name == rhs.name && lhs.namespace == rhs.namespace && lhs.children == rhs.children
            && lhs.text == rhs.text && lhs.line == rhs.line
            && lhs.attributes.map { $0.name } == rhs.attributes.map { $0.name }
            && lhs.attributes.map { $0.value } == rhs.attributes.map { $0.value }
    }

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
