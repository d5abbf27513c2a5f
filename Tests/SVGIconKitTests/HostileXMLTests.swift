import Foundation
import Testing
import SVGIconKit
import SVGIconTools

/// libxml2 as svgicon configures it: nothing outside the bytes is read, entities expand within a budget,
/// and the element and depth limits stop parsing early.
@Suite("XML reading of hostile documents")
struct HostileXMLTests {
    private func read(_ text: String, file: String = "t.svg") throws(SVGLoadError) -> SVGElement {
        try XMLDocumentReader.read(Array(text.utf8), file: file)
    }

    private func error(_ text: String, file: String = "t.svg") -> SVGLoadError? {
        do {
            _ = try SVGDocumentParser.parse(text, file: file)
            return nil
        } catch {
            return error
        }
    }

    /// A file whose content would show up in the error, the element tree or the icon if it were read.
    private func withSecretFile(_ body: (String) throws -> Void) throws {
        let folder = TemporaryFolder()
        let path = folder.write("secret.txt", "SVGICON-SECRET-CONTENT")
        try body(path)
    }

    @Test("An external entity in text, an attribute or a namespace is refused without reading the file")
    func externalEntityReferences() throws {
        try withSecretFile { secret in
            let doctype = "<!DOCTYPE svg [<!ENTITY s SYSTEM \"file://\(secret)\">]>\n"
            let documents = [
                doctype + "<svg xmlns=\"http://www.w3.org/2000/svg\"><style>&s;</style></svg>",
                doctype + "<svg xmlns=\"http://www.w3.org/2000/svg\"><path d=\"M0 0h4v4z\" class=\"&s;\"/></svg>",
                doctype + "<svg xmlns=\"&s;\"/>",
            ]
            for document in documents {
                let failure = try #require(error(document, file: "xxe.svg"))
                #expect(!failure.description.contains("SVGICON-SECRET-CONTENT"))
                #expect(failure.kind == .refused || failure.kind == .malformedXML, "\(failure)")
                #expect(failure.description.contains("svgicon never reads external entities"), "\(failure)")
            }
        }
    }

    @Test("External parameter entities and DTDs are never loaded; the icon still renders")
    func externalSubsets() throws {
        try withSecretFile { secret in
            for doctype in ["<!DOCTYPE svg [<!ENTITY % s SYSTEM \"file://\(secret)\"> %s;]>",
                            "<!DOCTYPE svg SYSTEM \"file://\(secret)\">"] {
                let text = doctype + "\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><path d=\"M0 0h4v4z\"/></svg>"
                let root = try read(text)
                #expect(!"\(root)".contains("SVGICON-SECRET-CONTENT"))
                let result = try SVGDocumentParser.parse(text)
                #expect(result.icon.layers.count == 1 && result.warnings.isEmpty)
            }
        }
    }

    @Test("Illustrator's internal entities for namespaces and styles are expanded")
    func illustratorEntities() throws {
        let text = """
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
            <!ENTITY ns_svg "http://www.w3.org/2000/svg">
            <!ENTITY ns_xlink "http://www.w3.org/1999/xlink">
            <!ENTITY st0 "fill:#FF3B30;">
            <!ENTITY both "&st0; stroke:&amp;none;">
        ]>
        <svg xmlns="&ns_svg;" xmlns:xlink="&ns_xlink;" viewBox="0 0 24 24">
          <path id="p" style="&st0;" d="M2,2h20v20H2V2z"/>
          <use xlink:href="#p" style="&both;"/>
        </svg>
        """
        let root = try read(text)
        #expect(root.namespace == SVGElement.svgNamespace)
        #expect(root.children[0].attribute("style") == "fill:#FF3B30;")
        #expect(root.children[1].attribute("style") == "fill:#FF3B30; stroke:&none;")
        let result = try SVGDocumentParser.parse(text)
        #expect(result.icon.layers.count == 2)
        let pixel = result.icon.render(size: 24).pixel(x: 12, y: 12)
        #expect(pixel.r == 0xFF && pixel.g == 0x3B && pixel.b == 0x30 && pixel.a == 255)
    }

