import SVGIconCore
import SVGIconKit

/// What an option takes after its name.
enum OptionKind: Hashable, Sendable {
    /// No value: present or not.
    case flag
    /// A whole number in a range.
    case integer(ClosedRange<Int>)
    /// Whole numbers separated by commas (`--scale 1,2,3`).
    case integers(ClosedRange<Int>)
    /// One colour; `none` (and `transparent`) allowed when `allowsNone`, read as nil.
    case color(allowsNone: Bool)
    /// Colours separated by commas (commas inside `rgb(…)` belong to the colour); `none` when `allowsNone`.
    case colors(allowsNone: Bool)
    /// One of fixed words.
    case choice([String])
    /// A size in bytes (`512M`, `2G`).
    case byteSize
    /// A file path (completed as a file).
    case file
    /// A folder path (completed as a folder).
    case folder
    /// Any other text.
    case text

    var takesValue: Bool { self != .flag }
}

/// One option of one command, declared once: its names, value, default and help. The same declaration
/// drives parsing, validation, `--help`, "did you mean", shell completions and the man page.
struct OptionSpec: Hashable, Sendable {
    /// The long name first (`--size`), then any short one (`-s`).
    var names: [String]
    /// Other spellings accepted and listed in the help as such (`--sizes` for `--size`).
    var aliases: [String] = []
    var kind: OptionKind
    /// The value as the help shows it (`N[,N…]`, `COLOR`, `DIR`).
    var placeholder: String = ""
    /// One or more lines of help; the default, when there is one, is part of it.
    var help: String
    /// May be given several times (each value kept).
    var repeatable = false

    /// Every spelling the parser accepts.
    var allNames: [String] { names + aliases }
    var long: String { names[0] }

    /// `-s, --size N[,N…]` (short name first, as most tools print it), with aliases after.
    var label: String {
        let shorts = names.filter { !$0.hasPrefix("--") }
        let longs = names.filter { $0.hasPrefix("--") }
        var text = (shorts + longs).joined(separator: ", ")
        if !placeholder.isEmpty { text += " " + placeholder }
        return text
    }
}

/// A titled set of options (`SIZE`, `COLOUR`, `CACHE`), shared by the commands that take them.
struct OptionGroup: Hashable, Sendable {
    var title: String
    var options: [OptionSpec]
}

/// A value as the parser read it.
enum OptionValue: Hashable, Sendable {
    case flag
    case integer(Int)
    case integers([Int])
    case color(SVGColor?)
    case colors([SVGColor?])
    case text(String)
}

/// Everything a command line said, by option (its long name).
struct ParsedArguments: Sendable {
    var command: String
    var positionals: [String] = []
    /// Long name → values in the order given.
    var values: [String: [OptionValue]] = [:]

    func has(_ long: String) -> Bool { values[long] != nil }
    func flag(_ long: String) -> Bool { has(long) }

    func integer(_ long: String) -> Int? {
        if case .integer(let n)? = values[long]?.last { return n }
        return nil
    }

    func integers(_ long: String) -> [Int]? {
        guard let all = values[long] else { return nil }
        var result: [Int] = []
        for v in all {
            switch v {
            case .integers(let list): result += list
            case .integer(let n): result.append(n)
            default: break
            }
        }
        return result
    }

    /// nil: not given; `.some(nil)`: given as `none`.
    func color(_ long: String) -> SVGColor?? {
        if case .color(let c)? = values[long]?.last { return .some(c) }
        return nil
    }

    func colors(_ long: String) -> [SVGColor?]? {
        guard let all = values[long] else { return nil }
        var result: [SVGColor?] = []
        for v in all { if case .colors(let list) = v { result += list } else if case .color(let c) = v { result.append(c) } }
        return result
    }

    func text(_ long: String) -> String? {
        if case .text(let t)? = values[long]?.last { return t }
        return nil
    }

    func texts(_ long: String) -> [String] {
        (values[long] ?? []).compactMap { if case .text(let t) = $0 { return t } else { return nil } }
    }

    /// The one positional a command takes; none is a usage error saying `missing`, several one saying
    /// that the command takes one `what`.
    func single(missing: String, what: String) throws(CLIError) -> String {
        guard positionals.count == 1 else {
            throw CLIError.usage(positionals.isEmpty ? missing : "\(command) takes one \(what), got \(positionals.count): "
                                     + positionals.joined(separator: " "), command: command)
        }
        return positionals[0]
    }
}

/// A command's whole interface: usage lines, prose, option groups, examples.
struct CommandSpec: Sendable {
    var name: String
    var summary: String
    /// Lines after `svgicon `, e.g. `render <NAME | FILE.svg | -> [options]`.
    var usage: [String]
    /// What positionals are, for completions: files, folders, or fixed words.
    var positionals: PositionalKind = .files
    /// Prose between the usage and the options.
    var description: String
    var groups: [OptionGroup]
    /// Prose after the options (notes, exit codes).
    var notes: String = ""
    var examples: [String] = []

    enum PositionalKind: Hashable, Sendable {
        case files, folders, words([String]), none

        /// This kind's completion in one shell's words (`CompletionsCommand`).
        func completion(words: ([String]) -> String, folders: String, files: String, none: String) -> String {
            switch self {
            case .words(let w): return words(w)
            case .folders: return folders
            case .files: return files
            case .none: return none
            }
        }
    }

