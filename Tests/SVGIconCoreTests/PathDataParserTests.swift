import Testing
import SVGIconCore

@Suite("Path data")
struct PathDataParserTests {
    private func p(_ x: Double, _ y: Double) -> SVGPoint { SVGPoint(x: x, y: y) }

    @Test("Absolute M L H V Z")
    func absoluteLines() throws {
        let result = PathDataParser.parse("M1 2 L3 4 H5 V6 Z")
        #expect(result.error == nil)
        #expect(result.path.verbs == [.move, .line, .line, .line, .close])
        #expect(result.path.points == [p(1, 2), p(3, 4), p(5, 4), p(5, 6)])
    }

    @Test("Relative m l h v z, and drawing continues from the subpath start after z")
    func relativeLines() {
        let result = PathDataParser.parse("m1 2 l3 4 h5 v6 z l1 1")
        #expect(result.error == nil)
        #expect(result.path.verbs == [.move, .line, .line, .line, .close, .move, .line])
        #expect(result.path.points == [p(1, 2), p(4, 6), p(9, 6), p(9, 12), p(1, 2), p(2, 3)])
    }

    @Test("Extra pairs after M and m are line-tos")
    func implicitLineTo() {
        #expect(PathDataParser.parse("M1 1 2 2 3 3").path.verbs == [.move, .line, .line])
        let relative = PathDataParser.parse("m1 1 2 2 3 3").path
        #expect(relative.points == [p(1, 1), p(3, 3), p(6, 6)])
    }

    @Test("Implicit repetition of every command")
    func implicitRepeats() {
        let path = PathDataParser.parse("M0 0 L1 1 2 2 h1 1 v1 1 C1 1 2 2 3 3 4 4 5 5 6 6").path
        #expect(path.verbs == [.move, .line, .line, .line, .line, .line, .line, .cubic, .cubic])
    }

    @Test("Compact numbers, signs as separators, exponents, commas")
    func numberForms() {
        let result = PathDataParser.parse("M1.5.5L-1-2,3e1 .5e-1 l1E+1-.5")
        #expect(result.error == nil)
        #expect(result.path.points == [p(1.5, 0.5), p(-1, -2), p(30, 0.05), p(40, -0.45)])
    }

    @Test("Number edge cases: signs with bare fractions, negative exponents, leading zeros, a trailing dot")
    func numberEdgeCases() {
        let signs = PathDataParser.parse("M-.5e-3+.5L000.5 0007e0 1. 2")
        #expect(signs.error == nil)
        #expect(signs.path.points == [p(-0.0005, 0.5), p(0.5, 7), p(1, 2)])
        // "1e" and "2E-" without exponent digits leave the letter for the next read.
        let unit = PathDataParser.parse("M1e1 2E-1 L3 4em")
        #expect(unit.path.points == [p(10, 0.2), p(3, 4)])
        #expect(unit.error?.offset == 14)
        #expect(unit.error?.reason == "unexpected character 'e'")
        // A dot that ends the text is not part of the number before it.
        let trailingDot = PathDataParser.parse("M1 1.")
        #expect(trailingDot.path.points == [p(1, 1)])
        #expect(trailingDot.error?.offset == 4)
        #expect(trailingDot.error?.reason == "missing or malformed number after 'L'")
    }

