import Testing
@testable import SVGIconCore
import SVGIconKit

/// The static-SVG gaps of issue 18 (besides filters, images, patterns, markers and context paint): output
/// aspect, `em`/`ex`, negative radii, `transform` as CSS, entity-declared markup, paint fallbacks, CSS Color
/// 4, `transform-origin`, `switch`, `shape-rendering`, `mix-blend-mode` and `isolation`. Pixels of whole
/// fixtures are compared with resvg in FeatureFixtureTests; these pin exact values.
@Suite("Static SVG gaps")
struct StaticSVGGapsTests {
    private func parse(_ body: String, viewBox: String = "0 0 100 100", root: String = "",
                       options: SVGResolver.Options = SVGResolver.Options()) throws -> SVGParseResult {
        try SVGDocumentParser.parse("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(viewBox)\" \(root)>\(body)</svg>",
                                    file: "t.svg", options: options)
    }

    /// The bounding box of the first shape found, in the root's user space (through every transform).
    private func firstShapeBounds(_ layers: [SVGIconLayer], _ t: SVGTransform = .identity) -> SVGRect? {
        for layer in layers {
            let m = t.concatenating(layer.transform)
            switch layer.content {
            case .shape(let shape):
                // The control points' box: exact for the rectangles these tests use (and circles' extremes).
                let points = shape.path.transformed(by: m).points
                guard let first = points.first else { return nil }
                var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
                for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
                return SVGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            case .group(let children): if let b = firstShapeBounds(children, m) { return b }
            }
        }
        return nil
    }

    private func firstShape(_ layers: [SVGIconLayer]) -> SVGShape? {
        for layer in layers {
            switch layer.content {
            case .shape(let shape): return shape
            case .group(let children): if let s = firstShape(children) { return s }
            }
        }
        return nil
    }

    private func render(_ body: String, size: Int = 4, viewBox: String = "0 0 4 4") throws -> Pixmap {
        try parse(body, viewBox: viewBox).icon.render(size: size)
    }

    // MARK: Output size

    @Test("The document's aspect is its width/height, each side the viewBox's where it is not given")
    func aspect() throws {
        #expect(try parse("", viewBox: "0 0 10 10", root: "width=\"200\" height=\"100\"").icon.aspect == 2)
        #expect(try parse("", viewBox: "0 0 10 20", root: "width=\"30\"").icon.aspect == 1.5)
        #expect(try parse("", viewBox: "0 0 10 20").icon.aspect == 0.5)
        #expect(try parse("", viewBox: "0 0 10 20", root: "width=\"50%\" height=\"40\"").icon.aspect == 0.25)
    }

    // MARK: em, ex, font-size

    @Test("em and ex follow the inherited font-size (ex is half of it); 16 px without one")
    func emAndEx() throws {
        func box(_ body: String) throws -> SVGRect? { firstShapeBounds(try parse(body).icon.layers) }
        #expect(try box("<rect width=\"1em\" height=\"1ex\"/>") == SVGRect(x: 0, y: 0, width: 16, height: 8))
        #expect(try box("<g font-size=\"20\"><rect width=\"1em\" height=\"1ex\"/></g>") == SVGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(try box("<g font-size=\"20\"><g font-size=\"50%\"><rect width=\"2em\" height=\"1em\"/></g></g>")
                    == SVGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(try box("<g style=\"font-size: 1.5em\"><rect x=\"1em\" width=\"1em\" height=\"1\"/></g>")
                    == SVGRect(x: 24, y: 0, width: 24, height: 1))
        #expect(try box("<rect font-size=\"larger\" width=\"1em\" height=\"1\"/>")?.width == 16 * 1.2)
        // A stroke width in em takes the element's own font-size, whichever attribute comes first.
        let shape = firstShape(try parse("<rect stroke=\"red\" stroke-width=\"0.5em\" font-size=\"8\" width=\"5\" height=\"5\"/>").icon.layers)
        #expect(shape?.stroke?.style.width == 4)
    }

