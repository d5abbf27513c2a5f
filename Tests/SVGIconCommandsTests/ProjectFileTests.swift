import Foundation
import Testing
import SVGIconKit
import SVGIconTools
@testable import SVGIconCommands

/// A project folder: `Icons/` with a few icons, a `svgicon.json`, a private cache.
final class ProjectSandbox {
    let scratch = ScratchFolder()
    var root: String { scratch.path }
    var file: String { root + "/svgicon.json" }

    init(icons: [String] = ["tab-shop", "tab-cart"]) {
        scratch.copyIcons(icons)
    }

    func write(_ json: String) {
        scratch.write("svgicon.json", json)
    }

    /// `svgicon build --project FILE ARGS…` with the sandbox's cache.
    func build(_ args: [String] = []) -> (code: Int32, output: CapturedOutput) {
        runCLI(["build", "--project", file, "--cache-dir", root + "/cache"] + args)
    }

    /// Every file below `folder` (relative to the root), relative to it, sorted.
    func files(_ folder: String) -> [String] {
        let path = root + "/" + folder
        return ((try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []).filter {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path + "/" + $0, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }.sorted()
    }

    /// The first line of standard error of a build expected to be refused (exit 2), nothing written.
    func refusal(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        write(json)
        let (code, output) = build()
        #expect(code == 2, "\(output.error)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: root + "/out"), sourceLocation: sourceLocation)
        let first = output.error.split(separator: "\n").first.map(String.init) ?? ""
        return first.replacingOccurrences(of: file, with: "FILE")
    }
}

@Suite("svgicon.json and svgicon build")
struct ProjectFileTests {
    @Test("build runs every job through batch: defaults apply, a job's own keys win, paths are the file's folder's")
    func buildsEveryJob() throws {
        let box = ProjectSandbox()
        box.scratch.copyIcons(["tab-person"], to: "More/people")
        box.write("""
            {
              "// about": "keys starting with // are comments",
              "defaults": { "tint": "#0a84ff", "size": 24 },
              "jobs": [
                { "name": "png", "input": ["Icons", "More"], "out": "out/png", "scale": [1, 2] },
                { "name": "ios", "input": "Icons", "format": "xcassets", "out": "out/App.xcassets", "rendering": "original" },
                { "name": "win", "input": "Icons", "format": "ico", "out": "out/win", "tint": ["black", "white"], "sizes": [16, 32] }
              ]
            }
            """)
        let (code, output) = box.build()
        #expect(code == 0, "\(output.error)")
        #expect(box.files("out/png") == ["people/tab-person.png", "people/tab-person@2x.png", "tab-cart.png",
                                         "tab-cart@2x.png", "tab-shop.png", "tab-shop@2x.png"])
        #expect(box.files("out/win") == ["tab-cart-000000.ico", "tab-cart-ffffff.ico", "tab-shop-000000.ico", "tab-shop-ffffff.ico"])
        #expect(box.files("out/App.xcassets").contains("tab-shop.imageset/tab-shop@3x.png"))
        let contents = try String(contentsOfFile: box.root + "/out/App.xcassets/tab-shop.imageset/Contents.json", encoding: .utf8)
        #expect(contents.contains("\"template-rendering-intent\" : \"original\""))
        // The default tint reached the PNGs: tab-shop's stroke is #0a84ff.
        let png = try PNGCodec.decode(try FileIO.read(box.root + "/out/png/tab-shop@2x.png")).straightAlphaRGBA()
        let opaque = stride(from: 0, to: png.count, by: 4).first { png[$0 + 3] == 255 }!
        #expect(Array(png[opaque..<opaque + 3]) == [0x0A, 0x84, 0xFF])
        let lines = output.error.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("svgicon build: ") }.map { $0.components(separatedBy: ":")[1] }
                == [" png", " png", " ios", " win"])
        #expect(lines.contains { $0.hasPrefix("svgicon build: ios: 2 of 2 icons converted in ") && $0.hasSuffix("→ \(box.root)/out/App.xcassets") })
        #expect(!output.error.contains("warning"), "tab-shop and tab-cart take the tint")

        // A warning names options as the file's keys.
        box.scratch.write("Icons/black.svg", BatchCommandTests.square.replacingOccurrences(of: "<rect ", with: "<rect fill=\"black\" "))
        box.write("{\"jobs\": [{\"input\": \"Icons\", \"out\": \"out/w\", \"size\": 16, \"tint\": \"red\"}]}")
        let warned = box.build().output.error
        #expect(warned.contains("svgicon: warning: 1 icon takes no tint (every colour is written in the file): \(box.root)/Icons/black.svg. "
                                + "Add \"force-tint\" if they set `color` for currentColor, or use \"recolor\" to paint every shape in the tint.\n"),
                "\(warned)")
    }

    @Test("JOB names pick jobs; an unknown one is refused with the nearest name; --json sums the batches")
    func selectedJobsAndJSON() throws {
        let box = ProjectSandbox()
        box.write("""
            {"jobs": [{"name": "small", "input": "Icons", "out": "out/s", "size": 16},
                      {"name": "large", "input": "Icons", "out": "out/l", "size": 64}]}
            """)
        let (code, output) = box.build(["large", "--json"])
        #expect(code == 0, "\(output.error)")
        #expect(box.files("out") == ["l/tab-cart.png", "l/tab-shop.png"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.out)) as? [String: Any])
        #expect(json["project"] as? String == box.file)
        #expect(json["icons"] as? Int == 2 && json["failed"] as? Int == 0)
        let jobs = try #require(json["jobs"] as? [[String: Any]])
        #expect(jobs.map { $0["name"] as? String } == ["large"])
        let batches = try #require(jobs[0]["batches"] as? [[String: Any]])
        #expect(batches.map { $0["output"] as? String } == [box.root + "/out/l"])
        #expect(output.error.isEmpty)

        box.write("{\"jobs\": [{\"name\": \"large\", \"input\": \"Icons\", \"out\": \"out/l\", \"size\": 64}]}")
        let (wrongCode, wrong) = box.build(["lrage"])
        #expect(wrongCode == 2)
        #expect(wrong.error == "svgicon: error: \(box.file) has no job named \"lrage\"; did you mean large? jobs: large\n"
                + "Run `svgicon help build` for usage.\n")
    }

    @Test("A broken icon fails its job (exit 1), names the job, and every other output is still written")
    func brokenIcon() throws {
        let box = ProjectSandbox()
        box.scratch.write("Icons/broken.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g>\n</svg>")
        try FileManager.default.createDirectory(atPath: box.root + "/Empty", withIntermediateDirectories: true)
        box.scratch.write("Empty/readme.txt", "no icons")
        box.write("""
            {"jobs": [{"name": "a", "input": "Icons", "out": "out/a", "size": 16},
                      {"name": "empty", "input": "Empty", "out": "out/e", "size": 16},
                      {"name": "b", "input": "Icons", "out": "out/b", "size": 16}]}
            """)
        let (code, output) = box.build()
        #expect(code == 1)
        #expect(box.files("out/a") == ["tab-cart.png", "tab-shop.png"] && box.files("out/b") == box.files("out/a"))
        let errors = output.error.split(separator: "\n").filter { $0.hasPrefix("svgicon: error: ") }
        #expect(errors.count == 3, "\(output.error)")
        #expect(errors[1] == "svgicon: error: empty: no icons in \(box.root)/Empty: no file ending in .svg or .svgz below it, "
                + "hidden folders and the output folder aside; it holds 1 other file (readme.txt). Nothing was converted.")
        #expect(output.error.contains("svgicon build: a: 2 of 3 icons converted"))
        #expect(output.error.contains("svgicon build: b: 2 of 3 icons converted"))
    }

    @Test("Mistakes are refused before anything is converted, each with FILE:LINE:COLUMN, the key's path and the fix")
    func exactErrors() {
        let box = ProjectSandbox()
        let job = "\"input\": \"Icons\", \"out\": \"out\""
        let cases: [(String, String)] = [
            ("{\"jobs\": [{\(job), \"sise\": 24}]}",
             "FILE:1:44: jobs[0].sise: unknown key \"sise\" in a job; did you mean \"size\"? keys: name, input, size, scale, tint, "
                + "background, force-tint, recolor, out, format, rendering, vector, pdf-strokes, dark-tint, pixel-fit, exact-thin-strokes, image-dir, allow-absolute-images"),
            ("{\"jobs\": [{\(job), \"size\": \"24\"}]}",
             "FILE:1:52: jobs[0].size: expected a whole number or an array of them, not a string (\"24\")"),
            ("{\"jobs\": [{\(job), \"size\": [24, 0]}]}",
             "FILE:1:57: jobs[0].size[1] takes a whole number from 1 to 8192, not \"0\""),
            ("{\"jobs\": [{\(job), \"size\": 24.5}]}",
             "FILE:1:52: jobs[0].size: expected a whole number or an array of them, not 24.5"),
            ("{\"jobs\": [{\(job), \"size\": 24, \"tint\": [\"#0a84ff\", \"#0a84fg\"]}]}",
             "FILE:1:76: jobs[0].tint[1] \"#0a84fg\" is not a colour; use #rrggbb, rrggbb, #rgb, rgb(r,g,b), hsl(…) or a CSS name like dodgerblue"),
            ("{\"jobs\": [{\(job), \"size\": 24, \"recolor\": \"yes\"}]}",
             "FILE:1:67: jobs[0].recolor: expected true or false, not a string (\"yes\")"),
            ("{\"jobs\": [{\(job), \"size\": 24, \"format\": \"svg\"}]}",
             "FILE:1:66: jobs[0].format takes png, xcassets, android, android-vector, pdf, ico or icns, not \"svg\"; did you mean png?"),
            ("{\"jobs\": [{\(job), \"size\": 24, \"format\": [\"png\"]}]}",
             "FILE:1:66: jobs[0].format: expected one of the strings \"png\", \"xcassets\", \"android\", \"android-vector\", \"pdf\", \"ico\" or \"icns\", not an array (an array)"),
            ("{\"jobs\": [{\"name\": \"ios\", \(job)}]}",
             "FILE:1:11: jobs[0] (ios): no \"size\": the icon size in pixels (\"size\": 24, or several: \"size\": [24, 48]); only the ico and icns formats have default sizes"),
            ("{\"jobs\": [{\"input\": \"Icons\", \"size\": 24}]}",
             "FILE:1:11: jobs[0]: no \"out\": the folder to write to (\"out\": \"build/png\")"),
            ("{\"jobs\": [{\"out\": \"out\", \"size\": 24}]}",
             "FILE:1:11: jobs[0]: no \"input\": the folder of icons to convert (\"input\": \"Icons\", or several: [\"Icons\", \"More\"])"),
            ("{\"jobs\": [{\(job), \"size\": 24, \"rendering\": \"template\"}]}",
             "FILE:1:11: jobs[0]: \"rendering\" sets the asset catalog's template-rendering-intent; it needs \"format\" xcassets"),
            ("{\"jobs\": [{\(job), \"size\": 24, \"jobs\": 2}]}",
             "FILE:1:56: jobs[0].jobs: \"jobs\" is not a job key: how many icons are converted at once depends on the machine, not the project: pass --jobs N to svgicon build"),
            ("{\"jobs\": [{\(job), \"size\": 24, \"sizes\": 48}]}",
             "FILE:1:56: jobs[0].sizes: \"sizes\" and another spelling of --size are both given; keep one"),
            ("{\"job\": []}",
             "FILE:1:2: job: unknown key \"job\" at the top level; did you mean \"jobs\"? keys: jobs, defaults, golden, no-cache, cache-dir, cache-max"),
            ("{\"size\": 24, \"jobs\": []}",
             "FILE:1:2: size: \"size\" is a job key (--size): put it in a job, or in \"defaults\" for every job"),
            ("{\"jobs\": []}", "FILE:1:10: jobs: no jobs: add at least one { \"input\": …, \"out\": …, \"size\": … }"),
            ("{\"jobs\": {}}", "FILE:1:10: jobs: \"jobs\" is an array of jobs ([ { … } ]), not an object"),
            ("[]", "FILE:1:1: the file is an object ({ … }), not an array"),
            ("{\"defaults\": {\"name\": \"x\"}, \"jobs\": []}", "FILE:1:15: defaults.name: a name belongs to one job, not to \"defaults\""),
            ("{\"jobs\": [{\"name\": \"a\", \(job), \"size\": 1}, {\"name\": \"a\", \(job), \"size\": 2}]}",
             "FILE:1:69: jobs[1]: the name \"a\" is taken by the job at FILE:1:11; names pick jobs to run, so each must be its own"),
            ("{\"jobs\": [{\(job), \"size\": 24,}]}",
             "FILE:1:55: a trailing comma before '}' is not JSON; remove it (svgicon.json is strict JSON: double quotes, no comments, no trailing commas)"),
            ("{\"jobs\": [{\(job), \"size\": 24, \"size\": 48}]}",
             "FILE:1:56: \"size\" is given twice (first at 1:44); give it once (svgicon.json is strict JSON: double quotes, no comments, no trailing commas)"),
            ("{\n  // comment\n  \"jobs\": []\n}",
             "FILE:2:3: expected a key in double quotes, found '/' (svgicon.json is strict JSON: double quotes, no comments, no trailing commas)"),
            ("{\"jobs\": [{'input': 'Icons'}]}",
             "FILE:1:12: expected a key in double quotes, found ''' (svgicon.json is strict JSON: double quotes, no comments, no trailing commas)"),
        ]
        for (json, expected) in cases {
            #expect(box.refusal(json) == "svgicon: error: " + expected, "\(json)")
        }
    }

    @Test("Two inputs of one job that would write the same file are refused, naming both")
    func inputCollision() {
        let box = ProjectSandbox()
        box.scratch.copyIcons(["tab-shop"], to: "More")
        #expect(box.refusal("{\"jobs\": [{\"input\": [\"Icons\", \"More\"], \"out\": \"out\", \"size\": 24}]}")
                == "svgicon: error: FILE:1:11: jobs[0]: \(box.root)/Icons/tab-shop.svg and \(box.root)/More/tab-shop.svg would both "
                + "write \(box.root)/out/tab-shop.png; rename one, or give each input its own job")
    }

    @Test("svgicon.json is found here or in the nearest folder above; without one build says what to do")
    func finding() throws {
        let box = ProjectSandbox()
        box.write("{\"jobs\": []}")
        try FileManager.default.createDirectory(atPath: box.root + "/a/b", withIntermediateDirectories: true)
        #expect(ProjectFile.find(from: box.root + "/a/b") == box.root + "/svgicon.json")
        #expect(ProjectFile.find(from: box.root + "/a/b/") == box.root + "/svgicon.json")
        #expect(ProjectFile.find(from: "/") == nil || FileManager.default.fileExists(atPath: "/svgicon.json"))
    }

    @Test("batch with no folder runs svgicon.json's jobs as build does; with job options and no folder it is a usage error")
    func batchWithoutFolder() throws {
        let box = ProjectSandbox()
        box.write("{\"jobs\": [{\"input\": \"Icons\", \"out\": \"out\", \"size\": 16}]}")
        let output = CapturedOutput()
        let code = try BatchCommand.main(["--quiet", "--cache-dir", box.root + "/cache"], output: output,
                                         projectFrom: box.root + "/Icons")
        #expect(code == 0, "\(output.error)")
        #expect(box.files("out") == ["tab-cart.png", "tab-shop.png"])
        do {
            _ = try BatchCommand.main(["--size", "24"], output: CapturedOutput(), projectFrom: box.root)
            Issue.record("batch --size 24 without a folder was accepted")
        } catch {
            #expect(error.description.contains("batch needs a folder of .svg files: svgicon batch icons/ --out png/ --size 24"),
                    "\(error.description)")
        }
    }

    @Test("sheet with no folder shows every job's input folders, each once")
    func sheetWithoutFolder() throws {
        let box = ProjectSandbox()
        box.scratch.copyIcons(["tab-person"], to: "More")
        box.write("{\"jobs\": [{\"input\": [\"Icons\", \"More\"], \"out\": \"a\", \"size\": 16}, {\"input\": \"Icons\", \"out\": \"b\", \"size\": 24}]}")
        let sheet = try SheetCommand.parse(try SheetCommand.spec.parse(["-o", box.root + "/sheet.png"]), projectFrom: box.root + "/More")
        #expect(sheet.inputs == [box.root + "/Icons", box.root + "/More"])
        #expect(try sheet.iconFiles().map { ($0 as NSString).lastPathComponent } == ["tab-cart.svg", "tab-shop.svg", "tab-person.svg"])
    }

    @Test("golden takes its folders from svgicon.json's \"golden\" when given none; the command line's win")
    func goldenFolders() throws {
        let box = ProjectSandbox(icons: ["tab-shop"])
        box.write("{\"golden\": {\"icons\": \"Icons\", \"goldens\": \"Tests/Goldens\"}}")
        try FileManager.default.createDirectory(atPath: box.root + "/Sources/deep", withIntermediateDirectories: true)
        let update = try GoldenCommand.parse(try GoldenCommand.spec.parse(["update", "--size", "16", "--tint", "none"]),
                                             projectFrom: box.root + "/Sources/deep")
        #expect(update.iconsFolder == box.root + "/Icons" && update.goldensFolder == box.root + "/Tests/Goldens")
        let output = CapturedOutput()
        #expect(try update.update(output) == 0)
        #expect(FileManager.default.fileExists(atPath: box.root + "/Tests/Goldens/tab-shop-16.png"))
        let given = try GoldenCommand.parse(try GoldenCommand.spec.parse(["check", "--goldens", "G"]), projectFrom: box.root)
        #expect(given.iconsFolder == box.root + "/Icons" && given.goldensFolder == "G")
        #expect(box.refusal("{\"golden\": {\"icon\": \"Icons\"}}")
                == "svgicon: error: FILE:1:13: golden.icon: unknown key \"icon\" in \"golden\"; did you mean \"icons\"? keys: icons, goldens")
        box.write("{\"golden\": {\"icons\": \"Icons\"}}")
        #expect(box.build().output.error.hasPrefix("svgicon: error: \(box.file) declares no \"jobs\", only \"golden\""))
    }

    @Test("The file's cache keys are used; the command line's override them")
    func cacheKeys() throws {
        let box = ProjectSandbox(icons: ["tab-shop"])
        box.write("{\"cache-dir\": \"project-cache\", \"jobs\": [{\"input\": \"Icons\", \"out\": \"out\", \"size\": 24}]}")
        #expect(runCLI(["build", "--project", box.file, "--json"]).code == 0)
        #expect(FileManager.default.fileExists(atPath: box.root + "/project-cache"))
        let (_, output) = runCLI(["build", "--project", box.file, "--json", "--no-cache"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.out)) as? [String: Any])
        let batch = try #require(((json["jobs"] as? [[String: Any]])?.first?["batches"] as? [[String: Any]])?.first)
        #expect(batch["cache"] == nil)
    }
}

