import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon batch DIR --out DIR --size N[,N…] [--scale …] [--tint …] [--format …] [--jobs N] [--json] [--no-cache]`
struct BatchCommand: CLICommand {
    static let name = "batch"
    static let summary = "Convert a folder of icons (recursive, parallel, cached)"
    static var help: String { HelpText.batch }

    static func main(_ arguments: [String], output: CommandOutput) throws(CLIError) -> Int32 {
        try parse(arguments).run(output)
    }

    var request = BatchRequest(inputFolder: "", outputFolder: "", sizes: [],
                               jobs: ProcessInfo.processInfo.activeProcessorCount)
    var json = false
    var quiet = false
    var cache = CacheArguments()

    static func parse(_ arguments: [String]) throws(CLIError) -> BatchCommand {
        var reader = ArgumentReader(arguments, command: name)
        var command = BatchCommand()
        var output: String? = nil
        var scales: [Int]? = nil
        let inputs = try reader.positionals { o, reader throws(CLIError) in
            switch o {
            case "--out", "-o": output = try reader.value(for: o)
            case "--size", "-s": command.request.sizes = try reader.integerList(for: o, range: 1...RenderCommand.maxSide)
            case "--scale": scales = try reader.integerList(for: o, range: 1...16)
            case "--tint", "-t":
                command.request.tints = try ColorArgument.parseList(try reader.value(for: o, isColor: true), option: o, command: name)
            case "--background", "-b":
                command.request.background = try ColorArgument.parse(try reader.value(for: o, isColor: true), option: o, command: name)
            case "--force-tint": command.request.parsing.tintOverridesColor = true
            case "--format", "-f":
                let text = try reader.value(for: o)
                guard let format = BatchOutputFormat(rawValue: text) else {
                    throw CLIError.usage("--format takes png, xcassets or android, not \"\(text)\"", command: name)
                }
                command.request.format = format
            case "--jobs", "-j": command.request.jobs = try reader.integer(for: o, range: 1...256)
            case "--json": command.json = true
            case "--quiet", "-q": command.quiet = true
            default: return try command.cache.read(o, from: &reader)
            }
            return true
        }
        command.request.inputFolder = try reader.single(
            inputs, missing: "batch needs a folder of .svg files: svgicon batch icons/ --out png/ --size 24", what: "folder")
        guard let output else {
            throw CLIError.usage("batch needs --out DIR, the folder to write to", command: name)
        }
        guard !command.request.sizes.isEmpty else {
            throw CLIError.usage("batch needs --size N (or several: --size 24,48)", command: name)
        }
        command.request.outputFolder = output
        command.request.sizes = unique(command.request.sizes)
        command.request.tints = unique(command.request.tints)
        switch command.request.format {
        case .png:
            command.request.scales = unique(scales ?? [1])
        case .xcassets:
            command.request.scales = unique(scales ?? BatchOutputFormat.assetCatalogScales).sorted()
            guard command.request.scales.allSatisfy(BatchOutputFormat.assetCatalogScales.contains) else {
                throw CLIError.usage("an asset catalog holds scales 1, 2 and 3; --scale takes only those with --format xcassets",
                                     command: name)
            }
            guard URL(fileURLWithPath: output).lastPathComponent.hasSuffix(".xcassets") else {
                throw CLIError.usage("--format xcassets writes an asset catalog: give --out a folder whose name ends in .xcassets (--out Assets.xcassets)",
                                     command: name)
            }
        case .android:
            guard scales == nil else {
                throw CLIError.usage("--format android writes every density (mdpi, hdpi, xhdpi, xxhdpi, xxxhdpi); leave out --scale",
                                     command: name)
            }
            command.request.scales = [1]
        }
        let factor = command.request.format == .android ? 4 : command.request.scales.max()!
        let largest = command.request.sizes.max()! * factor
        guard largest <= RenderCommand.maxSide else {
            throw CLIError.usage("the largest output would be \(largest)×\(largest) pixels; the largest side svgicon renders is \(RenderCommand.maxSide)",
                                 command: name)
        }
        return command
    }

    func run(_ io: CommandOutput) throws(CLIError) -> Int32 {
        let renderCache = try cache.open(command: Self.name)
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
        CacheArguments.finish(renderCache, output: io, quiet: quiet)
        if json {
            io.printJSON(report)
        } else if !quiet {
            io.writeError(Self.summary(of: report))
        }
        return report.failed > 0 ? ExitCode.failure : ExitCode.success
    }

    /// The text summary on standard error.
    static func summary(of report: BatchReport) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let f = report.files
        var lines = [
            "svgicon batch: \(report.succeeded) of \(count(report.icons, "icon")) converted in \(report.seconds.total) s "
                + "(\(report.iconsPerSecond) icons/s, \(count(report.jobs, "job"))) → \(report.output)",
            "  \(count(f.rendered + f.fromCache, "image")): \(f.rendered) rendered, \(f.fromCache) from the cache; "
                + "\(count(f.written, "file")) written, \(f.unchanged) already up to date",
        ]
        if report.failed > 0 { lines.append("  \(count(report.failed, "icon")) failed (listed above)") }
        if !report.ignored.isEmpty { lines.append("  \(count(report.ignored.count, "file")) skipped: not .svg") }
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
