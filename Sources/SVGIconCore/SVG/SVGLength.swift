/// A CSS/SVG length: a number with an optional unit.
package struct SVGLength: Hashable, Sendable {
    package enum Unit: String, Hashable, Sendable {
        case none = "", px, pt, pc, mm, cm, `in`, em, ex, percent = "%"
    }

    package var value: Double
    package var unit: Unit

    package init(_ value: Double, _ unit: Unit = .none) {
        self.value = value
        self.unit = unit
    }

    /// The initial `font-size` (CSS's `medium`, 16 px, as resvg uses): `em` and `ex` where no `font-size`
    /// is set.
    package static let fontSize = 16.0

    /// Parses `12`, `1.5px`, `2mm`, `50%`, … (nil for anything else).
    package static func parse(_ text: some StringProtocol) -> SVGLength? {
        if let v = NumberScanner.plainDigits(text) { return SVGLength(v, .none) }
        let number: (value: Double, rest: String?)? = ByteCursor.withBytes(of: text) { bytes in
            var scanner = ByteCursor(bytes)
            scanner.skipWhitespace()
            guard let v = scanner.number() else { return nil }
            if scanner.isAtEnd { return (v, nil) }  // a plain number, the usual case
            return (v, String(decoding: UnsafeBufferPointer(rebasing: bytes[scanner.position...]), as: UTF8.self))
        }
        guard let (v, rest) = number else { return nil }
        guard let rest else { return SVGLength(v, .none) }
        var unitText = Substring(rest)
        while let last = unitText.last, last == " " || last == "\t" || last == "\n" || last == "\r" {
            unitText.removeLast()
        }
        // The units' raw values are their spellings ("" for none, "%" for percent).
        guard let unit = Unit(rawValue: unitText.lowercased()) else { return nil }
        return SVGLength(v, unit)
    }

    /// The length in px; percentages are taken of `percentBase`, `em` is `fontSize` and `ex` half of it (as
    /// resvg does, having no font metrics to ask).
    package func pixels(percentBase: Double, fontSize: Double = SVGLength.fontSize) -> Double {
        switch unit {
        case .none, .px: return value
        case .pt: return value * 4 / 3
        case .pc: return value * 16
        case .mm: return value * 96 / 25.4
        case .cm: return value * 96 / 2.54
        case .in: return value * 96
        case .em: return value * fontSize
        case .ex: return value * fontSize / 2
        case .percent: return value * percentBase / 100
        }
    }
}