    @Test("font-size keywords and invalid sizes")
    func fontSizeValues() throws {
        #expect(SVGResolverProbe.fontSize("medium", parent: 30) == 16)
        #expect(SVGResolverProbe.fontSize("x-large", parent: 30) == 24)
        #expect(SVGResolverProbe.fontSize("smaller", parent: 12) == 10)
        #expect(SVGResolverProbe.fontSize("-5", parent: 12) == nil)
        let result = try parse("<g font-size=\"-5\"><rect width=\"1em\" height=\"1\"/></g>")
        #expect(result.warnings.map(\.description) == ["line 1: <g>: ignoring invalid font-size value \"-5\""])
        #expect(firstShapeBounds(result.icon.layers)?.width == 16)
    }

    @Test("The font shorthand sets font-size from a style sheet or style attribute, not as an attribute")
    func fontShorthand() throws {
        #expect(SVGResolverProbe.fontShorthand("bold 20px serif", parent: 16) == 20)
        #expect(SVGResolverProbe.fontShorthand("italic small-caps 700 condensed 1.5em/2 \"A B\", sans-serif", parent: 10) == 15)
        #expect(SVGResolverProbe.fontShorthand("12px / 1.2 serif", parent: 16) == 12)
        #expect(SVGResolverProbe.fontShorthand("x-large serif", parent: 10) == 24)
        #expect(SVGResolverProbe.fontShorthand("20px", parent: 16) == nil)  // the family is required
        #expect(SVGResolverProbe.fontShorthand("caption", parent: 10) == 16)  // a system font: medium (CSS Fonts 4 §2.8)
        #expect(SVGResolverProbe.fontShorthand("bold bold bold bold bold 20px serif", parent: 16) == nil)
        func width(_ body: String) throws -> Double? { firstShapeBounds(try parse(body).icon.layers)?.width }
        #expect(try width("<style>g { font: 20px serif }</style><g><rect width=\"2em\" height=\"1\"/></g>") == 40)
        #expect(try width("<g style=\"font: 10px serif; font-size: 30px\"><rect width=\"1em\" height=\"1\"/></g>") == 30)
        #expect(try width("<g style=\"font-size: 30px; font: 10px serif\"><rect width=\"1em\" height=\"1\"/></g>") == 10)
        // A shorthand is not a presentation attribute (SVG 2): font="20px serif" leaves 16 px.
        #expect(try width("<g font=\"20px serif\"><rect width=\"1em\" height=\"1\"/></g>") == 16)
        let result = try parse("<g style=\"font: 20px\"><rect width=\"1em\" height=\"1\"/></g>")
        #expect(result.warnings.map(\.description) == ["line 1: <g>: ignoring invalid font value \"20px\""])
        #expect(firstShapeBounds(result.icon.layers)?.width == 16)
    }

    // MARK: Radii

    @Test("A negative rx or ry is auto (the other radius), with a warning")
    func negativeRadii() throws {
        let result = try parse("<rect width=\"40\" height=\"40\" rx=\"-10\" ry=\"8\"/>")
        let path = try #require(firstShape(result.icon.layers)).path
        let rounded = try #require(firstShape(try parse("<rect width=\"40\" height=\"40\" rx=\"8\" ry=\"8\"/>").icon.layers)).path
        #expect(path == rounded)
        #expect(result.warnings.map(\.description) == ["line 1: <rect>: ignoring negative rx=\"-10\" (auto)"])
    }

    // MARK: transform as CSS

