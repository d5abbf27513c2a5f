/// A CSS selector as svgicon matches it (Selectors Level 3/4): compound selectors (type or `*`, `#id`, `.class`,
/// `[attr]`, `[attr=value]` and the `~=`, `|=`, `^=`, `$=`, `*=` tests, `:first-child`, `:last-child`,
/// `:only-child`, `:nth-child(an+b)`, `:nth-last-child(an+b)`, `:not(compound)`) joined by descendant
/// (whitespace), child (`>`), next-sibling (`+`) and subsequent-sibling (`~`) combinators.
struct CSSSelector: Hashable, Sendable {
    struct Compound: Hashable, Sendable {
        /// nil: any element (`*` or no type given).
        var type: String?
        var id: String?
        var classes: [String] = []
        /// (name, value, whole-word match); a nil value is a presence test.
        var attributes: [AttributeTest] = []
        /// The structural pseudo-classes and negations, all of which must match.
        var pseudoClasses: [PseudoClass] = []
    }

    /// A pseudo-class svgicon matches: the structural ones (positions among the element's siblings, counted
    /// from 1) and `:not` of one compound.
    indirect enum PseudoClass: Hashable, Sendable {
        /// `:nth-child(an+b)` (`:first-child` is a = 0, b = 1); `fromEnd`: `:nth-last-child` (`:last-child`).
        case nthChild(a: Int, b: Int, fromEnd: Bool)
        /// `:only-child`.
        case onlyChild
        /// `:not(compound)`.
        case not(Compound)

        /// Whether position `p` (1-based) is one of `an + b` for some n ≥ 0.
        static func matches(a: Int, b: Int, position p: Int) -> Bool {
            if a == 0 { return p == b }
            let d = p - b
            return d % a == 0 && d / a >= 0
        }
    }

    struct AttributeTest: Hashable, Sendable {
        enum Match: Hashable, Sendable {
            case present, equals(String), containsWord(String)
            /// `|=`: the value, or the value followed by `-`.
            case dashPrefix(String)
            /// `^=`, `$=`, `*=`: starts with, ends with, contains (never for an empty value).
            case prefix(String), suffix(String), substring(String)
        }
        var name: String
        var match: Match
    }

    enum Combinator: Hashable, Sendable { case descendant, child, nextSibling, subsequentSibling }

    /// Longer selectors are not supported (matching recurses once per compound).
    static let maxCompounds = 32

    /// Right-most compound last; `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
    var compounds: [Compound]
    var combinators: [Combinator]

    /// (ids, classes and attributes, types), compared lexicographically.
    var specificity: (Int, Int, Int) {
        var a = 0, b = 0, c = 0
        for compound in compounds { CSSSelector.add(compound, &a, &b, &c) }
        return (a, b, c)
    }

