import Foundation
import Testing
import SVGIconCore
import SVGIconKit
import SVGIconTools

/// feImage (Filter Effects 1 §15.17, drawn as resvg draws it): images and elements of the document placed in the
/// primitive subregion, their resolution into `SVGFilter.images`, the fixtures in Tests/Fixtures/feimage/ against
/// resvg at 48 and 100 px (Scripts/make-feimage-fixtures writes both), cycles and hostile images.
@Suite("feImage")
struct FeImageTests {
    static let folder = FixturePaths.folder("feimage")

    /// (fixture, size) for every fixture resvg rendered at both sizes.
    static var referenced: [(String, Int)] {
        [48, 100].flatMap { size in FixturePaths.referenced(in: folder, size: size).map { ($0, size) } }
    }

    private func parse(_ name: String) throws -> SVGParseResult {
        let path = Self.folder + "/\(name).svg"
        return try SVGDocumentParser.parse(try FileIO.read(path), file: path)
    }

    private func parse(body: String) throws -> SVGParseResult {
        try SVGDocumentParser.parse("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 100 100\">\(body)</svg>",
                                    file: "test.svg")
    }

    @Test("Every feImage fixture has resvg references at 48 and 100 px, or is checked by its warnings or pixels")
    func coverage() throws {
        let (all, skipped) = try FixturePaths.fixtures(in: Self.folder)
        let at48 = FixturePaths.referenced(in: Self.folder, size: 48)
        #expect(all.count >= 20)
        #expect(at48 == FixturePaths.referenced(in: Self.folder, size: 100))
        #expect(all == Set(at48).union(skipped))
    }

