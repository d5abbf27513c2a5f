import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon render NAME|FILE|- [--size N | --width W | --height H] [--tint C] [--scale S[,S…]] [-o FILE|-]`
struct RenderCommand: CLICommand {
    static let spec = CommandSpec(
        name: "render",
        summary: "Render one icon to PNG at any size and tint",
        usage: ["render <NAME | FILE.svg | -> [options]"],
        description: """
            Renders one icon to a PNG (8-bit RGBA, straight alpha). NAME is looked up in the icon folders \
            (--icons, default ./Icons) as the library's lookup does: NAME.svg, NAME (bell.svg) or a path below \
            the folder (nav/bell); a path to an .svg (or gzip-compressed .svgz) file is used as is; - reads \
            standard input. Paints that are currentColor or unspecified take the tint; colours written in the \
            file stay as they are unless --recolor is given.
            """,
        groups: [
            OptionGroup(title: "SIZE (pick one; default: the document's own width × height, else its viewBox)", options: [
                SharedOptions.size(list: true, range: 1...maxSide,
                                   help: "N × N pixels, the drawing fitted and centred like an icon; for .ico/.icns the entry sizes, N[,N…] (default ICO 16,24,32,48,64,256; ICNS 16,32,64,128,256,512,1024)"),
                OptionSpec(names: ["--width", "-w"], kind: .integer(1...maxSide), placeholder: "W",
                           help: "W pixels wide, the height following the drawing's aspect ratio"),
                OptionSpec(names: ["--height", "-H"], kind: .integer(1...maxSide), placeholder: "H",
                           help: "H pixels high, the width following (give both for an exact W × H); -h is --help"),
                OptionSpec(names: ["--scale"], aliases: ["--scales"], kind: .integers(1...16), placeholder: "S[,S…]",
                           help: "Multiply the size (1–16): --scale 1,2,3 writes NAME.png, NAME@2x.png, NAME@3x.png. Largest side after scaling: \(maxSide) pixels."),
            ]),
            SharedOptions.colour(
                tint: SharedOptions.tint(list: false, help: "Colour for currentColor and unspecified paints (default black)"),
                background: true),
            OptionGroup(title: "INPUT AND OUTPUT", options: [
                SharedOptions.iconFolders,
                SharedOptions.output("""
                    Where to write (default NAME.png, NAME@2x.png, … in the current folder). A folder (-o out/, -o .) gets NAME.png inside it; - writes the PNG to standard output; a link is written through to its file, a device or pipe (/dev/stdout) in place. A regular file is replaced atomically; one that already holds the same bytes is left untouched ("up to date").
                    """, placeholder: "FILE|DIR|-"),
                OptionSpec(names: ["--format", "-f"], kind: .choice(RenderFormat.allCases.map(\.rawValue)), placeholder: "FORMAT",
                           help: "png (default), ico, icns, vector-drawable (Android XML; --size is its dp size), pdf (--size is its page size in points); by default taken from -o's extension (.ico, .icns, .xml, .pdf)"),
                SharedOptions.quiet("Do not print warnings or the \"wrote\" / \"up to date\" line"),
            ]),
            SharedOptions.fitting,
            ImageArguments.group,
            SharedOptions.cache(),
        ],
        notes: SharedOptions.colourNote + """


            Unsupported SVG features are skipped with a warning on standard error naming the element; the rest \
            of the icon still renders. Malformed XML fails with the file, line and column; a PNG, JPEG, GIF or \
            PDF given as the icon is named as such.
            """,
        examples: [
            "svgicon render tab-shop --size 24 --tint '#0a84ff'",
            "svgicon render Icons/tab-cart.svg --width 48 -o cart.png",
            "svgicon render tab-person --size 24 --scale 2,3 --tint white -b black",
            "svgicon render export.svg --size 24 --tint '#0a84ff' --recolor  # fill=black",
            "cat icon.svg | svgicon render - --size 48 -o - > icon.png",
            "svgicon render app.svg -o app.ico",
            "svgicon render app.svg -o app.icns --size 16,32,128,256,512",
        ])

    static func main(_ arguments: ParsedArguments, output: CommandOutput) throws(CLIError) -> Int32 {
        try parse(arguments).run(output)
        return ExitCode.success
    }

    /// Largest output side in pixels (after scale); larger requests are refused before anything is
    /// allocated.
    static let maxSide = 8192

    var input: String = ""
    var size: Int? = nil
    /// `--size` as a list: the entry sizes of an .ico or .icns.
    var sizes: [Int]? = nil
    var format: RenderFormat = .png
    var width: Int? = nil
    var height: Int? = nil
    var tint: SVGColor? = nil
    var background: SVGColor? = nil
    var scales: [Int] = [1]
    var output: String? = nil
    var iconFolders: [String] = []
    var quiet = false
    var forceTint = false
    var recolor = false
    var pixelFit = false
    var cache = CacheArguments()
    var parsing = SVGResolver.Options()

    static func parse(_ arguments: [String]) throws(CLIError) -> RenderCommand {
        try parse(try spec.parse(arguments))
    }

    static func parse(_ parsed: ParsedArguments) throws(CLIError) -> RenderCommand {
        var command = RenderCommand()
        command.sizes = parsed.integers("--size")
        command.size = command.sizes?.last
        command.width = parsed.integer("--width")
        command.height = parsed.integer("--height")
        command.tint = parsed.color("--tint") ?? nil
        command.background = parsed.color("--background") ?? nil
        command.scales = parsed.integers("--scale") ?? [1]
        command.output = parsed.text("--output")
        command.iconFolders = parsed.texts("--icons")
        command.quiet = parsed.flag("--quiet")
        command.forceTint = parsed.flag("--force-tint")
        command.recolor = parsed.flag("--recolor")
        command.pixelFit = parsed.flag("--pixel-fit")
        command.cache = CacheArguments(parsed)
        ImageArguments.apply(parsed, to: &command.parsing)
        let inputs = parsed.positionals
        guard inputs.count == 1 else {
            throw CLIError.usage(
                inputs.isEmpty
                    ? "render needs an icon: a name in the icon folder (tab-shop), an .svg file, or - for standard input"
                    : "render takes one icon, got \(inputs.count): \(inputs.joined(separator: " ")) (use `svgicon batch` for folders)",
                command: name)
        }
        command.input = inputs[0]
        if let named = parsed.text("--format").flatMap(RenderFormat.init(rawValue:)) {
            command.format = named
        } else if let output = command.output, let inferred = RenderFormat(extensionOf: output) {
            command.format = inferred
        }
        if let container = command.format.iconFile {
            if command.width != nil || command.height != nil || parsed.has("--scale") {
                throw CLIError.usage("an .\(container.rawValue) is square PNGs at several sizes: give them with --size N[,N…], not --width, --height or --scale",
                                     command: name)
            }
            if let wrong = command.sizes?.first(where: { !container.accepts($0) }) {
                throw CLIError.usage("--size \(wrong): \(container.sizeRule)", command: name)
            }
            if command.input == "-" && command.output == nil {
                throw CLIError.usage("reading standard input needs -o FILE or -o - for standard output", command: name)
            }
            return command
        }
        if command.format == .vectorDrawable || command.format == .pdf {
            if command.width != nil || command.height != nil || parsed.has("--scale") || (command.sizes?.count ?? 0) > 1 {
                throw CLIError.usage(command.format == .pdf
                                     ? "a PDF has one page size in points: give it with --size N (default: the document's own size)"
                                     : "a VectorDrawable has one size in dp: give it with --size N (default: the document's own size)",
                                     command: name)
            }
            if command.input == "-" && command.output == nil {
                throw CLIError.usage("reading standard input needs -o FILE or -o - for standard output", command: name)
            }
            return command
        }
        if let sizes = command.sizes, sizes.count > 1 {
            throw CLIError.usage("--size takes one size for a PNG (several only for -o FILE.ico or .icns); use --scale, or svgicon batch for several sizes",
                                 command: name)
        }
        if command.size != nil && (command.width != nil || command.height != nil) {
            throw CLIError.usage("use either --size or --width/--height, not both", command: name)
        }
        if command.output == "-" && command.scales.count > 1 {
            throw CLIError.usage("-o - writes one PNG; give a single --scale", command: name)
        }
        if command.input == "-" && command.output == nil {
            throw CLIError.usage("reading standard input needs -o FILE or -o - for standard output", command: name)
        }
        return command
    }

    var resolveOptions: SVGResolver.Options {
        var options = parsing
        options.tintOverridesColor = forceTint
        return options
    }

    /// The output size when the options alone decide it (`--size`, or both `--width` and `--height`):
    /// then a cached render needs nothing from the document.
    var fixedSize: (Int, Int)? {
        if let size { return (size, size) }
        if let width, let height { return (width, height) }
        return nil
    }

    func run(_ io: CommandOutput) throws(CLIError) {
        if let container = format.iconFile { return try runIconFile(container, io) }
        if format == .vectorDrawable { return try runVectorDrawable(io) }
        if format == .pdf { return try runPDF(io) }
        // Read, not parsed: with the size known from the options, every scale is looked up in the cache
        // by the bytes' digest first, and libxml2 sees the file only when some scale is not cached.
        let source = try IconInput.read(input, iconFolders: iconFolders)
        let document = LazyDocument(source: source, options: resolveOptions)
        if fixedSize == nil { try document.load() }
        let stem = source.stem, file = source.file
        let renderCache = try cache.open(command: Self.name)
        defer { CacheArguments.finish(renderCache, output: io, quiet: quiet) }
        let renderer = CachedIconRenderer(cache: renderCache)
        let digest = renderCache.map { _ in SHA256.hash(source.bytes) }
        var warned = false
        for scale in scales {
            let baseWidth: Int, baseHeight: Int
            if let fixedSize {
                (baseWidth, baseHeight) = fixedSize
            } else {
                (baseWidth, baseHeight) = outputSize(for: try document.load().icon)
            }
            let w = baseWidth * scale, h = baseHeight * scale
            guard w <= Self.maxSide, h <= Self.maxSide else {
                let pixels = "\(w >= Self.maxSide * 16 ? "over \(w)" : "\(w)")×\(h >= Self.maxSide * 16 ? "over \(h)" : "\(h)")"
                if size != nil || (width != nil && height != nil) {
                    throw CLIError.usage("output would be \(pixels) pixels; the largest side svgicon renders is \(Self.maxSide)",
                                         command: Self.name)
                }
                // The size comes from the document (its width/height, viewBox or aspect ratio).
                let source = width == nil && height == nil ? "its own size" : "its aspect ratio"
                throw CLIError.failed("\(file): \(source) makes the output \(pixels) pixels; the largest side svgicon renders is \(Self.maxSide) (give --size, --width or --height)")
            }
            let options = RenderOptions(width: w, height: h, tint: tint ?? .black, background: background,
                                        recolor: recolor, pixelFit: pixelFit)
            let rendered: CachedIconRenderer.Output
            do {
                rendered = try renderer.png(svgDigest: digest ?? SHA256.hash(source.bytes), options: options,
                                            parsing: resolveOptions) { () throws(SVGLoadError) in
                    try document.parsed()
                }
            } catch .tooComplex(let limit) {
                throw CLIError.failed("\(file): \(limit.description); nothing written")
            } catch .load(let error) {
                throw CLIError.failed(error.description)
            } catch {
                throw CLIError.failed("\(input): \(error.description)")
            }
            if !warned {
                warned = true
                if !quiet { IconInput.printWarnings(rendered.warnings, file: file, to: io) }
                if tint != nil, !recolor, !rendered.usesTint, !quiet {
                    io.printError("svgicon: warning: " + Self.tintNotTaken(file: file, forceTint: forceTint))
                }
            }
            let png = rendered.png
            if output == "-" {
                if io.outputIsTerminal {
                    throw CLIError.usage("refusing to write PNG bytes to a terminal; redirect standard output or give -o FILE",
                                         command: Self.name)
                }
                io.writeOut(png)
            } else {
                let path = Self.outputPath(output: output, stem: stem, scale: scale, scaleCount: scales.count,
                                           isFolder: Self.isFolder)
                // A file that already holds these bytes is left alone (its modification time too, so build
                // systems watching it do not rebuild), as batch does.
                if FileIO.fileHasContents(path, png) {
                    if !quiet { io.printError("up to date: \(path) (\(w)×\(h))") }
                    continue
                }
                do {
                    try FileIO.writeOutput(png, to: path)
                } catch {
                    throw CLIError.failed(error.description)
                }
                if !quiet { io.printError("wrote \(path) (\(w)×\(h))") }
            }
        }
    }

    /// `-o app.ico` / `-o app.icns`: one render per size, packed as PNG entries.
    private func runIconFile(_ container: IconFileFormat, _ io: CommandOutput) throws(CLIError) {
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
                                        recolor: recolor, pixelFit: pixelFit)
            let rendered: CachedIconRenderer.Output
            do {
                rendered = try renderer.png(svgDigest: digest, options: options, parsing: resolveOptions) {
                    () throws(SVGLoadError) in try document.parsed()
                }
            } catch .tooComplex(let limit) {
                throw CLIError.failed("\(source.file): \(limit.description); nothing written")
            } catch .load(let error) {
                throw CLIError.failed(error.description)
            } catch {
                throw CLIError.failed("\(input): \(error.description)")
            }
            if index == 0, !quiet {
                IconInput.printWarnings(rendered.warnings, file: source.file, to: io)
                if tint != nil, !recolor, !rendered.usesTint {
                    io.printError("svgicon: warning: " + Self.tintNotTaken(file: source.file, forceTint: forceTint))
                }
            }
            entries.append(.init(size: side, png: rendered.png))
        }
        let bytes = IconFileWriter.write(container, entries)
        let sizesText = entrySizes.map(String.init).joined(separator: ", ")
        try writeFile(bytes, defaultName: source.stem + "." + container.fileExtension,
                      what: "\(entries.count) PNG entries: \(sizesText) px", io)
    }

    /// `-o icon.xml` / `--format vector-drawable`: the icon as an Android VectorDrawable, or a refusal
    /// naming what it cannot express.
    private func runVectorDrawable(_ io: CommandOutput) throws(CLIError) {
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
    private func runPDF(_ io: CommandOutput) throws(CLIError) {
        let source = try IconInput.read(input, iconFolders: iconFolders)
        let parsed = try LazyDocument(source: source, options: resolveOptions).load()
        let (w, h) = outputSize(for: parsed.icon)
        let writer = PDFWriter(options: .init(width: w, height: h, tint: tint, recolor: recolor), source: source.bytes)
        let bytes: [UInt8]
        do {
            bytes = try writer.write(parsed)
        } catch {
            throw CLIError.failed(SVGLoadError.location(source.file, line: error.line, column: nil) + ": " + error.description + "; nothing written")
        }
        if !quiet { IconInput.printWarnings(parsed.warnings, file: source.file, to: io) }
        try writeFile(bytes, defaultName: source.stem + ".pdf", what: "PDF, \(w)×\(h) pt", io)
    }

    /// Writes a non-PNG output to `-o` (a file, a folder, or - for standard output), leaving a file that
    /// already holds the bytes alone.
    func writeFile(_ bytes: [UInt8], defaultName: String, what: String, _ io: CommandOutput) throws(CLIError) {
        if output == "-" {
            if io.outputIsTerminal {
                throw CLIError.usage("refusing to write binary bytes to a terminal; redirect standard output or give -o FILE",
                                     command: Self.name)
            }
            io.writeOut(bytes)
            return
        }
        let path: String
        if let output {
            path = Self.isFolder(output) ? (output.hasSuffix("/") ? output : output + "/") + defaultName : output
        } else {
            path = defaultName
        }
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

    /// The document, parsed the first time something asks for it.
    private final class LazyDocument {
        let source: IconInput.Source
        let options: SVGResolver.Options
        private var result: SVGParseResult?

        init(source: IconInput.Source, options: SVGResolver.Options) {
            self.source = source
            self.options = options
        }

        func parsed() throws(SVGLoadError) -> SVGParseResult {
            if let result { return result }
            let parsed = try SVGDocumentParser.parse(source.bytes, file: source.file, options: options)
            result = parsed
            return parsed
        }

        /// `parsed()` with a load error as the command reports it.
        @discardableResult
        func load() throws(CLIError) -> SVGParseResult {
            do {
                return try parsed()
            } catch {
                throw CLIError.failed(error.description)
            }
        }
    }

    /// Pixel size at scale 1: `--size` square; `--width`/`--height` with the other side from the aspect
    /// ratio; neither: the document's own width/height (else its viewBox), rounded up.
    func outputSize(for icon: SVGIconDefinition) -> (Int, Int) {
        if let size { return (size, size) }
        let aspect = icon.aspect
        // Sides beyond the limit stay beyond it (capped so that scaling cannot overflow); NaN and infinity
        // from absurd documents count as too large.
        func clamp(_ v: Double) -> Int {
            guard v.isFinite else { return Self.maxSide * 16 }
            return Int(max(1, min(Double(Self.maxSide * 16), v.rounded(.up))))
        }
        switch (width, height) {
        case let (w?, h?): return (w, h)
        case let (w?, nil): return (w, clamp(Double(w) / aspect))
        case let (nil, h?): return (clamp(Double(h) * aspect), h)
        case (nil, nil):
            let w = icon.intrinsicWidth ?? (icon.viewBox.isValid ? icon.viewBox.width : 100)
            let h = icon.intrinsicHeight ?? (icon.viewBox.isValid ? icon.viewBox.height : 100)
            return (clamp(w), clamp(h))
        }
    }

    /// The warning for a tint nothing in the icon takes: what happened, and what to do.
    static func tintNotTaken(file: String, forceTint: Bool) -> String {
        "\(file): no paint takes the tint (every colour is written in the file, e.g. fill=\"black\"), so it "
            + "renders in its own colours. "
            + (forceTint ? "" : "Add --force-tint if the file sets `color` for currentColor, or ")
            + (forceTint ? "Use " : "use ") + "--recolor to paint every shape in the tint."
    }

    /// True when `path` names a folder: it ends in `/`, is `.` or `..`, or is an existing folder.
    static func isFolder(_ path: String) -> Bool {
        if path.hasSuffix("/") || path == "." || path == ".." || path.hasSuffix("/.") || path.hasSuffix("/..") { return true }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `NAME.png`, `NAME@2x.png`; with `-o FILE` and several scales, `FILE` for the first scale's name
    /// pattern: `out.png` → `out.png`, `out@2x.png`, `out@3x.png` (scale 1 keeps the plain name); with
    /// `-o DIR` (`isFolder`), `DIR/NAME.png`, `DIR/NAME@2x.png`.
    static func outputPath(output: String?, stem: String, scale: Int, scaleCount: Int,
                           isFolder: (String) -> Bool = { _ in false }) -> String {
        let suffix = scale == 1 ? "" : "@\(scale)x"
        guard let output else { return "\(stem)\(suffix).png" }
        if isFolder(output) {
            return (output.hasSuffix("/") ? output : output + "/") + "\(stem)\(suffix).png"
        }
        if scaleCount == 1 { return output }
        if output.hasSuffix(".png") { return String(output.dropLast(4)) + suffix + ".png" }
        return output + suffix
    }
}

/// What `svgicon render` writes.
enum RenderFormat: String, CaseIterable, Sendable {
    case png, ico, icns
    case vectorDrawable = "vector-drawable"
    case pdf

    var iconFile: IconFileFormat? {
        switch self {
        case .png: return nil
        case .ico: return .ico
        case .icns: return .icns
        case .vectorDrawable, .pdf: return nil
        }
    }

    /// The format an output path's extension names, nil for any other (a PNG is written).
    init?(extensionOf path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".ico") { self = .ico } else if lower.hasSuffix(".icns") { self = .icns }
        else if lower.hasSuffix(".xml") { self = .vectorDrawable } else if lower.hasSuffix(".pdf") { self = .pdf }
        else { return nil }
    }
}