    /// A compound's share of the specificity; `:not` counts as its argument (Selectors 4 §17).
    private static func add(_ compound: Compound, _ a: inout Int, _ b: inout Int, _ c: inout Int) {
        if compound.id != nil { a += 1 }
        b += compound.classes.count + compound.attributes.count
        if compound.type != nil { c += 1 }
        for pseudo in compound.pseudoClasses {
            if case .not(let inner) = pseudo { add(inner, &a, &b, &c) } else { b += 1 }
        }
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

    /// Parses one selector (no commas). nil for anything svgicon does not support (other pseudo-classes,
    /// pseudo-elements, namespaces…), so that such a rule is skipped rather than over-applied.
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
                        var op: Unicode.Scalar = "="
                        if i < chars.count, "~|^$*".unicodeScalars.contains(chars[i]) { op = chars[i]; i += 1 }
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
                        switch op {
                        case "~": test.match = .containsWord(value)
                        case "|": test.match = .dashPrefix(value)
                        case "^": test.match = .prefix(value)
                        case "$": test.match = .suffix(value)
                        case "*": test.match = .substring(value)
                        default: test.match = .equals(value)
                        }
                    }
                    compound.attributes.append(test)
                } else if c == ":" {
                    i += 1
                    guard let name = identifier()?.lowercased() else { return nil }
                    var argument: Substring? = nil
                    if i < chars.count, chars[i] == "(" {
                        guard let close = Self.closingParenthesis(chars, from: i) else { return nil }
                        var inner = String.UnicodeScalarView()
                        inner.append(contentsOf: chars[(i + 1)..<close])
                        argument = Substring(String(inner))
                        i = close + 1
                    }
                    guard let pseudo = pseudoClass(name, argument) else { return nil }
                    compound.pseudoClasses.append(pseudo)
                } else {
                    break
                }
                any = true
            }
            guard any else { return nil }
            compounds.append(compound)
            let spaced = skipSpaces()
            if i >= chars.count { break }
            if chars[i] == ">" || chars[i] == "+" || chars[i] == "~" {
                combinators.append(chars[i] == ">" ? .child : chars[i] == "+" ? .nextSibling : .subsequentSibling)
                i += 1
                _ = skipSpaces()
            } else if spaced {
                combinators.append(.descendant)
            } else {
                return nil  // '|' (namespaces) and anything else are not supported
            }
        }
        guard !compounds.isEmpty, compounds.count <= CSSSelector.maxCompounds,
              combinators.count == compounds.count - 1 else { return nil }
        return CSSSelector(compounds: compounds, combinators: combinators)
    }

    /// A supported pseudo-class by its lowercased `name` and parenthesised `argument`; nil otherwise
    /// (`:hover` and the other dynamic ones never match a static image: their rules are skipped).
    /// The index of the `)` that closes the `(` at `open`, counting nested parentheses and skipping quoted
    /// strings (`:not(:nth-child(2n+1))`, `:not([title=")"])`); nil when it is never closed.
    private static func closingParenthesis(_ chars: [Unicode.Scalar], from open: Int) -> Int? {
        var depth = 0, quote: Unicode.Scalar? = nil, i = open
        while i < chars.count {
            let c = chars[i]
            if let q = quote {
                if c == "\\" { i += 1 } else if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }

    private static func pseudoClass(_ name: String, _ argument: Substring?) -> PseudoClass? {
        switch (name, argument) {
        case ("first-child", nil): return .nthChild(a: 0, b: 1, fromEnd: false)
        case ("last-child", nil): return .nthChild(a: 0, b: 1, fromEnd: true)
        case ("only-child", nil): return .onlyChild
        case ("nth-child", let text?), ("nth-last-child", let text?):
            guard let (a, b) = anPlusB(text) else { return nil }
            return .nthChild(a: a, b: b, fromEnd: name == "nth-last-child")
        case ("not", let text?):
            guard let inner = parse(text), inner.compounds.count == 1 else { return nil }
            return .not(inner.compounds[0])
        default: return nil
        }
    }

    /// CSS Syntax 3 §6 `an+b`: `odd`, `even`, `b`, `an`, `an+b` (case-insensitive), with whitespace around
    /// the whole and around the sign before `b` (`2n + 1`, ` -n+ 3`) — never inside `an` (`2 n`, `+ 2n`) or
    /// between `b`'s sign and a signed number (`2n + -1`). nil for anything else.
    static func anPlusB(_ text: Substring) -> (Int, Int)? {
        var scanner = ANPlusBScanner(text)
        scanner.skipWhitespace()
        let result = scanner.keyword() ?? scanner.expression()
        scanner.skipWhitespace()
        return scanner.atEnd ? result : nil
    }
}

/// Reads CSS Syntax 3's `an+b` microsyntax from the characters of a `:nth-child()` argument.
private struct ANPlusBScanner {
    private let chars: [Unicode.Scalar]
    private var i = 0

    init(_ text: Substring) { chars = Array(text.lowercased().unicodeScalars) }

    var atEnd: Bool { i == chars.count }

    mutating func skipWhitespace() {
        while i < chars.count, [" ", "\t", "\n", "\r", "\u{C}"].contains(chars[i]) { i += 1 }
    }

    /// `odd` (2n+1) or `even` (2n).
    mutating func keyword() -> (Int, Int)? {
        for (word, value) in [("odd", (2, 1)), ("even", (2, 0))] {
            let w = Array(word.unicodeScalars)
            if chars.count - i >= w.count, Array(chars[i..<i + w.count]) == w {
                i += w.count
                return value
            }
        }
        return nil
    }

    /// `[+-]?digits`, `[+-]?digits? n`, then, after optional whitespace, `[+-] whitespace? digits`.
    mutating func expression() -> (Int, Int)? {
        let sign = self.sign()
        let digits = self.digits()
        guard i < chars.count, chars[i] == "n" else {
            guard let digits else { return nil }
            return (0, sign * digits)  // b alone: its sign attached
        }
        i += 1
        let a = sign * (digits ?? 1)
        let mark = i
        skipWhitespace()
        guard i < chars.count, chars[i] == "+" || chars[i] == "-" else {
            i = mark  // no b: the whitespace belongs to the end
            return (a, 0)
        }
        let bSign = self.sign()
        skipWhitespace()
        guard let b = self.digits() else { return nil }
        return (a, bSign * b)
    }

    /// -1 after a `-`, +1 after a `+` or without a sign.
    private mutating func sign() -> Int {
        guard i < chars.count, chars[i] == "+" || chars[i] == "-" else { return 1 }
        i += 1
        return chars[i - 1] == "-" ? -1 : 1
    }

    /// An unsigned decimal integer of any number of digits (leading zeros too: `0000000001` is 1), its
    /// value saturated at `ANPlusBScanner.maxValue`; nil without one.
    private mutating func digits() -> Int? {
        var value = 0, count = 0
        while i < chars.count, ("0"..."9").contains(chars[i]) {
            value = min(ANPlusBScanner.maxValue, value * 10 + Int(chars[i].value - 48))
            i += 1
            count += 1
        }
        return count == 0 ? nil : value
    }

    /// What larger `a` and `b` are read as (Int32's largest, as browsers clamp them): no position among
    /// siblings comes near it (`SVGLimits.elements`), and `a × n + b` stays far from overflowing an Int.
    static let maxValue = Int(Int32.max)
}
