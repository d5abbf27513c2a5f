import Testing
import SVGIconCore

@Suite("SVG resolution")
struct SVGResolverTests {
    private func svg(_ children: [SVGElement], _ attributes: [(String, String)] = [("viewBox", "0 0 24 24")]) -> SVGElement {
        SVGElement(name: "svg", attributes: attributes.map { (name: $0.0, value: $0.1) }, children: children)
    }

    private func el(_ name: String, _ attributes: [(String, String)], _ children: [SVGElement] = [], line: Int = 0) -> SVGElement {
        SVGElement(name: name, attributes: attributes.map { (name: $0.0, value: $0.1) }, children: children, line: line)
    }

    private func shapes(_ layers: [SVGIconLayer]) -> [SVGShape] {
        layers.flatMap { layer -> [SVGShape] in
            switch layer.content {
            case .shape(let s): return [s]
            case .group(let children): return shapes(children)
            }
        }
    }

    @Test("Unspecified fill and currentColor take the tint; explicit colours are baked; none is no paint")
    func paints() throws {
        let result = try SVGResolver.resolve(svg([
            el("path", [("d", "M0 0h1v1z")]),
            el("path", [("d", "M0 0h1v1z"), ("fill", "currentColor")]),
            el("path", [("d", "M0 0h1v1z"), ("fill", "#ff0000"), ("stroke", "rgb(0, 0, 255)")]),
            el("path", [("d", "M0 0h1v1z"), ("fill", "none"), ("stroke", "currentColor")]),
        ]))
        let s = shapes(result.icon.layers)
        #expect(s.count == 4)
        #expect(s[0].fill?.paint == .tint && s[0].stroke == nil)
        #expect(s[1].fill?.paint == .tint)
        #expect(s[2].fill?.paint == .color(SVGColor(red: 255, green: 0, blue: 0)))
        #expect(s[2].stroke?.paint == .color(SVGColor(red: 0, green: 0, blue: 255)))
        #expect(s[3].fill == nil && s[3].stroke?.paint == .tint)
    }

    @Test("Presentation attributes and style declarations inherit from svg and g; style wins over attributes")
    func inheritance() throws {
        let result = try SVGResolver.resolve(svg([
            el("g", [("stroke-width", "3"), ("style", "stroke: #00ff00; stroke-linecap: round")], [
                el("path", [("d", "M0 0L5 5"), ("stroke-linejoin", "bevel"), ("stroke", "blue"), ("style", "stroke:red")]),
                el("path", [("d", "M0 0L5 5"), ("stroke-width", "inherit")]),
            ]),
        ], [("viewBox", "0 0 24 24"), ("fill", "none"), ("stroke", "currentColor"), ("stroke-width", "2")]))
        let s = shapes(result.icon.layers)
        #expect(s[0].fill == nil)
        #expect(s[0].stroke?.paint == .color(SVGColor(red: 255, green: 0, blue: 0)))
        #expect(s[0].stroke?.style == StrokeStyle(width: 3, cap: .round, join: .bevel))
        #expect(s[1].stroke?.paint == .color(SVGColor(red: 0, green: 255, blue: 0)))
        #expect(s[1].stroke?.style.width == 3)
    }

