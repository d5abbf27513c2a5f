import SVGIconCore

/// Colours as people type them on a command line: `#0a84ff`, `0a84ff`, `#08f`, `rgb(10,132,255)`, CSS
/// names (`systemblue` is not CSS; `dodgerblue` is).
enum ColorArgument {
    /// One colour; with `allowsNone`, `none` is nil (no background, untinted).
    static func parse(_ raw: String, option: String, command: String, allowsNone: Bool) throws(CLIError) -> SVGColor? {
        if allowsNone && raw.trimmingSpaces.lowercased() == "none" { return nil }
        return try parse(raw, option: option, command: command)
    }

    static func parse(_ raw: String, option: String, command: String) throws(CLIError) -> SVGColor {
        let text = raw.trimmingSpaces
        if let c = SVGColor(css: text) { return c }
        // Bare hex without '#'.
        if [3, 4, 6, 8].contains(text.count), text.allSatisfy({ $0.isHexDigit }), let c = SVGColor(css: "#" + text) {
            return c
        }
        throw CLIError.usage(
            "\(option) \"\(raw)\" is not a colour; use #rrggbb, rrggbb, #rgb, rgb(r,g,b), hsl(…) or a CSS name like dodgerblue",
            command: command)
    }

    /// A comma-separated list of colours (`'#0a84ff',white,'rgb(255,59,48)'`); commas inside parentheses
    /// belong to the colour.
    static func parseList(_ raw: String, option: String, command: String) throws(CLIError) -> [SVGColor] {
        try parseList(raw, option: option, command: command, allowsNone: false).map { $0! }
    }

    /// `parseList`, with `none` read as nil when `allowsNone`.
    static func parseList(_ raw: String, option: String, command: String, allowsNone: Bool) throws(CLIError) -> [SVGColor?] {
        var parts: [String] = [""]
        var depth = 0
        for character in raw {
            if character == "(" { depth += 1 }
            if character == ")" { depth = max(0, depth - 1) }
            if character == "," && depth == 0 {
                parts.append("")
            } else {
                parts[parts.count - 1].append(character)
            }
        }
        var colors: [SVGColor?] = []
        for part in parts {
            colors.append(try parse(part, option: option, command: command, allowsNone: allowsNone))
        }
        return colors
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
