// CSS colour parsing, standard library only. Works on the UTF-8 bytes of the input with a small
// hand-written scanner; nothing is allocated except (rarely) a short String for number conversion.
//
// Accepted grammar (ASCII case-insensitive keywords, ASCII whitespace = space, tab, LF, CR, FF):
//
//   color   := ws* ( hex | func | keyword ) ws*
//   hex     := '#' (3 | 4 | 6 | 8 hex digits)
//   func    := name '(' ws* args ws* ')'            -- no space between name and '('
//   name    := rgb | rgba | hsl | hsla | hwb        -- rgb≡rgba and hsl≡hsla (CSS Color 4); hwb: space syntax only
//   args    := c ws* ',' c ws* ',' c (ws* ',' a)?   -- legacy comma syntax
//            | c c c (ws* '/' a)?                    -- CSS Color 4 space syntax
//   keyword := one of the 148 named colours | transparent
//
// Edge-case decisions (see the tests for each):
//  * rgb channels may be numbers or percentages and may be mixed per channel (svgtypes and the
//    CSS 4 space syntax both allow this). Number → round to nearest; percent → round(p*255/100);
//    both then clamped to 0...255. Any other unit (`10px`) makes the colour invalid.
//  * Alpha may be a number or a percentage in either syntax; it is clamped to 0...1 and kept
//    unquantised. Hex alpha is aa/255.
//  * hsl hue: unitless = degrees, or `deg`, `grad`, `rad`, `turn`; wraps modulo 360.
//    Saturation/lightness: percentages, or in the space syntax bare numbers read as percentages
//    (CSS Color 4, `hsl(120 100 50)` = `hsl(120 100% 50%)`); the legacy comma syntax takes
//    percentages only, so `hsl(120, 100, 50)` is invalid (as Chrome reads it). NOTE: svgtypes
//    (resvg) reads bare numbers as 0...1 fractions, so that is white there. Both are clamped to 0...1.
//  * The legacy syntax needs a comma between every component and no `/`; the space syntax allows
//    no commas. Mixing them, too few or too many components → nil.
//  * Numbers follow CSS: optional sign, digits with optional fraction (`.5` ok, `5.` not),
//    optional exponent. Non-finite results (e.g. `1e999`) → nil.
//  * The CSS 4 `none` keyword, `currentColor`, `inherit`, `none`, `url(...)`, icc-color suffixes
//    and anything else → nil.

extension SVGColor {
    /// Parses any CSS colour form icon sets use; nil when the text is not a colour.
    /// Accepts: #rgb #rgba #rrggbb #rrggbbaa (case-insensitive hex), rgb()/rgba() with numbers or percents
    /// (comma-separated legacy syntax AND the CSS4 space-separated syntax `rgb(10 20 30 / 50%)`), alpha as number or percent,
    /// hsl()/hsla() (hue in deg, unitless = deg, also `turn`, `rad`, `grad`; saturation/lightness percents; alpha),
    /// the 147 SVG/CSS named colours plus `rebeccapurple` (case-insensitive) and `transparent`.
    /// Leading/trailing ASCII whitespace is ignored. Out-of-range values are clamped (rgb(300,-5,0) → 255,0,0).
    /// Does NOT handle `currentColor`, `none`, `inherit`, `url(...)` — callers handle those; returns nil for them.
    public init?(css text: some StringProtocol) {
        let utf8 = text.utf8
        let result: SVGColor?
        if let fast = utf8.withContiguousStorageIfAvailable({ CSSColorParser.parse($0) }) {
            result = fast
        } else {
            result = Array(utf8).withUnsafeBufferPointer { CSSColorParser.parse($0) }
        }
        guard let result else { return nil }
        self = result
    }
}

/// The scanner behind `SVGColor(css:)`.
struct CSSColorParser {
    private enum Unit {
        case none, percent, deg, grad, rad, turn
    }

    private struct Component {
        var value: Double
        var unit: Unit
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var pos: Int
    /// The arguments just read were in the legacy comma syntax (which `hwb()` does not have).
    private var legacySyntaxSeen = false
    private let end: Int

