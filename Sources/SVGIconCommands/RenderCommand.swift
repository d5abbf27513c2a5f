import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon render NAME|FILE|- [--size N | --width W | --height H] [--tint C] [--scale S[,S…]] [-o FILE|-]`
struct RenderCommand: RunnableCommand {
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
                SharedOptions.scale(
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
                SharedOptions.pdfStrokes,
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
            "svgicon render icon.svg -o icon.pdf --size 24 --pdf-strokes outline",
        ])

    /// Largest output side in pixels (after scale); larger requests are refused before anything is
    /// allocated.
    static let maxSide = 8192

    var input: String = ""
    var size: Int? = nil
    /// `--size` as a list: the entry sizes of an .ico or .icns.
    var sizes: [Int]? = nil
    var format: RenderFormat = .png
    /// How a PDF's strokes are written (`--pdf-strokes`).
    var pdfStrokes: PDFStrokes = .native
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
    var exactThinStrokes = false
    var cache = CacheArguments()
    var parsing = SVGResolver.Options()

    static func parse(_ parsed: ParsedArguments) throws(CLIError) -> RenderCommand {
        var command = RenderCommand()
        command.sizes = parsed.integers("--size")
        command.size = command.sizes?.last
        command.width = parsed.integer("--width")
        command.height = parsed.integer("--height")
        (command.tint, command.forceTint, command.recolor, command.pixelFit) = SharedOptions.paint(parsed)
        command.exactThinStrokes = parsed.flag("--exact-thin-strokes")
        command.background = parsed.color("--background") ?? nil
        command.scales = parsed.integers("--scale") ?? [1]
        command.output = parsed.text("--output")
        command.iconFolders = parsed.texts("--icons")
        command.quiet = parsed.flag("--quiet")
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
        command.pdfStrokes = try SharedOptions.pdfStrokes(parsed, writesPDF: command.format == .pdf,
                                                          needs: "PDF output (-o FILE.pdf or --format pdf)", command: name) ?? .native
        try command.checkSizes(scaleGiven: parsed.has("--scale"))
        if command.input == "-" && command.output == nil {
            throw CLIError.usage("reading standard input needs -o FILE or -o - for standard output", command: name)
        }
        return command
    }

    /// Refuses size options the output format cannot take: an ICO/ICNS is square PNGs at `--size` only, a
    /// PDF or VectorDrawable has one size, a PNG one `--size` or a `--width`/`--height`, and `-o -` one scale.
    private func checkSizes(scaleGiven: Bool) throws(CLIError) {
        let name = Self.name
        if let container = format.iconFile {
            if width != nil || height != nil || scaleGiven {
                throw CLIError.usage("an .\(container.rawValue) is square PNGs at several sizes: give them with --size N[,N…], not --width, --height or --scale",
                                     command: name)
            }
            if let wrong = sizes?.first(where: { !container.accepts($0) }) {
                throw CLIError.usage("--size \(wrong): \(container.sizeRule)", command: name)
            }
            return
        }
        if format == .vectorDrawable || format == .pdf {
            if width != nil || height != nil || scaleGiven || (sizes?.count ?? 0) > 1 {
                throw CLIError.usage(format == .pdf
                                     ? "a PDF has one page size in points: give it with --size N (default: the document's own size)"
                                     : "a VectorDrawable has one size in dp: give it with --size N (default: the document's own size)",
                                     command: name)
            }
            return
        }
        if let sizes, sizes.count > 1 {
            throw CLIError.usage("--size takes one size for a PNG (several only for -o FILE.ico or .icns); use --scale, or svgicon batch for several sizes",
                                 command: name)
        }
        if size != nil && (width != nil || height != nil) {
            throw CLIError.usage("use either --size or --width/--height, not both", command: name)
        }
        if output == "-" && scales.count > 1 {
            throw CLIError.usage("-o - writes one PNG; give a single --scale", command: name)
        }
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

    /// Writes what the command line asks for; throws on the first failure (render stops there).
    func run(_ io: CommandOutput) throws(CLIError) -> Int32 {
        if let container = format.iconFile { try runIconFile(container, io) }
        else if format == .vectorDrawable { try runVectorDrawable(io) }
        else if format == .pdf { try runPDF(io) }
        else { try runPNG(io) }
        return ExitCode.success
    }

    /// `-o icon.png` (the default): one PNG per scale, each through the render cache.
    private func runPNG(_ io: CommandOutput) throws(CLIError) {
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
                                        recolor: recolor, pixelFit: pixelFit, exactThinStrokes: exactThinStrokes)
            let rendered = try render(options, renderer: renderer, digest: digest ?? SHA256.hash(source.bytes),
                                      document: document)
            if !warned {
                warned = true
                printWarnings(of: rendered, file: file, io)
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
                try write(png, to: path, what: "\(w)×\(h)", io)
            }
        }
    }
}
