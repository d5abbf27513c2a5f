import Foundation
import Testing
import SVGIconCore

/// Stroke outlines, measured by their exact area: the rasterizer fills the outline with the exact nonzero
/// rule (overlaps count once), so the total coverage of a stroke is its geometric area.
@Suite("Stroker")
struct StrokerTests {
    let canvas = 32

    private func area(_ d: String, width: Double = 2, cap: LineCap = .butt, join: LineJoin = .miter,
                      miterLimit: Double = 4) -> Double {
        total(strokeCoverage(width: canvas, height: canvas, path: path(d),
                             style: StrokeStyle(width: width, cap: cap, join: join, miterLimit: miterLimit)))
    }

    @Test("A straight line with each cap", arguments: [
        (LineCap.butt, 20.0), (.square, 24.0), (.round, 20.0 + Double.pi),
    ])
    func caps(cap: LineCap, expected: Double) {
        #expect(abs(area("M5 10.5 L15 10.5", cap: cap) - expected) < 0.005, "\(cap)")
    }

    @Test("A right-angled polyline with each join", arguments: [
        // Two 10 × 2 arms sharing a 1 × 1 inner square, plus the outer corner.
        (LineJoin.miter, 40.0), (.bevel, 39.5), (.round, 39.0 + Double.pi / 4),
    ])
    func rightAngleJoins(join: LineJoin, expected: Double) {
        #expect(abs(area("M5 10 L15 10 L15 20", join: join) - expected) < 0.005, "\(join)")
    }

    @Test("A sharp corner beyond the miter limit becomes a bevel")
    func miterLimit() {
        // Turn of 150°: miter ratio 1/sin(15°) ≈ 3.86.
        let d = "M5 15 L20 15 L7.0096 22.5"
        let within = area(d, join: .miter, miterLimit: 4)
        let beyond = area(d, join: .miter, miterLimit: 3.8)
        let bevel = area(d, join: .bevel)
        #expect(abs(beyond - bevel) < 1e-3)
        // The miter adds the kite between the bevel and the tip: (hw² / tan(15°)) − hw²·tan(75°)… computed:
        // kite area = hw² · (1/tan(θ/2)) with θ the inner angle 30°, minus the bevel triangle; just check > bevel.
        #expect(within > bevel + 1)
    }

    @Test("miter-clip: a miter within the limit is whole; past it, cut at miterLimit × width / 2 from the corner")
    func miterClip() {
        #expect(abs(area("M5 10 L15 10 L15 20", join: .miterClip, miterLimit: 4) - 40) < 0.005)
        // Right angle, hw 1, limit 1: of the miter's tip triangle (0.5 past the bevel, apex √2 from the
        // corner) the part beyond 1 from the corner, (√2 − 1)², is cut off.
        let clipped = 40 - (2.0.squareRoot() - 1) * (2.0.squareRoot() - 1)
        #expect(abs(area("M5 10 L15 10 L15 20", join: .miterClip, miterLimit: 1) - clipped) < 0.005)
        // A U-turn has no miter tip: the clipped join is a 2 × (limit × hw) block past the turn.
        #expect(abs(area("M5 10 L15 10 L5 10", join: .miterClip, miterLimit: 2) - 24) < 0.005)
        #expect(abs(area("M5 10 L15 10 L5 10", join: .miter, miterLimit: 2) - 20) < 0.005)
    }

    @Test("A closed square joins at its start point too")
    func closedSquare() {
        // Square 10 × 10, stroke 2: outer 12 × 12 minus inner 8 × 8 = 80 with miter joins everywhere.
        #expect(abs(area("M10 10 H20 V20 H10 Z", join: .miter) - 80) < 0.005)
        // Open (no Z): the start corner has butt caps instead of a join: missing one 1 × 1 corner square... and
        // the last segment ends at the start without overlap.
        #expect(abs(area("M10 10 H20 V20 H10 V10", join: .miter) - 79) < 0.005)
    }

    @Test("Zero-length subpaths draw a dot for round caps, a square for square caps, nothing for butt")
    func zeroLength() {
        #expect(abs(area("M10 10 Z", width: 4, cap: .round) - 4 * Double.pi) < 0.01)
        #expect(abs(area("M10 10 L10 10", width: 4, cap: .square) - 16) < 1e-6)
        #expect(area("M10 10 Z", width: 4, cap: .butt) == 0)
        // A lone moveto is not a subpath to stroke.
        #expect(area("M10 10", width: 4, cap: .round) == 0)
    }

