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

@Suite("viewBox read as a number list")
struct ViewBoxParsingTests {
    @Test("Four numbers and nothing else, as NumberScanner.numberList reads them",
          arguments: ["0 0 24 24", "0,0,24,24", " 0 0 24 24 ", "0, 0, 24, 24", "0 0 24", "0 0 24 24 5",
                      "0 0 24 24x", "0 0 24 24,", "0 0 -1 24", "0 0 0 24", "0,,0 24 24", ",0 0 24 24", "",
                      "1e1 -2.5 3e1 .4", "0 0 24 24\n", "\t0\t0\t24\t24", "0 0 1e400 24", "a b c d"])
    func viewBox(text: String) {
        let expected: SVGViewBox? = {
            guard let v = NumberScanner.numberList(text), v.count == 4 else { return nil }
            let box = SVGViewBox(x: v[0], y: v[1], width: v[2], height: v[3])
            return box.isValid ? box : nil
        }()
        #expect(SVGResolver.parseViewBox(text) == expected)
    }
}

@Suite("Number lists: one parser for points, viewBox and filter values")
struct NumberListTests {
    @Test("Commas and whitespace between, exponents, and nothing else; the leading numbers of a broken list")
    func edges() {
        #expect(NumberScanner.numberList(" 1,2 3e1\t-.5E-1 ") == [1, 2, 30, -0.05])
        #expect(NumberScanner.numberList("1-2.5.5") == [1, -2.5, 0.5])
        #expect(NumberScanner.numberList("") == [])
        #expect(NumberScanner.numberList("1 2,") == [1, 2])  // a trailing comma, as resvg reads it
        for junk in ["1 2x", "1,,2", ",1", "1e", "1 2 ;", "1 , , 2", "e1"] {
            #expect(NumberScanner.numberList(junk) == nil, "\(junk)")
        }
        #expect(NumberScanner.leadingNumbers("10 20,30 x 40") == [10, 20, 30])
        #expect(NumberScanner.leadingNumbers("x 1") == [])
    }
}
