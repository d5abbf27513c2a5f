import Testing
@testable import SVGIconCore

/// Markers (expanded by the resolver into layers) and patterns (a paint the renderer draws through a tile).
@Suite("Markers and patterns")
struct MarkerPatternTests {
    private func el(_ name: String, _ attributes: [(String, String)], _ children: [SVGElement] = [], line: Int = 0) -> SVGElement {
        SVGElement(name: name, attributes: attributes.map { (name: $0.0, value: $0.1) }, children: children, line: line)
    }

    private func resolve(_ children: [SVGElement], viewBox: String = "0 0 24 24") throws -> SVGParseResult {
        try SVGResolver.resolve(el("svg", [("viewBox", viewBox)], children))
    }

    private func marker(_ id: String, _ attributes: [(String, String)] = [], content: [SVGElement]? = nil) -> SVGElement {
        el("marker", [("id", id), ("refX", "1"), ("refY", "1"), ("overflow", "visible")] + attributes,
           content ?? [el("rect", [("width", "2"), ("height", "2"), ("fill", "red")])])
    }

    /// The marker instance groups of the first layer (a marked shape's group), in order.
    private func instances(_ result: SVGParseResult) throws -> [SVGIconLayer] {
        guard case .group(let children) = try #require(result.icon.layers.first).content else { return [] }
        return children.filter { $0.elementName == "marker" }
    }

    /// Every shape under `layer`, in order.
    private func shapes(_ layer: SVGIconLayer) -> [SVGShape] {
        switch layer.content {
        case .shape(let s): return [s]
        case .group(let children): return children.flatMap(shapes)
        }
    }

    /// The transform of a user-space linear gradient; nil for any other paint.
    private func transform(_ paint: SVGPaint?) -> SVGTransform? {
        guard case .linearGradient(let g)? = paint, g.units == .userSpaceOnUse else { return nil }
        return g.transform
    }

    private func expectTransform(_ t: SVGTransform, _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        let got = [t.a, t.b, t.c, t.d, t.e, t.f]
        #expect(zip(got, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(got) ≠ \(expected)", sourceLocation: sourceLocation)
    }

    @Test("Markers go on the first, every middle and the last vertex, turned by orient=auto: out, bisector, in")
    func placementAndAngles() throws {
        let result = try resolve([
            marker("m", [("orient", "auto")]),
            el("polyline", [("points", "0,0 10,0 10,10"), ("fill", "none"), ("stroke", "black"), ("stroke-width", "2"),
                            ("marker-start", "url(#m)"), ("marker-mid", "url(#m)"), ("marker-end", "url(#m)")]),
        ])
        #expect(result.warnings.isEmpty)
        let m = try instances(result)
        try #require(m.count == 3)
        let r = 2.0.squareRoot()
        // translate(vertex) · rotate(angle) · scale(stroke-width 2) · translate(−refX, −refY)
        expectTransform(m[0].transform, [2, 0, 0, 2, -2, -2])                      // (0, 0), 0°
        expectTransform(m[1].transform, [r, r, -r, r, 10, -2 * r])                // (10, 0), 45°
        expectTransform(m[2].transform, [0, 2, -2, 0, 12, 8])                     // (10, 10), 90°
        // The shape is drawn first, then the markers (paint-order normal).
        guard case .group(let children) = result.icon.layers[0].content else { Issue.record("no group"); return }
        #expect(children.first?.elementName == "polyline")
    }

    @Test("The directions: curves' tangents, a closed subpath's first and closing segments at its ends, zero-length segments' neighbours")
    func vertexDirections() {
        func angles(_ d: String) -> [Double] {
            let v = MarkerVertices(PathDataParser.parse(d).path)
            return (v.start + v.mids + v.end).map { ($0.angle * 1e9).rounded() / 1e9 }
        }
        #expect(angles("M0 0 C 0 10, 10 10, 10 0") == [90, 270])
        // A closed subpath: the start takes the first segment's direction, a final Z the closing segment's;
        // a Z before another subpath is no vertex (browsers and resvg).
        #expect(angles("M0 0 L10 0 L10 10 Z") == [0, 45, 157.5, 225])
        #expect(angles("M0 0 L10 0 L10 10 Z M20 0 L30 0") == [0, 45, 157.5, 0, 0])
        #expect(angles("M0 0 L10 0 L0 0 Z") == [0, 90, 180, 0])  // a closing segment of no length: 0°
        #expect(angles("M0 0 L0 0 L10 0") == [0, 0, 0])
        #expect(angles("M0 0 Q 10 0 10 10") == [0, 90])
        #expect(angles("M0 0 L10 0 M20 0 L20 10") == [0, 0, 90, 90])
        #expect(MarkerVertices.bisector(SVGPoint(x: 1, y: 0), SVGPoint(x: 0, y: -1)) == 315)
    }

