import Testing
@testable import SVGIconCore
@testable import SVGIconKit

/// One set of limits: the XML reader, the document tree (trees built in code) and the resolver (after `use`
/// expansion) stop at the same `SVGLimits` values, and the errors quote them.
@Suite("SVGLimits, consulted by the reader and the resolver")
struct SVGLimitsTests {
    private func loadError(_ text: String) -> SVGLoadError? {
        do {
            _ = try SVGDocumentParser.parse(text, file: "t.svg")
            return nil
        } catch {
            return error
        }
    }

    private func resolveError(_ root: SVGElement) -> SVGResolveError? {
        do {
            _ = try SVGResolver.resolve(root)
            return nil
        } catch {
            return error
        }
    }

    @Test("The values the messages and README quote")
    func values() {
        #expect(SVGLimits.elements == 50_000)
        #expect(SVGLimits.depth == 128)
        #expect(SVGLimits.attributes == 10_000)
        #expect(SVGLimits.entityExpansion == 1 << 20)
        #expect(SVGLimits.entityNesting == 16)
        #expect(SVGLimits.useDepth == 24)
        #expect(SVGLimits.pathSegments == 1_000_000)
        #expect(SVGLimits.cascadeWork == 500_000)
        #expect(SVGLimits.gradientStops == 256)
        #expect(SVGLimits.warnings == 100)
    }

    @Test("Depth: the reader refuses SVGLimits.depth + 1 levels, and so does a tree built in code")
    func depth() {
        let open = String(repeating: "<g>", count: SVGLimits.depth), close = String(repeating: "</g>", count: SVGLimits.depth)
        #expect(loadError("<svg xmlns=\"http://www.w3.org/2000/svg\">\n" + open.dropLast(3) + close.dropLast(4) + "</svg>") == nil)
        #expect(loadError("<svg xmlns=\"http://www.w3.org/2000/svg\">\n" + open + close + "</svg>")?.description
                == "t.svg:2: elements nest more than 128 levels deep; not an icon")
        var chain = SVGElement(name: "g")
        for _ in 1..<(SVGLimits.depth - 1) { chain = SVGElement(name: "g", children: [chain]) }
        #expect(resolveError(SVGElement(name: "svg", children: [chain])) == nil)
        #expect(resolveError(SVGElement(name: "svg", children: [SVGElement(name: "g", children: [chain])]))
                == .nestedTooDeep(limit: SVGLimits.depth))
    }

    @Test("Elements: the reader refuses SVGLimits.elements + 1, a tree built in code too, and so does use expansion")
    func elements() throws {
        let many = String(repeating: "<g/>", count: SVGLimits.elements)
        #expect(loadError("<svg xmlns=\"http://www.w3.org/2000/svg\">" + many.dropLast(4) + "</svg>") == nil)
        #expect(loadError("<svg xmlns=\"http://www.w3.org/2000/svg\">" + many + "</svg>")?.description
                == "t.svg:1: more than 50000 elements; not an icon")
        let children = Array(repeating: SVGElement(name: "g"), count: SVGLimits.elements)
        #expect(resolveError(SVGElement(name: "svg", children: Array(children.dropLast()))) == nil)
        #expect(resolveError(SVGElement(name: "svg", children: children)) == .tooManyElements(limit: SVGLimits.elements))
        // 1 + 2 × 24 999 elements read, each `use` drawing its group again: past the limit once expanded.
        let groups = (0..<(SVGLimits.elements / 2 - 1)).map { "<g id=\"g\($0)\"/><use href=\"#g\($0)\"/>" }.joined()
        let expanded = try #require(loadError("<svg xmlns=\"http://www.w3.org/2000/svg\">" + groups + "</svg>"))
        #expect(expanded.description == "t.svg: use references expand the document to more than 50000 elements; not an icon")
    }

    @Test("Resolver errors become load errors with the same texts, one translation, every case")
    func translation() {
        func text(_ error: SVGResolveError, namespace: String? = nil) -> String {
            SVGLoadError(error, file: "f.svg", rootNamespace: namespace).description
        }
        #expect(text(.notSVGRoot(name: "html", line: 2)) == "f.svg:2: the root element is <html>, not <svg>; this is not an SVG document")
        #expect(text(.notSVGRoot(name: "svg", line: 1), namespace: "urn:x")
                == "f.svg:1: the root <svg> is in the namespace \"urn:x\", not http://www.w3.org/2000/svg; this is not an SVG document")
        #expect(text(.tooManyElements(limit: 50_000)) == "f.svg: the document has more than 50000 elements; not an icon")
        #expect(text(.nestedTooDeep(limit: 128)) == "f.svg: elements nest more than 128 levels deep; not an icon")
        #expect(text(.tooManyPathSegments(limit: 1_000_000))
                == "f.svg: the document has more than 1000000 path segments (use references included); not an icon")
        #expect(SVGLoadError(.styleSheetTooCostly(rules: 2, elements: 3), file: "f.svg", rootNamespace: nil).kind == .limitExceeded)
        #expect(SVGLoadError(.notSVGRoot(name: "a", line: 1), file: "f.svg", rootNamespace: nil).kind == .notSVG)
    }
}
