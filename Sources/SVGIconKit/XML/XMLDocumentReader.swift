internal import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads XML bytes into an `SVGElement` tree with libxml2, configured for files nobody has read.
///
/// - Nothing outside the bytes is read: no network (`XML_PARSE_NONET`), no external DTD, no external
///   entities. As defence in depth, an external entity loader that refuses every request from svgicon's
///   parsers is installed once per process (other libxml2 users in the process keep the loader they had).
/// - libxml2 does not substitute entities. Internal entities referenced in attribute values, text and
///   namespace names (Adobe Illustrator writes `xmlns="&ns_svg;"` and `style="&st0;"`) are expanded here,
///   within `maxEntityExpansion` bytes per document, so billion-laughs and quadratic blow-ups stop early. A
///   reference to an external entity (`<!ENTITY x SYSTEM "file:///etc/passwd">`) is an error.
/// - At most `maxElements` elements nested at most `maxDepth` deep, counted while libxml2 parses, so a hostile
///   document is stopped before its tree is built. libxml2's own limits stay on (no `XML_PARSE_HUGE`).
///
/// Errors name the file and, where the XML is at fault, the line and column.
public enum XMLDocumentReader {
    /// Elements one document may contain (icons have tens to thousands).
    public static let maxElements = 50_000
    /// Attributes one element may have. libxml2 2.9 checks and stores an element's attributes in quadratic
    /// time, and parses a whole start tag before svgicon hears of it, so the bytes are scanned first.
    public static let maxAttributes = 10_000
    /// How deeply elements may nest (icons rarely go past 20).
    public static let maxDepth = 128
    /// Bytes that entity references may expand to in one document, all references together.
    public static let maxEntityExpansion = 1 << 20
    /// How deeply entities may refer to other entities.
    public static let maxEntityNesting = 16

    public static func read(_ bytes: [UInt8], file: String) throws(SVGLoadError) -> SVGElement {
        try parse(bytes, file: file, streaming: false) { document, state throws(SVGLoadError) in
            guard let root = xmlDocGetRootElement(document) else {
                throw SVGLoadError(kind: .malformedXML, file: file, line: 1, reason: "the document has no root element")
            }
            var builder = TreeBuilder(document: document, file: file)
            return try builder.element(from: root)
        }
    }

    /// Reads XML bytes straight into the resolver's flat node list (no `SVGElement`s, and no libxml2 tree:
    /// see `NodeListBuilder`): the same elements, limits and errors as `read(_:file:)`.
    package static func readNodes(_ bytes: [UInt8], file: String) throws(SVGLoadError) -> DocumentNodes {
        try parse(bytes, file: file, streaming: true) { _, state throws(SVGLoadError) in
            // A well-formed document has a root: an error met while reading it comes first.
            if let error = state.nodeBuilder?.pointee.error { throw error }
            guard let builder = state.nodeBuilder?.pointee, builder.nodes.root != nil else {
                throw SVGLoadError(kind: .malformedXML, file: file, line: 1, reason: "the document has no root element")
            }
            return builder.nodes
        }
    }

