// The CSS Color 3 / SVG 1.1 extended colour keywords (147, both grey/gray spellings) plus the
// CSS Color 4 addition `rebeccapurple`, and the `transparent` keyword.

extension SVGColor {
    /// One entry of the named-colour table.
    struct NamedColor: Sendable {
        let name: StaticString
        let red: UInt8
        let green: UInt8
        let blue: UInt8
    }

    /// All named colours, sorted by name in byte (ASCII) order so lookups can binary-search.
    /// `transparent` is not in the table; `namedColor(_:)` handles it.
    static let namedColors: [NamedColor] = [
        NamedColor(name: "aliceblue", red: 240, green: 248, blue: 255),
        NamedColor(name: "antiquewhite", red: 250, green: 235, blue: 215),
        NamedColor(name: "aqua", red: 0, green: 255, blue: 255),
        NamedColor(name: "aquamarine", red: 127, green: 255, blue: 212),
        NamedColor(name: "azure", red: 240, green: 255, blue: 255),
        NamedColor(name: "beige", red: 245, green: 245, blue: 220),
        NamedColor(name: "bisque", red: 255, green: 228, blue: 196),
        NamedColor(name: "black", red: 0, green: 0, blue: 0),
        NamedColor(name: "blanchedalmond", red: 255, green: 235, blue: 205),
        NamedColor(name: "blue", red: 0, green: 0, blue: 255),
        NamedColor(name: "blueviolet", red: 138, green: 43, blue: 226),
        NamedColor(name: "brown", red: 165, green: 42, blue: 42),
        NamedColor(name: "burlywood", red: 222, green: 184, blue: 135),
        NamedColor(name: "cadetblue", red: 95, green: 158, blue: 160),
        NamedColor(name: "chartreuse", red: 127, green: 255, blue: 0),
        NamedColor(name: "chocolate", red: 210, green: 105, blue: 30),
        NamedColor(name: "coral", red: 255, green: 127, blue: 80),
        NamedColor(name: "cornflowerblue", red: 100, green: 149, blue: 237),
        NamedColor(name: "cornsilk", red: 255, green: 248, blue: 220),
        NamedColor(name: "crimson", red: 220, green: 20, blue: 60),
        NamedColor(name: "cyan", red: 0, green: 255, blue: 255),
        NamedColor(name: "darkblue", red: 0, green: 0, blue: 139),
        NamedColor(name: "darkcyan", red: 0, green: 139, blue: 139),
        NamedColor(name: "darkgoldenrod", red: 184, green: 134, blue: 11),
        NamedColor(name: "darkgray", red: 169, green: 169, blue: 169),
        NamedColor(name: "darkgreen", red: 0, green: 100, blue: 0),
        NamedColor(name: "darkgrey", red: 169, green: 169, blue: 169),
        NamedColor(name: "darkkhaki", red: 189, green: 183, blue: 107),
        NamedColor(name: "darkmagenta", red: 139, green: 0, blue: 139),
        NamedColor(name: "darkolivegreen", red: 85, green: 107, blue: 47),
        NamedColor(name: "darkorange", red: 255, green: 140, blue: 0),
        NamedColor(name: "darkorchid", red: 153, green: 50, blue: 204),
        NamedColor(name: "darkred", red: 139, green: 0, blue: 0),
        NamedColor(name: "darksalmon", red: 233, green: 150, blue: 122),
        NamedColor(name: "darkseagreen", red: 143, green: 188, blue: 143),
        NamedColor(name: "darkslateblue", red: 72, green: 61, blue: 139),
        NamedColor(name: "darkslategray", red: 47, green: 79, blue: 79),
        NamedColor(name: "darkslategrey", red: 47, green: 79, blue: 79),
        NamedColor(name: "darkturquoise", red: 0, green: 206, blue: 209),
        NamedColor(name: "darkviolet", red: 148, green: 0, blue: 211),
        NamedColor(name: "deeppink", red: 255, green: 20, blue: 147),
        NamedColor(name: "deepskyblue", red: 0, green: 191, blue: 255),
        NamedColor(name: "dimgray", red: 105, green: 105, blue: 105),
        NamedColor(name: "dimgrey", red: 105, green: 105, blue: 105),
        NamedColor(name: "dodgerblue", red: 30, green: 144, blue: 255),
        NamedColor(name: "firebrick", red: 178, green: 34, blue: 34),
        NamedColor(name: "floralwhite", red: 255, green: 250, blue: 240),
        NamedColor(name: "forestgreen", red: 34, green: 139, blue: 34),
        NamedColor(name: "fuchsia", red: 255, green: 0, blue: 255),
        NamedColor(name: "gainsboro", red: 220, green: 220, blue: 220),
        NamedColor(name: "ghostwhite", red: 248, green: 248, blue: 255),
        NamedColor(name: "gold", red: 255, green: 215, blue: 0),
        NamedColor(name: "goldenrod", red: 218, green: 165, blue: 32),
        NamedColor(name: "gray", red: 128, green: 128, blue: 128),
        NamedColor(name: "green", red: 0, green: 128, blue: 0),
        NamedColor(name: "greenyellow", red: 173, green: 255, blue: 47),
        NamedColor(name: "grey", red: 128, green: 128, blue: 128),
        NamedColor(name: "honeydew", red: 240, green: 255, blue: 240),
        NamedColor(name: "hotpink", red: 255, green: 105, blue: 180),
        NamedColor(name: "indianred", red: 205, green: 92, blue: 92),
        NamedColor(name: "indigo", red: 75, green: 0, blue: 130),
        NamedColor(name: "ivory", red: 255, green: 255, blue: 240),
        NamedColor(name: "khaki", red: 240, green: 230, blue: 140),
        NamedColor(name: "lavender", red: 230, green: 230, blue: 250),
        NamedColor(name: "lavenderblush", red: 255, green: 240, blue: 245),
        NamedColor(name: "lawngreen", red: 124, green: 252, blue: 0),
        NamedColor(name: "lemonchiffon", red: 255, green: 250, blue: 205),
        NamedColor(name: "lightblue", red: 173, green: 216, blue: 230),
        NamedColor(name: "lightcoral", red: 240, green: 128, blue: 128),
        NamedColor(name: "lightcyan", red: 224, green: 255, blue: 255),
        NamedColor(name: "lightgoldenrodyellow", red: 250, green: 250, blue: 210),
        NamedColor(name: "lightgray", red: 211, green: 211, blue: 211),
        NamedColor(name: "lightgreen", red: 144, green: 238, blue: 144),
        NamedColor(name: "lightgrey", red: 211, green: 211, blue: 211),
        NamedColor(name: "lightpink", red: 255, green: 182, blue: 193),
        NamedColor(name: "lightsalmon", red: 255, green: 160, blue: 122),
        NamedColor(name: "lightseagreen", red: 32, green: 178, blue: 170),
        NamedColor(name: "lightskyblue", red: 135, green: 206, blue: 250),
        NamedColor(name: "lightslategray", red: 119, green: 136, blue: 153),
        NamedColor(name: "lightslategrey", red: 119, green: 136, blue: 153),
        NamedColor(name: "lightsteelblue", red: 176, green: 196, blue: 222),
        NamedColor(name: "lightyellow", red: 255, green: 255, blue: 224),
        NamedColor(name: "lime", red: 0, green: 255, blue: 0),
        NamedColor(name: "limegreen", red: 50, green: 205, blue: 50),
        NamedColor(name: "linen", red: 250, green: 240, blue: 230),
        NamedColor(name: "magenta", red: 255, green: 0, blue: 255),
        NamedColor(name: "maroon", red: 128, green: 0, blue: 0),
        NamedColor(name: "mediumaquamarine", red: 102, green: 205, blue: 170),
        NamedColor(name: "mediumblue", red: 0, green: 0, blue: 205),
        NamedColor(name: "mediumorchid", red: 186, green: 85, blue: 211),
        NamedColor(name: "mediumpurple", red: 147, green: 112, blue: 219),
        NamedColor(name: "mediumseagreen", red: 60, green: 179, blue: 113),
        NamedColor(name: "mediumslateblue", red: 123, green: 104, blue: 238),
        NamedColor(name: "mediumspringgreen", red: 0, green: 250, blue: 154),
        NamedColor(name: "mediumturquoise", red: 72, green: 209, blue: 204),
        NamedColor(name: "mediumvioletred", red: 199, green: 21, blue: 133),
        NamedColor(name: "midnightblue", red: 25, green: 25, blue: 112),
        NamedColor(name: "mintcream", red: 245, green: 255, blue: 250),
        NamedColor(name: "mistyrose", red: 255, green: 228, blue: 225),
        NamedColor(name: "moccasin", red: 255, green: 228, blue: 181),
        NamedColor(name: "navajowhite", red: 255, green: 222, blue: 173),
        NamedColor(name: "navy", red: 0, green: 0, blue: 128),
        NamedColor(name: "oldlace", red: 253, green: 245, blue: 230),
        NamedColor(name: "olive", red: 128, green: 128, blue: 0),
        NamedColor(name: "olivedrab", red: 107, green: 142, blue: 35),
        NamedColor(name: "orange", red: 255, green: 165, blue: 0),
        NamedColor(name: "orangered", red: 255, green: 69, blue: 0),
        NamedColor(name: "orchid", red: 218, green: 112, blue: 214),
        NamedColor(name: "palegoldenrod", red: 238, green: 232, blue: 170),
        NamedColor(name: "palegreen", red: 152, green: 251, blue: 152),
        NamedColor(name: "paleturquoise", red: 175, green: 238, blue: 238),
        NamedColor(name: "palevioletred", red: 219, green: 112, blue: 147),
        NamedColor(name: "papayawhip", red: 255, green: 239, blue: 213),
        NamedColor(name: "peachpuff", red: 255, green: 218, blue: 185),
        NamedColor(name: "peru", red: 205, green: 133, blue: 63),
        NamedColor(name: "pink", red: 255, green: 192, blue: 203),
        NamedColor(name: "plum", red: 221, green: 160, blue: 221),
        NamedColor(name: "powderblue", red: 176, green: 224, blue: 230),
        NamedColor(name: "purple", red: 128, green: 0, blue: 128),
        NamedColor(name: "rebeccapurple", red: 102, green: 51, blue: 153),
        NamedColor(name: "red", red: 255, green: 0, blue: 0),
        NamedColor(name: "rosybrown", red: 188, green: 143, blue: 143),
        NamedColor(name: "royalblue", red: 65, green: 105, blue: 225),
        NamedColor(name: "saddlebrown", red: 139, green: 69, blue: 19),
        NamedColor(name: "salmon", red: 250, green: 128, blue: 114),
        NamedColor(name: "sandybrown", red: 244, green: 164, blue: 96),
        NamedColor(name: "seagreen", red: 46, green: 139, blue: 87),
        NamedColor(name: "seashell", red: 255, green: 245, blue: 238),
        NamedColor(name: "sienna", red: 160, green: 82, blue: 45),
        NamedColor(name: "silver", red: 192, green: 192, blue: 192),
        NamedColor(name: "skyblue", red: 135, green: 206, blue: 235),
        NamedColor(name: "slateblue", red: 106, green: 90, blue: 205),
        NamedColor(name: "slategray", red: 112, green: 128, blue: 144),
        NamedColor(name: "slategrey", red: 112, green: 128, blue: 144),
        NamedColor(name: "snow", red: 255, green: 250, blue: 250),
        NamedColor(name: "springgreen", red: 0, green: 255, blue: 127),
        NamedColor(name: "steelblue", red: 70, green: 130, blue: 180),
        NamedColor(name: "tan", red: 210, green: 180, blue: 140),
        NamedColor(name: "teal", red: 0, green: 128, blue: 128),
        NamedColor(name: "thistle", red: 216, green: 191, blue: 216),
        NamedColor(name: "tomato", red: 255, green: 99, blue: 71),
        NamedColor(name: "turquoise", red: 64, green: 224, blue: 208),
        NamedColor(name: "violet", red: 238, green: 130, blue: 238),
        NamedColor(name: "wheat", red: 245, green: 222, blue: 179),
        NamedColor(name: "white", red: 255, green: 255, blue: 255),
        NamedColor(name: "whitesmoke", red: 245, green: 245, blue: 245),
        NamedColor(name: "yellow", red: 255, green: 255, blue: 0),
        NamedColor(name: "yellowgreen", red: 154, green: 205, blue: 50),
    ]

