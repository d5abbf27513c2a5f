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
            let (path, stem) = try locate(input, iconFolders: iconFolders)
            return Source(bytes: try FileIO.read(path), stem: stem, file: path)
        } catch {
            throw CLIError.failed(error.description)
        }
    }

    /// The file `input` names and the stem outputs are called after. A file that exists as given is that
    /// file; otherwise NAME is looked up in `iconFolders` (default `./Icons`) as the library's
    /// `SVGFileLoader.path(named:)` does (bell, bell.svg and nav/bell all work there); a path-like input
    /// found in neither is taken as given, so its error names it.
    private static func locate(_ input: String, iconFolders: [String]) throws(SVGLoadError) -> (path: String, stem: String) {
        let loader = SVGFileLoader(searchPaths: iconFolders.isEmpty ? ["Icons"] : iconFolders)
        let lower = input.lowercased()
        let looksLikePath = lower.hasSuffix(".svg") || lower.hasSuffix(".svgz") || input.contains("/")
        if FileManager.default.fileExists(atPath: input) || input.hasPrefix("/") {
            let stem = IconFolder.iconName(of: input)
            return (input, stem.isEmpty ? "icon" : stem)
        }
        if let path = loader.path(named: input) {
            return (path, IconFolder.iconName(of: input))
        }
        if looksLikePath {
            return (input, IconFolder.iconName(of: input))
        }
        // The loader's own message ("no icon named …, looked for … in …").
        _ = try loader.loadWithBytes(named: input)
        throw SVGLoadError(kind: .notFound, file: input, reason: "no icon named \"\(input)\"")
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
            let (path, stem) = try locate(input, iconFolders: iconFolders)
            let loaded = try SVGFileLoader(searchPaths: [], options: options).loadWithBytes(file: path)
            return IconInput(result: loaded.result, bytes: loaded.bytes, stem: stem, file: path)
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
