// MARK: - feGaussianBlur on alpha planes (the drop shadow's cost)

extension FilterAlpha {
    /// Which values `bounds(holding:)` looks for.
    enum Held {
        /// Every value that is not +0, by its bits (−0 and NaN count).
        case nonzero
        /// Every value above 0 (−0, negative values and NaN left out).
        case positive
    }

    /// The smallest rectangle holding every value of the kind `held` (nil when there is none). The first and
    /// the last row holding one are found from the top and from the bottom, 4 values at a time; in the rows
    /// between, only the columns outside those already known to hold one are searched, from each end 4 values
    /// at a time, then one at a time.
    func bounds(holding held: Held) -> FilterPixelRect? {
        switch held {
        case .nonzero: return bounds(holding: NonzeroValue.self)
        case .positive: return bounds(holding: PositiveValue.self)
        }
    }

    private func bounds<Test: HeldValue>(holding: Test.Type) -> FilterPixelRect? {
        let w = width, h = height
        guard w > 0, h > 0 else { return nil }
        var x0 = w, x1 = -1, y0 = h, y1 = -1
        alpha.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            @inline(__always) func four(_ p: UnsafePointer<Float>) -> Bool {
                Test.holds(UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self))
            }
            @inline(__always) func holds(_ y: Int) -> Bool {
                let row = base + y &* w
                var x = 0
                while x &+ 4 <= w {
                    if four(row + x) { return true }
                    x &+= 4
                }
                while x < w {
                    if Test.holds(row[x]) { return true }
                    x &+= 1
                }
                return false
            }
            @inline(__always) func widen(_ y: Int) {
                let row = base + y &* w
                var first = 0
                while first &+ 4 <= x0, !four(row + first) { first &+= 4 }
                while first < x0, !Test.holds(row[first]) { first &+= 1 }
                x0 = min(x0, first)
                var last = w &- 1
                while last &- 4 >= x1, !four(row + (last &- 3)) { last &-= 4 }
                while last > x1, !Test.holds(row[last]) { last &-= 1 }
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

    /// The values of `rect` (inside the plane) as a plane of their own.
    func cropped(_ rect: FilterPixelRect) -> FilterAlpha {
        let w = width, n = rect.width * rect.height
        let values = [Float](unsafeUninitializedCapacity: n) { out, count in
            alpha.withUnsafeBufferPointer { src in
                guard let s = src.baseAddress, let d = out.baseAddress else { return }
                for y in 0..<rect.height {
                    (d + y &* rect.width).update(from: s + ((rect.y &+ y) &* w &+ rect.x), count: rect.width)
                }
            }
            count = n
        }
        return FilterAlpha(width: rect.width, height: rect.height, alpha: values)
    }

    /// A width × height plane holding `part` with its top-left value at (x, y), 0 elsewhere (`part` lies
    /// inside it).
    init(width: Int, height: Int, placing part: FilterAlpha, atX x: Int, y: Int) {
        self.init(width: width, height: height)
        alpha.withUnsafeMutableBufferPointer { dst in
            part.alpha.withUnsafeBufferPointer { src in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                for row in 0..<part.height {
                    (d + ((y &+ row) &* width &+ x)).update(from: s + row &* part.width, count: part.width)
                }
            }
        }
    }
}

extension FilterOps {
    /// feGaussianBlur of an alpha plane: `gaussianBlur` on the alpha channel (same passes, same sums),
    /// computed only on the rectangle the blur can reach from the plane's nonzero values: their bounds
    /// grown by `blurReach` per axis. Outside it the result is 0 (the RGBA passes leave there at most the
    /// rounding residue of their running sums, far below an 8-bit step).
    static func gaussianBlur(_ input: FilterAlpha, _ sx: Double, _ sy: Double) -> FilterAlpha {
        let (part, x, y) = gaussianBlurPart(input, sx, sy)
        if part.width == input.width, part.height == input.height { return part }
        if part.width == 0 { return input }  // the blur of 0 is 0
        return FilterAlpha(width: input.width, height: input.height, placing: part, atX: x, y: y)
    }

    /// `gaussianBlur` without the zeros around: the blurred rectangle (the nonzero values' bounds grown by
    /// `blurReach`, within the plane) as a plane of its own, and where its top-left value lies in the
    /// input's plane. A plane of zeros gives an empty part (0 × 0) at (0, 0).
    static func gaussianBlurPart(_ input: FilterAlpha, _ sx: Double, _ sy: Double) -> (part: FilterAlpha, x: Int, y: Int) {
        guard let content = input.bounds(holding: .nonzero) else { return (FilterAlpha(width: 0, height: 0), 0, 0) }
        let rx = sx > 0 ? blurReach(sx) : 0, ry = sy > 0 ? blurReach(sy) : 0
        let whole = FilterPixelRect(x: 0, y: 0, width: input.width, height: input.height)
        let area = FilterPixelRect(x: content.x - rx, y: content.y - ry, width: content.width + 2 * rx,
                                   height: content.height + 2 * ry).intersection(whole)
        let rows = content.y..<(content.y + content.height)
        return (blurWhole(input, sx, sy, within: area, nonzeroRows: rows), area.x, area.y)
    }