    @Test("Entity expansion stops at its budget and at its nesting limit")
    func entityBudgets() throws {
        let big = String(repeating: "a", count: 20_000)
        let quadratic = "<!DOCTYPE svg [<!ENTITY a \"\(big)\">]>\n<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g class=\""
            + String(repeating: "&a;", count: 60) + "\"/></svg>"
        let budget = try #require(error(quadratic, file: "q.svg"))
        #expect(budget.kind == .limitExceeded)
        #expect(budget.description == "q.svg:3: entity references expand to more than 1 MiB (an entity bomb); refused")
        // Entities referring to entities: a short chain expands, a long one is refused (libxml2 stops chains
        // past 7 levels itself; svgicon's own nesting limit of 16 backs that up).
        func chain(_ length: Int) -> String {
            var declarations = "<!ENTITY e\(length) \"x\">"
            for i in (0..<length).reversed() { declarations += "<!ENTITY e\(i) \"&e\(i + 1);\">" }
            return "<!DOCTYPE svg [\(declarations)]>\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"&e0;\"/>"
        }
        #expect(try read(chain(6)).attribute("class") == "x")
        let long = try #require(error(chain(20), file: "n.svg"))
        #expect(long.description.hasPrefix("n.svg:2:"))
        #expect(long.description.contains("entity"))
    }

