import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon swift <NAME | FILE.svg | - | DIR> [--name NAME] [--public] [-o FILE] [--icons DIR]`
struct SwiftCommand: CLICommand {
    static let name = "swift"
    static let summary = "Write an icon (or a folder of them) as Swift code that draws identically"
    static var help: String { HelpText.swift }

    var input = ""
    var swiftName: String? = nil
    var isPublic = false
    var output: String? = nil
    var iconFolders: [String] = []

    static func main(_ arguments: [String], output: CommandOutput) throws(CLIError) -> Int32 {
        try parse(arguments).run(output)
        return ExitCode.success
    }

    static func parse(_ arguments: [String]) throws(CLIError) -> SwiftCommand {
        var reader = ArgumentReader(arguments, command: name)
        var command = SwiftCommand()
        let inputs = try reader.positionals { o, reader throws(CLIError) in
            switch o {
            case "--name", "-n":
                let value = try reader.value(for: o)
                guard SwiftIdentifier.isValid(value) else {
                    throw CLIError.usage("--name \"\(value)\" is not a Swift identifier (letters, digits and _, "
                        + "not starting with a digit, not a keyword)", command: name)
                }
                command.swiftName = value
            case "--public": command.isPublic = true
            case "--output", "-o": command.output = try reader.value(for: o)
            case "--icons": command.iconFolders.append(try reader.value(for: o))
            default: return false
            }
            return true
        }
        command.input = try reader.single(inputs, missing: "swift needs an icon (NAME, FILE.svg or -) or a folder of icons",
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
            let folderName = IconFolder.iconName(of: input.hasSuffix("/") ? String(input.dropLast()) : input)
            source = try generate { () throws(SwiftSourceError) -> String in
                try generator.file(icons: icons, typeName: swiftName ?? SwiftIdentifier.type(folderName), source: folderName + "/")
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
    private func loadFolder() throws(CLIError) -> [(name: String, icon: SVGIconDefinition)] {
        var icons: [(name: String, icon: SVGIconDefinition)] = []
        do {
            for file in try IconFolder.svgFiles(in: input) {
                let result = try SVGDocumentParser.parse(try FileIO.read(file), file: file)
                try refuseSkippedFeatures(result, file: file)
                icons.append((IconFolder.iconName(of: file), result.icon))
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError.failed("\(error)")
        }
        return icons
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
