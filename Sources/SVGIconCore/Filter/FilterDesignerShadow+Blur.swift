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
        guard let content = source.bounds(holding: .positive) else { return (FilterAlpha(width: 0, height: 0), 0, 0) }
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
