/// One `svgicon` subcommand. Each lives in its own file and is listed in `SVGIconCLI.commands`.
protocol CLICommand: Sendable {
    /// The word after `svgicon` (`render`, `batch`, …).
    static var name: String { get }
    /// One line for the overview's command list.
    static var summary: String { get }
    /// The full `svgicon help NAME` text.
    static var help: String { get }
    /// Runs with the arguments after the command word; returns the exit code (`ExitCode`), or throws a
    /// `CLIError` that the CLI prints and maps to its exit code.
    static func main(_ arguments: [String], output: CommandOutput) throws(CLIError) -> Int32
}
