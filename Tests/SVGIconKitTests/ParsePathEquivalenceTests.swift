import Foundation
import Testing
import SVGIconCore
import SVGIconKit

/// `SVGDocumentParser.parse` reads libxml2's tree straight into the resolver's nodes; resolving the
/// `SVGElement` tree `XMLDocumentReader.read` builds must give the same icon and warnings, or the same
/// XML error.
@Suite("Parsing without SVGElements matches parsing through them")
struct ParsePathEquivalenceTests {
    static let fixtures: [String] = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        url.deleteLastPathComponent()
        let root = url.path + "/Fixtures/"
        return ["features", "hostile"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root + folder)) ?? [])
                .filter { $0.hasSuffix(".svg") }.sorted().map { root + folder + "/" + $0 }
        }
    }()

    @Test("Every fixture parses the same both ways")
    func fixtures() throws {
        #expect(Self.fixtures.count > 20)
        for path in Self.fixtures {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let direct = Result { () throws(SVGLoadError) in try SVGDocumentParser.parse(bytes, file: "f.svg") }
            let element = Result { () throws(SVGLoadError) in try XMLDocumentReader.read(bytes, file: "f.svg") }
            switch (direct, element) {
            case (.success(let parsed), .success(let root)):
                // The parser gives the resolver the kit's image loader; the element path gets the same.
                let resolved = try SVGResolver.resolve(root, options: KitImageLoader.options(SVGResolver.Options(), file: "f.svg"))
                #expect(parsed == resolved, "\(path)")
            case (.failure(let error), .failure(let xmlError)):
                #expect(error == xmlError, "\(path)")
            case (.failure(let error), .success(let root)):
                // Refused by the resolver (not an SVG root, a limit): the element path refuses it too.
                #expect(throws: (any Error).self, "\(path): \(error)") { try SVGResolver.resolve(root) }
            case (.success, .failure(let xmlError)):
                Issue.record("\(path): parsed, but reading elements failed with \(xmlError)")
            }
        }
    }

    @Test("Prefixes bound to no namespace, and entities met in an attribute before text, read the same both ways", arguments: [
        // Unbound prefixes stay in the names: the attribute is not `fill`, the root is not `svg`.
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect a:fill=\"red\" xlink:href=\"#r\" width=\"5\" height=\"5\"/></svg>",
        "<svg:svg viewBox=\"0 0 10 10\"><svg:rect width=\"5\" height=\"5\"/></svg:svg>",
        // An entity whose text is broken, referenced in an attribute and then in text: the first error is
        // the same (libxml2 parses the entity's text once).
        "<!DOCTYPE svg [<!ENTITY e \"a]]>b\">]>\n<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"&e;\"><style>&e;</style>\n<rect width=\"1\" / ></svg>",
    ])
    func sameOutcome(text: String) throws {
        let bytes = Array(text.utf8)
        let direct = Result { () throws(SVGLoadError) in try SVGDocumentParser.parse(bytes, file: "t.svg") }
        let element = Result { () throws(SVGLoadError) in try XMLDocumentReader.read(bytes, file: "t.svg") }
        switch (direct, element) {
        case (.success(let parsed), .success(let root)):
            #expect(parsed == (try SVGResolver.resolve(root)))
        case (.failure(let error), .failure(let xmlError)):
            #expect(error == xmlError)
        case (.failure(let error), .success(let root)):
            #expect(throws: (any Error).self, "\(error)") { try SVGResolver.resolve(root) }
        case (.success, .failure(let xmlError)):
            Issue.record("parsed, but reading elements failed with \(xmlError)")
        }
    }

    @Test("Style sheets, entities and namespaces read the same both ways", arguments: [
        """
        <!DOCTYPE svg [<!ENTITY ns "http://www.w3.org/2000/svg"><!ENTITY c "red">]>
        <svg xmlns="&ns;" viewBox="0 0 10 10"><style>.a { fill: &c; }</style>
        <g>text &c; more<path class="a" d="M0 0H5V5z"/></g><style type="text/css"><![CDATA[path{stroke:blue}]]></style></svg>
        """,
        """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
        <defs><path id="p" d="M0 0L9 9" stroke="green"/></defs><use xlink:href="#p"/><use href="#p" x="1"/></svg>
        """,
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect id="r" width="4" height="4"/>
        <rect id="r" x="5" width="4" height="4" style="fill:blue" fill="red"/><circle r="2" cx="5" cy="5"/></svg>
        """,
        // References of every kind in attribute values and style text, an unbound prefix, xml:space.
        """
        <!DOCTYPE svg [<!ENTITY st "fill:&#x23;0a84ff"><!ENTITY p "M0 0H5V5z"><!ENTITY amp2 "a&amp;b">]>
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" xml:space="preserve">
        <style>/* &amp; &#38; &amp2; */ .k{fill:&#x72;ed}</style>
        <path style="&st;" d="&p;" id="x&amp;y&#38;z&amp2;"/><path class="k" d="M1 1h2v2z" foo:bar="1" stroke="x&amp;y&amp2;"/></svg>
        """,
    ])
    func documents(text: String) throws {
        let bytes = Array(text.utf8)
        let direct = try SVGDocumentParser.parse(bytes, file: "t.svg")
        let resolved = try SVGResolver.resolve(try XMLDocumentReader.read(bytes, file: "t.svg"))
        #expect(direct == resolved)
    }
}
