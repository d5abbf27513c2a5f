import Foundation
import Testing
import SVGIconKit

/// The getting-started article's first code block (SVGIconKit.docc/GettingStarted.md), compiled and run:
/// the block between the markers below must be exactly the article's, line for line.
@Suite("The getting-started article's code compiles and works")
struct GettingStartedTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    @Test("From an SVG file to a tinted PNG, as the article shows it")
    func fileToPNG() throws {
        let scratch = TemporaryFolder()
        let outputFolder = scratch.path
        // The article's ./Icons: swift test runs in the repository root (changing the working directory
        // here would pull it from under the tests running alongside).
        try #require(FileManager.default.fileExists(atPath: "Icons/tab-shop.svg"), "run swift test from the repository root")
        // BEGIN GettingStarted
        let loader = SVGFileLoader(searchPaths: ["Icons"])        // or SVGFileLoader(bundle: .module, subdirectory: "Icons")
        let shop = try loader.load(named: "tab-shop").icon          // parsed once, kept; .notFound when missing
        let tint = try SVGColor(parsing: "#0a84ff")                 // a typo throws, naming the text
        let pixmap = shop.render(size: 24, tint: tint, scale: 2)    // 48 × 48 pixels
        try pixmap.writePNG(to: outputFolder + "/tab-shop@2x.png")  // atomic; an error names the file
        let png = try pixmap.pngData()                              // or the PNG bytes themselves
        // END GettingStarted
        #expect(pixmap.width == 48 && pixmap.height == 48)
        #expect(FileManager.default.contents(atPath: outputFolder + "/tab-shop@2x.png").map(Array.init) == png)
    }

    @Test("The article shows exactly the code compiled above")
    func articleMatchesTest() throws {
        func lines(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let article = try lines(Self.repository + "/Sources/SVGIconKit/SVGIconKit.docc/GettingStarted.md")
        let start = try #require(article.firstIndex(of: "```swift"))
        let end = try #require(article[(start + 1)...].firstIndex(of: "```"))
        let shown = article[(start + 1)..<end].filter { !$0.hasPrefix("import ") && !$0.isEmpty }
        let source = try lines(#filePath)
        let begin = try #require(source.firstIndex { $0.hasSuffix("// BEGIN GettingStarted") })
        let finish = try #require(source.firstIndex { $0.hasSuffix("// END GettingStarted") })
        let compiled = source[(begin + 1)..<finish].map { String($0.dropFirst(8)) }
        #expect(Array(shown) == compiled, "GettingStarted.md's first code block differs from GettingStartedTests")
    }
}
