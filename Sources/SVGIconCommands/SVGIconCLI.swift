/// The `svgicon` command line as a library: `run` takes the arguments (without the program name) and
/// returns the exit code, writing to the given output.
public enum SVGIconCLI {
    public static let version = "0.1.0"

    /// Every subcommand, in the order `--help` lists them.
    static let commands: [any CLICommand.Type] = [
        RenderCommand.self,
        BatchCommand.self,
        CacheCommand.self,
        GoldenCommand.self,
        SheetCommand.self,
        InspectCommand.self,
        SwiftCommand.self,
        BenchCommand.self,
    ]

    static func command(named name: String) -> (any CLICommand.Type)? {
        commands.first { $0.name == name }
    }

    /// The overview's command list, names padded to one column.
    static var commandList: String {
        commands.map { "  " + $0.name.padding(10) + $0.summary }.joined(separator: "\n")
    }

    public static func run(_ arguments: [String], output io: CommandOutput = StandardOutput()) -> Int32 {
        guard let first = arguments.first else {
            io.writeError(HelpText.overview + "\n")
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        do throws(CLIError) {
            switch first {
            case "-h", "--help":
                io.printOut(HelpText.overview)
            case "--version", "version":
                io.printOut("svgicon \(version)")
            case "help":
                if let topic = rest.first {
                    guard let command = command(named: topic) else {
                        throw CLIError.usage("no command named \"\(topic)\"; commands: \(commands.map { $0.name }.joined(separator: ", "))",
                                             command: nil)
                    }
                    io.printOut(command.help)
                } else {
                    io.printOut(HelpText.overview)
                }
            default:
                if let command = command(named: first) {
                    if rest.contains("--help") || rest == ["-h"] {
                        io.printOut(command.help)
                        return ExitCode.success
                    }
                    return try command.main(rest, output: io)
                }
                if first.hasSuffix(".svg") {
                    throw CLIError.usage("missing command: did you mean `svgicon render \(first)`?", command: nil)
                }
                throw CLIError.usage(
                    "unknown command \"\(first)\"; commands: \(commands.map { $0.name }.joined(separator: ", ")), help (see svgicon --help)",
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
