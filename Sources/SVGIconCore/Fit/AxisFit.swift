/// How pixel fitting moves coordinates along one axis: anchors go to their grid places (`FitAnchor`), every
/// other coordinate is interpolated between the anchors around it (and moves with the nearest one beyond the
/// outermost), like TrueType's IUP and FreeType's autohinter. The map is continuous and never reverses the
/// order of two coordinates, so curves stay smooth, and a shape symmetric between two anchors stays symmetric.
struct AxisFit {
    /// Anchor positions before and after, increasing (strictly before, never decreasing after).
    private(set) var from: [Double] = []
    private(set) var to: [Double] = []

    /// Anchors closer than this (pixels) are one place; the heaviest decides where it goes.
    static let sameplace = 1.0 / 32

    /// The fit of `anchors`; with none, the identity.
    init(anchors: [FitAnchor]) {
        let places = Self.merged(anchors)
        guard !places.isEmpty else { return }
        var last = -Double.infinity, lastFrom = -Double.infinity
        for anchor in places {
            var target = anchor.target
            if !from.isEmpty, target <= last {
                // Snapping would close the gap between this place and the one before (a thin part would
                // vanish) or reverse them: it moves as far as the one before, keeping the gap it had.
                target = last + (anchor.value - lastFrom)
            }
            from.append(anchor.value)
            to.append(target)
            last = target
            lastFrom = anchor.value
        }
    }

    /// Anchors sorted by place; those within `sameplace` of the first of their group become one, where the
    /// heaviest of them is and going where it goes, weighing what they all weigh.
    static func merged(_ anchors: [FitAnchor]) -> [FitAnchor] {
        let sorted = anchors.filter { $0.value.isFinite }.sorted {
            $0.value != $1.value ? $0.value < $1.value : $0.target < $1.target
        }
        var places: [FitAnchor] = []
        var groupStart = -Double.infinity, heaviest = 0.0
        for anchor in sorted {
            if anchor.value - groupStart < sameplace, let last = places.last {
                if anchor.weight > heaviest {
                    heaviest = anchor.weight
                    places[places.count - 1] = FitAnchor(value: anchor.value, target: anchor.target,
                                                         weight: last.weight)
                }
                places[places.count - 1].weight += anchor.weight
            } else {
                groupStart = anchor.value
                heaviest = anchor.weight
                places.append(anchor)
            }
        }
        return places
    }

    /// Where coordinate `v` goes.
    func map(_ v: Double) -> Double {
        guard let first = from.first, let last = from.last else { return v }
        if v <= first { return v + (to[0] - first) }
        if v >= last { return v + (to[to.count - 1] - last) }
        var lo = 0, hi = from.count - 1   // from[lo] < v < from[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if from[mid] <= v { lo = mid } else { hi = mid }
        }
        let t = (v - from[lo]) / (from[hi] - from[lo])
        return to[lo] + t * (to[hi] - to[lo])
    }
}
