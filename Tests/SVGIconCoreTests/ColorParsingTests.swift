import SVGIconCore
import Testing

private func rgba(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: Double = 1) -> SVGColor {
    SVGColor(red: r, green: g, blue: b, alpha: a)
}

@Suite("SVGColor CSS parsing")
struct ColorParsingTests {
    // MARK: - Basics

    @Test func constantsAndInitializer() {
        #expect(SVGColor.black == rgba(0, 0, 0, 1))
        #expect(SVGColor.white == rgba(255, 255, 255, 1))
        #expect(SVGColor.transparent == rgba(0, 0, 0, 0))
        let c = SVGColor(red: 1, green: 2, blue: 3)
        #expect(c.red == 1 && c.green == 2 && c.blue == 3 && c.alpha == 1)
        #expect(SVGColor(red: 0, green: 0, blue: 0, alpha: 2).alpha == 1)
        #expect(SVGColor(red: 0, green: 0, blue: 0, alpha: -0.5).alpha == 0)
        #expect(SVGColor(red: 0, green: 0, blue: 0, alpha: .nan).alpha == 0)
        #expect(SVGColor(red: 0, green: 0, blue: 0, alpha: 0.25).alpha == 0.25)
    }

    @Test func hashableDistinguishesAlpha() {
        let set: Set<SVGColor> = [rgba(1, 2, 3), rgba(1, 2, 3), rgba(1, 2, 3, 0.5)]
        #expect(set.count == 2)
    }

    // MARK: - Hex

    @Test(arguments: [
        ("#f00", rgba(255, 0, 0)),
        ("#F00", rgba(255, 0, 0)),
        ("#abc", rgba(0xAA, 0xBB, 0xCC)),
        ("#f0a8", rgba(255, 0, 0xAA, Double(0x88) / 255)),
        ("#000f", rgba(0, 0, 0, 1)),
        ("#0000", rgba(0, 0, 0, 0)),
        ("#1a2B3c", rgba(0x1A, 0x2B, 0x3C)),
        ("#FFFFFF", rgba(255, 255, 255)),
        ("#fFfFfF", rgba(255, 255, 255)),
        ("#11223344", rgba(0x11, 0x22, 0x33, Double(0x44) / 255)),
        ("#ABCDEF80", rgba(0xAB, 0xCD, 0xEF, 128.0 / 255)),
        ("#ff0000ff", rgba(255, 0, 0, 1)),
        ("#09aF", rgba(0x00, 0x99, 0xAA, 1)),
    ])
    func hex(_ text: String, _ expected: SVGColor) {
        #expect(SVGColor(css: text) == expected)
    }

    // MARK: - rgb() legacy comma syntax

    @Test(arguments: [
        ("rgb(254, 203, 231)", rgba(254, 203, 231)),
        ("rgb(254,203,231)", rgba(254, 203, 231)),
        (" rgb( 77 , 77 , 77 ) ", rgba(77, 77, 77)),
        ("rgba(1, 2, 3)", rgba(1, 2, 3)),
        // floats round to nearest, ties away from zero
        ("rgb(0.0, 129.82, 231.092)", rgba(0, 130, 231)),
        ("rgb(3.141592653, 110, 201)", rgba(3, 110, 201)),
        ("rgb(254, 150.5, 0.49)", rgba(254, 151, 0)),
        ("rgb(254, 150.829521289232389, 210)", rgba(254, 151, 210)),
        // CSS number forms
        ("rgb(+10, .5e2, 1E1)", rgba(10, 50, 10)),
        ("rgb(1e2, 2.5e+1, 300e-1)", rgba(100, 25, 30)),
        ("rgb(-0, 0.4, 254.5)", rgba(0, 0, 255)),
        // percentages: round(p * 255 / 100)
        ("rgb(50%, 50%, 50%)", rgba(128, 128, 128)),
        ("rgb(10%, 20%, 30%)", rgba(26, 51, 77)),
        ("rgb(33.333%,46.666%,93.333%)", rgba(85, 119, 238)),
        ("rgb(0%, 100%, 1%)", rgba(0, 255, 3)),
        // mixing numbers and percents per channel is accepted
        ("rgb(50%, 128, 0)", rgba(128, 128, 0)),
    ])
    func rgbLegacy(_ text: String, _ expected: SVGColor) {
        #expect(SVGColor(css: text) == expected)
    }

