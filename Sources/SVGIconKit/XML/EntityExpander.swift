/// What a document declares for an entity name.
enum EntityDeclaration: Equatable {
    /// One of XML's five (`&lt;` …): its character.
    case predefined(String)
    /// An internal entity: its replacement text as declared, references in it not yet expanded.
    case `internal`(String)
    /// An external entity, and the system identifier it names, if any.
    case external(systemID: String?)
}

/// Where an expander looks entities up: libxml2's document type (`XMLDocumentReader`), or a table in tests.
protocol EntityDeclarations {
    /// The declaration of `name`, nil when the document declares no such entity.
    func declaration(of name: String) -> EntityDeclaration?
}

/// Expands entity references in attribute values, element text and namespace names (libxml2 does not
/// substitute them), within one budget of `SVGLimits.entityExpansion` bytes per document, so that billion
/// laughs and quadratic blow-ups stop early. Internal entities may refer to other entities up to
/// `SVGLimits.entityNesting` deep; a reference to an external entity is refused. An undeclared name is kept
/// as written. Errors name `file` and the line of the reference.
struct EntityExpander<Declarations: EntityDeclarations> {
    let declarations: Declarations
    let file: String
    /// Bytes (and references) expansion may still produce.
    private(set) var budget = SVGLimits.entityExpansion

    init(_ declarations: Declarations, file: String) {
        self.declarations = declarations
        self.file = file
    }

    /// An attribute's value as libxml2's parser hands it over: a slice of the document when it holds no
    /// reference; else with `&#38;` for `&amp;` and entity references kept as written.
    mutating func attributeValue(_ text: UnsafeBufferPointer<UInt8>, line: Int) throws(SVGLoadError) -> String {
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
                result += try entity(named: String(decoding: name, as: UTF8.self), line: line)
            }
            i = semicolon + 1
            start = i
        }
        result += String(decoding: UnsafeBufferPointer(rebasing: text[start...]), as: UTF8.self)
        return result
    }

    /// The replacement text of `&name;` met `depth` references deep: an internal entity's value with its
    /// own references expanded.
    mutating func entity(named name: String, line: Int, depth: Int = 0) throws(SVGLoadError) -> String {
        try spend(name.utf8.count + 2, line: line)
        switch declarations.declaration(of: name) {
        case nil:
            return "&\(name);"
        case .predefined(let value):
            try spend(value.utf8.count, line: line)
            return value
        case .internal(let value):
            guard depth < SVGLimits.entityNesting else {
                throw SVGLoadError(kind: .limitExceeded, file: file, line: line,
                                   reason: "entity &\(name); is nested more than \(SVGLimits.entityNesting) references deep")
            }
            return try expandReferences(in: value, line: line, depth: depth + 1)
        case .external(let systemID):
            let source = systemID.map { " (\($0))" } ?? ""
            throw SVGLoadError(kind: .refused, file: file, line: line,
                               reason: "entity &\(name); is external\(source); svgicon never reads external entities")
        }
    }

    /// Expands `&name;` and `&#…;` references in entity text or a namespace name.
    mutating func expandReferences(in text: String, line: Int, depth: Int = 0) throws(SVGLoadError) -> String {
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

    private mutating func spend(_ bytes: Int, line: Int) throws(SVGLoadError) {
        budget -= bytes
        if budget < 0 {
            throw SVGLoadError(kind: .limitExceeded, file: file, line: line > 0 ? line : nil,
                               reason: "entity references expand to more than \(SVGLimits.entityExpansion >> 20) MiB (an entity bomb); refused")
        }
    }

    /// The character a reference `&#…;` names, given what follows the `#`: decimal digits, or `x` and
    /// hexadecimal ones. Nil when that is no character.
    static func characterReference(_ digits: Substring) -> Unicode.Scalar? {
        let value = digits.first == "x" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }
}
