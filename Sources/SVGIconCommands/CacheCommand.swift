import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon cache stats|clear|path [--cache-dir DIR] [--cache-max SIZE] [--json]`
struct CacheCommand: CLICommand {
    static let spec = CommandSpec(
        name: "cache",
        summary: "Show, locate or empty the render cache",
        usage: ["cache stats|clear|path [--cache-dir DIR] [--cache-max SIZE] [--json]"],
        positionals: .words(Action.allCases.map(\.rawValue)),
        description: """
            render and batch keep every PNG they render in a cache, filed under a SHA-256 of the SVG's bytes, \
            every option that changes pixels (size × scale, tint, background, --force-tint, --recolor) and the \
            renderer version — not under the file's name, so a moved icon is still cached and an edited one is \
            rendered again.

              stats   Where the cache is, how many entries, their size against the limit
              clear   Delete every entry (only svgicon's files are touched)
              path    Print the cache folder
            """,
        groups: [
            OptionGroup(title: "WHERE AND HOW LARGE", options: SharedOptions.cache(withNoCache: false).options + [
                SharedOptions.json("stats as JSON"),
            ]),
        ],
        notes: """
            Entries are written under a temporary name and renamed, so processes can share one cache. Each \
            entry carries the SHA-256 of its contents and is checked on every read: a truncated or damaged \
            entry is deleted and the icon rendered again, never served. --no-cache on render or batch \
            bypasses the cache.
            """,
        examples: [
            "svgicon cache stats",
            "SVGICON_CACHE_DIR=.cache svgicon batch icons/ --out png/ --size 24",
            "svgicon cache clear",
        ])

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

    static func main(_ arguments: ParsedArguments, output: CommandOutput) throws(CLIError) -> Int32 {
        try parse(arguments).run(output)
        return ExitCode.success
    }

    static func parse(_ arguments: [String]) throws(CLIError) -> CacheCommand {
        if arguments.contains("--no-cache") {
            throw CLIError.usage("--no-cache does not apply to `svgicon cache`", command: name)
        }
        return try parse(try spec.parse(arguments))
    }

    static func parse(_ parsed: ParsedArguments) throws(CLIError) -> CacheCommand {
        var command = CacheCommand()
        command.json = parsed.flag("--json")
        command.cache = CacheArguments(parsed)
        let choices = Action.allCases.map(\.rawValue).joined(separator: ", ")
        let word = try parsed.single(missing: "cache needs one of \(choices): svgicon cache stats", what: "action")
        guard let action = Action(rawValue: word) else {
            let guess = EditDistance.closest(to: word, in: Action.allCases.map(\.rawValue)).map { "; did you mean \($0)?" } ?? ""
            throw CLIError.usage("cache takes one of \(choices), not \(word)\(guess)", command: name)
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
