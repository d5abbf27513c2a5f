import Testing
@testable import SVGIconCore

@Suite("CSS selectors and cascade")
struct CSSCascadeTests {
    private func fillOf(_ svgChildren: [SVGElement], style: String) throws -> [SVGPaint?] {
        var children = [SVGElement(name: "style", text: style)]
        children += svgChildren
        let root = SVGElement(name: "svg", attributes: [(name: "viewBox", value: "0 0 10 10")], children: children)
        let result = try SVGResolver.resolve(root)
        func shapes(_ layers: [SVGIconLayer]) -> [SVGShape] {
            layers.flatMap { l -> [SVGShape] in
                switch l.content {
                case .shape(let s): return [s]
                case .group(let c): return shapes(c)
                }
            }
        }
        return shapes(result.icon.layers).map { $0.fill?.paint }
    }

    private func rect(_ attributes: [(String, String)]) -> SVGElement {
        SVGElement(name: "rect", attributes: ([("width", "1"), ("height", "1")] + attributes).map { (name: $0.0, value: $0.1) })
    }

    private let red = SVGPaint.color(SVGColor(red: 255, green: 0, blue: 0))
    private let green = SVGPaint.color(SVGColor(red: 0, green: 128, blue: 0))
    private let blue = SVGPaint.color(SVGColor(red: 0, green: 0, blue: 255))

    @Test("Specificity: id beats class beats type, whatever the order")
    func specificity() throws {
        let fills = try fillOf([rect([("class", "c"), ("id", "i")]), rect([("class", "c")]), rect([])],
                               style: "#i { fill: red } .c { fill: green } rect { fill: blue }")
        #expect(fills == [red, green, blue])
    }

    @Test("Equal specificity: the later rule wins")
    func order() throws {
        #expect(try fillOf([rect([("class", "a b")])], style: ".a { fill: red } .b { fill: blue }") == [blue])
    }

    @Test("Presentation attributes lose to CSS; style attributes beat CSS; !important beats style attributes")
    func origins() throws {
        let fills = try fillOf([
            rect([("fill", "red"), ("class", "x")]),
            rect([("class", "x"), ("style", "fill: red")]),
            rect([("class", "y"), ("style", "fill: red")]),
            rect([("class", "y"), ("style", "fill: blue !important")]),
        ], style: ".x { fill: green } .y { fill: green !important }")
        #expect(fills == [green, red, green, blue])
    }

    @Test("Descendant, child, universal, lists and attribute selectors")
    func combinators() throws {
        let g = SVGElement(name: "g", attributes: [(name: "class", value: "outer")], children: [
            SVGElement(name: "g", children: [rect([("data-x", "1")])]),
            rect([]),
        ])
        let fills = try fillOf([g], style: """
            .outer rect { fill: red }
            .outer > rect { fill: blue }
            rect[data-x="1"] { fill: green }
            """)
        #expect(fills == [green, blue])
        // A selector svgicon cannot read invalidates its whole list (Selectors 4 §3.1).
        let star = try fillOf([rect([])], style: "*, rect:hover { fill: red } rect { fill: blue }")
        #expect(star == [blue])
    }

    @Test("Unsupported selectors are skipped and reported once; comments and at-rules are ignored")
    func unsupported() throws {
        var sheet = CSSStyleSheet()
        sheet.add("/* c */ @media print { rect { fill: red } } rect:hover { fill: red } a|b, c {} .ok, { } .ok { fill: blue }")
        #expect(sheet.rules.count == 1)
        #expect(sheet.rules.first?.selector.compounds.first?.classes == ["ok"])
        #expect(sheet.unsupportedSelectors == ["rect:hover", "a|b"])
    }

    @Test("Attribute operators |= ^= $= *=; an empty value never matches ^= $= *=")
    func attributeOperators() throws {
        let fills = try fillOf([rect([("lang", "en-GB")]), rect([("id", "goal")]), rect([("id", "tall")]),
                                rect([("class", "amidst")]), rect([("id", "x")])], style: """
            [lang|=en] { fill: red } [id^=go] { fill: green } [id$="ll"] { fill: blue } [class*=mid] { fill: red }
            [id^=""] { fill: green }
            """)
        #expect(fills == [red, green, blue, red, .tint])
    }

