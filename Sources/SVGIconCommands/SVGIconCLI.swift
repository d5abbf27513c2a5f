/// The `svgicon` command line as a library: `run` takes the arguments (without the program name) and
/// returns the exit code, writing to the given output.
public enum SVGIconCLI {
    public static let version = "0.1.0"

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
                    guard let text = HelpText.forCommand(topic) else {
                        throw CLIError.usage("no command named \"\(topic)\"; commands: render", command: nil)
                    }
                    io.printOut(text)
                } else {
                    io.printOut(HelpText.overview)
                }
            case RenderCommand.name:
                if rest.contains("--help") {
                    io.printOut(HelpText.render)
                    return ExitCode.success
                }
                try RenderCommand.parse(rest).run(io)
            default:
                if first.hasSuffix(".svg") {
                    throw CLIError.usage("missing command: did you mean `svgicon render \(first)`?", command: nil)
                }
                throw CLIError.usage("unknown command \"\(first)\"; commands: render, help (see svgicon --help)",
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
