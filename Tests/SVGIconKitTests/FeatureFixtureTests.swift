import Foundation
import Testing
import SVGIconKit
import SVGIconTools

/// One small SVG per SVG feature in Tests/Fixtures/features/, each rendered at 48 px and compared with
/// resvg's rendering of the same file (Tests/Fixtures/features/resvg/NAME-48.png, made by
/// Scripts/render-fixture-references). A fixture agrees when at most 0.5 % of its pixels differ by more than
/// 64 in a premultiplied channel (the project's agreement measure) and the mean difference stays under 1.5.
@Suite("Feature fixtures against resvg")
struct FeatureFixtureTests {
    static let folder = FixturePaths.folder("features")

    static var referenced: [String] { FixturePaths.referenced(in: folder, size: 48) }

    @Test("Every feature fixture has a resvg reference, except those checked by warnings")
    func coverage() throws {
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
            .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()
        let skipped = try String(contentsOfFile: Self.folder + "/resvg/SKIP", encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(fixtures.count >= 13)
        #expect(Set(fixtures) == Set(Self.referenced).union(skipped))
    }

    @Test("The resolver hands the renderer user space only: no fixture keeps objectBoundingBox units")
    func userSpaceOnly() throws {
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".svg") }
        var withBoxUnits = 0
        for file in fixtures {
            let text = try String(contentsOfFile: Self.folder + "/" + file, encoding: .utf8)
            // The files that write them, or rely on them (gradients and masks default to them).
            if text.contains("Gradient") || text.contains("<mask") || text.contains("objectBoundingBox") { withBoxUnits += 1 }
            var icon = try SVGDocumentParser.parse(try FileIO.read(Self.folder + "/" + file), file: file).icon
            #expect(!icon.hasBoundingBoxUnits, "\(file)")
            let layers = icon.layers
            icon.layers = layers  // not known to be resolved any more: the layers are looked through
            #expect(!icon.hasBoundingBoxUnits, "\(file)")
        }
        #expect(withBoxUnits >= 4, "the fixtures exercise bounding-box units")
    }

    @Test("Renders like resvg", arguments: FeatureFixtureTests.referenced)
    func matchesResvg(name: String) throws {
        let result = try SVGDocumentParser.parse(try FileIO.read(Self.folder + "/\(name).svg"), file: name)
        try FixturePaths.expectAgreesWithResvg(result.icon, name: name, in: Self.folder, size: 48)
    }

    @Test("Only the fixtures about skipped features and cycles warn, and they say exactly what was skipped")
    func warnings() throws {
        let expected: [String: [String]] = [
            "reference-cycles": [
                "line 2: <use>: href=\"#loop\" makes a reference cycle; skipped",
                "line 3: <use>: href=\"#self\" makes a reference cycle; skipped",
                "line 4: <use>: href=\"#b\" makes a reference cycle; skipped",
                "line 4: <use>: href=\"#a\" makes a reference cycle; skipped",
                "line 5: <clipPath>: clip-path=\"url(#clipself)\" on a clipPath refers back to itself (a cycle); that link is ignored",
            ],
            "negative-radii": [
                "line 2: <rect>: ignoring negative rx=\"-10\" (auto)",
                "line 3: <rect>: ignoring negative rx=\"-10\" (auto)",
                "line 3: <rect>: ignoring negative ry=\"-5\" (auto)",
                "line 4: <rect>: ignoring negative ry=\"-5\" (auto)",
                "line 5: <ellipse>: ignoring negative rx=\"-10\" (auto)",
            ],
            "skipped-features": [
                "line 7: <text>: not supported; skipped",
                "line 9: <image>: cannot read \"x.png\": no such file; skipped",
                "line 10: <foreignObject>: not supported; skipped",
            ],
        ]
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".svg") }
        for file in fixtures {
            let name = String(file.dropLast(4))
            let result = try SVGDocumentParser.parse(try FileIO.read(Self.folder + "/" + file), file: file)
            #expect(result.warnings.map(\.description) == (expected[name] ?? []), "\(name)")
        }
    }

    @Test("The tint-overrides-color option makes currentColor take the tint even where the file sets color")
    func tintOverridesColor() throws {
        let bytes = try FileIO.read(Self.folder + "/units-and-color.svg")
        let keep = try SVGDocumentParser.parse(bytes).icon
        let override = try SVGDocumentParser.parse(bytes, options: SVGResolver.Options(tintOverridesColor: true)).icon
        let tint = SVGColor(red: 255, green: 0, blue: 0)
        // The KDE-style highlight rectangle: its own colour by default, the tint with the option.
        let kept = keep.render(options: RenderOptions(width: 24, height: 24, tint: tint)).pixel(x: 3, y: 2)
        let tinted = override.render(options: RenderOptions(width: 24, height: 24, tint: tint)).pixel(x: 3, y: 2)
        #expect(kept == (0x3d, 0xae, 0xe9, 255))
        #expect(tinted == (255, 0, 0, 255))
    }
}
