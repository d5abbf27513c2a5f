import Foundation
import Testing
import SVGIconKit
import SVGIconTools

/// Small probes of SVG 2 / CSS edge cases in Tests/Fixtures/conformance/ (markers, patterns, masks, clip
/// paths, transform-origin, blending, context paint, paint-order, switch, lengths, colours, styles, nested
/// viewports, …), each rendered at 48 px and compared with resvg's rendering of the same file
/// (Tests/Fixtures/conformance/resvg/NAME-48.png, written by `Scripts/check-conformance --write-references`)
/// by the project's agreement measure. A fixture's category is its name up to the first '-'.
///
/// The fixtures listed in resvg/KNOWN disagree with resvg on purpose (svgicon follows the spec where resvg
/// does not) or are not fixed yet; each line there says which and why, and they have no reference.
@Suite("Conformance fixtures against resvg")
struct ConformanceFixtureTests {
    static let folder = FixturePaths.folder("conformance")

    static var referenced: [String] { FixturePaths.referenced(in: folder, size: 48) }

    /// The names in resvg/KNOWN (each line "NAME: reason"; '#' lines are comments).
    static func known() throws -> [String] {
        try String(contentsOfFile: folder + "/resvg/KNOWN", encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
            .map { String($0.prefix { $0 != ":" }) }
    }

    @Test("Every fixture has a resvg reference or a reason in KNOWN, not both")
    func coverage() throws {
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
            .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }
        let known = try Self.known()
        #expect(fixtures.count >= 150)
        #expect(Set(known).isDisjoint(with: Self.referenced))
        #expect(Set(fixtures) == Set(Self.referenced).union(known))
        #expect(Set(fixtures.map { $0.prefix { $0 != "-" } }).count >= 20, "categories")
    }

    @Test("Renders like resvg", arguments: ConformanceFixtureTests.referenced)
    func matchesResvg(name: String) throws {
        // Parsed as the file it is, so that relative image paths (image-assets/…) start from its folder.
        let path = Self.folder + "/\(name).svg"
        let result = try SVGDocumentParser.parse(try FileIO.read(path), file: path)
        try FixturePaths.expectAgreesWithResvg(result.icon, name: name, in: Self.folder, size: 48, maxMeanDifference: 4)
    }
}
