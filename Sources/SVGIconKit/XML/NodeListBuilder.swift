internal import CLibXML2
import SVGIconCore

extension XMLDocumentReader {
    /// Builds the resolver's `DocumentTree` from libxml2's parse events as they come, so that libxml2
    /// builds no tree of its own: every element with its namespace, its attributes (names with their
    /// prefix, values with entity references expanded) and, for `style`, its text; and the first error it
    /// meets. An entity reference in an element's text is reported on the line where it stands.
    struct NodeListBuilder {
        let file: String
        /// Room for a typical icon's elements up front (growing from empty reallocates about three times).
        private(set) var nodes = DocumentTree(capacity: 8)
        /// The first error met: nothing more is built or expanded after it.
        private(set) var error: SVGLoadError?
        /// Whether `error` is set (matched, not compared with nil: the comparison copies the error).
        private var failed: Bool {
            if case .some = error { return true }
            return false
        }
        /// Entity expansion against the document libxml2 keeps the declarations in (made at the first
        /// element, once the document type has been read).
        private var expander: EntityExpander<LibXML2Entities>?
        /// The elements open around the current event: each one's index in `nodes` (nil when it is not
        /// kept), and its text while it is one whose text is read.
        private var open: [(index: Int?, keepsText: Bool, text: String)] = []
        /// The last namespace name read, by libxml2's (interned) string for it.
        private var lastNamespace: (uri: UnsafePointer<xmlChar>, value: String)?

        init(file: String) {
            self.file = file
            open.reserveCapacity(8)
        }

        /// A start tag: `attributes` holds five pointers per attribute (local name, prefix, namespace,
        /// value start, value end); the last `defaulted` come from the document type and are not read.
        mutating func start(parser: xmlParserCtxtPtr, localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
                            uri: UnsafePointer<xmlChar>?,
                            attributeCount: Int, defaulted: Int,
                            attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
            let count = max(0, attributeCount - defaulted)
            guard let document = parser.pointee.myDoc else {
                open.append((nil, false, ""))
                return
            }
            if let attributes { Self.parseEntities(in: attributes, count: count, of: document) }
            guard !failed else {
                open.append((nil, false, ""))
                return
            }
            let line = parser.pointee.input.map { Int($0.pointee.line) } ?? 0
            if expander == nil { expander = EntityExpander(LibXML2Entities(document: document), file: file) }
            do {
                // A prefix bound to no namespace stays in the name, as libxml2's tree keeps it (`svg:svg`).
                var name = KnownNames.string(localName)
                if let prefix, uri == nil { name = String(cString: prefix) + ":" + name }
                var namespace: String? = nil
                if let uri { namespace = try namespaceName(uri, line: line) }
                let list = try attributeList(attributes, count: count, line: line)
                var index: Int? = nil
                let depth = open.count + 1
                if open.isEmpty {
                    index = nodes.open(name: name, namespace: namespace, attributes: list, line: line, parent: nil, depth: depth)
                } else if let parent = open[open.count - 1].index {
                    index = nodes.open(name: name, namespace: namespace, attributes: list, line: line, parent: parent, depth: depth)
                }
                open.append((index, index.map { nodes.keepsText(of: $0) } ?? false, ""))
            } catch {
                self.error = error
                open.append((nil, false, ""))
            }
        }

        /// Has libxml2 split the attribute values that hold references as its tree would (into text and
        /// reference nodes), which records each internal entity's parsed content on the entity: a later
        /// reference in text then does not parse it again (nor find its errors first). Done for every
        /// element, kept or not, before an error or after.
        // The helpers below run for every start tag: inlined into `start`.
        @inline(__always)
        private static func parseEntities(in attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>, count: Int,
                                          of document: xmlDocPtr) {
            for i in 0..<count {
                let fields = attributes + 5 * i
                guard let value = fields[3], let end = fields[4],
                      XMLDocumentReader.containsAmpersand(UnsafeBufferPointer(start: value, count: end - value)) else { continue }
                xmlFreeNodeList(xmlStringLenGetNodeList(document, value, Int32(end - value)))
            }
        }

        /// An element's namespace name, with entity references expanded.
        @inline(__always)
        private mutating func namespaceName(_ uri: UnsafePointer<xmlChar>, line: Int) throws(SVGLoadError) -> String {
            if let last = lastNamespace, last.uri == uri { return last.value }
            if XMLDocumentReader.containsAmpersand(uri) {
                // xmlns="&ns_svg;": expanded for every element (each expansion spends from the budget),
                // so never remembered.
                return try expander!.expandReferences(in: String(cString: uri), line: line)
            }
            let value = String(cString: uri)
            lastNamespace = (uri, value)
            return value
        }

        /// The first `count` attributes, in document order, with their prefix (bound or not: libxml2's tree
        /// names an attribute with an unbound prefix by its qualified name) and entity references expanded.
        @inline(__always)
        private mutating func attributeList(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int,
                                            line: Int) throws(SVGLoadError) -> [DocumentTree.Attribute] {
            guard count > 0, let attributes else { return [] }
            var list: [DocumentTree.Attribute] = []
            list.reserveCapacity(count)
            for i in 0..<count {
                let fields = attributes + 5 * i
                guard let local = fields[0], let value = fields[3], let end = fields[4] else { continue }
                var name = KnownNames.string(local)
                if let prefix = fields[1] { name = String(cString: prefix) + ":" + name }
                let text = UnsafeBufferPointer(start: value, count: end - value)
                list.append(.init(name: name, value: try expander!.attributeValue(text, line: line)))
            }
            return list
        }

