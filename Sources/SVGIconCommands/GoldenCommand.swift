import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon golden check|update [--icons DIR] [--goldens DIR] [--sizes N,…] [--tints C,…] [--tolerance N]`
struct GoldenCommand: CLICommand {
    static let name = "golden"
    static let summary = "Check icons against recorded golden PNGs, or re-record them"
    static var help: String { HelpText.golden }

    enum Action: String {
        case check, update
    }

    var action: Action = .check
    var iconsFolder = "Icons"
    var goldensFolder = "Goldens"
    var sizes: [Int]? = nil
    var tints: [String?]? = nil
    var tolerance: Int? = nil

    static func main(_ arguments: [String], output: CommandOutput) throws(CLIError) -> Int32 {
        let command = try parse(arguments)
        switch command.action {
        case .check: return try command.check(output)
        case .update: return try command.update(output)
        }
    }

    static func parse(_ arguments: [String]) throws(CLIError) -> GoldenCommand {
        var reader = ArgumentReader(arguments, command: name)
        var command = GoldenCommand()
        let positionals = try reader.positionals { o, reader throws(CLIError) in
            switch o {
            case "--icons": command.iconsFolder = try reader.value(for: o)
            case "--goldens": command.goldensFolder = try reader.value(for: o)
            case "--sizes": command.sizes = try reader.integerList(for: o, range: 1...GoldenConfiguration.maxSize)
            case "--tints": command.tints = try tintList(try reader.value(for: o, isColor: true), option: o)
            case "--tolerance": command.tolerance = try reader.integer(for: o, range: 0...255)
            default: return false
            }
            return true
        }
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

    /// `none,#0a84ff,rgb(255,59,48)`: commas inside parentheses belong to the colour. Each colour is kept
    /// as `#rrggbb` (so golden names and the stored configuration are the same however it was typed).
    static func tintList(_ raw: String, option: String) throws(CLIError) -> [String?] {
        var items: [String] = [], current = "", depth = 0
        for ch in raw {
            if ch == "(" { depth += 1 }
            if ch == ")" { depth = max(0, depth - 1) }
            if ch == "," && depth == 0 {
                items.append(current)
                current = ""
            } else {
                current.append(ch)
            }
        }
        items.append(current)
        var tints: [String?] = []
        for item in items {
            let text = item.trimmingSpaces
            if text == "none" {
                tints.append(nil)
            } else {
                tints.append(try ColorArgument.parse(text, option: option, command: name).hexString)
            }
        }
        return tints
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
                    + "[--sizes 16,24,48] [--tints none,0a84ff] [--tolerance 1]")
        }
        if let sizes { configuration.sizes = sizes }
        if let tints { configuration.tints = tints }
        if let tolerance { configuration.tolerance = tolerance }
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
