import Foundation
import SVGIconCore

/// Transforms as group attributes, path data and number and colour spelling.
extension VectorDrawableWriter {
    typealias Decomposed = (tx: Double, ty: Double, rotation: Double, sx: Double, sy: Double)

    /// `m` as Android's group transform, translate · rotate · scale (pivot 0), when it has no skew.
    static func decompose(_ m: SVGTransform) -> Decomposed? {
        let sx = (m.a * m.a + m.b * m.b).squareRoot()
        guard sx > 0, sx.isFinite else { return nil }
        let r = atan2(m.b, m.a)
        let cs = cos(r), sn = sin(r)
        let sy = m.d * cs - m.c * sn
        let tolerance = 1e-9 * max(1, abs(m.a) + abs(m.b) + abs(m.c) + abs(m.d))
        guard abs(m.c + sn * sy) <= tolerance, abs(m.d - cs * sy) <= tolerance, sy != 0 else { return nil }
        return (m.e, m.f, r * 180 / .pi, sx, sy)
    }

    /// The scale of a similarity (rotation, uniform scale, reflection), nil for any other matrix.
    static func similarityScale(_ m: SVGTransform) -> Double? {
        let s1 = (m.a * m.a + m.b * m.b).squareRoot(), s2 = (m.c * m.c + m.d * m.d).squareRoot()
        let tolerance = 1e-9 * max(1, s1 + s2)
        guard abs(s1 - s2) <= tolerance, abs(m.a * m.c + m.b * m.d) <= tolerance * max(1, s1 * s2) else { return nil }
        return s1
    }

    static func groupAttributes(_ p: Decomposed) -> String {
        var s = ""
        if p.tx != 0 { s += " android:translateX=\"\(number(p.tx))\"" }
        if p.ty != 0 { s += " android:translateY=\"\(number(p.ty))\"" }
        if abs(p.rotation) > 1e-12 { s += " android:rotation=\"\(number(p.rotation))\"" }
        if p.sx != 1 { s += " android:scaleX=\"\(scaleFactor(p.sx))\"" }
        if p.sy != 1 { s += " android:scaleY=\"\(scaleFactor(p.sy))\"" }
        return s
    }

    /// SVG path data, absolute commands, numbers as `number` writes them.
    static func pathData(_ path: SVGPath) -> String {
        var s = ""
        func pt(_ p: SVGPoint) -> String { number(p.x) + " " + number(p.y) }
        path.forEachSegment { segment in
            switch segment {
            case .move(let p): s += "M" + pt(p)
            case .line(_, let p): s += "L" + pt(p)
            case .quad(_, let c, let p): s += "Q" + pt(c) + " " + pt(p)
            case .cubic(_, let c1, let c2, let p): s += "C" + pt(c1) + " " + pt(c2) + " " + pt(p)
            case .close: s += "Z"
            }
        }
        return s
    }

    /// `v` with 5 decimals, or for |v| < 0.1 as many as keep 6 significant digits (at most 15); plain
    /// decimal notation, since PDF has no exponents.
    static func scaleFactor(_ v: Double) -> String {
        let magnitude = abs(v)
        guard magnitude > 0, magnitude < 0.1, magnitude.isFinite else { return number(v) }
        let decimals = min(15, 5 - Int(log10(magnitude).rounded(.down)))
        var text = String(format: "%.\(decimals)f", v)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// A number with at most 5 decimals, no trailing zeros, no `-0`.
    static func number(_ v: Double) -> String {
        let rounded = (v * 100_000).rounded() / 100_000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(format: "%.5f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func rgb(_ c: SVGColor) -> String {
        String(format: "#%02X%02X%02X", c.red, c.green, c.blue)
    }

    static func argb(_ c: SVGColor, alpha: Double) -> String {
        String(format: "#%02X%02X%02X%02X", Int((max(0, min(1, alpha)) * 255).rounded()), c.red, c.green, c.blue)
    }

    static func indent(_ depth: Int) -> String { String(repeating: "    ", count: depth) }
}