    private init(bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        self.bytes = bytes
        self.pos = start
        self.end = end
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> SVGColor? {
        var start = 0
        var end = bytes.count
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var parser = CSSColorParser(bytes: bytes, start: start, end: end)
        return parser.parseColor()
    }

    // MARK: - Top level

    private mutating func parseColor() -> SVGColor? {
        if bytes[pos] == UInt8(ascii: "#") {
            return parseHex()
        }
        let identStart = pos
        while pos < end, Self.isLetter(bytes[pos]) { pos += 1 }
        let identEnd = pos
        guard identEnd > identStart else { return nil }
        if identEnd == end {
            return SVGColor.namedColor(UnsafeBufferPointer(rebasing: bytes[identStart..<identEnd]))
        }
        guard bytes[pos] == UInt8(ascii: "(") else { return nil }
        pos += 1
        let name = UnsafeBufferPointer(rebasing: bytes[identStart..<identEnd])
        if Self.matches(name, "rgb") || Self.matches(name, "rgba") {
            return parseRGBArguments()
        }
        if Self.matches(name, "hsl") || Self.matches(name, "hsla") {
            return parseHSLArguments()
        }
        if Self.matches(name, "hwb") {
            return parseHWBArguments()
        }
        return nil
    }

    private mutating func parseHex() -> SVGColor? {
        pos += 1  // '#'
        let count = end - pos
        guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
        for index in pos..<end where Self.hexValue(bytes[index]) == nil { return nil }
        let digits = UnsafeBufferPointer(rebasing: bytes[pos..<end])
        pos = end
        func nibble(_ index: Int) -> UInt8 { Self.hexValue(digits[index]) ?? 0 }
        if count <= 4 {
            let alpha = count == 4 ? Double(nibble(3) * 17) / 255 : 1
            return SVGColor(red: nibble(0) * 17, green: nibble(1) * 17, blue: nibble(2) * 17, alpha: alpha)
        }
        func pair(_ index: Int) -> UInt8 { nibble(index) << 4 | nibble(index + 1) }
        let alpha = count == 8 ? Double(pair(6)) / 255 : 1
        return SVGColor(red: pair(0), green: pair(2), blue: pair(4), alpha: alpha)
    }

    // MARK: - Functions

    /// Parses the three main components and the optional alpha of either syntax, then `)`.
    /// Returns the raw components; unit validation is up to the caller.
    private mutating func parseArguments() -> (Component, Component, Component, Component?)? {
        guard let first = parseComponent() else { return nil }
        skipWhitespace()
        let legacy = consume(UInt8(ascii: ","))
        legacySyntaxSeen = legacy
        guard let second = parseComponent() else { return nil }
        if legacy {
            skipWhitespace()
            guard consume(UInt8(ascii: ",")) else { return nil }
        }
        guard let third = parseComponent() else { return nil }
        skipWhitespace()
        var alpha: Component?
        if consume(legacy ? UInt8(ascii: ",") : UInt8(ascii: "/")) {
            guard let value = parseComponent() else { return nil }
            alpha = value
            skipWhitespace()
        }
        guard consume(UInt8(ascii: ")")), pos == end else { return nil }
        return (first, second, third, alpha)
    }

    private mutating func parseRGBArguments() -> SVGColor? {
        guard let (r, g, b, a) = parseArguments() else { return nil }
        guard let red = Self.channel(r), let green = Self.channel(g), let blue = Self.channel(b),
            let alpha = Self.alphaValue(orOpaque: a)
        else { return nil }
        return SVGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    private mutating func parseHSLArguments() -> SVGColor? {
        guard let (h, s, l, a) = parseArguments() else { return nil }
        // The legacy comma syntax takes percentages only (CSS Color 4 <legacy-hsl-syntax>).
        if legacySyntaxSeen && (s.unit != .percent || l.unit != .percent) { return nil }
        guard let degrees = Self.hueDegrees(h),
            let saturation = Self.percentage(s),
            let lightness = Self.percentage(l),
            let alpha = Self.alphaValue(orOpaque: a)
        else { return nil }
        var color = Self.hslToRGB(hueDegrees: degrees, saturation: saturation, lightness: lightness)
        color.alpha = alpha
        return color
    }

    /// `hwb(H W B [/ A])` (CSS Color 4): space syntax only; whiteness and blackness are percentages (or
    /// bare numbers read as percentages, like hsl's); when they add up to more than 100 % they are scaled
    /// down to sum to 100 %, giving a grey.
    private mutating func parseHWBArguments() -> SVGColor? {
        guard let (h, w, b, a) = parseArguments(), !legacySyntaxSeen else { return nil }
        guard let degrees = Self.hueDegrees(h), var white = Self.percentage(w), let black = Self.percentage(b),
            let alpha = Self.alphaValue(orOpaque: a)
        else { return nil }
        if white + black >= 1 {
            let sum = white + black
            white /= sum
            let grey = SVGColor.byte(fromUnit: white)
            return SVGColor(red: grey, green: grey, blue: grey, alpha: alpha)
        }
        // The pure hue (hsl(h 100% 50%)) unrounded, scaled by 1 − W − B and lifted by W, rounded once.
        let exact = Self.hueRGB(degrees)
        func mix(_ v: Double) -> UInt8 { SVGColor.byte(fromUnit: v * (1 - white - black) + white) }
        return SVGColor(red: mix(exact.0), green: mix(exact.1), blue: mix(exact.2), alpha: alpha)
    }

    /// The fully saturated colour of a hue (hsl(h 100% 50%)) as unrounded 0…1 channels.
    private static func hueRGB(_ hueDegrees: Double) -> (Double, Double, Double) {
        var hue = hueDegrees.truncatingRemainder(dividingBy: 360)
        if hue < 0 { hue += 360 }
        func f(_ n: Double) -> Double {
            var k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            if k < 0 { k += 12 }
            return 0.5 - 0.5 * Swift.max(-1, Swift.min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }

    private static func hueDegrees(_ h: Component) -> Double? {
        let degrees: Double
        switch h.unit {
        case .none, .deg: degrees = h.value
        case .grad: degrees = h.value * 0.9
        case .rad: degrees = h.value * (180 / Double.pi)
        case .turn: degrees = h.value * 360
        case .percent: return nil
        }
        return degrees.isFinite ? degrees : nil
    }

    // MARK: - Component conversion

    /// An rgb() channel: number → rounded, percent → round(p * 255 / 100); clamped to 0...255.
    private static func channel(_ component: Component) -> UInt8? {
        switch component.unit {
        case .none: return SVGColor.byte(rounding: component.value)
        case .percent: return SVGColor.byte(rounding: component.value * 255 / 100)
        default: return nil
        }
    }

    /// The alpha of a colour function: 1 when none was written, else as `alphaValue(_:)`.
    private static func alphaValue(orOpaque component: Component?) -> Double? {
        guard let component else { return 1 }
        return alphaValue(component)
    }

    /// An alpha value: number or percent, clamped to 0...1.
    private static func alphaValue(_ component: Component) -> Double? {
        switch component.unit {
        case .none: return SVGColor.clampUnit(component.value)
        case .percent: return SVGColor.clampUnit(component.value / 100)
        default: return nil
        }
    }

    /// hsl() saturation/lightness: percent, or a bare number meaning the same percent; → 0...1.
    private static func percentage(_ component: Component) -> Double? {
        switch component.unit {
        case .none, .percent: return SVGColor.clampUnit(component.value / 100)
        default: return nil
        }
    }

    /// The CSS Color 4 reference algorithm, in Double, each channel rounded to nearest.
    static func hslToRGB(hueDegrees: Double, saturation: Double, lightness: Double) -> SVGColor {
        var hue = hueDegrees.truncatingRemainder(dividingBy: 360)
        if hue < 0 { hue += 360 }
        let a = saturation * Swift.min(lightness, 1 - lightness)
        func f(_ n: Double) -> Double {
            var k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            if k < 0 { k += 12 }
            return lightness - a * Swift.max(-1, Swift.min(k - 3, 9 - k, 1))
        }
        return SVGColor(
            red: SVGColor.byte(fromUnit: f(0)),
            green: SVGColor.byte(fromUnit: f(8)),
            blue: SVGColor.byte(fromUnit: f(4)))
    }

    // MARK: - Lexing

    /// Skips whitespace, then reads a CSS number with an optional `%` or alphabetic unit.
    private mutating func parseComponent() -> Component? {
        skipWhitespace()
        guard let value = parseNumber() else { return nil }
        if pos < end, bytes[pos] == UInt8(ascii: "%") {
            pos += 1
            return Component(value: value, unit: .percent)
        }
        let unitStart = pos
        while pos < end, Self.isLetter(bytes[pos]) { pos += 1 }
        if pos == unitStart {
            return Component(value: value, unit: .none)
        }
        let unit = UnsafeBufferPointer(rebasing: bytes[unitStart..<pos])
        if Self.matches(unit, "deg") { return Component(value: value, unit: .deg) }
        if Self.matches(unit, "grad") { return Component(value: value, unit: .grad) }
        if Self.matches(unit, "rad") { return Component(value: value, unit: .rad) }
        if Self.matches(unit, "turn") { return Component(value: value, unit: .turn) }
        return nil
    }

    /// `[+-]? (digits ('.' digits)? | '.' digits) ([eE] [+-]? digits)?`; nil if absent or not finite.
    private mutating func parseNumber() -> Double? {
        let start = pos
        var cursor = pos
        if cursor < end, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") {
            cursor += 1
        }
        let integerStart = cursor
        while cursor < end, Self.isDigit(bytes[cursor]) { cursor += 1 }
        var hasDigits = cursor > integerStart
        if cursor + 1 < end, bytes[cursor] == UInt8(ascii: "."), Self.isDigit(bytes[cursor + 1]) {
            cursor += 1
            while cursor < end, Self.isDigit(bytes[cursor]) { cursor += 1 }
            hasDigits = true
        }
        guard hasDigits else { return nil }
        if cursor < end, bytes[cursor] | 0x20 == UInt8(ascii: "e") {
            var exponent = cursor + 1
            if exponent < end, bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") {
                exponent += 1
            }
            if exponent < end, Self.isDigit(bytes[exponent]) {
                while exponent < end, Self.isDigit(bytes[exponent]) { exponent += 1 }
                cursor = exponent
            }
        }
        pos = cursor
        // The slice is a validated decimal literal; short ones (≤ 15 bytes) become small Strings
        // without heap allocation.
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cursor]), as: UTF8.self)
        guard let value = Double(literal), value.isFinite else { return nil }
        return value
    }

    private mutating func skipWhitespace() {
        while pos < end, Self.isWhitespace(bytes[pos]) { pos += 1 }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard pos < end, bytes[pos] == byte else { return false }
        pos += 1
        return true
    }

    // MARK: - Byte classes

    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    @inline(__always)
    private static func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// ASCII case-insensitive equality with a lowercase keyword.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ keyword: StaticString) -> Bool {
        SVGColor.compareLowercased(bytes, keyword) == 0
    }
}
