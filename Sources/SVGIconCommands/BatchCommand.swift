import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon batch DIR --out DIR --size N[,N…] [--scale …] [--tint …] [--format …] [--jobs N] [--json] [--no-cache]`
struct BatchCommand: RunnableCommand {
    static let spec = CommandSpec(
        name: "batch",
        summary: "Convert a folder of icons (recursive, parallel, cached)",
        usage: ["batch <DIR> --out <DIR> --size N[,N…] [options]"],
        positionals: .folders,
        description: """
            Converts every icon below DIR (files ending in .svg, or .svgz for gzip-compressed SVG, in any case and at any depth; hidden files and \
            folders skipped) on all cores. Icons already rendered with the same bytes and options come from \
            the render cache, and output files that already hold the right bytes are left untouched, so a \
            second run only does what changed. A broken icon is reported and skipped; every other icon is \
            still written. An --out folder inside DIR is skipped by the scan; --out . next to the icons works.

            To declare the batches of a project once, write them in svgicon.json (svgicon help build): its job \
            keys are this command's option names. `svgicon batch` with no folder (and no options but --json, \
            --quiet, --jobs and the cache options) then runs every job of the file, as `svgicon build` does.
            """,
        groups: [
            OptionGroup(title: "SIZE", options: [
                SharedOptions.size(list: true, range: 1...RenderCommand.maxSide,
                                   help: "Icon size(s) in pixels at scale 1 (required, except for ico and icns: there the sizes inside each file, default ICO 16,24,32,48,64,256 and ICNS 16,32,64,128,256,512,1024)"),
                SharedOptions.scale(help: "Scale factors (1–16; default 1, for xcassets 1,2,3)"),
            ]),
            SharedOptions.colour(
                tint: SharedOptions.tint(list: true, help: "One output set per colour (default: untinted, i.e. black); 'rgb(10,132,255)' keeps its commas"),
                background: true),
            OptionGroup(title: "OUTPUT", options: [
                OptionSpec(names: ["--out", "-o"], aliases: ["--output"], kind: .folder, placeholder: "DIR",
                           help: "Output folder (created if missing; checked before anything is converted)"),
                OptionSpec(names: ["--format", "-f"], kind: .choice(BatchOutputFormat.allCases.map(\.rawValue)),
                           placeholder: "FORMAT", help: """
                    png: DIR mirrors the input tree, a/b.svg → a/b.png, a/b@2x.png (default)
                    xcassets: DIR is an asset catalog (its name ends in .xcassets), one a/b.imageset per icon, template rendering when every visible paint takes the tint (else original; --rendering overrides)
                    android: DIR/drawable-mdpi … drawable-xxxhdpi, one a_b.png per icon in each
                    android-vector: DIR/drawable/a_b.xml, an Android VectorDrawable per icon (--size in dp); an icon VectorDrawable cannot express (mask, filter, image, pattern, …) fails naming the feature and line
                    pdf: DIR mirrors the input tree, a/b.svg → a/b.pdf, one page of --size points; an icon with a filter, pattern or image fails naming the feature and line
                    ico: DIR mirrors the input tree, a/b.svg → a/b.ico with a PNG entry per size
                    icns: a/b.svg → a/b.icns, PNG entries with the @2x types (ic11–ic14, ic10)
                    Several sizes or tints add a suffix: b-24.png, b-0a84ff.png, b-24-0a84ff@2x.png.
                    """),
                OptionSpec(names: ["--rendering"], kind: .choice(RenderingIntent.allCases.map(\.rawValue)), placeholder: "INTENT",
                           help: "xcassets: template-rendering-intent for every image set, template or original (default: template only for icons every visible paint of which takes the tint)"),
                OptionSpec(names: ["--vector"], kind: .flag,
                           help: "xcassets: one PDF per image set (--size in points) in a single universal slot with preserves-vector-representation, instead of PNGs at each scale"),
                SharedOptions.pdfStrokes,
                OptionSpec(names: ["--dark-tint"], kind: .color(allowsNone: false), placeholder: "COLOR",
                           help: "xcassets: a dark-appearance image beside each one (b-dark.png, b-dark@2x.png, or b-dark.pdf), drawn with this tint"),
                SharedOptions.json("Print a JSON summary on standard output: counts, failures with reasons, warnings, timings"),
                SharedOptions.quiet("Print only the failures"),
            ]),
            OptionGroup(title: "HOW", options: [
                OptionSpec(names: ["--jobs", "-j"], kind: .integer(1...256), placeholder: "N",
                           help: "Icons converted at once (default: the number of cores)"),
            ]),
            SharedOptions.fitting,
            ImageArguments.group,
            SharedOptions.cache(),
        ],
        notes: SharedOptions.colourNote + """


            On a terminal a progress line shows icons done, rate and time left; otherwise only failures (one \
            line each: FILE[:LINE:COLUMN]: reason) and a final summary are printed, on standard error. Every \
            file is written under a temporary name and renamed into place: a killed run leaves whole files or \
            none, and the next run removes its temporary files.

            EXIT CODES
              0  every icon was converted
              1  some icons failed (each is listed; all the others were written), the
                 output folder cannot be written, or DIR holds no icons
              2  the command line was wrong; nothing was done
            """,
        examples: [
            "svgicon batch icons/ --out build/png --size 24,48 --scale 1,2,3",
            "svgicon batch icons/ --out App/Icons.xcassets --format xcassets --size 24",
            "svgicon batch icons -o A.xcassets -f xcassets --vector -s 24 --dark-tint white",
            "svgicon batch icons/ --out res --format android --size 24 --tint '#0a84ff'",
            "svgicon batch icons/ --out png/ --size 16 --tint black,white --json > r.json",
            "svgicon batch icons/ --out app/src/main/res --format android-vector --size 24",
            "svgicon batch icons/ --out pdf/ --format pdf --size 24 --pdf-strokes outline",
            "svgicon batch icons/ --out win/ --format ico",
            "svgicon batch icons/ --out mac/ --format icns --size 16,32,128,256,512",
        ])

    var request = BatchRequest(inputFolder: "", outputFolder: "", sizes: [],
                               jobs: ProcessInfo.processInfo.activeProcessorCount)
    var json = false
    var quiet = false
    var cache = CacheArguments()

    /// The options `svgicon batch` with no folder may carry when it runs svgicon.json's jobs: the ones that
    /// belong to the run rather than to a job (`svgicon build` takes them too).
    static let projectRunOptions: Set<String> = ["--json", "--quiet", "--jobs", "--no-cache", "--cache-dir", "--cache-max"]

    /// With no folder and svgicon.json here or above, `batch` is `svgicon build` (every job of the file), so a
    /// CI step is one word; with job options (`--size`, `--out`, …) and no folder it is a usage error as before.
    static func main(_ arguments: [String], output io: CommandOutput) throws(CLIError) -> Int32 {
        try main(arguments, output: io, projectFrom: FileManager.default.currentDirectoryPath)
    }

    /// `main`, looking for svgicon.json from `directory` up.
    static func main(_ arguments: [String], output io: CommandOutput, projectFrom directory: String) throws(CLIError) -> Int32 {
        let parsed = try spec.parse(arguments)
        if parsed.positionals.isEmpty, parsed.values.keys.allSatisfy(projectRunOptions.contains),
           let project = ProjectFile.find(from: directory) {
            return try BuildCommand.main(arguments + ["--project", project], output: io)
        }
        return try main(parsed, output: io)
    }

    static func parse(_ parsed: ParsedArguments) throws(CLIError) -> BatchCommand {
        var command = BatchCommand()
        let output = parsed.text("--out")
        let scales = parsed.integers("--scale")
        command.request.sizes = parsed.integers("--size") ?? []
        command.request.tints = (parsed.colors("--tint") ?? []).compactMap { $0 }
        command.request.background = parsed.color("--background") ?? nil
        command.request.parsing.tintOverridesColor = parsed.flag("--force-tint")
        command.request.recolor = parsed.flag("--recolor")
        command.request.pixelFit = parsed.flag("--pixel-fit")
        command.request.exactThinStrokes = parsed.flag("--exact-thin-strokes")
        try parseFormat(parsed, into: &command.request)
        if let jobs = parsed.integer("--jobs") { command.request.jobs = jobs }
        command.json = parsed.flag("--json")
        command.quiet = parsed.flag("--quiet")
        command.cache = CacheArguments(parsed)
        ImageArguments.apply(parsed, to: &command.request.parsing)
        let project = parsed.positionals.isEmpty ? ProjectFile.find() : nil
        command.request.inputFolder = try parsed.single(
            missing: "batch needs a folder of .svg files: svgicon batch icons/ --out png/ --size 24"
                + (project.map { "; or run the jobs of \($0) with `svgicon build` (or `svgicon batch` alone)" } ?? ""),
            what: "folder")
        guard let output else {
            throw CLIError.usage("batch needs --out DIR, the folder to write to", command: name)
        }
        guard !command.request.sizes.isEmpty || command.request.format.iconFile != nil else {
            throw CLIError.usage("batch needs --size N (or several: --size 24,48)", command: name)
        }
        command.request.outputFolder = output
        command.request.sizes = unique(command.request.sizes)
        command.request.tints = unique(command.request.tints)
        command.request.scales = try outputScales(scales, for: command.request, output: output)
        try checkLargestSide(of: command.request)
        return command
    }

    /// `--format` and the options that only some formats take (`--rendering`, `--vector`, `--dark-tint`,
    /// `--pdf-strokes`), each refused with the format it needs.
    private static func parseFormat(_ parsed: ParsedArguments, into request: inout BatchRequest) throws(CLIError) {
        if let format = parsed.text("--format").flatMap(BatchOutputFormat.init(rawValue:)) { request.format = format }
        request.rendering = parsed.text("--rendering").flatMap(RenderingIntent.init(rawValue:))
        if request.rendering != nil, request.format != .xcassets {
            throw CLIError.usage("--rendering sets the asset catalog's template-rendering-intent; it needs --format xcassets",
                                 command: name)
        }
        request.vector = parsed.flag("--vector")
        request.darkTint = parsed.color("--dark-tint") ?? nil
        if request.vector || request.darkTint != nil, request.format != .xcassets {
            throw CLIError.usage("\(request.vector ? "--vector" : "--dark-tint") is for asset catalogs; it needs --format xcassets",
                                 command: name)
        }
        let writesPDF = request.format == .pdf || (request.format == .xcassets && request.vector)
        request.pdfStrokes = try SharedOptions.pdfStrokes(parsed, writesPDF: writesPDF,
                                                          needs: "--format pdf or --format xcassets --vector", command: name) ?? .native
    }

    /// The scale factors `request`'s format writes: `--scale` (`given`) where the format takes it, refused
    /// where it does not; checks the asset catalog's folder name and the icon-file sizes too.
    private static func outputScales(_ given: [Int]?, for request: BatchRequest,
                                     output: String) throws(CLIError) -> [Int] {
        switch request.format {
        case .png:
            return unique(given ?? [1])
        case .xcassets:
            let scales = unique(given ?? BatchOutputFormat.assetCatalogScales).sorted()
            guard scales.allSatisfy(BatchOutputFormat.assetCatalogScales.contains) else {
                throw CLIError.usage("an asset catalog holds scales 1, 2 and 3; --scale takes only those with --format xcassets",
                                     command: name)
            }
            guard URL(fileURLWithPath: output).lastPathComponent.hasSuffix(".xcassets") else {
                throw CLIError.usage("--format xcassets writes an asset catalog: give --out a folder whose name ends in .xcassets (--out Assets.xcassets)",
                                     command: name)
            }
            return scales
        case .android:
            guard given == nil else {
                throw CLIError.usage("--format android writes every density (mdpi, hdpi, xhdpi, xxhdpi, xxxhdpi); leave out --scale",
                                     command: name)
            }
            return [1]
        case .androidVector, .pdf:
            guard given == nil else {
                throw CLIError.usage("--format \(request.format.rawValue) writes vector files, one for every density; leave out --scale",
                                     command: name)
            }
            return [1]
        case .ico, .icns:
            let container = request.format.iconFile!
            guard given == nil else {
                throw CLIError.usage("--format \(container.rawValue) packs every size into one file; give the sizes with --size and leave out --scale",
                                     command: name)
            }
            if let wrong = request.sizes.first(where: { !container.accepts($0) }) {
                throw CLIError.usage("--size \(wrong): \(container.sizeRule)", command: name)
            }
            return [1]
        }
    }

    /// Refuses a batch whose largest output (size × scale, × 4 for Android's xxxhdpi) is too big to render.
    private static func checkLargestSide(of request: BatchRequest) throws(CLIError) {
        let factor = request.format == .android ? 4 : request.scales.max()!
        let largest = (request.sizes.max() ?? request.format.iconFile?.defaultSizes.max() ?? 1) * factor
        guard largest <= RenderCommand.maxSide else {
            throw CLIError.usage("the largest output would be \(largest)×\(largest) pixels; the largest side svgicon renders is \(RenderCommand.maxSide)",
                                 command: name)
        }
    }

    func run(_ io: CommandOutput) throws(CLIError) -> Int32 {
        let renderCache = try cache.open(command: Self.name)
        let report = try convert(io, cache: renderCache)
        CacheArguments.finish(renderCache, output: io, quiet: quiet)
        if json {
            io.printJSON(report)
        } else if !quiet, report.icons > 0 {
            io.writeError(Self.summary(of: report))
        }
        if let problem = emptyInputProblem(report) { throw CLIError.failed(problem) }
        return report.failed > 0 ? ExitCode.failure : ExitCode.success
    }

    /// Checks the output folder, converts (failures and the progress line on standard error, as they
    /// happen) and warns about icons no tint reaches, naming options through `wording` (`svgicon build`
    /// names them as svgicon.json's keys). `svgicon build` runs each of its batches through it.
    func convert(_ io: CommandOutput, cache renderCache: RenderCache?,
                 wording: (String) -> String = { $0 }) throws(CLIError) -> BatchReport {
        // The output folder once, up front: one error in svgicon's words rather than one per icon.
        do {
            try FileIO.prepareOutputFolder(request.outputFolder)
        } catch {
            throw CLIError.failed("--out \(request.outputFolder): \(error.reason); nothing was converted")
        }
        let runner = BatchRunner(request: request, renderer: CachedIconRenderer(cache: renderCache))
        let progress = ProgressLine(output: io, enabled: io.errorIsTerminal && !quiet)
        runner.onProgress = { done, total, failed in progress.update(done: done, total: total, failed: failed) }
        runner.onFailure = { failure in progress.print("svgicon: error: \(failure)") }
        let report: BatchReport
        do {
            report = try runner.run()
        } catch {
            throw CLIError.failed(error.description)
        }
        progress.clear()
        if !quiet, !report.tintNotTaken.isEmpty {
            let names = report.tintNotTaken.prefix(5).joined(separator: ", ") + (report.tintNotTaken.count > 5 ? ", …" : "")
            progress.print(wording("svgicon: warning: \(report.tintNotTaken.count) icon\(report.tintNotTaken.count == 1 ? " takes" : "s take") "
                + "no tint (every colour is written in the file): \(names). "
                + (request.parsing.tintOverridesColor ? "" : "Add --force-tint if they set `color` for currentColor, or ")
                + (request.parsing.tintOverridesColor ? "Use " : "use ") + "--recolor to paint every shape in the tint."))
        }
        return report
    }

    /// Why a run that found no icons failed (nil when it found some).
    func emptyInputProblem(_ report: BatchReport) -> String? {
        guard report.icons == 0 else { return nil }
        let others = report.ignored.isEmpty ? "it is empty"
            : "it holds \(report.ignored.count) other file\(report.ignored.count == 1 ? "" : "s") (\(report.ignored.prefix(3).joined(separator: ", "))\(report.ignored.count > 3 ? ", …" : ""))"
        return "no icons in \(request.inputFolder): no file ending in .svg or .svgz below it, hidden folders and "
            + "the output folder aside; \(others). Nothing was converted."
    }

    /// The text summary on standard error.
    static func summary(of report: BatchReport, title: String = "svgicon batch") -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let f = report.files
        var lines = [
            "\(title): \(report.succeeded) of \(count(report.icons, "icon")) converted in \(report.seconds.total) s "
                + "(\(report.iconsPerSecond) icons/s, \(report.jobs) at a time) → \(report.output)",
            // Vector formats (android-vector, pdf) render no image.
            "  " + (f.rendered + f.fromCache == 0 ? ""
                : "\(count(f.rendered + f.fromCache, "image")): \(f.rendered) rendered, \(f.fromCache) from the cache; ")
                + "\(count(f.written, "file")) written, \(f.unchanged) already up to date",
        ]
        if report.failed > 0 { lines.append("  \(count(report.failed, "icon")) failed (listed above)") }
        if !report.ignored.isEmpty { lines.append("  \(count(report.ignored.count, "file")) skipped: not .svg or .svgz") }
        let warned = Set(report.warnings.map(\.path)).count
        if warned > 0 {
            lines.append("  \(count(warned, "icon")) use SVG features svgicon skips (--json lists them)")
        }
        if let cache = report.cache, cache.dropped > 0 {
            lines.append("  \(cache.dropped) damaged cache \(cache.dropped == 1 ? "entry" : "entries") dropped and rendered again")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func unique<T: Hashable>(_ values: [T]) -> [T] {
        var seen = Set<T>()
        return values.filter { seen.insert($0).inserted }
    }
}
