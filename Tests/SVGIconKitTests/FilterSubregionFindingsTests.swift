import Testing
import SVGIconCore
@testable import SVGIconKit

/// Filter Effects 1 and SVG 2 readings where resvg 0.44 differs (the conformance fixtures of the same names
/// are in resvg/KNOWN, so no reference guards them): exact pixels at 1 px per user unit.
@Suite("Filter subregion findings")
struct FilterSubregionFindingsTests {
    /// `body` drawn at 24 × 24, 1 px per user unit.
    static func pixels(_ body: String) throws -> RenderedPixels {
        try RenderedPixels(body, size: 24)
    }

    /// The filter region 0..24 in user space, primitives `primitives`, on a blue 4..20 square.
    static func filtered(_ primitives: String) throws -> RenderedPixels {
        try pixels("""
            <filter id='f' filterUnits='userSpaceOnUse' x='0' y='0' width='24' height='24'>\(primitives)</filter>
            <rect x='4' y='4' width='16' height='16' fill='#2060e0' filter='url(#f)'/>
            """)
    }

    static let blue: [UInt8] = [0x20, 0x60, 0xe0, 255]

    /// "A negative or zero value disables the effect of the given filter primitive (i.e., the result is a
    /// transparent black image)": the flood is empty and feMerge gives the source (resvg drops the element).
    @Test("A primitive of negative width or zero height is transparent black; the rest of the filter runs",
          arguments: ["width='-5'", "height='0'"])
    func emptySubregionIsTransparent(size: String) throws {
        let p = try Self.filtered("""
            <feFlood flood-color='#e04020' \(size) result='a'/>
            <feMerge><feMergeNode in='SourceGraphic'/><feMergeNode in='a'/></feMerge>
            """)
        #expect(p[10, 10] == Self.blue)
        #expect(p[2, 2][3] == 0)
    }

    /// feOffset's result is cut to its own subregion (8..18 × 6..14), not only to the filter region.
    @Test("feOffset is cut to its own subregion")
    func offsetCutToSubregion() throws {
        let p = try Self.filtered("<feOffset dx='4' dy='2' x='8' y='6' width='10' height='8'/>")
        #expect(p[8, 6] == Self.blue)
        #expect(p[17, 13] == Self.blue)
        #expect(p[18, 10][3] == 0)
        #expect(p[10, 14][3] == 0)
    }

    /// SVG 2 has no requiredFeatures (only requiredExtensions and systemLanguage are conditions), so even an
    /// empty one passes and the switch draws its first child; resvg applies SVG 1.1's "empty is false".
    @Test("An empty requiredFeatures does not fail a switch child")
    func emptyRequiredFeaturesPasses() throws {
        let p = try Self.pixels("""
            <switch><rect requiredFeatures='' width='24' height='24' fill='#e04020'/>
            <rect width='24' height='24' fill='#20a040'/></switch>
            """)
        #expect(p[12, 12] == [0xe0, 0x40, 0x20, 255])
    }
}