    /// Parses `bytes` and hands the document to `build`. `streaming`: the elements go to the state's
    /// `NodeListBuilder` as libxml2 reads them, and libxml2's document holds no elements (only the document
    /// type, and the parsed content of the entities it declares).
    private static func parse<Result>(_ bytes: [UInt8], file: String, streaming: Bool,
                                      build: (xmlDocPtr, ParseState) throws(SVGLoadError) -> Result)
        throws(SVGLoadError) -> Result {
        guard bytes.count < Int(Int32.max) else {
            throw SVGLoadError(kind: .limitExceeded, file: file, reason: "file is too large to parse")
        }
        guard !bytes.isEmpty else {
            throw SVGLoadError(kind: .malformedXML, file: file, line: 1, column: 1, reason: "the file is empty")
        }
        if let line = lineWithTooManyAttributes(bytes) {
            throw SVGLoadError(kind: .limitExceeded, file: file, line: line,
                               reason: "an element has more than \(maxAttributes) attributes; not an icon")
        }
        _ = installRefusingEntityLoader
        guard let context = ParserContextPool.shared.take() else {
            throw SVGLoadError(kind: .malformedXML, file: file, reason: "libxml2 could not create a parser")
        }
        defer { ParserContextPool.shared.reuse(context) }  // runs after the document is freed
        let state = ParseState()
        state.parser = context
        context.pointee._private = Unmanaged.passUnretained(state).toOpaque()
        let sax = context.pointee.sax!
        // libxml2 keeps only its last error, which for a broken file is often a consequence ("Premature
        // end of data") rather than the cause; collect the first one through the structured handler.
        sax.pointee.serror = { userData, error in
            guard let userData, let error else { return }
            let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let box = parser.pointee._private else { return }
            let state = Unmanaged<ParseState>.fromOpaque(box).takeUnretainedValue()
            guard state.message == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            state.message = XMLDocumentReader.explain(error.pointee)
            if parser != state.parser || parser.pointee.inputNr > 1,
               let document = state.parser?.pointee.inputTab?[0] {
                // Inside an entity's text (libxml2 parses it with a context of its own): point at the
                // reference in the file, not into the entity.
                state.line = Int(document.pointee.line)
                state.column = Int(document.pointee.col)
            } else {
                state.line = Int(error.pointee.line)
                state.column = Int(error.pointee.int2)
            }
        }
        sax.pointee.startElementNs = countingStartElement
        if streaming {
            let builder = UnsafeMutablePointer<NodeListBuilder>.allocate(capacity: 1)
            builder.initialize(to: NodeListBuilder(file: file))
            state.nodeBuilder = builder
            sax.pointee.endElementNs = streamingEndElement
            sax.pointee.characters = streamingCharacters
            sax.pointee.ignorableWhitespace = streamingCharacters
            sax.pointee.reference = streamingReference
            // Comments and processing instructions in the document are not read: libxml2 need not keep them
            // (inside entity text they are, see `streamingComment`).
            sax.pointee.comment = streamingComment
            sax.pointee.processingInstruction = streamingProcessingInstruction
        } else {
            sax.pointee.endElementNs = xmlSAX2EndElementNs
            sax.pointee.characters = xmlSAX2Characters
            sax.pointee.ignorableWhitespace = xmlSAX2Characters
            sax.pointee.reference = xmlSAX2Reference
            sax.pointee.comment = xmlSAX2Comment
            sax.pointee.processingInstruction = xmlSAX2ProcessingInstruction
        }
        // Never fetch an external DTD subset, whatever the options say.
        sax.pointee.externalSubset = nil
        // Past 10 MB into its input libxml2 2.9 wants the input's own read hook (without XML_PARSE_HUGE
        // it reports "Huge input lookup" otherwise): such documents keep it.
        let document = readDocument(bytes, with: context,
                                    growable: bytes.count >= 10_000_000 || !Self.isReadAsUTF8(bytes))
        defer { if let document { xmlFreeDoc(document) } }
        if let limit = state.limit {
            throw SVGLoadError(kind: .limitExceeded, file: file, line: limit.line, reason: limit.reason)
        }
        if let url = state.refusedURL {
            throw SVGLoadError(kind: .refused, file: file, line: state.line > 0 ? state.line : nil,
                               reason: "the document asks to load \(url); svgicon never reads external entities or DTDs")
        }
        guard let document, context.pointee.wellFormed != 0 else {
            if let message = state.message {
                throw SVGLoadError(kind: .malformedXML, file: file, line: state.line > 0 ? state.line : nil,
                                   column: state.column > 0 ? state.column : nil, reason: "malformed XML: \(message)")
            }
            throw error(from: context, file: file)
        }
        return try build(document, state)
    }

