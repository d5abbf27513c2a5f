import Foundation
import Testing
import SVGIconCore
import SVGIconKit
import SVGIconTools

/// `<image>` through the kit: libpng and libjpeg decoding, files next to the SVG, nested SVG, the fixtures
/// in Tests/Fixtures/images/ against resvg (Scripts/make-image-fixtures writes both), and hostile images.
@Suite("Image fixtures and decoding")
struct ImageFixtureTests {
    static let folder = FixturePaths.folder("images")

    static var referenced: [String] { FixturePaths.referenced(in: folder, size: 48) }

    private func parse(_ name: String, options: SVGResolver.Options = SVGResolver.Options()) throws -> SVGParseResult {
        let path = Self.folder + "/\(name).svg"
        return try SVGDocumentParser.parse(try FileIO.read(path), file: path, options: options)
    }

    @Test("Every image fixture has a resvg reference or is checked by its warnings")
    func coverage() throws {
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
            .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }
        let skipped = try String(contentsOfFile: Self.folder + "/resvg/SKIP", encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(fixtures.count >= 12)
        #expect(Set(fixtures) == Set(Self.referenced).union(skipped))
    }

    @Test("Renders like resvg (at most 0.5 % of pixels off by more than 64)", arguments: ImageFixtureTests.referenced)
    func matchesResvg(name: String) throws {
        let result = try parse(name)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        try FixturePaths.expectAgreesWithResvg(result.icon, name: name, in: Self.folder, size: 48, maxMeanDifference: nil)
    }

