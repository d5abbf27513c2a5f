// MARK: - The designer chain's blurred hard alpha without a hard-alpha plane

extension FilterDesignerShadow {
    /// The chain's blurred hard alpha, `FilterOps.gaussianBlurPart(hardMoved(source, k, ix, iy), sx, sy)`
    /// (the part and its place), computed without the moved hard-alpha plane: the row passes read
    /// `alphaRow(k, ·)` of the source's values in place, (ix, iy) back (`FilterOps.blurWhole(_:_:_:within:
    /// nonzeroRows:hard:)`). The same values: the same area is blurred, each value read as `hardMoved`
    /// writes it. nil, for `hardMoved` then, where that is not so: σx below 2 (no box passes), k below 1
    /// (where k·a may round to 0 for a > 0, so the hard alpha's nonzero values are not the source's
    /// positive ones) or the moved content reaching past the plane (`hardMoved` cuts it). Where the blurred
    /// area reads from outside the plane, `hardMoved` moved zeros in: the row passes read 0 there.
    static func blurredHard(_ source: FilterAlpha, _ k: Float, _ ix: Int, _ iy: Int, _ sx: Double, _ sy: Double)
        -> (part: FilterAlpha, x: Int, y: Int)? {
        guard sx >= 2, k >= 1 else { return nil }
        let whole = FilterPixelRect(x: 0, y: 0, width: source.width, height: source.height)
        // The hard alpha is nonzero exactly where the source is above 0 (k·a ≥ a there, at most 1).
        guard let content = source.positiveBounds() else { return (FilterAlpha(width: 0, height: 0), 0, 0) }
        let moved = FilterPixelRect(x: content.x + ix, y: content.y + iy, width: content.width, height: content.height)
        guard moved.intersection(whole) == moved else { return nil }
        let rx = FilterOps.blurReach(sx), ry = sy > 0 ? FilterOps.blurReach(sy) : 0
        let area = FilterPixelRect(x: moved.x - rx, y: moved.y - ry, width: moved.width + 2 * rx,
                                   height: moved.height + 2 * ry).intersection(whole)
        // Read where hardMoved reads: (ix, iy) back. Columns past the plane's sides read as 0 there (the
        // zeros hardMoved moves in); rows past its top or bottom are outside `rows`, never read.
        let read = FilterPixelRect(x: area.x - ix, y: area.y - iy, width: area.width, height: area.height)
        let rows = content.y..<(content.y + content.height)
        return (FilterOps.blurWhole(source, sx, sy, within: read, nonzeroRows: rows, hard: k), area.x, area.y)
    }
}

extension FilterAlpha {
    /// The smallest rectangle holding every value above 0 (nil when there is none): the rows from the
    /// top and the bottom, 4 values at a time, then in the rows between only the columns outside those
    /// already known, from each end 4 values at a time, then one at a time.
    func positiveBounds() -> FilterPixelRect? {
        let w = width, h = height
        guard w > 0, h > 0 else { return nil }
        var x0 = w, x1 = -1, y0 = h, y1 = -1
        alpha.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            @inline(__always) func holds(_ y: Int) -> Bool {
                let row = base + y &* w
                var x = 0
                while x &+ 4 <= w {
                    if any(UnsafeRawPointer(row + x).loadUnaligned(as: SIMD4<Float>.self) .> .zero) { return true }
                    x &+= 4
                }
                while x < w {
                    if row[x] > 0 { return true }
                    x &+= 1
                }
                return false
            }
            @inline(__always) func widen(_ y: Int) {
                let row = base + y &* w
                var first = 0
                while first &+ 4 <= x0, !any(UnsafeRawPointer(row + first).loadUnaligned(as: SIMD4<Float>.self) .> .zero) {
                    first &+= 4
                }
                while first < x0, !(row[first] > 0) { first &+= 1 }
                x0 = min(x0, first)
                var last = w &- 1
                while last &- 4 >= x1, !any(UnsafeRawPointer(row + (last &- 3)).loadUnaligned(as: SIMD4<Float>.self) .> .zero) {
                    last &-= 4
                }
                while last > x1, !(row[last] > 0) { last &-= 1 }
                x1 = max(x1, last)
            }
            var top = 0
            while top < h, !holds(top) { top &+= 1 }
            guard top < h else { return }
            var bottom = h &- 1
            while bottom > top, !holds(bottom) { bottom &-= 1 }
            (y0, y1) = (top, bottom)
            for y in top...bottom { widen(y) }
        }
        guard x1 >= x0, y1 >= y0 else { return nil }
        return FilterPixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }
}
