/// Cuts flattened contours into dashes (`stroke-dasharray`, `stroke-dashoffset`).
///
/// The pattern starts afresh at every subpath, shifted by the offset. On a closed contour a dash that runs
/// through the start point is kept as one piece (the last dash continues into the first), so no cap
/// appears at the seam. Every dash is an open contour; the stroker then draws caps and joins on it.
package struct Dasher {
    /// Dash and gap lengths: even count, none negative, sum positive.
    package let pattern: [Double]
    package let offset: Double
    /// Upper bound on dashes per path (a hostile `stroke-dasharray="0.0001"` on a long path).
    package static let maxDashes = 20_000

    /// nil when the pattern cannot dash (empty, negative, all zero): the stroke is then solid.
    package init?(pattern: [Double], offset: Double) {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let even = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let total = even.reduce(0, +)
        guard total > 0, total.isFinite, offset.isFinite else { return nil }
        self.pattern = even
        self.offset = offset
    }

    private var period: Double { pattern.reduce(0, +) }

    /// The dashes of all contours. `budget` counts down across calls so one path cannot make more than
    /// `maxDashes`.
    package func dash(_ contours: [FlatContour]) -> [FlatContour] {
        var result: [FlatContour] = []
        var budget = Dasher.maxDashes
        for contour in contours {
            dash(contour, into: &result, budget: &budget)
            if budget <= 0 { break }
        }
        return result
    }

    private func dash(_ contour: FlatContour, into result: inout [FlatContour], budget: inout Int) {
        let points = contour.points
        guard points.count >= 2 else { return }
        var (index, remaining) = patternStart()
        var on = index % 2 == 0
        let segmentCount = contour.isClosed ? points.count : points.count - 1
        var current = FlatContour()
        var pieces: [FlatContour] = []
        let startsOn = on
        if on { current.append(points[0], corner: contour.isCorner[0]) }
        for s in 0..<segmentCount {
            let a = points[s], b = points[(s + 1) % points.count]
            let length = (b - a).length
            var travelled = 0.0
            while length - travelled > remaining {
                travelled += remaining
                let p = SVGPoint.lerp(a, b, travelled / length)
                if on {
                    current.append(p, corner: true)
                    pieces.append(current)
                    current = FlatContour()
                    budget -= 1
                    if budget <= 0 { result += pieces; return }
                } else {
                    current.append(p, corner: true)
                }
                on.toggle()
                index = (index + 1) % pattern.count
                remaining = pattern[index]
            }
            remaining -= length - travelled
            if on {
                let endIndex = (s + 1) % points.count
                current.append(b, corner: contour.isCorner[endIndex])
            }
        }
        if on && !current.points.isEmpty {
            guard finishOpenDash(current, of: contour, startsOn: startsOn, pieces: &pieces) else {
                result.append(contour)  // the whole closed contour is one dash
                return
            }
        }
        // Zero-length dashes (a 0 in the pattern) stay as single points, which round and square caps
        // draw as dots, as SVG asks.
        result += pieces
    }

    /// Where the pattern starts at a subpath's first point: the entry and the length left in it. The offset
    /// moves the pattern backwards along the path; whole entries before the phase are skipped, and a
    /// zero-length dash exactly at the phase is kept (a dot).
    private func patternStart() -> (index: Int, remaining: Double) {
        var phase = offset.truncatingRemainder(dividingBy: period)
        if phase < 0 { phase += period }
        var index = 0
        while phase > pattern[index] || (phase == pattern[index] && phase > 0) {
            phase -= pattern[index]
            index = (index + 1) % pattern.count
        }
        return (index, pattern[index] - phase)
    }

    /// Adds the dash still open at the contour's end to `pieces`. On a closed contour that started in a dash
    /// it runs through the start point into the first dash, so the two are joined. Returns false when the
    /// closed contour is one dash all round (no piece was cut): the caller keeps the contour whole.
    private func finishOpenDash(_ current: FlatContour, of contour: FlatContour, startsOn: Bool,
                                pieces: inout [FlatContour]) -> Bool {
        guard contour.isClosed && startsOn else {
            pieces.append(current)
            return true
        }
        guard !pieces.isEmpty else { return false }
        var joined = current
        let first = pieces.removeFirst()
        for (i, p) in first.points.enumerated() { joined.append(p, corner: first.isCorner[i]) }
        pieces.append(joined)
        return true
    }
}
