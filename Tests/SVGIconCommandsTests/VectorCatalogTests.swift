import Foundation
import Testing
import SVGIconKit
import SVGIconTools
@testable import SVGIconCommands

@Suite("xcassets --vector and --dark-tint, batch --json file list")
struct VectorCatalogTests {
    static let dark = """
        "appearances" : [
                {
                  "appearance" : "luminosity",
                  "value" : "dark"
                }
              ],
        """

    /// A whole image set `Contents.json` as Xcode lays it out, around `slots` (each already indented by four).
    static func expected(_ slots: [String], vector: Bool, intent: String) -> String {
        let vectorLine = vector ? "\n    \"preserves-vector-representation\" : true," : ""
        return "{\n  \"images\" : [\n" + slots.joined(separator: ",\n") + "\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n"
            + "    \"version\" : 1\n  },\n  \"properties\" : {\(vectorLine)\n    \"template-rendering-intent\" : \"\(intent)\"\n  }\n}\n"
    }

    /// One slot: the dark appearance's block when `dark`, the filename, the idiom, the scale when given.
    static func slot(_ filename: String, scale: Int? = nil, dark: Bool = false) -> String {
        "    {\n      " + (dark ? Self.dark + "\n      " : "") + "\"filename\" : \"\(filename)\",\n      \"idiom\" : \"universal\""
            + (scale.map { ",\n      \"scale\" : \"\($0)x\"" } ?? "") + "\n    }"
    }

    func contents(_ catalog: String, _ name: String) throws -> String {
        try String(contentsOfFile: catalog + "/\(name).imageset/Contents.json", encoding: .utf8)
    }

    @Test("--vector: one PDF per image set in a single universal slot, preserves-vector-representation, the intent rules as for PNGs")
    func vector() throws {
        let box = BatchSandbox()
        box.icon("mixed.svg", TemplateIntentTests.mixed)
        box.icon("tinted.svg", TemplateIntentTests.tinted)
        let catalog = box.root + "/V.xcassets"
        let (code, output) = box.run(["batch", box.input, "--out", catalog, "--format", "xcassets", "--vector", "--size", "24", "-q"])
        #expect(code == 0, "\(output.error)")
        #expect(try contents(catalog, "tinted") == Self.expected([Self.slot("tinted.pdf")], vector: true, intent: "template"))
        #expect(try contents(catalog, "mixed").contains("\"template-rendering-intent\" : \"original\""))
        let pdf = try FileIO.read(catalog + "/tinted.imageset/tinted.pdf")
        #expect(String(decoding: pdf.prefix(9), as: UTF8.self) == "%PDF-1.4\n")
        #expect(String(decoding: pdf, as: UTF8.self).contains("/MediaBox [0 0 24 24]"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: catalog + "/tinted.imageset").sorted() == ["Contents.json", "tinted.pdf"])
    }

    @Test("--dark-tint: each PNG slot followed by its dark twin, drawn in the dark tint")
    func darkPNG() throws {
        let box = BatchSandbox()
        box.icon("tinted.svg", TemplateIntentTests.tinted)
        let catalog = box.root + "/D.xcassets"
        let (code, output) = box.run(["batch", box.input, "--out", catalog, "--format", "xcassets", "--size", "24",
                                      "--dark-tint", "#ffffff", "-q"])
        #expect(code == 0, "\(output.error)")
        let slots = [1, 2, 3].flatMap { (scale: Int) in
            [false, true].map { dark in
                Self.slot("tinted\(dark ? "-dark" : "")\(scale == 1 ? "" : "@\(scale)x").png", scale: scale, dark: dark)
            }
        }
        #expect(try contents(catalog, "tinted") == Self.expected(slots, vector: false, intent: "template"))
        // The filled square's centre: black in the any appearance, white in the dark one.
        let light = try PNGCodec.decode(FileIO.read(catalog + "/tinted.imageset/tinted.png")).straightAlphaRGBA()
        let darkPixels = try PNGCodec.decode(FileIO.read(catalog + "/tinted.imageset/tinted-dark.png")).straightAlphaRGBA()
        let centre = (3 * 24 + 3) * 4
        #expect(Array(light[centre..<centre + 4]) == [0, 0, 0, 255])
        #expect(Array(darkPixels[centre..<centre + 4]) == [255, 255, 255, 255])
    }