@Suite("JSONReader")
struct JSONReaderTests {
    @Test("Values, escapes and positions (columns count characters, not bytes)")
    func values() throws {
        let root = try JSONReader.parse(Array("{\"é\": [1, -2.5e1, true, null],\n \"s\": \"a\\n\\u00e9\\ud83d\\ude00\"}".utf8))
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["é", "s"])
        #expect(members[1].line == 2 && members[1].column == 2)
        guard case .array(let list) = members[0].value.value else { Issue.record("not an array"); return }
        #expect(list.map(\.value) == [.number(1, text: "1"), .number(-25, text: "-2.5e1"), .bool(true), .null])
        #expect(list[1].column == 11)
        #expect(members[1].value.value == .string("a\né😀"))
    }

    @Test("Malformed JSON is refused with the place and what was expected")
    func malformed() {
        let cases: [(String, String)] = [
            ("", "1:1: expected a value (a string, number, true, false, null, array or object), found end of file"),
            ("{\"a\": 1} x", "1:10: unexpected 'x' after the end of the JSON value"),
            ("[1 2]", "1:4: expected ',' or ']' after an array element, found '2'"),
            ("{\"a\" 1}", "1:6: expected ':' after the key \"a\", found '1'"),
            ("[\"a\nb\"]", "1:4: line break inside a string; write \\n, or close the string with '\"'"),
            ("[01]", "1:4: numbers do not start with 0 in JSON"),
            ("[tru]", "1:2: expected a value, found 't' (strings take double quotes)"),
            ("[\"\\x\"]", "1:4: unknown escape \\x in a string"),
            ("[1,]", "1:4: a trailing comma before ']' is not JSON; remove it"),
            (String(repeating: "[", count: 65), "1:65: nested more than 64 levels deep"),
        ]
        for (text, expected) in cases {
            #expect(throws: JSONReader.Failure.self, "\(text)") { try JSONReader.parse(Array(text.utf8)) }
            do {
                _ = try JSONReader.parse(Array(text.utf8))
            } catch {
                #expect(error.description == expected, "\(text)")
            }
        }
    }
}
