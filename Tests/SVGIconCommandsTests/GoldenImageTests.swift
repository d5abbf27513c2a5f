import Foundation
import Testing
import SVGIconKit
import SVGIconTools

/// Every icon in Icons/ at the sizes and tints of Goldens/golden.json, compared with Goldens/.
///
/// Tolerance: 1 level (of 255) in any premultiplied channel of any pixel, set in Goldens/golden.json.
/// To re-record after an intended rendering change, run
///     SVGICON_RECORD_GOLDENS=1 swift test --filter GoldenImageTests
/// which rewrites the goldens that changed and then FAILS listing them, so a recording run never passes
/// silently; look at the new PNGs, commit them, and run `swift test` again.
@Suite("Golden images of Icons/")
struct GoldenImageTests {
    let suite: GoldenSuite = {
        let configuration = (try? GoldenConfiguration.load(from: RepositoryPaths.goldens)) ?? GoldenConfiguration()
        return GoldenSuite(iconsFolder: RepositoryPaths.icons, goldensFolder: RepositoryPaths.goldens,
                           configuration: configuration)
    }()

    @Test("The configuration covers 16, 24 and 48 px, untinted and #0a84ff, with tolerance 1")
    func configuration() throws {
        let stored = try #require(try GoldenConfiguration.load(from: RepositoryPaths.goldens))
        #expect(stored == GoldenConfiguration(sizes: [16, 24, 48], tints: [nil, "#0a84ff"], tolerance: 1))
    }

    @Test("Every icon matches its goldens")
    func goldens() throws {
        if ProcessInfo.processInfo.environment["SVGICON_RECORD_GOLDENS"] == "1" {
            let changes = try suite.record()
            Issue.record("""
                SVGICON_RECORD_GOLDENS=1: re-recorded goldens instead of checking them (\(changes.count) changed):
                \(changes.map(\.description).joined(separator: "\n"))
                Look at them, commit them, and run swift test without SVGICON_RECORD_GOLDENS.
                """)
            return
        }
        let report = try suite.check()
        #expect(report.checked >= 16 * 6, "Icons/ should hold at least 16 icons")
        for mismatch in report.mismatches {
            Issue.record("golden mismatch: \(mismatch)")
        }
        #expect(report.extraGoldens.isEmpty, "goldens with no icon: \(report.extraGoldens)")
    }

    @Test("A changed pixel is caught and reported with numbers and a diff image")
    func detectsChange() throws {
        let temp = NSTemporaryDirectory() + "svgicon-golden-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try FileManager.default.createDirectory(atPath: temp + "/Icons", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: RepositoryPaths.icons + "/tab-shop.svg", toPath: temp + "/Icons/tab-shop.svg")
        let local = GoldenSuite(iconsFolder: temp + "/Icons", goldensFolder: temp + "/Goldens",
                                configuration: GoldenConfiguration(sizes: [24], tints: [nil], tolerance: 1))
        #expect(try local.record() == [GoldenChange(goldenFileName: "tab-shop-24.png", kind: .recorded)])
        #expect(try local.check().passed)
        // Flip one pixel of the golden.
        let goldenPath = temp + "/Goldens/tab-shop-24.png"
        var golden = try PNGCodec.decode(try FileIO.read(goldenPath))
        golden.data[(5 * 24 + 5) * 4 + 3] = golden.data[(5 * 24 + 5) * 4 + 3] > 0.5 ? 0 : 1
        try FileIO.writeAtomically(try PNGCodec.encode(golden), to: goldenPath)
        let report = try local.check()
        #expect(!report.passed)
        let mismatch = try #require(report.mismatches.first)
        #expect(mismatch.pixelsOverTolerance == 1 && mismatch.maxDifference == 255)
        #expect(mismatch.description.hasPrefix("tab-shop-24.png: 1 of 576 pixels differ by more than 1 (max difference 255 of 255)"))
        let diff = try #require(mismatch.diffImagePath)
        #expect(FileManager.default.fileExists(atPath: diff))
        // Re-recording restores it.
        #expect(try local.record().map(\.description) == ["updated tab-shop-24.png (1 pixel changed, max difference 255)"])
        #expect(try local.check().passed)
    }
}