    @Test("auto-start-reverse turns only the start marker; an angle turns them all; markerUnits=userSpaceOnUse does not scale")
    func orientAndUnits() throws {
        let result = try resolve([
            marker("r", [("orient", "auto-start-reverse"), ("markerUnits", "userSpaceOnUse")]),
            marker("a", [("orient", "0.25turn")]),
            el("path", [("d", "M0 0 L10 0"), ("stroke", "black"), ("stroke-width", "3"),
                        ("marker-start", "url(#r)"), ("marker-end", "url(#r)")]),
            el("path", [("d", "M0 0 L10 0"), ("stroke", "black"), ("marker-end", "url(#a)")]),
        ])
        let m = try instances(result)
        try #require(m.count == 2)
        expectTransform(m[0].transform, [-1, 0, 0, -1, 1, 1])   // (0, 0), 180°, unscaled
        expectTransform(m[1].transform, [1, 0, 0, 1, 9, -1])    // (10, 0), 0°
        guard case .group(let second) = result.icon.layers[1].content else { Issue.record("no group"); return }
        expectTransform(try #require(second.last).transform, [0, 1, -1, 0, 11, -1])  // 90°, stroke width 1
    }

    @Test("A viewBox scales the content; overflow hidden clips to the viewport; content keeps the marker's own style")
    func viewBoxClipAndStyle() throws {
        let result = try resolve([
            el("g", [("fill", "lime")], [
                el("marker", [("id", "v"), ("viewBox", "0 0 20 10"), ("markerWidth", "10"), ("markerHeight", "10"),
                              ("refX", "10"), ("refY", "5"), ("markerUnits", "userSpaceOnUse")],
                   [el("rect", [("width", "20"), ("height", "10")])]),
            ]),
            el("line", [("x1", "0"), ("y1", "0"), ("x2", "5"), ("y2", "0"), ("stroke", "black"), ("fill", "blue"),
                        ("marker-end", "url(#v)")]),
        ])
        let m = try #require(try instances(result).first)
        // xMidYMid meet: scale 0.5, the viewport 10 × 10 is 0 −5 20 20 in content space.
        expectTransform(m.transform, [0.5, 0, 0, 0.5, 0, -2.5])
        let clip = try #require(m.clipPath?.layers.first)
        guard case .shape(let clipShape) = clip.content else { Issue.record("no clip shape"); return }
        #expect(LayerBounds.bounds(of: clipShape.path) == SVGRect(x: 0, y: -5, width: 20, height: 20))
        guard case .group(let content) = m.content, case .shape(let rect) = try #require(content.first).content else {
            Issue.record("no content"); return
        }
        #expect(rect.fill?.paint == .color(SVGColor(red: 0, green: 255, blue: 0)))
    }

    @Test("paint-order puts the markers first, or between fill and stroke (the shape split in two)")
    func paintOrder() throws {
        func order(_ value: String) throws -> [String] {
            let result = try resolve([
                marker("m"),
                el("path", [("d", "M0 0 L10 0"), ("fill", "red"), ("stroke", "black"), ("paint-order", value),
                            ("marker-start", "url(#m)")]),
            ])
            guard case .group(let children) = try #require(result.icon.layers.first).content else { return [] }
            return children.map { layer in
                guard case .shape(let s) = layer.content else { return "marker" }
                return [s.fill != nil ? "fill" : nil, s.stroke != nil ? "stroke" : nil].compactMap { $0 }.joined(separator: "+")
            }
        }
        #expect(try order("normal") == ["fill+stroke", "marker"])
        #expect(try order("markers") == ["marker", "fill+stroke"])
        #expect(try order("fill markers") == ["fill", "marker", "stroke"])
        #expect(try order("stroke markers") == ["stroke", "marker", "fill"])
    }