    /// `xmlCtxtReadMemory`, step by step: the document in `bytes` read with `context`. Unless `growable`,
    /// its input is marked as having nothing more to read: libxml2 2.9 otherwise tries to read more into
    /// an in-memory input at every token within 250 bytes of its end — all of a small icon, and a tenth of
    /// its parse. Only a document libxml2 reads as it is (UTF-8, no encoding to convert from) may be
    /// marked: conversion reads its input through the same hook.
    private static func readDocument(_ bytes: [UInt8], with context: xmlParserCtxtPtr, growable: Bool) -> xmlDocPtr? {
        bytes.withUnsafeBufferPointer { buffer -> xmlDocPtr? in
            buffer.withMemoryRebound(to: CChar.self) { chars -> xmlDocPtr? in
                if growable {
                    return xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), nil, nil,
                                             SVGICON_XML_PARSE_OPTIONS)
                }
                xmlCtxtReset(context)
                // A copy of the bytes, as xmlCtxtReadMemory makes.
                guard let input = xmlParserInputBufferCreateMem(chars.baseAddress, Int32(chars.count),
                                                               XML_CHAR_ENCODING_NONE) else { return nil }
                input.pointee.readcallback = nil
                guard let stream = xmlNewIOInputStream(context, input, XML_CHAR_ENCODING_NONE) else {
                    xmlFreeParserInputBuffer(input)
                    return nil
                }
                _ = inputPush(context, stream)
                _ = xmlCtxtUseOptions(context, SVGICON_XML_PARSE_OPTIONS)
                _ = xmlParseDocument(context)
                let document = context.pointee.myDoc
                context.pointee.myDoc = nil
                guard context.pointee.wellFormed != 0 else {
                    if let document { xmlFreeDoc(document) }
                    return nil
                }
                return document
            }
        }
    }

    /// Whether libxml2 reads `bytes` as they are: UTF-8 (or its ASCII subset) with no XML declaration
    /// naming another encoding. Documents in UTF-16 or UCS-4 (a byte-order mark or zero bytes), in EBCDIC,
    /// or declaring another encoding are converted as libxml2 reads them.
    package static func isReadAsUTF8(_ bytes: [UInt8]) -> Bool {
        var start = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
        guard bytes.count >= start + 2, bytes[start] == UInt8(ascii: "<"), bytes[start + 1] != 0 else { return false }
        guard bytes[start + 1] == UInt8(ascii: "?") else { return true }
        let window = bytes[start..<min(bytes.count, start + 256)]
        // A declaration longer than the window may name its encoding past it: read such documents as they are.
        guard let close = window.firstIndex(of: UInt8(ascii: ">")) else { return false }
        let declaration = window[..<close]
        let text = String(decoding: declaration, as: UTF8.self).lowercased()
        guard let range = text.range(of: "encoding") else { return true }
        let value = text[range.upperBound...].drop { " \t\r\n=\"'".contains($0) }
        return value.hasPrefix("utf-8") || value.hasPrefix("utf8")
    }

    /// The line of the first stretch of bytes between two '<' that holds more than `maxAttributes` '='
    /// signs: an upper bound on the attributes of the start tag there, since attribute values cannot hold
    /// a '<'. Linear, and it errs only towards counting a text or comment with that many '=' signs.
    static func lineWithTooManyAttributes(_ bytes: [UInt8]) -> Int? {
        // Fewer bytes than the limit cannot hold that many '=' signs (icons are this small).
        if bytes.count <= maxAttributes { return nil }
        var line = 1, stretchLine = 1, equals = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "<"):
                equals = 0
                stretchLine = line
            case UInt8(ascii: "="):
                equals += 1
                if equals > maxAttributes { return stretchLine }
            case UInt8(ascii: "\n"):
                line += 1
            default:
                break
            }
        }
        return nil
    }

    /// What the libxml2 callbacks of one parse record.
    private final class ParseState {
        /// The document's own parser (libxml2 parses entity text with contexts of its own).
        var parser: xmlParserCtxtPtr?
        var message: String?
        var line = 0
        var column = 0
        var elements = 0
        var limit: (line: Int, reason: String)?
        var refusedURL: String?
        /// Where the elements go when libxml2 builds no tree (`readNodes`). Held through a pointer: the
        /// callbacks reach it without the run-time exclusivity checks a class's stored property costs.
        var nodeBuilder: UnsafeMutablePointer<NodeListBuilder>?

        deinit {
            nodeBuilder?.deinitialize(count: 1)
            nodeBuilder?.deallocate()
        }
    }

    /// The state of the document's own parser, nil for libxml2's inner parsers (entity text) and parsers
    /// that are not svgicon's.
    private static func streamingState(_ context: UnsafeMutableRawPointer?)
        -> (xmlParserCtxtPtr, UnsafeMutablePointer<NodeListBuilder>)? {
        guard let context else { return nil }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let box = parser.pointee._private else { return nil }
        // The state outlives the parse; borrowed without retaining it.
        let found = Unmanaged<ParseState>.fromOpaque(box)._withUnsafeGuaranteedRef { state in
            parser == state.parser ? state.nodeBuilder : nil
        }
        return found.map { (parser, $0) }
    }

    private static let streamingEndElement: endElementNsSAX2Func = { context, localName, prefix, uri in
        guard let (_, state) = XMLDocumentReader.streamingState(context) else {
            return xmlSAX2EndElementNs(context, localName, prefix, uri)
        }
        state.pointee.end()
    }

    private static let streamingCharacters: charactersSAXFunc = { context, text, count in
        guard let (_, state) = XMLDocumentReader.streamingState(context) else {
            return xmlSAX2Characters(context, text, count)
        }
        if let text, count > 0 { state.pointee.characters(text, count: Int(count)) }
    }

    private static let streamingReference: referenceSAXFunc = { context, name in
        guard let (parser, state) = XMLDocumentReader.streamingState(context) else {
            return xmlSAX2Reference(context, name)
        }
        let line = parser.pointee.input.map { Int($0.pointee.line) } ?? 0
        if let name { state.pointee.reference(name, line: line) }
    }

    /// A comment: dropped in the document itself; inside an entity's text (libxml2's inner parser) built
    /// as libxml2 builds it, so that the entity keeps its parsed content. An entity holding only a comment
    /// would otherwise be parsed again at every reference to it (a million references to a long one are a
    /// small file).
    private static let streamingComment: commentSAXFunc = { context, value in
        guard XMLDocumentReader.streamingState(context) == nil else { return }
        xmlSAX2Comment(context, value)
    }

    /// A processing instruction: as `streamingComment`.
    private static let streamingProcessingInstruction: processingInstructionSAXFunc = { context, target, data in
        guard XMLDocumentReader.streamingState(context) == nil else { return }
        xmlSAX2ProcessingInstruction(context, target, data)
    }

    private static func state(of parser: xmlParserCtxtPtr) -> ParseState? {
        parser.pointee._private.map { Unmanaged<ParseState>.fromOpaque($0).takeUnretainedValue() }
    }

    /// libxml2's start-tag handler behind a count of elements and a check of the nesting depth: past a
    /// limit the parser is stopped before it builds more of the tree.
    private static let countingStartElement: startElementNsSAX2Func = {
        context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaultedCount, attributes in
        guard let context else { return }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        if let state = XMLDocumentReader.state(of: parser), state.limit == nil {
            state.elements += 1
            // nameNr counts the open elements around this one.
            let depth = Int(parser.pointee.nameNr) + 1
            var reason: String? = nil
            if state.elements > XMLDocumentReader.maxElements {
                reason = "more than \(XMLDocumentReader.maxElements) elements; not an icon"
            } else if depth > XMLDocumentReader.maxDepth {
                reason = "elements nest more than \(XMLDocumentReader.maxDepth) levels deep; not an icon"
            }
            if let reason {
                let line = parser.pointee.input.map { Int($0.pointee.line) } ?? 0
                state.limit = (line > 0 ? line : 0, reason)
                xmlStopParser(parser)
                return
            }
        }
        if let (parser, state) = XMLDocumentReader.streamingState(context), let localName {
            state.pointee.start(parser: parser, localName: localName, prefix: prefix, uri: uri,
                                attributeCount: Int(attributeCount),
                                defaulted: Int(defaultedCount), attributes: attributes)
            return
        }
        xmlSAX2StartElementNs(context, localName, prefix, uri, namespaceCount, namespaces, attributeCount,
                              defaultedCount, attributes)
    }

    /// The loader that was installed before svgicon's (libxml2's default, or the host app's).
    nonisolated(unsafe) private static var previousEntityLoader: xmlExternalEntityLoader?

    /// Installs, once per process, an external entity loader that refuses everything svgicon's parsers ask
    /// for (they never should: no option loads external resources) and defers to the previous loader for
    /// every other parser.
    private static let installRefusingEntityLoader: Void = {
        xmlInitParser()
        previousEntityLoader = xmlGetExternalEntityLoader()
        xmlSetExternalEntityLoader { url, id, context in
            if let context, let handler = context.pointee.sax?.pointee.startElementNs,
               unsafeBitCast(handler, to: UnsafeRawPointer.self)
                == unsafeBitCast(XMLDocumentReader.countingStartElement, to: UnsafeRawPointer.self) {
                if let state = XMLDocumentReader.state(of: context), state.refusedURL == nil {
                    state.refusedURL = url.map { String(cString: $0) } ?? id.map { String(cString: $0) } ?? "an external resource"
                    state.line = context.pointee.input.map { Int($0.pointee.line) } ?? 0
                }
                return nil
            }
            return XMLDocumentReader.previousEntityLoader?(url, id, context)
        }
    }()

    /// Whether `text` holds an '&' (memchr: attribute values such as path data run to kilobytes).
    static func containsAmpersand(_ text: UnsafeBufferPointer<xmlChar>) -> Bool {
        guard let base = text.baseAddress, !text.isEmpty else { return false }
        return memchr(base, Int32(UInt8(ascii: "&")), text.count) != nil
    }

    /// Whether a C string holds an '&'.
    static func containsAmpersand(_ text: UnsafePointer<xmlChar>) -> Bool {
        var p = text
        while p.pointee != 0 {
            if p.pointee == UInt8(ascii: "&") { return true }
            p += 1
        }
        return false
    }

    /// libxml2's message, with svgicon's reading of the errors hostile files cause.
    private static func explain(_ error: xmlError) -> String {
        // One line: libxml2 puts details ("Bytes: 0xE9 0x20") on a second one.
        var message = (error.message.map { String(cString: $0) } ?? "malformed XML")
            .split(whereSeparator: { $0 == "\n" || $0 == " " }).joined(separator: " ")
        if message.utf8.count > 300 { message = String(message.unicodeScalars.prefix(300)) + "…" }  // names can be 50 000 long
        switch error.code {
        case Int32(XML_ERR_ENTITY_LOOP.rawValue):
            return "\(message) (entities that refer to themselves or expand without bound: an entity bomb)"
        case Int32(XML_ERR_ENTITY_IS_EXTERNAL.rawValue):
            return "\(message); svgicon never reads external entities"
        default:
            return message
        }
    }

    private static func error(from context: xmlParserCtxtPtr, file: String) -> SVGLoadError {
        guard let e = xmlCtxtGetLastError(context) else {
            return SVGLoadError(kind: .malformedXML, file: file, reason: "malformed XML")
        }
        let line = Int(e.pointee.line)
        let column = Int(e.pointee.int2)
        return SVGLoadError(kind: .malformedXML, file: file, line: line > 0 ? line : nil,
                            column: column > 0 ? column : nil, reason: "malformed XML: \(explain(e.pointee))")
    }

    /// Converts libxml2's tree into `SVGElement`s, expanding internal entity references within the budget.
    struct TreeBuilder {
        let document: xmlDocPtr
        let file: String
        /// Bytes (and references) entity expansion may still produce.
        var budget = XMLDocumentReader.maxEntityExpansion
        /// The last namespace read without entity references, by the libxml2 declaration it came from.
        var lastNamespace: (ns: xmlNsPtr, uri: String?)?

        /// An element's local name, namespace URI (references expanded), attributes and line.
        mutating func header(of node: xmlNodePtr) throws(SVGLoadError)
            -> (name: String, namespace: String?, attributes: [DocumentNodes.Attribute], line: Int) {
            let line = Int(xmlGetLineNo(node))
            let name = String(cString: node.pointee.name)
            var namespace: String?
            if let ns = node.pointee.ns, ns == lastNamespace?.ns {
                // Children share their parent's namespace declaration: read its name once.
                namespace = lastNamespace?.uri
            } else {
                namespace = node.pointee.ns.flatMap { ns in ns.pointee.href.map { String(cString: $0) } }
                if let href = node.pointee.ns?.pointee.href, XMLDocumentReader.containsAmpersand(href),
                   let uri = namespace {
                    // xmlns="&ns_svg;": libxml2 keeps the reference as written. Expanded for every element
                    // (each expansion spends from the budget), so never remembered.
                    namespace = try expandReferences(in: uri, line: line, depth: 0)
                } else if let ns = node.pointee.ns {
                    lastNamespace = (ns, namespace)
                }
            }
            var attributes: [DocumentNodes.Attribute] = []
            var count = 0
            var attribute = node.pointee.properties
            while let a = attribute {
                count += 1
                attribute = a.pointee.next
            }
            attributes.reserveCapacity(count)
            attribute = node.pointee.properties
            while let a = attribute {
                var attributeName = String(cString: a.pointee.name)
                if let prefix = a.pointee.ns?.pointee.prefix {
                    attributeName = String(cString: prefix) + ":" + attributeName
                }
                attributes.append(.init(name: attributeName, value: try content(of: a.pointee.children, line: line)))
                attribute = a.pointee.next
            }
            return (name, namespace, attributes, line)
        }

        /// Adds `node` and its descendants to `nodes`, visiting them as `element(from:)` does (so the same
        /// entity references are expanded, in the same order, with the same errors).
        mutating func add(_ node: xmlNodePtr, parent: Int?, depth: Int,
                          to nodes: inout DocumentNodes) throws(SVGLoadError) {
            let (name, namespace, attributes, line) = try header(of: node)
            guard let index = nodes.open(name: name, namespace: namespace, attributes: attributes, line: line,
                                         parent: parent, depth: depth) else {
                // Past the tree's limits (the parse limits stop such documents first): nothing more is
                // kept, but the rest is still read for the errors it holds.
                var child = node.pointee.children
                while let c = child {
                    if c.pointee.type == XML_ELEMENT_NODE { _ = try element(from: c) }
                    else if c.pointee.type == XML_ENTITY_REF_NODE {
                        _ = try entity(named: String(cString: c.pointee.name), line: Int(xmlGetLineNo(c)), depth: 0)
                    }
                    child = c.pointee.next
                }
                return
            }
            // Only the text the resolver reads is built; entity references are expanded either way.
            let keepsText = nodes.keepsText(of: index)
            var text = ""
            var child = node.pointee.children
            while let c = child {
                switch c.pointee.type {
                case XML_ELEMENT_NODE:
                    try add(c, parent: index, depth: depth + 1, to: &nodes)
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if keepsText, let content = c.pointee.content { text += String(cString: content) }
                case XML_ENTITY_REF_NODE:
                    let expanded = try entity(named: String(cString: c.pointee.name), line: Int(xmlGetLineNo(c)), depth: 0)
                    if keepsText { text += expanded }
                default:
                    break  // comments, processing instructions
                }
                child = c.pointee.next
            }
            if keepsText { nodes.setText(text, of: index) }
        }

        mutating func element(from node: xmlNodePtr) throws(SVGLoadError) -> SVGElement {
            let (name, namespace, attributes, line) = try header(of: node)
            var children: [SVGElement] = []
            var text = ""
            var child = node.pointee.children
            while let c = child {
                switch c.pointee.type {
                case XML_ELEMENT_NODE:
                    children.append(try element(from: c))
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = c.pointee.content { text += String(cString: content) }
                case XML_ENTITY_REF_NODE:
                    text += try entity(named: String(cString: c.pointee.name), line: Int(xmlGetLineNo(c)), depth: 0)
                default:
                    break  // comments, processing instructions
                }
                child = c.pointee.next
            }
            return SVGElement(name: name, namespace: namespace, attributes: attributes.map { ($0.name, $0.value) },
                              children: children, text: text, line: line)
        }

        /// An attribute's value as libxml2's parser hands it over (a slice of the document when it holds no
        /// reference; else with `&#38;` for `&amp;` and entity references kept as written), read as
        /// `content(of:)` reads the text and reference nodes libxml2's tree makes of it.
        mutating func attributeValue(_ text: UnsafeBufferPointer<xmlChar>, line: Int) throws(SVGLoadError) -> String {
            guard XMLDocumentReader.containsAmpersand(text) else { return String(decoding: text, as: UTF8.self) }
            var result = ""
            var start = 0, i = 0
            while i < text.count {
                guard text[i] == UInt8(ascii: "&"), let semicolon = text[i...].firstIndex(of: UInt8(ascii: ";")) else {
                    i += 1
                    continue
                }
                result += String(decoding: UnsafeBufferPointer(rebasing: text[start..<i]), as: UTF8.self)
                let name = UnsafeBufferPointer(rebasing: text[(i + 1)..<semicolon])
                if name.first == UInt8(ascii: "#") {
                    let digits = String(decoding: UnsafeBufferPointer(rebasing: name.dropFirst()), as: UTF8.self)
                    if let scalar = Self.characterReference(Substring(digits)) { result.unicodeScalars.append(scalar) }
                } else {
                    result += try entity(named: String(decoding: name, as: UTF8.self), line: line, depth: 0)
                }
                i = semicolon + 1
                start = i
            }
            result += String(decoding: UnsafeBufferPointer(rebasing: text[start...]), as: UTF8.self)
            return result
        }

        /// The character a reference `&#…;` names, given what follows the `#`: decimal digits, or `x` and
        /// hexadecimal ones. Nil when that is no character.
        static func characterReference(_ digits: Substring) -> Unicode.Scalar? {
            let value = digits.first == "x" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init)
        }

        /// An attribute's value: its text pieces with entity references expanded.
        mutating func content(of list: xmlNodePtr?, line: Int) throws(SVGLoadError) -> String {
            if let n = list, n.pointee.next == nil, let content = n.pointee.content,
               n.pointee.type == XML_TEXT_NODE || n.pointee.type == XML_CDATA_SECTION_NODE {
                return String(cString: content)  // the usual value: one piece of text
            }
            var result = ""
            var node = list
            while let n = node {
                switch n.pointee.type {
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = n.pointee.content { result += String(cString: content) }
                case XML_ENTITY_REF_NODE:
                    result += try entity(named: String(cString: n.pointee.name), line: line, depth: 0)
                default:
                    break
                }
                node = n.pointee.next
            }
            return result
        }

        /// The replacement text of `&name;`: an internal entity's value with its own references expanded.
        mutating func entity(named name: String, line: Int, depth: Int) throws(SVGLoadError) -> String {
            try spend(name.utf8.count + 2, line: line)
            guard let entity = xmlGetDocEntity(document, name) else { return "&\(name);" }
            let value = entity.pointee.content.map { String(cString: $0) } ?? ""
            switch entity.pointee.etype {
            case XML_INTERNAL_PREDEFINED_ENTITY:
                try spend(value.utf8.count, line: line)
                return value
            case XML_INTERNAL_GENERAL_ENTITY:
                guard depth < XMLDocumentReader.maxEntityNesting else {
                    throw SVGLoadError(kind: .limitExceeded, file: file, line: line,
                                       reason: "entity &\(name); is nested more than \(XMLDocumentReader.maxEntityNesting) references deep")
                }
                return try expandReferences(in: value, line: line, depth: depth + 1)
            default:
                let source = entity.pointee.SystemID.map { " (\(String(cString: $0)))" } ?? ""
                throw SVGLoadError(kind: .refused, file: file, line: line,
                                   reason: "entity &\(name); is external\(source); svgicon never reads external entities")
            }
        }

        /// Expands `&name;` and `&#…;` references in entity text or a namespace name.
        mutating func expandReferences(in text: String, line: Int, depth: Int) throws(SVGLoadError) -> String {
            var result = ""
            var rest = Substring(text)
            while let amp = rest.firstIndex(of: "&") {
                let literal = rest[..<amp]
                try spend(literal.utf8.count, line: line)
                result += literal
                let afterAmp = rest[rest.index(after: amp)...]
                guard let semicolon = afterAmp.prefix(64).firstIndex(of: ";") else {
                    // Not a reference; keep the ampersand.
                    try spend(1, line: line)
                    result += "&"
                    rest = afterAmp
                    continue
                }
                let name = afterAmp[..<semicolon]
                if name.first == "#" {
                    try spend(4, line: line)
                    if let scalar = Self.characterReference(name.dropFirst()) { result.unicodeScalars.append(scalar) }
                } else {
                    result += try entity(named: String(name), line: line, depth: depth)
                }
                rest = afterAmp[afterAmp.index(after: semicolon)...]
            }
            try spend(rest.utf8.count, line: line)
            return result + rest
        }

        mutating func spend(_ bytes: Int, line: Int) throws(SVGLoadError) {
            budget -= bytes
            if budget < 0 {
                throw SVGLoadError(kind: .limitExceeded, file: file, line: line > 0 ? line : nil,
                                   reason: "entity references expand to more than \(XMLDocumentReader.maxEntityExpansion >> 20) MiB (an entity bomb); refused")
            }
        }
    }
}
