import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon sheet <DIR | FILE.svg>… [-o FILE] [--size N] [--tint C] [--columns N] [--limit N] [--index FILE]`
struct SheetCommand: CLICommand {
    static let name = "sheet"
    static let summary = "Draw every icon of a folder in one PNG grid, on light and dark"
    static var help: String { HelpText.sheet }

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

    static func main(_ arguments: [String], output: CommandOutput) throws(CLIError) -> Int32 {
        try parse(arguments).run(output)
    }

    static func parse(_ arguments: [String]) throws(CLIError) -> SheetCommand {
        var reader = ArgumentReader(arguments, command: name)
        var command = SheetCommand()
        command.inputs = try reader.positionals { o, reader throws(CLIError) in
            switch o {
            case "--output", "-o": command.output = try reader.value(for: o)
            case "--size", "-s": command.size = try reader.integer(for: o, range: 1...512)
            case "--tint", "-t":
                command.tint = try ColorArgument.parse(try reader.value(for: o, isColor: true), option: o, command: name)
            case "--columns", "-c": command.columns = try reader.integer(for: o, range: 1...1000)
            case "--limit": command.limit = try reader.integer(for: o, range: 1...1_000_000)
            case "--index": command.indexFile = try reader.value(for: o)
            case "--quiet", "-q": command.quiet = true
            default: return false
            }
            return true
        }
        if command.inputs.isEmpty {
            throw CLIError.usage("sheet needs a folder of icons (or .svg files): svgicon sheet Icons -o sheet.png",
                                 command: name)
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
                    files += try IconFolder.svgFiles(in: input)
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
                let result = try SVGDocumentParser.parse(try FileIO.read(file), file: file)
                icons.append(result.icon)
                if !result.warnings.isEmpty { withWarnings.append(IconFolder.iconName(of: file)) }
            } catch {
                icons.append(nil)
                failures.append(error.description)
            }
        }
        var style = ContactSheet.Style(size: size)
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
            try FileIO.writeAtomically(try PNGCodec.encode(sheet.render()), to: output)
        } catch {
            throw CLIError.failed("\(error)")
        }
        let names = files.map(IconFolder.iconName(of:))
        if let indexFile {
            do {
                try FileIO.writeAtomically(Array(Self.markdownIndex(names, columns: sheet.columns).utf8), to: indexFile)
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
