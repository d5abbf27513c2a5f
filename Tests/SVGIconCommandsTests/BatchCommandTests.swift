import Foundation
import Testing
import SVGIconKit
import SVGIconTools
@testable import SVGIconCommands

/// An input folder of icons, an output folder and a private render cache, removed at the end.
final class BatchSandbox {
    let scratch = ScratchFolder()
    var root: String { scratch.path }
    var input: String { root + "/icons" }
    var output: String { root + "/out" }
    var cache: String { root + "/cache" }

    init() {
        try! FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
    }

    /// Writes `text` to `icons/relativePath`, creating folders.
    func icon(_ relativePath: String, _ text: String) {
        let path = input + "/" + relativePath
        try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Copies icons from the repository's `Icons/` into `icons/folder`.
    func copy(_ names: [String], into folder: String = "") {
        scratch.copyIcons(names, to: folder.isEmpty ? "icons" : "icons/" + folder)
    }

    /// Runs svgicon with `--cache-dir` pointing at the sandbox's cache (for batch, render and cache).
    func run(_ args: [String]) -> (code: Int32, output: CapturedOutput) {
        runCLI(args + ["--cache-dir", cache])
    }

    /// `batch icons --out out` with `args`, `--json`, decoded.
    func batch(_ args: [String]) throws -> (code: Int32, report: BatchReport, errors: String) {
        let (code, output) = run(["batch", input, "--out", output, "--json"] + args)
        let report = try JSONDecoder().decode(BatchReport.self, from: Data(output.out))
        return (code, report, output.error)
    }

    /// Every file below `out`, relative, sorted.
    var outputFiles: [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: output)) ?? []).filter {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: output + "/" + $0, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }.sorted()
    }

    func png(_ relativePath: String) throws -> Pixmap {
        try PNGCodec.decode(try FileIO.read(output + "/" + relativePath))
    }
}

@Suite("svgicon batch")
struct BatchCommandTests {
    static let square = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\"/></svg>"
    static let disc = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><circle cx=\"2\" cy=\"2\" r=\"2\"/></svg>"

