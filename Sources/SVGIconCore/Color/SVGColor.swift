/// An sRGB colour with straight (non-premultiplied) alpha.
///
/// Channels are 8-bit; alpha is kept as a `Double` in `0...1` so that opacity values parsed from
/// CSS (`rgb(… / 0.3)`) are not quantised before compositing.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGColor: Hashable, Sendable {
    /// Red, 0…255 (sRGB-encoded).
    public var red: UInt8
    /// Green, 0…255 (sRGB-encoded).
    public var green: UInt8
    /// Blue, 0…255 (sRGB-encoded).
    public var blue: UInt8
    /// 0...1
    public var alpha: Double

    /// Creates a colour. `alpha` is clamped to `0...1`; NaN becomes 0.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = SVGColor.clampUnit(alpha)
    }

    /// Opaque black (#000000), SVG's default paint and the default tint.
    public static let black = SVGColor(red: 0, green: 0, blue: 0)
    /// Opaque white (#ffffff).
    public static let white = SVGColor(red: 255, green: 255, blue: 255)
    /// Fully transparent black, CSS's `transparent`.
    public static let transparent = SVGColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// "#rrggbb" (lowercase), or "#rrggbbaa" when alpha < 1 (alpha rounded to 0...255).
    public var hexString: String {
        let digits: StaticString = "0123456789abcdef"
        return digits.withUTF8Buffer { hex in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(9)
            bytes.append(UInt8(ascii: "#"))
            func put(_ value: UInt8) {
                bytes.append(hex[Int(value >> 4)])
                bytes.append(hex[Int(value & 0x0F)])
            }
            put(red)
            put(green)
            put(blue)
            if alpha < 1 {
                put(SVGColor.byte(fromUnit: alpha))
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    // MARK: - Internal helpers shared with the parser

    /// Clamps to `0...1`, mapping NaN to 0.
    @inline(__always)
    static func clampUnit(_ value: Double) -> Double {
        guard value == value else { return 0 }  // NaN
        return value < 0 ? 0 : (value > 1 ? 1 : value)
    }

    /// Rounds to nearest (ties away from zero) and clamps to `0...255`; NaN becomes 0.
    @inline(__always)
    static func byte(rounding value: Double) -> UInt8 {
        guard value == value else { return 0 }
        let rounded = value.rounded(.toNearestOrAwayFromZero)
        if rounded <= 0 { return 0 }
        if rounded >= 255 { return 255 }
        return UInt8(rounded)
    }

    /// Maps a `0...1` fraction to `0...255` with rounding and clamping.
    @inline(__always)
    static func byte(fromUnit value: Double) -> UInt8 {
        byte(rounding: value * 255)
    }
}
