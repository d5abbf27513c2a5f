import SVGIconCore

/// Colours as people type them on a command line: `#0a84ff`, `0a84ff`, `#08f`, `rgb(10,132,255)`, CSS
/// names (`systemblue` is not CSS; `dodgerblue` is).
enum ColorArgument {
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
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
