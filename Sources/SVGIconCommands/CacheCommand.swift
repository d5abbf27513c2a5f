import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon cache stats|clear|path [--cache-dir DIR] [--cache-max SIZE] [--json]`
struct CacheCommand: CLICommand {
    static let name = "cache"
    static let summary = "Show, locate or empty the render cache"
    static var help: String { HelpText.cache }

    enum Action: String, CaseIterable {
        case stats, clear, path
    }

    var action = Action.stats
    var cache = CacheArguments()
    var json = false

    static func main(_ arguments: [String], output: CommandOutput) throws(CLIError) -> Int32 {
        try parse(arguments).run(output)
        return ExitCode.success
    }

    static func parse(_ arguments: [String]) throws(CLIError) -> CacheCommand {
        var reader = ArgumentReader(arguments, command: name)
        var command = CacheCommand()
        let actions = try reader.positionals { o, reader throws(CLIError) in
            switch o {
            case "--json": command.json = true
            case "--no-cache": throw CLIError.usage("--no-cache does not apply to `svgicon cache`", command: name)
            default: return try command.cache.read(o, from: &reader)
            }
            return true
        }
        let choices = Action.allCases.map(\.rawValue).joined(separator: ", ")
        let word = try reader.single(actions, missing: "cache needs one of \(choices): svgicon cache stats", what: "action")
        guard let action = Action(rawValue: word) else {
            throw CLIError.usage("cache takes one of \(choices), not \(word)", command: name)
        }
        command.action = action
        return command
    }

    func run(_ io: CommandOutput) throws(CLIError) {
        guard let renderCache = try cache.open(command: Self.name) else { return }
        switch action {
        case .path:
            io.printOut(renderCache.directory)
        case .clear:
            let removed = renderCache.clear()
            io.printOut("removed \(removed.entries) \(removed.entries == 1 ? "entry" : "entries") (\(ByteSize.format(removed.bytes))) from \(renderCache.directory)")
        case .stats:
            let usage = renderCache.usage()
            if json {
                io.printJSON(Stats(directory: renderCache.directory, entries: usage.entries, bytes: usage.bytes,
                                   maxBytes: renderCache.maxBytes, oldestUse: usage.oldestUse.map(Int.init),
                                   newestUse: usage.newestUse.map(Int.init)))
                return
            }
            let percent = renderCache.maxBytes > 0 ? usage.bytes * 100 / renderCache.maxBytes : 100
            var lines = [
                "cache:    \(renderCache.directory)",
                "entries:  \(usage.entries)",
                "size:     \(ByteSize.format(usage.bytes)) of \(ByteSize.format(renderCache.maxBytes)) (\(percent) %)",
            ]
            if let oldest = usage.oldestUse, let newest = usage.newestUse {
                let now = Date().timeIntervalSince1970
                lines.append("last use: newest \(Self.ago(now - newest)), oldest \(Self.ago(now - oldest))")
            }
            io.printOut(lines.joined(separator: "\n"))
        }
    }

    /// `12 seconds ago`, `3 minutes ago`, `5 hours ago`, `2 days ago`.
    static func ago(_ seconds: Double) -> String {
        let s = max(0, Int(seconds))
        let (n, unit) = s < 120 ? (s, "second") : s < 7200 ? (s / 60, "minute") : s < 172_800 ? (s / 3600, "hour") : (s / 86400, "day")
        return "\(n) \(unit)\(n == 1 ? "" : "s") ago"
    }

    /// `cache stats --json`; last-use times in seconds since 1970.
    struct Stats: Encodable {
        var directory: String
        var entries: Int
        var bytes: Int
        var maxBytes: Int
        var oldestUse: Int?
        var newestUse: Int?
    }
}