    @Test("Structural pseudo-classes and :not")
    func pseudoClasses() throws {
        let fills = try fillOf([rect([]), rect([("class", "x")]), rect([]), rect([])], style: """
            rect:first-child { fill: red } rect:nth-child(2n+3) { fill: green } rect:last-child { fill: blue }
            rect:not(.x):nth-last-child( -n + 2 ):not(:first-child) { stroke: red }
            """)
        // The <style> element is the first child: the rects are children 2…5.
        #expect(fills == [.tint, green, .tint, blue])
        #expect(CSSSelector.anPlusB("odd")! == (2, 1))
        #expect(CSSSelector.anPlusB("-n+ 3")! == (-1, 3))
        #expect(CSSSelector.anPlusB("+5")! == (0, 5))
        #expect(CSSSelector.anPlusB("2n-1")! == (2, -1))
        #expect(CSSSelector.anPlusB("n1") == nil)
        #expect(CSSSelector.parse("rect:not(.a)")!.specificity == (0, 1, 1))
        #expect(CSSSelector.parse("rect:first-child")!.specificity == (0, 1, 1))
        // :not's argument ends at its own closing parenthesis, not at the first one inside it.
        #expect(CSSSelector.parse("rect:not(:nth-child(2n+1))")!.specificity == (0, 1, 1))
        #expect(CSSSelector.parse("rect:not([title=\")\"]).a")!.specificity == (0, 2, 1))
        #expect(CSSSelector.parse("rect:not(:nth-child(2n+1)") == nil)
        let odd = try fillOf([rect([]), rect([]), rect([])], style: "rect:not(:nth-child(2n+1)) { fill: green }")
        #expect(odd == [green, .tint, green])
    }

    @Test("an+b: whitespace around the whole and around b's sign only (CSS Syntax 3 §6)")
    func anPlusBGrammar() throws {
        let valid: [(String, (Int, Int))] = [
            ("2n + 1", (2, 1)), (" -n+ 3", (-1, 3)), ("2n- 1", (2, -1)), ("2n -1", (2, -1)), ("+n", (1, 0)),
            ("-2N+7 ", (-2, 7)), (" EVEN ", (2, 0)), ("-5", (0, -5)), ("n-0", (1, 0)), ("\t3n\n", (3, 0)),
        ]
        for (text, expected) in valid {
            let got = CSSSelector.anPlusB(text[...])
            #expect(got.map { [$0.0, $0.1] } == [expected.0, expected.1], "\(text)")
        }
        for text in ["2 n+1", "+ 2n", "- n", "2n + -1", "2n+-1", "2n 1", "+ 5", "n +", "--n", "2.5n", "odd 1", ""] {
            #expect(CSSSelector.anPlusB(text[...]) == nil, "\(text)")
        }
        // An invalid argument drops the selector, and with it the whole list.
        let fills = try fillOf([rect([]), rect([])], style: "rect:nth-child(2 n+1), rect { fill: red }")
        #expect(fills == [.tint, .tint])
    }

    @Test("Next-sibling and subsequent-sibling combinators")
    func siblingCombinators() throws {
        let fills = try fillOf([rect([("class", "a")]), rect([]), rect([]), rect([])],
                               style: ".a + rect { fill: red } .a ~ rect + rect { fill: green }")
        #expect(fills == [.tint, red, green, green])
    }

    @Test("initial and unset: unset inherits an inherited property; initial takes the initial value")
    func cssWideKeywords() throws {
        let g = SVGElement(name: "g", attributes: [(name: "fill", value: "blue")], children: [
            rect([("class", "u"), ("fill", "red")]), rect([("class", "i"), ("fill", "red")]),
        ])
        let fills = try fillOf([g], style: ".u { fill: unset } .i { fill: initial }")
        #expect(fills == [blue, .tint])
    }

