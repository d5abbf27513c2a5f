internal import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads XML bytes into the resolver's `DocumentTree` with libxml2, configured for files nobody has read.
///
/// - Nothing outside the bytes is read: no network (`XML_PARSE_NONET`), no external DTD, no external
///   entities. As defence in depth, an external entity loader that refuses every request from svgicon's
///   parsers is installed once per process (other libxml2 users in the process keep the loader they had).
/// - libxml2 builds no tree: its parse events go to a `NodeListBuilder` as they come (the callbacks are in
///   `XMLDocumentReader+Callbacks.swift`), and libxml2's document holds only the document type.
/// - libxml2 does not substitute entities. Internal entities referenced in attribute values, text and
///   namespace names (Adobe Illustrator writes `xmlns="&ns_svg;"` and `style="&st0;"`) are expanded by an
///   `EntityExpander` within `SVGLimits.entityExpansion` bytes per document. A reference to an external
///   entity (`<!ENTITY x SYSTEM "file:///etc/passwd">`) is an error.
/// - At most `SVGLimits.elements` elements nested at most `SVGLimits.depth` deep, counted while libxml2
///   parses, so a hostile document is stopped early; libxml2's own limits stay on (no `XML_PARSE_HUGE`).
///
/// Errors name the file and, where the XML is at fault, the line and column.
package enum XMLDocumentReader {
    /// Reads XML bytes into `SVGElement`s: the tree `readTree(_:file:)` builds, viewed as elements (so
    /// only `<style>` elements have text).
    package static func read(_ bytes: [UInt8], file: String) throws(SVGLoadError) -> SVGElement {
        SVGElement(try readTree(bytes, file: file))
    }

    /// Reads XML bytes into the resolver's document tree; gzip-compressed bytes (`.svgz`) are inflated
    /// first, and a PNG, JPEG, GIF, PDF or archive is refused naming what it is (`FileSignature`).
    package static func readTree(_ bytes: [UInt8], file: String) throws(SVGLoadError) -> DocumentTree {
        let bytes = try FileSignature.decoded(bytes, file: file)
        try checkBeforeParsing(bytes, file: file)
        _ = installRefusingEntityLoader
        guard let context = ParserContextPool.shared.take() else {
            throw SVGLoadError(kind: .malformedXML, file: file, reason: "libxml2 could not create a parser")
        }
        defer { ParserContextPool.shared.reuse(context) }  // runs after the document is freed
        let state = ParseState(parser: context, file: file)
        context.pointee._private = Unmanaged.passUnretained(state).toOpaque()
        installCallbacks(in: context.pointee.sax!)
        let document = bytes.count >= streamedSize
            ? readStreamed(bytes, with: context)
            : readDocument(bytes, with: context, growable: !Self.isReadAsUTF8(bytes))
        defer { if let document { xmlFreeDoc(document) } }
        if let error = parseError(state, context: context, read: document != nil) { throw error }
        // A well-formed document has a root: an error met while reading it comes first.
        if let error = state.builder.pointee.error { throw error }
        guard state.builder.pointee.nodes.root != nil else {
            throw SVGLoadError(kind: .malformedXML, file: file, line: 1, reason: "the document has no root element")
        }
        var tree = state.builder.pointee.nodes
        tree.sourceByteCount = bytes.count
        return tree
    }

    /// What makes `bytes` an error before libxml2 sees them: too many of them, none, or a start tag with
    /// more than `SVGLimits.attributes` attributes.
    private static func checkBeforeParsing(_ bytes: [UInt8], file: String) throws(SVGLoadError) {
        guard bytes.count < Int(Int32.max) else {
            throw SVGLoadError(kind: .limitExceeded, file: file, reason: "file is too large to parse")
        }
        guard !bytes.isEmpty else {
            throw SVGLoadError(kind: .malformedXML, file: file, line: 1, column: 1, reason: "the file is empty")
        }
        if let line = lineWithTooManyAttributes(bytes) {
            throw SVGLoadError(kind: .limitExceeded, file: file, line: line,
                               reason: "an element has more than \(SVGLimits.attributes) attributes; not an icon")
        }
    }

    /// The error a parse ended in, first the one svgicon stopped it for: a limit passed, an external
    /// resource refused, or malformed XML (`read`: whether libxml2 returned a document).
    private static func parseError(_ state: ParseState, context: xmlParserCtxtPtr, read: Bool) -> SVGLoadError? {
        let file = state.file
        if let limit = state.limit {
            return SVGLoadError(kind: .limitExceeded, file: file, line: limit.line, reason: limit.reason)
        }
        if let url = state.refusedURL {
            return SVGLoadError(kind: .refused, file: file, line: state.line > 0 ? state.line : nil,
                                reason: "the document asks to load \(url); svgicon never reads external entities or DTDs")
        }
        guard read, context.pointee.wellFormed != 0 else {
            if let message = state.message {
                return SVGLoadError(kind: .malformedXML, file: file, line: state.line > 0 ? state.line : nil,
                                    column: state.column > 0 ? state.column : nil, reason: "malformed XML: \(message)")
            }
            return error(from: context, file: file)
        }
        return nil
    }

    /// The document in `bytes` read with `context`, nil when it is not well-formed. Unless `growable`,
    /// its input is marked as having nothing more to read: libxml2 2.9 otherwise tries to read more into
    /// an in-memory input at every token within 250 bytes of its end, which is all of a small icon. Only a
    /// document libxml2 reads as it is (UTF-8, no encoding to convert from) may be marked: conversion
    /// reads its input through the same hook.
    private static func readDocument(_ bytes: [UInt8], with context: xmlParserCtxtPtr, growable: Bool) -> xmlDocPtr? {
        bytes.withUnsafeBufferPointer { buffer -> xmlDocPtr? in
            buffer.withMemoryRebound(to: CChar.self) { chars -> xmlDocPtr? in
                if growable {
                    return xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), nil, nil,
                                             SVGICON_XML_PARSE_OPTIONS)
                }
                return readComplete(chars, with: context)
            }
        }
    }

    /// Documents this large are handed to libxml2 in chunks, as a file would be. libxml2 2.9 never lets go
    /// of the read part of an in-memory input, and it stops a parse whose position is more than 10 000 000
    /// bytes past the start of what it holds ("Huge input lookup", its lookup limit without
    /// `XML_PARSE_HUGE`): a valid 10 MB card deck would be refused near its end. Read in chunks, libxml2
    /// drops what it has parsed and the limit is left to guard what it is for, a single token (a name, an
    /// attribute value, a comment) of more than 10 MB. 4 MB leaves room for a document in UTF-16, which
    /// grows by up to half as libxml2 converts it to UTF-8.
    package static let streamedSize = 4_000_000

    /// The document in `bytes` read with `context` through a read callback that hands libxml2 the bytes
    /// in the chunks it asks for; nil when it is not well-formed.
    private static func readStreamed(_ bytes: [UInt8], with context: xmlParserCtxtPtr) -> xmlDocPtr? {
        bytes.withUnsafeBytes { raw -> xmlDocPtr? in
            var source = ChunkedSource(bytes: raw, offset: 0)
            return withUnsafeMutablePointer(to: &source) { pointer -> xmlDocPtr? in
                xmlCtxtReadIO(context, { sourcePointer, buffer, length -> Int32 in
                    guard let sourcePointer, let buffer, length > 0 else { return -1 }
                    return sourcePointer.assumingMemoryBound(to: ChunkedSource.self).pointee.read(into: buffer, length)
                }, nil, pointer, nil, nil, SVGICON_XML_PARSE_OPTIONS)
            }
        }
    }

    /// Bytes handed out front to back, for `readStreamed`'s read callback.
    private struct ChunkedSource {
        let bytes: UnsafeRawBufferPointer
        var offset: Int

        /// Copies up to `length` of the next bytes into `buffer`; the count copied, 0 at the end.
        mutating func read(into buffer: UnsafeMutablePointer<CChar>, _ length: Int32) -> Int32 {
            let count = min(Int(length), bytes.count - offset)
            guard count > 0, let base = bytes.baseAddress else { return 0 }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base + offset, byteCount: count)
            offset += count
            return Int32(count)
        }
    }

    /// `xmlCtxtReadMemory`, step by step, with the input marked as complete.
    private static func readComplete(_ chars: UnsafeBufferPointer<CChar>, with context: xmlParserCtxtPtr) -> xmlDocPtr? {
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

    /// The line of the first stretch of bytes between two '<' that holds more than `SVGLimits.attributes`
    /// '=' signs: an upper bound on the attributes of the start tag there, since attribute values cannot hold
    /// a '<'. Linear, and it errs only towards counting a text or comment with that many '=' signs.
    static func lineWithTooManyAttributes(_ bytes: [UInt8]) -> Int? {
        // Fewer bytes than the limit cannot hold that many '=' signs (icons are this small).
        if bytes.count <= SVGLimits.attributes { return nil }
        var line = 1, stretchLine = 1, equals = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "<"):
                equals = 0
                stretchLine = line
            case UInt8(ascii: "="):
                equals += 1
                if equals > SVGLimits.attributes { return stretchLine }
            case UInt8(ascii: "\n"):
                line += 1
            default:
                break
            }
        }
        return nil
    }

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
    static func explain(_ error: xmlError) -> String {
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
}