    @Test(arguments: [
        ("rgba(10, 20, 30, 0.5)", rgba(10, 20, 30, 0.5)),
        ("rgb(10, 20, 30, 0.5)", rgba(10, 20, 30, 0.5)),
        ("rgba(10, 20, 30, .25)", rgba(10, 20, 30, 0.25)),
        ("rgba(10, 20, 30, 25%)", rgba(10, 20, 30, 0.25)),
        ("rgba(10, 20, 30, 0)", rgba(10, 20, 30, 0)),
        ("rgba(10, 20, 30, 1)", rgba(10, 20, 30, 1)),
        ("rgba(10, 20, 30, 5e-1)", rgba(10, 20, 30, 0.5)),
        ("rgba(0.0, 129.82, 231.092, 1.5)", rgba(0, 130, 231, 1)),
        ("rgba(10, 20, 30, 2)", rgba(10, 20, 30, 1)),
        ("rgba(10, 20, 30, -2)", rgba(10, 20, 30, 0)),
        ("rgba(10, 20, 30, 150%)", rgba(10, 20, 30, 1)),
        ("rgba(10, 20, 30, -10%)", rgba(10, 20, 30, 0)),
    ])
    func rgbAlpha(_ text: String, _ expected: SVGColor) {
        #expect(SVGColor(css: text) == expected)
    }

    @Test(arguments: [
        ("rgb(300,-5,0)", rgba(255, 0, 0)),
        ("rgb(290.2, 255.9, 300.0)", rgba(255, 255, 255)),
        ("rgb(255.5, 255.4, -0.6)", rgba(255, 255, 0)),
        ("rgb(140%, -10%, 130%)", rgba(255, 0, 255)),
        ("rgb(1e5, -1e5, 99.6)", rgba(255, 0, 100)),
    ])
    func rgbClamping(_ text: String, _ expected: SVGColor) {
        #expect(SVGColor(css: text) == expected)
    }

    // MARK: - rgb() CSS Color 4 space syntax

    @Test(arguments: [
        ("rgb(10 20 30)", rgba(10, 20, 30)),
        ("rgb(10 20 30 / 50%)", rgba(10, 20, 30, 0.5)),
        ("rgb(10 20 30/0.25)", rgba(10, 20, 30, 0.25)),
        ("rgb( 10  20  30  /  .75 )", rgba(10, 20, 30, 0.75)),
        ("rgba(255 0 0 / .5)", rgba(255, 0, 0, 0.5)),
        ("rgb(10% 20% 30%)", rgba(26, 51, 77)),
        ("rgb(10% 20% 30% / 10%)", rgba(26, 51, 77, 0.1)),
        ("rgb(50% 128 0)", rgba(128, 128, 0)),
        ("rgb(300 -5 0 / 2)", rgba(255, 0, 0, 1)),
        ("rgb(0 0 0 / -1)", rgba(0, 0, 0, 0)),
        ("rgb(1\t2\n3\r/\u{0C}1)", rgba(1, 2, 3, 1)),
    ])
    func rgbSpaceSyntax(_ text: String, _ expected: SVGColor) {
        #expect(SVGColor(css: text) == expected)
    }

    // MARK: - hsl()

