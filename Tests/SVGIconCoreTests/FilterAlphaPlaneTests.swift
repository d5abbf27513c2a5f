import Testing
@testable import SVGIconCore

/// The alpha-plane run (`FilterGraph.runAlpha`, used for one-colour layers) gives exactly the alpha of the
/// RGBA run; which filters qualify (`SVGFilter.addedColors`); the inputs resvg reads as SourceGraphic.
@Suite("Filter alpha planes")
struct FilterAlphaPlaneTests {
    /// A 37 × 29 source with an irregular alpha (odd sizes: the 4 × 4 transpose blocks have leftovers).
    static let source = FilterEngineTests.image(37, 29) { x, y in
        let inside = x > 6 && x < 30 && y > 5 && y < 22
        return (0, 0, 0, inside ? Float((x * 7 + y * 3) % 11) / 10 : 0)
    }

    static func filter(_ primitives: [SVGFilterPrimitive]) -> SVGFilter {
        SVGFilter(region: SVGRect(x: 0, y: 0, width: 37, height: 29), primitives: primitives)
    }

    static let black = SVGColor(red: 0, green: 0, blue: 0, alpha: 0.8)

    @Test("Blur (σ < 2 and ≥ 2), offsets (whole and fractional), merge, flood and shadow: the RGBA run's alpha, exactly",
          arguments: [
              [SVGFilterPrimitive(.dropShadow(dx: 3, dy: 2, stdDeviationX: 3, stdDeviationY: 3, color: black, opacity: 0.5))],
              [SVGFilterPrimitive(.dropShadow(dx: -1.5, dy: 0.25, stdDeviationX: 1.2, stdDeviationY: 2.5, color: black, opacity: 1))],
              [SVGFilterPrimitive(.dropShadow(dx: 40, dy: 0, stdDeviationX: 2, stdDeviationY: 0, color: black, opacity: 1))],
              [SVGFilterPrimitive(.gaussianBlur(stdDeviationX: 4, stdDeviationY: 1), input: .sourceAlpha),
               SVGFilterPrimitive(.offset(dx: 2, dy: 3), result: "s"),
               SVGFilterPrimitive(.flood(color: black, opacity: 0.3), x: 4, y: 4, width: 9, height: 9, result: "f"),
               SVGFilterPrimitive(.merge([.reference("f"), .reference("s"), .sourceGraphic]))],
          ])
    func planeRunMatchesRGBA(_ primitives: [SVGFilterPrimitive]) throws {
        let graph = try FilterGraph(Self.filter(primitives), transform: .identity)
        let rgba = try graph.run(sourceGraphic: Self.source).image
        let plane = try #require(try graph.runAlpha(sourceAlpha: FilterAlpha(Self.source)).alpha)
        #expect(plane.alpha == FilterAlpha(rgba).alpha)
        #expect(rgba.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 0 })
    }

    @Test("A colour matrix (or any primitive outside the plane set) gives no plane")
    func colourPrimitiveGivesNoPlane() throws {
        let graph = try FilterGraph(Self.filter([SVGFilterPrimitive(.colorMatrix(.saturate(0.5)))]), transform: .identity)
        #expect(try graph.runAlpha(sourceAlpha: FilterAlpha(Self.source)).alpha == nil)
    }

    @Test("addedColors: flood and shadow colours at their opacity, black for SourceAlpha, nil for other primitives and inputs")
    func addedColors() {
        let red = SVGColor(red: 200, green: 10, blue: 0, alpha: 0.5)
        let shadow = Self.filter([SVGFilterPrimitive(.dropShadow(dx: 1, dy: 1, stdDeviationX: 2, stdDeviationY: 2, color: red, opacity: 0.5))])
        #expect(shadow.addedColors == [SVGColor(red: 200, green: 10, blue: 0, alpha: 0.25)])
        let alpha = Self.filter([SVGFilterPrimitive(.gaussianBlur(stdDeviationX: 1, stdDeviationY: 1), input: .sourceAlpha)])
        #expect(alpha.addedColors == [SVGColor(red: 0, green: 0, blue: 0)])
        #expect(Self.filter([SVGFilterPrimitive(.offset(dx: 1, dy: 1), input: .backgroundImage)]).addedColors == nil)
        #expect(Self.filter([SVGFilterPrimitive(.colorMatrix(.luminanceToAlpha))]).addedColors == nil)
        #expect(shadow.colorless.primitives[0].kind
            == .dropShadow(dx: 1, dy: 1, stdDeviationX: 2, stdDeviationY: 2, color: SVGColor(red: 0, green: 0, blue: 0, alpha: 0.5), opacity: 0.5))
    }

    @Test("BackgroundImage, BackgroundAlpha, FillPaint and StrokePaint read SourceGraphic (as resvg 0.44), with a note",
          arguments: [SVGFilterInput.backgroundImage, .backgroundAlpha, .fillPaint, .strokePaint])
    func backgroundReadsSource(_ input: SVGFilterInput) throws {
        let colored = FilterEngineTests.image(6, 5) { x, y in x == 2 && y == 1 ? (0.2, 0.4, 0.1, 0.5) : (0, 0, 0, 0) }
        let filter = SVGFilter(region: SVGRect(x: 0, y: 0, width: 6, height: 5),
                               primitives: [SVGFilterPrimitive(.offset(dx: 1, dy: 2), input: input, colorSpace: .sRGB)])
        let out = try FilterGraph(filter, transform: .identity).run(sourceGraphic: colored)
        let moved = FilterEngineTests.image(6, 5) { x, y in x == 3 && y == 3 ? (0.2, 0.4, 0.1, 0.5) : (0, 0, 0, 0) }
        #expect(out.image == moved)
        #expect(out.notes.map(\.description)
            == ["filter primitive 1: input \(FilterNote.name(input)) is not available; SourceGraphic used (as resvg)"])
    }
}
