/// Byte counts as people write and read them: `512M`, `2G`, `1.5GiB`, `800k`, `1048576`.
/// Units are binary (k = 1024).
package enum ByteSize {
    /// Parses a size; nil when the text is not one. A bare number is bytes.
    package static func parse(_ text: String) -> Int? {
        var s = Substring(text.lowercased().filter { $0 != " " })
        for unit in ["ib", "b"] where s.hasSuffix(unit) && s.count > unit.count {
            s.removeLast(unit.count)
            break
        }
        var multiplier = 1.0
        if let last = s.last, let power = ["k": 1, "m": 2, "g": 3, "t": 4][last] {
            multiplier = Double(1 << (10 * power))
            s.removeLast()
        }
        guard !s.isEmpty, s.allSatisfy({ $0.isNumber || $0 == "." }), let value = Double(s),
              value.isFinite, value >= 0, value * multiplier < Double(Int.max / 2)
        else { return nil }
        return Int((value * multiplier).rounded())
    }

    /// `512 MiB`, `3.4 KiB`, `17 bytes`.
    package static func format(_ bytes: Int) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard bytes >= 1024 else { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        var value = Double(bytes)
        var unit = -1
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let rounded = (value * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return text + " " + units[unit]
    }
}
