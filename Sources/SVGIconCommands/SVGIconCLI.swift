/// The `svgicon` command line as a library: `run` takes the arguments (without the program name) and
/// returns the exit code, writing to the given output. Threads: `run` may be called from several threads
/// at once, each with its own output (commands share only the render cache, which is safe to share).
public enum SVGIconCLI {
    /// What `svgicon --version` prints after `svgicon `.
    public static let version = "0.1.0"

    /// Every subcommand, in the order `--help` lists them.
    static let commands: [any CLICommand.Type] = [
        RenderCommand.self,
        BatchCommand.self,
        BuildCommand.self,
        CacheCommand.self,
        GoldenCommand.self,
        SheetCommand.self,
        InspectCommand.self,
        SwiftCommand.self,
        BenchCommand.self,
        CompletionsCommand.self,
        ManCommand.self,
    ]

    static func command(named name: String) -> (any CLICommand.Type)? {
        commands.first { $0.name == name }
    }

    /// The overview's command list, names padded to one column.
    static var commandList: String {
        commands.map { "  " + $0.name.padding(10) + $0.summary }.joined(separator: "\n")
    }

    /// The help of `help` itself.
    static let helpHelp = """
        USAGE
          svgicon help [COMMAND]

        Shows the help of COMMAND (the same as svgicon COMMAND --help), or the overview without one.
        Commands: \(commands.map { $0.name }.joined(separator: ", ")), help.
        """

    /// True when `arguments` ask for `flag` (before any `--`).
    private static func asks(_ arguments: [String], for flags: Set<String>) -> Bool {
        for arg in arguments {
            if arg == "--" { return false }
            if flags.contains(arg) { return true }
        }
        return false
    }

    /// Runs `svgicon ARGUMENTS…` (without the program name): the command's output and messages go to
    /// `io`; the result is the exit code (`ExitCode`).
    public static func run(_ arguments: [String], output io: CommandOutput = StandardOutput()) -> Int32 {
        guard let first = arguments.first else {
            io.writeError(HelpText.overview + "\n")
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        let names = commands.map { $0.name } + ["help"]
        do throws(CLIError) {
            switch first {
            case "-h", "--help":
                Pager.show(HelpText.overview, on: io)
            case "--version", "-V", "version":
                io.printOut("svgicon \(version)")
            case "help":
                guard let topic = rest.first else {
                    Pager.show(HelpText.overview, on: io)
                    return ExitCode.success
                }
                if topic == "help" {
                    Pager.show(helpHelp, on: io)
                } else if let command = command(named: topic) {
                    Pager.show(command.help, on: io)
                } else {
                    let guess = EditDistance.closest(to: topic, in: names).map { "did you mean `svgicon help \($0)`? " } ?? ""
                    throw CLIError.usage("no command named \"\(topic)\"; \(guess)commands: \(names.joined(separator: ", "))",
                                         command: nil)
                }
            default:
                if let command = command(named: first) {
                    if asks(rest, for: ["--help", "-h"]) {
                        Pager.show(command.help, on: io)
                        return ExitCode.success
                    }
                    if asks(rest, for: ["--version", "-V"]) {
                        io.printOut("svgicon \(version)")
                        return ExitCode.success
                    }
                    return try command.main(rest, output: io)
                }
                let lower = first.lowercased()
                if lower.hasSuffix(".svg") || lower.hasSuffix(".svgz") {
                    throw CLIError.usage("missing command: did you mean `svgicon render \(first)`?", command: nil)
                }
                if let guess = EditDistance.closest(to: first, in: names) {
                    throw CLIError.usage("unknown command \"\(first)\"; did you mean `svgicon \(guess)`?", command: nil)
                }
                throw CLIError.usage("unknown command \"\(first)\"; commands: \(names.joined(separator: ", "))",
                                     command: nil)
            }
        } catch {
            io.printError("svgicon: error: \(error.description)")
            if case .usage(_, let command) = error {
                io.printError(command.map { "Run `svgicon help \($0)` for usage." } ?? "Run `svgicon --help` for usage.")
            }
            return error.exitCode
        }
        return ExitCode.success
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
