import Testing
import SVGIconCore
@testable import SVGIconKit

/// Cases found by measuring Debian icon themes against resvg (session 30) where svgicon follows the spec
/// and the reference does not; the tests keep svgicon's behaviour from regressing.
@Suite("Theme findings")
struct ThemeFindingsTests {
    /// Straight RGBA bytes of `svg` rendered at `size` × `size`.
    static func pixels(_ svg: String, size: Int = 48) throws -> [UInt8] {
        try SVGDocumentParser.parse(Array(svg.utf8)).icon.render(options: RenderOptions(width: size, height: size))
            .straightAlphaRGBA()
    }

    static func pixel(_ p: [UInt8], _ x: Int, _ y: Int, size: Int = 48) -> [UInt8] {
        Array(p[(y * size + x) * 4..<(y * size + x) * 4 + 4])
    }

    /// SVG 2 painting, stroke shape: every point within half the stroke width of the path is in the stroke,
    /// so a circle (or a non-uniformly scaled ellipse, as in elementary's node-symmetric icon) stroked wider
    /// than its diameter is a full disc. resvg leaves a hole where its inner offset curve turns inside out.
    @Test("A stroke wider than the circle's diameter covers the centre", arguments: [
        "<circle cx='24' cy='24' r='3' fill='none' stroke='#008000' stroke-width='16'/>",
        "<path d='M27 24a3 3.2 0 1 1-6 0a3 3.2 0 1 1 6 0z' transform='matrix(0.98 0 0 0.94 0.5 1.4)' fill='none' stroke='#008000' stroke-width='16'/>",
    ])
    func wideStrokeFillsCentre(shape: String) throws {
        let p = try Self.pixels("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 48 48'>\(shape)</svg>")
        #expect(Self.pixel(p, 24, 24) == [0, 128, 0, 255])
        #expect(Self.pixel(p, 23, 25) == [0, 128, 0, 255])
        #expect(Self.pixel(p, 2, 2)[3] == 0)
    }

    /// A viewBox written with units ("0px, 0px, 55px, 55px", as sugar-icon-theme writes them) is not a list
    /// of four numbers, so it is ignored (SVG 2 viewBox) and the icon is fitted from width and height,
    /// 110 × 110 user units: the rect at 11..44 lands at 4.8..19.2 of 48 (read as a viewBox of 55 × 55 it
    /// would land at 9.6..38.4, so the test tells the two apart).
    @Test("A viewBox with units is ignored and width/height fit the icon")
    func viewBoxWithUnits() throws {
        let svg = """
        <svg xmlns='http://www.w3.org/2000/svg' width='110px' height='110px' viewBox='0px, 0px, 55px, 55px'>\
        <rect x='11' y='11' width='33' height='33' fill='#0000ff'/></svg>
        """
        let p = try Self.pixels(svg)
        #expect(Self.pixel(p, 5, 5) == [0, 0, 255, 255])
        #expect(Self.pixel(p, 18, 18) == [0, 0, 255, 255])
        #expect(Self.pixel(p, 3, 3)[3] == 0)
        #expect(Self.pixel(p, 20, 20)[3] == 0)
        #expect(Self.pixel(p, 30, 30)[3] == 0)
    }
}
