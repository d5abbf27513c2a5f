import Testing
import SVGIconKit
import SVGIconTools

@Suite("PNG through libpng")
struct PNGCodecTests {
    @Test("Encode then decode gives back the same premultiplied pixels")
    func roundTrip() throws {
        let icon = SVGIconDefinition(layers: [
            .circle(cx: 12, cy: 12, r: 9, color: SVGColor(red: 200, green: 30, blue: 90, alpha: 0.8)),
            .line(x1: 2, y1: 2, x2: 22, y2: 20, strokeWidth: 1.5),
        ])
        let pixmap = icon.render(size: 24, tint: SVGColor(red: 10, green: 132, blue: 255))
        let png = try PNGCodec.encode(pixmap)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try PNGCodec.decode(png)
        #expect(decoded.width == 24 && decoded.height == 24)
        // Straight alpha in the file: premultiplied values come back within one level.
        let a = pixmap.premultipliedRGBA8(), b = decoded.premultipliedRGBA8()
        let worst = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1)
        #expect(decoded.straightAlphaRGBA() == pixmap.straightAlphaRGBA())
    }

    @Test("Garbage is an error, not a crash")
    func garbage() {
        #expect(throws: PNGError.self) { try PNGCodec.decode([1, 2, 3, 4]) }
        #expect(throws: PNGError.self) { try PNGCodec.decode([]) }
        #expect(throws: PNGError.self) { try PNGCodec.encode(Pixmap(width: 0, height: 0)) }
    }

    @Test("A truncated PNG is an error")
    func truncated() throws {
        let png = try PNGCodec.encode(SVGIconDefinition(layers: [.circle(cx: 12, cy: 12, r: 9)]).render(size: 24))
        #expect(throws: PNGError.self) { try PNGCodec.decode(Array(png.prefix(png.count / 2))) }
    }
}

@Suite("README library example")
struct ReadmeExampleTests {
    @Test("The README's Swift example builds a 48 × 48 tinted PNG")
    func example() throws {
        let badge = SVGIconDefinition(layers: [
            SVGIconLayer(pathData: "M4 4h16v16H4z", color: nil),
            .circle(cx: 12, cy: 12, r: 4, color: SVGColor(css: "#ff3b30")),
            .line(x1: 6, y1: 18, x2: 18, y2: 6, strokeWidth: 2),
        ])
        let pixmap = badge.render(size: 24, tint: SVGColor(css: "#0a84ff"), scale: 2)
        let png = try PNGCodec.encode(pixmap)
        let decoded = try PNGCodec.decode(png)
        #expect(decoded.width == 48 && decoded.height == 48)
        // Inside the red circle, clear of the line; then the blue square outside the circle.
        let (r, g, b, a) = decoded.pixel(x: 20, y: 20)
        #expect(r == 0xff && g == 0x3b && b == 0x30 && a == 255)
        #expect(decoded.pixel(x: 10, y: 10) == (0x0a, 0x84, 0xff, 255))
    }
}
