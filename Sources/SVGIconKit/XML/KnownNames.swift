/// The element and attribute names icons use, recognised from libxml2's bytes without building a string:
/// a literal is handed out instead. Creating a `String` from a C string measures, validates and copies it
/// (about 190 instructions for `stroke-width`); an icon's start tags name some twenty of these.
enum KnownNames {
    /// The name at `bytes` (NUL-terminated, as libxml2 gives names) as a string: a literal when it is one
    /// of the names below, a new string otherwise.
    static func string(_ bytes: UnsafePointer<UInt8>) -> String {
        var length = 0
        while length < 20, bytes[length] != 0 { length += 1 }
        if let known = literal(bytes, length: length) { return known }
        return String(cString: bytes)
    }

    /// Whether the `name.count` bytes at `bytes` after the first are those of `name` (its first byte has
    /// been matched already).
    @inline(__always)
    private static func rest(_ bytes: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
        let other = name.utf8Start
        var i = 1
        while i < name.utf8CodeUnitCount {
            if bytes[i] != other[i] { return false }
            i += 1
        }
        return true
    }

    // Generated from the list of names: by length, then by first byte.
    private static func literal(_ bytes: UnsafePointer<UInt8>, length: Int) -> String? {
        switch length {
        case 1:
            switch bytes[0] {
            case UInt8(ascii: "d"):
                return "d"
            case UInt8(ascii: "g"):
                return "g"
            case UInt8(ascii: "r"):
                return "r"
            case UInt8(ascii: "x"):
                return "x"
            case UInt8(ascii: "y"):
                return "y"
            default: return nil
            }
        case 2:
            switch bytes[0] {
            case UInt8(ascii: "c"):
                if rest(bytes, "cx") { return "cx" }
                if rest(bytes, "cy") { return "cy" }
                return nil
            case UInt8(ascii: "f"):
                if rest(bytes, "fx") { return "fx" }
                if rest(bytes, "fy") { return "fy" }
                return nil
            case UInt8(ascii: "i"):
                if rest(bytes, "id") { return "id" }
                return nil
            case UInt8(ascii: "r"):
                if rest(bytes, "rx") { return "rx" }
                if rest(bytes, "ry") { return "ry" }
                return nil
            case UInt8(ascii: "x"):
                if rest(bytes, "x1") { return "x1" }
                if rest(bytes, "x2") { return "x2" }
                return nil
            case UInt8(ascii: "y"):
                if rest(bytes, "y1") { return "y1" }
                if rest(bytes, "y2") { return "y2" }
                return nil
            default: return nil
            }
        case 3:
            switch bytes[0] {
            case UInt8(ascii: "s"):
                if rest(bytes, "svg") { return "svg" }
                return nil
            case UInt8(ascii: "u"):
                if rest(bytes, "use") { return "use" }
                return nil
            default: return nil
            }
        case 4:
            switch bytes[0] {
            case UInt8(ascii: "d"):
                if rest(bytes, "defs") { return "defs" }
                if rest(bytes, "desc") { return "desc" }
                return nil
            case UInt8(ascii: "f"):
                if rest(bytes, "fill") { return "fill" }
                return nil
            case UInt8(ascii: "h"):
                if rest(bytes, "href") { return "href" }
                return nil
            case UInt8(ascii: "l"):
                if rest(bytes, "line") { return "line" }
                return nil
            case UInt8(ascii: "m"):
                if rest(bytes, "mask") { return "mask" }
                return nil
            case UInt8(ascii: "p"):
                if rest(bytes, "path") { return "path" }
                return nil
            case UInt8(ascii: "r"):
                if rest(bytes, "rect") { return "rect" }
                if rest(bytes, "role") { return "role" }
                return nil
            case UInt8(ascii: "s"):
                if rest(bytes, "stop") { return "stop" }
                return nil
            default: return nil
            }
        case 5:
            switch bytes[0] {
            case UInt8(ascii: "c"):
                if rest(bytes, "class") { return "class" }
                if rest(bytes, "color") { return "color" }
                return nil
            case UInt8(ascii: "s"):
                if rest(bytes, "space") { return "space" }
                if rest(bytes, "style") { return "style" }
                return nil
            case UInt8(ascii: "t"):
                if rest(bytes, "title") { return "title" }
                return nil
            case UInt8(ascii: "w"):
                if rest(bytes, "width") { return "width" }
                return nil
            case UInt8(ascii: "x"):
                if rest(bytes, "xmlns") { return "xmlns" }
                return nil
            default: return nil
            }
        case 6:
            switch bytes[0] {
            case UInt8(ascii: "c"):
                if rest(bytes, "circle") { return "circle" }
                return nil
            case UInt8(ascii: "h"):
                if rest(bytes, "height") { return "height" }
                return nil
            case UInt8(ascii: "o"):
                if rest(bytes, "offset") { return "offset" }
                return nil
            case UInt8(ascii: "p"):
                if rest(bytes, "points") { return "points" }
                return nil
            case UInt8(ascii: "s"):
                if rest(bytes, "stroke") { return "stroke" }
                if rest(bytes, "symbol") { return "symbol" }
                return nil
            default: return nil
            }
        case 7:
            switch bytes[0] {
            case UInt8(ascii: "d"):
                if rest(bytes, "display") { return "display" }
                return nil
            case UInt8(ascii: "e"):
                if rest(bytes, "ellipse") { return "ellipse" }
                return nil
            case UInt8(ascii: "o"):
                if rest(bytes, "opacity") { return "opacity" }
                return nil
            case UInt8(ascii: "p"):
                if rest(bytes, "polygon") { return "polygon" }
                return nil
            case UInt8(ascii: "v"):
                if rest(bytes, "version") { return "version" }
                if rest(bytes, "viewBox") { return "viewBox" }
                return nil
            default: return nil
            }
        case 8:
            switch bytes[0] {
            case UInt8(ascii: "c"):
                if rest(bytes, "clipPath") { return "clipPath" }
                return nil
            case UInt8(ascii: "o"):
                if rest(bytes, "overflow") { return "overflow" }
                return nil
            case UInt8(ascii: "p"):
                if rest(bytes, "polyline") { return "polyline" }
                return nil
            default: return nil
            }
        case 9:
            switch bytes[0] {
            case UInt8(ascii: "c"):
                if rest(bytes, "clip-path") { return "clip-path" }
                if rest(bytes, "clip-rule") { return "clip-rule" }
                return nil
            case UInt8(ascii: "d"):
                if rest(bytes, "data-slot") { return "data-slot" }
                return nil
            case UInt8(ascii: "f"):
                if rest(bytes, "fill-rule") { return "fill-rule" }
                if rest(bytes, "focusable") { return "focusable" }
                return nil
            case UInt8(ascii: "t"):
                if rest(bytes, "transform") { return "transform" }
                return nil
            default: return nil
            }
        case 10:
            switch bytes[0] {
            case UInt8(ascii: "s"):
                if rest(bytes, "stop-color") { return "stop-color" }
                return nil
            case UInt8(ascii: "v"):
                if rest(bytes, "visibility") { return "visibility" }
                return nil
            default: return nil
            }
        case 11:
            switch bytes[0] {
            case UInt8(ascii: "a"):
                if rest(bytes, "aria-hidden") { return "aria-hidden" }
                return nil
            default: return nil
            }
        case 12:
            switch bytes[0] {
            case UInt8(ascii: "f"):
                if rest(bytes, "fill-opacity") { return "fill-opacity" }
                return nil
            case UInt8(ascii: "s"):
                if rest(bytes, "stop-opacity") { return "stop-opacity" }
                if rest(bytes, "stroke-width") { return "stroke-width" }
                return nil
            default: return nil
            }
        case 13:
            switch bytes[0] {
            case UInt8(ascii: "g"):
                if rest(bytes, "gradientUnits") { return "gradientUnits" }
                return nil
            default: return nil
            }
        case 14:
            switch bytes[0] {
            case UInt8(ascii: "l"):
                if rest(bytes, "linearGradient") { return "linearGradient" }
                return nil
            case UInt8(ascii: "r"):
                if rest(bytes, "radialGradient") { return "radialGradient" }
                return nil
            case UInt8(ascii: "s"):
                if rest(bytes, "stroke-linecap") { return "stroke-linecap" }
                if rest(bytes, "stroke-opacity") { return "stroke-opacity" }
                return nil
            default: return nil
            }
        case 15:
            switch bytes[0] {
            case UInt8(ascii: "s"):
                if rest(bytes, "stroke-linejoin") { return "stroke-linejoin" }
                return nil
            default: return nil
            }
        case 16:
            switch bytes[0] {
            case UInt8(ascii: "s"):
                if rest(bytes, "stroke-dasharray") { return "stroke-dasharray" }
                return nil
            default: return nil
            }
        case 17:
            switch bytes[0] {
            case UInt8(ascii: "g"):
                if rest(bytes, "gradientTransform") { return "gradientTransform" }
                return nil
            case UInt8(ascii: "s"):
                if rest(bytes, "stroke-dashoffset") { return "stroke-dashoffset" }
                if rest(bytes, "stroke-miterlimit") { return "stroke-miterlimit" }
                return nil
            default: return nil
            }
        case 19:
            switch bytes[0] {
            case UInt8(ascii: "p"):
                if rest(bytes, "preserveAspectRatio") { return "preserveAspectRatio" }
                return nil
            default: return nil
            }
        default: return nil
        }
    }
}
