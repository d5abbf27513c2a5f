import Testing
@testable import SVGIconCore

/// Builds elements for the tests below.
private func el(_ name: String, _ attributes: [(String, String)] = [], _ children: [SVGElement] = [],
                text: String = "") -> SVGElement {
    SVGElement(name: name, attributes: attributes.map { (name: $0.0, value: $0.1) }, children: children, text: text)
}

/// The computed style of the document's second element (the first child of the root), styled by `attributes`
/// (presentation attributes and `style`) under a parent styled by `parent`.
private func style(_ attributes: [(String, String)], parent: [(String, String)] = [], sheet: String = "") -> SVGStyle {
    let children = (sheet.isEmpty ? [] : [el("style", text: sheet)]) + [el("g", parent, [el("rect", attributes)])]
    let root = el("svg", [("viewBox", "0 0 10 10")], children)
    return SVGResolver.computedStyle(ofElement: sheet.isEmpty ? 2 : 3, in: root)
}

@Suite("CSS keywords are ASCII case-insensitive (CSS Values 3 §2.5), in attributes and style sheets")
struct CSSKeywordCaseTests {
    @Test("Every keyword-valued property reads its keywords in any case")
    func keywordCase() {
        for form in ["attribute", "style"] {
            func s(_ name: String, _ value: String, parent: [(String, String)] = []) -> SVGStyle {
                style(form == "attribute" ? [(name, value)] : [("style", "\(name): \(value)")], parent: parent)
            }
            #expect(s("display", "NONE").displayNone, "\(form)")
            #expect(s("visibility", "Hidden").visible == false, "\(form)")
            #expect(s("visibility", "COLLAPSE").visible == false, "\(form)")
            #expect(s("fill-rule", "EvenOdd").fillRule == .evenodd, "\(form)")
            #expect(s("clip-rule", "EVENODD").clipRule == .evenodd, "\(form)")
            #expect(s("stroke-linecap", "Round").lineCap == .round, "\(form)")
            #expect(s("stroke-linejoin", "Bevel").lineJoin == .bevel, "\(form)")
            #expect(s("stroke-linejoin", "Miter-Clip").lineJoin == .miterClip, "\(form)")
            #expect(s("stroke-dasharray", "NONE", parent: [("stroke-dasharray", "2 1")]).dashArray == [], "\(form)")
            #expect(s("overflow", "Hidden").overflowVisible == false, "\(form)")
            #expect(s("paint-order", "Stroke Fill").strokeFirst, "\(form)")
            #expect(s("vector-effect", "Non-Scaling-Stroke").nonScalingStroke, "\(form)")
            #expect(s("font-size", "X-LARGE").fontSize == 24, "\(form)")
            #expect(s("font-size", "Larger", parent: [("font-size", "10")]).fontSize == 12, "\(form)")
            #expect(s("shape-rendering", "CRISPEDGES").crispEdges, "\(form)")
            #expect(s("shape-rendering", "crispedges").crispEdges, "\(form)")
            // CSS-wide keywords, on properties that inherit and that do not.
            #expect(s("opacity", "INHERIT", parent: [("opacity", "0.5")]).opacity == 0.5, "\(form)")
            #expect(s("stroke-width", "Initial", parent: [("stroke-width", "3")]).strokeWidth == 1, "\(form)")
            #expect(s("fill-rule", "UNSET", parent: [("fill-rule", "evenodd")]).fillRule == .evenodd, "\(form)")
        }
        // CSS-only properties: style sheets and `style` only.
        #expect(style([("style", "mix-blend-mode: MULTIPLY")]).blendMode == .multiply)
        #expect(style([("style", "isolation: Isolate")]).isolate)
        #expect(style([("style", "font: BOLD 10PX Serif")]).fontSize == 10)
    }

    @Test("Property names and !important fold A–Z only: a Kelvin sign (U+212A) names no property")
    func propertyNameCase() {
        let red = PaintValue.color(SVGColor(red: 255, green: 0, blue: 0))
        // Upper-case ASCII names are the same property, in `style` and in a style sheet.
        #expect(style([("style", "STROKE:red;Stroke-Width:4")]).stroke == red)
        #expect(style([("style", "STROKE:red;Stroke-Width:4")]).strokeWidth == 4)
        #expect(style([("class", "a")], sheet: ".a { STROKE: red; STROKE-WIDTH: 4 }").stroke == red)
        #expect(style([("class", "a")], sheet: ".a { STROKE: red; STROKE-WIDTH: 4 }").strokeWidth == 4)
        // `stro\u{212A}e` lowercases to `stroke` in Unicode, but is not `stroke` in CSS: ignored.
        let kelvin = "stro\u{212A}e:red;stro\u{212A}e-width:4"
        #expect(style([("style", kelvin)]).stroke == .none)
        #expect(style([("style", kelvin)]).strokeWidth == 1)
        #expect(style([("class", "a")], sheet: ".a { \(kelvin) }").stroke == .none)
        #expect(style([("class", "a")], sheet: ".a { \(kelvin) }").strokeWidth == 1)
        // `!IMPORTANT` and `! Important ` are important (no letter of `important` has a non-ASCII upper case).
        #expect(style([("class", "a"), ("style", "stroke-width:2")], sheet: ".a { stroke-width: 5 !IMPORTANT }").strokeWidth == 5)
        #expect(CSSStyleSheet.declarations("fill: red ! Important ")[0].important)
    }

