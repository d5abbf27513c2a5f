import SVGIconCore

/// How numbers, matrices, paths and stroke styles are spelled in a content stream.
enum PDFSyntax {
    /// A number with at most 5 decimals, no trailing zeros, no `-0` (as `VectorDrawableWriter` writes them).
    static func number(_ v: Double) -> String { VectorDrawableWriter.number(v) }

    /// The six numbers of `cm`, a pattern's `/Matrix`: PDF's `[a b c d e f]` is SVG's `matrix(a,b,c,d,e,f)`.
    /// The linear part keeps 6 significant digits however small it is (an icon drawn at 1/1000 scale would
    /// otherwise lose its shape), the translation 5 decimals like every coordinate.
    static func matrix(_ m: SVGTransform) -> String {
        ([m.a, m.b, m.c, m.d].map(scaleFactor) + [m.e, m.f].map(number)).joined(separator: " ")
    }

    /// `v` with 5 decimals, or as many as keep 6 significant digits when it is small (`VectorDrawableWriter`).
    static func scaleFactor(_ v: Double) -> String { VectorDrawableWriter.scaleFactor(v) }

    /// `m l c h` for the path; quadratic curves as the equal cubics.
    static func pathOperators(_ path: SVGPath) -> String {
        var s = ""
        func pt(_ p: SVGPoint) -> String { number(p.x) + " " + number(p.y) }
        path.forEachSegment { segment in
            switch segment {
            case .move(let p): s += pt(p) + " m\n"
            case .line(_, let p): s += pt(p) + " l\n"
            case .quad(let p0, let c, let p):
                let c1 = SVGPoint(x: p0.x + 2 / 3 * (c.x - p0.x), y: p0.y + 2 / 3 * (c.y - p0.y))
                let c2 = SVGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                s += pt(c1) + " " + pt(c2) + " " + pt(p) + " c\n"
            case .cubic(_, let c1, let c2, let p): s += pt(c1) + " " + pt(c2) + " " + pt(p) + " c\n"
            case .close: s += "h\n"
            }
        }
        return s
    }

    /// `w J j M` and, for a dashed stroke, `d`.
    static func strokeStyle(_ s: StrokeStyle) -> String {
        var ops = "\(number(s.width)) w \(s.cap == .butt ? 0 : s.cap == .round ? 1 : 2) J "
        let join: Int
        switch s.join {
        case .miter, .miterClip: join = 0  // a miter-clip stroke is outlined instead (`emitShape`)
        case .round: join = 1
        case .bevel: join = 2
        }
        ops += "\(join) j \(number(s.miterLimit)) M\n"
        if !s.dashes.isEmpty {
            ops += "[" + s.dashes.map(number).joined(separator: " ") + "] \(number(s.dashOffset)) d\n"
        }
        return ops
    }
}
