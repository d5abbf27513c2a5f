import Testing
import SVGIconCore
@testable import SVGIconKit

/// The row stream's own work: premultiplied float rows turned into straight RGBA8 exactly as
/// `Pixmap.straightAlphaRGBA()` turns them, and its image data in 64 KiB IDAT chunks.
@Suite("PNG row stream")
struct PNGRowStreamTests {
    /// IDAT chunk lengths of `png`, in order.
    static func idatLengths(_ png: [UInt8]) -> [Int] {
        var lengths: [Int] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) == "IDAT" { lengths.append(length) }
            offset += 12 + length
        }
        return lengths
    }

    /// A 7 × 3 pixmap (7: the vectorised conversion's four-pixel steps and a tail) of awkward values:
    /// alphas around the 0.5 / 255 cut, colours above their alpha, negative and NaN values.
    static func awkward() -> Pixmap {
        let cut: Float = 0.5 / 255
        let pixels: [[Float]] = [
            [0, 0, 0, 0], [0.2, 0.1, 0.05, 1], [0.001, 0.001, 0.001, cut], [0.3, 0.3, 0.3, cut.nextDown],
            [0.5, 0.25, 0.125, 0.5], [0.9, 0.8, 0.7, 0.6], [1, 1, 1, 1],
            [-0.1, 0.2, 0.3, 0.4], [Float.nan, 0.1, 0.1, 0.2], [0.1, 0.1, 0.1, Float.nan], [0.33, 0.66, 0.99, 0.999],
            [0.004, 0.003, 0.002, 0.005], [0.7, 0, 0.7, 0.7], [0.01, 0.02, 0.03, 0.04],
            [0.25, 0.5, 0.75, 1], [0.1, 0.2, 0.3, 0.3], [0.6, 0.6, 0.6, 0.6], [0, 0, 0, 1e-30],
            [0.0123, 0.0456, 0.0789, 0.1], [0.5, 0.5, 0.5, 0.75], [2, 2, 2, 1],
        ]
        var pixmap = Pixmap(width: 7, height: 3)
        pixmap.data = pixels.flatMap { $0 }
        return pixmap
    }

    @Test("Premultiplied float rows are written exactly as their straight-alpha RGBA bytes")
    func premultipliedRows() throws {
        let pixmap = Self.awkward()
        let fromFloats = try PNGRowStream(width: 7, height: 3, color: nil)
        try fromFloats.appendPremultiplied(Array(pixmap.data[0..<28]))
        try fromFloats.appendPremultiplied(Array(pixmap.data[28...]))
        let fromBytes = try PNGRowStream(width: 7, height: 3, color: nil)
        try fromBytes.append(pixmap.straightAlphaRGBA())
        let png = try fromFloats.finish()
        #expect(png == (try fromBytes.finish()))
        #expect(try PNGCodec.decode(png).straightAlphaRGBA() == pixmap.straightAlphaRGBA())
        #expect(Array(pixmap.straightAlphaRGBA()[0..<8]) == [0, 0, 0, 0, 51, 26, 13, 255])
    }

    @Test("Float rows are refused by a one-colour stream and past the height")
    func premultipliedErrors() throws {
        let stream = try PNGRowStream(width: 1, height: 1, color: nil)
        #expect(throws: PNGError(reason: "PNG encoding failed: more rows than the image has")) {
            try stream.appendPremultiplied([Float](repeating: 0, count: 8))
        }
    }

    @Test("A stream's image data goes out in IDAT chunks of 64 KiB, the last one shorter")
    func idatChunks() throws {
        // Bytes that do not compress: a linear congruential sequence.
        var state: UInt32 = 12345
        let rows = (0..<256 * 256 * 4).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let stream = try PNGRowStream(width: 256, height: 256, color: nil)
        try stream.append(rows)
        let png = try stream.finish()
        let lengths = Self.idatLengths(png)
        #expect(lengths.count == 5)
        #expect(lengths.dropLast().allSatisfy { $0 == 65_536 })
        #expect(lengths.last.map { $0 > 0 && $0 < 65_536 } == true)
        let decoded = try PNGCodec.decode(png)
        #expect(decoded.width == 256 && decoded.height == 256)
    }
}
