import Foundation
import SVGIconKit

/// An icon as commands take it on the command line: a NAME looked up as NAME.svg in the icon folders,
/// a path to an .svg file, or `-` for standard input.
struct IconInput {
    /// What was loaded.
    var result: SVGParseResult
    /// The name outputs are called after: `tab-shop` for `Icons/tab-shop.svg`, `icon` for standard input.
    var stem: String
    /// The file as warnings and errors name it (`<stdin>` for standard input).
    var file: String

    /// Loads `input`; NAME is looked up in `iconFolders` (default `./Icons`).
    static func load(_ input: String, iconFolders: [String],
                     options: SVGResolver.Options = SVGResolver.Options()) throws(CLIError) -> IconInput {
        do {
            if input == "-" {
                return IconInput(result: try SVGDocumentParser.parse(try FileIO.readStandardInput(), file: "<stdin>", options: options),
                                 stem: "icon", file: "<stdin>")
            }
            if input.hasSuffix(".svg") || input.contains("/") || FileManager.default.fileExists(atPath: input) {
                let stem = IconFolder.iconName(of: input)
                return IconInput(result: try SVGFileLoader(searchPaths: [], options: options).load(file: input),
                                 stem: stem.isEmpty ? "icon" : stem, file: input)
            }
            let loader = SVGFileLoader(searchPaths: iconFolders.isEmpty ? ["Icons"] : iconFolders, options: options)
            return IconInput(result: try loader.load(named: input), stem: input, file: loader.path(named: input) ?? input)
        } catch {
            throw CLIError.failed(error.description)
        }
    }

    /// `svgicon: warning: FILE:LINE: <element>: message`, one line per warning, on standard error.
    func printWarnings(to io: CommandOutput) {
        for warning in result.warnings {
            io.printError("svgicon: warning: \(file):\(warning.line > 0 ? "\(warning.line):" : "") <\(warning.element)>: \(warning.message)")
        }
    }
}
