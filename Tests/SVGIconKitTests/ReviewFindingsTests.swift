import Testing
import SVGIconCore
import SVGIconKit

/// Findings of a review, each pinned by pixels: context paint inside the masks of marker and use content,
/// a canvas started alpha-only under a last drop shadow, and a pattern tile drawn at a lower resolution.
@Suite("Review findings")
struct ReviewFindingsTests {
    private func render(_ body: String, viewBox: String = "0 0 200 200", size: Int = 100) throws -> Pixmap {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(viewBox)\">\(body)</svg>"
        let result = try SVGDocumentParser.parse(Array(svg.utf8), file: "test.svg")
        return result.icon.render(size: size)
    }

    /// A user-space gradient from white (x = 20) to near black (x = 180), the marked shape's stroke.
    private static let gradient = """
        <linearGradient id="g" gradientUnits="userSpaceOnUse" x1="20" x2="180"><stop offset="0" stop-color="white"/>\
        <stop offset="1" stop-color="#222"/></linearGradient>
        """

    @Test("context-stroke in a mask inside a marker's content: the marked shape's gradient, in its user space (also under maskContentUnits=objectBoundingBox and a mask on the mask)",
          arguments: ["<mask id=\"k\"><rect width=\"60\" height=\"60\" fill=\"context-stroke\"/></mask><rect width=\"60\" height=\"60\" fill=\"teal\" mask=\"url(#k)\"/>",
                      "<mask id=\"k\" maskContentUnits=\"objectBoundingBox\"><rect width=\"1\" height=\"1\" fill=\"context-stroke\"/></mask><rect width=\"60\" height=\"60\" fill=\"teal\" mask=\"url(#k)\"/>",
                      "<mask id=\"k\"><rect width=\"60\" height=\"60\" fill=\"context-stroke\"/></mask><mask id=\"k2\" mask=\"url(#k)\"><rect width=\"60\" height=\"60\" fill=\"white\"/></mask><g mask=\"url(#k2)\"><rect width=\"60\" height=\"60\" fill=\"teal\"/></g>"])
    func contextPaintInMarkerMask(_ content: String) throws {
        let pixmap = try render(Self.gradient + """
            <marker id="m" markerWidth="60" markerHeight="60" refX="30" refY="30" markerUnits="userSpaceOnUse">\(content)</marker>
            <path d="M40 100 L160 100" stroke="url(#g)" fill="none" stroke-width="4" marker-start="url(#m)" marker-end="url(#m)"/>
            """)
        // The mask's luminance follows the gradient at each marker's place: bright at the start, dark at the end.
        // The placeholder left in the mask (the old code) masked everything away: alpha 0 at both.
        let start = pixmap.pixel(x: 10, y: 42), end = pixmap.pixel(x: 88, y: 42)
        #expect(start.3 > 200, "start marker \(start)")
        #expect(end.3 > 20 && end.3 < 90, "end marker \(end)")
    }

    @Test("context-fill in a mask inside a use's content takes the use's gradient")
    func contextPaintInUseMask() throws {
        let pixmap = try render(Self.gradient + """
            <defs><g id="s"><mask id="k"><rect x="20" y="20" width="160" height="160" fill="context-fill"/></mask>
            <rect x="20" y="20" width="160" height="160" fill="blue" mask="url(#k)"/></g></defs>
            <use href="#s" fill="url(#g)"/>
            """)
        #expect(pixmap.pixel(x: 12, y: 50).3 > 240)
        let right = pixmap.pixel(x: 88, y: 50).3
        #expect(right > 20 && right < 60, "\(right)")
    }

    @Test("A black layer whose filter ends in a drop shadow of another colour starts alpha-only (the shadow's colour, addedColors' last, left out); what it draws equals the RGBA canvas's",
          arguments: [
              // A shadow in part of the region (drawn by the RGBA route), a shadow of SourceAlpha, a list whose
              // first filter ends in the shadow, a shadow on a group's child, a flood of another colour shadowed.
              "<filter id=\"f\" primitiveUnits=\"userSpaceOnUse\"><feDropShadow dx=\"6\" dy=\"4\" stdDeviation=\"3\" flood-color=\"red\" x=\"0\" y=\"0\" width=\"60\" height=\"200\"/></filter><rect x=\"40\" y=\"40\" width=\"80\" height=\"80\" filter=\"url(#f)\"/>",
              "<filter id=\"f\"><feDropShadow in=\"SourceAlpha\" dx=\"6\" dy=\"4\" stdDeviation=\"3\" flood-color=\"red\"/></filter><rect x=\"40\" y=\"40\" width=\"80\" height=\"80\" fill-opacity=\"0.5\" filter=\"url(#f)\"/>",
              "<filter id=\"f\"><feDropShadow dx=\"6\" dy=\"4\" stdDeviation=\"3\" flood-color=\"red\"/></filter><rect x=\"40\" y=\"40\" width=\"80\" height=\"80\" style=\"filter: url(#f) blur(2px)\"/>",
              "<filter id=\"f\"><feDropShadow dx=\"6\" dy=\"4\" stdDeviation=\"3\" flood-color=\"red\"/></filter><g opacity=\"0.7\"><rect x=\"40\" y=\"40\" width=\"80\" height=\"80\" filter=\"url(#f)\"/><circle cx=\"140\" cy=\"140\" r=\"30\"/></g>",
              "<filter id=\"f\"><feFlood flood-color=\"lime\" result=\"l\"/><feComposite in=\"l\" in2=\"SourceAlpha\" operator=\"in\"/><feDropShadow dx=\"6\" dy=\"4\" stdDeviation=\"3\" flood-color=\"red\"/></filter><rect x=\"40\" y=\"40\" width=\"80\" height=\"80\" filter=\"url(#f)\"/>",
          ])
    func shadowApartCanvas(_ body: String) throws {
        let alone = try render(body)
        // A rect of another colour outside the canvas draws nothing but makes the canvas RGBA from the start.
        let rgba = try render(body + "<rect x=\"-50\" y=\"-50\" width=\"10\" height=\"10\" fill=\"blue\"/>")
        #expect(alone.uniformColor == nil && rgba.uniformColor == nil)
        #expect(alone.data == rgba.data)
    }

    @Test("A pattern tile too large for its pixels is drawn at a lower resolution and sampled at that resolution: horizontal stripes keep their 60-unit period under a steep skew")
    func downscaledTileKeepsItsScale() throws {
        // skewX(89°) stretches a 3000 × 60 tile to 57 times its width on the device; at 64 × 64 pixels the tile
        // would have 10 million, so it is drawn with about 18 rows instead of 60.
        let pixmap = try render("""
            <pattern id="p" patternUnits="userSpaceOnUse" width="3000" height="60" patternTransform="skewX(89)">
            <rect width="3000" height="30" fill="blue"/></pattern><rect width="64" height="64" fill="url(#p)"/>
            """, viewBox: "0 0 64 64", size: 64)
        // Blue on rows 0..<30 of each 60, clear on 30..<60. Sampled with the tile's first scale (the old code),
        // the stripes repeated every 18 rows: row 12 clear, row 40 blue.
        for y in [6, 12, 20, 24] { #expect(pixmap.pixel(x: 32, y: y) == (0, 0, 255, 255), "row \(y): \(pixmap.pixel(x: 32, y: y))") }
        for y in [36, 40, 46, 52] { #expect(pixmap.pixel(x: 32, y: y) == (0, 0, 0, 0), "row \(y): \(pixmap.pixel(x: 32, y: y))") }
    }
}