    @Test(arguments: [
        ("hsl(120, 100%, 75%)", rgba(128, 255, 128)),
        ("hsl(60, 100%, 50%)", rgba(255, 255, 0)),
        ("hsl(0, 100%, 50%)", rgba(255, 0, 0)),
        ("hsl(120, 100%, 50%)", rgba(0, 255, 0)),
        ("hsl(230, 57%, 54%)", rgba(71, 93, 205)),
        ("hsl(0, 0%, 50%)", rgba(128, 128, 128)),
        ("hsl(30, 100%, 50%)", rgba(255, 128, 0)),
        ("hsl(300, 25%, 80%)", rgba(217, 191, 217)),
        ("hsl(45, 80%, 30%)", rgba(138, 107, 15)),
        ("hsl(270, 60%, 60%)", rgba(153, 92, 214)),
        ("hsl(15, 75%, 65%)", rgba(233, 132, 99)),
        ("hsl(120.152, 100%, 75%)", rgba(128, 255, 128)),
        ("hsl(0, 0%, 100%)", rgba(255, 255, 255)),
        ("hsl(0, 100%, 0%)", rgba(0, 0, 0)),
        // hue wraps
        ("hsl(360, 100%, 50%)", rgba(255, 0, 0)),
        ("hsl(480, 100%, 50%)", rgba(0, 255, 0)),
        ("hsl(-120, 100%, 50%)", rgba(0, 0, 255)),
        ("hsl(-480, 100%, 50%)", rgba(0, 0, 255)),
        // saturation / lightness clamp
        ("hsl(800, 150%, -50%)", rgba(0, 0, 0)),
        ("hsl(120, 200%, 50%)", rgba(0, 255, 0)),
        ("hsl(120, -20%, 50%)", rgba(128, 128, 128)),
        ("hsl(120, 100%, 150%)", rgba(255, 255, 255)),
        // alpha
        ("hsla(120, 100%, 75%, 0.5)", rgba(128, 255, 128, 0.5)),
        ("hsl(120, 100%, 75%, 0.5)", rgba(128, 255, 128, 0.5)),
        ("hsla(120, 100%, 75%, 40%)", rgba(128, 255, 128, 0.4)),
        ("hsla(120, 100%, 75%, 3)", rgba(128, 255, 128, 1)),
        ("hsla(120, 100%, 50%)", rgba(0, 255, 0)),
        // CSS 4 space syntax
        ("hsl(210 50% 40%)", rgba(51, 102, 153)),
        ("hsl(210 50% 40% / 0.25)", rgba(51, 102, 153, 0.25)),
        ("hsl(210 50% 40% / 25%)", rgba(51, 102, 153, 0.25)),
        ("hsla(210deg 50% 40%/.25)", rgba(51, 102, 153, 0.25)),
        // hue units
        ("hsl(120deg, 100%, 50%)", rgba(0, 255, 0)),
        ("hsl(120DEG 100% 50%)", rgba(0, 255, 0)),
        ("hsl(0.5turn 100% 50%)", rgba(0, 255, 255)),
        ("hsl(-0.25turn 100% 50%)", rgba(128, 0, 255)),
        ("hsl(200grad 100% 50%)", rgba(0, 255, 255)),
        ("hsl(100Grad, 100%, 50%)", rgba(128, 255, 0)),
        ("hsl(3.141592653589793rad 100% 50%)", rgba(0, 255, 255)),
        ("hsl(1rad 100% 50%)", rgba(255, 244, 0)),
        // bare numbers for s/l mean percentages in the space syntax (CSS Color 4)
        ("hsl(120 100 50)", rgba(0, 255, 0)),
        ("hsl(210 50 40 / 0.25)", rgba(51, 102, 153, 0.25)),
    ])
    func hsl(_ text: String, _ expected: SVGColor) {
        #expect(SVGColor(css: text) == expected)
    }

    // MARK: - Case and whitespace

    @Test(arguments: [
        ("RGB(254, 203, 231)", rgba(254, 203, 231)),
        ("RgBa(254, 203, 231, 0.5)", rgba(254, 203, 231, 0.5)),
        ("HSL(120, 100%, 50%)", rgba(0, 255, 0)),
        ("HsLa(120 100% 50% / 50%)", rgba(0, 255, 0, 0.5)),
        ("RED", rgba(255, 0, 0)),
        ("ReD", rgba(255, 0, 0)),
        ("LightGoldenRodYellow", rgba(250, 250, 210)),
        ("TRANSPARENT", rgba(0, 0, 0, 0)),
        ("#ABCDEF", rgba(0xAB, 0xCD, 0xEF)),
        ("\t\n red \r\n\u{0C}", rgba(255, 0, 0)),
        ("  #ff0000  ", rgba(255, 0, 0)),
        (" \t rgb(1,2,3)\n", rgba(1, 2, 3)),
        ("rgb(\t1\t,\n2 ,3\t)", rgba(1, 2, 3)),
    ])
    func caseAndWhitespace(_ text: String, _ expected: SVGColor) {
        #expect(SVGColor(css: text) == expected)
    }

