/// One coordinate of a design, on one axis in output pixels, that pixel fitting puts on the pixel grid: a
/// straight horizontal or vertical edge of a fill, a curve's extreme point, or the centre line of a stroke
/// there (Docs/pixel-fit.md).
struct FitAnchor {
    /// Where it is now, in output pixels along its axis.
    var value: Double
    /// Where it goes.
    var target: Double
    /// How much it counts when anchors at the same place disagree: a straight edge its length in pixels,
    /// an extreme point of a curve 1.
    var weight: Double

    /// An anchor at `value` going to `target`.
    init(value: Double, target: Double, weight: Double) {
        self.value = value
        self.target = target
        self.weight = weight
    }

    /// An edge of a fill (`strokeWidth` 0: it goes to the nearest pixel edge) or the centre of a stroke
    /// `strokeWidth` whole pixels wide (it goes to the nearest pixel centre for an odd width, pixel edge for an
    /// even one, so both sides of the stroke are on pixel edges). One whose place is more than `reach` away
    /// stays where it is.
    init(value: Double, strokeWidth: Int, weight: Double, middle: Double, reach: Double = .infinity) {
        self.init(value: value, target: Self.place(value, width: strokeWidth, middle: middle, reach: reach),
                  weight: weight)
    }

    /// Where an anchor at `value` goes: `snap`, unless that is more than `reach` away.
    static func place(_ value: Double, width: Int, middle: Double, reach: Double) -> Double {
        let target = snap(centre: value, width: width, middle: middle)
        return abs(target - value) > reach ? value : target
    }

    /// The farthest a fill's edge is moved onto the grid, in pixels. An edge nearly halfway between two pixel
    /// edges stays: either way it moves almost half a pixel, and the designers' small masters leave such
    /// edges soft more often than they pick a side (Docs/pixel-fit.md: 0.40–0.45 measured alike, 0.42 best
    /// on the tuning half; snapping every edge is 2–3 % farther from the masters on both families). Strokes'
    /// centres and ends always snap: a stroke icon set's 1 px lines would otherwise straddle two columns.
    static let fillReach = 0.42

    /// The place nearest `centre` for the centre of something `width` whole pixels wide whose sides are on
    /// pixel edges. Halfway between two, it takes the one nearer `middle` (the middle of the output along this
    /// axis; at the middle itself, the lower one), so that a design symmetric about the middle stays symmetric.
    static func snap(centre: Double, width: Int, middle: Double) -> Double {
        let half = Double(width) / 2
        let side = centre - half
        let down = side.rounded(.down), fraction = side - down
        if abs(fraction - 0.5) <= tie {
            return (centre < middle ? down + 1 : down) + half
        }
        return (fraction < 0.5 ? down : down + 1) + half
    }

    /// How close to halfway a place must be to count as halfway (the scale to pixels leaves rounding errors).
    static let tie = 1e-6
}
