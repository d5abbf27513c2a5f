// The throwing colour constructor: the same grammar as `SVGColor(css:)`, with a message that names the text
// and, where it can tell, what is wrong with it.

extension SVGColor {
    /// Why a text is not a colour: `"#0a84fg" is not a colour: "g" is not a hex digit`. A value type,
    /// `Sendable`: safe to pass between threads.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text as given.
        public var text: String
        /// What is wrong with it, for people.
        public var reason: String

        /// An error for `text`, with `reason`.
        public init(text: String, reason: String) {
            self.text = text
            self.reason = reason
        }

        /// `"TEXT" is not a colour: REASON`.
        public var description: String { "\"\(text)\" is not a colour: \(reason)" }
    }

    /// Parses a CSS colour as `SVGColor(css:)` does, throwing an error that names the text instead of
    /// returning nil, so that a typo (`"#0a84fg"`) fails loudly rather than rendering black:
    ///
    /// ```swift
    /// let accent = try SVGColor(parsing: "#0a84ff")
    /// ```
    public init(parsing text: some StringProtocol) throws(ParseError) {
        if let color = SVGColor(css: text) {
            self = color
            return
        }
        throw ParseError(text: String(text), reason: Self.diagnose(String(text)))
    }

    /// The most specific reason we can give for `text` not parsing.
    private static func diagnose(_ raw: String) -> String {
        var text = Substring(raw)
        while let first = text.first, first == " " || first == "\t" || first == "\n" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" { text.removeLast() }
        let lower = text.lowercased()
        if text.isEmpty { return "the text is empty" }
        if text.first == "#" {
            let digits = text.dropFirst()
            if let bad = digits.first(where: { !$0.isHexDigit }) {
                return "\"\(bad)\" is not a hex digit"
            }
            return "# takes 3, 4, 6 or 8 hex digits, not \(digits.count)"
        }
        if lower == "currentcolor" { return "currentColor is the tint, not a colour of its own; pass nil to take the tint" }
        if lower == "none" { return "none is no paint, not a colour; pass nil where no paint is meant" }
        if let open = lower.firstIndex(of: "(") {
            let name = lower[..<open]
            guard ["rgb", "rgba", "hsl", "hsla"].contains(name) else {
                return "\(name)() is not a colour function; use rgb(), rgba(), hsl() or hsla()"
            }
            if !lower.hasSuffix(")") { return "\(name)( is not closed with )" }
            return "\(name)() takes three components (numbers or percents, commas or spaces) and an optional alpha"
        }
        if text.count == 3 || text.count == 4 || text.count == 6 || text.count == 8, text.allSatisfy(\.isHexDigit) {
            return "hex colours start with #: \"#\(text)\""
        }
        return "not #rgb, #rrggbb, rgb(…), hsl(…) or a CSS colour name"
    }
}