    @Test func acceptsSubstringsAndOtherStringProtocols() {
        let style = "fill:#00ff00;stroke:none"
        let value = style.dropFirst(5).prefix(7)
        #expect(SVGColor(css: value) == rgba(0, 255, 0))
        let padded: Substring = "xx  navy  xx".dropFirst(2).dropLast(2)
        #expect(SVGColor(css: padded) == rgba(0, 0, 128))
    }

    // MARK: - Named colours

    @Test(arguments: [
        ("red", rgba(255, 0, 0)),
        ("black", rgba(0, 0, 0)),
        ("white", rgba(255, 255, 255)),
        ("cornflowerblue", rgba(100, 149, 237)),
        ("rebeccapurple", rgba(102, 51, 153)),
        ("RebeccaPurple", rgba(102, 51, 153)),
        ("transparent", rgba(0, 0, 0, 0)),
        ("gray", rgba(128, 128, 128)),
        ("grey", rgba(128, 128, 128)),
        ("darkslategrey", rgba(47, 79, 79)),
        ("lightgoldenrodyellow", rgba(250, 250, 210)),
        ("aliceblue", rgba(240, 248, 255)),
        ("yellowgreen", rgba(154, 205, 50)),
        ("tan", rgba(210, 180, 140)),
        ("green", rgba(0, 128, 0)),
        ("lime", rgba(0, 255, 0)),
    ])
    func namedColor(_ text: String, _ expected: SVGColor) {
        #expect(SVGColor(css: text) == expected)
    }

