import Foundation
import Testing
import SVGIconKit
import SVGIconTools
@testable import SVGIconCommands

@Suite("svgicon render")
struct RenderCommandTests {
    /// Runs the CLI; renders bypass the user's render cache (the cache has its own tests).
    private func run(_ args: [String]) -> (code: Int32, output: CapturedOutput) {
        let output = CapturedOutput()
        let code = SVGIconCLI.run(args.first == "render" && args.count > 1 ? args + ["--no-cache"] : args, output: output)
        return (code, output)
    }

    private func temporaryFolder() -> String {
        let path = NSTemporaryDirectory() + "svgicon-cli-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("render NAME --size 24 --tint writes a 24×24 PNG whose painted pixels are exactly the tint")
    func tintedRender() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/tab-shop.png"
        let (code, output) = run(["render", "tab-shop", "--icons", RepositoryPaths.icons, "--size", "24", "--tint", "#0a84ff", "-o", out])
        #expect(code == 0, "\(output.error)")
        let png = try PNGCodec.decode(try FileIO.read(out))
        #expect(png.width == 24 && png.height == 24)
        let rgba = png.straightAlphaRGBA()
        var painted = 0
        for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i + 3] > 0 {
            painted += 1
            #expect(rgba[i] == 0x0a && rgba[i + 1] == 0x84 && rgba[i + 2] == 0xff)
        }
        #expect(painted > 50)
        #expect(output.error == "wrote \(out) (24×24)\n")
    }

    @Test("Rendering again into a file that holds the same bytes leaves it alone; different bytes replace it")
    func upToDateOutput() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/tab-cart.png"
        let args = ["render", "tab-cart", "--icons", RepositoryPaths.icons, "--size", "24", "-o", out]
        #expect(run(args).code == 0)
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: out)
        let (code, output) = run(args)
        #expect(code == 0)
        #expect(output.error == "up to date: \(out) (24×24)\n")
        let kept = try FileManager.default.attributesOfItem(atPath: out)[.modificationDate] as? Date
        #expect(kept == old)
        let (tinted, tintedOutput) = run(args + ["--tint", "#ff0000"])
        #expect(tinted == 0)
        #expect(tintedOutput.error == "wrote \(out) (24×24)\n")
        let replaced = try FileManager.default.attributesOfItem(atPath: out)[.modificationDate] as? Date
        #expect(replaced != old)
    }

    @Test("--scale writes @2x/@3x files; --width keeps the aspect ratio")
    func scalesAndWidth() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (code, output) = run(["render", RepositoryPaths.icons + "/viewbox-wide.svg", "--width", "32", "--scale", "1,2",
                                  "-o", folder + "/wide.png", "-q"])
        #expect(code == 0, "\(output.error)")
        #expect(try PNGCodec.decode(try FileIO.read(folder + "/wide.png")).height == 16)
        let twice = try PNGCodec.decode(try FileIO.read(folder + "/wide@2x.png"))
        #expect(twice.width == 64 && twice.height == 32)
        #expect(output.error.isEmpty)
    }

    @Test("-o - writes the PNG to standard output, but never to a terminal")
    func standardOutput() throws {
        let (code, output) = run(["render", RepositoryPaths.icons + "/tab-cart.svg", "--size", "16", "-o", "-"])
        #expect(code == 0)
        #expect(try PNGCodec.decode(output.out).width == 16)
        let terminal = CapturedOutput()
        terminal.outputIsTerminal = true
        #expect(SVGIconCLI.run(["render", RepositoryPaths.icons + "/tab-cart.svg", "--size", "16", "-o", "-", "--no-cache"], output: terminal) == 2)
        #expect(terminal.error.contains("refusing to write PNG bytes to a terminal"))
    }

    @Test("Usage errors exit 2 with a message that says what to do", arguments: [
        (["render"], "render needs an icon"),
        (["render", "tab-shop", "--tint"], "quote it (--tint '#0a84ff') or drop the # (--tint 0a84ff)"),
        (["render", "tab-shop", "--size", "0"], "--size takes whole numbers from 1 to 8192, separated by commas, not \"0\""),
        (["render", "tab-shop", "--size", "100000"], "--size takes whole numbers from 1 to 8192"),
        (["render", "tab-shop", "--tint", "bluish"], "--tint \"bluish\" is not a colour"),
        (["render", "tab-shop", "--frobnicate"], "unknown option --frobnicate for `svgicon render`"),
        (["render", "tab-shop", "--size", "24", "--width", "30"], "use either --size or --width/--height"),
        (["explode"], "unknown command \"explode\""),
        (["icon.svg"], "did you mean `svgicon render icon.svg`?"),
    ] as [([String], String)])
    func usageErrors(args: [String], message: String) {
        let (code, output) = run(args)
        #expect(code == 2)
        #expect(output.error.contains(message), "\(output.error)")
    }

    @Test("Input failures exit 1 and name the file (and for XML the line and column)")
    func inputErrors() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bad = folder + "/bad.svg"
        try "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g>\n</svg>".write(toFile: bad, atomically: true, encoding: .utf8)
        let (code, output) = run(["render", bad, "--size", "24", "-o", folder + "/bad.png"])
        #expect(code == 1)
        #expect(output.error.hasPrefix("svgicon: error: \(bad):3:"), "\(output.error)")
        #expect(output.error.contains("Opening and ending tag mismatch"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad.png"))
        let (missingCode, missing) = run(["render", "no-such-icon", "--icons", folder])
        #expect(missingCode == 1)
        #expect(missing.error.contains("no icon named \"no-such-icon\" (looked for no-such-icon.svg in \(folder)/)"))
    }

    @Test("Unsupported elements are warned about once per element name, and the rest renders")
    func warnings() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/mixed.svg"
        try """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
          <text>a</text><text>b</text><rect width="10" height="10"/>
        </svg>
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let (code, output) = run(["render", file, "--size", "24", "-o", folder + "/mixed.png"])
        #expect(code == 0)
        #expect(output.error.components(separatedBy: "<text>: not supported").count == 2)
        #expect(output.error.contains("svgicon: warning: \(file):2: <text>: not supported; skipped"))
    }

    @Test("Colours in every command-line form", arguments: [
        ("#0a84ff", SVGColor(red: 10, green: 132, blue: 255)),
        ("0a84ff", SVGColor(red: 10, green: 132, blue: 255)),
        ("#08f", SVGColor(red: 0, green: 136, blue: 255)),
        ("08f", SVGColor(red: 0, green: 136, blue: 255)),
        ("rgb(10,132,255)", SVGColor(red: 10, green: 132, blue: 255)),
        ("dodgerblue", SVGColor(red: 30, green: 144, blue: 255)),
    ])
    func colours(text: String, expected: SVGColor) throws {
        #expect(try ColorArgument.parse(text, option: "--tint", command: "render") == expected)
    }

    @Test("--help, help render and --version")
    func help() {
        let (code, output) = run(["--help"])
        #expect(code == 0 && output.outText.contains("COMMANDS"))
        let (renderCode, render) = run(["help", "render"])
        #expect(renderCode == 0 && render.outText.contains("--tint COLOR"))
        #expect(run(["render", "--help"]).output.outText == render.outText)
        #expect(run(["--version"]).output.outText == "svgicon \(SVGIconCLI.version)\n")
        #expect(run([]).code == 2)
    }
}
