import Foundation
import SVGIconKit
import SVGIconTools

/// An icon as commands take it on the command line: a NAME looked up as NAME.svg in the icon folders,
/// a path to an .svg file, or `-` for standard input.
struct IconInput {
    /// What was loaded.
    var result: SVGParseResult
    /// The SVG's bytes (what the render cache's key digests).
    var bytes: [UInt8]
    /// The name outputs are called after: `tab-shop` for `Icons/tab-shop.svg`, `icon` for standard input.
    var stem: String
    /// The file as warnings and errors name it (`<stdin>` for standard input).
    var file: String

    /// An icon's bytes, read but not parsed: what a cache lookup needs.
    struct Source {
        var bytes: [UInt8]
        var stem: String
        var file: String
    }

    /// Finds and reads `input` without parsing it (so that a cached render never reaches libxml2); NAME is
    /// looked up in `iconFolders` (default `./Icons`). The errors are `load`'s.
    static func read(_ input: String, iconFolders: [String]) throws(CLIError) -> Source {
        do throws(SVGLoadError) {
            if input == "-" {
                return Source(bytes: try FileIO.readStandardInput(), stem: "icon", file: "<stdin>")
            }
            if input.hasSuffix(".svg") || input.contains("/") || FileManager.default.fileExists(atPath: input) {
                let stem = IconFolder.iconName(of: input)
                return Source(bytes: try FileIO.read(input), stem: stem.isEmpty ? "icon" : stem, file: input)
            }
            let folders = iconFolders.isEmpty ? ["Icons"] : iconFolders
            guard let path = SVGFileLoader(searchPaths: folders).path(named: input) else {
                // The loader's own message ("no icon named …, looked for … in …").
                _ = try SVGFileLoader(searchPaths: folders).loadWithBytes(named: input)
                throw SVGLoadError(kind: .unreadable, file: input, reason: "no icon named \"\(input)\"")
            }
            return Source(bytes: try FileIO.read(path), stem: input, file: path)
        } catch {
            throw CLIError.failed(error.description)
        }
    }

    /// Loads `input`; NAME is looked up in `iconFolders` (default `./Icons`).
    static func load(_ input: String, iconFolders: [String],
                     options: SVGResolver.Options = SVGResolver.Options()) throws(CLIError) -> IconInput {
        do {
            if input == "-" {
                let bytes = try FileIO.readStandardInput()
                return IconInput(result: try SVGDocumentParser.parse(bytes, file: "<stdin>", options: options), bytes: bytes,
                                 stem: "icon", file: "<stdin>")
            }
            if input.hasSuffix(".svg") || input.contains("/") || FileManager.default.fileExists(atPath: input) {
                let stem = IconFolder.iconName(of: input)
                let loaded = try SVGFileLoader(searchPaths: [], options: options).loadWithBytes(file: input)
                return IconInput(result: loaded.result, bytes: loaded.bytes, stem: stem.isEmpty ? "icon" : stem, file: input)
            }
            let loader = SVGFileLoader(searchPaths: iconFolders.isEmpty ? ["Icons"] : iconFolders, options: options)
            let loaded = try loader.loadWithBytes(named: input)
            return IconInput(result: loaded.result, bytes: loaded.bytes, stem: input, file: loader.path(named: input) ?? input)
        } catch {
            throw CLIError.failed(error.description)
        }
    }

    /// `svgicon: warning: FILE:LINE: <element>: message`, one line per warning, on standard error.
    func printWarnings(to io: CommandOutput) {
        Self.printWarnings(result.warnings, file: file, to: io)
    }

    /// `printWarnings(to:)` for warnings from elsewhere (a cache entry keeps its render's warnings).
    static func printWarnings(_ warnings: [SVGWarning], file: String, to io: CommandOutput) {
        for warning in warnings {
            io.printError("svgicon: warning: \(file):\(warning.line > 0 ? "\(warning.line):" : "") <\(warning.element)>: \(warning.message)")
        }
    }
}
