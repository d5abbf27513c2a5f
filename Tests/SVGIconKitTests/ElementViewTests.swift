import Foundation
import Testing
@testable import SVGIconCore
@testable import SVGIconKit

/// `SVGElement` is an adapter over the one `DocumentTree`, both ways: viewing what the reader built as
/// elements and resolving those elements again must give what `SVGDocumentParser.parse` gives, and a
/// document the resolver refuses is refused the same way.
@Suite("SVGElement as a view of the document tree")
struct ElementViewTests {
    static let fixtures: [String] = {
        let root = FixturePaths.root + "/"
        return ["features", "hostile"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root + folder)) ?? [])
                .filter { $0.hasSuffix(".svg") }.sorted().map { root + folder + "/" + $0 }
        }
    }()

    /// Parses `bytes` directly and through the element view, and compares the outcomes.
    private func expectSameOutcome(_ bytes: [UInt8], _ name: String) {
        let direct = Result { () throws(SVGLoadError) in try SVGDocumentParser.parse(bytes, file: "f.svg") }
        let element = Result { () throws(SVGLoadError) in try XMLDocumentReader.read(bytes, file: "f.svg") }
        switch (direct, element) {
        case (.success(let parsed), .success(let root)):
            // The parser gives the resolver the kit's image loader; the view gets the same.
            let options = KitImageLoader.options(SVGResolver.Options(), file: "f.svg")
            #expect(parsed == (try? SVGResolver.resolve(root, options: options)), "\(name)")
        case (.failure(let error), .failure(let xmlError)):
            #expect(error == xmlError, "\(name)")
        case (.failure(let loadError), .success(let root)):
            // Refused by the resolver (not an SVG root, a limit): the view is refused for the same reason.
            do throws(SVGResolveError) {
                _ = try SVGResolver.resolve(root)
                Issue.record("\(name): the view resolved, the parse failed with \(loadError)")
            } catch {
                #expect(SVGLoadError(error, file: "f.svg", rootNamespace: root.namespace) == loadError, "\(name)")
            }
        case (.success, .failure(let xmlError)):
            Issue.record("\(name): parsed, but reading elements failed with \(xmlError)")
        }
    }

    @Test("Every fixture resolves the same through the view")
    func fixtures() throws {
        #expect(Self.fixtures.count > 20)
        for path in Self.fixtures {
            expectSameOutcome(Array(try Data(contentsOf: URL(fileURLWithPath: path))), path)
        }
    }

    @Test("Unbound prefixes, entities, style sheets and use read the same through the view", arguments: [
        // Unbound prefixes stay in the names: the attribute is not `fill`, the root is not `svg`.
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect a:fill=\"red\" xlink:href=\"#r\" width=\"5\" height=\"5\"/></svg>",
        "<svg:svg viewBox=\"0 0 10 10\"><svg:rect width=\"5\" height=\"5\"/></svg:svg>",
        "<svg xmlns=\"http://example.com/not-svg\"><rect width=\"5\" height=\"5\"/></svg>",
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
    func documents(text: String) {
        expectSameOutcome(Array(text.utf8), text)
    }

    @Test("The view holds each element's name, namespace, attributes in order, line, and text for <style> only")
    func view() throws {
        let text = """
            <!DOCTYPE svg [<!ENTITY c "#0a84ff">]>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:i="http://example.com/i" viewBox="0 0 4 4">
            <title>ignored</title><style>rect { fill: &c; }</style>
            <i:meta i:k="v"/><g id="g" fill="&c;"><rect width="4" height="4"/></g></svg>
            """
        let root = try XMLDocumentReader.read(Array(text.utf8), file: "t.svg")
        let expected = SVGElement(name: "svg", attributes: [(name: "viewBox", value: "0 0 4 4")], children: [
            SVGElement(name: "title", line: 3),
            SVGElement(name: "style", text: "rect { fill: #0a84ff }", line: 3),
            SVGElement(name: "meta", namespace: "http://example.com/i", attributes: [(name: "i:k", value: "v")], line: 4),
            SVGElement(name: "g", attributes: [(name: "id", value: "g"), (name: "fill", value: "#0a84ff")], children: [
                SVGElement(name: "rect", attributes: [(name: "width", value: "4"), (name: "height", value: "4")], line: 4),
            ], line: 4),
        ], line: 2)
        #expect(root == expected)
        // And back: the elements added to a tree view as themselves.
        #expect(SVGElement(DocumentTree(expected)) == expected)
    }
}