    @Test("Refused paths, self-embedding and hostile images warn, naming the line; the rest is drawn")
    func warnings() throws {
        let refused = try parse("refused-paths")
        #expect(refused.warnings.map(\.description) == [
            "line 3: <image>: absolute path \"/usr/share/pixmaps/debian-logo.png\" refused (absolute image paths are read only when allowed: --allow-absolute-images); skipped",
            "line 4: <image>: path \"../features/resvg/clip-paths-48.png\" leads outside the SVG's folder; refused (name the folder with --image-dir to allow it); skipped",
            "line 5: <image>: https: URLs are never fetched (svgicon does not use the network); skipped",
            "line 6: <image>: file: URLs are not read; give the path relative to the SVG's folder; skipped",
        ])
        // With the features folder named, the path out of the images folder is read.
        var options = SVGResolver.Options()
        options.images.rootFolders = [Self.folder + "/../features"]
        let named = try parse("refused-paths", options: options)
        #expect(named.warnings.count == 3)
        #expect(named.imageFiles.map(SVGImageOptions.fileName) == ["clip-paths-48.png"])

        let selfEmbedding = try parse("self-embedding")
        #expect(selfEmbedding.warnings.map(\.description) == [
            "line 3: <image>: the image embeds itself (self-embedding.svg → self-embedding.svg); skipped",
        ])
        #expect(selfEmbedding.icon.render(size: 48).pixel(x: 24, y: 24) == (244, 162, 97, 255))

        let hostile = try parse("hostile-images")
        #expect(hostile.warnings.map(\.description) == [
            "line 3: <image>: the PNG image is 100000×100000 pixels, more than the 16777216 an image may have; skipped",
            "line 4: <image>: cannot read its data: URI: invalid base64 character at offset 11; skipped",
            "line 5: <image>: data: URI of type text/plain is not an image svgicon reads (PNG, JPEG or SVG); skipped",
            "line 6: <image>: cannot decode the PNG image: not a readable PNG: read beyond end of data; skipped",
        ])
        #expect(hostile.icon.render(size: 48).pixel(x: 24, y: 24) == (0x26, 0x46, 0x53, 255))
    }

    /// A data: URI of `bytes`.
    private func dataURI(_ bytes: [UInt8], type: String = "image/png") -> String {
        "data:\(type);base64," + Data(bytes).base64EncodedString()
    }

    private func document(_ body: String, viewBox: String = "0 0 2 2") -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(viewBox)\">\(body)</svg>"
    }

    @Test("A 2×2 PNG through libpng: exact premultiplied pixels at 2×; gAMA chunks do not change them")
    func libpngExactPixels() throws {
        let straight: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255, 100, 150, 200, 255, 255, 255, 255, 128]
        let png = try PNGCodec.encode(try #require(Pixmap(width: 2, height: 2, straightRGBA: straight)))
        // The same PNG with a gAMA chunk claiming gamma 2.2 (Sketch's mistake) after IHDR.
        let body: [UInt8] = Array("gAMA".utf8) + [0, 3, 0x5B, 0x60]  // 220000
        let crc = Self.crc32(body)
        let gama: [UInt8] = [0, 0, 0, 4] + body + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        let withGamma = Array(png[0..<33]) + gama + Array(png[33...])
        for bytes in [png, withGamma] {
            let result = try SVGDocumentParser.parse(document(
                "<image width=\"2\" height=\"2\" image-rendering=\"pixelated\" href=\"\(dataURI(bytes))\"/>"))
            #expect(result.warnings.isEmpty, "\(result.warnings)")
            let pixmap = result.icon.render(size: 4)
            #expect(pixmap.pixel(x: 0, y: 0) == (255, 0, 0, 255))
            #expect(pixmap.pixel(x: 3, y: 0) == (0, 0, 255, 255))
            #expect(pixmap.pixel(x: 0, y: 3) == (100, 150, 200, 255))  // mid tones: where a gamma change would show
            #expect(pixmap.pixel(x: 3, y: 3) == (128, 128, 128, 128))
        }
    }

    /// PNG's CRC-32 (of a chunk's type and data).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    static let rgbJPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wAARCAAIAAgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDPooor+Vz+2D//2Q=="
    /// The same colour (200, 100, 50) as Adobe CMYK (stored inverted), as Photoshop and Illustrator write it.
    static let cmykJPEG = "/9j/7gAOQWRvYmUAZAAAAAAA/9sAQwACAQEBAQECAQEBAgICAgIEAwICAgIFBAQDBAYFBgYGBQYGBgcJCAYHCQcGBggLCAkKCgoKCgYICwwLCgwJCgoK/8AAFAgACAAIBEMRAE0RAFkRAEsRAP/EAB8AAAEFAQEBAQEBAAAAAAAAAAABAgMEBQYHCAkKC//EALUQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAA4EQwBNAFkASwAAPwD9IK8Pr8x6/fyv/9k="

    @Test("JPEG through libjpeg: RGB and Adobe CMYK come out as the colour they were saved from")
    func jpeg() throws {
        for base64 in [Self.rgbJPEG, Self.cmykJPEG] {
            let result = try SVGDocumentParser.parse(document(
                "<image width=\"2\" height=\"2\" href=\"data:image/jpeg;base64,\(base64)\"/>"))
            #expect(result.warnings.isEmpty, "\(result.warnings)")
            let p = result.icon.render(size: 8).pixel(x: 4, y: 4)
            #expect(abs(Int(p.r) - 200) <= 3 && abs(Int(p.g) - 100) <= 3 && abs(Int(p.b) - 50) <= 3 && p.a == 255, "\(p)")
        }
        // A frame header claiming 65000 × 65000 is refused before libjpeg sees it.
        var huge = Array(Data(base64Encoded: Self.rgbJPEG)!)
        let sof = try #require((0..<huge.count - 1).first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 })
        huge[sof + 5] = 0xFD; huge[sof + 6] = 0xE8; huge[sof + 7] = 0xFD; huge[sof + 8] = 0xE8
        let refused = try SVGDocumentParser.parse(document("<image href=\"\(dataURI(huge, type: "image/jpeg"))\"/>"))
        #expect(refused.warnings.map(\.description) == [
            "line 1: <image>: the JPEG image is 65000×65000 pixels, more than the 16777216 an image may have; skipped",
        ])
    }

    @Test("An SVG image is its own document: the tint does not reach it, and it is clipped to its viewport")
    func nestedSVG() throws {
        // The inner SVG draws an unfilled (black) square and a circle that pokes out of its viewBox.
        let inner = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'><rect width='10' height='10'/>"
            + "<circle cx='10' cy='5' r='5' fill='red'/></svg>"
        let result = try SVGDocumentParser.parse(document(
            "<image x='4' y='4' width='10' height='10' href='\(dataURI(Array(inner.utf8), type: "image/svg+xml"))'/>",
            viewBox: "0 0 20 20"))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(!result.icon.usesTint)
        let pixmap = result.icon.render(size: 20, tint: SVGColor(red: 0, green: 0, blue: 255))
        #expect(pixmap.pixel(x: 6, y: 6) == (0, 0, 0, 255))     // black, not the tint
        #expect(pixmap.pixel(x: 13, y: 9) == (255, 0, 0, 255))  // the circle inside the viewport
        #expect(pixmap.pixel(x: 15, y: 9) == (0, 0, 0, 0))      // and clipped at its edge
    }

    @Test("SVG images nested deeper than the limit end with a warning (an image that embeds itself)")
    func nestingLimit() throws {
        var svg = document("<rect width='2' height='2'/>")
        for _ in 0..<6 {
            svg = document("<image width='2' height='2' href='\(dataURI(Array(svg.utf8), type: "image/svg+xml"))'/>")
        }
        let result = try SVGDocumentParser.parse(svg)
        #expect(result.warnings.count == 1)
        let warning = try #require(result.warnings.first).description
        #expect(warning.hasSuffix("SVG images nest more than 4 levels deep (an image that embeds itself?); skipped"), "\(warning)")
        #expect(warning.hasPrefix("line 1: <image>: in the SVG image (data: URI): line 1: <image>: in the SVG image"))
    }

    @Test("Megabytes of base64 that are no image: bounded time, a warning, the rest drawn")
    func largeData() throws {
        let garbage = String(repeating: "QUJD", count: 2_000_000)  // 8 MB of base64, 6 MB of "ABC"
        let start = ContinuousClock.now
        let result = try SVGDocumentParser.parse(document(
            "<rect width='1' height='1' fill='#00f'/><image width='2' height='2' href='data:image/png;base64,\(garbage)'/>"))
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(result.warnings.map(\.description) == [
            "line 1: <image>: the data: URI says image/png, but its data is not a PNG image; skipped",
        ])
        #expect(result.icon.render(size: 2).pixel(x: 0, y: 0) == (0, 0, 255, 255))
    }
}