    @Test("A smooth curve stroke is as wide as asked")
    func curveWidth() {
        // Circle r = 8, stroke 2: annulus area π(9² − 7²) = 32π.
        let circle = ShapeGeometry.ellipse(cx: 16, cy: 16, rx: 8, ry: 8)
        let a = total(strokeCoverage(width: canvas, height: canvas, path: circle, style: StrokeStyle(width: 2)))
        #expect(abs(a - 32 * Double.pi) / (32 * Double.pi) < 0.001, "\(a)")
    }

    @Test("A flattened curve's small turns get one outer point each, just outside the pen's circle, within the tolerance")
    func curveJoinPoints() {
        // At the renderer's tolerance, a stroked circle is two loops. Every vertex inside one of its four
        // cubics gives one point outside (not the two ends of a chord of the pen's circle) and one inside;
        // the cubics' own ends are path corners, which keep the chord's two ends and, for a turn that small,
        // one point between them that gives the join the arc's area (issue 19).
        let tolerance = 0.05
        let circle = ShapeGeometry.ellipse(cx: 16, cy: 16, rx: 8, ry: 8)
        let stroker = Stroker(style: StrokeStyle(width: 2, join: .round), tolerance: tolerance)
        let contours = PathFlattener.contours(of: circle, tolerance: tolerance)
        var outer = 0, inner = 0, worst = 0.0
        for contour in contours {
            stroker.stroke(contour) { polygon in
                for p in polygon {
                    let r = ((p.x - 16) * (p.x - 16) + (p.y - 16) * (p.y - 16)).squareRoot()
                    if r > 8 {
                        outer += 1
                        worst = max(worst, abs(r - 9))
                    } else {
                        inner += 1
                        worst = max(worst, abs(r - 7))
                    }
                }
            }
        }
        let corners = contours.reduce(0) { $0 + $1.isCorner.filter { $0 }.count }
        #expect(corners == 4 || corners == 5, "\(corners)")
        #expect(outer - inner == 2 * corners, "\(outer) outside, \(inner) inside, \(corners) corners")
        #expect(worst <= tolerance, "\(worst)")

        // The curve's outer points lie outside the circle of radius 9 (between it and where the offset
        // lines meet); a corner's chord ends lie on it.
        let single = Stroker(style: StrokeStyle(width: 2, join: .round), tolerance: tolerance)
        var contour = FlatContour(points: [], isClosed: false)
        for k in 0...12 {
            let angle = Double(k) * Double.pi / 24
            contour.points.append(SVGPoint(x: 16 + 8 * cos(angle), y: 16 + 8 * sin(angle)))
        }
        contour.isCorner = [true] + Array(repeating: false, count: 11) + [true]
        var radii: [Double] = []
        single.stroke(contour) { polygon in
            for p in polygon { radii.append(((p.x - 16) * (p.x - 16) + (p.y - 16) * (p.y - 16)).squareRoot()) }
        }
        let outside = radii.filter { $0 > 8.5 }
        #expect(outside.count == 13, "\(outside.count) points on the outer side")
        #expect(outside.dropFirst().dropLast().allSatisfy { $0 > 9 && $0 <= 9 + tolerance }, "\(outside)")
    }

    @Test("Reversing a path does not change its stroke")
    func reversal() {
        let forward = strokeCoverage(width: canvas, height: canvas, path: path("M5 5 L20 8 L9 25"),
                                     style: StrokeStyle(width: 3, cap: .round, join: .round))
        let backward = strokeCoverage(width: canvas, height: canvas, path: path("M9 25 L20 8 L5 5"),
                                      style: StrokeStyle(width: 3, cap: .round, join: .round))
        for (a, b) in zip(forward, backward) { #expect(abs(a - b) < 1e-4) }
    }

    @Test("The pieces never double-count: coverage stays within 0...1 and inner corners are exact")
    func noOverlapAtInnerCorner() {
        // 60° zig-zag: inner corners are exact when the segments are long enough.
        let grid = strokeCoverage(width: canvas, height: canvas, path: path("M4 20 L10 8 L16 20 L22 8 L28 20"),
                                  style: StrokeStyle(width: 2, cap: .butt, join: .bevel))
        // Four L × 2 rectangles; at each of the 3 corners (turn θ, cos θ = −0.6) they overlap in a kite of
        // area hw²·tan(θ/2) on the inner side, and the outer bevel adds a triangle of hw²·sin(θ)/2.
        let segment = (36.0 + 144).squareRoot()
        let theta = acos(-0.6)
        let expected = 4 * segment * 2 - 3 * tan(theta / 2) + 3 * 0.5 * sin(theta)
        #expect(abs(total(grid) - expected) < 0.01, "\(total(grid)) vs \(expected)")
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
