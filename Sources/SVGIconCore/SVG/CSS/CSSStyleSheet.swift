/// The rules of the document's `<style>` blocks, in document order.
struct CSSStyleSheet: Sendable {
    struct Declaration: Hashable, Sendable {
        var name: String
        var value: String
        var important: Bool
    }

    struct Rule: Sendable {
        var selector: CSSSelector
        var declarations: [Declaration]
        /// Position in the style sheet, for "later wins" among equal specificities.
        var order: Int
    }

    private(set) var rules: [Rule] = []
    /// Selectors that were skipped because svgicon does not support them (for a warning).
    private(set) var unsupportedSelectors: [String] = []

    init() {}

    /// Appends the rules of one `<style>` block. At-rules (`@media`, `@import`, …) are skipped.
    mutating func add(_ css: String) {
        let text = Substring(CSSStyleSheet.stripComments(css))
        var i = text.startIndex
        while i < text.endIndex {
            guard let open = text[i...].firstIndex(where: { $0 == "{" || $0 == ";" }) else { break }
            let prelude = text[i..<open].trimmingCSSWhitespace
            if text[open] == ";" {
                // A statement at-rule such as @import or @charset.
                i = text.index(after: open)
                continue
            }
            let close = CSSStyleSheet.matchingBrace(in: text, from: open)
            let body = text[text.index(after: open)..<close]
            i = close < text.endIndex ? text.index(after: close) : close
            if prelude.hasPrefix("@") { continue }
            let declarations = CSSStyleSheet.declarations(body)
            for part in prelude.split(separator: ",") {
                let trimmed = part.trimmingCSSWhitespace
                if trimmed.isEmpty { continue }
                if let selector = CSSSelector.parse(trimmed) {
                    rules.append(Rule(selector: selector, declarations: declarations, order: rules.count))
                } else {
                    unsupportedSelectors.append(String(trimmed))
                }
            }
        }
    }

    /// `name: value [!important]` pairs of a declaration block or a `style` attribute.
    static func declarations(_ block: Substring) -> [Declaration] {
        var result: [Declaration] = []
        for part in stripComments(String(block)).split(separator: ";") {
            guard let colon = part.firstIndex(of: ":") else { continue }
            let name = part[..<colon].trimmingCSSWhitespace.lowercased()
            var value = part[part.index(after: colon)...].trimmingCSSWhitespace
            var important = false
            if let bang = value.lastIndex(of: "!"),
               value[value.index(after: bang)...].trimmingCSSWhitespace.lowercased() == "important" {
                important = true
                value = value[..<bang].trimmingCSSWhitespace
            }
            if name.isEmpty || value.isEmpty { continue }
            result.append(Declaration(name: name, value: String(value), important: important))
        }
        return result
    }

    private static func stripComments(_ text: String) -> String {
        guard text.contains("/*") else { return text }
        var out = ""
        var rest = Substring(text)
        while let start = rest.firstRange(of: "/*") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstRange(of: "*/") else { return out }
            rest = rest[end.upperBound...]
        }
        return out + rest
    }

    private static func matchingBrace(in text: Substring, from open: Substring.Index) -> Substring.Index {
        var depth = 0
        var i = open
        while i < text.endIndex {
            if text[i] == "{" { depth += 1 }
            if text[i] == "}" {
                depth -= 1
                if depth == 0 { return i }
            }
            i = text.index(after: i)
        }
        return text.endIndex
    }
}

extension StringProtocol {
    /// The text without leading and trailing CSS whitespace.
    var trimmingCSSWhitespace: Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" || f == "\u{0C}" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" || l == "\u{0C}" { s.removeLast() }
        return s
    }
}
