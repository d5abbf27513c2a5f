import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon bench DIR... [--sizes 24,256] [--rounds N] [--limit K] [--references] [--json]`
struct BenchCommand: CLICommand {
    static let spec = CommandSpec(
        name: "bench",
        summary: "Time parse, render and encode; compare with resvg, Skia, ThorVG",
        usage: ["bench <DIR>... [options]"],
        positionals: .folders,
        description: """
            Loads every .svg below the folders into memory, then times, per icon: parse (libxml2 and SVG \
            resolution), render to pixels, and PNG encode, at each size. Every icon is timed in --rounds passes \
            over the whole set and its fastest pass kept (a burst of load on a shared machine spoils only some \
            passes). Prints median and p90 microseconds per icon and icons per second for parse+render; with \
            several folders, an "all sets" row per size takes all their icons together (the references' too, \
            with --references).

            Build with -c release for numbers worth quoting: swift run -c release svgicon bench DIR
            """,
        groups: [
            OptionGroup(title: "OPTIONS", options: [
                SharedOptions.size(list: true, range: 1...RenderCommand.maxSide, help: "Output sizes in pixels (default 24,256)"),
                OptionSpec(names: ["--rounds"], kind: .integer(1...100), placeholder: "N",
                           help: "Passes over the set, each icon's fastest kept (default 3)"),
                OptionSpec(names: ["--limit"], kind: .integer(1...1_000_000), placeholder: "K",
                           help: "Only the first K files of each folder (sorted by path)"),
                OptionSpec(names: ["--references"], kind: .flag, help: """
                    Also time resvg, Skia and ThorVG in-process on the same files, in the same run, and print svgicon's speed relative to each (needs python3 with resvg-py, skia-python and thorvg-python; Scripts/bench-references --install sets that up)
                    """),
                OptionSpec(names: ["--script"], kind: .file, placeholder: "PATH",
                           help: "The reference script (default Scripts/bench-references)"),
                OptionSpec(names: ["--png-level"], kind: .integer(0...12), placeholder: "N",
                           help: "libdeflate level for the PNG encode stage, 1–12; 0 (default) chooses by image size (6 up to 32 KiB of raw rows, 2 above)"),
                OptionSpec(names: ["--png-filters"], kind: .integer(0...0xF8), placeholder: "MASK",
                           help: "PNG row filters to pick from per row, as a bit mask (default 8 = None; 248 = all five)"),
                SharedOptions.json("Print the results as JSON instead of a table"),
            ]),
        ],
        examples: [
            "svgicon bench Icons --size 24 --rounds 5",
            "svgicon bench lucide/icons tabler/icons --size 24,256 --references",
            "svgicon bench Icons --json > bench.json",
        ])

    /// One timed set at one size, labelled with its folder's (unique) name.
    typealias Row = (set: String, result: IconBenchmark.Result)

    /// What `main` reads from the command line.
    private struct Settings {
        var sizes: [Int]
        var rounds: Int
        var limit: Int?
        var references: Bool
        var script: String
        var compression: PNGCodec.Compression
    }

    static func main(_ parsed: ParsedArguments, output io: CommandOutput) throws(CLIError) -> Int32 {
        let folders = parsed.positionals
        var compression = PNGCodec.Compression.default
        if let level = parsed.integer("--png-level") { compression.level = level }
        if let filters = parsed.integer("--png-filters") { compression.filters = filters }
        let settings = Settings(sizes: parsed.integers("--size") ?? [24, 256], rounds: parsed.integer("--rounds") ?? 3,
                                limit: parsed.integer("--limit"), references: parsed.flag("--references"),
                                script: parsed.text("--script") ?? "Scripts/bench-references", compression: compression)
        let json = parsed.flag("--json")
        guard !folders.isEmpty else {
            throw CLIError.usage("bench needs at least one folder of .svg files", command: name)
        }
        var rows: [Row] = []
        var referenceRows: [ReferenceTiming] = []
        for folder in folders {
            try measure(folder, settings, json: json, rows: &rows, referenceRows: &referenceRows, io: io)
        }
        // With several sets, every size's icons taken together as well, the references' too.
        var pooled: [IconBenchmark.Result] = []
        if folders.count > 1 {
            for size in settings.sizes {
                if let all = IconBenchmark.Result.pooled(rows.filter { $0.result.size == size }.map(\.result)) {
                    pooled.append(all)
                }
            }
            referenceRows += ReferenceTiming.pooled(referenceRows, sets: Array(Set(rows.map(\.set))),
                                                    label: pooledLabel)
        }
        if json {
            io.writeOut(jsonReport(rows: rows, pooled: pooled, references: referenceRows))
        } else {
            printTable(rows + pooled.map { (pooledLabel, $0) }, references: referenceRows, io: io)
        }
        return ExitCode.success
    }

    /// Times one folder at every size (and the references with `--references`), appending its rows.
    private static func measure(_ folder: String, _ settings: Settings, json: Bool, rows: inout [Row],
                                referenceRows: inout [ReferenceTiming], io: CommandOutput) throws(CLIError) {
        let inputs: [IconBenchmark.Input]
        do {
            inputs = try IconBenchmark.load(folder: folder, limit: settings.limit)
        } catch {
            throw CLIError.failed("\(folder): \(error)")
        }
        guard !inputs.isEmpty else { throw CLIError.failed("\(folder): no .svg files found") }
        let label = uniqueLabel(for: folder, taken: rows)
        if !json { io.printError("bench: \(label): \(inputs.count) icons") }
        let bench = IconBenchmark(inputs: inputs, rounds: settings.rounds, compression: settings.compression)
        for size in settings.sizes {
            rows.append((label, bench.run(size: size)))
        }
        if settings.references {
            referenceRows += try runReferences(script: settings.script, folder: folder, label: label,
                                               sizes: settings.sizes, rounds: settings.rounds,
                                               limit: settings.limit, io: io)
        }
    }

    /// The folder's last component, numbered when another set has it: rows are matched by label, so folders
    /// of the same name (a/icons, b/icons) must get distinct ones.
    private static func uniqueLabel(for folder: String, taken rows: [Row]) -> String {
        let name = URL(fileURLWithPath: folder).lastPathComponent
        var label = name
        var copy = 1
        while rows.contains(where: { $0.set == label }) || label == pooledLabel {
            copy += 1
            label = "\(name)-\(copy)"
        }
        return label
    }

    /// `--json`: the sets' rows, the pooled rows and the references' rows, with a final newline.
    private static func jsonReport(rows: [Row], pooled: [IconBenchmark.Result],
                                   references: [ReferenceTiming]) -> [UInt8] {
        func object(_ result: IconBenchmark.Result) -> [String: Any] {
            let data = (try? JSONEncoder().encode(result)) ?? Data()
            return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        }
        var report: [String: Any] = [:]
        report["svgicon"] = rows.map { row -> [String: Any] in
            var dict = object(row.result)
            dict["set"] = row.set
            return dict
        }
        report["all"] = pooled.map(object)
        report["references"] = references.map(\.jsonObject)
        let data = (try? JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return [UInt8](data) + [0x0A]
    }

    /// The table of svgicon's rows, then the references' against svgicon's median of the same set and size.
    private static func printTable(_ ownRows: [Row], references: [ReferenceTiming], io: CommandOutput) {
        io.printOut("set         size  icons  parse med  render med  parse+render med   p90     icons/s   encode med   PNG KiB")
        for (set, r) in ownRows {
            io.printOut(set.padding(12) + pad(r.size, 4) + pad(r.icons, 7)
                        + us(r.parse.median, 11) + us(r.render.median, 12) + us(r.parseAndRender.median, 18)
                        + us(r.parseAndRender.p90, 7) + pad(Int(r.iconsPerSecond), 12) + us(r.encode.median, 13)
                        + pad(r.pngBytes / 1024, 10))
        }
        guard !references.isEmpty else { return }
        io.printOut("")
        io.printOut("same files, same run (parse+render, µs per icon; ratio = reference median / svgicon median)")
        io.printOut("set         size  renderer        median     p90   svgicon median   ratio")
        for ref in references {
            guard let ours = ownRows.first(where: { $0.set == ref.set && $0.result.size == ref.size })?.result
            else { continue }
            let ratio = ours.parseAndRender.median > 0 ? ref.median / ours.parseAndRender.median : 0
            io.printOut(ref.set.padding(12) + pad(ref.size, 4) + "  " + ref.renderer.padding(14)
                        + us(ref.median, 8) + us(ref.p90, 8) + us(ours.parseAndRender.median, 17)
                        + "   " + String(format: "%.2f×", ratio))
        }
    }

    /// The label of the rows that take every set together.
    static let pooledLabel = "all sets"

    /// Runs the reference script and returns its rows.
    private static func runReferences(script: String, folder: String, label: String, sizes: [Int], rounds: Int,
                                      limit: Int?, io: CommandOutput) throws(CLIError) -> [ReferenceTiming] {
        guard FileManager.default.fileExists(atPath: script) else {
            throw CLIError.failed("--references: \(script) not found (run from the svgicon checkout or pass --script)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var args = ["bash", script, folder, "--sizes", sizes.map(String.init).joined(separator: ","),
                    "--rounds", String(rounds), "--label", label]
        if let limit { args += ["--limit", String(limit)] }
        process.arguments = args
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            throw CLIError.failed("--references: cannot run \(script): \(error.localizedDescription)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let rows = ReferenceTiming.decode(data) else {
            throw CLIError.failed("--references: \(script) failed (exit \(process.terminationStatus)); see its message above")
        }
        return rows
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: " ", count: max(1, width - s.count)) + s
    }

    private static func us(_ v: Double, _ width: Int) -> String {
        let s = v < 100 ? String(format: "%.1f", v) : String(format: "%.0f", v)
        return String(repeating: " ", count: max(1, width - s.count)) + s
    }
}