    @Test("Good icons are all written; malformed, empty and non-SVG ones are each reported with a reason; exit 1")
    func badFiles() throws {
        let box = BatchSandbox()
        box.copy(["tab-shop", "tab-cart"])
        box.copy(["tab-person"], into: "nested/deeper")
        box.icon("broken.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g>\n</svg>")
        box.icon("empty.svg", "")
        box.icon("photo.svg", "\u{89}PNG\r\n\u{1A}\nnot really")
        box.icon("page.svg", "<html><body/></html>")
        box.icon("notes.txt", "not an icon")
        box.icon(".hidden/ignored.svg", "<svg")
        let (code, output) = box.run(["batch", box.input, "--out", box.output, "--size", "24", "--scale", "1,2"])
        #expect(code == 1)
        #expect(box.outputFiles == ["nested/deeper/tab-person.png", "nested/deeper/tab-person@2x.png",
                                    "tab-cart.png", "tab-cart@2x.png", "tab-shop.png", "tab-shop@2x.png"])
        #expect(try box.png("tab-shop@2x.png").width == 48)
        let lines = output.error.split(separator: "\n").map(String.init)
        let errors = lines.filter { $0.hasPrefix("svgicon: error: ") }
        #expect(errors.count == 4, "\(output.error)")
        #expect(errors.contains { $0.hasPrefix("svgicon: error: \(box.input)/broken.svg:3:") && $0.contains("Opening and ending tag mismatch") })
        #expect(errors.contains("svgicon: error: \(box.input)/empty.svg:1:1: the file is empty"))
        #expect(errors.contains { $0.hasPrefix("svgicon: error: \(box.input)/photo.svg:1:1: malformed XML") })
        #expect(errors.contains { $0.hasPrefix("svgicon: error: \(box.input)/page.svg:1: the root element is <html>, not <svg>") })
        #expect(output.error.contains("svgicon batch: 3 of 7 icons converted"))
        #expect(output.error.contains("4 icons failed"))
        #expect(output.error.contains("1 file skipped: not .svg"))
        #expect(output.out.isEmpty)
    }

    @Test("A second run comes from the cache and rewrites nothing; editing one icon re-renders exactly that icon")
    func cachedRerun() throws {
        let box = BatchSandbox()
        box.copy(["tab-shop", "tab-cart", "tab-person"])
        box.icon("sub/square.svg", Self.square)
        let args = ["--size", "16,24", "--scale", "1,2,3"]
        let first = try box.batch(args)
        #expect(first.code == 0)
        #expect(first.report.icons == 4 && first.report.succeeded == 4 && first.report.iconsRendered == 4)
        #expect(first.report.files.written == 24 && first.report.files.rendered + first.report.files.fromCache == 24)
        #expect(box.outputFiles.count == 24)
        let stamp = try FileManager.default.attributesOfItem(atPath: box.output + "/tab-shop-24@3x.png")[.modificationDate] as! Date

        let second = try box.batch(args)
        #expect(second.report.iconsFromCache == 4 && second.report.iconsRendered == 0)
        #expect(second.report.files.rendered == 0 && second.report.files.fromCache == 24)
        #expect(second.report.files.unchanged == 24 && second.report.files.written == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: box.output + "/tab-shop-24@3x.png")[.modificationDate] as! Date == stamp)

        box.icon("sub/square.svg", Self.disc)
        let third = try box.batch(args)
        #expect(third.report.iconsRendered == 1 && third.report.iconsFromCache == 3)
        #expect(third.report.files.written == 6 && third.report.files.unchanged == 18)
        // The disc's corner pixel is empty; the square's was full.
        #expect(try box.png("sub/square-24@2x.png").pixel(x: 0, y: 0).a == 0)

        let uncached = try box.batch(args + ["--no-cache"])
        #expect(uncached.report.cache == nil && uncached.report.files.rendered == 24 && uncached.report.files.unchanged == 24)
    }

    @Test("The cache is keyed by content: a copy of an icon elsewhere is a hit, and output matches an uncached render")
    func contentAddressed() throws {
        let box = BatchSandbox()
        box.copy(["tab-notifications"], into: "a")
        #expect(try box.batch(["--size", "24", "--tint", "#0a84ff"]).report.files.rendered == 1)
        box.copy(["tab-notifications"], into: "b")
        let second = try box.batch(["--size", "24", "--tint", "#0a84ff"])
        #expect(second.report.files.rendered == 0 && second.report.files.fromCache == 2)
        let expected = try PNGCodec.encode(SVGFileLoader(searchPaths: [RepositoryPaths.icons]).load(named: "tab-notifications")
            .icon.render(size: 24, tint: SVGColor(css: "#0a84ff")))
        #expect(try FileIO.read(box.output + "/b/tab-notifications.png") == expected)
        // A different tint is a different render; with one job the second copy then comes from the cache
        // (with two, both copies can miss it at the same moment and render, depending on timing).
        let red = try box.batch(["--size", "24", "--tint", "red", "--jobs", "1"]).report
        #expect(red.files.rendered == 1 && red.files.fromCache == 1)
    }

    @Test("A damaged cache entry is dropped and rendered again, never copied to the output")
    func damagedCacheEntry() throws {
        let box = BatchSandbox()
        box.copy(["tab-cart"])
        _ = try box.batch(["--size", "32"])
        let good = try FileIO.read(box.output + "/tab-cart.png")
        let entries = try FileManager.default.subpathsOfDirectory(atPath: box.cache).filter { $0.hasSuffix(".entry") }
        #expect(entries.count == 1)
        let entry = box.cache + "/" + entries[0]
        var bytes = try FileIO.read(entry)
        bytes[bytes.count - 30] ^= 0x40
        try FileIO.writeAtomically(bytes, to: entry)
        try FileManager.default.removeItem(atPath: box.output + "/tab-cart.png")
        let rerun = try box.batch(["--size", "32"])
        #expect(rerun.report.cache?.dropped == 1 && rerun.report.files.rendered == 1)
        #expect(try FileIO.read(box.output + "/tab-cart.png") == good)
        #expect(try box.batch(["--size", "32"]).report.files.fromCache == 1, "the entry should be stored again")
    }

    @Test("Abandoned temporary files in the output are removed; a running writer's are not")
    func abandonedTemporaryFiles() throws {
        let box = BatchSandbox()
        box.icon("square.svg", Self.square)
        try FileManager.default.createDirectory(atPath: box.output, withIntermediateDirectories: true)
        let abandoned = box.output + "/.square.png.svgicon-\(Int32.max)-9a.tmp"
        let running = box.output + "/" + TemporaryFileName.make(for: "square@2x.png")
        try FileIO.writeAtomically([1, 2], to: abandoned)
        try FileIO.writeAtomically([1, 2], to: running)
        #expect(try box.batch(["--size", "8"]).code == 0)
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(FileManager.default.fileExists(atPath: running))
    }

    @Test("xcassets: image sets with Contents.json, template intent for icons that take the tint")
    func assetCatalog() throws {
        let box = BatchSandbox()
        box.copy(["tab-shop"], into: "tabs")
        box.icon("flag.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\" fill=\"#ff3b30\"/></svg>")
        let catalog = box.root + "/Icons.xcassets"
        let (code, output) = box.run(["batch", box.input, "--out", catalog, "--format", "xcassets", "--size", "24", "-q"])
        #expect(code == 0, "\(output.error)")
        #expect(output.error.isEmpty)
        let files = try FileManager.default.subpathsOfDirectory(atPath: catalog).sorted()
        #expect(files.contains("Contents.json") && files.contains("tabs/Contents.json"))
        for (set, intent) in [("tabs/tab-shop", "template"), ("flag", "original")] {
            let name = set.split(separator: "/").last!
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: catalog + "/\(set).imageset/Contents.json"))) as? [String: Any]
            #expect((json?["properties"] as? [String: String])?["template-rendering-intent"] == intent)
            for (file, side) in [("\(name).png", 24), ("\(name)@2x.png", 48), ("\(name)@3x.png", 72)] {
                #expect(try PNGCodec.decode(try FileIO.read(catalog + "/\(set).imageset/" + file)).width == side)
            }
        }
        // Served from the cache (which also keeps the template flag), the catalog is unchanged.
        let again = box.run(["batch", box.input, "--out", catalog, "--format", "xcassets", "--size", "24", "--json"])
        let report = try JSONDecoder().decode(BatchReport.self, from: Data(again.output.out))
        #expect(report.files.fromCache == 6 && report.files.written == 0)
    }

    @Test("xcassets: a group Contents.json that cannot be written fails the image sets inside it, and only them")
    func catalogGroupUnwritable() throws {
        let box = BatchSandbox()
        box.copy(["tab-shop"], into: "tabs")
        box.copy(["tab-cart"])
        let catalog = box.root + "/Icons.xcassets"
        // A folder where the group's Contents.json should go: the rename onto it fails.
        try FileManager.default.createDirectory(atPath: catalog + "/tabs/Contents.json/x", withIntermediateDirectories: true)
        let (code, output) = box.run(["batch", box.input, "--out", catalog, "--format", "xcassets", "--size", "24", "--json"])
        #expect(code == 1)
        let report = try JSONDecoder().decode(BatchReport.self, from: Data(output.out))
        #expect(report.failures.map(\.path) == [box.input + "/tabs/tab-shop.svg"])
        #expect(report.failures.first?.reason.hasPrefix("the catalog is incomplete: " + catalog + "/tabs/Contents.json: cannot write") == true,
                "\(report.failures)")
        #expect(FileManager.default.fileExists(atPath: catalog + "/tab-cart.imageset/tab-cart.png"))
        #expect(!FileManager.default.fileExists(atPath: catalog + "/tabs/tab-shop.imageset/tab-shop.png"))
    }

    @Test("android: drawable folders at each density")
    func android() throws {
        let box = BatchSandbox()
        box.copy(["tab-person"])
        let (code, _) = box.run(["batch", box.input, "--out", box.output, "--format", "android", "--size", "24", "-q"])
        #expect(code == 0)
        for (density, side) in [("mdpi", 24), ("hdpi", 36), ("xhdpi", 48), ("xxhdpi", 72), ("xxxhdpi", 96)] {
            #expect(try box.png("drawable-\(density)/tab_person.png").width == side)
        }
    }

    @Test("Two icons that would write the same file: the second is reported, the first written")
    func collisions() throws {
        let box = BatchSandbox()
        box.icon("a.svg", Self.square)
        box.icon("a@2x.svg", Self.disc)
        let result = try box.batch(["--size", "8", "--scale", "1,2"])
        #expect(result.code == 1)
        #expect(result.report.failures.map(\.path) == [box.input + "/a@2x.svg"])
        #expect(result.report.failures.first?.reason.contains("which \(box.input)/a.svg writes too") == true)
        #expect(try box.png("a@2x.png").pixel(x: 0, y: 0).a == 255, "a@2x.png should be a.svg's render")
    }

    @Test("Progress is drawn only on a terminal")
    func progress() throws {
        let box = BatchSandbox()
        box.icon("a.svg", Self.square)
        let terminal = CapturedOutput()
        terminal.errorIsTerminal = true
        _ = SVGIconCLI.run(["batch", box.input, "--out", box.output, "--size", "8", "--no-cache"], output: terminal)
        #expect(terminal.error.contains("\r\u{1B}[K1/1 icons  100%"))
        let (_, plain) = box.run(["batch", box.input, "--out", box.output, "--size", "8"])
        #expect(!plain.error.contains("\r"))
        #expect(plain.error.hasPrefix("svgicon batch: 1 of 1 icon converted"))
    }

    @Test("Usage errors exit 2 and say what to do", arguments: [
        (["batch"], "batch needs a folder"),
        (["batch", "in"], "batch needs --out DIR"),
        (["batch", "in", "--out", "o"], "batch needs --size N"),
        (["batch", "in", "--out", "o", "--size", "24", "--format", "svg"], "--format takes png, xcassets, android, android-vector, pdf, ico or icns"),
        (["batch", "in", "--out", "o", "--size", "24", "--format", "xcassets"], "ends in .xcassets"),
        (["batch", "in", "--out", "o.xcassets", "--size", "24", "--format", "xcassets", "--scale", "4"], "scales 1, 2 and 3"),
        (["batch", "in", "--out", "o", "--size", "24", "--format", "android", "--scale", "2"], "leave out --scale"),
        (["batch", "in", "--out", "o", "--size", "4096", "--scale", "3"], "the largest side svgicon renders is 8192"),
        (["batch", "in", "--out", "o", "--size", "24", "--tint", "rgb(1,2,3),nope"], "--tint \"nope\" is not a colour"),
        (["batch", "in", "--out", "o", "--size", "24", "--cache-max", "lots"], "--cache-max takes a size"),
    ] as [([String], String)])
    func usageErrors(args: [String], message: String) {
        expectUsageError(args, message)
    }

    @Test("A missing input folder fails with exit 1")
    func missingFolder() {
        let box = BatchSandbox()
        let (code, output) = box.run(["batch", box.root + "/nope", "--out", box.output, "--size", "24"])
        #expect(code == 1)
        #expect(output.error.contains("nope: no such folder"))
    }

    @Test("Colour lists keep commas inside parentheses")
    func colourLists() throws {
        #expect(try ColorArgument.parseList("rgb(10,132,255),white,#000", option: "--tint", command: "batch")
                == [SVGColor(red: 10, green: 132, blue: 255), .white, .black])
    }

    @Test(".svgz icons are found, inflated and named like .svg ones; a.svg beside a.svgz is a collision")
    func svgzIcons() throws {
        let box = BatchSandbox()
        box.copy(["tab-cart"])
        box.copy(["tab-shop"], into: "plain")
        try gzip(RepositoryPaths.icons + "/tab-shop.svg", to: box.input + "/nav/shop.SVGZ")
        let (code, report, _) = try box.batch(["--size", "24", "--scale", "1,2"])
        #expect(code == 0)
        #expect(report.icons == 3 && report.succeeded == 3 && report.ignored.isEmpty)
        #expect(box.outputFiles == ["nav/shop.png", "nav/shop@2x.png", "plain/tab-shop.png", "plain/tab-shop@2x.png",
                                    "tab-cart.png", "tab-cart@2x.png"])
        #expect(try FileIO.read(box.output + "/nav/shop@2x.png") == (try FileIO.read(box.output + "/plain/tab-shop@2x.png")))

        try gzip(RepositoryPaths.icons + "/tab-cart.svg", to: box.input + "/tab-cart.svgz")
        let again = try box.batch(["--size", "24"])
        #expect(again.code == 1)
        #expect(again.report.failures.map(\.reason) == [
            "would write \(box.output)/tab-cart.png, which \(box.input)/tab-cart.svg writes too; rename one of them"])
    }

    @Test("Vector formats report a tint as taken by currentColor icons and not taken by fill=\"black\" ones, as PNG does")
    func vectorTintTaken() throws {
        for format in ["android-vector", "pdf", "png"] {
            let box = BatchSandbox()
            box.copy(["tab-shop"])
            box.icon("black.svg", Self.square.replacingOccurrences(of: "<rect ", with: "<rect fill=\"black\" "))
            let (code, report, errors) = try box.batch(["--size", "24", "--format", format, "--tint", "#0a84ff"])
            #expect(code == 0, "\(format): \(errors)")
            #expect(report.tintNotTaken == [box.input + "/black.svg"], "\(format)")
            let recolored = try box.batch(["--size", "24", "--format", format, "--tint", "#0a84ff", "--recolor"])
            #expect(recolored.report.tintNotTaken.isEmpty, "\(format)")
        }
    }
}
