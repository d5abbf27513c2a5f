import Foundation
import Testing
import SVGIconCore
import SVGIconKit
import SVGIconTools
@testable import SVGIconCommands

/// Issue 21: the command line as a new user tries it — safe outputs, tinting designer exports, one
/// declaration per option.
@Suite("The command line, tried as a new user would")
struct NewUserTests {
    private let blackIcon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="black" d="M2 2h20v20H2z"/>\
        <path fill="#2e3436" fill-opacity="0.5" d="M4 4h4v4H4z"/></svg>
        """

    private func render(_ args: [String]) -> (code: Int32, output: CapturedOutput) {
        runCLI(["render"] + args + ["--no-cache"])
    }

    private func isPNG(_ path: String) -> Bool {
        (try? PNGCodec.decode(try FileIO.read(path))) != nil
    }

    // MARK: - Safe, honest outputs

    @Test("-o LINK writes the file the link points to and keeps the link")
    func throughSymlink() throws {
        let scratch = ScratchFolder()
        let real = scratch.path + "/real.png", link = scratch.path + "/l.png"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        let (code, output) = render([RepositoryPaths.icons + "/tab-shop.svg", "-s", "24", "-o", link])
        #expect(code == 0, "\(output.error)")
        let type = try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType
        #expect(type == .typeSymbolicLink)
        #expect(isPNG(real))
    }

    @Test("-o FIFO writes into the pipe and leaves it a pipe")
    func intoFIFO() throws {
        let scratch = ScratchFolder()
        let fifo = scratch.path + "/pipe.png"
        #expect(mkfifo(fifo, 0o644) == 0)
        let received = LockedBytes()
        let reader = Thread {
            let fd = open(fifo, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                received.append(buffer[0..<n])
            }
            close(fd)
            received.finish()
        }
        reader.start()
        let (code, output) = render([RepositoryPaths.icons + "/tab-shop.svg", "-s", "24", "-o", fifo])
        #expect(code == 0, "\(output.error)")
        received.wait()
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect((try? PNGCodec.decode(received.bytes))?.width == 24)
    }

    @Test("-o DIR, -o DIR/ and -o . mean NAME.png inside that folder", arguments: ["", "/"])
    func outputFolder(suffix: String) throws {
        let scratch = ScratchFolder()
        let (code, output) = render(["tab-shop", "--icons", RepositoryPaths.icons, "-s", "24", "--scale", "1,2",
                                     "-o", scratch.path + suffix])
        #expect(code == 0, "\(output.error)")
        #expect(isPNG(scratch.path + "/tab-shop.png"))
        #expect(isPNG(scratch.path + "/tab-shop@2x.png"))
        #expect(RenderCommand.outputPath(output: ".", stem: "bell", scale: 1, scaleCount: 1, isFolder: RenderCommand.isFolder)
                    == "./bell.png")
    }

    @Test("batch --out that cannot be made is reported once, up front, in svgicon's words (exit 1)")
    func unusableBatchOutput() {
        let scratch = ScratchFolder()
        let blocker = scratch.write("file", "x")
        let (code, output) = runCLI(["batch", RepositoryPaths.icons, "--out", blocker + "/o", "--size", "24", "--no-cache"])
        #expect(code == 1)
        let lines = output.error.split(separator: "\n")
        #expect(lines.count == 1, "\(output.error)")
        #expect(output.error.contains("--out \(blocker)/o: cannot create the folder: \(blocker) is a file; nothing was converted"))
    }

    @Test("batch DIR --out DIR converts next to the icons; an empty folder says so and exits 1")
    func batchIntoItselfAndEmpty() throws {
        let scratch = ScratchFolder()
        let icons = scratch.copyIcons(["tab-shop", "tab-cart"])
        let (code, output) = runCLI(["batch", icons, "--out", icons, "--size", "24", "--no-cache"])
        #expect(code == 0, "\(output.error)")
        #expect(output.error.contains("2 of 2 icons converted"), "\(output.error)")
        #expect(isPNG(icons + "/tab-shop.png"))
        let empty = scratch.path + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        _ = scratch.write("empty/README.md", "no icons")
        let (emptyCode, emptyOutput) = runCLI(["batch", empty, "--out", scratch.path + "/out", "--size", "24", "--no-cache"])
        #expect(emptyCode == 1)
        #expect(emptyOutput.error.contains("no icons in \(empty)"), "\(emptyOutput.error)")
        #expect(emptyOutput.error.contains("README.md"))
    }

    @Test("A PNG, JPEG, GIF or PDF given as the icon is named as such", arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], "is a PNG image"),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0], "is a JPEG image"),
        (Array("GIF89a....".utf8), "is a GIF image"),
        (Array("%PDF-1.7\n".utf8), "is a PDF document"),
    ] as [([UInt8], String)])
    func foreignFiles(bytes: [UInt8], message: String) throws {
        let scratch = ScratchFolder()
        let file = scratch.path + "/x.png"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let (code, output) = render([file, "-s", "24", "-o", scratch.path + "/out.png"])
        #expect(code == 1)
        #expect(output.error.contains("\(file): \(message)"), "\(output.error)")
    }

    @Test("A gzip-compressed .svgz is read")
    func svgz() throws {
        let scratch = ScratchFolder()
        let gz = Process()
        gz.executableURL = URL(fileURLWithPath: "/bin/sh")
        gz.arguments = ["-c", "gzip -c '\(RepositoryPaths.icons)/tab-shop.svg' > '\(scratch.path)/shop.svgz'"]
        try gz.run()
        gz.waitUntilExit()
        let (code, output) = render([scratch.path + "/shop.svgz", "-s", "24", "-o", scratch.path + "/"])
        #expect(code == 0, "\(output.error)")
        #expect(isPNG(scratch.path + "/shop.png"))
    }

    @Test("--background none is accepted (no background)")
    func backgroundNone() throws {
        let scratch = ScratchFolder()
        let (code, output) = render([RepositoryPaths.icons + "/tab-shop.svg", "-s", "24", "-b", "none", "-o", scratch.path + "/a.png"])
        #expect(code == 0, "\(output.error)")
        let png = try PNGCodec.decode(try FileIO.read(scratch.path + "/a.png"))
        #expect(png.straightAlphaRGBA()[3] == 0)
    }

    @Test("A cache folder that cannot be made is reported in svgicon's words")
    func cacheErrorWords() {
        let scratch = ScratchFolder()
        let blocker = scratch.write("file", "x")
        let (code, output) = runCLI(["render", RepositoryPaths.icons + "/tab-shop.svg", "-s", "24", "-o", scratch.path + "/a.png",
                                     "--cache-dir", blocker + "/cache"])
        #expect(code == 0)
        #expect(output.error.contains("cannot create the folder: \(blocker) is a file"), "\(output.error)")
        #expect(!output.error.contains("operation could not be completed"))
    }

    // MARK: - Tinting real exports

    @Test("A tint nothing takes is warned about, naming the file and --recolor")
    func tintNotTaken() throws {
        let scratch = ScratchFolder()
        let file = scratch.write("export.svg", blackIcon)
        let (code, output) = render([file, "-s", "24", "-t", "red", "-o", scratch.path + "/a.png"])
        #expect(code == 0)
        #expect(output.error.contains("svgicon: warning: \(file): no paint takes the tint"), "\(output.error)")
        #expect(output.error.contains("--recolor"))
        let untinted = render([file, "-s", "24", "-o", scratch.path + "/b.png"])
        #expect(!untinted.output.error.contains("warning"))
        let icons = scratch.path + "/icons"
        try FileManager.default.createDirectory(atPath: icons, withIntermediateDirectories: true)
        _ = scratch.write("icons/export.svg", blackIcon)
        let batch = runCLI(["batch", icons, "--out", scratch.path + "/png", "--size", "24", "--tint", "red", "--no-cache"])
        #expect(batch.output.error.contains("1 icon takes no tint"), "\(batch.output.error)")
        #expect(batch.output.error.contains("--recolor"))
    }

    @Test("--recolor paints every shape in the tint, keeping each paint's alpha")
    func recolor() throws {
        let scratch = ScratchFolder()
        let file = scratch.write("export.svg", blackIcon)
        let (code, output) = render([file, "-s", "24", "-t", "#ff0000", "--recolor", "-o", scratch.path + "/a.png"])
        #expect(code == 0, "\(output.error)")
        #expect(!output.error.contains("warning"))
        let rgba = try PNGCodec.decode(try FileIO.read(scratch.path + "/a.png")).straightAlphaRGBA()
        for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i + 3] > 0 {
            #expect(rgba[i] == 0xff && rgba[i + 1] == 0 && rgba[i + 2] == 0)
        }
        // The half-transparent square over the opaque one still composites to opaque red.
        #expect(rgba[(5 * 24 + 5) * 4 + 3] == 255)
        for command in ["batch", "sheet", "golden"] {
            #expect(SVGIconCLI.command(named: command)!.spec.option(named: "--recolor") != nil, "\(command)")
        }
    }

    // MARK: - One declaration per option

    @Test("Every option a command accepts is in its help, and each is parsed by that table")
    func optionsInHelp() throws {
        for command in SVGIconCLI.commands {
            let help = command.help
            for option in command.spec.allOptions {
                for name in option.allNames {
                    #expect(help.contains(name), "\(command.name) --help lacks \(name)")
                }
            }
            for line in help.split(separator: "\n") {
                #expect(line.count <= 80, "\(command.name) --help line over 80 columns: \(line)")
            }
        }
        for line in HelpText.overview.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }

    @Test("-h and --help are help, -V and --version the version, in every command")
    func helpAndVersionEverywhere() {
        for command in SVGIconCLI.commands {
            for flag in ["-h", "--help"] {
                let (code, output) = runCLI([command.name, flag])
                #expect(code == 0 && output.outText.hasPrefix("USAGE"), "\(command.name) \(flag)")
            }
            for flag in ["-V", "--version"] {
                let (code, output) = runCLI([command.name, flag])
                #expect(code == 0 && output.outText == "svgicon \(SVGIconCLI.version)\n", "\(command.name) \(flag)")
            }
        }
        #expect(runCLI(["help", "help"]).code == 0)
        #expect(runCLI(["-V"]).output.outText == "svgicon \(SVGIconCLI.version)\n")
    }

    @Test("--size/--tint everywhere, --sizes/--tints as aliases")
    func oneSpelling() throws {
        for command in ["render", "batch", "sheet", "golden", "bench"] {
            let spec = SVGIconCLI.command(named: command)!.spec
            #expect(spec.option(named: "--size")?.aliases.contains("--sizes") == true, "\(command)")
            if command != "bench" {
                #expect(spec.option(named: "--tint")?.aliases.contains("--tints") == true, "\(command)")
            }
        }
        #expect(try GoldenCommand.parse(["check", "--size", "16", "--tint", "none,0a84ff"]).sizes == [16])
        #expect(try GoldenCommand.parse(["check", "--sizes", "16"]).sizes == [16])
        #expect(try RenderCommand.parse(["x", "--sizes", "16"]).size == 16)
        #expect(try RenderCommand.parse(["x", "-H", "16"]).height == 16)
    }

    @Test("Usage errors print their hint once, with a did-you-mean", arguments: [
        (["rendr"], "did you mean `svgicon render`?"),
        (["render", "x", "--sise", "24"], "unknown option --sise for `svgicon render`; did you mean --size?"),
        (["batch", "in", "--out", "o", "--size", "24", "--format", "pgn"], "did you mean png?"),
        (["cache", "stat"], "did you mean stats?"),
        (["help", "rendr"], "did you mean `svgicon help render`?"),
    ])
    func didYouMean(args: [String], message: String) {
        let (code, output) = runCLI(args)
        #expect(code == 2)
        #expect(output.error.contains(message), "\(output.error)")
        #expect(output.error.components(separatedBy: "Run `svgicon").count == 2, "\(output.error)")
    }

    @Test("svgicon completions bash completes subcommands and options in a real bash")
    func bashCompletion() throws {
        let scratch = ScratchFolder()
        let script = scratch.path + "/svgicon.bash"
        let (code, output) = runCLI(["completions", "bash"])
        #expect(code == 0)
        try output.outText.write(toFile: script, atomically: true, encoding: .utf8)
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["--norc", "-c", """
            source '\(script)'
            complete -p svgicon
            COMP_WORDS=(svgicon ren); COMP_CWORD=1; _svgicon; echo "1:${COMPREPLY[*]}"
            COMP_WORDS=(svgicon render --ti); COMP_CWORD=2; _svgicon; echo "2:${COMPREPLY[*]}"
            COMP_WORDS=(svgicon batch x --format a); COMP_CWORD=4; _svgicon; echo "3:${COMPREPLY[*]}"
            COMP_WORDS=(svgicon golden u); COMP_CWORD=2; _svgicon; echo "4:${COMPREPLY[*]}"
            """]
        let pipe = Pipe()
        bash.standardOutput = pipe
        try bash.run()
        bash.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("-F _svgicon svgicon"), "\(text)")
        #expect(text.contains("1:render\n"), "\(text)")
        #expect(text.contains("2:--tint --tints\n"), "\(text)")
        #expect(text.contains("3:android android-vector\n"), "\(text)")
        #expect(text.contains("4:update\n"), "\(text)")
        #expect(runCLI(["completions", "zsh"]).output.outText.hasPrefix("#compdef svgicon"))
        #expect(runCLI(["completions", "fish"]).output.outText.contains("complete -c svgicon"))
        #expect(runCLI(["man"]).output.outText.hasPrefix(".TH SVGICON 1"))
    }

    // MARK: - One discovery rule

    @Test("sheet finds icons as batch does: subfolders and .SVG in any case")
    func sheetDiscovery() throws {
        let scratch = ScratchFolder()
        let icons = scratch.copyIcons(["tab-shop"])
        try FileManager.default.createDirectory(atPath: icons + "/nav", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: RepositoryPaths.icons + "/tab-cart.svg", toPath: icons + "/nav/tab-cart.svg")
        try FileManager.default.copyItem(atPath: RepositoryPaths.icons + "/tab-person.svg", toPath: icons + "/UPPER.SVG")
        let (code, output) = runCLI(["sheet", icons, "-o", scratch.path + "/s.png"])
        #expect(code == 0, "\(output.error)")
        #expect(output.outText.contains("3 icons"), "\(output.outText)")
        #expect(output.outText.contains("UPPER"))
    }

    @Test("render NAME.svg and render dir/NAME --icons DIR resolve as the library's lookup does")
    func renderLookup() throws {
        let scratch = ScratchFolder()
        let icons = scratch.copyIcons(["tab-shop"])
        try FileManager.default.createDirectory(atPath: icons + "/nav", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: RepositoryPaths.icons + "/tab-cart.svg", toPath: icons + "/nav/bell.svg")
        for name in ["tab-shop.svg", "nav/bell"] {
            let (code, output) = render([name, "--icons", icons, "-s", "24", "-o", scratch.path + "/"])
            #expect(code == 0, "\(name): \(output.error)")
        }
        #expect(isPNG(scratch.path + "/tab-shop.png"))
        #expect(isPNG(scratch.path + "/bell.png"))
    }
}

/// Bytes a reader thread collects, and a wait for it to finish.
private final class LockedBytes: @unchecked Sendable {
    private let lock = NSCondition()
    private var collected: [UInt8] = []
    private var done = false

    func append(_ part: ArraySlice<UInt8>) { lock.withLock { collected += part } }
    func finish() { lock.withLock { done = true; lock.broadcast() } }
    func wait() { lock.withLock { while !done { lock.wait() } } }
    var bytes: [UInt8] { lock.withLock { collected } }
}