    /// How many pixels a blur of `sigma` spreads a value in each direction along its axis: the three
    /// boxes' widths added up (σ ≥ 2), or the sampled kernel's radius.
    static func blurReach(_ sigma: Double) -> Int {
        if sigma < 2 { return gaussianKernel(sigma).radius }
        let windows = boxWindows(sigma)
        return max(windows.reduce(0) { $0 + $1.0 }, windows.reduce(0) { $0 + $1.1 })
    }

    /// `gaussianBlur` over the whole plane: rows, then columns.
    static func blurWhole(_ input: FilterAlpha, _ sx: Double, _ sy: Double) -> FilterAlpha {
        blurWhole(input, sx, sy, within: FilterPixelRect(x: 0, y: 0, width: input.width, height: input.height))
    }

    /// `blurWhole` of `input.cropped(area)` (`area` inside the plane): rows read in place from the input
    /// (`boxChainRows`, or a transpose for the kernel of σ < 2), then columns in place. The plane's rows
    /// outside `nonzeroRows` (when given) must hold only +0: the box passes along such a row give +0, so
    /// those rows of the result are written as zeros without the passes. With `hard` (σx ≥ 2 only) the
    /// input's values are read as `FilterDesignerShadow.alphaRow(hard, ·)` (`boxChainRows`).
    static func blurWhole(_ input: FilterAlpha, _ sx: Double, _ sy: Double, within area: FilterPixelRect,
                          nonzeroRows: Range<Int>? = nil, hard: Float? = nil) -> FilterAlpha {
        precondition(hard == nil || sx >= 2, "a hard-alpha read needs the box passes")
        var image: FilterAlpha
        if sx >= 2 {
            let n = area.width * area.height, all = area.y..<(area.y + area.height)
            let live = (nonzeroRows ?? all).clamped(to: all)
            let top = (live.lowerBound - area.y) * area.width, bottom = (all.upperBound - live.upperBound) * area.width
            // Every value is written: the zero rows above and below, the row passes between.
            let values = [Float](unsafeUninitializedCapacity: n) { out, count in
                input.alpha.withUnsafeBufferPointer { src in
                    guard let s = src.baseAddress, let d = out.baseAddress else { return }
                    d.initialize(repeating: 0, count: top)
                    (d + (n - bottom)).initialize(repeating: 0, count: bottom)
                    let band = FilterPixelRect(x: area.x, y: live.lowerBound, width: area.width, height: live.count)
                    boxChainRows(s, stride: input.width, band, to: d + top, sx, hard: hard)
                }
                count = n
            }
            image = FilterAlpha(width: area.width, height: area.height, alpha: values)
        } else if sx > 0 {
            // Rows of the image are columns of its transpose.
            var t = input.transposed(area)
            blurColumns(&t, sx)
            image = t.transposed()
        } else {
            image = area == FilterPixelRect(x: 0, y: 0, width: input.width, height: input.height) ? input : input.cropped(area)
        }
        if sy > 0 { blurColumns(&image, sy) }
        return image
    }

    /// Blurs every column of `plane` vertically: per column the same running sums (box passes, σ ≥ 2, in
    /// place by `boxChainColumns`) or kernel sums (σ < 2) as `blurRows` makes along a row.
    static func blurColumns(_ plane: inout FilterAlpha, _ sigma: Double) {
        let w = plane.width, h = plane.height
        guard w > 0, h > 0 else { return }
        if sigma >= 2 {
            plane.alpha.withUnsafeMutableBufferPointer { px in
                guard let p = px.baseAddress else { return }
                boxChainColumns(p, w, h, sigma)
            }
        } else {
            var scratch = [Float](repeating: 0, count: w * h)
            let (radius, kernel) = gaussianKernel(sigma)
            plane.alpha.withUnsafeBufferPointer { px in
                scratch.withUnsafeMutableBufferPointer { out in
                    kernel.withUnsafeBufferPointer { k in
                        for y in 0..<h {
                            let lo = max(0, y - radius), hi = min(h - 1, y + radius)
                            let row = UnsafeMutableBufferPointer(rebasing: out[(y * w)..<((y + 1) * w)])
                            var s = lo
                            while s <= hi {
                                let f = k[s - y + radius], base = s * w
                                for x in 0..<w { row[x] += px[base + x] * f }
                                s += 1
                            }
                        }
                    }
                }
            }
            plane.alpha = scratch
        }
    }
}

/// The test `FilterAlpha.bounds(holding:)` makes of each value, 4 at a time or one (a type, so that each
/// kind gets its own specialised loops).
private protocol HeldValue {
    static func holds(_ four: SIMD4<Float>) -> Bool
    static func holds(_ value: Float) -> Bool
}

/// `FilterAlpha.Held.nonzero`: the bits are not all 0.
private enum NonzeroValue: HeldValue {
    static func holds(_ four: SIMD4<Float>) -> Bool { unsafeBitCast(four, to: SIMD4<UInt32>.self) != .zero }
    static func holds(_ value: Float) -> Bool { value.bitPattern != 0 }
}

/// `FilterAlpha.Held.positive`: above 0.
private enum PositiveValue: HeldValue {
    static func holds(_ four: SIMD4<Float>) -> Bool { any(four .> .zero) }
    static func holds(_ value: Float) -> Bool { value > 0 }
}
