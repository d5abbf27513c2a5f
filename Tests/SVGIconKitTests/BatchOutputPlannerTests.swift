import Foundation
import Testing
import SVGIconKit
import SVGIconTools

@Suite("Batch output naming and asset catalog contents")
struct BatchOutputPlannerTests {
    let blue = SVGColor(red: 10, green: 132, blue: 255)

    func paths(_ request: BatchRequest, _ icon: String = "arrows/chevron.svg") -> [String] {
        BatchOutputPlanner(request: request).plan(for: icon).outputs.map(\.relativePath)
    }

    func request(sizes: [Int], scales: [Int] = [1], tints: [SVGColor] = [], format: BatchOutputFormat = .png) -> BatchRequest {
        BatchRequest(inputFolder: "in", outputFolder: "out", sizes: sizes, scales: scales, tints: tints, format: format)
    }

    @Test("png: the tree is mirrored; scale 1 has no suffix")
    func pngSingle() {
        #expect(paths(request(sizes: [24], scales: [1, 2, 3])) == ["arrows/chevron.png", "arrows/chevron@2x.png", "arrows/chevron@3x.png"])
        #expect(paths(request(sizes: [24]), "top.SVG") == ["top.png"])
    }

    @Test("png: size and tint suffixes appear only when several are asked for")
    func pngSuffixes() {
        #expect(paths(request(sizes: [24, 48])) == ["arrows/chevron-24.png", "arrows/chevron-48.png"])
        #expect(paths(request(sizes: [24], tints: [blue])) == ["arrows/chevron.png"])
        #expect(paths(request(sizes: [24], scales: [2], tints: [blue, .white]))
                == ["arrows/chevron-0a84ff@2x.png", "arrows/chevron-ffffff@2x.png"])
        #expect(paths(request(sizes: [16, 24], tints: [blue, SVGColor(red: 0, green: 0, blue: 0, alpha: 0.5)]))
                == ["arrows/chevron-16-0a84ff.png", "arrows/chevron-16-00000080.png",
                    "arrows/chevron-24-0a84ff.png", "arrows/chevron-24-00000080.png"])
    }

    @Test("Each output renders at size × scale with its tint")
    func options() {
        let plan = BatchOutputPlanner(request: request(sizes: [24, 48], scales: [1, 3], tints: [blue])).plan(for: "a.svg")
        #expect(plan.outputs.map(\.options.width) == [24, 72, 48, 144])
        #expect(plan.outputs.allSatisfy { $0.options.width == $0.options.height && $0.options.tint == blue })
        let untinted = BatchOutputPlanner(request: request(sizes: [24])).plan(for: "a.svg")
        #expect(untinted.outputs.first?.options.tint == .black)
    }

    @Test("xcassets: one imageset per icon and variant, files named after it")
    func xcassets() {
        let planner = BatchOutputPlanner(request: request(sizes: [24], scales: [1, 2, 3], format: .xcassets))
        let plan = planner.plan(for: "arrows/chevron.svg")
        #expect(plan.outputs.map(\.relativePath) == ["arrows/chevron.imageset/chevron.png",
                                                     "arrows/chevron.imageset/chevron@2x.png",
                                                     "arrows/chevron.imageset/chevron@3x.png"])
        #expect(plan.imageSets == [AssetCatalogImageSet(folder: "arrows/chevron.imageset", images: [
            .init(filename: "chevron.png", scale: 1), .init(filename: "chevron@2x.png", scale: 2),
            .init(filename: "chevron@3x.png", scale: 3),
        ])])
        #expect(planner.catalogGroups(for: ["a/b/c.svg", "a/d.svg", "e.svg"]) == ["", "a", "a/b"])
        let two = BatchOutputPlanner(request: request(sizes: [24, 48], scales: [2], format: .xcassets)).plan(for: "x.svg")
        #expect(two.outputs.map(\.relativePath) == ["x-24.imageset/x-24@2x.png", "x-48.imageset/x-48@2x.png"])
    }

    @Test("android: every density, resource names reduced to a-z 0-9 _")
    func android() {
        let plan = BatchOutputPlanner(request: request(sizes: [24], format: .android)).plan(for: "Arrows/chevron-left.svg")
        #expect(plan.outputs.map(\.relativePath) == [
            "drawable-mdpi/arrows_chevron_left.png", "drawable-hdpi/arrows_chevron_left.png",
            "drawable-xhdpi/arrows_chevron_left.png", "drawable-xxhdpi/arrows_chevron_left.png",
            "drawable-xxxhdpi/arrows_chevron_left.png",
        ])
        #expect(plan.outputs.map(\.options.width) == [24, 36, 48, 72, 96])
        #expect(paths(request(sizes: [24, 48], tints: [blue, .white], format: .android), "1st.svg").first
                == "drawable-mdpi/ic_1st_24_0a84ff.png")
    }

    @Test("Contents.json is valid JSON with a slot per scale and the rendering intent")
    func contentsJSON() throws {
        let set = AssetCatalogImageSet(folder: "x.imageset", images: [.init(filename: "x \"q\".png", scale: 1),
                                                                      .init(filename: "x@3x.png", scale: 3)])
        for template in [true, false] {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(set.contentsJSON(template: template).utf8))
                as? [String: Any])
            let images = try #require(json["images"] as? [[String: String]])
            #expect(images.map { $0["scale"] } == ["1x", "2x", "3x"])
            #expect(images.map { $0["filename"] } == ["x \"q\".png", nil, "x@3x.png"])
            #expect(images.allSatisfy { $0["idiom"] == "universal" })
            let info = try #require(json["info"] as? [String: Any])
            #expect(info["author"] as? String == "xcode" && info["version"] as? Int == 1)
            let properties = try #require(json["properties"] as? [String: String])
            #expect(properties["template-rendering-intent"] == (template ? "template" : "original"))
        }
        let folder = try JSONSerialization.jsonObject(with: Data(AssetCatalogImageSet.folderContentsJSON.utf8)) as? [String: Any]
        #expect((folder?["info"] as? [String: Any])?["version"] as? Int == 1)
    }

    @Test("Abandoned temporary files are removed, those of running writers and other files kept")
    func abandonedTemporaryFiles() throws {
        let folder = TemporaryFolder()
        let mine = TemporaryFileName.make(for: "a.png")
        #expect(TemporaryFileName.writerProcess(of: mine) == getpid())
        let dead = ".b.png.svgicon-\(Int32.max)-1f.tmp"
        for name in [mine, dead, ".c.png.svgicon-x-1.tmp", "d.tmp", "e.png"] { folder.write(name, "x") }
        #expect(TemporaryFileName.removeAbandoned(in: folder.path) == 1)
        #expect(folder.files == [".c.png.svgicon-x-1.tmp", mine, "d.tmp", "e.png"].sorted())
        // Older than an hour counts as abandoned even when the writer's id is alive.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)],
                                              ofItemAtPath: folder.path + "/" + mine)
        #expect(TemporaryFileName.removeAbandoned(in: folder.path) == 1)
    }
}
