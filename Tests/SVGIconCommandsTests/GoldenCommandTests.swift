import Foundation
import Testing
import SVGIconKit
import SVGIconTools

@Suite("svgicon golden")
struct GoldenCommandTests {
    @Test("update records goldens and golden.json; check then passes with no options")
    func updateThenCheck() throws {
        let scratch = ScratchFolder()
        let icons = scratch.copyIcons(["tab-shop", "tab-cart"])
        let goldens = scratch.path + "/Goldens"
        let (code, update) = runCLI(["golden", "update", "--icons", icons, "--goldens", goldens,
                                     "--sizes", "16,24", "--tints", "none,0a84ff"])
        #expect(code == 0, "\(update.error)")
        let lines = update.outText.split(separator: "\n").map(String.init)
        #expect(lines.first == "wrote \(goldens)/golden.json (sizes 16, 24; tints none, #0a84ff; tolerance 1)")
        #expect(lines.filter { $0.hasPrefix("recorded ") }.count == 8)
        #expect(lines.contains("recorded tab-cart-24-0a84ff.png"))
        #expect(try GoldenConfiguration.load(from: goldens)
                == GoldenConfiguration(sizes: [16, 24], tints: [nil, "#0a84ff"], tolerance: 1))
        let (checkCode, check) = runCLI(["golden", "check", "--icons", icons, "--goldens", goldens])
        #expect(checkCode == 0)
        #expect(check.outText == "svgicon golden: all 8 renders match their goldens (sizes 16, 24; tints none, #0a84ff; tolerance 1).\n")
        let (againCode, again) = runCLI(["golden", "update", "--icons", icons, "--goldens", goldens])
        #expect(againCode == 0 && again.outText == "svgicon golden: every golden already matches; nothing changed.\n")
    }

    @Test("One changed golden pixel fails check with its numbers and a diff image; restoring it passes")
    func changedPixel() throws {
        let scratch = ScratchFolder()
        let icons = scratch.copyIcons(["tab-shop"])
        let goldens = scratch.path + "/Goldens"
        #expect(runCLI(["golden", "update", "--icons", icons, "--goldens", goldens, "--sizes", "24", "--tints", "none"]).code == 0)
        let goldenPath = goldens + "/tab-shop-24.png"
        let original = try FileIO.read(goldenPath)
        var golden = try PNGCodec.decode(original)
        let i = (12 * 24 + 12) * 4
        #expect(golden.data[i + 3] == 0, "the centre of tab-shop is empty")
        golden.data[i + 3] = 1
        try FileIO.writeAtomically(try PNGCodec.encode(golden), to: goldenPath)

        let (code, check) = runCLI(["golden", "check", "--icons", icons, "--goldens", goldens])
        #expect(code == 1)
        let diffPath = goldens + "/_failures/tab-shop-24.diff.png"
        #expect(check.outText.contains(
            "FAIL tab-shop-24.png: 1 of 576 pixels differ by more than 1 (max difference 255 of 255); expected | difference | actual: \(diffPath)"),
            "\(check.outText)")
        #expect(check.outText.contains("1 of 1 renders differ"))
        let diff = try PNGCodec.decode(try FileIO.read(diffPath))
        #expect(diff.width == 3 * 192 + 2 * 4 && diff.height == 192)
        // The difference panel is red exactly where the pixel changed (8× zoom: pixel 12,12 → 96…103).
        let (r, g, b, _) = diff.pixel(x: 196 + 99, y: 99)
        #expect(r == 255 && g == 0 && b == 0)
        #expect(diff.pixel(x: 196 + 20, y: 20).g > 200)

        try FileIO.writeAtomically(original, to: goldenPath)
        #expect(runCLI(["golden", "check", "--icons", icons, "--goldens", goldens]).code == 0)
        #expect(!FileManager.default.fileExists(atPath: diffPath), "a passing check removes old difference images")
    }

    @Test("Missing and extra goldens fail check; update records and removes them and says so")
    func missingAndExtra() throws {
        let scratch = ScratchFolder()
        let icons = scratch.copyIcons(["tab-shop", "tab-cart"])
        let goldens = scratch.path + "/Goldens"
        #expect(runCLI(["golden", "update", "--icons", icons, "--goldens", goldens, "--sizes", "16", "--tints", "none"]).code == 0)
        try FileManager.default.removeItem(atPath: goldens + "/tab-cart-16.png")
        try FileManager.default.copyItem(atPath: goldens + "/tab-shop-16.png", toPath: goldens + "/old-icon-16.png")
        let (code, check) = runCLI(["golden", "check", "--icons", icons, "--goldens", goldens])
        #expect(code == 1)
        #expect(check.outText.contains("FAIL tab-cart-16.png: missing (no golden recorded for this icon, size and tint)"))
        #expect(check.outText.contains("FAIL old-icon-16.png: extra (no icon, size and tint renders it)"))
        #expect(check.outText.contains("1 golden missing, 1 extra golden"))
        let (updateCode, update) = runCLI(["golden", "update", "--icons", icons, "--goldens", goldens])
        #expect(updateCode == 0)
        #expect(update.outText.contains("recorded tab-cart-16.png\nremoved old-icon-16.png (no icon, size and tint renders it any more)\n"))
        #expect(update.outText.contains("2 golden files changed"))
        #expect(runCLI(["golden", "check", "--icons", icons, "--goldens", goldens]).code == 0)
    }

    @Test("check without recorded goldens says how to record them; a broken icon fails its goldens")
    func inputFailures() throws {
        let scratch = ScratchFolder()
        let icons = scratch.copyIcons(["tab-shop"])
        let (code, check) = runCLI(["golden", "check", "--icons", icons, "--goldens", scratch.path + "/None"])
        #expect(code == 1)
        #expect(check.error.contains("None/golden.json not found, so there are no goldens to check. Record them first: svgicon golden update"))
        let goldens = scratch.path + "/Goldens"
        #expect(runCLI(["golden", "update", "--icons", icons, "--goldens", goldens, "--sizes", "16", "--tints", "none"]).code == 0)
        try "<svg xmlns=\"http://www.w3.org/2000/svg\"><g></svg>".write(toFile: icons + "/tab-shop.svg", atomically: true, encoding: .utf8)
        let (brokenCode, broken) = runCLI(["golden", "check", "--icons", icons, "--goldens", goldens])
        #expect(brokenCode == 1)
        #expect(broken.outText.contains("FAIL tab-shop-16.png: the icon did not load: \(icons)/tab-shop.svg:1:"))
        let (updateCode, update) = runCLI(["golden", "update", "--icons", icons, "--goldens", goldens])
        #expect(updateCode == 1)
        #expect(update.outText.contains("FAILED tab-shop-16.png: the icon did not load, its golden was kept"))
        #expect(FileManager.default.fileExists(atPath: goldens + "/tab-shop-16.png"))
        // (scratch.path itself holds Icons/, which the scan finds: an empty folder is needed.)
        try FileManager.default.createDirectory(atPath: scratch.path + "/Empty/sub", withIntermediateDirectories: true)
        let (emptyCode, empty) = runCLI(["golden", "check", "--icons", scratch.path + "/Empty", "--goldens", goldens])
        #expect(emptyCode == 1 && empty.error.contains("holds no .svg or .svgz files at any depth; nothing to check"))
    }

    @Test("Usage errors exit 2", arguments: [
        (["golden"], "golden needs an action"),
        (["golden", "verify"], "golden takes one action, check or update, not verify"),
        (["golden", "check", "--tints", "none,bluish"], "--tints \"bluish\" is not a colour"),
        (["golden", "check", "--sizes", "0"], "--sizes takes whole numbers from 1 to 1024"),
        (["golden", "check", "--tolerance", "300"], "--tolerance takes a whole number from 0 to 255"),
    ] as [([String], String)])
    func usage(arguments: [String], message: String) {
        expectUsageError(arguments, message)
    }

    @Test("Tints keep the commas inside rgb() and are stored as #rrggbb")
    func tintList() throws {
        let scratch = ScratchFolder()
        let icons = scratch.copyIcons(["tab-shop"])
        let goldens = scratch.path + "/Goldens"
        #expect(runCLI(["golden", "update", "--icons", icons, "--goldens", goldens, "--sizes", "16",
                        "--tints", "none, rgb(255,59,48),dodgerblue"]).code == 0)
        #expect(try GoldenConfiguration.load(from: goldens)?.tints == [nil, "#ff3b30", "#1e90ff"])
        #expect(FileManager.default.fileExists(atPath: goldens + "/tab-shop-16-ff3b30.png"))
    }

    @Test("Icons in subfolders (and .svgz) get goldens in the same subfolders; a break there names the relative path")
    func subfolders() throws {
        let scratch = ScratchFolder()
        let icons = scratch.copyIcons(["tab-shop"])
        scratch.copyIcons(["tab-cart"], to: "Icons/nav/deep")
        try gzip(RepositoryPaths.icons + "/tab-person.svg", to: icons + "/people/person.svgz")
        let goldens = scratch.path + "/Goldens"
        let (code, update) = runCLI(["golden", "update", "--icons", icons, "--goldens", goldens, "--size", "16", "--tint", "none"])
        #expect(code == 0, "\(update.error)")
        #expect(update.outText.contains("recorded nav/deep/tab-cart-16.png\nrecorded people/person-16.png\nrecorded tab-shop-16.png\n"),
                "\(update.outText)")
        #expect(FileManager.default.fileExists(atPath: goldens + "/nav/deep/tab-cart-16.png"))

        try FileManager.default.removeItem(atPath: goldens + "/nav/deep/tab-cart-16.png")
        try FileManager.default.copyItem(atPath: goldens + "/tab-shop-16.png", toPath: goldens + "/nav/deep/tab-cart-16.png")
        try FileManager.default.copyItem(atPath: goldens + "/tab-shop-16.png", toPath: goldens + "/nav/gone-16.png")
        let (checkCode, check) = runCLI(["golden", "check", "--icons", icons, "--goldens", goldens])
        #expect(checkCode == 1)
        let diffPath = goldens + "/_failures/nav/deep/tab-cart-16.diff.png"
        #expect(check.outText.contains("FAIL nav/deep/tab-cart-16.png: "), "\(check.outText)")
        #expect(check.outText.contains("expected | difference | actual: \(diffPath)"))
        #expect(check.outText.contains("FAIL nav/gone-16.png: extra (no icon, size and tint renders it)"))
        #expect(FileManager.default.fileExists(atPath: diffPath))

        let (againCode, again) = runCLI(["golden", "update", "--icons", icons, "--goldens", goldens])
        #expect(againCode == 0)
        #expect(again.outText.contains("removed nav/gone-16.png (no icon, size and tint renders it any more)"))
        #expect(runCLI(["golden", "check", "--icons", icons, "--goldens", goldens]).code == 0)
        #expect(!FileManager.default.fileExists(atPath: diffPath), "a passing check removes old difference images")
    }
}
