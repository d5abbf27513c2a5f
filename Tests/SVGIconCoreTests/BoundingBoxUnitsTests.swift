import Testing
import SVGIconCore

/// `resolvingBoundingBoxUnits()`: every `objectBoundingBox` gradient, clip path and mask becomes the same thing in
/// user space, against the box of the element it applies to (Docs/model.md, "Bounding-box units").
@Suite("Bounding-box units")
struct BoundingBoxUnitsTests {
    static let red = SVGColor(red: 220, green: 30, blue: 40)
    static let blue = SVGColor(red: 20, green: 60, blue: 230)
    static let stops = [SVGGradientStop(offset: 0, color: red), SVGGradientStop(offset: 1, color: blue)]

    /// A rectangle whose box is (2, 4, 10 × 5).
    static func rect(fill: SVGPaint) -> SVGIconLayer {
        SVGIconLayer(shape: SVGShape(path: ShapeGeometry.rect(x: 2, y: 4, width: 10, height: 5),
                                     fill: SVGFill(paint: fill)), elementName: "rect")
    }

    static func shape(_ layer: SVGIconLayer) -> SVGShape? {
        if case .shape(let s) = layer.content { return s }
        return nil
    }

    static func children(_ layer: SVGIconLayer) -> [SVGIconLayer] {
        if case .group(let c) = layer.content { return c }
        return []
    }