    @Test("inherit takes the parent's value even after an earlier declaration on the element set the property")
    func inheritAfterOwnDeclaration() throws {
        let result = try SVGResolver.resolve(svg([
            el("g", [("fill", "#ff0000"), ("stroke", "#0000ff"), ("stroke-width", "3")], [
                // Attribute first, then the style attribute's inherit: the parent's value wins.
                el("path", [("d", "M0 0h1v1z"), ("fill", "#00ff00"), ("stroke-width", "7"),
                            ("style", "fill: inherit; stroke-width: inherit; stroke: inherit")]),
                // Attributes alone, in document order: inherit, then a value, then inherit again.
                el("path", [("d", "M0 0h1v1z"), ("fill", "inherit"), ("stroke", "#00ff00"), ("stroke-width", "inherit")]),
            ]),
        ]))
        let s = shapes(result.icon.layers)
        #expect(s.count == 2)
        #expect(s[0].fill?.paint == .color(SVGColor(red: 255, green: 0, blue: 0)))
        #expect(s[0].stroke?.paint == .color(SVGColor(red: 0, green: 0, blue: 255)))
        #expect(s[0].stroke?.style.width == 3)
        #expect(s[1].fill?.paint == .color(SVGColor(red: 255, green: 0, blue: 0)))
        #expect(s[1].stroke?.paint == .color(SVGColor(red: 0, green: 255, blue: 0)))
        #expect(s[1].stroke?.style.width == 3)
    }

    @Test("The color property feeds currentColor when the file sets it")
    func colorProperty() throws {
        let result = try SVGResolver.resolve(svg([
            el("g", [("color", "#123456")], [el("circle", [("r", "2"), ("fill", "currentColor")])]),
            el("circle", [("r", "2"), ("fill", "currentColor")]),
        ]))
        let s = shapes(result.icon.layers)
        #expect(s[0].fill?.paint == .color(SVGColor(red: 0x12, green: 0x34, blue: 0x56)))
        #expect(s[1].fill?.paint == .tint)
    }

    @Test("display:none removes a subtree; visibility hides shapes but a visible child still draws")
    func displayAndVisibility() throws {
        let result = try SVGResolver.resolve(svg([
            el("g", [("display", "none")], [el("rect", [("width", "1"), ("height", "1")])]),
            el("g", [("visibility", "hidden")], [
                el("rect", [("width", "1"), ("height", "1")]),
                el("rect", [("width", "2"), ("height", "2"), ("visibility", "visible")]),
            ]),
            el("rect", [("width", "3"), ("height", "3"), ("style", "display:none")]),
        ]))
        let s = shapes(result.icon.layers)
        #expect(s.count == 1)
        #expect(s.first?.path.controlBounds?.max == SVGPoint(x: 2, y: 2))
    }

