import Testing
import SVGIconCore

@Suite("Transforms")
struct TransformTests {
    private func close(_ a: SVGPoint, _ b: SVGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test("In a list, the rightmost transform applies first")
    func compositionOrder() throws {
        let t = try #require(TransformListParser.parse("translate(10,0) scale(2)"))
        #expect(close(t.apply(SVGPoint(x: 1, y: 1)), SVGPoint(x: 12, y: 2)))
        let u = try #require(TransformListParser.parse("scale(2) translate(10,0)"))
        #expect(close(u.apply(SVGPoint(x: 1, y: 1)), SVGPoint(x: 22, y: 2)))
    }

    @Test("concatenating composes as self ∘ inner")
    func concatenating() {
        let outer = SVGTransform.translation(5, 0), inner = SVGTransform.scale(3, 3)
        #expect(close(outer.concatenating(inner).apply(SVGPoint(x: 1, y: 1)), SVGPoint(x: 8, y: 3)))
    }

    @Test("rotate(90) turns +x into +y; rotate(a cx cy) turns about the centre")
    func rotation() throws {
        let r = try #require(TransformListParser.parse("rotate(90)"))
        #expect(close(r.apply(SVGPoint(x: 1, y: 0)), SVGPoint(x: 0, y: 1)))
        let rc = try #require(TransformListParser.parse("rotate(180 5 5)"))
        #expect(close(rc.apply(SVGPoint(x: 5, y: 5)), SVGPoint(x: 5, y: 5)))
        #expect(close(rc.apply(SVGPoint(x: 6, y: 5)), SVGPoint(x: 4, y: 5)))
    }

    @Test("skewX, skewY, matrix, one-argument translate and scale")
    func otherForms() throws {
        let sx = try #require(TransformListParser.parse("skewX(45)"))
        #expect(close(sx.apply(SVGPoint(x: 0, y: 2)), SVGPoint(x: 2, y: 2)))
        let sy = try #require(TransformListParser.parse("skewY(45)"))
        #expect(close(sy.apply(SVGPoint(x: 2, y: 0)), SVGPoint(x: 2, y: 2)))
        let m = try #require(TransformListParser.parse("matrix(1 2 3 4 5 6)"))
        #expect(close(m.apply(SVGPoint(x: 1, y: 1)), SVGPoint(x: 9, y: 12)))
        let t = try #require(TransformListParser.parse("translate(7)"))
        #expect(close(t.apply(.zero), SVGPoint(x: 7, y: 0)))
        let s = try #require(TransformListParser.parse(" scale( 3 ) ,translate(1 1)"))
        #expect(close(s.apply(.zero), SVGPoint(x: 3, y: 3)))
    }

    @Test("Malformed lists are rejected", arguments: ["translate(1,", "rotate(1 2)", "scale()", "foo(1)", "matrix(1 2 3)", "translate(1 2 3)"])
    func malformed(text: String) {
        #expect(TransformListParser.parse(text) == nil)
    }

    @Test("Inverse, determinant and scale factors")
    func inverse() throws {
        let t = try #require(TransformListParser.parse("translate(3 4) rotate(30) scale(2 0.5)"))
        let inv = try #require(t.inverted())
        #expect(close(inv.apply(t.apply(SVGPoint(x: 7, y: -2))), SVGPoint(x: 7, y: -2)))
        #expect(abs(t.determinant - 1) < 1e-12)
        #expect(abs(t.maxScale - 2) < 1e-12 && abs(t.minScale - 0.5) < 1e-12)
        #expect(SVGTransform.scale(0, 1).inverted() == nil)
    }
}
