import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon render`'s other outputs (`.ico`, `.icns`, VectorDrawable, PDF) and the file writing every
/// output shares.
extension RenderCommand {
    /// `-o app.ico` / `-o app.icns`: one render per size, packed as PNG entries.
    func runIconFile(_ container: IconFileFormat, _ io: CommandOutput) throws(CLIError) {
        let source = try IconInput.read(input, iconFolders: iconFolders)
        let document = LazyDocument(source: source, options: resolveOptions)
        let renderCache = try cache.open(command: Self.name)
        defer { CacheArguments.finish(renderCache, output: io, quiet: quiet) }
        let renderer = CachedIconRenderer(cache: renderCache)
        let digest = SHA256.hash(source.bytes)
        var entries: [IconFileWriter.Entry] = []
        let entrySizes = Array(Set(sizes ?? container.defaultSizes)).sorted()
        for (index, side) in entrySizes.enumerated() {
            let options = RenderOptions(width: side, height: side, tint: tint ?? .black, background: background,
                                        recolor: recolor, pixelFit: pixelFit, exactThinStrokes: exactThinStrokes)
            let rendered = try render(options, renderer: renderer, digest: digest, document: document)
            if index == 0 { printWarnings(of: rendered, file: source.file, io) }
            entries.append(.init(size: side, png: rendered.png))
        }
        let bytes = IconFileWriter.write(container, entries)
        let sizesText = entrySizes.map(String.init).joined(separator: ", ")
        try writeFile(bytes, defaultName: source.stem + "." + container.fileExtension,
                      what: "\(entries.count) PNG entries: \(sizesText) px", io)
    }

    /// `-o icon.xml` / `--format vector-drawable`: the icon as an Android VectorDrawable, or a refusal
    /// naming what it cannot express.
    func runVectorDrawable(_ io: CommandOutput) throws(CLIError) {
        let source = try IconInput.read(input, iconFolders: iconFolders)
        let document = LazyDocument(source: source, options: resolveOptions)
        let parsed = try document.load()
        let (w, h) = outputSize(for: parsed.icon)
        let writer = VectorDrawableWriter(options: .init(width: w, height: h, tint: tint, recolor: recolor), source: source.bytes)
        let xml: String
        do {
            xml = try writer.write(parsed)
        } catch {
            throw CLIError.failed(SVGLoadError.location(source.file, line: error.line, column: nil) + ": " + error.description + "; nothing written")
        }
        if !quiet { IconInput.printWarnings(parsed.warnings, file: source.file, to: io) }
        try writeFile(Array(xml.utf8), defaultName: VectorDrawableWriter.resourceName(source.stem) + ".xml",
                      what: "VectorDrawable, \(w)×\(h) dp", io)
    }

    /// `-o icon.pdf` / `--format pdf`: a one-page PDF, or a refusal naming what it cannot express.
    func runPDF(_ io: CommandOutput) throws(CLIError) {
        let source = try IconInput.read(input, iconFolders: iconFolders)
        let parsed = try LazyDocument(source: source, options: resolveOptions).load()
        let (w, h) = outputSize(for: parsed.icon)
        let writer = PDFWriter(options: .init(width: w, height: h, tint: tint, recolor: recolor, pdfStrokes: pdfStrokes),
                               source: source.bytes)
        let bytes: [UInt8]
        do {
            bytes = try writer.write(parsed)
        } catch {
            throw CLIError.failed(SVGLoadError.location(source.file, line: error.line, column: nil) + ": " + error.description + "; nothing written")
        }
        if !quiet { IconInput.printWarnings(parsed.warnings, file: source.file, to: io) }
        try writeFile(bytes, defaultName: source.stem + ".pdf",
                      what: "PDF, \(w)×\(h) pt" + (pdfStrokes == .outline ? ", strokes outlined" : ""), io)
    }

    /// Writes a non-PNG output to `-o` (a file, a folder, or - for standard output), leaving a file that
    /// already holds the bytes alone.
    func writeFile(_ bytes: [UInt8], defaultName: String, what: String, _ io: CommandOutput) throws(CLIError) {
        if output == "-" {
            io.writeOut(bytes)
            return
        }
        let path: String
        if let output {
            path = Self.isFolder(output) ? (output.hasSuffix("/") ? output : output + "/") + defaultName : output
        } else {
            path = defaultName
        }
        try write(bytes, to: path, what: what, io)
    }

    /// Writes `bytes` to `path` and says so, unless the file already holds exactly them: then it is left
    /// alone (its modification time too, so build systems watching it do not rebuild), as batch does.
    func write(_ bytes: [UInt8], to path: String, what: String, _ io: CommandOutput) throws(CLIError) {
        if FileIO.fileHasContents(path, bytes) {
            if !quiet { io.printError("up to date: \(path) (\(what))") }
            return
        }
        do {
            try FileIO.writeOutput(bytes, to: path)
        } catch {
            throw CLIError.failed(error.description)
        }
        if !quiet { io.printError("wrote \(path) (\(what))") }
    }

    /// One render through the cache (parsing `document` only on a miss), failures in the command's words.
    func render(_ options: RenderOptions, renderer: CachedIconRenderer, digest: SHA256.Digest,
                document: LazyDocument) throws(CLIError) -> CachedIconRenderer.Output {
        do {
            return try renderer.png(svgDigest: digest, options: options, parsing: resolveOptions) {
                () throws(SVGLoadError) in try document.parsed()
            }
        } catch .tooComplex(let limit) {
            throw CLIError.failed("\(document.source.file): \(limit.description); nothing written")
        } catch .load(let error) {
            throw CLIError.failed(error.description)
        } catch {
            throw CLIError.failed("\(input): \(error.description)")
        }
    }

    /// The first render's warnings: features skipped, and a tint nothing in the icon takes.
    func printWarnings(of rendered: CachedIconRenderer.Output, file: String, _ io: CommandOutput) {
        guard !quiet else { return }
        IconInput.printWarnings(rendered.warnings, file: file, to: io)
        if tint != nil, !recolor, !rendered.usesTint {
            io.printError("svgicon: warning: " + Self.tintNotTaken(file: file, forceTint: forceTint))
        }
    }
}
