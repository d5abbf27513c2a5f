import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon render NAME|FILE|- [--size N | --width W | --height H] [--tint C] [--scale S[,S…]] [-o FILE|-]`
struct RenderCommand: CLICommand {
    static let name = "render"
    static let summary = "Render one icon to PNG at any size and tint"
    static var help: String { HelpText.render }

    static func main(_ arguments: [String], output: CommandOutput) throws(CLIError) -> Int32 {
        try parse(arguments).run(output)
        return ExitCode.success
    }

    /// Largest output side in pixels (after scale); larger requests are refused before anything is
    /// allocated.
    static let maxSide = 8192

    var input: String = ""
    var size: Int? = nil
    var width: Int? = nil
    var height: Int? = nil
    var tint: SVGColor? = nil
    var background: SVGColor? = nil
    var scales: [Int] = [1]
    var output: String? = nil
    var iconFolders: [String] = []
    var quiet = false
    var forceTint = false
    var cache = CacheArguments()

    static func parse(_ arguments: [String]) throws(CLIError) -> RenderCommand {
        var reader = ArgumentReader(arguments, command: name)
        var command = RenderCommand()
        var inputs: [String] = []
        while let token = reader.next() {
            switch token {
            case .positional(let p):
                inputs.append(p)
            case .option(let o):
                switch o {
                case "--size", "-s": command.size = try reader.integer(for: o, range: 1...maxSide)
                case "--width", "-w": command.width = try reader.integer(for: o, range: 1...maxSide)
                case "--height", "-h": command.height = try reader.integer(for: o, range: 1...maxSide)
                case "--tint", "-t":
                    command.tint = try ColorArgument.parse(try reader.value(for: o, isColor: true), option: o, command: name)
                case "--background", "-b":
                    command.background = try ColorArgument.parse(try reader.value(for: o, isColor: true), option: o, command: name)
                case "--scale": command.scales = try reader.integerList(for: o, range: 1...16)
                case "--output", "-o": command.output = try reader.value(for: o)
                case "--icons": command.iconFolders.append(try reader.value(for: o))
                case "--quiet", "-q": command.quiet = true
                case "--force-tint": command.forceTint = true
                default:
                    guard try command.cache.read(o, from: &reader) else { throw reader.unknownOption(o) }
                }
            }
        }
        guard inputs.count == 1 else {
            throw CLIError.usage(
                inputs.isEmpty
                    ? "render needs an icon: a name in the icon folder (tab-shop), an .svg file, or - for standard input"
                    : "render takes one icon, got \(inputs.count): \(inputs.joined(separator: " ")) (use `svgicon batch` for folders)",
                command: name)
        }
        command.input = inputs[0]
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

    var resolveOptions: SVGResolver.Options { SVGResolver.Options(tintOverridesColor: forceTint) }

    /// The output size when the options alone decide it (`--size`, or both `--width` and `--height`):
    /// then a cached render needs nothing from the document.
    var fixedSize: (Int, Int)? {
        if let size { return (size, size) }
        if let width, let height { return (width, height) }
        return nil
    }

    func run(_ io: CommandOutput) throws(CLIError) {
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
            let options = RenderOptions(width: w, height: h, tint: tint ?? .black, background: background)
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
            }
            let png = rendered.png
            if output == "-" {
                if io.outputIsTerminal {
                    throw CLIError.usage("refusing to write PNG bytes to a terminal; redirect standard output or give -o FILE",
                                         command: Self.name)
                }
                io.writeOut(png)
            } else {
                let path = Self.outputPath(output: output, stem: stem, scale: scale, scaleCount: scales.count)
                // A file that already holds these bytes is left alone (its modification time too, so build
                // systems watching it do not rebuild), as batch does.
                if FileIO.fileHasContents(path, png) {
                    if !quiet { io.printError("up to date: \(path) (\(w)×\(h))") }
                    continue
                }
                do {
                    try FileIO.writeAtomically(png, to: path)
                } catch {
                    throw CLIError.failed(error.description)
                }
                if !quiet { io.printError("wrote \(path) (\(w)×\(h))") }
            }
        }
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

    /// `NAME.png`, `NAME@2x.png`; with `-o FILE` and several scales, `FILE` for the first scale's name
    /// pattern: `out.png` → `out.png`, `out@2x.png`, `out@3x.png` (scale 1 keeps the plain name).
    static func outputPath(output: String?, stem: String, scale: Int, scaleCount: Int) -> String {
        let suffix = scale == 1 ? "" : "@\(scale)x"
        guard let output else { return "\(stem)\(suffix).png" }
        if scaleCount == 1 { return output }
        if output.hasSuffix(".png") { return String(output.dropLast(4)) + suffix + ".png" }
        return output + suffix
    }
}