    @Test("Numbers past fifteen significant digits or outside 1e±22 round as the standard library does")
    func longNumbers() {
        let result = PathDataParser.parse("M0.1234567890123456789 123456789012345678901234 L1e400 -2.5e-30")
        #expect(result.error == nil)
        #expect(result.path.points == [
            p(Double("0.1234567890123456789")!, Double("123456789012345678901234")!),
            p(.infinity, Double("-2.5e-30")!),
        ])
    }

    @Test("Arc flags packed after separators, and a substring parses as its string")
    func packedFlagsAndSubstrings() {
        let result = PathDataParser.parse("M0 0a1 1 0 00 1 1")
        #expect(result.error == nil)
        #expect(result.path.currentPoint == p(1, 1))
        let text = "xx M1 2 A3 3 0 1 1 4 5 Z yy"
        let substring = text.dropFirst(3).dropLast(3)
        #expect(PathDataParser.parse(substring) == PathDataParser.parse(String(substring)))
    }

    @Test("C and S: S reflects the previous control point, or uses the current point")
    func cubicAndSmooth() {
        let path = PathDataParser.parse("M0 0 C1 2 3 4 5 6 S9 10 11 12 M0 0 S1 1 2 2").path
        #expect(path.verbs == [.move, .cubic, .cubic, .move, .cubic])
        // Reflection of (3,4) about (5,6) is (7,8).
        #expect(path.points[4] == p(7, 8))
        // S with no previous cubic: first control = current point.
        #expect(path.points[8] == p(0, 0))
    }

    @Test("Q and T: T reflects the previous quad control point")
    func quadAndSmooth() {
        let path = PathDataParser.parse("M0 0 Q2 4 4 0 T8 0 t4 0").path
        #expect(path.verbs == [.move, .quad, .quad, .quad])
        #expect(path.points[3] == p(6, -4))  // reflect (2,4) about (4,0)
        #expect(path.points[5] == p(10, 4))  // reflect (6,-4) about (8,0)
        #expect(path.points[6] == p(12, 0))
    }

    @Test("Relative c s q t use the current point as origin")
    func relativeCurves() {
        let path = PathDataParser.parse("M10 10 c1 1 2 2 3 3 s1 1 2 2 q1 1 2 0 t2 0").path
        #expect(path.points[3] == p(13, 13))
        #expect(path.points[6] == p(15, 15))
        #expect(path.points.last == p(19, 15))
    }

    @Test("Arc flags without separators")
    func compactArcFlags() {
        let result = PathDataParser.parse("M0 0a5 5 0 1010 0")
        #expect(result.error == nil)
        #expect(result.path.currentPoint == p(10, 0))
    }

    @Test("An arc with a zero radius is a straight line")
    func zeroRadiusArc() {
        for d in ["M0 0 A0 5 0 0 1 10 0", "M0 0 A5 0 0 0 1 10 0"] {
            let path = PathDataParser.parse(d).path
            #expect(path.verbs == [.move, .line], "\(d)")
            #expect(path.points.last == p(10, 0))
        }
    }

    @Test("An arc to its own start point draws nothing")
    func degenerateArc() {
        #expect(PathDataParser.parse("M3 3 A5 5 0 0 1 3 3").path.verbs == [.move])
    }

    @Test("Radii too small to reach the end point are scaled up to a half ellipse")
    func radiiScaledUp() {
        // From (0,0) to (10,0) with r = 1: scaled to r = 5, centre (5,0): a semicircle bulging to y = ±5.
        for (sweep, expectedY) in [(true, -5.0), (false, 5.0)] {
            let path = PathDataParser.parse("M0 0 A1 1 0 0 \(sweep ? 1 : 0) 10 0").path
            let extremeY = extreme(path, sign: expectedY < 0 ? -1 : 1)
            #expect(abs(extremeY - expectedY) < 0.01, "sweep \(sweep): \(extremeY)")
        }
    }

    @Test("All four large-arc/sweep combinations pick the right centre and side")
    func arcFlagCombinations() {
        // Circle r = 5 from (0,0) to (5,5): centres (5,0) or (0,5).
        // large 0 sweep 1: short arc clockwise on screen → centre (0,5)... the arc bulges towards +x, -y.
        let cases: [(large: Int, sweep: Int, minX: Double, maxX: Double, minY: Double, maxY: Double)] = [
            (0, 0, 0, 5, 0, 5),       // short arc around centre (5,0)... stays in the box
            (0, 1, 0, 5, 0, 5),       // short arc around centre (0,5)
            (1, 0, -5, 5, 0, 10),     // long arc around centre (0,5)
            (1, 1, 0, 10, -5, 5),     // long arc around centre (5,0)
        ]
        for c in cases {
            let path = PathDataParser.parse("M0 0 A5 5 0 \(c.large) \(c.sweep) 5 5").path
            let points = flatten(path)
            let xs = points.map(\.x), ys = points.map(\.y)
            #expect(abs(xs.min()! - c.minX) < 0.01 && abs(xs.max()! - c.maxX) < 0.01, "flags \(c.large)\(c.sweep) x \(xs.min()!)…\(xs.max()!)")
            #expect(abs(ys.min()! - c.minY) < 0.01 && abs(ys.max()! - c.maxY) < 0.01, "flags \(c.large)\(c.sweep) y \(ys.min()!)…\(ys.max()!)")
        }
        // The two short arcs differ: one passes near (5-3.54, 3.54)… check midpoints differ in side.
        let a = flatten(PathDataParser.parse("M0 0 A5 5 0 0 0 5 5").path)
        let b = flatten(PathDataParser.parse("M0 0 A5 5 0 0 1 5 5").path)
        let midA = a[a.count / 2], midB = b[b.count / 2]
        #expect(midA.x < midA.y, "sweep 0 bulges towards lower-left: \(midA)")
        #expect(midB.x > midB.y, "sweep 1 bulges towards upper-right: \(midB)")
    }

    @Test("Negative radii count as their absolute value; rotation turns the ellipse")
    func negativeRadiiAndRotation() {
        let a = flatten(PathDataParser.parse("M0 0 A-5 -5 0 0 1 10 0").path)
        let b = flatten(PathDataParser.parse("M0 0 A5 5 0 0 1 10 0").path)
        #expect(a.count == b.count)
        for (p, q) in zip(a, b) { #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9) }
        // An ellipse rx=10 ry=5 rotated 90° from (0,0) to (0,20) bulges 5 sideways, not 10.
        let rotated = flatten(PathDataParser.parse("M0 0 A10 5 90 0 1 0 20").path)
        let maxX = rotated.map { abs($0.x) }.max()!
        #expect(abs(maxX - 5) < 0.01, "\(maxX)")
    }

    @Test("Errors keep the path before the bad segment and say where", arguments: [
        ("M0 0 L10 10 L5", 2, "missing or malformed number"),
        ("M0 0 L10 10 X 5 5", 2, "unexpected character 'X'"),
        ("L10 10", 0, "must start with a moveto"),
        ("M0 0 A5 5 0 2 0 10 10", 1, "arc flag must be 0 or 1"),
        ("M0 0 L1 1 Z 5 5", 3, "numbers after closepath"),
    ] as [(String, Int, String)])
    func errors(d: String, keptVerbs: Int, message: String) {
        let result = PathDataParser.parse(d)
        #expect(result.path.verbs.count == keptVerbs)
        #expect(result.error?.reason.contains(message) == true, "\(String(describing: result.error))")
    }

    @Test("Error offsets with whitespace and commas around numbers, flags and commands", arguments: [
        ("M 1 2 L", 7, "missing or malformed number after 'L'", 1),
        ("M1 2 L  ", 8, "missing or malformed number after 'L'", 1),
        ("M1,2 ,3", 7, "missing or malformed number after 'L'", 1),
        ("M 1 2 A 1 1 0 2 0 3 3", 14, "arc flag must be 0 or 1", 1),
        ("M1 2 Z  5", 8, "numbers after closepath (Z) need a command letter", 2),
        ("M1 2 L3", 7, "missing or malformed number after 'L'", 1),
        ("M1 2 L 3 , , 4", 11, "missing or malformed number after 'L'", 1),
        ("M1 2 a1 1 0 1,1 3 3 x", 20, "unexpected character 'x'", 3),
    ] as [(String, Int, String, Int)])
    func errorOffsetsAroundSeparators(d: String, offset: Int, reason: String, verbs: Int) {
        let result = PathDataParser.parse(d)
        #expect(result.error?.offset == offset)
        #expect(result.error?.reason == reason)
        #expect(result.path.verbs.count == verbs)
    }

    @Test("Whitespace of every kind around commands and numbers")
    func whitespaceEverywhere() {
        let result = PathDataParser.parse("  M1 2\n\t L3 4 \r\n\u{0C}z \n")
        #expect(result.error == nil)
        #expect(result.path.verbs == [.move, .line, .close])
        #expect(result.path.points == [p(1, 2), p(3, 4)])
    }

    @Test("Empty and whitespace-only data is an empty path without error")
    func empty() {
        #expect(PathDataParser.parse("").path.isEmpty)
        #expect(PathDataParser.parse("  \n ").error == nil)
    }

    @Test("The error offset points at the offending character")
    func errorOffset() {
        let result = PathDataParser.parse("M0 0 L1 1 #")
        #expect(result.error?.offset == 10)
        #expect(result.error?.description == "path data error at character 11: unexpected character '#'")
    }

    private func flatten(_ path: SVGPath) -> [SVGPoint] {
        PathFlattener.contours(of: path, tolerance: 0.0005).flatMap(\.points)
    }

    private func extreme(_ path: SVGPath, sign: Double) -> Double {
        let ys = flatten(path).map(\.y)
        return sign < 0 ? ys.min()! : ys.max()!
    }
}
