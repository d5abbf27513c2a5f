import Testing
import SVGIconCore
@testable import SVGIconKit

/// feDisplacementMap read as Filter Effects 1 writes it, where resvg 0.44 does not (see resvg/KNOWN's
/// displacement-* lines): P'(x, y) = P(x + scale·(XC − ½), y + scale·(YC − ½)) with the map un-premultiplied,
/// `scale` in primitiveUnits' coordinates. Exact pixels at 1 px per user unit.
@Suite("feDisplacementMap")
struct DisplacementMapTests {
    /// `body` drawn at 48 × 48, 1 px per user unit.
    static func pixels(_ body: String) throws -> RenderedPixels {
        try RenderedPixels(body, size: 48)
    }

    /// A bounding-box `scale` is a fraction of the box's width along both axes, as Chromium draws it. Box
    /// 8 × 32, scale 0.5, map R = 1, G = 0: the source moves 2 left and 2 down. The mean of width and height
    /// (20) moved it 5 and 5; the height along y would move it 8 down.
    @Test("A bounding-box scale is a fraction of the box's width, along x and along y")
    func boundingBoxScaleByWidth() throws {
        let p = try Self.pixels("""
            <filter id='f' filterUnits='userSpaceOnUse' x='0' y='0' width='48' height='48'
              primitiveUnits='objectBoundingBox' color-interpolation-filters='sRGB'>
            <feFlood flood-color='#ff0000' result='m'/>
            <feDisplacementMap in='SourceGraphic' in2='m' scale='0.5' xChannelSelector='R' yChannelSelector='G'/>
            </filter>
            <rect x='16' y='8' width='8' height='32' fill='#0000ff' filter='url(#f)'/>
            """)
        let blue: [UInt8] = [0, 0, 255, 255]
        #expect(p[14, 10] == blue)
        #expect(p[21, 41] == blue)
        #expect(p[18, 9][3] == 0)
        #expect(p[18, 42][3] == 0)
        #expect(p[13, 30][3] == 0)
        #expect(p[22, 30][3] == 0)
    }

    /// "The calculations using the pixel values from in2 are performed using non-premultiplied color values":
    /// a red flood at opacity 0.5 reads R = 1 (not 0.5), so with scale 8 the source moves 4 left as well as
    /// 4 down (G = 0). resvg reads the premultiplied 0.5 and only moves it down.
    @Test("The map is read un-premultiplied")
    func mapUnpremultiplied() throws {
        let p = try Self.pixels("""
            <filter id='f' filterUnits='userSpaceOnUse' x='0' y='0' width='48' height='48' color-interpolation-filters='sRGB'>
            <feFlood flood-color='#ff0000' flood-opacity='0.5' result='m'/>
            <feDisplacementMap in='SourceGraphic' in2='m' scale='8' xChannelSelector='R' yChannelSelector='G'/>
            </filter>
            <rect x='16' y='16' width='16' height='16' fill='#0000ff' filter='url(#f)'/>
            """)
        let blue: [UInt8] = [0, 0, 255, 255]
        #expect(p[12, 20] == blue)
        #expect(p[27, 35] == blue)
        #expect(p[28, 24][3] == 0)
        #expect(p[11, 24][3] == 0)
        #expect(p[20, 19][3] == 0)
    }
}