    @Test("--vector --dark-tint: the universal slot and its dark twin")
    func darkVector() throws {
        let box = BatchSandbox()
        box.icon("tinted.svg", TemplateIntentTests.tinted)
        let catalog = box.root + "/VD.xcassets"
        let (code, output) = box.run(["batch", box.input, "--out", catalog, "--format", "xcassets", "--vector", "--size", "24",
                                      "--dark-tint", "white", "-q"])
        #expect(code == 0, "\(output.error)")
        #expect(try contents(catalog, "tinted") == Self.expected([Self.slot("tinted.pdf"), Self.slot("tinted-dark.pdf", dark: true)],
                                                                  vector: true, intent: "template"))
        let darkPDF = String(decoding: try FileIO.read(catalog + "/tinted.imageset/tinted-dark.pdf"), as: UTF8.self)
        #expect(darkPDF.hasPrefix("%PDF-1.4\n"))
    }

    @Test("batch --json lists every file with its path, format and size; a second run marks them unchanged")
    func fileList() throws {
        let box = BatchSandbox()
        box.icon("a/tinted.svg", TemplateIntentTests.tinted)
        let catalog = box.root + "/L.xcassets"
        let arguments = ["batch", box.input, "--out", catalog, "--format", "xcassets", "--vector", "--size", "24", "--json"]
        let (code, output) = box.run(arguments)
        #expect(code == 0, "\(output.error)")
        let report = try JSONDecoder().decode(BatchReport.self, from: Data(output.out))
        // The catalog's own Contents.json and its group's are files of the run too.
        #expect(report.files.list.map(\.path) == [catalog + "/Contents.json", catalog + "/a/Contents.json",
                                                  catalog + "/a/tinted.imageset/Contents.json", catalog + "/a/tinted.imageset/tinted.pdf"])
        #expect(report.files.list.map(\.format) == ["contents-json", "contents-json", "contents-json", "pdf"])
        #expect(report.files.written == 4 && report.files.unchanged == 0)
        for file in report.files.list {
            #expect(file.bytes == (try FileIO.read(file.path)).count)
            #expect(!file.unchanged)
        }
        let again = try JSONDecoder().decode(BatchReport.self, from: Data(box.run(arguments).output.out))
        #expect(again.files.list.map(\.unchanged) == [true, true, true, true])
        #expect(again.files.written == 0 && again.files.unchanged == 4)
        #expect(BatchReport.OutputFile.format(of: "drawable/a.xml") == "vector-drawable")
        #expect(BatchReport.OutputFile.format(of: "a/b.icns") == "icns")
    }

    @Test("Icons written only as vector files render no image: counted neither rendered nor from the cache")
    func vectorCounters() throws {
        let box = BatchSandbox()
        box.icon("tinted.svg", TemplateIntentTests.tinted)
        for format in ["pdf", "android-vector"] {
            let run = try box.batch(["--format", format, "--size", "24"])
            #expect(run.report.succeeded == 1 && run.report.iconsRendered == 0 && run.report.iconsFromCache == 0)
            #expect(run.report.files.rendered == 0 && run.report.files.fromCache == 0 && run.report.files.written == 1)
        }
        let png = try box.batch(["--size", "24"])
        #expect(png.report.iconsRendered == 1 && png.report.iconsFromCache == 0)
        let again = try box.batch(["--size", "24"])
        #expect(again.report.iconsRendered == 0 && again.report.iconsFromCache == 1)
    }

    @Test("--vector and --dark-tint need --format xcassets")
    func usage() {
        expectUsageError(["batch", "in", "--out", "o", "--size", "24", "--vector"], "--vector is for asset catalogs; it needs --format xcassets")
        expectUsageError(["batch", "in", "--out", "o", "--size", "24", "--dark-tint", "white"], "--dark-tint is for asset catalogs; it needs --format xcassets")
    }
}
