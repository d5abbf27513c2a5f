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

    /// Rules and declarations one document's style sheets may hold; the rest of the text is not read
    /// (`isTruncated`), so a style block of megabytes costs no more than these.
    static let maxRules = 10_000
    static let maxDeclarations = 100_000
    private(set) var isTruncated = false
    private var declarationCount = 0

    init() {}

    /// Appends the rules of one `<style>` block. At-rules (`@media`, `@import`, …) are skipped.
    mutating func add(_ css: String) {
        let text = Substring(CSSStyleSheet.stripComments(css))
        var i = text.startIndex
        while i < text.endIndex {
            guard rules.count < CSSStyleSheet.maxRules, declarationCount < CSSStyleSheet.maxDeclarations else {
                isTruncated = true
                return
            }
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
            let declarations = CSSStyleSheet.declarations(body, limit: CSSStyleSheet.maxDeclarations - declarationCount)
            declarationCount += declarations.count
            // A selector list with one selector svgicon cannot read is dropped whole (Selectors 4 §3.1:
            // an invalid selector invalidates the list).
            var parsed: [CSSSelector] = [], unreadable = false
            for part in prelude.split(separator: ",", omittingEmptySubsequences: false) where parsed.count <= CSSStyleSheet.maxRules {
                let trimmed = part.trimmingCSSWhitespace
                if let selector = trimmed.isEmpty ? nil : CSSSelector.parse(trimmed) {
                    parsed.append(selector)
                } else {
                    unreadable = true  // an empty selector (`a, {`, `, a {`) too, without a warning
                    if !trimmed.isEmpty, unsupportedSelectors.count < 16 { unsupportedSelectors.append(String(trimmed)) }
                }
            }
            if unreadable { continue }
            for selector in parsed {
                guard rules.count < CSSStyleSheet.maxRules else {
                    isTruncated = true
                    return
                }
                rules.append(Rule(selector: selector, declarations: declarations, order: rules.count))
            }
        }
    }

    /// `name: value [!important]` pairs of a declaration block or a `style` attribute, at most `limit` of
    /// them (the rest of the block is not read).
    static func declarations(_ block: Substring, limit: Int = .max) -> [Declaration] {
        var result: [Declaration] = []
        let text = Substring(stripComments(String(block)))
        var rest = text[...]
        while !rest.isEmpty, result.count < limit {
            let end = rest.firstIndex(of: ";") ?? rest.endIndex
            let part = rest[..<end]
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
            guard let colon = part.firstIndex(of: ":") else { continue }
            // Property names and `important` are ASCII case-insensitive (CSS Syntax 3 §2.1): only A–Z fold,
            // so `stro\u{212A}e` (Kelvin sign) names no property and the declaration is ignored.
            let name = cssKeyword(String(part[..<colon]))
            var value = part[part.index(after: colon)...].trimmingCSSWhitespace
            var important = false
            if let bang = value.lastIndex(of: "!"),
               asciiEqualsIgnoringCase(trimmedCSSValue(String(value[value.index(after: bang)...])), "important") {
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