    /// Every option, help and version included.
    var allOptions: [OptionSpec] { groups.flatMap(\.options) + [SharedOptions.help, SharedOptions.version] }

    func option(named name: String) -> OptionSpec? {
        allOptions.first { $0.allNames.contains(name) }
    }

    /// Reads `arguments` against the table: `--name value`, `--name=value`, `-o value`, flags,
    /// positionals, `--` (only positionals after it), `-` (a positional: standard input or output).
    func parse(_ arguments: [String]) throws(CLIError) -> ParsedArguments {
        var parsed = ParsedArguments(command: name)
        var index = 0
        var positionalOnly = false
        while index < arguments.count {
            let arg = arguments[index]
            index += 1
            if positionalOnly || arg == "-" || !arg.hasPrefix("-") || Self.isNegativeNumber(arg) {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" {
                positionalOnly = true
                continue
            }
            var given = arg
            var inline: String? = nil
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                given = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let spec = option(named: given) else { throw unknownOption(given) }
            let value: OptionValue
            if spec.kind.takesValue {
                let raw: String
                if let inline {
                    raw = inline
                } else if index < arguments.count,
                          arguments[index] == "-" || !arguments[index].hasPrefix("-") || Self.isNegativeNumber(arguments[index]) {
                    raw = arguments[index]
                    index += 1
                } else {
                    throw missingValue(given, spec: spec)
                }
                value = try convert(raw, option: given, spec: spec.kind)
            } else {
                if inline != nil {
                    throw CLIError.usage("\(given) takes no value", command: name)
                }
                value = .flag
            }
            if !spec.repeatable, parsed.values[spec.long] != nil, spec.kind != .flag {
                throw CLIError.usage("\(given) given twice; give it once", command: name)
            }
            parsed.values[spec.long, default: []].append(value)
        }
        return parsed
    }

    private static func isNegativeNumber(_ s: String) -> Bool {
        s.count > 1 && s.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }

    private func missingValue(_ given: String, spec: OptionSpec) -> CLIError {
        switch spec.kind {
        case .color, .colors:
            return .usage(
                "\(given) needs a colour. An unquoted # starts a comment in most shells, so `\(given) #0a84ff` arrives "
                    + "without its value: quote it (\(given) '#0a84ff') or drop the # (\(given) 0a84ff).",
                command: name)
        default:
            return .usage("\(given) needs a value (\(spec.placeholder.isEmpty ? "see the help" : spec.placeholder))",
                          command: name)
        }
    }

    /// `raw` read as a value of `kind`; errors name the value as `option` (`--size`, or a project file's
    /// `jobs[0].size`).
    func convert(_ raw: String, option: String, spec kind: OptionKind) throws(CLIError) -> OptionValue {
        switch kind {
        case .flag:
            return .flag
        case .integer(let range):
            guard let n = Int(raw.trimmingSpaces), range.contains(n) else {
                throw CLIError.usage("\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(raw)\"",
                                     command: name)
            }
            return .integer(n)
        case .integers(let range):
            var values: [Int] = []
            for part in raw.split(separator: ",", omittingEmptySubsequences: false) {
                guard let n = Int(part.filter { $0 != " " }), range.contains(n) else {
                    throw CLIError.usage(
                        "\(option) takes whole numbers from \(range.lowerBound) to \(range.upperBound), separated by commas, not \"\(raw)\"",
                        command: name)
                }
                values.append(n)
            }
            return .integers(values)
        case .color(let allowsNone):
            return .color(try ColorArgument.parse(raw, option: option, command: name, allowsNone: allowsNone))
        case .colors(let allowsNone):
            return .colors(try ColorArgument.parseList(raw, option: option, command: name, allowsNone: allowsNone))
        case .choice(let words):
            guard words.contains(raw) else {
                let guess = EditDistance.closest(to: raw, in: words).map { "; did you mean \($0)?" } ?? ""
                throw CLIError.usage("\(option) takes \(Self.orList(words)), not \"\(raw)\"\(guess)", command: name)
            }
            return .text(raw)
        case .byteSize:
            guard ByteSize.parse(raw) != nil else {
                throw CLIError.usage("\(option) takes a size such as 512M, 2G or a number of bytes, not \"\(raw)\"", command: name)
            }
            return .text(raw)
        case .file, .folder, .text:
            return .text(raw)
        }
    }

    /// `a, b or c`.
    static func orList(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    func unknownOption(_ given: String) -> CLIError {
        let names = allOptions.flatMap(\.allNames)
        let stem = given.split(separator: "=").first.map(String.init) ?? given
        if let guess = EditDistance.closest(to: stem, in: names) {
            return .usage("unknown option \(given) for `svgicon \(name)`; did you mean \(guess)?", command: name)
        }
        return .usage("unknown option \(given) for `svgicon \(name)`", command: name)
    }
}

/// Levenshtein distance, for "did you mean".
enum EditDistance {
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate nearest to `word` when it is near enough to be a typo (at most a third of its
    /// letters, at least 1, at most 3), or one that `word` is a prefix of.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = word.count >= 3 ? min(3, max(2, word.count / 3)) : 1
        var best: (String, Int)? = nil
        for candidate in candidates {
            let d = distance(word.lowercased(), candidate.lowercased())
            if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
        }
        if let best { return best.0 }
        if word.count >= 3 { return candidates.first { $0.hasPrefix(word) } }
        return nil
    }
}
