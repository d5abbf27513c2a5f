import Testing
import SVGIconCore

@Suite("Dashes")
struct DasherTests {
    private func line(_ length: Double) -> FlatContour {
        FlatContour(points: [SVGPoint(x: 0, y: 0), SVGPoint(x: length, y: 0)], isClosed: false)
    }

    private func spans(_ contours: [FlatContour]) -> [ClosedRange<Double>] {
        contours.map { c in c.points.map(\.x).min()!...c.points.map(\.x).max()! }
    }

    @Test("A pattern repeats along the path")
    func repeats() throws {
        let dasher = try #require(Dasher(pattern: [4, 2], offset: 0))
        #expect(spans(dasher.dash([line(20)])) == [0...4, 6...10, 12...16, 18...20])
    }

    @Test("An odd count is repeated to make it even")
    func oddCount() throws {
        let dasher = try #require(Dasher(pattern: [3], offset: 0))
        #expect(dasher.pattern == [3, 3])
        #expect(spans(dasher.dash([line(10)])) == [0...3, 6...9])
    }

    @Test("A positive offset starts later in the pattern; a negative one earlier")
    func offsets() throws {
        let later = try #require(Dasher(pattern: [4, 2], offset: 1))
        #expect(spans(later.dash([line(12)])) == [0...3, 5...9, 11...12])
        let earlier = try #require(Dasher(pattern: [4, 2], offset: -1))
        #expect(spans(earlier.dash([line(12)])) == [1...5, 7...11])
    }

    @Test("Zero-length dashes are single points (dots for round caps)")
    func dots() throws {
        let dasher = try #require(Dasher(pattern: [0, 5], offset: 0))
        let dashes = dasher.dash([line(12)])
        #expect(dashes.map(\.points.count) == [1, 1, 1])
        #expect(dashes.map { $0.points[0].x } == [0, 5, 10])
    }

    @Test("On a closed contour the dash through the start point stays one piece")
    func closedSeam() throws {
        // A 10 × 10 square, perimeter 40; pattern 6 on 4 off with offset 3 puts a dash across the start corner.
        let square = FlatContour(points: [SVGPoint(x: 0, y: 0), SVGPoint(x: 10, y: 0), SVGPoint(x: 10, y: 10),
                                          SVGPoint(x: 0, y: 10)], isClosed: true)
        let dasher = try #require(Dasher(pattern: [6, 4], offset: 3))
        let dashes = dasher.dash([square])
        #expect(dashes.count == 4)
        // The joined dash runs from (0, 3) up through (0, 0) to (3, 0): three points, open.
        let seam = try #require(dashes.last)
        #expect(seam.points == [SVGPoint(x: 0, y: 3), SVGPoint(x: 0, y: 0), SVGPoint(x: 3, y: 0)])
        #expect(!seam.isClosed)
    }

    @Test("Patterns that cannot dash are refused: empty, negative, all zero, not finite")
    func invalid() {
        #expect(Dasher(pattern: [], offset: 0) == nil)
        #expect(Dasher(pattern: [1, -1], offset: 0) == nil)
        #expect(Dasher(pattern: [0, 0], offset: 0) == nil)
        #expect(Dasher(pattern: [.infinity], offset: 0) == nil)
    }

    @Test("A tiny pattern on a long path is bounded")
    func bounded() throws {
        let dasher = try #require(Dasher(pattern: [0.0001], offset: 0))
        #expect(dasher.dash([line(1_000_000)]).count <= Dasher.maxDashes)
    }
}
