import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon swift <NAME | FILE.svg | - | DIR> [--name NAME] [--public] [-o FILE] [--icons DIR]`
struct SwiftCommand: CLICommand {
    static let spec = CommandSpec(
        name: "swift",
        summary: "Write icons as Swift code that draws identically",
        usage: ["swift <NAME | FILE.svg | -> [--name NAME] [--public] [-o FILE]",
                "swift <DIR> [--name TYPE] [--public] [-o FILE]"],
        description: """
            Writes Swift source that builds the icon with SVGIconCore's public initializers, so an app can \
            compile its icons in instead of loading SVG files:

              extension SVGIconDefinition {
                  static let tabShop = SVGIconDefinition(layers: [ … ])
              }

            For a folder, one `enum` holds every icon of it (its .svg files, not subfolders) and `all`, the \
            icons by file name: enum Icons { static let tabShop = …; static let all: [String: SVGIconDefinition] }

            The code draws exactly like the file: before writing, svgicon rebuilds the icon from the very values \
            the code spells out (numbers read back from their text, path data parsed back) and compares it with \
            the parsed file; anything that would differ is an error, and so is any SVG feature svgicon skips \
            (`svgicon inspect` lists them). Nothing is written then.
            """,
        groups: [
            OptionGroup(title: "OPTIONS", options: [
                OptionSpec(names: ["--name", "-n"], kind: .text, placeholder: "NAME",
                           help: "The Swift name (default: from the file name, tab-shop → tabShop; for a folder, from the folder name, Icons → Icons)"),
                OptionSpec(names: ["--public"], kind: .flag, help: "Declare the icons public (for a package that exports them)"),
                OptionSpec(names: ["--build-tool"], kind: .flag,
                           help: "Print errors as FILE:LINE:COLUMN: error: MESSAGE, as compilers do, so that Xcode and swift build show them on the file (what SVGIconPlugin passes)"),
                SharedOptions.output("Write to FILE (default: standard output)"),
                SharedOptions.iconFolders,
            ]),
        ],
        examples: [
            "svgicon swift tab-shop                      # prints the Swift code",
            "svgicon swift Icons --name AppIcons -o Sources/App/AppIcons.swift",
            "svgicon swift logo.svg --name brandLogo --public -o Sources/Brand/Logo.swift",
        ])

    var input = ""
    var swiftName: String? = nil
    var isPublic = false
    var output: String? = nil
    var iconFolders: [String] = []
    var buildTool = false

    static func main(_ arguments: ParsedArguments, output: CommandOutput) throws(CLIError) -> Int32 {
        let command = try parse(arguments)
        do {
            try command.run(output)
        } catch let error {
            guard command.buildTool, case .failed(let message) = error else { throw error }
            output.printError(compilerDiagnostic(message))
            return error.exitCode
        }
        return ExitCode.success
    }

    /// `FILE:LINE:COLUMN: error: REASON` for a message that starts with a place (`FILE:LINE:COLUMN: REASON`,
    /// `FILE: REASON`), `error: MESSAGE` otherwise: the form Xcode and SwiftPM attach to a file.
    static func compilerDiagnostic(_ message: String) -> String {
        guard let colon = message.range(of: ": ") else { return "error: " + message }
        let place = message[..<colon.lowerBound]
        var file = Substring(place)
        for _ in 0..<2 {   // :LINE and :COLUMN
            guard let separator = file.lastIndex(of: ":") else { break }
            let digits = file[file.index(after: separator)...]
            guard !digits.isEmpty, digits.allSatisfy(\.isNumber) else { break }
            file = file[..<separator]
        }
        let lower = file.lowercased()
        guard lower.hasSuffix(".svg") || lower.hasSuffix(".svgz") || lower.hasSuffix("/") || file.contains("/") else {
            return "error: " + message
        }
        return "\(place): error: \(message[colon.upperBound...])"
    }

    static func parse(_ arguments: [String]) throws(CLIError) -> SwiftCommand {
        try parse(try spec.parse(arguments))
    }

    static func parse(_ parsed: ParsedArguments) throws(CLIError) -> SwiftCommand {
        var command = SwiftCommand()
        if let value = parsed.text("--name") {
            guard SwiftIdentifier.isValid(value) else {
                throw CLIError.usage("--name \"\(value)\" is not a Swift identifier (letters, digits and _, "
                    + "not starting with a digit, not a keyword)", command: name)
            }
            command.swiftName = value
        }
        command.isPublic = parsed.flag("--public")
        command.buildTool = parsed.flag("--build-tool")
        command.output = parsed.text("--output")
        command.iconFolders = parsed.texts("--icons")
        command.input = try parsed.single(missing: "swift needs an icon (NAME, FILE.svg or -) or a folder of icons",
                                          what: "icon or one folder")
        return command
    }

    func run(_ io: CommandOutput) throws(CLIError) {
        let generator = SwiftSourceGenerator(isPublic: isPublic)
        var isDirectory: ObjCBool = false
        let isFolder = input != "-" && FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory)
            && isDirectory.boolValue
        let source: String
        if isFolder {
            let icons = try loadFolder()
            try refuseCollisions(icons)
            let folderName = IconFolder.iconName(of: input.hasSuffix("/") ? String(input.dropLast()) : input)
            source = try generate { () throws(SwiftSourceError) -> String in
                try generator.file(icons: icons.map { ($0.name, $0.icon) }, typeName: swiftName ?? SwiftIdentifier.type(folderName), source: folderName + "/")
            }
        } else {
            let loaded = try IconInput.load(input, iconFolders: iconFolders)
            try refuseSkippedFeatures(loaded.result, file: loaded.file)
            source = try generate { () throws(SwiftSourceError) -> String in
                try generator.file(icon: loaded.result.icon, name: swiftName ?? SwiftIdentifier.variable(loaded.stem),
                                   source: loaded.stem + ".svg")
            }
        }
        if let output, output != "-" {
            do {
                try FileIO.writeAtomically(Array(source.utf8), to: output)
            } catch {
                throw CLIError.failed(error.description)
            }
            io.printError("wrote \(output)")
        } else {
            io.writeOut(Array(source.utf8))
        }
    }

    private func generate(_ body: () throws(SwiftSourceError) -> String) throws(CLIError) -> String {
        do {
            return try body()
        } catch {
            throw CLIError.failed(error.description)
        }
    }

    /// Every icon of the folder, by name; the first one that fails to load stops the command.
    private func loadFolder() throws(CLIError) -> [(name: String, icon: SVGIconDefinition, file: String)] {
        var icons: [(name: String, icon: SVGIconDefinition, file: String)] = []
        do {
            for file in try IconFolder.svgFiles(in: input) {
                let result = try SVGDocumentParser.parse(try FileIO.read(file), file: file)
                try refuseSkippedFeatures(result, file: file)
                icons.append((IconFolder.iconName(of: file), result.icon, file))
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError.failed("\(error)")
        }
        return icons
    }

    /// Two files whose names make the same Swift identifier (`tab-shop.svg`, `tab_shop.svg` → `tabShop`):
    /// an error on the second, naming both files.
    private func refuseCollisions(_ icons: [(name: String, icon: SVGIconDefinition, file: String)]) throws(CLIError) {
        var seen: [String: String] = [:]
        for icon in icons {
            let variable = SwiftIdentifier.variable(icon.name)
            if let other = seen[variable] {
                throw CLIError.failed("\(icon.file): \(other) and \(icon.file) would both be called \(variable) in Swift; rename one of the files")
            }
            seen[variable] = icon.file
        }
    }

    /// Code that silently drew less than the file would be wrong code: features svgicon skips are an
    /// error here, not a warning.
    private func refuseSkippedFeatures(_ result: SVGParseResult, file: String) throws(CLIError) {
        guard let first = result.warnings.first else { return }
        let more = result.warnings.count > 1 ? " (and \(result.warnings.count - 1) more; see svgicon inspect \(file))" : ""
        throw CLIError.failed("\(file):\(first.line > 0 ? "\(first.line):" : "") <\(first.element)>: \(first.message)\(more); "
            + "the Swift code would not draw what the file describes, so none was written")
    }
}
