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

@Suite("Plain digit strings read as the number scanner reads them")
struct PlainDigitsTests {
    @Test("Integers, leading zeros, fifteen and sixteen digits, and what is not plain",
          arguments: ["0", "000", "7", "24", "007", "100", "999999999999999", "1234567890123456", "",
                      " 1", "1 ", "+1", "-1", "1.5", "1e3", "12px", "50%", "٣"])
    func plain(text: String) {
        var scanner = NumberScanner(text)
        let scanned = scanner.number()
        if let v = NumberScanner.plainDigits(text) {
            #expect(scanner.isAtEnd)
            #expect(scanned.map { $0.bitPattern } == v.bitPattern)
        } else {
            #expect(text.isEmpty || text.utf8.count > 15 || !text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 })
        }
        #expect(SVGLength.parse(text) == { () -> SVGLength? in
            // The scanner's reading, as SVGLength.parse did before the fast path.
            var s = NumberScanner(text)
            s.skipWhitespace()
            guard let v = s.number() else { return nil }
            return s.isAtEnd ? SVGLength(v, .none) : SVGLength.parse(text)
        }())
    }
}
