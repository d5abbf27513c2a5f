import Testing
import SVGIconCore
@testable import SVGIconKit

/// Large outputs are rendered and encoded band by band (`BandedPNGRender`, `PNGRowStream`); their PNGs
/// must decode to exactly the pixels of a whole render.
@Suite("Banded PNG output")
struct BandedPNGTests {
    static let size = 1200  // 2^20 / 1200 = 873 rows a band: two bands

    static func svg(_ body: String) -> [UInt8] {
        Array("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'>\(body)</svg>".utf8)
    }

    /// The PNG the cached renderer makes at `size` and the whole render's straight-alpha pixels.
    func render(_ svg: [UInt8], tint: SVGColor = .black) throws -> (png: [UInt8], whole: [UInt8]) {
        let options = RenderOptions(width: Self.size, height: Self.size, tint: tint)
        let png = try CachedIconRenderer(cache: nil).png(svg: svg, options: options).png
        let icon = try SVGDocumentParser.parse(svg).icon
        return (png, icon.render(options: options).straightAlphaRGBA())
    }

    @Test("A one-colour icon streams as a 256-entry palette indexed by alpha, decoding to the whole render")
    func oneColour() throws {
        let (png, whole) = try render(Self.svg("<path d='M4 4 L20 6 L9 21 Z' fill='currentColor'/><circle cx='12' cy='12' r='5' fill='currentColor' opacity='.5'/>"),
                                      tint: SVGColor(red: 0x0a, green: 0x84, blue: 0xff))
        #expect(PNGColorTypeTests.layout(png) == .init(bitDepth: 8, colorType: 3, paletteEntries: 256,
                                                       transparencyEntries: 255))
        #expect(try PNGCodec.decode(png).straightAlphaRGBA() == whole)
    }

    @Test("An icon of several colours and a gradient streams as RGBA, decoding to the whole render")
    func severalColours() throws {
        let (png, whole) = try render(Self.svg("""
            <defs><linearGradient id='g'><stop offset='0' stop-color='red'/><stop offset='1' stop-color='blue'/></linearGradient></defs>
            <rect x='2' y='2' width='20' height='9' fill='url(#g)'/><circle cx='12' cy='16' r='6' fill='green' stroke='black'/>
            """))
        #expect(PNGColorTypeTests.layout(png) == .init(bitDepth: 8, colorType: 6))
        #expect(try PNGCodec.decode(png).straightAlphaRGBA() == whole)
    }

    @Test("A band goes into a one-colour stream only when every pixel is that colour or transparent")
    func bandRows() {
        let black = (red: UInt8(0), green: UInt8(0), blue: UInt8(0))
        var band = Pixmap(width: 2, height: 1)
        band.blendSpan(y: 0, x0: 0, x1: 1, coverage: 0.5, color: PremultipliedColor(.black))
        #expect(BandedPNGRender.rows(of: band, color: black) == [128, 0])
        #expect(BandedPNGRender.rows(of: band, color: (1, 2, 3)) == nil)
        #expect(BandedPNGRender.rows(of: band, color: nil) == [0, 0, 0, 128, 0, 0, 0, 0])
        band.blendSpan(y: 0, x0: 1, x1: 2, coverage: 1, color: PremultipliedColor(SVGColor(red: 255, green: 0, blue: 0)))
        #expect(BandedPNGRender.rows(of: band, color: black) == nil)
        let empty = Pixmap(width: 2, height: 1, uniformColor: .white)
        #expect(BandedPNGRender.rows(of: empty, color: black) == [0, 0], "a transparent band fits any colour")
    }

    @Test("A row stream refuses rows past its height and an end before its last row")
    func streamErrors() throws {
        let stream = try PNGRowStream(width: 2, height: 1, color: nil)
        #expect(throws: PNGError(reason: "PNG encoding failed: more rows than the image has")) {
            try stream.append([UInt8](repeating: 0, count: 16))
        }
        #expect(throws: PNGError(reason: "PNG encoding failed: fewer rows than the image has")) {
            _ = try stream.finish()
        }
        #expect(throws: PNGError(reason: "cannot encode an empty (0×3) image")) {
            _ = try PNGRowStream(width: 0, height: 3, color: nil)
        }
        let done = try PNGRowStream(width: 1, height: 2, color: (9, 8, 7))
        try done.append([255, 0])
        let decoded = try PNGCodec.decode(try done.finish())
        #expect(decoded.straightAlphaRGBA() == [9, 8, 7, 255, 0, 0, 0, 0])
    }
}
