/// A CSS selector as svgicon matches it: compound selectors (type or `*`, `#id`, `.class`, `[attr]`,
/// `[attr=value]`, `[attr~=value]`) joined by descendant (whitespace) and child (`>`) combinators.
struct CSSSelector: Hashable, Sendable {
    struct Compound: Hashable, Sendable {
        /// nil: any element (`*` or no type given).
        var type: String?
        var id: String?
        var classes: [String] = []
        /// (name, value, whole-word match); a nil value is a presence test.
        var attributes: [AttributeTest] = []
    }

    struct AttributeTest: Hashable, Sendable {
        enum Match: Hashable, Sendable { case present, equals(String), containsWord(String) }
        var name: String
        var match: Match
    }

    enum Combinator: Hashable, Sendable { case descendant, child }

    /// Right-most compound last; `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
    var compounds: [Compound]
    var combinators: [Combinator]

    /// (ids, classes and attributes, types), compared lexicographically.
    var specificity: (Int, Int, Int) {
        var a = 0, b = 0, c = 0
        for compound in compounds {
            if compound.id != nil { a += 1 }
            b += compound.classes.count + compound.attributes.count
            if compound.type != nil { c += 1 }
        }
        return (a, b, c)
    }

    /// Specificity folded into one comparable number.
    var specificityRank: Int {
        let (a, b, c) = specificity
        return a * 1_000_000 + b * 1_000 + c
    }

    static func == (lhs: CSSSelector, rhs: CSSSelector) -> Bool {
        lhs.compounds == rhs.compounds && lhs.combinators == rhs.combinators
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(compounds)
        hasher.combine(combinators)
    }

    /// Parses one selector (no commas). nil for anything svgicon does not support (pseudo-classes,
    /// sibling combinators, namespaces…), so that such a rule is skipped rather than over-applied.
    static func parse(_ text: Substring) -> CSSSelector? {
        var compounds: [Compound] = []
        var combinators: [Combinator] = []
        var chars = Array(text.unicodeScalars)
        var i = 0
        func skipSpaces() -> Bool {
            var skipped = false
            while i < chars.count, chars[i] == " " || chars[i] == "\t" || chars[i] == "\n" || chars[i] == "\r" {
                i += 1
                skipped = true
            }
            return skipped
        }
        func identifier() -> String? {
            var s = ""
            while i < chars.count {
                let c = chars[i]
                if c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_" || c.value > 127 {
                    s.unicodeScalars.append(c)
                    i += 1
                } else if c == "\\", i + 1 < chars.count {
                    s.unicodeScalars.append(chars[i + 1])
                    i += 2
                } else {
                    break
                }
            }
            return s.isEmpty ? nil : s
        }
        chars = chars.filter { $0 != "\u{0}" }
        _ = skipSpaces()
        while i < chars.count {
            var compound = Compound()
            var any = false
            if chars[i] == "*" {
                i += 1
                any = true
            } else if let name = identifier() {
                compound.type = name
                any = true
            }
            while i < chars.count {
                let c = chars[i]
                if c == "#" {
                    i += 1
                    guard let id = identifier() else { return nil }
                    compound.id = id
                } else if c == "." {
                    i += 1
                    guard let cls = identifier() else { return nil }
                    compound.classes.append(cls)
                } else if c == "[" {
                    i += 1
                    _ = skipSpaces()
                    guard let name = identifier() else { return nil }
                    _ = skipSpaces()
                    var test = AttributeTest(name: name, match: .present)
                    if i < chars.count, chars[i] == "]" {
                        i += 1
                    } else {
                        var word = false
                        if i < chars.count, chars[i] == "~" { word = true; i += 1 }
                        guard i < chars.count, chars[i] == "=" else { return nil }
                        i += 1
                        _ = skipSpaces()
                        var value = ""
                        if i < chars.count, chars[i] == "\"" || chars[i] == "'" {
                            let quote = chars[i]
                            i += 1
                            while i < chars.count, chars[i] != quote { value.unicodeScalars.append(chars[i]); i += 1 }
                            guard i < chars.count else { return nil }
                            i += 1
                        } else {
                            guard let v = identifier() else { return nil }
                            value = v
                        }
                        _ = skipSpaces()
                        guard i < chars.count, chars[i] == "]" else { return nil }
                        i += 1
                        test.match = word ? .containsWord(value) : .equals(value)
                    }
                    compound.attributes.append(test)
                } else {
                    break
                }
                any = true
            }
            guard any else { return nil }
            compounds.append(compound)
            let spaced = skipSpaces()
            if i >= chars.count { break }
            if chars[i] == ">" {
                i += 1
                _ = skipSpaces()
                combinators.append(.child)
            } else if spaced {
                combinators.append(.descendant)
            } else {
                return nil  // ':', '+', '~', '|', … are not supported
            }
        }
        guard !compounds.isEmpty, combinators.count == compounds.count - 1 else { return nil }
        return CSSSelector(compounds: compounds, combinators: combinators)
    }
}
