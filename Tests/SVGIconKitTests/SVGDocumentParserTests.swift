import Testing
import SVGIconKit
import SVGIconTools

@Suite("Loading SVG documents with libxml2")
struct SVGDocumentParserTests {
    @Test("Malformed XML fails with the file, line and column")
    func malformed() {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <path d=\"M0 0\">\n</svg>\n"
        #expect(throws: SVGLoadError.self) { try SVGDocumentParser.parse(text, file: "bad.svg") }
        do {
            _ = try SVGDocumentParser.parse(text, file: "bad.svg")
        } catch {
            #expect(error.kind == .malformedXML)
            #expect(error.line == 3)
            #expect(error.column != nil)
            #expect(error.description.hasPrefix("bad.svg:3:"))
            #expect(error.description.contains("Opening and ending tag mismatch: path line 2 and svg"))
        }
    }

    @Test("An empty file, binary garbage and a non-SVG root are clear errors", arguments: [
        ("", "empty.svg:1:1: the file is empty"),
        ("\u{01}\u{02}garbage", "malformed XML"),
        ("<html><body/></html>", "junk.svg:1: the root element is <html>, not <svg>; this is not an SVG document"),
    ])
    func badDocuments(text: String, message: String) {
        let name = text.isEmpty ? "empty.svg" : "junk.svg"
        do {
            _ = try SVGDocumentParser.parse(text, file: name)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test("Elements keep their namespace, attributes, prefixes and line numbers")
    func elementTree() throws {
        let text = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
             xmlns:i="http://example.com/editor" viewBox="0 0 10 10">
          <!-- a comment -->
          <i:meta i:thing="1"/>
          <g fill="red"><rect width="4" height="4" xlink:href="#x"/></g>
        </svg>
        """
        let root = try XMLDocumentReader.read(Array(text.utf8), file: "t.svg")
        #expect(root.name == "svg" && root.isSVG)
        #expect(root.children.count == 2)
        #expect(root.children[0].namespace == "http://example.com/editor" && !root.children[0].isSVG)
        #expect(root.children[0].attribute("i:thing") == "1")
        let rect = root.children[1].children[0]
        #expect(rect.line == 5)
        #expect(rect.attribute("xlink:href") == "#x")
    }

    @Test("External entities are not loaded: a reference to one is refused")
    func noExternalEntities() throws {
        let text = """
        <?xml version="1.0"?>
        <!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>&x;</title></svg>
        """
        #expect {
            try XMLDocumentReader.read(Array(text.utf8), file: "xxe.svg")
        } throws: { error in
            let error = error as! SVGLoadError
            return error.kind == .refused && !error.description.contains("root:")
                && error.description == "xxe.svg:3: entity &x; is external (file:///etc/passwd); svgicon never reads external entities"
        }
    }

    @Test("A Lucide-style icon resolves to stroked layers that take the tint")
    func lucideStyle() throws {
        let text = """
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none"
             stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
          <circle cx="12" cy="12" r="10"/><path d="m9 12 2 2 4-4"/>
        </svg>
        """
        let result = try SVGDocumentParser.parse(text)
        #expect(result.warnings.isEmpty)
        #expect(result.icon.layers.count == 2)
        #expect(result.icon.usesTint)
        #expect(result.icon.intrinsicWidth == 24)
    }
}
