import Testing
@testable import SVGIconKit
import SVGIconCore

/// `PNGCodec.decode` and the `<image>` loader's PNGs go through one decoder: the same errors, word for
/// word, and each its own size limit.
@Suite("The one PNG decoder")
struct PNGDecoderTests {
    /// An opaque PNG whose pixel (x, y) is (x, y, x ^ y) mod 256: not compressible to a few bytes, so
    /// that half of it ends inside the pixel data.
    static func png(width: Int, height: Int) throws -> [UInt8] {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width { rgba += [UInt8(x & 255), UInt8(y & 255), UInt8((x ^ y) & 255), 255] }
        }
        return try PNGCodec.encode(Pixmap(width: width, height: height, straightRGBA: rgba)!)
    }

    static func loaderError(_ bytes: [UInt8]) -> String? {
        guard case .failure(let failure) = KitImageLoader.decodePNG(bytes) else { return nil }
        return failure.description
    }

    @Test("A truncated or foreign file gives libpng's reason after ours, from both callers")
    func errorText() throws {
        let png = try Self.png(width: 24, height: 24)
        let truncated = Array(png.prefix(png.count / 2))
        let cases: [([UInt8], String)] = [
            (truncated, "PNG decoding failed: "),
            ([1, 2, 3, 4], "not a readable PNG: "),
            ([], "not a readable PNG: "),
        ]
        for (bytes, start) in cases {
            var codecError: String?
            do { _ = try PNGCodec.decode(bytes) } catch { codecError = error.reason }
            #expect(codecError?.hasPrefix(start) == true, "\(codecError ?? "no error")")
            #expect(codecError == Self.loaderError(bytes))
        }
        #expect(Self.loaderError(Array(png.prefix(20))) == "not a readable PNG: read beyond end of data")
    }

    @Test("PNGCodec.decode refuses a side over 32 768 pixels; <image> PNGs may be up to 65 536")
    func sizeLimits() throws {
        let wide = try Self.png(width: 40_000, height: 1)
        #expect(throws: PNGError(reason: "PNG size 40000×1 is out of range")) { try PNGCodec.decode(wide) }
        guard case .success(let pixels) = KitImageLoader.decodePNG(wide) else {
            Issue.record("the loader refused a 40000×1 PNG")
            return
        }
        #expect(pixels.width == 40_000 && pixels.height == 1)
        #expect(Self.loaderError(try Self.png(width: 70_000, height: 1)) == "PNG size 70000×1 is out of range")
    }

    @Test("Both give the same pixels")
    func samePixels() throws {
        let png = try Self.png(width: 3, height: 2)
        let pixmap = try PNGCodec.decode(png)
        #expect(pixmap.pixel(x: 2, y: 1) == (2, 1, 3, 255))
        guard case .success(let pixels) = KitImageLoader.decodePNG(png) else { Issue.record("not decoded"); return }
        #expect(pixels.width == 3 && pixels.height == 2)
        #expect(pixels.samples == pixmap.premultipliedRGBA8())
    }

    @Test("16-bit samples are sRGB like 8-bit ones: the high byte, not a linear value made lighter")
    func sixteenBitIsSRGB() throws {
        func decoded(_ base64: String) throws -> SVGImagePixels {
            let bytes = try Base64.decode(Array(base64.utf8)).get()
            guard case .success(let pixels) = KitImageLoader.decodePNG(bytes) else { throw PNGError(reason: "not decoded") }
            return pixels
        }
        // 2×1 RGB, 16 bits: (0x8080, 0x4040, 0xC0C0) and (0xFFFF, 0, 0x0101).
        let rgb = try decoded("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABEAIAAAAr0DSeAAAAFUlEQVR42mNoaHBwOHDg/38GBkZGACaFBQHxnDQNAAAAAElFTkSuQmCC")
        #expect(rgb.samples == [128, 64, 192, 255, 255, 0, 1, 255])
        // 1×1 grey + alpha, 16 bits: grey 0x8080 at alpha 0x8080, premultiplied.
        let greyAlpha = try decoded("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABEAQAAADljNBBAAAAC0lEQVR42mNoAAIABQUCAT/3Vd0AAAAASUVORK5CYII=")
        #expect(greyAlpha.samples == [64, 64, 64, 128])
    }
}
