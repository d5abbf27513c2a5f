import Testing
@testable import SVGIconCore

/// `url(#id)` references and the `filter` property's list, read code point by code point (as CSS
/// tokenizes): the ids and items they give, and the inputs they refuse.
@Suite("Filter references")
struct FilterReferenceParsingTests {
    @Test("urlReference: the id inside url(…), with CSS whitespace and quotes around it; nil for anything else",
          arguments: [
              ("url(#a)", "a"), ("  URL( '#b' ) ", "b"), ("Url(\"#c d\")", "c d"), ("url(#)", ""),
              ("url(#shadow) red", "shadow"), ("\t\nurl(\t#x\u{0C})\r", "x"), ("url(#é-ü)", "é-ü"),
              ("url(\"#q')", nil), ("url(a)", nil), ("url(\"a\")", nil), ("none", nil), ("url(#a", nil),
              ("urk(#a)", nil), ("url (#a)", nil), ("", nil), ("url(\"\")", nil), ("url(')", nil),
          ] as [(String, String?)])
    func urlReferences(_ value: String, _ id: String?) {
        #expect(SVGResolver.urlReference(value) == id)
    }

    @Test("The filter list: urls and functions in order, separated by any Unicode whitespace; a comma, an unclosed or unnamed item refuses the whole list")
    func filterLists() throws {
        let items = try #require(FilterFunctionList.parse("url(#f1)\u{00A0} blur(2px)\n url( \"#f2\" )"))
        #expect(items.count == 3)
        #expect(items[0] == .url("f1") && items[2] == .url("f2"))
        guard case .function(let blur) = items[1] else { Issue.record("not a function: \(items[1])"); return }
        #expect(blur.kind == .blur(2) && blur.text == "blur(2px)")
        let shadow = try #require(FilterFunctionList.parse("DROP-SHADOW(1px 2px 3px rgb(10, 20, 30))"))
        guard case .function(let f) = shadow[0] else { Issue.record("not a function"); return }
        #expect(f.kind == .dropShadow(color: SVGColor(red: 10, green: 20, blue: 30), dx: 1, dy: 2, stdDeviation: 3))
        #expect(f.text == "DROP-SHADOW(1px 2px 3px rgb(10, 20, 30))")
        for bad in ["url(#a), blur(1)", "url(#a", "(blur)", "blur(1) )", "url(a)", "blur(-1px)", "", "  "] {
            #expect(FilterFunctionList.parse(bad) == nil, "\(bad)")
        }
    }
}
