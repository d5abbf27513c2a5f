import Foundation
import Testing
import SVGIconKit
import SVGIconTools

/// Where the kit's test fixtures are (Tests/Fixtures/NAME, found from this source file's location), and
/// which of a folder's fixtures have a resvg rendering beside them (its resvg/NAME-SIZE.png).
enum FixturePaths {
    /// Tests/Fixtures.
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        url.deleteLastPathComponent()
        return url.path + "/Fixtures"
    }()

    /// Tests/Fixtures/`name`.
    static func folder(_ name: String) -> String { root + "/" + name }

    /// The names of the fixtures in `folder` that resvg rendered at `size` px (resvg/NAME-SIZE.png), sorted.
    static func referenced(in folder: String, size: Int) -> [String] {
        let suffix = "-\(size).png"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/resvg")) ?? []
        return files.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }.sorted()
    }

    /// The fixtures of `folder` (NAME.svg → NAME), and those its resvg/SKIP lists (no resvg rendering).
    static func fixtures(in folder: String) throws -> (all: Set<String>, skipped: Set<String>) {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".svg") }
        let skip = try String(contentsOfFile: folder + "/resvg/SKIP", encoding: .utf8).split(separator: "\n")
        return (Set(names.map { String($0.dropLast(4)) }), Set(skip.filter { !$0.hasPrefix("#") }.map(String.init)))
    }

    /// Expects `icon` rendered at `size` px to agree with resvg's rendering `folder`/resvg/NAME-SIZE.png by
    /// the project's measure: at most 0.5 % of the pixels more than 64 apart in a premultiplied channel,
    /// and (unless `maxMeanDifference` is nil) a mean channel difference under `maxMeanDifference`.
    static func expectAgreesWithResvg(_ icon: SVGIconDefinition, name: String, in folder: String, size: Int,
                                      maxMeanDifference: Double? = 1.5,
                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ours = icon.render(size: size)
        let reference = try PNGCodec.decode(try FileIO.read(folder + "/resvg/\(name)-\(size).png"))
        let comparison = ImageComparison(expected: reference, actual: ours, tolerance: 64)
        #expect(Double(comparison.pixelsOverTolerance) <= 0.005 * Double(size * size),
                "\(name): \(comparison.pixelsOverTolerance) pixels differ by more than 64 (max \(comparison.maxDifference))",
                sourceLocation: sourceLocation)
        guard let maxMeanDifference else { return }
        let a = reference.premultipliedRGBA8(), b = ours.premultipliedRGBA8()
        let mean = Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
        #expect(mean < maxMeanDifference, "\(name): mean difference \(mean)", sourceLocation: sourceLocation)
    }
}