    @Test("An entity holding only a comment is parsed once, however often it is referenced")
    func commentEntityParsedOnce() throws {
        // libxml2 keeps an entity's parsed content for later references only if its SAX handlers build it:
        // without that, 40 000 references to a 100 KB comment parse 4 GB (seconds); with it, 100 KB
        // once (milliseconds). The 3 s guard leaves room for a loaded CI machine (1.06 s was seen at load 18).
        let comment = "<!--" + String(repeating: "x", count: 100_000) + "-->"
        let text = "<!DOCTYPE svg [<!ENTITY c \"\(comment)\">]>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><g>"
            + String(repeating: "&c;", count: 40_000) + "</g><rect width=\"4\" height=\"4\"/></svg>"
        let start = ContinuousClock.now
        let outcome = error(text, file: "comments.svg")
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(3), "took \(elapsed)")
        // svgicon's own expansion budget counts the entity's text at every reference, comment or not.
        #expect(outcome?.description == "comments.svg:2: entity references expand to more than 1 MiB (an entity bomb); refused")
    }

    @Test("Elements may nest 128 deep, not 129; the error names the line")
    func depthLimit() throws {
        func nested(_ depth: Int) -> String {
            "<svg xmlns=\"http://www.w3.org/2000/svg\">\n" + String(repeating: "<g>", count: depth - 1)
                + String(repeating: "</g>", count: depth - 1) + "</svg>"
        }
        #expect(throws: Never.self) { try read(nested(128)) }
        let failure = try #require(error(nested(129), file: "deep.svg"))
        #expect(failure.kind == .limitExceeded)
        #expect(failure.description == "deep.svg:2: elements nest more than 128 levels deep; not an icon")
    }

    @Test("Parsing stops at the element limit, before libxml2 builds the rest of the tree")
    func elementLimit() throws {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<g/>", count: 60_000) + "</svg>"
        let failure = try #require(error(text, file: "many.svg"))
        #expect(failure.description == "many.svg:1: more than 50000 elements; not an icon")
    }
    @Test("Parser contexts are reused: every document reads as if it came first, whatever came before it")
    func contextReuse() throws {
        let good = """
            <!DOCTYPE svg [<!ENTITY c "#0a84ff">]>
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="&c;" d="M1 1h4v4z"/></svg>
            """
        let first = try read(good)
        let broken = "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <g>\n</svg>"
        let brokenFirst = error(broken)
        #expect(brokenFirst?.line == 3)
        let bomb = """
            <!DOCTYPE svg [<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
            <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
            <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
            <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
            <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]>
            <svg xmlns="http://www.w3.org/2000/svg"><desc>&e;</desc></svg>
            """
        let bombFirst = error(bomb)
        #expect(bombFirst != nil)
        // Many distinct names: the context that read them is freed, not kept.
        let names = (0..<5000).map { "<n\($0)/>" }.joined()
        _ = try? read("<svg xmlns=\"http://www.w3.org/2000/svg\">\(names)</svg>")
        for _ in 0..<3 {
            #expect(error(broken) == brokenFirst)
            #expect(error(bomb) == bombFirst)
            #expect(try read(good) == first)
        }
    }

    @Test("UTF-8 documents are read in one piece, others converted as libxml2 reads them; both as before")
    func inputReading() throws {
        // (The text is a style sheet's: the only text the reader keeps.)
        let utf8 = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><style>caf\u{E9}</style><path d=\"M1 1h4v4z\"/></svg>".utf8)
        #expect(XMLDocumentReader.isReadAsUTF8(utf8))
        #expect(XMLDocumentReader.isReadAsUTF8([0xEF, 0xBB, 0xBF] + utf8))
        #expect(XMLDocumentReader.isReadAsUTF8(Array("<?xml version=\"1.0\" encoding='UTF-8'?>".utf8) + utf8))
        #expect(!XMLDocumentReader.isReadAsUTF8(Array("<?xml version=\"1.0\" encoding=\"US-ASCII\"?>".utf8) + utf8))
        #expect(!XMLDocumentReader.isReadAsUTF8([0xFF, 0xFE, 0x3C, 0x00]))  // UTF-16
        #expect(!XMLDocumentReader.isReadAsUTF8([0x4C, 0x6F, 0xA7, 0x94]))  // EBCDIC
        // A declaration too long to see its end: read as it is.
        let longDeclaration = "<?xml version=\"1.0\"" + String(repeating: " ", count: 300) + "encoding=\"ISO-8859-1\"?>"
        #expect(!XMLDocumentReader.isReadAsUTF8(Array(longDeclaration.utf8) + utf8))
        // Past 10 MB libxml2 needs the growable input (it reports "Huge input lookup" otherwise).
        let huge = Array("<svg xmlns=\"http://www.w3.org/2000/svg\">".utf8) + Array(repeating: UInt8(ascii: " "), count: 10_500_000)
            + Array("<path d=\"M1 1h4v4z\"/></svg>".utf8)
        #expect(try XMLDocumentReader.read(huge, file: "huge.svg").children.count == 1)
        // 10.5 MB of elements (KDE's Dondorf card deck is 11.6 MB of paths): read in chunks, libxml2 lets go
        // of what it has parsed, where an in-memory input was refused near its end ("Huge input lookup").
        let line = Array("<path d=\"M1 1".utf8) + Array(repeating: Array("h1v1".utf8), count: 240).flatMap { $0 }
            + Array("z\"/>\n".utf8)
        let deck = Array("<svg xmlns=\"http://www.w3.org/2000/svg\">\n".utf8)
            + Array(repeating: line, count: 10_500).flatMap { $0 } + Array("</svg>".utf8)
        #expect(deck.count > 10_000_000 && deck.count >= XMLDocumentReader.streamedSize)
        #expect(try XMLDocumentReader.read(deck, file: "deck.svg").children.count == 10_500)
        // libxml2's lookup limit still holds for what it is for: one token (here a comment) over 10 MB.
        let token = "<svg xmlns=\"http://www.w3.org/2000/svg\"><!--" + String(repeating: "x", count: 10_500_000) + "--></svg>"
        let refused = try #require(error(token))
        #expect(refused.kind == .malformedXML && refused.line == 1 && refused.column == 10_004_001)
        #expect(refused.reason == "malformed XML: Comment too big found")
        // Converted documents still read to the end (libxml2 converts them piece by piece).
        var latin1: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><style>caf".utf8) + [0xE9]
        latin1 += Array("</style>".utf8) + Array(repeating: Array("<path d=\"M1 1h4v4z\"/>\n".utf8), count: 300).flatMap { $0 } + Array("</svg>".utf8)
        let element = try XMLDocumentReader.read(latin1, file: "latin1.svg")
        #expect(element.children.count == 301 && element.children[0].text == "caf\u{E9}")
        #expect(try XMLDocumentReader.read(utf8, file: "t.svg").children[0].text == "caf\u{E9}")
        // A file cut short is reported where it ends.
        let cut = "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <path d=\"M1 1\""
        let atEnd = try #require(error(cut))
        #expect(atEnd.line == 2 && atEnd.column == 17)
    }
}
