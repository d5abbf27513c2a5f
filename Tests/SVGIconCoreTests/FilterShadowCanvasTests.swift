import Testing
@testable import SVGIconCore

/// A canvas that starts alpha-only under a drop shadow: the shadow draws turn it RGBA row by row as they
/// draw (`Pixmap.makeRGBA(rows:_:)`) with the values of turning it RGBA first, and a Figma or Illustrator
/// chain in the layer's own colour keeps it alpha-only with the RGBA route's alpha.
@Suite("Filter shadow canvas")
struct FilterShadowCanvasTests {
    static let blue = SVGColor(red: 10, green: 132, blue: 255)
    static let red = SVGColor(red: 224, green: 48, blue: 32, alpha: 0.9)

    /// A `w` × `h` alpha-only canvas in `color`: every third row 0, the others (i mod 7 + 0.37)/8.
    static func canvas(_ w: Int, _ h: Int, _ color: SVGColor) -> Pixmap {
        var p = Pixmap(width: w, height: h, uniformColor: color)
        for i in p.samples.indices where (i / w) % 3 != 0 { p.samples[i] = (Float(i % 7) + 0.37) / 8 }
        return p
    }

    /// The chain's colour as the renderer reads the layer's (`Float(channel) / 255`), alpha factor 0.25.
    static func chain(_ color: SVGColor) -> FilterDesignerShadow {
        FilterDesignerShadow(hard: 127, tone: 0.25, color: SIMD3(Float(color.red) / 255, Float(color.green) / 255,
                                                                 Float(color.blue) / 255))
    }

    @Test("makeRGBA(rows:): the values makeRGBA gives, each row handed over once it is RGBA; an RGBA pixmap as it is")
    func rowByRow() {
        let alpha = Self.canvas(13, 9, Self.blue)
        var expanded = alpha
        expanded.makeRGBA()
        var drawn = alpha
        var seen: [Int] = []
        drawn.makeRGBA(rows: 2..<6) { row, line in
            seen.append(row)
            #expect(Array(UnsafeBufferPointer(start: line, count: 13 * 4)) == Array(expanded.samples[row * 52..<(row + 1) * 52]))
            line[1] = 5
        }
        #expect(seen == [2, 3, 4, 5])
        #expect(drawn.uniformColor == nil)
        #expect(drawn.samples[2 * 52 + 1] == 5 && drawn.samples[5 * 52 + 1] == 5)
        drawn.samples[2 * 52 + 1] = expanded.samples[2 * 52 + 1]
        drawn.samples[5 * 52 + 1] = expanded.samples[5 * 52 + 1]
        drawn.samples[3 * 52 + 1] = expanded.samples[3 * 52 + 1]
        drawn.samples[4 * 52 + 1] = expanded.samples[4 * 52 + 1]
        #expect(drawn.samples == expanded.samples)
        var again = expanded
        again.makeRGBA(rows: 7..<20) { row, _ in seen.append(row) }
        #expect(seen.suffix(2) == [7, 8])
        #expect(again.samples == expanded.samples)
    }

    @Test("A red shadow under a partly transparent blue layer, with opacity, cut at the canvas edges: drawn into an alpha-only canvas it gives the values of drawing into that canvas made RGBA",
          arguments: [SVGFilterColorSpace.linearRGB, .sRGB], [(-3, 2, 0.6), (6, -1, 1.0), (9, 8, 0.8)])
    func shadowPlanesOnAlphaCanvas(_ space: SVGFilterColorSpace, _ c: (Int, Int, Double)) {
        let planes = FilterShadowPlanes(over: FilterShadowFastPathTests.layer, shadow: FilterShadowFastPathTests.shadow(width: 20, height: 12),
                                        dx: 5, dy: -3, color: Self.red, opacity: 0.5, space: space, overColor: Self.blue)
        let base = Self.canvas(31, 19, Self.blue)
        var drawn = base, expected = base
        expected.makeRGBA()
        planes.draw(into: &drawn, x: c.0, y: c.1, opacity: c.2)
        planes.draw(into: &expected, x: c.0, y: c.1, opacity: c.2)
        #expect(drawn.uniformColor == nil)
        #expect(drawn.samples == expected.samples)
        var plain = base
        plain.makeRGBA()
        #expect(drawn.samples != plain.samples)
    }

