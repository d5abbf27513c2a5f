internal import CLibXML2

/// libxml2's SAX callbacks as svgicon sets them: the document's own parser sends its elements, text and
/// entity references to the parse's `NodeListBuilder`; libxml2's inner parsers (the ones it reads an
/// entity's text with) keep libxml2's own handlers, so that an entity keeps its parsed content. Every
/// start tag is first counted against `SVGLimits.elements` and `SVGLimits.depth`.
extension XMLDocumentReader {
    /// What the libxml2 callbacks of one parse record.
    final class ParseState {
        /// The document's own parser (libxml2 parses entity text with contexts of its own).
        let parser: xmlParserCtxtPtr
        let file: String
        /// The first error libxml2 reported, and where.
        var message: String?
        var line = 0
        var column = 0
        var elements = 0
        var limit: (line: Int, reason: String)?
        var refusedURL: String?
        /// Where the elements go. Held through a pointer: the callbacks reach it without the run-time
        /// exclusivity checks a class's stored property costs.
        let builder: UnsafeMutablePointer<NodeListBuilder>

        init(parser: xmlParserCtxtPtr, file: String) {
            self.parser = parser
            self.file = file
            builder = .allocate(capacity: 1)
            builder.initialize(to: NodeListBuilder(file: file))
        }

        deinit {
            builder.deinitialize(count: 1)
            builder.deallocate()
        }
    }

    static func installCallbacks(in sax: UnsafeMutablePointer<xmlSAXHandler>) {
        sax.pointee.serror = { userData, error in XMLDocumentReader.recordError(userData, error) }
        sax.pointee.startElementNs = countingStartElement
        sax.pointee.endElementNs = endElement
        sax.pointee.characters = characters
        sax.pointee.ignorableWhitespace = characters
        sax.pointee.reference = reference
        // Comments and processing instructions in the document are not read: libxml2 need not keep them
        // (inside entity text they are, see `comment`).
        sax.pointee.comment = comment
        sax.pointee.processingInstruction = processingInstruction
        // Never fetch an external DTD subset, whatever the options say.
        sax.pointee.externalSubset = nil
    }

    /// libxml2 keeps only its last error, which for a broken file is often a consequence ("Premature end
    /// of data") rather than the cause; the first one is collected through the structured handler.
    private static func recordError(_ userData: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
        guard let userData, let error else { return }
        let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let state = state(of: parser),
              state.message == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        state.message = explain(error.pointee)
        if parser != state.parser || parser.pointee.inputNr > 1, let document = state.parser.pointee.inputTab?[0] {
            // Inside an entity's text (libxml2 parses it with a context of its own): point at the
            // reference in the file, not into the entity.
            state.line = Int(document.pointee.line)
            state.column = Int(document.pointee.col)
        } else {
            state.line = Int(error.pointee.line)
            state.column = Int(error.pointee.int2)
        }
    }

    private static func state(of parser: xmlParserCtxtPtr) -> ParseState? {
        parser.pointee._private.map { Unmanaged<ParseState>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The builder of the document's own parser, nil for libxml2's inner parsers (entity text) and
    /// parsers that are not svgicon's.
    private static func builder(_ context: UnsafeMutableRawPointer?)
        -> (xmlParserCtxtPtr, UnsafeMutablePointer<NodeListBuilder>)? {
        guard let context else { return nil }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let box = parser.pointee._private else { return nil }
        // The state outlives the parse; borrowed without retaining it.
        let found = Unmanaged<ParseState>.fromOpaque(box)._withUnsafeGuaranteedRef { state in
            parser == state.parser ? state.builder : nil
        }
        return found.map { (parser, $0) }
    }

    /// libxml2's start-tag handler behind a count of elements and a check of the nesting depth: past a
    /// limit the parser is stopped before it reads more.
    private static let countingStartElement: startElementNsSAX2Func = {
        context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaultedCount, attributes in
        guard let context else { return }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        if let state = XMLDocumentReader.state(of: parser), state.limit == nil {
            state.elements += 1
            // nameNr counts the open elements around this one.
            let depth = Int(parser.pointee.nameNr) + 1
            var reason: String? = nil
            if state.elements > SVGLimits.elements {
                reason = "more than \(SVGLimits.elements) elements; not an icon"
            } else if depth > SVGLimits.depth {
                reason = "elements nest more than \(SVGLimits.depth) levels deep; not an icon"
            }
            if let reason {
                let line = parser.pointee.input.map { Int($0.pointee.line) } ?? 0
                state.limit = (line > 0 ? line : 0, reason)
                xmlStopParser(parser)
                return
            }
        }
        if let (parser, builder) = XMLDocumentReader.builder(context), let localName {
            builder.pointee.start(parser: parser, localName: localName, prefix: prefix, uri: uri,
                                  attributeCount: Int(attributeCount),
                                  defaulted: Int(defaultedCount), attributes: attributes)
            return
        }
        xmlSAX2StartElementNs(context, localName, prefix, uri, namespaceCount, namespaces, attributeCount,
                              defaultedCount, attributes)
    }

    private static let endElement: endElementNsSAX2Func = { context, localName, prefix, uri in
        guard let (_, builder) = XMLDocumentReader.builder(context) else {
            return xmlSAX2EndElementNs(context, localName, prefix, uri)
        }
        builder.pointee.end()
    }

    private static let characters: charactersSAXFunc = { context, text, count in
        guard let (_, builder) = XMLDocumentReader.builder(context) else {
            return xmlSAX2Characters(context, text, count)
        }
        if let text, count > 0 { builder.pointee.characters(text, count: Int(count)) }
    }

    private static let reference: referenceSAXFunc = { context, name in
        guard let (parser, builder) = XMLDocumentReader.builder(context) else {
            return xmlSAX2Reference(context, name)
        }
        let line = parser.pointee.input.map { Int($0.pointee.line) } ?? 0
        if let name { builder.pointee.reference(name, line: line, document: parser.pointee.myDoc) }
    }

    /// A comment: dropped in the document itself; inside an entity's text (libxml2's inner parser) built
    /// as libxml2 builds it, so that the entity keeps its parsed content. An entity holding only a comment
    /// would otherwise be parsed again at every reference to it (a million references to a long one are a
    /// small file).
    private static let comment: commentSAXFunc = { context, value in
        guard XMLDocumentReader.builder(context) == nil else { return }
        xmlSAX2Comment(context, value)
    }

    /// A processing instruction: as `comment`.
    private static let processingInstruction: processingInstructionSAXFunc = { context, target, data in
        guard XMLDocumentReader.builder(context) == nil else { return }
        xmlSAX2ProcessingInstruction(context, target, data)
    }

    /// The loader that was installed before svgicon's (libxml2's default, or the host app's).
    nonisolated(unsafe) private static var previousEntityLoader: xmlExternalEntityLoader?

    /// Installs, once per process, an external entity loader that refuses everything svgicon's parsers ask
    /// for (they never should: no option loads external resources) and defers to the previous loader for
    /// every other parser.
    static let installRefusingEntityLoader: Void = {
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
}
