import SVGIconCore
import SVGIconKit
import SVGIconTools

/// The option groups several commands take, declared once: the same names, aliases and help wherever
/// they appear. A command picks the groups it takes (and the variant: one size or several).
enum SharedOptions {
    static let help = OptionSpec(names: ["--help", "-h"], kind: .flag, help: "Show this help")
    static let version = OptionSpec(names: ["--version", "-V"], kind: .flag, help: "Show svgicon's version")

    /// `-s, --size`: one size (`list: false`) or several; `--sizes` is accepted for it too.
    static func size(list: Bool, range: ClosedRange<Int>, help: String) -> OptionSpec {
        OptionSpec(names: ["--size", "-s"], aliases: ["--sizes"], kind: list ? .integers(range) : .integer(range),
                   placeholder: list ? "N[,N…]" : "N", help: help)
    }

    /// `--scale S[,S…]` (1–16; `--scales` is accepted for it too), with the command's own help.
    static func scale(help: String) -> OptionSpec {
        OptionSpec(names: ["--scale"], aliases: ["--scales"], kind: .integers(1...16), placeholder: "S[,S…]", help: help)
    }

    /// `-t, --tint`: one colour or several (`--tints` is accepted for it too).
    static func tint(list: Bool, allowsNone: Bool = false, help: String) -> OptionSpec {
        OptionSpec(names: ["--tint", "-t"], aliases: ["--tints"],
                   kind: list ? .colors(allowsNone: allowsNone) : .color(allowsNone: allowsNone),
                   placeholder: list ? "C[,C…]" : "COLOR", help: help)
    }

    static let background = OptionSpec(
        names: ["--background", "-b"], kind: .color(allowsNone: true), placeholder: "COLOR",
        help: "Paint a background (default none: transparent)")

    static let forceTint = OptionSpec(
        names: ["--force-tint"], kind: .flag,
        help: "currentColor takes the tint even where the file sets its own `color` (KDE/Papirus ColorScheme classes do); by default the file's colour wins")

    static let recolor = OptionSpec(
        names: ["--recolor"], kind: .flag,
        help: "Every paint becomes the tint, each keeping its own alpha and opacity: for single-colour exports that hard-code fill=\"black\" or a grey (Figma, Sketch, themes)")

    static let pixelFit = OptionSpec(
        names: ["--pixel-fit"], kind: .flag,
        help: "Fit the design to the pixel grid before drawing, as a hand-made small master is: stroke widths in whole pixels, straight edges and curve extremes on pixel edges, each point moved by at most about half a pixel (crisper at 16–24 px; Docs/pixel-fit.md). PNG outputs only")

    static let exactThinStrokes = OptionSpec(
        names: ["--exact-thin-strokes"], kind: .flag,
        help: "Draw strokes at most 1 px wide as their exact outline. By default they are hairlines whose alpha is the width, as resvg, Skia and Chrome draw them: lighter and crisper on diagonals and curves. PNG outputs only")

    static let pdfStrokes = OptionSpec(
        names: ["--pdf-strokes"], kind: .choice(PDFStrokes.allCases.map(\.rawValue)), placeholder: "native|outline",
        help: "PDF output: how strokes are written. native (default): PDF strokes with their caps, joins and dashes, small and still editable as strokes, but drawn by each reader its own way (poppler's Splash — pdftoppm, Okular, xpdf — snaps thin straight strokes to whole pixels). outline: each stroke as the filled shape svgicon's stroker makes of it, so every reader shows the same pixels as svgicon's PNGs; larger files, no longer strokes in an editor")

    /// `--pdf-strokes` as given, nil when it is not; a usage error (in `command`'s words) when the command line
    /// writes no PDF (`writesPDF` false), naming what would (`needs`).
    static func pdfStrokes(_ parsed: ParsedArguments, writesPDF: Bool, needs: String,
                           command: String) throws(CLIError) -> PDFStrokes? {
        guard let value = parsed.text("--pdf-strokes").flatMap(PDFStrokes.init(rawValue:)) else { return nil }
        guard writesPDF else {
            throw CLIError.usage("--pdf-strokes says how a PDF's strokes are written; it needs \(needs)", command: command)
        }
        return value
    }

    /// The small-size group: --pixel-fit, --exact-thin-strokes.
    static let fitting = OptionGroup(title: "SMALL SIZES", options: [pixelFit, exactThinStrokes])

    /// What `--tint`, `--force-tint`, `--recolor` and `--pixel-fit` say, read the one way every command that
    /// offers them reads them (no tint: nil).
    static func paint(_ parsed: ParsedArguments) -> (tint: SVGColor?, forceTint: Bool, recolor: Bool, pixelFit: Bool) {
        (parsed.color("--tint") ?? nil, parsed.flag("--force-tint"), parsed.flag("--recolor"), parsed.flag("--pixel-fit"))
    }

    /// The colour group: tint, background (optional), --force-tint, --recolor.
    static func colour(tint: OptionSpec, background: Bool) -> OptionGroup {
        OptionGroup(title: "COLOUR", options: [tint] + (background ? [SharedOptions.background] : []) + [forceTint, recolor])
    }

    static let colourNote = """
        COLOR: '#0a84ff', 0a84ff, '#08f', 'rgb(10,132,255)', 'hsl(211,100%,52%)', dodgerblue. Quote colours that
        start with # — an unquoted # starts a shell comment.

        Tint, three strengths: by default currentColor and unspecified paints take it; --force-tint also
        overrides a `color` the file sets; --recolor paints everything in it. svgicon warns when a tint was
        asked for and nothing in the icon takes it.
        """

    static let noCache = OptionSpec(names: ["--no-cache"], kind: .flag,
                                    help: "Render without reading or filling the render cache")
    static let cacheDir = OptionSpec(names: ["--cache-dir"], kind: .folder, placeholder: "DIR",
                                     help: "The cache folder; default $SVGICON_CACHE_DIR, else $XDG_CACHE_HOME/svgicon, else ~/.cache/svgicon")
    static let cacheMax = OptionSpec(names: ["--cache-max"], kind: .byteSize, placeholder: "SIZE",
                                     help: "Cache size limit (512M, 2G, bytes); default $SVGICON_CACHE_MAX, else 512 MiB. Past it the least recently used entries are deleted down to 90 %")

    /// `--no-cache`, `--cache-dir`, `--cache-max` (`withNoCache: false` for `svgicon cache` itself).
    static func cache(withNoCache: Bool = true) -> OptionGroup {
        OptionGroup(title: "CACHE (see svgicon help cache)", options: (withNoCache ? [noCache] : []) + [cacheDir, cacheMax])
    }

    static func output(_ help: String, placeholder: String = "FILE") -> OptionSpec {
        OptionSpec(names: ["--output", "-o"], kind: .file, placeholder: placeholder, help: help)
    }

    static func quiet(_ help: String) -> OptionSpec {
        OptionSpec(names: ["--quiet", "-q"], kind: .flag, help: help)
    }

    static func json(_ help: String) -> OptionSpec {
        OptionSpec(names: ["--json"], kind: .flag, help: help)
    }

    static let iconFolders = OptionSpec(names: ["--icons"], kind: .folder, placeholder: "DIR",
                                        help: "Folder to look up NAME in (repeatable; default ./Icons)", repeatable: true)
}

extension CacheArguments {
    /// The cache options of a parsed command line.
    init(_ parsed: ParsedArguments) {
        self.init()
        disabled = parsed.flag("--no-cache")
        directory = parsed.text("--cache-dir")
        maxBytes = parsed.text("--cache-max").flatMap(ByteSize.parse)
    }
}
