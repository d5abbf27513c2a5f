/// Walks a subcommand's arguments: options with values (`--size 24`, `--size=24`, `-o file`), flags and
/// positionals, with usage errors that say what to do.
struct ArgumentReader {
    private var arguments: [String]
    private var index = 0
    let command: String
    private var positionalOnly = false

    init(_ arguments: [String], command: String) {
        self.arguments = arguments
        self.command = command
    }

    enum Token: Equatable {
        case option(String)
        case positional(String)
    }

    /// The next option name (`--size`, `-o`) or positional; `--name=value` is split so that `value()`
    /// returns the part after `=`. A lone `-` is a positional (standard input/output).
    mutating func next() -> Token? {
        guard index < arguments.count else { return nil }
        let arg = arguments[index]
        index += 1
        if positionalOnly || arg == "-" || !arg.hasPrefix("-") || isNegativeNumber(arg) {
            return .positional(arg)
        }
        if arg == "--" {
            positionalOnly = true
            return next()
        }
        if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
            arguments.insert(String(arg[arg.index(after: eq)...]), at: index)
            return .option(String(arg[..<eq]))
        }
        return .option(arg)
    }

    private func isNegativeNumber(_ s: String) -> Bool {
        s.count > 1 && s.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }

    /// The value of option `name`. A missing value — or one that is really the next option — is a usage
    /// error; for colour options it explains the shell's `#` comment trap.
    mutating func value(for name: String, isColor: Bool = false) throws(CLIError) -> String {
        if index < arguments.count {
            let v = arguments[index]
            if v == "-" || !v.hasPrefix("-") || isNegativeNumber(v) {
                index += 1
                return v
            }
        }
        if isColor {
            throw CLIError.usage(
                "\(name) needs a colour. An unquoted # starts a comment in most shells, so `\(name) #0a84ff` arrives "
                    + "without its value: quote it (\(name) '#0a84ff') or drop the # (\(name) 0a84ff).",
                command: command)
        }
        throw CLIError.usage("\(name) needs a value", command: command)
    }

    mutating func integer(for name: String, range: ClosedRange<Int>) throws(CLIError) -> Int {
        let raw = try value(for: name)
        guard let n = Int(raw), range.contains(n) else {
            throw CLIError.usage("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(raw)\"",
                                 command: command)
        }
        return n
    }

    /// A comma-separated list of whole numbers (`--scale 1,2,3`).
    mutating func integerList(for name: String, range: ClosedRange<Int>) throws(CLIError) -> [Int] {
        let raw = try value(for: name)
        var values: [Int] = []
        for part in raw.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Int(part.filter { $0 != " " }), range.contains(n) else {
                throw CLIError.usage(
                    "\(name) takes whole numbers from \(range.lowerBound) to \(range.upperBound), separated by commas, not \"\(raw)\"",
                    command: command)
            }
            values.append(n)
        }
        return values
    }

    /// Reads every argument and returns the positionals; each option goes to `option`, which reads its
    /// value from the reader it is given and returns false for an option it does not know (a usage error).
    mutating func positionals(options option: (String, inout ArgumentReader) throws(CLIError) -> Bool)
        throws(CLIError) -> [String] {
        var positionals: [String] = []
        while let token = next() {
            switch token {
            case .positional(let p):
                positionals.append(p)
            case .option(let o):
                guard try option(o, &self) else { throw unknownOption(o) }
            }
        }
        return positionals
    }

    /// The one positional a command takes; none is a usage error saying `missing`, several one saying
    /// that the command takes one `what`.
    func single(_ positionals: [String], missing: String, what: String) throws(CLIError) -> String {
        guard positionals.count == 1 else {
            throw CLIError.usage(positionals.isEmpty ? missing : "\(command) takes one \(what), got \(positionals.count): "
                                     + positionals.joined(separator: " "), command: command)
        }
        return positionals[0]
    }

    func unknownOption(_ name: String) -> CLIError {
        .usage("unknown option \(name) for `svgicon \(command)` (see `svgicon help \(command)`)", command: command)
    }
}
