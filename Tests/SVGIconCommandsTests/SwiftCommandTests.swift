import Foundation
import Testing
import SVGIconKit
import SVGIconTools

/// `svgicon swift` proven by compiling its output: GeneratedSwift/ holds what it writes for Icons/ (and
/// for tab-shop alone, for `features`, the parts of the model Icons/ does not use, and for the feature
/// fixtures in Tests/Fixtures/features), compiled into this test target. The tests check that those files are exactly
/// what `svgicon swift` writes today, and that each compiled icon equals the parsed SVG and renders the
/// same pixels. After changing an icon or the generator, re-record with
///     SVGICON_RECORD_SWIFT=1 swift test --filter SwiftCommandTests
/// which rewrites the files and fails; the next `swift test` compiles and checks them.
@Suite("svgicon swift")
struct SwiftCommandTests {
    static let snapshots = RepositoryPaths.root + "/Tests/SVGIconCommandsTests/GeneratedSwift"

    /// Compares `source` with the checked-in `GeneratedSwift/FILE`, or rewrites it (and fails) when
    /// SVGICON_RECORD_SWIFT=1.
    static func checkSnapshot(_ source: String, file: String, producedBy: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = snapshots + "/" + file
        let recorded = try? String(contentsOfFile: path, encoding: .utf8)
        if ProcessInfo.processInfo.environment["SVGICON_RECORD_SWIFT"] == "1" {
            try FileIO.writeAtomically(Array(source.utf8), to: path)
            let note = recorded == source ? " (unchanged)" : ""
            Issue.record("SVGICON_RECORD_SWIFT=1: rewrote \(path)\(note); run swift test again to compile and check it",
                         sourceLocation: sourceLocation)
            return
        }
        let matches = recorded == source
        #expect(matches, """
            \(path) is not what \(producedBy) writes now; \
            re-record with SVGICON_RECORD_SWIFT=1 swift test --filter SwiftCommandTests
            """, sourceLocation: sourceLocation)
    }

    @Test("GeneratedSwift/ holds exactly what svgicon swift writes for Icons/ today", arguments: [
        (["swift", RepositoryPaths.icons, "--name", "GeneratedIcons"], "GeneratedIcons.swift"),
        (["swift", RepositoryPaths.icons + "/tab-shop.svg"], "TabShop.swift"),
    ] as [([String], String)])
    func snapshot(arguments: [String], file: String) throws {
        let (code, output) = runCLI(arguments)
        #expect(code == 0, "\(output.error)")
        try Self.checkSnapshot(output.outText, file: file, producedBy: "`svgicon \(arguments.joined(separator: " "))`")
    }

    @Test("Every icon in Icons/, compiled from generated Swift, equals the parsed file and renders the same pixels")
    func roundTrip() throws {
        let files = try IconFolder.svgFiles(in: RepositoryPaths.icons)
        #expect(GeneratedIcons.all.count == files.count, "re-record GeneratedSwift/ (see above) after adding or removing icons")
        for file in files {
            let name = IconFolder.iconName(of: file)
            let parsed = try SVGDocumentParser.parse(try FileIO.read(file), file: file).icon
            let compiled = try #require(GeneratedIcons.all[name], "\(name) is missing from GeneratedIcons.swift")
            // Compared as Bools so that a failure prints a sentence, not two whole definitions or pixmaps.
            let sameDefinition = compiled == parsed
            #expect(sameDefinition, "\(name): the compiled definition differs from the parsed file")
            for size in [16, 24, 48] {
                for tint in [SVGColor.black, SVGColor(red: 10, green: 132, blue: 255)] {
                    let options = RenderOptions(width: size, height: size, tint: tint)
                    let expected = parsed.render(options: options), actual = compiled.render(options: options)
                    let samePixels = expected == actual
                    #expect(samePixels, """
                        \(name) at \(size) px, tint \(tint.hexString): \
                        \(ImageComparison(expected: expected, actual: actual, tolerance: 0).pixelsOverTolerance) pixels differ
                        """)
                }
            }
        }
        let shop = try SVGDocumentParser.parse(try FileIO.read(RepositoryPaths.icons + "/tab-shop.svg")).icon
        let sameShop = SVGIconDefinition.tabShop == shop
        #expect(sameShop, "SVGIconDefinition.tabShop (TabShop.swift) differs from Icons/tab-shop.svg")
    }

    /// What Icons/ does not exercise, built in code: offset viewBox, preserveAspectRatio with slice and
    /// none, intrinsic size, quadratic curves, translucent colours, fill and stroke opacity, evenodd,
    /// square caps, bevel joins, miter limit, dashes, transforms on shapes and groups, a group from <a>,
    /// an empty path without an element name.
    static let features: [(name: String, icon: SVGIconDefinition)] = [
        ("everything", SVGIconDefinition(
            viewBox: SVGViewBox(x: -2, y: 1.5, width: 40, height: 20),
            aspectRatio: SVGAspectRatio(alignment: .align(x: 0, y: 1), slice: true),
            intrinsicWidth: 80, intrinsicHeight: 40,
            layers: [
                SVGIconLayer(shape: SVGShape(
                    path: PathDataParser.parse("M0 0 Q10 -5 20 0 T40 0 Z").path,
                    fill: SVGFill(paint: .color(SVGColor(red: 255, green: 59, blue: 48, alpha: 0.5)), opacity: 0.75, rule: .evenodd),
                    stroke: SVGStroke(paint: .tint, opacity: 0.5,
                                      style: StrokeStyle(width: 1.5, cap: .square, join: .bevel, miterLimit: 10,
                                                         dashes: [2, 1.5], dashOffset: 0.25))),
                             transform: .rotation(degrees: 30), opacity: 0.9, elementName: "path"),
                SVGIconLayer(content: .group([.circle(cx: 1, cy: 2, r: 3), .line(x1: 0, y1: 0, x2: 5, y2: 1e-7)]),
                             transform: .skewX(degrees: 10), opacity: 0.5, elementName: "a"),
                SVGIconLayer(shape: SVGShape(path: SVGPath(), fill: nil, stroke: nil)),
            ])),
        ("stretched", SVGIconDefinition(aspectRatio: SVGAspectRatio(alignment: .none),
                                        layers: [.rect(x: 2, y: 2, width: 20, height: 10, rx: 2)])),
    ]

    @Test("Model features Icons/ lacks compile from generated Swift to equal definitions and the same pixels")
    func features() throws {
        let source = try SwiftSourceGenerator().file(icons: Self.features, typeName: "GeneratedFeatures", source: "SwiftCommandTests")
        try Self.checkSnapshot(source, file: "GeneratedFeatures.swift", producedBy: "SwiftSourceGenerator for `features`")
        for (name, icon) in Self.features {
            let compiled = try #require(GeneratedFeatures.all[name])
            let same = compiled == icon
            #expect(same, "\(name): the compiled definition differs")
            let options = RenderOptions(width: 40, height: 30, tint: SVGColor(red: 10, green: 132, blue: 255))
            let samePixels = compiled.render(options: options) == icon.render(options: options)
            #expect(samePixels, "\(name): pixels differ")
        }
    }

    /// Feature fixtures whose layers use what `svgicon swift` cannot write yet (`mix-blend-mode`,
    /// `isolation`, `shape-rendering`): it refuses them.
    static let refusedFixtures: Set<String> = ["blend-modes", "crisp-edges"]

    /// The resolver's feature fixtures (gradients, clip paths, masks, use/symbol, CSS, dashes, …) that
    /// svgicon draws without skipping anything.
    static func fixtures() throws -> [(name: String, icon: SVGIconDefinition)] {
        try IconFolder.svgFiles(in: RepositoryPaths.root + "/Tests/Fixtures/features").compactMap { file in
            let result = try SVGDocumentParser.parse(try FileIO.read(file), file: file)
            let name = IconFolder.iconName(of: file)
            return result.warnings.isEmpty && !refusedFixtures.contains(name) ? (name, result.icon) : nil
        }
    }

    @Test("Blend modes, isolation and crisp edges are refused with the layer named, not written differently")
    func refusesWhatItCannotWrite() throws {
        for name in Self.refusedFixtures.sorted() {
            let file = RepositoryPaths.root + "/Tests/Fixtures/features/\(name).svg"
            let icon = try SVGDocumentParser.parse(try FileIO.read(file), file: file).icon
            #expect(throws: SwiftSourceError.self) {
                try SwiftSourceGenerator().file(icons: [(name, icon)], typeName: "X", source: name)
            }
        }
        let icon = try SVGDocumentParser.parse(try FileIO.read(RepositoryPaths.root + "/Tests/Fixtures/features/crisp-edges.svg")).icon
        do {
            _ = try SwiftSourceGenerator().file(icons: [("crisp", icon)], typeName: "X", source: "crisp-edges.svg")
            Issue.record("expected a refusal")
        } catch let error as SwiftSourceError {
            #expect(error.description == "crisp.svg: layer 1 (<path>): shape-rendering: crispEdges (or optimizeSpeed: drawn without anti-aliasing) cannot be written as Swift yet; the icon is refused")
        }
        let blend = try SVGDocumentParser.parse("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"4\" height=\"4\"/><g><circle r=\"2\" style=\"mix-blend-mode: color-dodge\"/></g></svg>").icon
        #expect(throws: SwiftSourceError("b.svg: layer 2.1 (<circle>): mix-blend-mode: color-dodge cannot be written as Swift yet; the icon is refused")) {
            try SwiftSourceGenerator().file(icons: [("b", blend)], typeName: "X", source: "b.svg")
        }
        let isolated = try SVGDocumentParser.parse("<svg xmlns=\"http://www.w3.org/2000/svg\"><g style=\"isolation: isolate\"><rect width=\"4\" height=\"4\"/></g></svg>").icon
        #expect(throws: SwiftSourceError("i.svg: layer 1 (<g>): isolation: isolate cannot be written as Swift yet; the icon is refused")) {
            try SwiftSourceGenerator().file(icons: [("i", isolated)], typeName: "X", source: "i.svg")
        }
    }

    @Test("Gradients, clip paths and masks of the feature fixtures compile from generated Swift to the same pixels")
    func fixtureRoundTrip() throws {
        let fixtures = try Self.fixtures()
        #expect(fixtures.count >= 10)
        let source = try SwiftSourceGenerator().file(icons: fixtures, typeName: "GeneratedFixtures", source: "Tests/Fixtures/features/")
        try Self.checkSnapshot(source, file: "GeneratedFixtures.swift", producedBy: "SwiftSourceGenerator for Tests/Fixtures/features")
        #expect(GeneratedFixtures.all.count == fixtures.count)
        for (name, icon) in fixtures {
            let compiled = try #require(GeneratedFixtures.all[name], "\(name) is missing from GeneratedFixtures.swift")
            let same = compiled == icon
            #expect(same, "\(name): the compiled definition differs from the parsed file")
            let options = RenderOptions(width: 48, height: 48, tint: SVGColor(red: 10, green: 132, blue: 255))
            let samePixels = compiled.render(options: options) == icon.render(options: options)
            #expect(samePixels, "\(name): pixels differ")
        }
    }

    @Test("Output for one file: an SVGIconDefinition extension, public on request, named by --name")
    func singleFile() {
        let (code, output) = runCLI(["swift", "filled-solid", "--icons", RepositoryPaths.icons, "--public", "--name", "badge"])
        #expect(code == 0)
        #expect(output.outText.hasPrefix("""
            // Generated by `svgicon swift` from filled-solid.svg: draws exactly like the file.
            // Run it again after changing the icon instead of editing this file.
            import SVGIconCore

            extension SVGIconDefinition {
                public static let badge = SVGIconDefinition(
            """))
    }

    @Test("Features svgicon skips are an error, not code that draws less")
    func skippedFeature() {
        let scratch = ScratchFolder()
        let file = scratch.write("text.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<text>a</text><rect width=\"4\" height=\"4\"/></svg>")
        let (code, output) = runCLI(["swift", file, "-o", scratch.path + "/Text.swift"])
        #expect(code == 1)
        #expect(output.error.contains("\(file):2: <text>: not supported; skipped; the Swift code would not draw what the file describes"), "\(output.error)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/Text.swift"))
    }

    @Test("A source document over 2 MiB keeps its size in the generated code (it raises the work limit); a smaller one's is left out")
    func sourceByteCount() throws {
        let generator = SwiftSourceGenerator()
        var large = SVGIconDefinition(layers: [.circle(cx: 12, cy: 12, r: 4)])
        large.sourceByteCount = 3_000_000
        let written = try generator.definition(large)
        #expect(written.value.sourceByteCount == 3_000_000)
        #expect(written.code.layout(indent: "").contains("sourceByteCount: 3000000"))
        // 2 MiB × 32 steps a byte is exactly the smallest default limit, 2²⁶: no change, so nothing written.
        for bytes in [0, 1_000_000, 1 << 21] {
            var small = large
            small.sourceByteCount = bytes
            let code = try generator.definition(small).code.layout(indent: "")
            #expect(!code.contains("sourceByteCount"), "\(bytes): \(code)")
        }
        var huge = large
        huge.sourceByteCount = (1 << 21) + 1
        #expect(try generator.definition(huge).code.layout(indent: "").contains("sourceByteCount: 2097153"))
    }

    @Test("Values Swift cannot write exactly are refused, naming the layer")
    func refusals() throws {
        let generator = SwiftSourceGenerator()
        var layer = SVGIconLayer.circle(cx: 12, cy: 12, r: 4)
        layer.opacity = .nan
        #expect(throws: SwiftSourceError("nan is not a finite number")) {
            try generator.definition(SVGIconDefinition(layers: [layer]))
        }
        let pairs: [(name: String, icon: SVGIconDefinition)] = [("arrow-up", SVGIconDefinition(layers: [])),
                                                                ("arrow_up", SVGIconDefinition(layers: []))]
        #expect(throws: SwiftSourceError("arrow-up and arrow_up would both be called arrowUp in Swift; rename one of the files")) {
            try generator.file(icons: pairs, typeName: "Icons", source: "Icons/")
        }
        #expect(runCLI(["swift", "tab-shop", "--name", "2fa"]).code == 2)
    }

    @Test("Swift names from file names", arguments: [
        ("tab-shop", "tabShop", "TabShop"), ("2fa", "icon2fa", "Icons2fa"), ("repeat", "`repeat`", "Repeat"),
        ("URL-link", "urlLink", "URLLink"), ("alarm_clock.off", "alarmClockOff", "AlarmClockOff"), ("---", "icon", "Icons"),
    ])
    func identifiers(file: String, variable: String, type: String) {
        #expect(SwiftIdentifier.variable(file) == variable)
        #expect(SwiftIdentifier.type(file) == type)
    }

    @Test("Code layout: one line when it fits, else one argument per line; multi-line path data")
    func layout() {
        let short = SwiftCode.call("SVGFill", [.init("opacity", .token("0.5"))])
        #expect(short.layout(indent: "") == "SVGFill(opacity: 0.5)")
        let long = SwiftCode.call("F", (0..<12).map { .init("argument\($0)", .token("\($0)")) })
        #expect(long.layout(indent: "").hasPrefix("F(\n    argument0: 0,\n    argument1: 1,\n"))
        let path = SwiftCode.member(.call("PathDataParser.parse", [.init(nil, .multilineString(["M0 0 L1 1", "Z"]))]), "path")
        #expect(path.layout(indent: "") == "PathDataParser.parse(\"\"\"\n    M0 0 L1 1\n    Z\n    \"\"\").path")
        #expect(SwiftCode.stringLiteral("a\"b\\c\n").layout(indent: "") == #""a\"b\\c\n""#)
    }
}