    @Test("A later display value that shows the element undoes an earlier none; an invalid one does not")
    func displayCascade() throws {
        let result = try SVGResolver.resolve(svg([
            el("rect", [("width", "1"), ("height", "1"), ("display", "none"), ("style", "display:inline")]),
            el("rect", [("width", "2"), ("height", "2"), ("display", "none"), ("style", "display: block flow")]),
            el("rect", [("width", "3"), ("height", "3"), ("display", "none"), ("style", "display:bogus")]),
            el("rect", [("width", "4"), ("height", "4"), ("display", "none"), ("style", "display:block block")]),
            el("rect", [("width", "5"), ("height", "5"), ("style", "display:none;display:contents")]),
        ]))
        let widths = shapes(result.icon.layers).compactMap { $0.path.controlBounds?.max.x }
        #expect(widths == [1, 2, 5])
        #expect(result.warnings.map(\.message).filter { $0.contains("display") } == [
            "ignoring invalid display value \"bogus\"", "ignoring invalid display value \"block block\"",
        ])
    }

    @Test("Basic shapes become paths with SVG's rules")
    func basicShapes() throws {
        let result = try SVGResolver.resolve(svg([
            el("rect", [("x", "1"), ("y", "2"), ("width", "10"), ("height", "4"), ("rx", "5")]),
            el("rect", [("width", "0"), ("height", "4")]),
            el("circle", [("cx", "5"), ("cy", "5"), ("r", "0")]),
            el("ellipse", [("cx", "5"), ("cy", "5"), ("ry", "3")]),
            el("line", [("x1", "0"), ("y1", "0"), ("x2", "5"), ("y2", "5"), ("stroke", "black")]),
            el("polyline", [("points", "0,0 5,5 10,0")]),
            el("polygon", [("points", "0 0 5 5 10")]),
        ]))
        let s = shapes(result.icon.layers)
        #expect(s.count == 5)
        // rx = 5 given, ry follows; each is clamped to half its own side (rx 5, ry 2).
        let rect = s[0].path.controlBounds!
        #expect(rect.min == SVGPoint(x: 1, y: 2) && rect.max == SVGPoint(x: 11, y: 6))
        #expect(s[0].path.points[0] == SVGPoint(x: 6, y: 2))
        // Ellipse with only ry: rx = ry.
        #expect(s[1].path.controlBounds?.max == SVGPoint(x: 8, y: 8))
        // Lines are stroked, never filled.
        #expect(s[2].fill == nil && s[2].stroke != nil)
        #expect(s[3].path.verbs == [.move, .line, .line])
        // Odd coordinate count: the last number is dropped (with a warning).
        #expect(s[4].path.verbs == [.move, .line, .close])
        #expect(result.warnings.contains { $0.element == "polygon" })
    }

    @Test("Unsupported elements are skipped with one warning per element name, naming it and its line")
    func unsupportedElements() throws {
        let result = try SVGResolver.resolve(svg([
            el("text", [], line: 3),
            el("text", [], line: 4),
            el("image", [], line: 5),
            el("path", [("d", "M0 0h4v4z")]),
            SVGElement(name: "namedview", namespace: "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"),
            el("title", []),
        ]))
        #expect(result.warnings.map(\.description) == [
            "line 3: <text>: not supported; skipped",
            "line 5: <image>: has no href; skipped",
        ])
        #expect(shapes(result.icon.layers).count == 1)
    }

    @Test("Bad path data keeps what came before and warns")
    func badPathData() throws {
        let result = try SVGResolver.resolve(svg([el("path", [("d", "M0 0 L5 5 L5 x")], line: 7)]))
        #expect(shapes(result.icon.layers).first?.path.verbs == [.move, .line])
        #expect(result.warnings.first?.description.hasPrefix("line 7: <path>: path data error at character 14") == true)
    }

    @Test("viewBox, width/height with units, preserveAspectRatio")
    func rootAttributes() throws {
        let a = try SVGResolver.resolve(svg([], [("width", "2in"), ("height", "48pt"), ("preserveAspectRatio", "xMinYMax slice")]))
        #expect(a.icon.intrinsicWidth == 192 && a.icon.intrinsicHeight == 64)
        #expect(a.icon.viewBox == SVGViewBox(width: 192, height: 64))
        #expect(a.icon.aspectRatio == SVGAspectRatio(alignment: .align(x: 0, y: 1), slice: true))
        let b = try SVGResolver.resolve(svg([], [("viewBox", "0 0 -5 10")]))
        #expect(b.icon.viewBox == SVGViewBox(width: 100, height: 100))
        #expect(b.warnings.first?.message.contains("invalid viewBox") == true)
    }

    @Test("A root that is not svg is an error")
    func notSVG() {
        #expect(throws: SVGResolveError.notSVGRoot(name: "html", line: 1)) {
            try SVGResolver.resolve(SVGElement(name: "html", line: 1))
        }
    }

    @Test("Opacity on a group becomes the group layer's opacity; fill-opacity and stroke-opacity are per paint")
    func opacity() throws {
        let result = try SVGResolver.resolve(svg([
            el("g", [("opacity", "0.5")], [
                el("rect", [("width", "4"), ("height", "4"), ("fill-opacity", "25%"), ("stroke", "red"), ("stroke-opacity", ".75")]),
            ]),
        ]))
        guard case .group(let children) = result.icon.layers[0].content else {
            Issue.record("expected a group")
            return
        }
        #expect(result.icon.layers[0].opacity == 0.5)
        guard case .shape(let s) = children[0].content else { return }
        #expect(s.fill?.opacity == 0.25 && s.stroke?.opacity == 0.75)
    }
}
