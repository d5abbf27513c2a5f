import Testing
import SVGIconKit
import SVGIconCore

/// Strokes at most one device pixel wide render as hairlines whose alpha is the width (as resvg, Skia and
/// Chrome draw them); wider strokes, and strokes with crisp edges, keep their exact outline.
@Suite("Hairline strokes in a render")
struct HairlineRenderTests {
    private func alphas(_ body: String, size: Int = 24, viewBox: String = "0 0 24 24", column: Int = 12) throws -> [UInt8] {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(viewBox)\">\(body)</svg>"
        let pixmap = try SVGDocumentParser.parse(text).icon.render(size: size)
        return (0..<size).map { pixmap.pixel(x: column, y: $0).a }
    }

    @Test("A 0.5 px line a quarter pixel below a row boundary: a band 1 px across at alpha 0.5, split 1 : 3 (the outline would leave 0 and 128)")
    func halfPixelLine() throws {
        let a = try alphas("<path d=\"M2 12.25H22\" stroke=\"#000\" stroke-width=\"0.5\"/>")
        #expect(a[11] == 32 && a[12] == 96 && a[10] == 0 && a[13] == 0)
    }

    @Test("A 1 px diagonal leaves one pixel's alpha in each column (the outline: √2 of it, about 360)")
    func diagonal() throws {
        let a = try alphas("<path d=\"M0 0L24 24\" stroke=\"#000\" stroke-width=\"1\"/>")
        let sum = a.reduce(0) { $0 + Int($1) }
        #expect(sum >= 254 && sum <= 256, "column alpha \(sum)")
    }

    @Test("Just over 1 px wide it is an outline again: a full row and the 0.005 px beyond it on each side")
    func justOverOnePixel() throws {
        let a = try alphas("<path d=\"M2 12.5H22\" stroke=\"#000\" stroke-width=\"1.01\"/>")
        #expect(a[12] == 255 && a[11] == 1 && a[13] == 1)
    }

    @Test("Measured through the viewBox scale: a 0.25-unit stroke at 4× is 1 px, a full-alpha hairline")
    func scaledToOnePixel() throws {
        let a = try alphas("<path d=\"M0.5 3.0625H5.5\" stroke=\"#000\" stroke-width=\"0.25\"/>", viewBox: "0 0 6 6")
        #expect(a[11] == 64 && a[12] == 191 && a[10] == 0 && a[13] == 0)
    }

    @Test("crispEdges: the thin stroke stays an outline without anti-aliasing (the row whose centre it covers)")
    func crispEdges() throws {
        let a = try alphas("<path d=\"M2 12.25H22\" stroke=\"#000\" stroke-width=\"0.5\" shape-rendering=\"crispEdges\"/>")
        #expect(a[12] == 255 && a[11] == 0 && a[13] == 0)
    }

    @Test("vector-effect non-scaling-stroke measures the width in the viewBox's pixels, not the group's scale")
    func nonScaling() throws {
        let a = try alphas("<g transform=\"scale(4)\"><path d=\"M0.5 3.0625H5.5\" stroke=\"#000\" stroke-width=\"0.5\" vector-effect=\"non-scaling-stroke\"/></g>")
        #expect(a[11] == 32 && a[12] == 96 && a[13] == 0)
    }

    @Test("Stroke opacity and the hairline's alpha multiply: 0.5 px at opacity 0.5, split 1 : 3, is 16 and 48")
    func opacity() throws {
        let a = try alphas("<path d=\"M2 12.25H22\" stroke=\"#000\" stroke-width=\"0.5\" stroke-opacity=\"0.5\"/>")
        #expect(a[11] == 16 && a[12] == 48)
    }
}