    /// Every keyword, with values transcribed from the svgtypes (resvg) table, in its (hash) order,
    /// plus CSS 4 `rebeccapurple`.
    static let allNamedColors: [(String, UInt8, UInt8, UInt8)] = [
        ("lightgrey", 211, 211, 211), ("lavenderblush", 255, 240, 245), ("deeppink", 255, 20, 147),
        ("seashell", 255, 245, 238), ("lightsalmon", 255, 160, 122), ("green", 0, 128, 0),
        ("lightgreen", 144, 238, 144), ("black", 0, 0, 0), ("deepskyblue", 0, 191, 255),
        ("mistyrose", 255, 228, 225), ("silver", 192, 192, 192), ("dimgray", 105, 105, 105),
        ("navajowhite", 255, 222, 173), ("royalblue", 65, 105, 225), ("peru", 205, 133, 63),
        ("darkgrey", 169, 169, 169), ("steelblue", 70, 130, 180), ("teal", 0, 128, 128),
        ("orangered", 255, 69, 0), ("mediumslateblue", 123, 104, 238), ("blueviolet", 138, 43, 226),
        ("cornflowerblue", 100, 149, 237), ("cyan", 0, 255, 255), ("beige", 245, 245, 220),
        ("goldenrod", 218, 165, 32), ("rosybrown", 188, 143, 143), ("yellow", 255, 255, 0),
        ("blue", 0, 0, 255), ("darkblue", 0, 0, 139), ("aliceblue", 240, 248, 255),
        ("white", 255, 255, 255), ("mediumblue", 0, 0, 205), ("dodgerblue", 30, 144, 255),
        ("limegreen", 50, 205, 50), ("purple", 128, 0, 128), ("lightsteelblue", 176, 196, 222),
        ("lightslategray", 119, 136, 153), ("seagreen", 46, 139, 87), ("mediumvioletred", 199, 21, 133),
        ("slategrey", 112, 128, 144), ("darkslategrey", 47, 79, 79), ("turquoise", 64, 224, 208),
        ("paleturquoise", 175, 238, 238), ("lightgoldenrodyellow", 250, 250, 210),
        ("magenta", 255, 0, 255), ("darkseagreen", 143, 188, 143), ("lightcyan", 224, 255, 255),
        ("lightcoral", 240, 128, 128), ("mediumseagreen", 60, 179, 113), ("palegoldenrod", 238, 232, 170),
        ("palegreen", 152, 251, 152), ("darkslateblue", 72, 61, 139), ("moccasin", 255, 228, 181),
        ("forestgreen", 34, 139, 34), ("darkkhaki", 189, 183, 107), ("chartreuse", 127, 255, 0),
        ("floralwhite", 255, 250, 240), ("snow", 255, 250, 250), ("fuchsia", 255, 0, 255),
        ("orchid", 218, 112, 214), ("darkorchid", 153, 50, 204), ("darkred", 139, 0, 0),
        ("darksalmon", 233, 150, 122), ("crimson", 220, 20, 60), ("lime", 0, 255, 0),
        ("palevioletred", 219, 112, 147), ("lightseagreen", 32, 178, 170), ("ivory", 255, 255, 240),
        ("powderblue", 176, 224, 230), ("aquamarine", 127, 255, 212), ("darkturquoise", 0, 206, 209),
        ("lavender", 230, 230, 250), ("azure", 240, 255, 255), ("mediumturquoise", 72, 209, 204),
        ("lightgray", 211, 211, 211), ("gainsboro", 220, 220, 220), ("olivedrab", 107, 142, 35),
        ("papayawhip", 255, 239, 213), ("tomato", 255, 99, 71), ("midnightblue", 25, 25, 112),
        ("pink", 255, 192, 203), ("yellowgreen", 154, 205, 50), ("slategray", 112, 128, 144),
        ("red", 255, 0, 0), ("indigo", 75, 0, 130), ("orange", 255, 165, 0),
        ("grey", 128, 128, 128), ("wheat", 245, 222, 179), ("darkgoldenrod", 184, 134, 11),
        ("lawngreen", 124, 252, 0), ("lightslategrey", 119, 136, 153), ("burlywood", 222, 184, 135),
        ("aqua", 0, 255, 255), ("saddlebrown", 139, 69, 19), ("oldlace", 253, 245, 230),
        ("lightskyblue", 135, 206, 250), ("violet", 238, 130, 238), ("dimgrey", 105, 105, 105),
        ("darkorange", 255, 140, 0), ("lightblue", 173, 216, 230), ("khaki", 240, 230, 140),
        ("coral", 255, 127, 80), ("brown", 165, 42, 42), ("mediumpurple", 147, 112, 219),
        ("linen", 250, 240, 230), ("mediumorchid", 186, 85, 211), ("indianred", 205, 92, 92),
        ("maroon", 128, 0, 0), ("firebrick", 178, 34, 34), ("skyblue", 135, 206, 235),
        ("darkgray", 169, 169, 169), ("hotpink", 255, 105, 180), ("olive", 128, 128, 0),
        ("sienna", 160, 82, 45), ("cadetblue", 95, 158, 160), ("darkslategray", 47, 79, 79),
        ("slateblue", 106, 90, 205), ("plum", 221, 160, 221), ("mediumspringgreen", 0, 250, 154),
        ("thistle", 216, 191, 216), ("mintcream", 245, 255, 250), ("darkmagenta", 139, 0, 139),
        ("lemonchiffon", 255, 250, 205), ("bisque", 255, 228, 196), ("antiquewhite", 250, 235, 215),
        ("darkgreen", 0, 100, 0), ("whitesmoke", 245, 245, 245), ("lightpink", 255, 182, 193),
        ("darkcyan", 0, 139, 139), ("tan", 210, 180, 140), ("blanchedalmond", 255, 235, 205),
        ("honeydew", 240, 255, 240), ("salmon", 250, 128, 114), ("lightyellow", 255, 255, 224),
        ("springgreen", 0, 255, 127), ("cornsilk", 255, 248, 220), ("sandybrown", 244, 164, 96),
        ("mediumaquamarine", 102, 205, 170), ("darkviolet", 148, 0, 211), ("darkolivegreen", 85, 107, 47),
        ("gold", 255, 215, 0), ("peachpuff", 255, 218, 185), ("greenyellow", 173, 255, 47),
        ("gray", 128, 128, 128), ("navy", 0, 0, 128), ("ghostwhite", 248, 248, 255),
        ("chocolate", 210, 105, 30),
        ("rebeccapurple", 102, 51, 153),
    ]