    /// Looks up a colour keyword (ASCII case-insensitive) without allocating.
    /// Returns nil for anything that is not one of the 148 names or `transparent`.
    static func namedColor(_ bytes: UnsafeBufferPointer<UInt8>) -> SVGColor? {
        // Longest keyword is "lightgoldenrodyellow" (20 bytes); shortest is "red"/"tan" (3).
        guard bytes.count >= 3, bytes.count <= 20 else { return nil }
        if compareLowercased(bytes, "transparent") == 0 {
            return .transparent
        }
        let table = namedColors
        var low = 0
        var high = table.count
        while low < high {
            let mid = (low + high) / 2
            let entry = table[mid]
            let order = compareLowercased(bytes, entry.name)
            if order == 0 {
                return SVGColor(red: entry.red, green: entry.green, blue: entry.blue)
            } else if order < 0 {
                high = mid
            } else {
                low = mid + 1
            }
        }
        return nil
    }

    /// Three-way compares `bytes`, folded to ASCII lowercase, with the lowercase `name`.
    @inline(__always)
    static func compareLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Int {
        name.withUTF8Buffer { key in
            let count = Swift.min(bytes.count, key.count)
            var index = 0
            while index < count {
                let lhs = asciiLowercase(bytes[index])
                let rhs = key[index]
                if lhs != rhs { return lhs < rhs ? -1 : 1 }
                index += 1
            }
            return bytes.count == key.count ? 0 : (bytes.count < key.count ? -1 : 1)
        }
    }

    @inline(__always)
    static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte | 0x20 : byte
    }
}