        mutating func end() {
            guard let element = open.popLast() else { return }
            if !failed, element.keepsText, let index = element.index { nodes.setText(element.text, of: index) }
        }

        mutating func characters(_ text: UnsafePointer<xmlChar>, count: Int) {
            guard !failed, !open.isEmpty, open[open.count - 1].keepsText else { return }
            open[open.count - 1].text += String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
        }

        /// A reference to a (non-predefined) entity in an element's content. Its replacement text is
        /// expanded within the budget first; when it holds markup (`<!ENTITY Rect "<rect …/>">`), the
        /// elements libxml2 parsed it into are built in place, as if written there (XML 1.0 §4.4.3,
        /// "included"); otherwise it is text, kept only by elements that keep text.
        mutating func reference(_ name: UnsafePointer<xmlChar>, line: Int, document: xmlDocPtr?) {
            guard !failed, expander != nil else { return }
            do {
                let expanded = try expander!.entity(named: String(cString: name), line: line)
                if expanded.utf8.contains(UInt8(ascii: "<")), let document, let entity = xmlGetDocEntity(document, name),
                   entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY, let parent = open.last?.index {
                    buildIncluded(entity.pointee.children, parent: parent, depth: open.count + 1, line: line,
                                  document: document, nesting: 0)
                    return
                }
                if !open.isEmpty, open[open.count - 1].keepsText { open[open.count - 1].text += expanded }
            } catch {
                self.error = error
            }
        }
    }
}

/// The entities libxml2 read from a document's type declaration.
extension XMLDocumentReader.NodeListBuilder {
    /// Builds the elements of an entity's parsed content (`first` and its siblings) as children of `parent`,
    /// each on the line of the reference. Attribute values come with their entity references expanded by
    /// libxml2 (the reference's text, expanded within the budget just before, bounds them); references to
    /// further entities are followed up to `SVGLimits.entityNesting` deep; text is kept for `style`.
    /// The element limit of the tree holds (past it, `open` records the error).
    fileprivate mutating func buildIncluded(_ first: xmlNodePtr?, parent: Int, depth: Int, line: Int,
                                            document: xmlDocPtr, nesting: Int) {
        var node = first
        while let n = node {
            defer { node = n.pointee.next }
            switch n.pointee.type {
            case XML_ELEMENT_NODE:
                var name = String(cString: n.pointee.name)
                var namespace: String? = nil
                if let ns = n.pointee.ns {
                    namespace = ns.pointee.href.map { String(cString: $0) }
                    if namespace == nil, let prefix = ns.pointee.prefix { name = String(cString: prefix) + ":" + name }
                }
                var attributes: [DocumentTree.Attribute] = []
                var property = n.pointee.properties
                while let a = property {
                    var attributeName = String(cString: a.pointee.name)
                    if let prefix = a.pointee.ns?.pointee.prefix { attributeName = String(cString: prefix) + ":" + attributeName }
                    var value = ""
                    if let text = xmlNodeListGetString(document, a.pointee.children, 1) {
                        value = String(cString: text)
                        svgicon_xml_free(text)
                    }
                    attributes.append(.init(name: attributeName, value: value))
                    property = a.pointee.next
                }
                guard let index = nodes.open(name: name, namespace: namespace, attributes: attributes, line: line,
                                             parent: parent, depth: depth) else { return }
                if nodes.keepsText(of: index) {
                    var text = ""
                    var child = n.pointee.children
                    while let c = child {
                        if c.pointee.type == XML_TEXT_NODE || c.pointee.type == XML_CDATA_SECTION_NODE,
                           let content = c.pointee.content {
                            text += String(cString: content)
                        }
                        child = c.pointee.next
                    }
                    nodes.setText(text, of: index)
                } else {
                    buildIncluded(n.pointee.children, parent: index, depth: depth + 1, line: line, document: document,
                                  nesting: nesting)
                }
            case XML_ENTITY_REF_NODE:
                guard nesting < SVGLimits.entityNesting, let entityName = n.pointee.name,
                      let entity = xmlGetDocEntity(document, entityName),
                      entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY else { continue }
                buildIncluded(entity.pointee.children, parent: parent, depth: depth, line: line, document: document,
                              nesting: nesting + 1)
            default:
                continue
            }
        }
    }
}

struct LibXML2Entities: EntityDeclarations {
    let document: xmlDocPtr

    func declaration(of name: String) -> EntityDeclaration? {
        guard let entity = xmlGetDocEntity(document, name) else { return nil }
        let value = entity.pointee.content.map { String(cString: $0) } ?? ""
        switch entity.pointee.etype {
        case XML_INTERNAL_PREDEFINED_ENTITY: return .predefined(value)
        case XML_INTERNAL_GENERAL_ENTITY: return .internal(value)
        default: return .external(systemID: entity.pointee.SystemID.map { String(cString: $0) })
        }
    }
}