    @Test("display: Inline is valid and undoes an earlier none (CSS Display 3)")
    func displayInline() {
        #expect(style([("class", "a"), ("style", "display: Inline")], sheet: ".a { display: none }").displayNone == false)
        #expect(style([("class", "a"), ("style", "display: BLOCK Flow")], sheet: ".a { display: none }").displayNone == false)
        #expect(style([("class", "a"), ("style", "display: inline inline")], sheet: ".a { display: none }").displayNone)
    }

    @Test("Non-inherited properties read where they apply: inherit/initial/unset in any case, URL( and NONE")
    func nonInheritedKeywords() throws {
        let square = [("width", "2"), ("height", "2")]
        let root = el("svg", [("viewBox", "0 0 10 10")], [
            el("clipPath", [("id", "c")], [el("rect", square)]),
            el("mask", [("id", "m"), ("mask-type", "ALPHA")], [el("rect", square)]),
            el("g", [("clip-path", "URL(#c)")], [
                el("rect", square + [("clip-path", "INHERIT")]),
                el("rect", square + [("clip-path", "Initial")]),
                el("rect", square + [("clip-path", "UnSet")]),
                el("rect", square + [("filter", "NONE"), ("mask", "Url(#m)")]),
            ]),
        ])
        let result = try SVGResolver.resolve(root)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        guard case .group(let children) = try #require(result.icon.layers.first).content, children.count == 4 else {
            Issue.record("no group of four"); return
        }
        #expect(result.icon.layers.first?.clipPath != nil)
        #expect(children.map { $0.clipPath != nil } == [true, false, false, false])
        #expect(children[3].filter.isEmpty)
        #expect(children[3].mask?.usesAlpha == true)
    }
}

@Suite("The font shorthand (CSS Fonts 4 §2.8)")
struct FontShorthandTests {
    @Test("oblique with an angle, fractional weights, parts in any order; repeated parts are invalid")
    func grammar() {
        let valid: [(String, Double)] = [
            ("oblique 10deg 12px serif", 12), ("oblique -90deg 13px serif", 13), ("OBLIQUE 0.25TURN 14px a", 14),
            ("oblique 15px serif", 15), ("450.5 12px serif", 12), ("1e3 9px a", 9), ("1 11px a", 11),
            ("bold italic small-caps condensed 8px a", 8), ("normal normal normal normal 7px a", 7),
            ("normal bold 6px/1.5 a", 6), ("italic 5px / 2 a", 5), ("oblique 0 serif", 0),
        ]
        for (value, size) in valid {
            #expect(SVGResolver.fontShorthandSize(value, parent: 20) == size, "\(value)")
        }
        for value in ["bold bold 12px serif", "italic oblique 12px serif", "italic italic 12px serif",
                      "condensed expanded 12px a", "small-caps small-caps 12px a", "bold 700 12px a",
                      "normal normal normal normal normal 12px a", "oblique 100deg 12px serif", "12px", "bold 12px", "oblique 10deg serif", "12 serif", "caption 12px a"] {
            #expect(SVGResolver.fontShorthandSize(value, parent: 20) == nil, "\(value)")
        }
    }

    @Test("System font keywords are valid and give medium (16 px) whatever the context; not warned")
    func systemFonts() throws {
        for keyword in ["caption", "icon", "menu", "message-box", "small-caption", "status-bar", "CAPTION", " Menu "] {
            #expect(SVGResolver.fontShorthandSize(keyword, parent: 5) == 16, "\(keyword)")
            #expect(style([("style", "font-size: 5px; font: \(keyword)")], parent: [("font-size", "8")]).fontSize == 16)
        }
        let root = el("svg", [("viewBox", "0 0 10 10")], [el("rect", [("width", "1em"), ("height", "1"), ("style", "font: caption")])])
        #expect(try SVGResolver.resolve(root).warnings.isEmpty)
    }
}

