internal import CLibXML2

/// Reads XML bytes into an `SVGElement` tree with libxml2.
///
/// libxml2 runs with network access off, entities left unsubstituted, no DTD loading and its default
/// size and depth limits on (no `XML_PARSE_HUGE`); errors come back through the parser context, with the
/// line and column where the document went wrong, instead of being printed.
public enum XMLDocumentReader {
    public static func read(_ bytes: [UInt8], file: String) throws(SVGLoadError) -> SVGElement {
        guard bytes.count < Int(Int32.max) else {
            throw SVGLoadError(kind: .limitExceeded, file: file, reason: "file is too large to parse")
        }
        guard !bytes.isEmpty else {
            throw SVGLoadError(kind: .malformedXML, file: file, line: 1, column: 1, reason: "the file is empty")
        }
        guard let context = xmlNewParserCtxt() else {
            throw SVGLoadError(kind: .malformedXML, file: file, reason: "libxml2 could not create a parser")
        }
        defer { xmlFreeParserCtxt(context) }
        // libxml2 keeps only its last error, which for a broken file is often a consequence ("Premature
        // end of data") rather than the cause; collect the first one through the structured handler.
        let firstError = FirstError()
        context.pointee._private = Unmanaged.passUnretained(firstError).toOpaque()
        context.pointee.sax.pointee.serror = { userData, error in
            guard let userData, let error else { return }
            let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let box = parser.pointee._private else { return }
            let first = Unmanaged<FirstError>.fromOpaque(box).takeUnretainedValue()
            guard first.message == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            first.message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            first.line = Int(error.pointee.line)
            first.column = Int(error.pointee.int2)
        }
        let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), nil, nil,
                                  SVGICON_XML_PARSE_OPTIONS)
            }
        }
        defer { if let document { xmlFreeDoc(document) } }
        guard let document, context.pointee.wellFormed != 0 else {
            if var message = firstError.message {
                while let last = message.last, last == "\n" || last == " " { message.removeLast() }
                throw SVGLoadError(kind: .malformedXML, file: file, line: firstError.line > 0 ? firstError.line : nil,
                                   column: firstError.column > 0 ? firstError.column : nil,
                                   reason: "malformed XML: \(message)")
            }
            throw error(from: context, file: file)
        }
        guard let root = xmlDocGetRootElement(document) else {
            throw SVGLoadError(kind: .malformedXML, file: file, line: 1, reason: "the document has no root element")
        }
        return element(from: root, document: document)
    }

    /// The first error libxml2 reported while parsing one document.
    private final class FirstError {
        var message: String?
        var line = 0
        var column = 0
    }

    private static func error(from context: xmlParserCtxtPtr, file: String) -> SVGLoadError {
        guard let e = xmlCtxtGetLastError(context) else {
            return SVGLoadError(kind: .malformedXML, file: file, reason: "malformed XML")
        }
        var message = e.pointee.message.map { String(cString: $0) } ?? "malformed XML"
        while let last = message.last, last == "\n" || last == " " { message.removeLast() }
        let line = Int(e.pointee.line)
        let column = Int(e.pointee.int2)
        return SVGLoadError(kind: .malformedXML, file: file, line: line > 0 ? line : nil,
                            column: column > 0 ? column : nil, reason: "malformed XML: \(message)")
    }

    private static func element(from node: xmlNodePtr, document: xmlDocPtr) -> SVGElement {
        let name = String(cString: node.pointee.name)
        let namespace = node.pointee.ns.flatMap { ns in ns.pointee.href.map { String(cString: $0) } }
        var attributes: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let a = attribute {
            var attributeName = String(cString: a.pointee.name)
            if let prefix = a.pointee.ns?.pointee.prefix {
                attributeName = String(cString: prefix) + ":" + attributeName
            }
            var value = ""
            if let raw = xmlNodeListGetString(document, a.pointee.children, 1) {
                value = String(cString: raw)
                svgicon_xml_free(raw)
            }
            attributes.append((attributeName, value))
            attribute = a.pointee.next
        }
        var children: [SVGElement] = []
        var text = ""
        var child = node.pointee.children
        while let c = child {
            switch c.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(element(from: c, document: document))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = c.pointee.content { text += String(cString: content) }
            default:
                break  // comments, processing instructions, entity references
            }
            child = c.pointee.next
        }
        return SVGElement(name: name, namespace: namespace, attributes: attributes, children: children,
                          text: text, line: Int(xmlGetLineNo(node)))
    }
}
