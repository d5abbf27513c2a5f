/// An error in SVG path data: where it is (byte offset into the attribute) and what was wrong.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct PathDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 0-based byte offset into the path data where the error was found (the message counts from 1).
    public var offset: Int
    /// What was expected or wrong there.
    public var reason: String

    /// `path data error at character N: reason`.
    public var description: String { "path data error at character \(offset + 1): \(reason)" }
}

/// Parses SVG path data (`d` attribute) into an `SVGPath`.
///
/// The whole grammar: absolute/relative M L H V C S Q T A Z, implicit command repetition (extra
/// coordinates after `M` are line-tos), compact numbers (`1.5.5`, `-1-2`), exponents, optional commas and
/// flags written without separators. Like browsers, an error stops parsing and everything before the
/// offending segment is kept; the error is returned beside the path.
///
/// Thread safety: static members only, no shared mutable state; call them from any thread at once.
public enum PathDataParser {
    /// Parses `text`; past `maxSegments` segments parsing stops with an error (the path then holds the
    /// segments before it).
    public static func parse(_ text: some StringProtocol, maxSegments: Int = .max) -> (path: SVGPath, error: PathDataError?) {
        ByteCursor.withBytes(of: text) { parse(bytes: $0, maxSegments: maxSegments) }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>, maxSegments: Int) -> (path: SVGPath, error: PathDataError?) {
        var scanner = ByteCursor(bytes)
        var path = SVGPath()
        var current = SVGPoint.zero
        var subpathStart = SVGPoint.zero
        // Reflection points for S/s and T/t.
        var lastCubicControl: SVGPoint? = nil
        var lastQuadControl: SVGPoint? = nil
        var command: UInt8 = 0

        func fail(_ reason: String) -> (SVGPath, PathDataError?) {
            (path, PathDataError(offset: scanner.position, reason: reason))
        }

        scanner.skipWhitespace()
        if scanner.isAtEnd { return (path, nil) }
        // Icons' path data holds about one point per five or six bytes: room for one per four saves
        // growing the arrays a step at a time (verbs are a byte each). Capped, so that a long run of
        // whitespace or a hostile attribute reserves little; longer paths grow as before.
        let estimate = min(bytes.count / 4, 1 << 14) + 2
        path.reserveCapacity(verbs: estimate, points: estimate)
        // Whitespace is skipped where it can occur: above, after a command letter, and with the comma-wsp
        // after every number and closepath, so each turn of the loop starts past it.
        while true {
            if scanner.isAtEnd { break }
            if path.verbs.count > maxSegments { return fail("more than \(maxSegments) segments") }
            let b = scanner.peek!
            if isCommandLetter(b) {
                command = b
                scanner.position += 1
                scanner.skipWhitespace()
            } else if command == 0 {
                return fail("path data must start with a moveto command (M or m), found '\(printable(b))'")
            } else if !scanner.atNumberStart {
                return fail("unexpected character '\(printable(b))'")
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                return fail("numbers after closepath (Z) need a command letter")
            }
            if path.isEmpty && command != UInt8(ascii: "M") && command != UInt8(ascii: "m") {
                return fail("path data must start with a moveto command (M or m), found '\(printable(command))'")
            }
            let relative = command >= UInt8(ascii: "a")
            let base = relative ? current : .zero
            let upper = relative ? command - 32 : command

            // Built only when it is reported (building it for every segment cost more than parsing).
            var missing: String { "missing or malformed number after '\(printable(command))'" }

            switch upper {
            case UInt8(ascii: "M"):
                guard let p = pair(&scanner, base) else { return fail(missing) }
                path.move(to: p)
                current = p
                subpathStart = p
                // Further coordinate pairs are implicit line-tos.
                command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
                lastCubicControl = nil; lastQuadControl = nil
                continue
            case UInt8(ascii: "L"):
                guard let p = pair(&scanner, base) else { return fail(missing) }
                path.line(to: p)
                current = p
                lastCubicControl = nil; lastQuadControl = nil
            case UInt8(ascii: "H"):
                guard let x = coordinate(&scanner) else { return fail(missing) }
                current = SVGPoint(x: x + base.x, y: current.y)
                path.line(to: current)
                lastCubicControl = nil; lastQuadControl = nil
            case UInt8(ascii: "V"):
                guard let y = coordinate(&scanner) else { return fail(missing) }
                current = SVGPoint(x: current.x, y: y + base.y)
                path.line(to: current)
                lastCubicControl = nil; lastQuadControl = nil
            case UInt8(ascii: "C"):
                guard let c1 = pair(&scanner, base), let c2 = pair(&scanner, base), let p = pair(&scanner, base) else {
                    return fail(missing)
                }
                path.cubic(to: p, control1: c1, control2: c2)
                current = p
                lastCubicControl = c2; lastQuadControl = nil
            case UInt8(ascii: "S"):
                guard let c2 = pair(&scanner, base), let p = pair(&scanner, base) else { return fail(missing) }
                let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
                path.cubic(to: p, control1: c1, control2: c2)
                current = p
                lastCubicControl = c2; lastQuadControl = nil
            case UInt8(ascii: "Q"):
                guard let c = pair(&scanner, base), let p = pair(&scanner, base) else { return fail(missing) }
                path.quad(to: p, control: c)
                current = p
                lastQuadControl = c; lastCubicControl = nil
            case UInt8(ascii: "T"):
                guard let p = pair(&scanner, base) else { return fail(missing) }
                let c = lastQuadControl.map { current * 2 - $0 } ?? current
                path.quad(to: p, control: c)
                current = p
                lastQuadControl = c; lastCubicControl = nil
            case UInt8(ascii: "A"):
                guard let rx = coordinate(&scanner), let ry = coordinate(&scanner), let rotation = coordinate(&scanner) else {
                    return fail(missing)
                }
                guard let large = scanner.flag() else { return fail("arc flag must be 0 or 1") }
                scanner.skipCommaWhitespace()
                guard let sweep = scanner.flag() else { return fail("arc flag must be 0 or 1") }
                scanner.skipCommaWhitespace()
                guard let p = pair(&scanner, base) else { return fail(missing) }
                path.arc(to: p, radiusX: rx, radiusY: ry, xAxisRotation: rotation, largeArc: large, sweep: sweep)
                current = p
                lastCubicControl = nil; lastQuadControl = nil
            case UInt8(ascii: "Z"):
                path.close()
                current = subpathStart
                lastCubicControl = nil; lastQuadControl = nil
                scanner.skipCommaWhitespace()
                continue
            default:
                return fail("unknown command '\(printable(command))'")
            }
        }
        return (path, nil)
    }