@Suite("Style resolution stays linear on hostile input")
struct CascadeCostTests {
    @Test(".a ~ rect with no .a tests each rect's previous sibling once, not all of them")
    func subsequentSiblingLinear() throws {
        let count = 3_000  // 4.5 M sibling pairs: past SVGLimits.cascadeWork when each rect walks them all
        let rects = (0..<count).map { _ in el("rect", [("width", "1"), ("height", "1")]) }
        let root = el("svg", [("viewBox", "0 0 10 10")], [el("style", text: ".a ~ rect, .b ~ .a ~ rect { fill: red }")] + rects)
        // Past the limit, resolving would throw styleSheetTooCostly.
        let work = try SVGResolver.resolveCountingWork(root).work
        #expect(work.cascade < 10 * count, "\(work.cascade)")
        // And it still matches: an .a early on reaches every rect after it, through both rules.
        let marked = [el("rect", [("class", "b"), ("width", "1"), ("height", "1")]),
                      el("rect", [("class", "a"), ("width", "1"), ("height", "1")])] + rects
        let fills = try SVGResolver.resolve(el("svg", [("viewBox", "0 0 10 10")],
                                               [el("style", text: ".b ~ .a ~ rect { fill: red }")] + marked))
        #expect(fills.icon.layers.count == count + 2)
        #expect(fills.icon.layers.dropFirst(2).allSatisfy {
            if case .shape(let s) = $0.content { return s.fill?.paint == .color(SVGColor(red: 255, green: 0, blue: 0)) }
            return false
        })
        #expect(fills.icon.layers.prefix(2).allSatisfy {
            if case .shape(let s) = $0.content { return s.fill?.paint == .tint }
            return false
        })
    }

    @Test("A chain of nested inherit on a non-inherited property is walked once, not once per element below")
    func nestedInheritLinear() throws {
        let depth = 120, leaves = 2_000
        var inner = el("g", [("clip-path", "inherit")], (0..<leaves).map { _ in
            el("rect", [("width", "1"), ("height", "1"), ("clip-path", "inherit")])
        })
        for _ in 0..<(depth - 3) { inner = el("g", [("clip-path", "inherit")], [inner]) }
        let root = el("svg", [("viewBox", "0 0 10 10")], [
            el("clipPath", [("id", "c")], [el("rect", [("width", "5"), ("height", "5")])]),
            el("g", [("clip-path", "url(#c)")], [inner]),
        ])
        let (result, work) = try SVGResolver.resolveCountingWork(root)
        let icon = result.icon, elements = work.elements
        // Old walk: every rect read ~depth ancestors for clip-path (~240 000 reads, over 100 per element); now
        // each element's clip-path, mask and filter are read about once each, its clip-path's parent once more.
        #expect(work.nonInheritedReads < 6 * elements, "\(work.nonInheritedReads) reads for \(elements) elements")
        // Each rect is clipped by the clip path the outer group names, passed down by every inherit.
        func rectsClipped(_ layers: [SVGIconLayer]) -> [Bool] {
            layers.flatMap { l -> [Bool] in
                switch l.content {
                case .shape: return [l.clipPath != nil]
                case .group(let c): return rectsClipped(c)
                }
            }
        }
        let clipped = rectsClipped(icon.layers)
        #expect(clipped.count == leaves && clipped.allSatisfy { $0 })
    }
}

@Suite("an+b takes any number of digits (CSS Syntax 3 §6)")
struct ANPlusBDigitsTests {
    @Test("Leading zeros, ten digits and more; huge values saturate")
    func digits() throws {
        let big = Int(Int32.max)
        let cases: [(String, [Int])] = [
            ("0000000001", [0, 1]), ("0000000002n+00000000001", [2, 1]), ("1234567890n", [1234567890, 0]),
            ("99999999999999999999999999n+1", [big, 1]), ("-99999999999999999999", [0, -big]),
            ("n-000000000000000000007", [1, -7]),
        ]
        for (text, expected) in cases {
            #expect(CSSSelector.anPlusB(text[...]).map { [$0.0, $0.1] } == expected, "\(text)")
        }
        let root = el("svg", [("viewBox", "0 0 10 10")], [
            el("style", text: "rect:nth-child(0000000003) { fill: red } rect:nth-child(99999999999999n+99999999999) { fill: blue }"),
            el("rect", [("width", "1"), ("height", "1")]), el("rect", [("width", "1"), ("height", "1")]),
        ])
        let result = try SVGResolver.resolve(root)
        let fills = result.icon.layers.map { l -> SVGPaint? in
            if case .shape(let s) = l.content { return s.fill?.paint }
            return nil
        }
        #expect(fills == [.tint, .color(SVGColor(red: 255, green: 0, blue: 0))])
    }
}
