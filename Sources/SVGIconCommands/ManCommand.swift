import Foundation

/// `svgicon man`: the manual page (roff), from the same tables as `--help`.
struct ManCommand: CLICommand {
    static let spec = CommandSpec(
        name: "man",
        summary: "Print the manual page (man -l <(svgicon man))",
        usage: ["man"],
        positionals: .none,
        description: "Prints svgicon's manual page in roff, generated from the same option tables as --help: "
            + "man -l <(svgicon man), or svgicon man > ~/.local/share/man/man1/svgicon.1",
        groups: [])

    static func main(_ parsed: ParsedArguments, output: CommandOutput) throws(CLIError) -> Int32 {
        guard parsed.positionals.isEmpty else {
            throw CLIError.usage("man takes no arguments, got \(parsed.positionals.joined(separator: " "))", command: name)
        }
        output.printOut(page())
        return ExitCode.success
    }

    private static func roff(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }.joined(separator: "\n")
    }

    static func page() -> String {
        var lines = [".TH SVGICON 1 \"\" \"svgicon \(SVGIconCLI.version)\" \"User Commands\"",
                     ".SH NAME", "svgicon \\- SVG icons to exact, tintable PNGs",
                     ".SH SYNOPSIS", ".B svgicon", "\\fIcommand\\fR [\\fIoptions\\fR]",
                     ".SH COMMANDS"]
        for command in SVGIconCLI.commands {
            lines += [".TP", ".B \(command.spec.name)", roff(command.spec.summary)]
        }
        for command in SVGIconCLI.commands {
            let spec = command.spec
            lines.append(".SH \(roff(spec.name.uppercased()))")
            for usage in spec.usage { lines += [".PP", ".B svgicon", roff(String(usage.drop { $0 != " " }.dropFirst()))] }
            lines += [".PP", roff(spec.description.replacingOccurrences(of: "\\\n", with: " "))]
            for group in spec.groups where !group.options.isEmpty {
                lines.append(".SS \(roff(group.title))")
                for option in group.options {
                    lines += [".TP", "\\fB" + roff(option.label) + "\\fR",
                              roff(option.help + (option.aliases.isEmpty ? "" : " (also \(option.aliases.joined(separator: ", ")))"))]
                }
            }
            if !spec.examples.isEmpty {
                lines += [".SS EXAMPLES", ".nf"] + spec.examples.map(roff) + [".fi"]
            }
        }
        lines += [".SH EXIT STATUS",
                  "0 everything was written; 1 an input failed (missing or malformed file, unwritable output), "
                      + "or golden check found a difference; 2 the command line was wrong and nothing was done."]
        return lines.joined(separator: "\n")
    }
}