    @Test("CSS transform syntax: units, translateX/Y, skew, none, and what is refused")
    func cssTransformSyntax() {
        #expect(CSSTransformParser.parse("translate(10px, 5px) rotate(90deg)")
                    == SVGTransform.translation(10, 5).concatenating(.rotation(degrees: 90)))
        #expect(CSSTransformParser.parse("translateX(1in) translateY(3pt)") == SVGTransform.translation(96, 0).concatenating(.translation(0, 4)))
        #expect(CSSTransformParser.parse("rotate(0.25turn)") == SVGTransform.rotation(degrees: 90))
        #expect(CSSTransformParser.parse("scale(2 , 3)") == SVGTransform.scale(2, 3))
        #expect(CSSTransformParser.parse("SKEW(45deg)")?.c == SVGTransform.skewX(degrees: 45).c)
        #expect(CSSTransformParser.parse("none") == .identity)
        #expect(CSSTransformParser.parse("translate(50%, 0)") == nil)
        #expect(CSSTransformParser.parse("scale(2px)") == nil)
        #expect(CSSTransformParser.parse("rotate(1, 2)") == nil)
        #expect(CSSTransformParser.parse("translate(1px), scale(2)") == nil)
        #expect(CSSTransformParser.parse("") == nil)
    }

    @Test("CSS transform arguments need commas and units (only zero may be bare); SVG's own syntax is not CSS")
    func cssTransformIsStrictCSS() {
        #expect(CSSTransformParser.parse("translate(60px 60px)") == nil)
        #expect(CSSTransformParser.parse("translate(60, 60)") == nil)
        #expect(CSSTransformParser.parse("rotate(45)") == nil)
        #expect(CSSTransformParser.parse("rotate(45deg, 100px, 100px)") == nil)
        #expect(CSSTransformParser.parse("matrix(1 0 0 1 60 60)") == nil)
        #expect(CSSTransformParser.parse("translate(0, 10px) rotate(0)") == SVGTransform.translation(0, 10))
        #expect(CSSTransformParser.parse("matrix(1, 0, 0, 1, 60, 60)") == SVGTransform.translation(60, 60))
    }

    @Test("the transform attribute takes SVG's transform list only; style takes SVG's or CSS's, not a mix")
    func transformAttributeVersusCSS() throws {
        let degrees = try parse("<rect width=\"1\" height=\"1\" transform=\"translate(5 0) rotate(45deg)\"/>")
        #expect(degrees.icon.layers.first?.transform == .identity)
        #expect(degrees.warnings.map(\.description) == ["line 1: <rect>: ignoring malformed transform \"translate(5 0) rotate(45deg)\""])
        let translateX = try parse("<rect width=\"1\" height=\"1\" transform=\"translateX(5px)\"/>")
        #expect(translateX.icon.layers.first?.transform == .identity)
        // In style, CSS units with SVG's spaces are neither syntax: the attribute below it stays.
        let spaced = try parse("<rect width=\"1\" height=\"1\" transform=\"translate(50 0)\" style=\"transform: translate(5px 0px)\"/>")
        #expect(firstShapeBounds(spaced.icon.layers)?.x == 50)
        let sheet = try parse("<style>rect { transform: translate(7px, 0px) }</style><rect width=\"1\" height=\"1\" transform=\"translate(50, 0)\"/>")
        #expect(firstShapeBounds(sheet.icon.layers)?.x == 7)
        // SVG's own syntax in CSS is read as resvg reads it.
        let svgSyntax = try parse("<rect width=\"1\" height=\"1\" style=\"transform: translate(9 0)\"/>")
        #expect(firstShapeBounds(svgSyntax.icon.layers)?.x == 9)
    }

    @Test("transform in style and style sheets wins over the attribute; an invalid one is dropped with a warning")
    func cssTransformCascade() throws {
        let sheet = try parse("<style>#r { transform: translate(5px, 0) }</style><rect id=\"r\" width=\"1\" height=\"1\" transform=\"translate(50 0)\"/>")
        #expect(firstShapeBounds(sheet.icon.layers)?.x == 5)
        let inline = try parse("<rect width=\"1\" height=\"1\" style=\"transform: rotate(90deg) scale(2)\"/>")
        #expect(inline.icon.layers.first?.transform == SVGTransform.rotation(degrees: 90).concatenating(.scale(2, 2)))
        let invalid = try parse("<rect width=\"1\" height=\"1\" transform=\"translate(50 0)\" style=\"transform: spin(1)\"/>")
        #expect(firstShapeBounds(invalid.icon.layers)?.x == 50)
        #expect(invalid.warnings.map(\.description) == ["line 1: <rect>: ignoring malformed transform \"spin(1)\""])
        let none = try parse("<rect width=\"1\" height=\"1\" transform=\"translate(50 0)\" style=\"transform: none\"/>")
        #expect(firstShapeBounds(none.icon.layers)?.x == 0)
    }

    // MARK: transform-origin

    @Test("transform-origin: lengths, keywords in either order, percentages of the viewport")
    func transformOrigin() throws {
        func transform(_ attributes: String) throws -> SVGTransform? {
            try parse("<rect width=\"1\" height=\"1\" \(attributes)/>", viewBox: "0 0 200 100").icon.layers.first?.transform
        }
        let r = SVGTransform.rotation(degrees: 90)
        func about(_ x: Double, _ y: Double) -> SVGTransform {
            SVGTransform.translation(x, y).concatenating(r).concatenating(.translation(-x, -y))
        }
        #expect(try transform("transform=\"rotate(90)\" transform-origin=\"10 20\"") == about(10, 20))
        #expect(try transform("transform=\"rotate(90)\" transform-origin=\"center\"") == about(100, 50))
        #expect(try transform("transform=\"rotate(90)\" transform-origin=\"bottom right\"") == about(200, 100))
        #expect(try transform("transform=\"rotate(90)\" transform-origin=\"top\"") == about(100, 0))
        #expect(try transform("transform=\"rotate(90)\" style=\"transform-origin: 25% 10px 0\"") == about(50, 10))
        #expect(try transform("transform-origin=\"10 20\"") == .identity)
        let bad = try parse("<rect width=\"1\" height=\"1\" transform=\"rotate(90)\" transform-origin=\"left left\"/>")
        #expect(bad.icon.layers.first?.transform == r)
        #expect(bad.warnings.map(\.description) == ["line 1: <rect>: ignoring invalid transform-origin \"left left\""])
    }

    @Test("transform-box: fill-box and stroke-box take transform-origin in the element's own box")
    func transformBox() throws {
        func bounds(_ body: String) throws -> SVGRect? {
            firstShapeBounds(try parse(body, viewBox: "0 0 200 200").icon.layers)
        }
        // A 80 x 60 rect at (20, 30) halved about its own centre (60, 60), not the view box's (100, 100).
        let fill = try bounds("""
            <rect x="20" y="30" width="80" height="60" transform="scale(0.5)" \
            style="transform-box: fill-box; transform-origin: 50% 50%"/>
            """)
        #expect(fill == SVGRect(x: 40, y: 45, width: 40, height: 30))
        // content-box is fill-box for SVG elements; lengths are from the box's corner.
        let content = try bounds("""
            <rect x="20" y="30" width="80" height="60" transform="scale(0.5)" \
            style="transform-box: content-box; transform-origin: 10px 0"/>
            """)
        #expect(content == SVGRect(x: 25, y: 30, width: 40, height: 30))
        // stroke-box: the box widened by half the stroke width, so 0 0 is (10, 20).
        let stroke = try bounds("""
            <rect x="20" y="30" width="80" height="60" stroke="red" stroke-width="20" transform="scale(0.5)" \
            style="transform-box: stroke-box; transform-origin: 0 0"/>
            """)
        #expect(stroke == SVGRect(x: 15, y: 25, width: 40, height: 30))
        // view-box (the initial value) keeps the viewport's percentages; an unknown box is ignored.
        let view = try bounds("""
            <rect x="20" y="30" width="80" height="60" transform="scale(0.5)" \
            style="transform-box: view-box; transform-origin: 50% 50%"/>
            """)
        #expect(view == SVGRect(x: 60, y: 65, width: 40, height: 30))
        let unknown = try bounds("""
            <rect x="20" y="30" width="80" height="60" transform="scale(0.5)" \
            style="transform-box: margin-box; transform-origin: 50% 50%"/>
            """)
        #expect(unknown == SVGRect(x: 60, y: 65, width: 40, height: 30))
        // A use's box is its content's, moved by x and y: the origin is that box's centre (70, 70).
        let use = try bounds("""
            <defs><rect id="r" width="40" height="40"/></defs>\
            <use href="#r" x="50" y="50" transform="scale(0.5)" style="transform-box: fill-box; transform-origin: center"/>
            """)
        #expect(use == SVGRect(x: 60, y: 60, width: 20, height: 20))
        // A marked shape's box leaves out its markers: the centre is the path's (20, 15), not that of the path
        // and the 40 x 40 marker at (10, 10) together (30, 30).
        let marked = try bounds("""
            <marker id="m" markerUnits="userSpaceOnUse" markerWidth="40" markerHeight="40" overflow="visible">\
            <rect width="40" height="40"/></marker>\
            <path d="M10 10 H30 V20 H10 Z" marker-end="url(#m)" transform="scale(0.5)" \
            style="transform-box: fill-box; transform-origin: center"/>
            """)
        #expect(marked == SVGRect(x: 15, y: 12.5, width: 10, height: 5))
    }

    @Test("transform-box on an element without a box: the empty box at the origin, so the origin's lengths count")
    func transformBoxWithoutBox() throws {
        // An empty group drawn for its userSpaceOnUse flood turns about (24, 24), as Chromium draws it; a
        // percentage is of the empty box (0), and a use's x/y do not move that box's corner.
        func transform(_ element: String) throws -> SVGTransform? {
            let result = try parse("""
                <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="24" height="12"><feFlood/></filter>\
                <defs><g id="e" filter="url(#f)"/></defs>\(element)
                """, viewBox: "0 0 48 48")
            return result.icon.layers.first?.transform
        }
        let about24 = SVGTransform.translation(24, 24).concatenating(.rotation(degrees: 90)).concatenating(.translation(-24, -24))
        #expect(try transform("""
            <g filter="url(#f)" transform="rotate(90)" style="transform-box: fill-box; transform-origin: 24px 24px"/>
            """) == about24)
        #expect(try transform("""
            <g filter="url(#f)" transform="rotate(90)" style="transform-box: stroke-box; transform-origin: 50% 50%"/>
            """) == .rotation(degrees: 90))
        #expect(try transform("""
            <use href="#e" x="4" y="4" transform="rotate(90)" style="transform-box: fill-box; transform-origin: 24px 24px"/>
            """) == about24.concatenating(.translation(4, 4)))
    }

    // MARK: switch

    @Test("switch takes the first child whose conditions pass; languages are an option (en by default)")
    func switchLanguages() throws {
        let body = """
            <switch><rect systemLanguage="fr-CA, de" width="1" height="1" fill="#0000ff"/>\
            <rect systemLanguage="EN" width="1" height="1" fill="#00ff00"/>\
            <rect width="1" height="1" fill="#ff0000"/></switch>
            """
        func chosen(_ languages: [String]) throws -> SVGPaint? {
            firstShape(try parse(body, options: SVGResolver.Options(languages: languages)).icon.layers)?.fill?.paint
        }
        #expect(try chosen(["en"]) == .color(SVGColor(red: 0, green: 255, blue: 0)))
        #expect(try chosen(["fr"]) == .color(SVGColor(red: 0, green: 0, blue: 255)))
        #expect(try chosen(["fr-CA"]) == .color(SVGColor(red: 0, green: 0, blue: 255)))
        #expect(try chosen(["ru"]) == .color(SVGColor(red: 255, green: 0, blue: 0)))
        // Tags fold A–Z only: the Kelvin sign (U+212A, which Unicode lowercases to k) is no k.
        let kelvin = "<switch><rect systemLanguage=\"s\u{212A}\" width=\"1\" height=\"1\" fill=\"#0000ff\"/>"
            + "<rect systemLanguage=\"SK\" width=\"1\" height=\"1\" fill=\"#00ff00\"/></switch>"
        #expect(firstShape(try parse(kelvin, options: SVGResolver.Options(languages: ["sk"])).icon.layers)?.fill?.paint
                == .color(SVGColor(red: 0, green: 255, blue: 0)))
        let extensions = try parse("<switch><rect requiredExtensions=\"\" width=\"1\" height=\"1\"/></switch>")
        #expect(extensions.icon.layers.isEmpty)
    }

    @Test("Conditions outside a switch hide the element; a switch chooses a never-rendered first child")
    func conditionsOutsideSwitch() throws {
        let plain = try parse("""
            <rect systemLanguage="fr" width="100" height="100" fill="#ff0000"/>\
            <g requiredExtensions="x"><rect width="5" height="5"/></g>\
            <rect systemLanguage="en" x="10" y="10" width="20" height="20" fill="#00ff00"/>
            """)
        #expect(plain.icon.layers.count == 1)
        #expect(firstShape(plain.icon.layers)?.fill?.paint == .color(SVGColor(red: 0, green: 255, blue: 0)))
        // A gradient first in a switch is its chosen child and draws nothing; title/desc/metadata are passed over.
        let gradientFirst = try parse("<switch><linearGradient id=\"g\"/><rect width=\"5\" height=\"5\"/></switch>")
        #expect(gradientFirst.icon.layers.isEmpty)
        let descFirst = try parse("<switch><title>t</title><desc>d</desc><rect width=\"5\" height=\"5\"/></switch>")
        #expect(firstShapeBounds(descFirst.icon.layers) == SVGRect(x: 0, y: 0, width: 5, height: 5))
    }

    @Test("stroke-miterlimit below 1 is 1 (every join bevels); a negative one is ignored")
    func miterLimitBelowOne() throws {
        func limit(_ value: String) throws -> Double? {
            firstShape(try parse("<path d=\"M0 0 L10 10\" stroke=\"#000000\" stroke-miterlimit=\"\(value)\"/>").icon.layers)?
                .stroke?.style.miterLimit
        }
        #expect(try limit("0.5") == 1)
        #expect(try limit("0") == 1)
        #expect(try limit("2.5") == 2.5)
        #expect(try limit("-2") == 4)
    }

    @Test("A radial gradient with a negative r paints its last stop, as with r = 0")
    func radialNegativeRadius() throws {
        let result = try parse("""
            <radialGradient id="g" r="-0.3"><stop offset="0" stop-color="#ff0000"/>\
            <stop offset="1" stop-color="#0000ff" stop-opacity="0.5"/></radialGradient>\
            <rect width="10" height="10" fill="url(#g) #00ff00"/>
            """)
        #expect(firstShape(result.icon.layers)?.fill?.paint == .color(SVGColor(red: 0, green: 0, blue: 255, alpha: 0.5)))
    }

    // MARK: Entities

    @Test("Elements declared in an internal entity are built where the entity is referenced")
    func entityMarkup() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE svg [
              <!ENTITY c "#00ff00">
              <!ENTITY dot "<circle cx='5' cy='5' r='2' fill='&c;'/>">
              <!ENTITY two "<g id='g'>&dot;<rect width='1' height='1' xlink:href='x'/></g>">
            ]>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
              &two;
            </svg>
            """
        let result = try SVGDocumentParser.parse(text, file: "e.svg")
        #expect(result.warnings.isEmpty)
        guard case .group(let children)? = result.icon.layers.first?.content else {
            Issue.record("expected the entity's group")
            return
        }
        #expect(children.count == 2)
        #expect(firstShape(children)?.fill?.paint == .color(SVGColor(red: 0, green: 255, blue: 0)))
        #expect(firstShapeBounds(children).map { ($0.x, $0.y, $0.width, $0.height) } ?? (0, 0, 0, 0) == (3, 3, 4, 4))
    }

    // MARK: Paint fallbacks

    @Test("A reference to an element that is not a paint server takes the fallback (SVG 2; resvg paints none)")
    func fallbackForNonPaintServer() throws {
        let result = try parse("<rect id=\"r\" width=\"0\" height=\"0\"/><rect width=\"1\" height=\"1\" fill=\"url(#r) #00ff00\"/>")
        #expect(firstShape(result.icon.layers)?.fill?.paint == .color(SVGColor(red: 0, green: 255, blue: 0)))
    }

    // MARK: Colours

    @Test("CSS Color 4: hwb(), the space syntax, clamping")
    func cssColor4() {
        #expect(SVGColor(css: "hwb(0 20% 0%)") == SVGColor(red: 255, green: 51, blue: 51))
        #expect(SVGColor(css: "HWB(120deg 40% 60% / 0.5)") == SVGColor(red: 102, green: 102, blue: 102, alpha: 0.5))
        #expect(SVGColor(css: "hwb(0, 20%, 0%)") == nil)
        #expect(SVGColor(css: "rgb(10 20 30 / 50%)") == SVGColor(red: 10, green: 20, blue: 30, alpha: 0.5))
        #expect(SVGColor(css: "hsl(120deg 100% 50%)") == SVGColor(red: 0, green: 255, blue: 0))
        #expect(SVGColor(css: "#0f08") == SVGColor(red: 0, green: 255, blue: 0, alpha: Double(0x88) / 255))
        #expect(SVGColor(css: "rgb(255 0 0 / 150%)") == SVGColor(red: 255, green: 0, blue: 0))
        #expect(SVGColor(css: "rgb(10, 20 30)") == nil)
    }

    // MARK: shape-rendering

    @Test("crispEdges and optimizeSpeed draw without anti-aliasing; the property is inherited")
    func crispEdges() throws {
        let crisp = try render("<g shape-rendering=\"crispEdges\"><rect x=\"0.3\" y=\"0\" width=\"2.4\" height=\"4\" fill=\"#000\"/></g>")
        #expect((0..<4).map { crisp.pixel(x: $0, y: 1).a } == [255, 255, 255, 0])
        let smooth = try render("<rect x=\"0.3\" y=\"0\" width=\"2.4\" height=\"4\" fill=\"#000\" shape-rendering=\"geometricPrecision\"/>")
        #expect((0..<4).map { smooth.pixel(x: $0, y: 1).a } == [179, 255, 179, 0])
        let speed = try render("<rect x=\"0.6\" y=\"0\" width=\"2\" height=\"4\" fill=\"#000\" style=\"shape-rendering: optimizeSpeed\"/>")
        #expect((0..<4).map { speed.pixel(x: $0, y: 1).a } == [0, 255, 255, 0])
    }

    // MARK: mix-blend-mode, isolation

    @Test("mix-blend-mode blends with what is below in the nearest isolated group; isolation cuts the backdrop")
    func blendModes() throws {
        let backdrop = "<rect width=\"4\" height=\"4\" fill=\"#0000ff\"/>"
        let multiply = try render(backdrop + "<rect width=\"4\" height=\"4\" fill=\"#ff0000\" style=\"mix-blend-mode: multiply\"/>")
        #expect(multiply.pixel(x: 1, y: 1) == (0, 0, 0, 255))
        let screen = try render(backdrop + "<rect width=\"4\" height=\"4\" fill=\"#ff0000\" style=\"mix-blend-mode: screen\"/>")
        #expect(screen.pixel(x: 1, y: 1) == (255, 0, 255, 255))
        let isolated = try render(backdrop + "<g style=\"isolation: isolate\"><rect width=\"4\" height=\"4\" fill=\"#ff0000\" style=\"mix-blend-mode: multiply\"/></g>")
        #expect(isolated.pixel(x: 1, y: 1) == (255, 0, 0, 255))
        // Not presentation attributes: as attributes they do nothing.
        let attribute = try render(backdrop + "<rect width=\"4\" height=\"4\" fill=\"#ff0000\" mix-blend-mode=\"multiply\"/>")
        #expect(attribute.pixel(x: 1, y: 1) == (255, 0, 0, 255))
        let layer = try parse("<rect width=\"1\" height=\"1\" style=\"mix-blend-mode: color-dodge\"/>").icon.layers.first
        #expect(layer?.blendMode == .colorDodge)
    }
}

/// The resolver's `font-size` reading, for the tests.
enum SVGResolverProbe {
    static func fontSize(_ value: String, parent: Double) -> Double? { SVGResolver.fontSize(value, parent: parent) }
    static func fontShorthand(_ value: String, parent: Double) -> Double? {
        SVGResolver.fontShorthandSize(value, parent: parent)
    }
}