    /// One coordinate: a number and the comma-wsp after it (nil when no number is there). Every caller
    /// is past whitespace already (after a command letter, a number's comma-wsp or a flag's), so none
    /// is skipped before the number.
    @inline(__always)
    private static func coordinate(_ scanner: inout ByteCursor) -> Double? {
        let v = scanner.number()
        if v != nil { scanner.skipCommaWhitespace() }
        return v
    }

    /// Two coordinates, offset by `base` (the current point for relative commands).
    @inline(__always)
    private static func pair(_ scanner: inout ByteCursor, _ base: SVGPoint) -> SVGPoint? {
        guard let x = coordinate(&scanner), let y = coordinate(&scanner) else { return nil }
        return SVGPoint(x: x + base.x, y: y + base.y)
    }

    private static func isCommandLetter(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "M"), UInt8(ascii: "m"), UInt8(ascii: "L"), UInt8(ascii: "l"),
             UInt8(ascii: "H"), UInt8(ascii: "h"), UInt8(ascii: "V"), UInt8(ascii: "v"),
             UInt8(ascii: "C"), UInt8(ascii: "c"), UInt8(ascii: "S"), UInt8(ascii: "s"),
             UInt8(ascii: "Q"), UInt8(ascii: "q"), UInt8(ascii: "T"), UInt8(ascii: "t"),
             UInt8(ascii: "A"), UInt8(ascii: "a"), UInt8(ascii: "Z"), UInt8(ascii: "z"):
            return true
        default:
            return false
        }
    }

    private static func printable(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\u{\(String(b, radix: 16))}"
    }
}