    @Test func everyNamedColorParsesInAnyCase() {
        #expect(Self.allNamedColors.count == 148)
        #expect(Set(Self.allNamedColors.map(\.0)).count == 148)
        for (name, r, g, b) in Self.allNamedColors {
            let expected = rgba(r, g, b)
            #expect(SVGColor(css: name) == expected, "\(name)")
            #expect(SVGColor(css: name.uppercased()) == expected, "\(name) uppercased")
            #expect(SVGColor(css: " \(name)\t") == expected, "\(name) padded")
            // A keyword with an extra letter is not a colour.
            #expect(SVGColor(css: name + "x") == nil, "\(name)x")
            #expect(SVGColor(css: String(name.dropLast())) != expected, "\(name) truncated")
        }
    }

    // MARK: - hexString

    @Test func hexString() {
        #expect(SVGColor.black.hexString == "#000000")
        #expect(SVGColor.white.hexString == "#ffffff")
        #expect(SVGColor.transparent.hexString == "#00000000")
        #expect(rgba(255, 128, 1).hexString == "#ff8001")
        #expect(rgba(0xAB, 0xCD, 0xEF).hexString == "#abcdef")
        #expect(rgba(255, 128, 1, 0.5).hexString == "#ff800180")  // 127.5 rounds to 128
        #expect(rgba(1, 2, 3, 0.25).hexString == "#01020340")  // 63.75 → 64
        #expect(rgba(1, 2, 3, 0.999).hexString == "#010203ff")  // < 1, so alpha is written
        #expect(rgba(1, 2, 3, 0).hexString == "#01020300")
        #expect(SVGColor(css: "#12345678")?.hexString == "#12345678")
        #expect(SVGColor(css: "#ABC")?.hexString == "#aabbcc")
        #expect(SVGColor(css: "rgb(10 20 30 / 50%)")?.hexString == "#0a141e80")
        #expect(SVGColor(css: "rebeccapurple")?.hexString == "#663399")
    }

    // MARK: - Invalid input