    @Test("The marker shorthand works in style, not as an attribute; markers inherit; a rect takes them too")
    func shorthandAndInheritance() throws {
        let result = try resolve([
            marker("m"),
            el("g", [("style", "marker: url(#m)")], [el("path", [("d", "M0 0 L10 0 L10 10"), ("stroke", "black")])]),
            el("path", [("d", "M0 0 L10 0"), ("stroke", "black"), ("marker", "url(#m)")]),
            el("g", [("marker-end", "url(#m)")], [el("rect", [("width", "4"), ("height", "4")])]),
        ])
        guard case .group(let g) = result.icon.layers[0].content, case .group(let marked) = g[0].content else {
            Issue.record("no marked group"); return
        }
        #expect(marked.filter { $0.elementName == "marker" }.count == 3)
        guard case .shape = result.icon.layers[1].content else { Issue.record("the attribute made markers"); return }
        // SVG 2: every shape takes markers; the rect's end is its top-left corner again.
        guard case .group(let r) = result.icon.layers[2].content, case .group(let rectMarked) = r[0].content else {
            Issue.record("a rect took no markers"); return
        }
        #expect(rectMarked.map(\.elementName) == ["rect", "marker"])
    }

    @Test("Missing markers and markers inside themselves warn; the shape is still drawn")
    func markerWarnings() throws {
        let result = try resolve([
            marker("self", content: [el("path", [("d", "M0 0 L2 0"), ("stroke", "red"), ("marker-end", "url(#self)")], line: 3)]),
            el("path", [("d", "M0 0 L10 0"), ("stroke", "black"), ("marker-end", "url(#nothing)")], line: 4),
            el("path", [("d", "M0 5 L10 5"), ("stroke", "black"), ("marker-end", "url(#self)")], line: 5),
        ])
        #expect(result.warnings.map(\.description) == [
            "line 4: <path>: marker-end=\"url(#nothing)\" names no marker; drawn without it",
            "line 3: <path>: marker-end=\"url(#self)\" is used inside its own content; not drawn there",
        ])
        #expect(result.icon.layers.count == 2)
    }

    @Test("Nearly a million marked vertices stop at the instance limit with a warning, in bounded time")
    func markerBomb() throws {
        let d = "M0 0" + String(repeating: "h0.00001", count: 900_000)
        let result = try resolve([
            marker("m"),
            el("path", [("d", d), ("stroke", "black"), ("marker-mid", "url(#m)")], line: 7),
            el("rect", [("width", "4"), ("height", "4")]),
        ])
        #expect(result.warnings.map(\.description) == [
            "line 7: <path>: places more than 10000 markers in the document; the rest of the markers are not drawn",
        ])
        #expect(result.icon.layers.count == 2)
        #expect(try instances(result).count == SVGLimits.markerInstances)
        // Content of many elements reaches the element limit first.
        let content = (0..<99).map { _ in el("rect", [("width", "1"), ("height", "1")]) }
        let heavy = try resolve([
            marker("m", content: content),
            el("path", [("d", "M0 0" + String(repeating: "h0.01", count: 1000)), ("stroke", "black"), ("marker-mid", "url(#m)")], line: 8),
        ])
        #expect(heavy.warnings.map(\.description) == [
            "line 8: <path>: its markers would take the document past 50000 elements; the rest of the markers are not drawn",
        ])
        #expect(try instances(heavy).count < 510 && instances(heavy).count > 490)
    }

    @Test("context-fill and context-stroke: the marked shape's paints in a marker, the use's under a use, none elsewhere")
    func contextPaint() throws {
        let result = try resolve([
            marker("m", content: [el("rect", [("width", "2"), ("height", "2"), ("fill", "context-stroke"), ("stroke", "context-fill")])]),
            el("symbol", [("id", "s")], [el("rect", [("width", "2"), ("height", "2"), ("fill", "context-fill"), ("stroke", "context-stroke")])]),
            el("path", [("d", "M0 0 L10 0"), ("fill", "gold"), ("stroke", "red"), ("marker-end", "url(#m)")]),
            el("use", [("href", "#s"), ("fill", "green")]),
            el("rect", [("width", "2"), ("height", "2"), ("fill", "context-fill"), ("stroke", "blue")]),
        ])
        #expect(result.warnings.isEmpty)
        func firstShape(_ layer: SVGIconLayer) -> SVGShape? {
            switch layer.content {
            case .shape(let s): return s
            case .group(let children): return children.lazy.compactMap { firstShape($0) }.first
            }
        }
        let m = try #require(try instances(result).first)
        let inMarker = try #require(firstShape(m))
        #expect(inMarker.fill?.paint == .color(SVGColor(red: 255, green: 0, blue: 0)))
        #expect(inMarker.stroke?.paint == .color(SVGColor(red: 255, green: 215, blue: 0)))
        let inUse = try #require(firstShape(result.icon.layers[1]))
        #expect(inUse.fill?.paint == .color(SVGColor(red: 0, green: 128, blue: 0)) && inUse.stroke == nil)
        let outside = try #require(firstShape(result.icon.layers[2]))
        #expect(outside.fill == nil && outside.stroke?.paint == .color(SVGColor(red: 0, green: 0, blue: 255)))
    }

    @Test("A context gradient takes the context element's box and user space: a marked path's, a use's")
    func contextGradient() throws {
        let gradient = el("linearGradient", [("id", "g")], [el("stop", [("offset", "0")]), el("stop", [("offset", "1")])])
        let result = try resolve([
            gradient,
            marker("m", [("markerUnits", "userSpaceOnUse")], content: [el("rect", [("width", "2"), ("height", "2"), ("fill", "context-stroke")])]),
            el("path", [("d", "M2 4 L12 8"), ("fill", "none"), ("stroke", "url(#g)"), ("marker-end", "url(#m)")]),
            el("g", [("id", "s")], [el("rect", [("width", "2"), ("height", "2"), ("fill", "context-fill")]),
                                    el("rect", [("x", "6"), ("y", "6"), ("width", "2"), ("height", "2"), ("fill", "context-fill")])]),
            el("use", [("href", "#s"), ("x", "3"), ("fill", "url(#g)")]),
        ], viewBox: "0 0 24 24")
        // The marker's rect is placed at (12, 8) less refX/refY (1, 1): the path's box (2, 4)…(12, 8), seen
        // from there, is 10 × 4 at (−9, −3).
        let instance = try #require(try instances(result).first)
        let inMarker = try #require(shapes(instance).first)
        let markerTransform = try #require(transform(inMarker.fill?.paint))
        expectTransform(markerTransform, [10, 0, 0, 4, -9, -3])
        // Under the use both rects share the use's box (0, 0)…(8, 8) in the space its x moves them to.
        let useLayer = try #require(result.icon.layers.last(where: { $0.elementName == "use" }))
        let used = shapes(useLayer)
        #expect(used.count == 2)
        for shape in used {
            let useTransform = try #require(transform(shape.fill?.paint))
            expectTransform(useTransform, [8, 0, 0, 8, 0, 0])
        }
    }

    @Test("A marker child's own url(#g) equal to the marked shape's paint stays in the marker's content space")
    func ownGradientIsNotContextPaint() throws {
        let gradient = el("linearGradient", [("id", "g"), ("gradientUnits", "userSpaceOnUse"), ("x2", "4")],
                          [el("stop", [("offset", "0")]), el("stop", [("offset", "1")])])
        let result = try resolve([
            gradient,
            marker("m", [("markerUnits", "userSpaceOnUse")],
                   content: [el("rect", [("width", "2"), ("height", "2"), ("fill", "url(#g)")]),
                             el("rect", [("width", "2"), ("height", "2"), ("fill", "context-stroke")])]),
            el("path", [("d", "M2 4 L12 8"), ("fill", "none"), ("stroke", "url(#g)"), ("marker-end", "url(#m)")]),
        ])
        let inMarker = shapes(try #require(try instances(result).first))
        #expect(inMarker.count == 2)
        // The rect's own gradient: in the marker's content space, untouched.
        expectTransform(try #require(transform(inMarker[0].fill?.paint)), [1, 0, 0, 1, 0, 0])
        // context-stroke: the path's gradient (its user space) seen from the instance at (12, 8) less (1, 1).
        expectTransform(try #require(transform(inMarker[1].fill?.paint)), [1, 0, 0, 1, -11, -7])
    }

    @Test("Whether a box serves bounding-box units is read from the geometry, not the control points")
    func boxFromGeometry() throws {
        // A horizontal line with a lone move below it: its control points span 5 high, its geometry 0.
        let d = "M0 0 L10 0 M5 5"
        let result = try resolve([
            el("linearGradient", [("id", "g")], [el("stop", [("offset", "0")]), el("stop", [("offset", "1")])]),
            checker([("width", "0.5"), ("height", "0.5")]),
            marker("m", content: [el("rect", [("width", "2"), ("height", "2"), ("fill", "context-stroke")]),
                                  el("rect", [("width", "1"), ("height", "1"), ("fill", "red")])]),
            el("path", [("d", d), ("fill", "none"), ("stroke", "url(#g) blue")]),
            el("path", [("d", d), ("fill", "none"), ("stroke", "url(#p)"), ("marker-start", "url(#m)")]),
        ])
        guard case .shape(let line) = result.icon.layers[0].content else { Issue.record("not a shape"); return }
        #expect(line.stroke?.paint == .color(SVGColor(red: 0, green: 0, blue: 255)))  // the fallback
        guard case .group(let marked) = result.icon.layers[1].content,
              let instance = marked.first(where: { $0.elementName == "marker" }),
              case .group(let content) = instance.content else {
            Issue.record("no marker instance"); return
        }
        // The context-stroke rect paints nothing (the pattern, on a box without height): only the red one is left.
        let fills = content.compactMap { layer -> SVGPaint? in
            guard case .shape(let s) = layer.content else { return nil }
            return s.fill?.paint
        }
        #expect(fills == [.color(SVGColor(red: 255, green: 0, blue: 0))])
    }

    @Test("Bounding-box units on a marked shape, or a group holding one, take the shape's box without the markers")
    func boxWithoutMarkers() throws {
        // The path's box is (4, 4, 20, 20); the 2 × 2 marker at its last vertex (4, 24), less (1, 1), reaches
        // (3, 25): with the markers the box would be (3, 4, 21, 21) (SVG 2 §8.10 leaves markers out).
        let d = "M4 4H24V24H4"
        let defs = [
            marker("m"),
            el("clipPath", [("id", "c"), ("clipPathUnits", "objectBoundingBox")], [el("rect", [("width", "1"), ("height", "1")])]),
            el("mask", [("id", "k"), ("x", "0"), ("y", "0"), ("width", "1"), ("height", "1")],
               [el("rect", [("width", "24"), ("height", "24"), ("fill", "white")])]),
            el("filter", [("id", "f"), ("x", "0"), ("y", "0"), ("width", "1"), ("height", "1")], [el("feOffset", [])]),
        ]
        let box = [20.0, 0, 0, 20, 4, 4]
        let clipped = try resolve(defs + [el("path", [("d", d), ("marker-end", "url(#m)"), ("clip-path", "url(#c)")])])
        expectTransform(try #require(clipped.icon.layers.first?.clipPath).transform, box)
        let masked = try resolve(defs + [el("path", [("d", d), ("marker-end", "url(#m)"), ("mask", "url(#k)")])])
        let mask = try #require(masked.icon.layers.first?.mask)
        #expect([mask.x, mask.y, mask.width, mask.height] == [4, 4, 20, 20])
        let filtered = try resolve(defs + [el("path", [("d", d), ("marker-end", "url(#m)"), ("filter", "url(#f)")])])
        #expect(filtered.icon.layers.first?.filter.first?.region == SVGRect(x: 4, y: 4, width: 20, height: 20))
        // A group's box is its children's, each without markers.
        let group = try resolve(defs + [el("g", [("clip-path", "url(#c)")], [el("path", [("d", d), ("marker-end", "url(#m)")])])])
        expectTransform(try #require(group.icon.layers.first?.clipPath).transform, box)
        // A shape that paints nothing keeps its geometry for the box (drawing nothing), its markers drawn.
        let unpainted = try resolve(defs + [el("path", [("d", d), ("fill", "none"), ("marker-end", "url(#m)"),
                                                        ("clip-path", "url(#c)")])])
        expectTransform(try #require(unpainted.icon.layers.first?.clipPath).transform, box)
        #expect(try instances(unpainted).count == 1)
    }

    // MARK: Patterns

    private func checker(_ attributes: [(String, String)], content: [SVGElement]? = nil) -> SVGElement {
        el("pattern", [("id", "p")] + attributes,
           content ?? [el("rect", [("width", "4"), ("height", "4"), ("fill", "red")])])
    }

    private func render(_ children: [SVGElement], size: Int = 16, viewBox: String = "0 0 16 16") throws -> Pixmap {
        try resolve(children, viewBox: viewBox).icon.render(size: size)
    }

    @Test("A pattern tile's pixels, in both unit systems and with a viewBox, repeat at their exact period")
    func tilePixels() throws {
        let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255), clear: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        let variants: [[(String, String)]] = [
            [("patternUnits", "userSpaceOnUse"), ("width", "8"), ("height", "8")],
            [("width", "0.5"), ("height", "0.5")],
            [("width", "50%"), ("height", "50%"), ("viewBox", "0 0 16 16")],
        ]
        for (n, attributes) in variants.enumerated() {
            let content = n == 2 ? [el("rect", [("width", "8"), ("height", "8"), ("fill", "red")])] : nil
            let pixmap = try render([checker(attributes, content: content),
                                     el("rect", [("width", "16"), ("height", "16"), ("fill", "url(#p)")])])
            for (x, y, expected) in [(1, 1, red), (3, 3, red), (5, 1, clear), (1, 6, clear), (9, 9, red), (11, 11, red),
                                     (13, 13, clear), (8, 0, red), (12, 4, clear)] {
                let p = pixmap.pixel(x: x, y: y)
                #expect(p == expected, "variant \(n) at \(x),\(y): \(p)")
            }
        }
    }

    @Test("fill-opacity, patternTransform and a pattern inside a pattern")
    func opacityTransformNesting() throws {
        let half = try render([checker([("patternUnits", "userSpaceOnUse"), ("width", "8"), ("height", "8")]),
                               el("rect", [("width", "16"), ("height", "16"), ("fill", "url(#p)"), ("fill-opacity", "0.5")])])
        #expect(half.pixel(x: 1, y: 1) == (128, 0, 0, 128))
        // Vertical stripes turned a quarter: horizontal ones.
        let turned = try render([
            el("pattern", [("id", "p"), ("patternUnits", "userSpaceOnUse"), ("width", "8"), ("height", "8"),
                           ("patternTransform", "rotate(90)")],
               [el("rect", [("width", "4"), ("height", "8"), ("fill", "blue")])]),
            el("rect", [("width", "16"), ("height", "16"), ("fill", "url(#p)")]),
        ])
        #expect(turned.pixel(x: 1, y: 1) == (0, 0, 255, 255))
        #expect(turned.pixel(x: 1, y: 5) == (0, 0, 0, 0))
        #expect(turned.pixel(x: 9, y: 13) == (0, 0, 0, 0))
        #expect(turned.pixel(x: 13, y: 9) == (0, 0, 255, 255))
        // The outer tile holds a 4 × 4 rect painted with a 2 × 2 checker.
        let nested = try render([
            el("pattern", [("id", "inner"), ("patternUnits", "userSpaceOnUse"), ("width", "2"), ("height", "2")],
               [el("rect", [("width", "1"), ("height", "1"), ("fill", "lime")])]),
            el("pattern", [("id", "p"), ("patternUnits", "userSpaceOnUse"), ("width", "8"), ("height", "8")],
               [el("rect", [("width", "4"), ("height", "4"), ("fill", "url(#inner)")])]),
            el("rect", [("width", "16"), ("height", "16"), ("fill", "url(#p)")]),
        ])
        #expect(nested.pixel(x: 0, y: 0) == (0, 255, 0, 255))
        #expect(nested.pixel(x: 1, y: 0) == (0, 0, 0, 0))
        #expect(nested.pixel(x: 10, y: 10) == (0, 255, 0, 255))
        #expect(nested.pixel(x: 13, y: 13) == (0, 0, 0, 0))
    }

    @Test("href inheritance: attributes and content come from the chain, the nearest first")
    func hrefInheritance() throws {
        let result = try resolve([
            el("pattern", [("id", "base"), ("patternUnits", "userSpaceOnUse"), ("width", "8"), ("height", "8")],
               [el("rect", [("width", "4"), ("height", "4"), ("fill", "red")])]),
            el("pattern", [("id", "p"), ("href", "#base"), ("width", "6"), ("patternTransform", "translate(1 2)")]),
            el("rect", [("width", "16"), ("height", "16"), ("fill", "url(#p)")]),
        ], viewBox: "0 0 16 16")
        guard case .shape(let s) = result.icon.layers[0].content, case .pattern(let p)? = s.fill?.paint else {
            Issue.record("no pattern"); return
        }
        #expect(p.units == .userSpaceOnUse && p.width == 6 && p.height == 8 && p.layers.count == 1)
        #expect(p.transform == .translation(1, 2))
    }

    @Test("A tile smaller than a pixel paints the tile's average colour; a huge one draws what the shape shows")
    func tinyAndHugeTiles() throws {
        let tiny = try render([
            el("pattern", [("id", "p"), ("patternUnits", "userSpaceOnUse"), ("width", "1e-6"), ("height", "1e-6"),
                           ("viewBox", "0 0 2 2")], [el("rect", [("width", "1"), ("height", "2"), ("fill", "blue")])]),
            el("rect", [("width", "16"), ("height", "16"), ("fill", "url(#p)")]),
        ])
        #expect(tiny.pixel(x: 7, y: 7) == (0, 0, 128, 128))
        let huge = try render([
            el("pattern", [("id", "p"), ("patternUnits", "userSpaceOnUse"), ("width", "1e9"), ("height", "1e9")],
               [el("rect", [("x", "4"), ("y", "4"), ("width", "4"), ("height", "4"), ("fill", "red")])]),
            el("rect", [("width", "16"), ("height", "16"), ("fill", "url(#p)")]),
        ])
        #expect(huge.pixel(x: 5, y: 5) == (255, 0, 0, 255))
        #expect(huge.pixel(x: 9, y: 5) == (0, 0, 0, 0))
    }

    @Test("Invalid patterns: no size or no content takes the fallback, a pattern inside itself paints nothing, with warnings")
    func patternWarnings() throws {
        let result = try resolve([
            el("pattern", [("id", "zero"), ("width", "0"), ("height", "1")], [el("rect", [("width", "1"), ("height", "1")])]),
            el("pattern", [("id", "empty"), ("width", "1"), ("height", "1")]),
            el("pattern", [("id", "self"), ("width", "4"), ("height", "4"), ("patternUnits", "userSpaceOnUse")],
               [el("rect", [("width", "2"), ("height", "2"), ("fill", "url(#self) blue")], line: 4)]),
            el("rect", [("width", "4"), ("height", "4"), ("fill", "url(#zero) red")], line: 5),
            el("rect", [("width", "4"), ("height", "4"), ("fill", "url(#empty)")], line: 6),
            el("rect", [("width", "4"), ("height", "4"), ("fill", "url(#self)")], line: 7),
        ])
        #expect(result.warnings.map(\.description) == [
            "line 5: <rect>: fill=\"url(#zero)\": the pattern's tile has no width or height; painted with the fallback",
            "line 6: <rect>: fill=\"url(#empty)\": the pattern has no content; not painted",
            "line 4: <rect>: fill=\"url(#self)\" is used inside its own pattern; not painted there",
        ])
        guard case .shape(let first) = result.icon.layers[0].content else { Issue.record("no shape"); return }
        #expect(first.fill?.paint == .color(SVGColor(red: 255, green: 0, blue: 0)))
        #expect(result.icon.layers.count == 1)
    }

    @Test("Hand-built patterns in bounding-box units with a viewBox are resolved before drawing")
    func handBuilt() throws {
        let tile = SVGPattern(layers: [SVGIconLayer.rect(x: 0, y: 0, width: 1, height: 1, color: .black)],
                              width: 0.5, height: 0.5, viewBox: SVGViewBox(width: 2, height: 2))
        let icon = SVGIconDefinition(viewBox: SVGViewBox(width: 16, height: 16), layers: [
            SVGIconLayer(shape: SVGShape(path: ShapeGeometry.rect(x: 0, y: 0, width: 16, height: 16, rx: nil, ry: nil),
                                         fill: SVGFill(paint: .pattern(tile)))),
        ])
        #expect(icon.hasBoundingBoxUnits)
        let resolved = icon.resolvingBoundingBoxUnits()
        guard case .shape(let s) = resolved.layers[0].content, case .pattern(let p)? = s.fill?.paint else {
            Issue.record("no pattern"); return
        }
        #expect(p.units == .userSpaceOnUse && p.viewBox == nil && p.width == 8 && p.contentTransform == .scale(4, 4))
        let pixmap = icon.render(size: 16)
        #expect(pixmap.pixel(x: 1, y: 1) == (0, 0, 0, 255))
        #expect(pixmap.pixel(x: 5, y: 1) == (0, 0, 0, 0))
    }
}
