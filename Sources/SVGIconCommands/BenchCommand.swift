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

    static func main(_ parsed: ParsedArguments, output io: CommandOutput) throws(CLIError) -> Int32 {
        let folders = parsed.positionals
        let sizes = parsed.integers("--size") ?? [24, 256]
        let rounds = parsed.integer("--rounds") ?? 3
        let limit = parsed.integer("--limit")
        let references = parsed.flag("--references")
        let script = parsed.text("--script") ?? "Scripts/bench-references"
        let json = parsed.flag("--json")
        var compression = PNGCodec.Compression.default
        if let level = parsed.integer("--png-level") { compression.level = level }
        if let filters = parsed.integer("--png-filters") { compression.filters = filters }
        guard !folders.isEmpty else {
            throw CLIError.usage("bench needs at least one folder of .svg files", command: name)
        }
        var rows: [(set: String, result: IconBenchmark.Result)] = []
        var referenceRows: [ReferenceTiming] = []
        for folder in folders {
            let inputs: [IconBenchmark.Input]
            do {
                inputs = try IconBenchmark.load(folder: folder, limit: limit)
            } catch {
                throw CLIError.failed("\(folder): \(error)")
            }
            guard !inputs.isEmpty else { throw CLIError.failed("\(folder): no .svg files found") }
            // Folders of the same name (a/icons, b/icons) get distinct labels: rows are matched by label.
            let name = URL(fileURLWithPath: folder).lastPathComponent
            var label = name
            var copy = 1
            while rows.contains(where: { $0.set == label }) || label == pooledLabel {
                copy += 1
                label = "\(name)-\(copy)"
            }
            if !json { io.printError("bench: \(label): \(inputs.count) icons") }
            let bench = IconBenchmark(inputs: inputs, rounds: rounds, compression: compression)
            for size in sizes {
                rows.append((label, bench.run(size: size)))
            }
            if references {
                referenceRows += try runReferences(script: script, folder: folder, label: label, sizes: sizes,
                                                   rounds: rounds, limit: limit, io: io)
            }
        }
        // With several sets, every size's icons taken together as well, the references' too.
        var pooled: [IconBenchmark.Result] = []
        if folders.count > 1 {
            for size in sizes {
                if let all = IconBenchmark.Result.pooled(rows.filter { $0.result.size == size }.map(\.result)) {
                    pooled.append(all)
                }
            }
            referenceRows += ReferenceTiming.pooled(referenceRows, sets: Array(Set(rows.map(\.set))),
                                                    label: pooledLabel)
        }
        let ownRows = rows + pooled.map { (pooledLabel, $0) }
        if json {
            var object: [String: Any] = [:]
            object["svgicon"] = rows.map { row -> [String: Any] in
                let data = (try? JSONEncoder().encode(row.result)) ?? Data()
                var dict = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
                dict["set"] = row.set
                return dict
            }
            object["all"] = pooled.map { result -> [String: Any] in
                let data = (try? JSONEncoder().encode(result)) ?? Data()
                return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            }
            object["references"] = referenceRows.map(\.jsonObject)
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
            io.writeOut([UInt8](data) + [0x0A])
            return ExitCode.success
        }
        io.printOut("set         size  icons  parse med  render med  parse+render med   p90     icons/s   encode med   PNG KiB")
        for (set, r) in ownRows {
            io.printOut(set.padding(12) + pad(r.size, 4) + pad(r.icons, 7)
                        + us(r.parse.median, 11) + us(r.render.median, 12) + us(r.parseAndRender.median, 18)
                        + us(r.parseAndRender.p90, 7) + pad(Int(r.iconsPerSecond), 12) + us(r.encode.median, 13)
                        + pad(r.pngBytes / 1024, 10))
        }
        if !referenceRows.isEmpty {
            io.printOut("")
            io.printOut("same files, same run (parse+render, µs per icon; ratio = reference median / svgicon median)")
            io.printOut("set         size  renderer        median     p90   svgicon median   ratio")
            for ref in referenceRows {
                guard let ours = ownRows.first(where: { $0.set == ref.set && $0.result.size == ref.size })?.result
                else { continue }
                let ratio = ours.parseAndRender.median > 0 ? ref.median / ours.parseAndRender.median : 0
                io.printOut(ref.set.padding(12) + pad(ref.size, 4) + "  " + ref.renderer.padding(14)
                            + us(ref.median, 8) + us(ref.p90, 8) + us(ours.parseAndRender.median, 17)
                            + "   " + String(format: "%.2f×", ratio))
            }
        }
        return ExitCode.success
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