    @Test("A gradient on a known rectangle becomes a known user-space gradient")
    func gradients() throws {
        // gradientTransform: scale x by 2, then move by 0.5 (in box units).
        let linear = SVGLinearGradient(x1: 0.25, y1: 0, x2: 0.75, y2: 1,
                                       transform: SVGTransform(a: 2, b: 0, c: 0, d: 1, e: 0.5, f: 0),
                                       spread: .reflect, stops: Self.stops)
        let radial = SVGRadialGradient(cx: 0.5, cy: 0.5, r: 0.5, fx: 0.25, stops: Self.stops)
        var stroked = Self.rect(fill: .linearGradient(linear))
        stroked.content = .shape(SVGShape(path: ShapeGeometry.rect(x: 2, y: 4, width: 10, height: 5),
                                          fill: SVGFill(paint: .linearGradient(linear), opacity: 0.5, rule: .evenodd),
                                          stroke: SVGStroke(paint: .radialGradient(radial), opacity: 0.25,
                                                            style: StrokeStyle(width: 3))))
        let icon = SVGIconDefinition(layers: [stroked])
        #expect(icon.hasBoundingBoxUnits)
        let resolved = icon.resolvingBoundingBoxUnits()
        #expect(!resolved.hasBoundingBoxUnits)
        let shape = try #require(Self.shape(resolved.layers[0]))

        var expectedLinear = linear
        expectedLinear.units = .userSpaceOnUse
        // [10 0 0 5 2 4] · [2 0 0 1 0.5 0]: x scaled by 20, moved by 10 · 0.5 + 2 = 7.
        expectedLinear.transform = SVGTransform(a: 20, b: 0, c: 0, d: 5, e: 7, f: 4)
        #expect(shape.fill == SVGFill(paint: .linearGradient(expectedLinear), opacity: 0.5, rule: .evenodd))

        var expectedRadial = radial
        expectedRadial.units = .userSpaceOnUse
        expectedRadial.transform = SVGTransform(a: 10, b: 0, c: 0, d: 5, e: 2, f: 4)
        #expect(shape.stroke == SVGStroke(paint: .radialGradient(expectedRadial), opacity: 0.25,
                                          style: StrokeStyle(width: 3)))
        // Coordinates, stops and spread are untouched; only units and transform change.
        #expect(expectedLinear.x1 == 0.25 && expectedLinear.stops == Self.stops && expectedLinear.spread == .reflect)
    }

    @Test("A clip path and a mask on a group use the group's box: its children's, through their transforms")
    func clipAndMask() throws {
        // Children: (0, 0, 4 × 2) and, moved by (6, 3), (0, 0, 2 × 1) — the box is (0, 0, 8 × 4).
        var moved = SVGIconLayer.rect(x: 0, y: 0, width: 2, height: 1)
        moved.transform = .translation(6, 3)
        var group = SVGIconLayer.group([.rect(x: 0, y: 0, width: 4, height: 2), moved])
        group.clipPath = SVGClipPath(layers: [.rect(x: 0, y: 0, width: 0.5, height: 1)], units: .objectBoundingBox,
                                     transform: .translation(0.25, 0))
        let maskContent = SVGIconLayer.rect(x: 0, y: 0, width: 1, height: 0.5, color: .white)
        group.mask = SVGMask(layers: [maskContent], contentUnits: .objectBoundingBox)  // region: default, box units
        let resolved = SVGIconDefinition(layers: [group]).resolvingBoundingBoxUnits()
        let layer = resolved.layers[0]

        let clip = try #require(layer.clipPath)
        #expect(clip.units == .userSpaceOnUse)
        // translate(0.25, 0) · [8 0 0 4 0 0]: the box first, then the clipPath's transform in user space.
        #expect(clip.transform == SVGTransform(a: 8, b: 0, c: 0, d: 4, e: 0.25, f: 0))
        #expect(clip.layers == [.rect(x: 0, y: 0, width: 0.5, height: 1)])

        let mask = try #require(layer.mask)
        #expect(mask.units == .userSpaceOnUse && mask.contentUnits == .userSpaceOnUse)
        // −10 %, −10 %, 120 %, 120 % of (0, 0, 8 × 4).
        #expect(mask.x == -0.8 && mask.y == -0.4 && mask.width == 9.6 && mask.height == 4.8)
        #expect(mask.x == 0 + -0.1 * 8 && mask.height == 1.2 * 4, "the renderer's arithmetic, exactly")
        // The content sits in one group that maps the box.
        #expect(mask.layers == [SVGIconLayer(content: .group([maskContent]),
                                             transform: SVGTransform(a: 8, b: 0, c: 0, d: 4, e: 0, f: 0))])
        // The group's own content is left as it was.
        #expect(layer.content == group.content && layer.transform == group.transform)
    }

    @Test("Bounding-box units inside masks and clip paths use their own element's box")
    func nested() throws {
        // Mask content: a rectangle with a bbox gradient — its own box (2, 4, 10 × 5), not the masked circle's.
        let content = Self.rect(fill: .linearGradient(SVGLinearGradient(stops: Self.stops)))
        var circle = SVGIconLayer.circle(cx: 12, cy: 12, r: 8)
        circle.mask = SVGMask(layers: [content], units: .userSpaceOnUse, x: 0, y: 0, width: 24, height: 24,
                              mask: SVGMask(layers: [.rect(x: 0, y: 0, width: 24, height: 24, color: .white)]))
        // A clip path on a clip path applies to the same element: the circle's box (4, 4, 16 × 16).
        circle.clipPath = SVGClipPath(layers: [.rect(x: 0, y: 0, width: 24, height: 24)],
                                      clipPath: SVGClipPath(layers: [.rect(x: 0, y: 0, width: 1, height: 0.5)],
                                                            units: .objectBoundingBox))
        let resolved = SVGIconDefinition(layers: [circle]).resolvingBoundingBoxUnits()
        let layer = resolved.layers[0]
        let mask = try #require(layer.mask)
        guard case .linearGradient(let g)? = Self.shape(mask.layers[0])?.fill?.paint else {
            Issue.record("the mask content keeps its gradient")
            return
        }
        #expect(g.units == .userSpaceOnUse && g.transform == SVGTransform(a: 10, b: 0, c: 0, d: 5, e: 2, f: 4))
        let inner = try #require(mask.mask)
        #expect(inner.units == .userSpaceOnUse)
        #expect(inner.x == 4 + -0.1 * 16 && inner.y == 4 + -0.1 * 16 && inner.width == 1.2 * 16)
        let outer = try #require(layer.clipPath?.clipPath)
        #expect(outer.units == .userSpaceOnUse && outer.transform == SVGTransform(a: 16, b: 0, c: 0, d: 16, e: 4, f: 4))
        #expect(!resolved.hasBoundingBoxUnits)
    }

    @Test("On a box without width or height, bbox paints, clip paths and masks are ignored (as SVG says)")
    func emptyBox() throws {
        let gradient = SVGPaint.linearGradient(SVGLinearGradient(stops: Self.stops))
        var userGradient = SVGLinearGradient(x1: 2, x2: 22, stops: Self.stops)
        userGradient.units = .userSpaceOnUse
        // A horizontal line: its box is (2, 4, 20 × 0).
        var line = SVGIconLayer.line(x1: 2, y1: 4, x2: 22, y2: 4)
        line.content = .shape(SVGShape(path: try #require(Self.shape(line)).path, fill: SVGFill(paint: gradient),
                                       stroke: SVGStroke(paint: .linearGradient(userGradient))))
        line.clipPath = SVGClipPath(layers: [.rect(x: 0, y: 0, width: 1, height: 1)], units: .objectBoundingBox)
        var masked = line
        masked.clipPath = nil
        masked.mask = SVGMask(layers: [.rect(x: 0, y: 0, width: 24, height: 24, color: .white)])
        var contentMasked = masked
        contentMasked.mask = SVGMask(layers: [.rect(x: 0, y: 0, width: 1, height: 1, color: .white)],
                                     units: .userSpaceOnUse, x: 0, y: 0, width: 24, height: 24,
                                     contentUnits: .objectBoundingBox)
        let resolved = SVGIconDefinition(layers: [line, masked, contentMasked]).resolvingBoundingBoxUnits()
        let shape = try #require(Self.shape(resolved.layers[0]))
        #expect(shape.fill == nil, "the bbox gradient paints nothing")
        #expect(shape.stroke == SVGStroke(paint: .linearGradient(userGradient)), "a user-space gradient still paints")
        #expect(resolved.layers[0].clipPath == SVGClipPath(layers: []), "clips everything away")
        let empty = SVGMask(layers: [], units: .userSpaceOnUse, x: 0, y: 0, width: 0, height: 0)
        #expect(resolved.layers[1].mask == empty, "masks everything away")
        #expect(resolved.layers[2].mask == empty)
        // The geometry stays, so a group holding the line keeps its box.
        #expect(Self.shape(resolved.layers[1])?.path == Self.shape(line)?.path)

        // Drawn: only the user-space stroke of the first line — the clip and masks remove the whole layer.
        let options = RenderOptions(width: 24, height: 24)
        let drawn = SVGIconDefinition(layers: [line, masked, contentMasked]).render(options: options)
        #expect(drawn.straightAlphaRGBA().allSatisfy { $0 == 0 }, "the empty clip path removes even the stroke")
        var unclipped = line
        unclipped.clipPath = nil
        let stroke = SVGIconDefinition(layers: [unclipped]).render(options: options)
        // A 1 px stroke on y = 4 covers half of the pixel rows 3 and 4.
        #expect(stroke.pixel(x: 12, y: 3).a == 128 && stroke.pixel(x: 12, y: 4).a == 128)
        #expect(stroke.pixel(x: 12, y: 2).a == 0 && stroke.pixel(x: 12, y: 5).a == 0)
    }

    /// A hand-built icon using every kind of bounding-box unit, with transforms and group opacity.
    static func handBuilt() -> SVGIconDefinition {
        let linear = SVGLinearGradient(x1: 0, y1: 0, x2: 1, y2: 1,
                                       transform: SVGTransform.rotation(degrees: 20), stops: Self.stops)
        let radial = SVGRadialGradient(cx: 0.4, cy: 0.6, r: 0.7, fx: 0.3, spread: .repeat, stops: Self.stops)
        var group = SVGIconLayer.group([Self.rect(fill: .linearGradient(linear)),
                                        SVGIconLayer(shape: SVGShape(path: ShapeGeometry.ellipse(cx: 14, cy: 15, rx: 7, ry: 5),
                                                                     fill: SVGFill(paint: .radialGradient(radial))),
                                                     transform: SVGTransform.rotation(degrees: -10))],
                                       transform: SVGTransform(a: 1.1, b: 0.1, c: -0.2, d: 0.9, e: 1, f: 0.5),
                                       opacity: 0.8)
        group.clipPath = SVGClipPath(layers: [.circle(cx: 0.5, cy: 0.5, r: 0.5)], units: .objectBoundingBox)
        var masked = SVGIconLayer.rect(x: 3, y: 17, width: 18, height: 5, color: Self.red)
        masked.mask = SVGMask(layers: [Self.rect(fill: .linearGradient(SVGLinearGradient(stops: [
            SVGGradientStop(offset: 0, color: .white), SVGGradientStop(offset: 1, color: .black),
        ])))], x: 0, y: 0, width: 1, height: 1)
        return SVGIconDefinition(layers: [group, masked])
    }

    @Test("The renderer draws a hand-built bbox definition exactly as its resolved form")
    func renderedAsResolved() throws {
        let icon = Self.handBuilt()
        let resolved = icon.resolvingBoundingBoxUnits()
        #expect(icon.hasBoundingBoxUnits && !resolved.hasBoundingBoxUnits)
        #expect(resolved != icon)
        for size in [24, 61] {
            let options = RenderOptions(width: size, height: size, tint: Self.blue)
            let a = icon.render(options: options), b = resolved.render(options: options)
            #expect(a.straightAlphaRGBA() == b.straightAlphaRGBA())
            #expect(a == b)
            // Not trivially equal: the drawing has many colours.
            #expect(Set(a.straightAlphaRGBA()).count > 40)
        }
    }

    @Test("A bbox gradient, clip path and mask draw what the same things written in user space draw")
    func sameAsWrittenInUserSpace() {
        let gradient = SVGLinearGradient(x1: 0, y1: 0, x2: 1, y2: 1, stops: Self.stops)
        var byBox = Self.rect(fill: .linearGradient(gradient))
        byBox.clipPath = SVGClipPath(layers: [.circle(cx: 0.5, cy: 0.5, r: 0.5)], units: .objectBoundingBox)
        byBox.mask = SVGMask(layers: [.rect(x: 0, y: 0, width: 0.5, height: 1, color: .white)],
                             x: 0, y: 0, width: 1, height: 1, contentUnits: .objectBoundingBox)
        // The same, by hand: the box is (2, 4, 10 × 5).
        var userGradient = gradient
        userGradient.units = .userSpaceOnUse
        userGradient.transform = SVGTransform(a: 10, b: 0, c: 0, d: 5, e: 2, f: 4)
        var byHand = Self.rect(fill: .linearGradient(userGradient))
        byHand.clipPath = SVGClipPath(layers: [.circle(cx: 0.5, cy: 0.5, r: 0.5)],
                                      transform: SVGTransform(a: 10, b: 0, c: 0, d: 5, e: 2, f: 4))
        byHand.mask = SVGMask(layers: [SVGIconLayer(content: .group([.rect(x: 0, y: 0, width: 0.5, height: 1, color: .white)]),
                                                    transform: SVGTransform(a: 10, b: 0, c: 0, d: 5, e: 2, f: 4))],
                              units: .userSpaceOnUse, x: 2, y: 4, width: 10, height: 5)
        let options = RenderOptions(width: 48, height: 48)
        let a = SVGIconDefinition(layers: [byBox]).render(options: options)
        let b = SVGIconDefinition(layers: [byHand]).render(options: options)
        #expect(a.straightAlphaRGBA() == b.straightAlphaRGBA())
        // Drawn: left half of the ellipse inside the box (x 4…24, y 8…18 at 48 px), nothing right of x = 14.
        #expect(a.pixel(x: 10, y: 13).a == 255 && a.pixel(x: 20, y: 13).a == 0 && a.pixel(x: 5, y: 9).a == 0)
        #expect(a.pixel(x: 6, y: 13).r > a.pixel(x: 12, y: 13).r, "red to blue, left to right")
    }

    @Test("Resolving twice changes nothing; equality ignores whether a definition is known to be resolved")
    func idempotent() {
        let resolved = Self.handBuilt().resolvingBoundingBoxUnits()
        #expect(resolved.resolvingBoundingBoxUnits() == resolved)
        var rebuilt = SVGIconDefinition(layers: [])
        rebuilt.layers = resolved.layers  // the same layers, not known to be resolved
        #expect(rebuilt == resolved && rebuilt.hashValue == resolved.hashValue)
        #expect(!rebuilt.hasBoundingBoxUnits)
        // A change to the layers is looked at again.
        var changed = resolved
        changed.layers.append(Self.rect(fill: .linearGradient(SVGLinearGradient(stops: Self.stops))))
        #expect(changed.hasBoundingBoxUnits)
    }

    @Test("The resolver ends with the pass: a file's bbox gradient, clip path and mask come out in user space")
    func resolverOutput() throws {
        func el(_ name: String, _ attributes: [(String, String)], _ children: [SVGElement] = []) -> SVGElement {
            SVGElement(name: name, attributes: attributes.map { (name: $0.0, value: $0.1) }, children: children)
        }
        let root = el("svg", [("viewBox", "0 0 24 24")], [
            el("defs", [], [
                el("linearGradient", [("id", "g"), ("x2", "0"), ("y2", "100%")], [
                    el("stop", [("offset", "0"), ("stop-color", "red")]),
                    el("stop", [("offset", "1"), ("stop-color", "blue")]),
                ]),
                el("clipPath", [("id", "c"), ("clipPathUnits", "objectBoundingBox")], [
                    el("rect", [("width", ".5"), ("height", "1")]),
                ]),
                el("mask", [("id", "m")], [el("rect", [("width", "24"), ("height", "24"), ("fill", "white")])]),
            ]),
            el("rect", [("x", "2"), ("y", "4"), ("width", "10"), ("height", "5"), ("fill", "url(#g)"),
                        ("clip-path", "url(#c)"), ("mask", "url(#m)")]),
        ])
        var icon = try SVGResolver.resolve(root).icon
        #expect(!icon.hasBoundingBoxUnits)
        let layers = icon.layers
        icon.layers = layers  // forget that it is known, so that the layers are looked through
        #expect(!icon.hasBoundingBoxUnits)
        let layer = try #require(icon.layers.first)
        let box = SVGTransform(a: 10, b: 0, c: 0, d: 5, e: 2, f: 4)
        guard case .linearGradient(let g)? = Self.shape(layer)?.fill?.paint else {
            Issue.record("the rect is filled with the gradient")
            return
        }
        #expect(g.units == .userSpaceOnUse && g.transform == box)
        #expect(g.x1 == 0 && g.y1 == 0 && g.x2 == 0 && g.y2 == 1, "coordinates stay fractions of the box")
        #expect(layer.clipPath?.units == .userSpaceOnUse && layer.clipPath?.transform == box)
        let mask = try #require(layer.mask)
        #expect(mask.units == .userSpaceOnUse)
        #expect(mask.x == 2 + -0.1 * 10 && mask.y == 4 + -0.1 * 5 && mask.width == 12 && mask.height == 6)
    }
}
