// MARK: - Alpha planes combined (feFlood, feMerge, feDropShadow on colourless images)

extension FilterOps {
    /// feFlood of a black colour: `sub` filled with the colour's alpha × opacity (as `flood`'s alpha channel).
    static func flood(width: Int, height: Int, alpha: Double, opacity: Double, within sub: FilterPixelRect) -> FilterAlpha {
        var out = FilterAlpha(width: width, height: height)
        let a = Float(clamp01(alpha * clamp01(opacity)))
        let area = sub.intersection(FilterPixelRect(x: 0, y: 0, width: width, height: height))
        guard a > 0, !area.isEmpty else { return out }
        out.alpha.withUnsafeMutableBufferPointer { px in
            for y in area.y..<(area.y + area.height) {
                let row = y * width + area.x
                for i in row..<(row + area.width) { px[i] = a }
            }
        }
        return out
    }

    /// `top` source-over the plane `image`: s + d·(1 − s) (the alpha channel of the RGBA source-over).
    static func sourceOver(_ top: FilterAlpha, onto image: inout FilterAlpha) {
        image.alpha.withUnsafeMutableBufferPointer { d in
            top.alpha.withUnsafeBufferPointer { s in
                for p in 0..<s.count {
                    let a = s[p]
                    d[p] = a + d[p] * (1 - a)
                }
            }
        }
    }

    /// feDropShadow's last step for a colourless input and a black shadow: `shadow` moved by whole pixels
    /// (dx, dy) (transparent where it moves in from outside) × alpha × opacity, under `input`:
    /// input + a·(1 − input) per pixel, the values `offset` and the RGBA `shadow(_:under:…)` give on the
    /// alpha channel, into a new plane (the input is often SourceGraphic, still held elsewhere).
    static func shadow(_ shadow: FilterAlpha, movedBy dx: Int, _ dy: Int, under input: FilterAlpha,
                       alpha: Double, opacity: Double) -> FilterAlpha {
        let ca = Float(clamp01(alpha * clamp01(opacity)))
        let w = input.width, h = input.height, n = w * h
        let inside = abs(dx) < w && abs(dy) < h
        let x0 = max(0, dx), x1 = max(x0, min(w, w + dx)), y0 = max(0, dy), y1 = min(h, h + dy)
        let values = [Float](unsafeUninitializedCapacity: n) { out, count in
            input.alpha.withUnsafeBufferPointer { src in
                shadow.alpha.withUnsafeBufferPointer { sh in
                    guard let o = out.baseAddress, let i = src.baseAddress, let s0 = sh.baseAddress else { return }
                    o.update(from: i, count: n)  // where no shadow lands: input + 0 · (1 − input) = input
                    guard inside else { return }
                    for y in y0..<y1 {
                        let d = o + y &* w, s = s0 + ((y &- dy) &* w &- dx)
                        for x in x0..<x1 {
                            let a = s[x] * ca
                            d[x] = d[x] + a * (1 - d[x])
                        }
                    }
                }
            }
            count = n
        }
        return FilterAlpha(width: w, height: h, alpha: values)
    }
}

extension Pixmap {
    /// `plane` (alpha in this alpha-only pixmap's colour) drawn with its pixel (0, 0) at (x, y) and
    /// `opacity`, as `composite(_:x:y:opacity:)` draws an alpha-only layer of the same colour:
    /// a · o + d · (1 − a · o). It skips no pixel (a = 0 gives d; a below 0 counts as 0, as there), so the
    /// rows go 4 values at a time. False (nothing drawn) when this pixmap is not alpha-only in `color`.
    mutating func compositeAlpha(_ plane: FilterAlpha, color: SVGColor, x: Int, y: Int, opacity: Double) -> Bool {
        guard let own = uniformColor, own.red == color.red, own.green == color.green, own.blue == color.blue else {
            return false
        }
        guard let (o, columns, rows) = placement(width: plane.width, height: plane.height, x: x, y: y, opacity: opacity)
        else { return true }
        compositeAlphaRows(plane.alpha, width: plane.width, x: x, y: y, columns: columns, rows: rows, opacity: o)
        return true
    }
}
