import Testing
import SVGIconCore
@testable import SVGIconKit

/// A Figma or Illustrator drop-shadow chain whose colour is not the layer's, on a layer that also has a
/// mask: the canvas starts alpha-only in the layer's colour (`UniformPaint` leaves the chain's colour out
/// with `shadowsApart`), the chain takes the general RGBA route (the mask), and its shadow must keep its
/// colour there (a review suspected it might be dropped; checked against resvg-py 0.5 as well: the shadow
/// is blue in both, alpha within the known blur differences).
@Suite("Designer shadow under a mask")
struct DesignerShadowMaskTests {
    /// A red square in a group with a blue Figma chain (offset 4, blur 2, alpha 0.8), masked by `mask`.
    static func svg(mask: String?) -> [UInt8] {
        let reference = mask == nil ? "" : " mask='url(#m)'"
        return Array("""
        <svg xmlns='http://www.w3.org/2000/svg' width='48' height='48' viewBox='0 0 48 48'><defs>
        <filter id='f' x='-20%' y='-20%' width='160%' height='160%' color-interpolation-filters='sRGB'>
        <feFlood flood-opacity='0' result='BackgroundImageFix'/>
        <feColorMatrix in='SourceAlpha' type='matrix' values='0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 127 0' result='hardAlpha'/>
        <feOffset dx='4' dy='4'/><feGaussianBlur stdDeviation='2'/>
        <feColorMatrix type='matrix' values='0 0 0 0 0  0 0 0 0 0  0 0 0 0 1  0 0 0 0.8 0'/>
        <feBlend mode='normal' in2='BackgroundImageFix' result='effect1_dropShadow'/>
        <feBlend mode='normal' in='SourceGraphic' in2='effect1_dropShadow' result='shape'/></filter>
        <mask id='m' maskUnits='userSpaceOnUse' x='0' y='0' width='48' height='48' style='mask-type:alpha'>\(mask ?? "")</mask>
        </defs><g filter='url(#f)'\(reference)><path d='M8 8h24v24h-24z' fill='red'/></g></svg>
        """.utf8)
    }

    /// Straight RGBA bytes of `svg` at 48 px.
    static func pixels(_ svg: [UInt8]) throws -> [UInt8] {
        try SVGDocumentParser.parse(svg).icon.render(options: RenderOptions(width: 48, height: 48)).straightAlphaRGBA()
    }

    static func pixel(_ p: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(p[(y * 48 + x) * 4..<(y * 48 + x) * 4 + 4]) }

    @Test("An opaque mask over everything: the general route's bytes are the designer route's, the shadow blue")
    func opaqueMask() throws {
        let plain = try Self.pixels(Self.svg(mask: nil))
        let masked = try Self.pixels(Self.svg(mask: "<rect width='48' height='48' fill='white'/>"))
        #expect(masked == plain)
        #expect(Self.pixel(masked, 20, 20) == [255, 0, 0, 255])
        let shadow = Self.pixel(masked, 20, 34)  // below the square: shadow only
        #expect(shadow[0] == 0 && shadow[1] == 0 && shadow[2] == 255 && shadow[3] > 100)
    }

    @Test("A mask at half alpha over the right part: the shadow there stays blue at half the alpha")
    func halfMask() throws {
        let plain = try Self.pixels(Self.svg(mask: nil))
        let masked = try Self.pixels(Self.svg(mask: """
            <rect width='30' height='48' fill='white'/><rect x='30' width='18' height='48' fill='white' fill-opacity='0.5'/>
            """))
        let full = Self.pixel(plain, 34, 34), half = Self.pixel(masked, 34, 34)
        #expect(half[0] == 0 && half[1] == 0 && half[2] == 255)
        #expect(abs(Int(half[3]) - (Int(full[3]) + 1) / 2) <= 1)
        #expect(Self.pixel(masked, 20, 34) == Self.pixel(plain, 20, 34))
    }
}
