/// One `svgicon` subcommand. Each lives in its own file and is listed in `SVGIconCLI.commands`.
protocol CLICommand: Sendable {
    /// Its whole interface, declared once: name, usage, option table, prose, examples. Parsing, `--help`,
    /// "did you mean", completions and the man page all come from it.
    static var spec: CommandSpec { get }
    /// Runs with the parsed command line; returns the exit code (`ExitCode`), or throws a `CLIError`
    /// that the CLI prints and maps to its exit code.
    static func main(_ arguments: ParsedArguments, output: CommandOutput) throws(CLIError) -> Int32
    /// Parses the arguments after the command word against `spec`, then runs (a command may check
    /// something first).
    static func main(_ arguments: [String], output: CommandOutput) throws(CLIError) -> Int32
}

extension CLICommand {
    /// The word after `svgicon` (`render`, `batch`, …).
    static var name: String { spec.name }
    /// One line for the overview's command list.
    static var summary: String { spec.summary }
    /// The full `svgicon help NAME` text.
    static var help: String { HelpFormatter.help(for: spec) }

    /// Parses `arguments` against the table, then runs.
    static func main(_ arguments: [String], output: CommandOutput) throws(CLIError) -> Int32 {
        try main(try spec.parse(arguments), output: output)
    }
}

/// A command whose command line becomes a value of the command's type: `parse(_ arguments: [String])`
/// comes with it (the table's parse, then the command's).
protocol ParsableCommand: CLICommand {
    /// The command's value from a parsed command line, or a usage error.
    static func parse(_ parsed: ParsedArguments) throws(CLIError) -> Self
}

extension ParsableCommand {
    /// Parses `arguments` against the table, then into the command's value.
    static func parse(_ arguments: [String]) throws(CLIError) -> Self {
        try parse(try spec.parse(arguments))
    }
}

/// A parsable command that then just runs: `main` is parse, then `run`.
protocol RunnableCommand: ParsableCommand {
    /// Does the work; returns the exit code (`ExitCode`).
    func run(_ io: CommandOutput) throws(CLIError) -> Int32
}

extension RunnableCommand {
    /// Parses, then runs.
    static func main(_ arguments: ParsedArguments, output: CommandOutput) throws(CLIError) -> Int32 {
        try parse(arguments).run(output)
    }
}
