/// `--help` text from a command's option table, fitted to 80 columns.
enum HelpFormatter {
    static let width = 80
    /// Where option help starts.
    static let column = 25

    static func help(for spec: CommandSpec) -> String {
        var out: [String] = ["USAGE"]
        out += spec.usage.map { "  svgicon " + $0 }
        out.append("")
        out += reflow(spec.description)
        for group in spec.groups where !group.options.isEmpty {
            out.append("")
            out.append(group.title)
            for option in group.options { out += lines(for: option) }
        }
        out.append("")
        out.append("GENERAL")
        out += lines(for: SharedOptions.help)
        out += lines(for: SharedOptions.version)
        if !spec.notes.isEmpty {
            out.append("")
            out += reflow(spec.notes)
        }
        if !spec.examples.isEmpty {
            out.append("")
            out.append("EXAMPLES")
            out += spec.examples.map { "  " + $0 }
        }
        return out.joined(separator: "\n")
    }

    /// One option: its label, then its help wrapped in the second column; aliases last.
    static func lines(for option: OptionSpec) -> [String] {
        var text = option.help
        if !option.aliases.isEmpty { text += " (also " + option.aliases.joined(separator: ", ") + ")" }
        let body = text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { wrap(String($0), width: width - column) }
        let label = "  " + option.label
        var result: [String] = []
        let indent = String(repeating: " ", count: column)
        if label.count <= column - 2 {
            result.append(label.padding(column) + (body.first ?? ""))
            result += body.dropFirst().map { indent + $0 }
        } else {
            result.append(label)
            result += body.map { indent + $0 }
        }
        return result.map { $0.trailingSpacesRemoved }
    }

    /// Paragraphs (blank-line separated) re-wrapped to the width; lines that start with a space are
    /// kept as they are (tables, commands), and so is any paragraph whose first line does.
    static func reflow(_ text: String) -> [String] {
        var out: [String] = []
        var paragraph: [String] = []
        func flush() {
            if !paragraph.isEmpty { out += wrap(paragraph.joined(separator: " "), width: width - 1) }
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.isEmpty {
                flush()
                out.append("")
            } else if line.hasPrefix(" ") || line.hasPrefix("-") {
                flush()
                out.append(line)
            } else {
                paragraph.append(line)
            }
        }
        flush()
        return out
    }

    /// Greedy word wrap.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }
}

extension String {
    var trailingSpacesRemoved: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
