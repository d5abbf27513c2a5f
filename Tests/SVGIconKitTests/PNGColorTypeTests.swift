import Testing
@testable import SVGIconCore
import SVGIconKit

/// The encoder stores each image in the smallest lossless PNG colour type its pixels allow, and every
/// type decodes (libpng, through `PNGCodec.decode`) to exactly the pixels that were encoded.
@Suite("PNG colour types")
struct PNGColorTypeTests {
    /// IHDR's bit depth and colour type, and the PLTE and tRNS entry counts (nil when absent).
    struct Layout: Equatable {
        var bitDepth: Int
        var colorType: Int
        var paletteEntries: Int?
        var transparencyEntries: Int?
    }

    static func layout(_ png: [UInt8]) -> Layout {
        var result = Layout(bitDepth: Int(png[24]), colorType: Int(png[25]))
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let name = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            if name == "PLTE" { result.paletteEntries = length / 3 }
            if name == "tRNS" { result.transparencyEntries = length }
            offset += 12 + length
        }
        return result
    }


    /// Encodes, checks the decoded pixels are the encoded ones, and returns the layout.
    func encoded(_ pixmap: Pixmap, sourceLocation: SourceLocation = #_sourceLocation) throws -> Layout {
        let png = try PNGCodec.encode(pixmap)
        let decoded = try PNGCodec.decode(png)
        #expect(decoded.width == pixmap.width && decoded.height == pixmap.height, sourceLocation: sourceLocation)
        #expect(decoded.straightAlphaRGBA() == pixmap.straightAlphaRGBA(), sourceLocation: sourceLocation)
        return Self.layout(png)
    }

    @Test("A black anti-aliased icon is grey + alpha")
    func blackIcon() throws {
        let icon = SVGIconDefinition(layers: [.circle(cx: 12, cy: 12, r: 9), .line(x1: 2, y1: 2, x2: 22, y2: 19, strokeWidth: 1.5)])
        let pixmap = icon.render(size: 24)
        #expect(try encoded(pixmap) == Layout(bitDepth: 8, colorType: 4))
        // The same pixels as full RGBA (not the one-colour form) choose the same.
        var rgba = pixmap
        rgba.makeRGBA()
        #expect(try encoded(rgba) == Layout(bitDepth: 8, colorType: 4))
    }

    @Test("A two-colour icon without anti-aliasing is a palette of exactly its colours")
    func twoColours() throws {
        // Pixel-aligned squares: transparent, red and blue pixels and nothing in between.
        let icon = SVGIconDefinition(viewBox: SVGViewBox(width: 16, height: 16), layers: [
            .rect(x: 2, y: 2, width: 6, height: 12, color: SVGColor(red: 255, green: 0, blue: 0)),
            .rect(x: 8, y: 2, width: 6, height: 12, color: SVGColor(red: 0, green: 0, blue: 255)),
        ])
        let pixmap = icon.render(size: 16)
        // Three colours: (0, 0, 0, 0), red and blue; one translucent entry (the transparent one).
        #expect(try encoded(pixmap) == Layout(bitDepth: 2, colorType: 3, paletteEntries: 3, transparencyEntries: 1))
    }

    /// The tRNS chunk's bytes (empty when absent).
    static func transparencyBytes(_ png: [UInt8]) -> [UInt8] {
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) == "tRNS" {
                return Array(png[offset + 8..<offset + 8 + length])
            }
            offset += 12 + length
        }
        return []
    }

    @Test("A palette's tRNS is never exactly {0, 10}, which Pillow reads as one transparent entry")
    func pillowReadableTransparency() throws {
        // 32 × 32: transparent, navy at alpha 10 (a 0.2 × 0.2 edge pixel of a masked square at 48 px) and,
        // in the first image, opaque navy. Pillow 13 matches tRNS against /^\xff*\x00\xff*$/, whose `$`
        // also matches before a final 0x0A, and then draws the alpha-10 pixels opaque.
        func image(opaque: Bool) throws -> Pixmap {
            var bytes = [UInt8](repeating: 0, count: 32 * 32 * 4)
            for p in 0..<32 * 32 where p % 32 >= 8 {
                bytes[p * 4 + 2] = 128
                bytes[p * 4 + 3] = opaque && p % 32 >= 9 ? 255 : 10
            }
            return try #require(Pixmap(width: 32, height: 32, straightRGBA: bytes))
        }
        let threeColours = try image(opaque: true)
        #expect(try encoded(threeColours) == Layout(bitDepth: 2, colorType: 3, paletteEntries: 3, transparencyEntries: 3))
        #expect(Self.transparencyBytes(try PNGCodec.encode(threeColours)) == [0, 10, 255])
        // Only the two translucent colours: their order is swapped instead.
        let twoColours = try image(opaque: false)
        #expect(try encoded(twoColours) == Layout(bitDepth: 1, colorType: 3, paletteEntries: 2, transparencyEntries: 2))
        #expect(Self.transparencyBytes(try PNGCodec.encode(twoColours)) == [10, 0])
    }

    @Test("A large one-colour icon is a palette of the alphas it uses; tinted at 24 px it stays RGBA")
    func tinted() throws {
        let icon = SVGIconDefinition(layers: [.circle(cx: 12, cy: 12, r: 9), .line(x1: 2, y1: 2, x2: 22, y2: 19, strokeWidth: 1.5)])
        let large = icon.render(size: 256, tint: SVGColor(red: 10, green: 132, blue: 255))
        let alphas = Set(large.straightAlphaRGBA().enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
        let layout = try encoded(large)
        #expect(layout.colorType == 3 && layout.bitDepth == 8)
        #expect(layout.paletteEntries == alphas.count)
        #expect(layout.transparencyEntries == alphas.count - (alphas.contains(255) ? 1 : 0))
        // At 24 px the palette's chunks would cost more than they save.
        #expect(try encoded(icon.render(size: 24, tint: SVGColor(red: 10, green: 132, blue: 255))).colorType == 6)
    }

    @Test("A palette whose tRNS would be exactly 00 0a writes one entry more (Pillow reads 00 0a as one transparent entry)")
    func pillowTransparencyPattern() throws {
        // A square clipped to itself at 48 px: alphas 0, 10 (the edges, 0.2 × 0.2) and 255 only.
        let body = "<clipPath id='c'><rect x='20' y='20' width='160' height='160'/></clipPath>"
            + "<rect x='20' y='20' width='160' height='160' fill='green' clip-path='url(#c)'/>"
        let icon = try SVGDocumentParser.parse("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 200 200'>\(body)</svg>",
                                               file: "t.svg").icon
        let pixmap = icon.render(size: 48)
        let alphas = Set(pixmap.straightAlphaRGBA().enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
        #expect(alphas == [0, 10, 255])
        #expect(try encoded(pixmap) == Layout(bitDepth: 2, colorType: 3, paletteEntries: 3, transparencyEntries: 3))
        // Only 0 and 10: no opaque entry to add, so the two entries are swapped.
        let faint = try SVGDocumentParser.parse("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 200 200'>"
            + "<rect x='20' y='20' width='160' height='160' fill='green' fill-opacity='0.0392'/></svg>", file: "t.svg").icon.render(size: 40)
        #expect(Set(faint.straightAlphaRGBA().enumerated().filter { $0.offset % 4 == 3 }.map(\.element)) == [0, 10])
        #expect(try encoded(faint).colorType == 3)
        #expect(Self.transparencyBytes(try PNGCodec.encode(faint)) == [10, 0])
    }

    /// A 61 × 40 RGBA pixmap of `colors` (straight RGBA8) in runs of 3 pixels, shifted a pixel each row: an
    /// odd width, so the last byte of a row of packed indices is part-filled.
    static func runs(of colors: [[UInt8]]) -> Pixmap? {
        let width = 61, height = 40
        let bytes = (0..<height).flatMap { y in (0..<width).flatMap { x in colors[(x / 3 + y) % colors.count] } }
        return Pixmap(width: width, height: height, straightRGBA: bytes)
    }

    @Test("Palettes of 1, 2 and 4 bits from RGBA pixels in runs, at an odd width: the encoded pixels, packed")
    func packedPalettes() throws {
        let opaque: [[UInt8]] = (0..<15).map { (k: Int) -> [UInt8] in
            let red = UInt8(k * 17), green = UInt8(255 - k * 13), blue = UInt8(k * 5)
            return [red, green, blue, 255]
        }
        for (count, bits) in [(2, 1), (4, 2), (16, 4)] {
            let colors: [[UInt8]] = [[0, 0, 0, 0]] + Array(opaque.prefix(count - 1))
            let pixmap = try #require(Self.runs(of: colors))
            let layout = try encoded(pixmap)
            #expect(layout.bitDepth == bits && layout.colorType == 3 && layout.paletteEntries == count, "\(count) colours")
        }
    }

    @Test("A one-colour pixmap of 3 alphas at an odd width: a 2-bit palette of its colour at each alpha")
    func packedAlphaPalette() throws {
        var pixmap = Pixmap(width: 61, height: 40, uniformColor: SVGColor(red: 10, green: 132, blue: 255))
        let levels: [Float] = [0, 128 / 255, 1]
        pixmap.samples = (0..<(61 * 40)).map { (p: Int) -> Float in levels[(p % 61 / 3 + p / 61) % 3] }
        #expect(try encoded(pixmap) == Layout(bitDepth: 2, colorType: 3, paletteEntries: 3, transparencyEntries: 2))
    }

    @Test("A gradient is RGBA")
    func gradient() throws {
        var pixmap = Pixmap(width: 32, height: 32)
        pixmap.data = (0..<32 * 32).flatMap { p -> [Float] in
            let x = Float(p % 32), y = Float(p / 32), a = (x + 1) / 32
            return [x / 31 * a, y / 31 * a, 0.5 * a, a]
        }
        #expect(try encoded(pixmap) == Layout(bitDepth: 8, colorType: 6))
    }

    @Test("Opaque images drop the alpha channel: grey and RGB")
    func opaque() throws {
        let icon = SVGIconDefinition(layers: [.circle(cx: 12, cy: 12, r: 9)])
        let grey = icon.render(options: RenderOptions(width: 24, height: 24, tint: .black,
                                                      background: SVGColor(red: 255, green: 255, blue: 255)))
        #expect(try encoded(grey) == Layout(bitDepth: 8, colorType: 0))
        var rgb = Pixmap(width: 20, height: 20)
        rgb.data = (0..<400).flatMap { p -> [Float] in [Float(p % 20) / 19, Float(p / 20) / 19, 0.25, 1] }
        #expect(try encoded(rgb) == Layout(bitDepth: 8, colorType: 2))
    }

    @Test("Every filter choice and level round-trips")
    func compressionSettings() throws {
        let icon = SVGIconDefinition(layers: [.circle(cx: 12, cy: 12, r: 9, color: SVGColor(red: 200, green: 30, blue: 90, alpha: 0.8)),
                                              .line(x1: 2, y1: 2, x2: 22, y2: 20, strokeWidth: 1.5)])
        let pixmap = icon.render(size: 40, tint: SVGColor(red: 10, green: 132, blue: 255))
        for filters in [0x08, 0x10, 0x20, 0x40, 0x80, 0xF8] {
            for level in [0, 1, 6, 12] {
                let png = try PNGCodec.encode(pixmap, compression: .init(level: level, filters: filters))
                #expect(try PNGCodec.decode(png).straightAlphaRGBA() == pixmap.straightAlphaRGBA(), "filters \(filters) level \(level)")
            }
        }
        #expect(throws: PNGError.self) { try PNGCodec.encode(pixmap, compression: .init(level: 13)) }
    }
}
