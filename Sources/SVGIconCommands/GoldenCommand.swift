import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon golden check|update [--icons DIR] [--goldens DIR] [--sizes N,…] [--tints C,…] [--tolerance N]`
struct GoldenCommand: ParsableCommand {
    static let spec = CommandSpec(
        name: "golden",
        summary: "Check icons against recorded golden PNGs, or re-record them",
        usage: ["golden check|update [--icons DIR] [--goldens DIR] [--size N,…]",
                "                    [--tint C,…] [--recolor] [--tolerance N]"],
        positionals: .words(["check", "update"]),
        description: """
            Golden-image testing for a folder of icons: every icon in the icon folder (.svg and .svgz, at any \
            depth, found as batch finds them) is rendered at each size and tint and compared, pixel by pixel \
            on premultiplied RGBA, with the PNG recorded for it in the goldens folder (NAME-24.png untinted, \
            NAME-24-0a84ff.png tinted; nav/bell.svg's goldens go in GOLDENS/nav/). The sizes, tints, tolerance and \
            --recolor are stored in GOLDENS/golden.json by `update`, so `check` needs no options; options \
            given to `check` override the file for that run only.

              check   Compare. Each failing golden gets one line: how many pixels differ by
                      more than the tolerance, the largest difference (0–255), and an
                      expected | difference | actual image in GOLDENS/_failures/. Missing
                      and extra goldens fail too. Exit 1 on any failure.
              update  Write the goldens that are missing or differ beyond the tolerance
                      (others are left untouched); delete extra goldens; save golden.json.
                      Prints one line per changed file.
            """,
        groups: [
            OptionGroup(title: "OPTIONS", options: [
                OptionSpec(names: ["--icons"], kind: .folder, placeholder: "DIR",
                           help: "Icon folder (default: svgicon.json's \"golden\": {\"icons\": …}, else ./Icons)"),
                OptionSpec(names: ["--goldens"], kind: .folder, placeholder: "DIR",
                           help: "Goldens folder, created by update (default: svgicon.json's \"golden\": {\"goldens\": …}, else ./Goldens)"),
                SharedOptions.size(list: true, range: 1...GoldenConfiguration.maxSize,
                                   help: "Pixel sizes, 1–\(GoldenConfiguration.maxSize) (default 16,24,48)"),
                SharedOptions.tint(list: true, allowsNone: true,
                                   help: "Tints; `none` is untinted (black, SVG's default). Default none,#0a84ff"),
                SharedOptions.recolor,
                OptionSpec(names: ["--tolerance"], kind: .integer(0...255), placeholder: "N",
                           help: "Largest allowed difference per premultiplied channel, 0–255 (default 1)"),
            ]),
            SharedOptions.fitting,
        ],
        notes: """
            Typical loop: change the renderer or an icon, run `svgicon golden check`, open the difference \
            images, and if the new renders are right run `svgicon golden update` and commit the goldens.
            """,
        examples: [
            "svgicon golden update --size 20,28 --tint none,0a84ff",
            "svgicon golden check                          # in CI: exit 1 on a difference",
            "svgicon golden check --icons Assets/Icons --goldens Tests/Goldens",
        ])

    enum Action: String {
        case check, update
    }

    var action: Action = .check
    var iconsFolder = "Icons"
    var goldensFolder = "Goldens"
    var sizes: [Int]? = nil
    var tints: [String?]? = nil
    var tolerance: Int? = nil
    var recolor: Bool? = nil
    var pixelFit: Bool? = nil
    var exactThinStrokes: Bool? = nil

    static func main(_ arguments: ParsedArguments, output: CommandOutput) throws(CLIError) -> Int32 {
        let command = try parse(arguments)
        switch command.action {
        case .check: return try command.check(output)
        case .update: return try command.update(output)
        }
    }

    static func parse(_ parsed: ParsedArguments) throws(CLIError) -> GoldenCommand {
        try parse(parsed, projectFrom: FileManager.default.currentDirectoryPath)
    }

    /// `parse`, looking for svgicon.json from `directory` up.
    static func parse(_ parsed: ParsedArguments, projectFrom directory: String) throws(CLIError) -> GoldenCommand {
        var command = GoldenCommand()
        // Folders not given: svgicon.json's "golden" names them (its paths taken from its own folder).
        if !parsed.has("--icons") || !parsed.has("--goldens"), let path = ProjectFile.find(from: directory) {
            let project = try ProjectFile.load(path, jobs: 1, command: name)
            if let icons = project.goldenIcons { command.iconsFolder = icons }
            if let goldens = project.goldens { command.goldensFolder = goldens }
        }
        if let icons = parsed.text("--icons") { command.iconsFolder = icons }
        if let goldens = parsed.text("--goldens") { command.goldensFolder = goldens }
        command.sizes = parsed.integers("--size")
        command.tints = parsed.colors("--tint").map { $0.map { $0?.hexString } }
        command.tolerance = parsed.integer("--tolerance")
        if parsed.flag("--recolor") { command.recolor = true }
        if parsed.flag("--pixel-fit") { command.pixelFit = true }
        if parsed.flag("--exact-thin-strokes") { command.exactThinStrokes = true }
        let positionals = parsed.positionals
        guard positionals.count == 1, let action = Action(rawValue: positionals[0]) else {
            throw CLIError.usage(
                positionals.isEmpty
                    ? "golden needs an action: `svgicon golden check` compares, `svgicon golden update` re-records"
                    : "golden takes one action, check or update, not \(positionals.joined(separator: " "))",
                command: name)
        }
        command.action = action
        return command
    }

    /// The stored configuration with the command line's values on top; `fallback` when nothing is stored.
    private func configuration(fallback: GoldenConfiguration?) throws(CLIError) -> (GoldenConfiguration, stored: GoldenConfiguration?) {
        let stored: GoldenConfiguration?
        do {
            stored = try GoldenConfiguration.load(from: goldensFolder)
        } catch {
            throw CLIError.failed(error.description)
        }
        guard var configuration = stored ?? fallback else {
            throw CLIError.failed(
                "\(goldensFolder)/\(GoldenConfiguration.fileName) not found, so there are no goldens to check. "
                    + "Record them first: svgicon golden update --icons \(iconsFolder) --goldens \(goldensFolder) "
                    + "[--size 16,24,48] [--tint none,0a84ff] [--tolerance 1]")
        }
        if let sizes { configuration.sizes = sizes }
        if let tints { configuration.tints = tints }
        if let tolerance { configuration.tolerance = tolerance }
        if let recolor { configuration.recolor = recolor }
        if let pixelFit { configuration.pixelFit = pixelFit }
        if let exactThinStrokes { configuration.exactThinStrokes = exactThinStrokes }
        return (configuration, stored)
    }

    private func suite(_ configuration: GoldenConfiguration) -> GoldenSuite {
        GoldenSuite(iconsFolder: iconsFolder, goldensFolder: goldensFolder, configuration: configuration)
    }

    func check(_ io: CommandOutput) throws(CLIError) -> Int32 {
        let (configuration, _) = try configuration(fallback: nil)
        let report: GoldenReport
        do {
            report = try suite(configuration).check()
        } catch {
            throw CLIError.failed(error.description)
        }
        for mismatch in report.mismatches {
            io.printOut("FAIL \(mismatch)")
        }
        guard report.passed else {
            io.printOut("svgicon golden: \(report.summary) (\(configuration.summary)).")
            io.printOut("If the new renders are right, look at the difference images, then re-record: "
                + "svgicon golden update --icons \(iconsFolder) --goldens \(goldensFolder)")
            return ExitCode.failure
        }
        io.printOut("svgicon golden: \(report.summary) (\(configuration.summary)).")
        return ExitCode.success
    }

    func update(_ io: CommandOutput) throws(CLIError) -> Int32 {
        let (configuration, stored) = try configuration(fallback: GoldenConfiguration())
        let changes: [GoldenChange]
        do {
            changes = try suite(configuration).record()
            if configuration != stored {
                try configuration.save(to: goldensFolder)
                io.printOut("wrote \(goldensFolder)/\(GoldenConfiguration.fileName) (\(configuration.summary))")
            }
        } catch {
            throw CLIError.failed(error.description)
        }
        for change in changes {
            io.printOut(change.description)
        }
        let failed = changes.filter { if case .failed = $0.kind { return true } else { return false } }.count
        let written = changes.count - failed
        io.printOut(written == 0 && failed == 0
            ? "svgicon golden: every golden already matches; nothing changed."
            : "svgicon golden: \(written) golden file\(written == 1 ? "" : "s") changed"
                + (failed > 0 ? ", \(failed) could not be rendered" : "")
                + ". Look at them before committing (git diff --stat \(goldensFolder)).")
        return failed > 0 ? ExitCode.failure : ExitCode.success
    }
}
