internal import CLibXML2
import SVGIconCore

extension XMLDocumentReader {
    /// Builds the resolver's flat node list from libxml2's parse events as they come, so that libxml2
    /// builds no tree of its own (which costs a fifth of reading an icon to build and free). What it
    /// keeps, expands and refuses is what `TreeBuilder.add` does with the tree: the same elements,
    /// attributes (names with their bound prefix, values with internal entity references expanded within
    /// the same budget), namespaces and `style` text, and the first error it meets. An entity reference in
    /// an element's text is reported on the line where it stands.
    struct NodeListBuilder {
        let file: String
        /// Room for a typical icon's elements up front (growing from empty reallocates about three times).
        private(set) var nodes = DocumentNodes(capacity: 8)
        /// The first error met: nothing more is built or expanded after it (the tree builder would have
        /// thrown it).
        private(set) var error: SVGLoadError?
        /// Whether `error` is set (matched, not compared with nil: the comparison copies the error).
        private var failed: Bool {
            if case .some = error { return true }
            return false
        }
        /// Entity expansion against the document libxml2 keeps the declarations in (made at the first
        /// element, once the document type has been read).
        private var expander: TreeBuilder?
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
            if let document = parser.pointee.myDoc, let attributes {
                // libxml2's tree splits a value holding references into text and reference nodes, which
                // also records each internal entity's parsed content on the entity: a later reference in
                // text then does not parse it again (nor find its errors first). Done for every element,
                // as the tree builds them all.
                for i in 0..<count {
                    let fields = attributes + 5 * i
                    guard let value = fields[3], let end = fields[4],
                          XMLDocumentReader.containsAmpersand(UnsafeBufferPointer(start: value, count: end - value)) else { continue }
                    xmlFreeNodeList(xmlStringLenGetNodeList(document, value, Int32(end - value)))
                }
            }
            guard !failed, let document = parser.pointee.myDoc else {
                open.append((nil, false, ""))
                return
            }
            let line = parser.pointee.input.map { Int($0.pointee.line) } ?? 0
            if expander == nil { expander = TreeBuilder(document: document, file: file) }
            do {
                // A prefix bound to no namespace stays in the name, as libxml2's tree keeps it (`svg:svg`).
                var name = KnownNames.string(localName)
                if let prefix, uri == nil { name = String(cString: prefix) + ":" + name }
                var namespace: String? = nil
                if let uri {
                    if let last = lastNamespace, last.uri == uri {
                        namespace = last.value
                    } else if XMLDocumentReader.containsAmpersand(uri) {
                        // xmlns="&ns_svg;": expanded for every element, as the tree builder does.
                        namespace = try expander!.expandReferences(in: String(cString: uri), line: line, depth: 0)
                    } else {
                        let value = String(cString: uri)
                        namespace = value
                        lastNamespace = (uri, value)
                    }
                }
                var list: [DocumentNodes.Attribute] = []
                if count > 0, let attributes {
                    list.reserveCapacity(count)
                    for i in 0..<count {
                        let fields = attributes + 5 * i
                        guard let local = fields[0], let value = fields[3], let end = fields[4] else { continue }
                        // The prefix stays, bound or not (libxml2's tree names an attribute with an unbound
                        // prefix by its qualified name).
                        var attributeName = KnownNames.string(local)
                        if let prefix = fields[1] { attributeName = String(cString: prefix) + ":" + attributeName }
                        let text = UnsafeBufferPointer(start: value, count: end - value)
                        list.append(.init(name: attributeName, value: try expander!.attributeValue(text, line: line)))
                    }
                }
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

        mutating func end() {
            guard let element = open.popLast() else { return }
            if !failed, element.keepsText, let index = element.index { nodes.setText(element.text, of: index) }
        }

        mutating func characters(_ text: UnsafePointer<xmlChar>, count: Int) {
            guard !failed, !open.isEmpty, open[open.count - 1].keepsText else { return }
            open[open.count - 1].text += String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
        }

        /// A reference to a (non-predefined) entity in an element's text.
        mutating func reference(_ name: UnsafePointer<xmlChar>, line: Int) {
            guard !failed, expander != nil else { return }
            do {
                let expanded = try expander!.entity(named: String(cString: name), line: line, depth: 0)
                if !open.isEmpty, open[open.count - 1].keepsText { open[open.count - 1].text += expanded }
            } catch {
                self.error = error
            }
        }
    }
}
