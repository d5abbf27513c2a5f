import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon sheet <DIR | FILE.svg>… [-o FILE] [--size N] [--tint C] [--columns N] [--limit N] [--index FILE]`
struct SheetCommand: RunnableCommand {
    static let spec = CommandSpec(
        name: "sheet",
        summary: "Draw every icon of a folder in one PNG grid, on light and dark",
        usage: ["sheet <DIR | FILE.svg>… [-o FILE|DIR] [--size N] [--tint COLOR]",
                "      [--recolor] [--columns N] [--limit N] [--index FILE.md] [-q]"],
        description: """
            Draws every icon of the given folders (every .svg below them, any case, as batch finds them, in \
            path order) and files (in the order given) into one PNG: a grid of cells, each holding the icon \
            twice, on a light tile and on a dark tile, so a whole set can be eyeballed at once. Every fifth \
            grid line is darker, to count rows and columns by. An icon that fails to load is drawn as a red \
            cross and makes the exit code 1.

            svgicon draws no text, so the sheet is identified by its order: the names are printed row by row \
            on standard output ("row 3: bell, bookmark, …"), and --index writes the same grid as a Markdown table.
            """,
        groups: [
            OptionGroup(title: "SIZE", options: [
                SharedOptions.size(list: false, range: 1...512,
                                   help: "Icon size in pixels, 1–512 (default 24); tiles add padding around it"),
            ]),
            OptionGroup(title: "COLOUR", options: [
                SharedOptions.tint(list: false, help: "Colour for currentColor and unspecified paints on both tiles (default black on the light tile, white on the dark one)"),
                SharedOptions.forceTint,
                SharedOptions.recolor,
            ]),
            OptionGroup(title: "OUTPUT", options: [
                SharedOptions.output("The PNG to write (default sheet.png; a folder gets sheet.png inside it)", placeholder: "FILE|DIR"),
                OptionSpec(names: ["--columns", "-c"], kind: .integer(1...1000), placeholder: "N",
                           help: "Cells per row (default: a landscape grid about 2.5 times as wide as high)"),
                OptionSpec(names: ["--limit"], kind: .integer(1...1_000_000), placeholder: "N", help: "Only the first N icons"),
                OptionSpec(names: ["--index"], kind: .file, placeholder: "FILE",
                           help: "Also write the grid of names as a Markdown table (FILE.md)"),
                SharedOptions.quiet("Print nothing but errors"),
            ]),
            SharedOptions.fitting,
        ],
        examples: [
            "svgicon sheet Icons -o icons.png",
            "svgicon sheet Icons --size 48 --tint '#0a84ff' -c 6 -o i48.png --index i48.md",
            "svgicon sheet node_modules/lucide-static/icons --limit 200 -o lucide.png",
        ])

    /// Largest side of a sheet in pixels.
    static let maxSide = 16384

    var inputs: [String] = []
    var output = "sheet.png"
    var size = 24
    var tint: SVGColor? = nil
    var columns: Int? = nil
    var limit: Int? = nil
    var indexFile: String? = nil
    var quiet = false
    var forceTint = false
    var recolor = false
    var pixelFit = false
    var exactThinStrokes = false

    static func parse(_ parsed: ParsedArguments) throws(CLIError) -> SheetCommand {
        try parse(parsed, projectFrom: FileManager.default.currentDirectoryPath)
    }

    /// `parse`, looking for svgicon.json from `directory` up when no folder is given: the sheet then shows
    /// the input folders of every job of the file, each once, in the file's order.
    static func parse(_ parsed: ParsedArguments, projectFrom directory: String) throws(CLIError) -> SheetCommand {
        var command = SheetCommand()
        command.inputs = parsed.positionals
        if let output = parsed.text("--output") {
            command.output = RenderCommand.isFolder(output) ? (output.hasSuffix("/") ? output : output + "/") + "sheet.png" : output
        }
        if let size = parsed.integer("--size") { command.size = size }
        (command.tint, command.forceTint, command.recolor, command.pixelFit) = SharedOptions.paint(parsed)
        command.exactThinStrokes = parsed.flag("--exact-thin-strokes")
        command.columns = parsed.integer("--columns")
        command.limit = parsed.integer("--limit")
        command.indexFile = parsed.text("--index")
        command.quiet = parsed.flag("--quiet")
        if command.inputs.isEmpty, let path = ProjectFile.find(from: directory) {
            let project = try ProjectFile.load(path, jobs: 1, command: name)
            for folder in project.jobs.flatMap(\.batches).map(\.request.inputFolder) where !command.inputs.contains(folder) {
                command.inputs.append(folder)
            }
        }
        if command.inputs.isEmpty {
            throw CLIError.usage("sheet needs a folder of icons (or .svg files): svgicon sheet Icons -o sheet.png"
                                 + " (or an svgicon.json with jobs here or above)", command: name)
        }
        return command
    }

    /// The .svg files the inputs name: a folder's .svg files in name order, files as given.
    func iconFiles() throws(CLIError) -> [String] {
        var files: [String] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue {
                do {
                    files += try IconFolderScanner(folder: input).scan().icons.map { IconFolderScanner.join(input, $0) }
                } catch {
                    throw CLIError.failed(error.description)
                }
            } else {
                files.append(input)
            }
        }
        if let limit { files = Array(files.prefix(limit)) }
        if files.isEmpty {
            throw CLIError.failed("no .svg files in \(inputs.joined(separator: ", ")); nothing to draw")
        }
        return files
    }

    func run(_ io: CommandOutput) throws(CLIError) -> Int32 {
        let files = try iconFiles()
        var icons: [SVGIconDefinition?] = []
        var failures: [String] = []
        var withWarnings: [String] = []
        for file in files {
            do {
                let result = try SVGDocumentParser.parse(try FileIO.read(file), file: file,
                                                         options: SVGResolver.Options(tintOverridesColor: forceTint))
                icons.append(recolor ? result.icon.recolored() : result.icon)
                if !result.warnings.isEmpty { withWarnings.append(IconFolder.iconName(of: file)) }
            } catch {
                icons.append(nil)
                failures.append(error.description)
            }
        }
        var style = ContactSheet.Style(size: size)
        style.pixelFit = pixelFit
        style.exactThinStrokes = exactThinStrokes
        if let tint {
            style.lightTint = tint
            style.darkTint = tint
        }
        let sheet = ContactSheet(icons: icons, columns: columns.map { min($0, files.count) }, style: style)
        guard sheet.width <= Self.maxSide, sheet.height <= Self.maxSide else {
            throw CLIError.usage(
                "the sheet would be \(sheet.width)×\(sheet.height) pixels; the largest side is \(Self.maxSide). "
                    + "Use a smaller --size, other --columns, or --limit N icons", command: Self.name)
        }
        do {
            try FileIO.writeOutput(try PNGCodec.encode(sheet.render()), to: output)
        } catch {
            throw CLIError.failed("\(error)")
        }
        let names = files.map(IconFolder.iconName(of:))
        if let indexFile {
            do {
                try FileIO.writeOutput(Array(Self.markdownIndex(names, columns: sheet.columns).utf8), to: indexFile)
            } catch {
                throw CLIError.failed(error.description)
            }
        }
        if !quiet {
            io.printOut("\(output): \(files.count) icon\(files.count == 1 ? "" : "s"), \(sheet.columns) columns × "
                + "\(sheet.rows) rows at \(size) px, each cell light | dark, a darker grid line every "
                + "\(ContactSheet.guideEvery) rows and columns")
            for row in 0..<sheet.rows {
                let slice = names[(row * sheet.columns)..<min(names.count, (row + 1) * sheet.columns)]
                io.printOut("row \(row + 1): \(slice.joined(separator: ", "))")
            }
            if !withWarnings.isEmpty {
                io.printError("svgicon: warning: \(withWarnings.count) icon\(withWarnings.count == 1 ? " has" : "s have") "
                    + "features svgicon skips (see svgicon inspect FILE): \(withWarnings.joined(separator: ", "))")
            }
            io.printError("wrote \(output) (\(sheet.width)×\(sheet.height))")
        }
        for failure in failures {
            io.printError("svgicon: error: \(failure) (drawn as a red cross)")
        }
        return failures.isEmpty ? ExitCode.success : ExitCode.failure
    }

    /// The sheet's grid as a Markdown table: one row per sheet row, one column per sheet column.
    static func markdownIndex(_ names: [String], columns: Int) -> String {
        var lines = ["| row | " + (1...columns).map(String.init).joined(separator: " | ") + " |",
                     "|---|" + String(repeating: "---|", count: columns)]
        for start in stride(from: 0, to: names.count, by: columns) {
            var cells = names[start..<min(names.count, start + columns)].map { "`\($0)`" }
            cells += Array(repeating: "", count: columns - cells.count)
            lines.append("| \(start / columns + 1) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