    @Test("A Figma chain of another colour (red under blue) drawn into an alpha-only canvas: the values of drawing into it made RGBA",
          arguments: [(-3, 2, 0.6), (9, 8, 1.0)])
    func designerOtherColourOnAlphaCanvas(_ c: (Int, Int, Double)) {
        let chain = Self.chain(Self.red), part = FilterShadowFastPathTests.shadow(width: 20, height: 12)
        let base = Self.canvas(31, 19, Self.blue)
        var drawn = base, expected = base
        expected.makeRGBA()
        #expect(!chain.drawAlpha(into: &drawn, layer: FilterShadowFastPathTests.layer, layerColor: Self.blue, part: part,
                                 px: 5, py: -3, x: c.0, y: c.1, opacity: c.2))
        #expect(drawn.uniformColor == Self.blue.opaque, "refused: nothing drawn")
        chain.draw(into: &drawn, layer: FilterShadowFastPathTests.layer, layerColor: Self.blue, part: part, px: 5, py: -3,
                   x: c.0, y: c.1, opacity: c.2)
        chain.draw(into: &expected, layer: FilterShadowFastPathTests.layer, layerColor: Self.blue, part: part, px: 5, py: -3,
                   x: c.0, y: c.1, opacity: c.2)
        #expect(drawn.uniformColor == nil)
        #expect(drawn.samples == expected.samples)
    }

    @Test("The Figma chain of another colour, four pixels at a time where the layer is absent or opaque: per pixel FilterOps.blendPixel of the layer over the shadow, put as Pixmap.composite",
          arguments: [0.6, 1.0])
    func designerFourAtATime(_ opacity: Double) {
        let chain = Self.chain(Self.red), part = FilterShadowFastPathTests.shadow(width: 20, height: 12)
        var layer = FilterShadowFastPathTests.layer
        for x in 4..<12 { layer.alpha[5 * 29 + x] = 1 }  // four-value runs of 1 over the shadow
        var base = Pixmap(width: 31, height: 19)
        base.data = FilterShadowFastPathTests.backdrop(31 * 19, 9)
        var drawn = base, expected = base
        chain.draw(into: &drawn, layer: layer, layerColor: Self.blue, part: part, px: 5, py: -3, x: -3, y: 2, opacity: opacity)
        let u = SIMD4<Float>(Float(Self.blue.red) / 255, Float(Self.blue.green) / 255, Float(Self.blue.blue) / 255, 1)
        let o = Float(opacity)
        for row in 0..<17 where row + 2 < 19 {
            for column in 3..<29 {
                let s = layer.alpha[row * 29 + column], sx = column - 5, sy = row + 3
                let blurred = sx >= 0 && sx < 20 && sy < 12 ? part.alpha[sy * 20 + sx] : 0
                let a = FilterDesignerShadow.alphaRow(chain.tone, blurred)
                guard s != 0 || a != 0 else { continue }
                let px = FilterOps.blendPixel(u * s, SIMD4(chain.color * a, a), .normal)
                guard px.w > 0 else { continue }
                let j = ((row + 2) * 31 + column - 3) * 4
                let d = SIMD4(expected.samples[j], expected.samples[j + 1], expected.samples[j + 2], expected.samples[j + 3])
                let v = px * o + d * (1 - px.w * o)
                for k in 0..<4 { expected.samples[j + k] = v[k] }
            }
        }
        #expect(drawn.samples == expected.samples)
        #expect(drawn.samples != base.samples)
    }

    @Test("A Figma chain in the layer's colour keeps the canvas alpha-only: black gives the RGBA route's values exactly, blue its alpha exactly and its bytes",
          arguments: [(-3, 2, 0.6), (6, -1, 1.0), (9, 8, 0.8)])
    func designerOwnColourStaysAlphaOnly(_ c: (Int, Int, Double)) {
        let part = FilterShadowFastPathTests.shadow(width: 20, height: 12), layer = FilterShadowFastPathTests.layer
        for color in [SVGColor.black, Self.blue] {
            let chain = Self.chain(color)
            let base = Self.canvas(31, 19, color)
            var drawn = base, expected = base
            expected.makeRGBA()
            #expect(chain.drawAlpha(into: &drawn, layer: layer, layerColor: color, part: part, px: 5, py: -3,
                                    x: c.0, y: c.1, opacity: c.2))
            chain.draw(into: &expected, layer: layer, layerColor: color, part: part, px: 5, py: -3, x: c.0, y: c.1, opacity: c.2)
            #expect(drawn.uniformColor == color.opaque)
            let alpha: [Float] = (0..<(31 * 19)).map { expected.samples[$0 * 4 + 3] }
            #expect(drawn.samples == alpha, "alpha")
            if color == .black {
                #expect(drawn.data == expected.data)
            } else {
                let worst = zip(drawn.data, expected.data).map { abs($0 - $1) }.max() ?? 1
                #expect(worst < 1e-6, "largest difference \(worst)")
                #expect(drawn.straightAlphaRGBA() == expected.straightAlphaRGBA())
            }
            #expect(drawn.samples != base.samples)
        }
        // Another colour than the canvas's: refused, nothing drawn.
        var other = Self.canvas(31, 19, Self.blue)
        #expect(!Self.chain(.black).drawAlpha(into: &other, layer: layer, layerColor: .black, part: part, px: 5, py: -3,
                                              x: c.0, y: c.1, opacity: c.2))
        #expect(other == Self.canvas(31, 19, Self.blue))
    }

    @Test("The hard alpha moved in one pass: FilterOps.offset of the hard-alpha plane, value for value",
          arguments: [(0, 0), (3, 2), (-5, 4), (40, 0), (-2, -30)])
    func hardMoved(_ d: (Int, Int)) {
        var source = FilterShadowFastPathTests.layer
        source.alpha[3 * 29 + 5] = 0.005  // hard alpha partial (under 1/127)
        source.alpha[4 * 29 + 6] = -0.0
        var hard = source
        for i in hard.alpha.indices { hard.alpha[i] = FilterDesignerShadow.alphaRow(127, hard.alpha[i]) }
        let moved = FilterDesignerShadow.hardMoved(source, 127, d.0, d.1)
        #expect(moved.alpha == FilterOps.offset(hard, dx: Double(d.0), dy: Double(d.1)).alpha)
        #expect(moved.alpha.contains(0.635) == (d.0 > -29 && d.1 > -17 && d.0 < 29 && d.1 < 17))
    }

    /// A 41 × 29 plane: `FilterShadowFastPathTests.layer` at (6, 6), with a value under 1/127, a −0 and
    /// a negative value (which the hard alpha makes +0).
    static var roomyLayer: FilterAlpha {
        var p = FilterAlpha(width: 41, height: 29)
        let l = FilterShadowFastPathTests.layer
        for y in 0..<l.height { for x in 0..<l.width { p.alpha[(y + 6) * 41 + x + 6] = l.alpha[y * l.width + x] } }
        p.alpha[9 * 41 + 11] = 0.005
        p.alpha[10 * 41 + 12] = -0.0
        p.alpha[3 * 41 + 2] = -0.25
        return p
    }

    @Test("The blurred hard alpha read in place: gaussianBlurPart of hardMoved, value for value and placed alike, zeros read past the plane's sides; refused where hardMoved cuts",
          arguments: [(0, 0, 3.0, 2.0, true), (3, 2, 3.0, 3.0, true), (-5, 4, 2.0, 0.0, true), (6, -6, 2.5, 1.5, true),
                      (2, 1, 3.0, 0.5, true), (2, 2, 3.0, 3.0, false), (-3, -2, 4.0, 2.0, false), (0, 0, 2.0, 2.0, false)])
    func blurredHard(_ c: (Int, Int, Double, Double, Bool)) throws {
        // Roomy: the blurred area inside the plane; else it reads past every side (where hardMoved moves zeros in).
        let source = c.4 ? Self.roomyLayer : FilterShadowFastPathTests.layer
        let expected = FilterOps.gaussianBlurPart(FilterDesignerShadow.hardMoved(source, 127, c.0, c.1), c.2, c.3)
        let got = try #require(FilterDesignerShadow.blurredHard(source, 127, c.0, c.1, c.2, c.3))
        #expect(got.part.width == expected.part.width && got.part.height == expected.part.height)
        #expect(got.x == expected.x && got.y == expected.y)
        #expect(got.part.alpha == expected.part.alpha)
        #expect(got.part.alpha.contains { $0 > 0.2 })
        // Content moved past the plane's edge: hardMoved's route.
        #expect(FilterDesignerShadow.blurredHard(source, 127, 20, 0, 3, 3) == nil)
        #expect(FilterDesignerShadow.blurredHard(source, 127, 0, 0, 1.5, 3) == nil, "σx under 2: no box passes")
        #expect(FilterDesignerShadow.blurredHard(source, 0.5, 0, 0, 3, 3) == nil, "k under 1")
        let empty = try #require(FilterDesignerShadow.blurredHard(FilterAlpha(width: 9, height: 9), 127, 1, 1, 3, 3))
        #expect(empty.part.width == 0 && empty.part.height == 0)
    }

    @Test("bounds(holding: .positive): the rectangle of the values above 0 (−0, negative values and NaN left out)")
    func positiveBounds() throws {
        var p = FilterAlpha(width: 13, height: 9)
        #expect(p.bounds(holding: .positive) == nil)
        p.alpha[2 * 13 + 1] = -0.0
        p.alpha[8 * 13 + 12] = -1
        p.alpha[0] = .nan
        #expect(p.bounds(holding: .positive) == nil)
        // Each of those is a value to .nonzero, whose bits are not 0.
        #expect(p.bounds(holding: .nonzero) == FilterPixelRect(x: 0, y: 0, width: 13, height: 9))
        p.alpha[0] = 0
        p.alpha[3 * 13 + 9] = 0.5
        p.alpha[6 * 13 + 4] = 1e-30
        #expect(p.bounds(holding: .positive) == FilterPixelRect(x: 4, y: 3, width: 6, height: 4))
    }

    @Test("Which filters the canvas's colour leaves out: a last feDropShadow's and a Figma chain's colour with shadowsApart; exact 8-bit chain colours count otherwise")
    func shadowsApart() {
        let rect = SVGShape(path: ShapeGeometry.rect(x: 0, y: 0, width: 10, height: 10), fill: SVGFill(paint: .color(.black)))
        func layer(_ filter: SVGFilter) -> SVGIconLayer {
            var l = SVGIconLayer(shape: rect, elementName: "rect")
            l.filter = [filter]
            return l
        }
        let region = SVGRect(x: -2, y: -2, width: 14, height: 14)
        let redShadow = SVGFilter(region: region, primitives: [
            SVGFilterPrimitive(.dropShadow(dx: 1, dy: 1, stdDeviationX: 1, stdDeviationY: 1, color: Self.red, opacity: 0.5))])
        #expect(UniformPaint.color(of: [layer(redShadow)], tint: .black) == nil)
        #expect(UniformPaint.color(of: [layer(redShadow)], tint: .black, shadowsApart: true) == .black)
        var redFirst = redShadow
        redFirst.primitives.append(SVGFilterPrimitive(.offset(dx: 1, dy: 0)))
        #expect(UniformPaint.color(of: [layer(redFirst)], tint: .black, shadowsApart: true) == nil, "the shadow is not last")
        var figma = FilterShadowFastPathTests.designerFilter()
        #expect(figma.designerShadowColors == nil, "0.878 is no 8-bit colour")
        #expect(UniformPaint.color(of: [layer(figma)], tint: .black) == nil)
        #expect(UniformPaint.color(of: [layer(figma)], tint: .black, shadowsApart: true) == .black)
        figma.primitives[4].kind = .colorMatrix(.matrix([Double](repeating: 0, count: 18) + [0.25, 0]))
        #expect(figma.designerShadowColors == [.black])
        #expect(UniformPaint.color(of: [layer(figma)], tint: .black) == .black)
        figma.primitives[4].kind = .colorMatrix(.matrix([0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]))
        #expect(figma.designerShadowColors == [SVGColor(red: 255, green: 255, blue: 255, alpha: 0)], "alpha factor 0: paints nothing")
        #expect(UniformPaint.color(of: [layer(figma)], tint: .black) == .black)
    }
}

extension SVGColor {
    /// The colour without its alpha, as `Pixmap.uniformColor` holds it.
    var opaque: SVGColor { SVGColor(red: red, green: green, blue: blue) }
}
