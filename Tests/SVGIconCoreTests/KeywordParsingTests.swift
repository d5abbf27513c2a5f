import Testing
@testable import SVGIconCore

@Suite("Keyword properties read as init(rawValue:) does")
struct KeywordParsingTests {
    static let words = ["nonzero", "evenodd", "butt", "round", "square", "miter", "bevel", "", "Round", "BUTT",
                        "round ", "miter-clip", "arcs", "inherit", "e\u{301}venodd", "nonzero\u{0}"]

    @Test("fill-rule, clip-rule, stroke-linecap and stroke-linejoin", arguments: words)
    func keywords(word: String) {
        #expect(SVGResolver.fillRule(word) == FillRule(rawValue: word))
        #expect(SVGResolver.lineCap(word) == LineCap(rawValue: word))
        #expect(SVGResolver.lineJoin(word) == LineJoin(rawValue: word))
    }
}