    @Test("Renders like resvg (at most 0.5 % of pixels off by more than 64), at 48 and 100 px", arguments: FeImageTests.referenced)
    func matchesResvg(name: String, size: Int) throws {
        let result = try parse(name)
        if name != "missing-href" { #expect(result.warnings.isEmpty, "\(result.warnings)") }
        // Images are resampled bilinearly (resvg: bicubic), as for <image>: no bound on the mean difference.
        try FixturePaths.expectAgreesWithResvg(result.icon, name: name, in: Self.folder, size: size, maxMeanDifference: nil)
    }

    @Test("Subregion defaults: the filter region (userSpaceOnUse), the bounding box (objectBoundingBox, as resvg); sources named")
    func resolution() throws {
        let result = try parse(body: """
            <defs><rect id="r" width="5" height="5"/></defs>
            <filter id="f" filterUnits="userSpaceOnUse" x="10" y="20" width="30" height="40"><feImage href="#r"/>
              <feImage xlink:href="#r" x="15"/></filter>
            <filter id="g" primitiveUnits="objectBoundingBox"><feImage href="#r"/><feImage href="#r" x="0.5" width="50%"/></filter>
            <rect x="20" y="30" width="60" height="40" filter="url(#f)"/>
            <rect x="20" y="30" width="60" height="40" filter="url(#g)"/>
            """)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let filters = result.icon.layers.flatMap(\.filter)
        try #require(filters.count == 2)
        let us = filters[0].primitives.map { SVGRect(x: $0.x!, y: $0.y!, width: $0.width!, height: $0.height!) }
        #expect(us == [SVGRect(x: 10, y: 20, width: 30, height: 40), SVGRect(x: 15, y: 20, width: 30, height: 40)])
        let bb = filters[1].primitives.map { SVGRect(x: $0.x!, y: $0.y!, width: $0.width!, height: $0.height!) }
        #expect(bb == [SVGRect(x: 20, y: 30, width: 60, height: 40), SVGRect(x: 50, y: 30, width: 30, height: 40)])
        #expect(filters[0].images.map(\.source) == ["#r", "#r"])
        #expect(filters[0].images.allSatisfy { $0.layers.count == 1 && $0.layers[0].elementName == "rect" })
        let data = try #require(try parse("image-default-subregion").icon.layers.flatMap(\.filter).first?.images.first)
        let text = String(decoding: try FileIO.read(Self.folder + "/image-default-subregion.svg"), as: UTF8.self)
        let uri = try #require(text.split(separator: "\"").first { $0.hasPrefix("data:") })
        #expect(data.source == "data:image/png, \(uri.utf8.count) characters")
    }

    @Test("An element is drawn like a use placed at the subregion's corner, its own transform honoured")
    func elementPlacement() throws {
        let result = try parse(body: """
            <defs><rect id="r" x="10" y="10" width="20" height="20" fill="#ff0000" transform="translate(5 0)"/></defs>
            <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="100"><feImage href="#r" x="30" y="20"/></filter>
            <rect x="40" y="40" width="40" height="40" fill="#0000ff" filter="url(#f)"/>
            """)
        let pixmap = result.icon.render(size: 100)
        #expect(pixmap.pixel(x: 45, y: 30) == (255, 0, 0, 255))  // (10 + 5 + 30, 10 + 20): the rect's corner
        #expect(pixmap.pixel(x: 44, y: 30) == (0, 0, 0, 0))
        #expect(pixmap.pixel(x: 64, y: 49) == (255, 0, 0, 255))
        #expect(pixmap.pixel(x: 65, y: 50) == (0, 0, 0, 0))
        #expect(pixmap.pixel(x: 60, y: 60) == (0, 0, 0, 0))       // the filtered rect is replaced, not drawn
    }

    @Test("image-rendering: pixelated picks the nearest pixel (resvg smooths feImage whatever it says)")
    func pixelated() throws {
        let result = try parse("image-pixelated")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let pixmap = result.icon.render(size: 100)
        // The 4×4 checker over 25…75: cells of 12.5 px, flat up to their edges.
        let colors: [(UInt8, UInt8, UInt8, UInt8)] = [(230, 57, 70, 255), (29, 53, 87, 255), (42, 157, 143, 255), (244, 162, 97, 255)]
        for (cx, cy) in [(0, 0), (1, 0), (3, 1), (2, 3)] {
            let expected = colors[(cx + 2 * cy) % 4]
            for (dx, dy) in [(1, 1), (11, 1), (1, 11), (11, 11)] {
                let p = pixmap.pixel(x: 25 + cx * 25 / 2 + dx, y: 25 + cy * 25 / 2 + dy)
                #expect(p == expected, "cell \(cx),\(cy) +\(dx),\(dy): \(p)")
            }
        }
    }

    @Test("A missing href, or one naming nothing, is transparent black with a warning naming it")
    func missing() throws {
        let result = try parse("missing-href")
        #expect(result.warnings.map(\.description) == [
            "line 2: <feImage>: href=\"#nowhere\" names no element in this file; it gives transparent black",
            "line 2: <feImage>: has no href; it gives transparent black",
        ])
        var renderer = SVGIconRenderer(options: RenderOptions(width: 100, height: 100))
        let pixmap = renderer.render(result.icon)
        #expect(renderer.warnings.isEmpty, "\(renderer.warnings)")
        #expect(pixmap.pixel(x: 10, y: 10) == (0, 0, 0, 0))
        #expect(pixmap.pixel(x: 50, y: 50) == (42, 157, 143, 255))
    }

    @Test("An feImage leading back to its own filter (the element, a group holding it, a use of it) is a cycle: warned, transparent", arguments: [
        ("cycle-self", "#me", (UInt8(0), UInt8(0), UInt8(0), UInt8(0))),
        ("cycle-group", "#g", (42, 157, 143, 255)),
        ("cycle-use", "#u", (0, 0, 0, 0)),
    ])
    func cycles(name: String, href: String, center: (UInt8, UInt8, UInt8, UInt8)) throws {
        let start = ContinuousClock.now
        let result = try parse(name)
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(result.warnings.map(\.description) == [
            "line 2: <feImage>: href=\"\(href)\" leads back to the filter being applied (a cycle); it gives transparent black",
        ])
        let pixmap = result.icon.render(size: 100)
        #expect(pixmap.pixel(x: 50, y: 50) == center)
        if name == "cycle-group" { #expect(pixmap.pixel(x: 10, y: 10) == (230, 57, 70, 255)) }  // the rest is drawn
    }

    @Test("Two filters whose feImages draw each other's elements end in bounded time, each cycle warned once")
    func mutualCycle() throws {
        let start = ContinuousClock.now
        let result = try parse(body: """
            <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="100"><feImage href="#b"/></filter>
            <filter id="g" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="100"><feImage href="#a"/></filter>
            <rect id="a" width="50" height="50" filter="url(#f)"/><rect id="b" x="50" width="50" height="50" filter="url(#g)"/>
            """)
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(result.warnings.map(\.description) == [
            "line 2: <feImage>: href=\"#a\" leads back to the filter being applied (a cycle); it gives transparent black",
            "line 1: <feImage>: href=\"#b\" leads back to the filter being applied (a cycle); it gives transparent black",
        ])
        #expect(result.icon.render(size: 100).pixel(x: 25, y: 25) == (0, 0, 0, 0))
    }

    @Test("A PNG claiming 100000×100000 pixels is refused with the image limit's text; the rest is drawn")
    func hugeImage() throws {
        let result = try parse("hostile-huge")
        #expect(result.warnings.map(\.description) == [
            "line 2: <feImage>: the PNG image is 100000×100000 pixels, more than the 16777216 an image may have; skipped",
        ])
        #expect(result.icon.render(size: 100).pixel(x: 50, y: 50) == (42, 157, 143, 255))
    }

    @Test("svgicon inspect names what each feImage draws")
    func inspect() throws {
        let inspection = IconInspection(try parse("missing-href"), file: "missing-href.svg")
        let filters = inspection.layers.compactMap(\.filters).flatMap { $0 }
        #expect(filters == ["url(#f): feImage(#nowhere), feImage(none), feMerge"])
        let meet = IconInspection(try parse("image-file"), file: "image-file.svg")
        #expect(meet.layers.compactMap(\.filters).flatMap { $0 } == ["url(#f): feImage(checker.png)"])
    }

    @Test("svgicon swift refuses a filter with feImage, as every filter, naming it and its line")
    func swiftRefuses() throws {
        let icon = try parse("element-use").icon
        #expect(throws: SwiftSourceError("e.svg: layer 2 (<rect>) at line 3: filter url(#f) (filter effects) cannot be written as Swift yet; the icon is refused")) {
            try SwiftSourceGenerator().file(icons: [("e", icon)], typeName: "X", source: "e.svg")
        }
    }
}