    @Test(arguments: [
        // empty / garbage
        "", "   ", "\t\n", "notacolor", "redd", "re", "red blue", "red;", "123", "-", "(", ")",
        "r\u{E9}d", "\u{1F534}", "transparent2", "grey50",
        // keywords the caller handles
        "currentColor", "currentcolor", "none", "inherit", "url(#grad)", "url(#a) red",
        // hex
        "#", "#1", "#12", "#12345", "#1234567", "#123456789", "#ggg", "#12345g", "#12 34 56",
        "# fff", "##fff", "fff", "#ff0000 icc-color(acmecmyk, 0.11, 0.48, 0.83, 0.00)",
        // rgb arity / separators
        "rgb()", "rgb(1)", "rgb(1,2)", "rgb(1 2)", "rgb(1,2,3,4,5)", "rgb(1 2 3 4)",
        "rgb(1, 2 3)", "rgb(1 2, 3)", "rgb(1,2,3/0.5)", "rgb(1 2 3, 0.5)", "rgb(1 2 3 /)",
        "rgb(1 2 3 / 0.5 / 1)", "rgb(1,2,3,)", "rgb(,1,2,3)", "rgb(1,,2,3)", "rgb(1 2 3 / 0.5,)",
        // rgb syntax
        "rgb (1,2,3)", "rgb(1,2,3", "rgb(1,2,3))", "rgb(1,2,3) x", "rgb[1,2,3]", "rgb1,2,3)",
        "rgbx(1,2,3)", "rgbaa(1,2,3)", "rg(1,2,3)",
        // rgb units / numbers
        "rgb(1px, 2, 3)", "rgb(1deg, 2, 3)", "rgb(1, 2, 3em)", "rgb(1e, 2, 3)", "rgb(5., 2, 3)",
        "rgb(., 2, 3)", "rgb(--1, 2, 3)", "rgb(+-1, 2, 3)", "rgb(1 %, 2, 3)", "rgb(1e999, 0, 0)",
        "rgba(1, 2, 3, 0.5deg)", "rgb(none 2 3)", "rgb(0x10, 2, 3)", "rgb(inf, 2, 3)", "rgb(nan, 2, 3)",
        // hsl
        "hsl()", "hsl(120)", "hsl(120, 100%)", "hsl(120 100% 50% 0.5)", "hsl(120, 100% 50%)",
        "hsl(10%, 50%, 50%)", "hsl(120, 100%, 50px)", "hsl(120, 100deg, 50%)", "hsl(120foo, 1%, 1%)",
        "hsl(120, 100%, 50%, 0.5, 1)", "hsla(120 100% 50% / 1px)", "hsl (120, 100%, 50%)",
        // the legacy comma syntax of hsl() takes percentages for saturation and lightness (CSS Color 4)
        "hsl(120, 100, 50)", "hsl(240, 100%, 50)", "hsla(240, 100, 50%, 0.5)",
        // other colour functions are not supported
        "hwb(120, 0%, 0%)", "lab(50% 40 59)", "color(srgb 1 0 0)", "var(--x)",
    ])
    func invalid(_ text: String) {
        #expect(SVGColor(css: text) == nil)
    }
}

@Suite("SVGColor(parsing:): the throwing constructor names the bad text")
struct ColorParsingErrorTests {
    @Test("A hex typo is an error naming the text and the digit")
    func hexTypo() {
        #expect(throws: SVGColor.ParseError(text: "#0a84fg", reason: "\"g\" is not a hex digit")) {
            try SVGColor(parsing: "#0a84fg")
        }
        do {
            _ = try SVGColor(parsing: "#0a84fg")
            Issue.record("#0a84fg must not parse")
        } catch {
            #expect(error.description == "\"#0a84fg\" is not a colour: \"g\" is not a hex digit")
        }
    }

    @Test("Each kind of mistake has its own reason", arguments: [
        ("#0a84f", "# takes 3, 4, 6 or 8 hex digits, not 5"),
        ("", "the text is empty"),
        ("0a84ff", "hex colours start with #: \"#0a84ff\""),
        ("currentColor", "currentColor is the tint, not a colour of its own; pass nil to take the tint"),
        ("none", "none is no paint, not a colour; pass nil where no paint is meant"),
        ("rgb(1, 2)", "rgb() takes three components (numbers or percents, commas or spaces) and an optional alpha"),
        ("rgb(1, 2, 3", "rgb( is not closed with )"),
        ("lab(50 20 30)", "lab() is not a colour function; use rgb(), rgba(), hsl() or hsla()"),
        ("systemblue", "not #rgb, #rrggbb, rgb(…), hsl(…) or a CSS colour name"),
    ])
    func reasons(text: String, reason: String) {
        #expect(throws: SVGColor.ParseError(text: text, reason: reason)) { try SVGColor(parsing: text) }
    }

    @Test("What SVGColor(css:) accepts, SVGColor(parsing:) returns")
    func agreesWithCSS() throws {
        for text in ["#0a84ff", " #08f ", "rgb(10, 132, 255)", "hsl(210 100% 52%)", "dodgerblue", "transparent"] {
            #expect(try SVGColor(parsing: text) == SVGColor(css: text), "\(text)")
        }
        #expect(try SVGColor(parsing: "#0a84ff") == SVGColor(red: 0x0a, green: 0x84, blue: 0xff))
    }
}