    @Test("inherit on properties that do not inherit takes the parent's computed value (CSS Cascade 4 §7.2)")
    func inheritNonInherited() throws {
        func el(_ name: String, _ attributes: [(String, String)], _ children: [SVGElement] = []) -> SVGElement {
            SVGElement(name: name, attributes: attributes.map { (name: $0.0, value: $0.1) }, children: children)
        }
        let square = [("width", "2"), ("height", "2")]
        let root = el("svg", [("viewBox", "0 0 10 10")], [
            el("clipPath", [("id", "c")], [el("rect", square)]),
            el("linearGradient", [("id", "g"), ("stop-opacity", "0.25"), ("stop-color", "blue")],
               [el("stop", [("stop-opacity", "inherit"), ("stop-color", "inherit")]), el("stop", [("offset", "1")])]),
            el("g", [("opacity", "0.5"), ("clip-path", "url(#c)"), ("style", "mix-blend-mode: multiply")], [
                el("rect", square + [("opacity", "inherit"), ("clip-path", "inherit"), ("style", "mix-blend-mode: inherit")]),
                el("rect", square + [("fill", "url(#g)")]),
            ]),
        ])
        let result = try SVGResolver.resolve(root)
        #expect(result.warnings.isEmpty)
        guard case .group(let children) = try #require(result.icon.layers.first).content, children.count == 2 else {
            Issue.record("no group of two"); return
        }
        #expect(children[0].opacity == 0.5 && children[0].clipPath != nil && children[0].blendMode == .multiply)
        #expect(children[1].opacity == 1 && children[1].clipPath == nil && children[1].blendMode == .normal)
        guard case .shape(let filled) = children[1].content, case .linearGradient(let g)? = filled.fill?.paint else {
            Issue.record("no gradient"); return
        }
        #expect(g.stops.first?.opacity == 0.25 && g.stops.first?.color == SVGColor(red: 0, green: 0, blue: 255))
    }

    @Test("overflow: initial and unset are visible, inherit the parent's; a marker clips by SVG's UA sheet only")
    func overflowKeywords() throws {
        func el(_ name: String, _ attributes: [(String, String)], _ children: [SVGElement] = []) -> SVGElement {
            SVGElement(name: name, attributes: attributes.map { (name: $0.0, value: $0.1) }, children: children)
        }
        var clipped: [Bool] = []
        for (overflow, parent) in [(nil, "hidden"), ("initial", "hidden"), ("unset", "hidden"), ("inherit", "visible"),
                                   ("inherit", "hidden"), ("hidden", "visible")] as [(String?, String)] {
            let marker = el("marker", [("id", "m"), ("markerWidth", "2"), ("markerHeight", "2")] + (overflow.map { [("style", "overflow: \($0)")] } ?? []),
                            [el("rect", [("width", "4"), ("height", "4")])])
            let root = el("svg", [("viewBox", "0 0 10 10")], [
                el("g", [("style", "overflow: \(parent)")], [marker]),
                el("path", [("d", "M1 1 L5 5"), ("stroke", "red"), ("marker-end", "url(#m)")]),
            ])
            let result = try SVGResolver.resolve(root)
            guard case .group(let children) = try #require(result.icon.layers.first).content,
                  let instance = children.first(where: { $0.elementName == "marker" }) else {
                Issue.record("no marker"); return
            }
            clipped.append(instance.clipPath != nil)
        }
        #expect(clipped == [true, false, false, false, true, true])
    }

    @Test("Selector specificity numbers")
    func specificityNumbers() {
        #expect(CSSSelector.parse("g#a.b > rect[x]")?.specificityRank == 1_002_002)
        #expect(CSSSelector.parse("*")?.specificityRank == 0)
        #expect(CSSSelector.parse("a:b") == nil)
    }

    @Test("Every style property is found by its name, and nothing else is")
    func stylePropertyNames() {
        let names = ["fill", "stroke", "color", "fill-opacity", "stroke-opacity", "opacity", "fill-rule", "clip-rule",
                     "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
                     "stroke-dashoffset", "visibility", "display", "paint-order", "vector-effect", "overflow",
                     "marker-start", "marker-mid", "marker-end", "marker", "font-size", "shape-rendering",
                     "mix-blend-mode", "isolation", "font"]
        #expect(names.map { StyleProperty(name: $0)?.rawValue } == names.indices.map { UInt8($0) })
        #expect(names.allSatisfy { StyleProperty(name: $0)?.name == $0 })
        #expect(StyleProperty(name: "stroke-linejoin") == .strokeLinejoin && StyleProperty.strokeLinejoin.name == "stroke-linejoin")
        for other in ["", "d", "x", "viewBox", "Fill", "fill ", "stroke-widths", "preserveAspectRatio", "stroke-dashoffsets", "fonts", "Font"] {
            #expect(StyleProperty(name: other) == nil, "\(other)")
        }
    }
}
