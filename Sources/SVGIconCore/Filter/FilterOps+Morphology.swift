// MARK: - feMorphology, feTile

extension FilterOps {
    /// feMorphology: each channel's minimum (erode) or maximum (dilate) over a window 2rx × 2ry pixels
    /// wide, x − rx … x + rx − 1 (Filter Effects 1: "a rectangle with a width of 2*x-radius and a height
    /// of 2*y-radius"; resvg 0.44 places it so); pixels outside the image take no part. Radii in whole
    /// pixels (the resolver turns zero and negative radii into 1 user unit, as resvg does); a radius of 0
    /// leaves that axis alone, a negative one (NaN from the graph) passes the input through. Van Herk / Gil–Werman running extremes: O(pixels) whatever the radius.
    static func morphology(_ input: FilterImage, _ op: SVGMorphologyOperator, rx: Int, ry: Int) -> FilterImage {
        guard rx >= 0, ry >= 0 else { return input }
        var image = input
        if rx > 0 { extremeRows(&image, rx, op == .dilate) }
        guard ry > 0 else { return image }
        var t = transposed(image)
        extremeRows(&t, ry, op == .dilate)
        return transposed(t)
    }

    static func extremeRows(_ image: inout FilterImage, _ r: Int, _ maximum: Bool) {
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return }
        let k = 2 * r
        // Padded line: r identity values before, r − 1 after, rounded up to whole blocks of k.
        let padded = ((w + 2 * r + k - 1) / k) * k
        let identity: Float = maximum ? -1 : 2
        var line = [Float](repeating: identity, count: padded)
        var prefix = [Float](repeating: 0, count: padded)
        var suffix = [Float](repeating: 0, count: padded)
        image.pixels.withUnsafeMutableBufferPointer { px in
            line.withUnsafeMutableBufferPointer { l in
                prefix.withUnsafeMutableBufferPointer { g in
                    suffix.withUnsafeMutableBufferPointer { s in
                        for y in 0..<h {
                            for c in 0..<4 {
                                for i in 0..<padded { l[i] = identity }
                                for x in 0..<w { l[x + r] = px[(y * w + x) * 4 + c] }
                                var i = 0
                                while i < padded {
                                    g[i] = l[i]
                                    for j in (i + 1)..<(i + k) {
                                        g[j] = maximum ? max(g[j - 1], l[j]) : min(g[j - 1], l[j])
                                    }
                                    s[i + k - 1] = l[i + k - 1]
                                    var j = i + k - 2
                                    while j >= i {
                                        s[j] = maximum ? max(s[j + 1], l[j]) : min(s[j + 1], l[j])
                                        j -= 1
                                    }
                                    i += k
                                }
                                // Output x covers padded x ... x + k − 1.
                                for x in 0..<w {
                                    let a = s[x], b = g[x + k - 1]
                                    px[(y * w + x) * 4 + c] = maximum ? max(a, b) : min(a, b)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// feTile: `sub` filled with copies of the input's `tile` rectangle, one copy at the tile's own
    /// place and the rest repeated from there.
    static func tile(_ input: FilterImage, tile: FilterPixelRect, within sub: FilterPixelRect) -> FilterImage {
        let w = input.width, h = input.height
        var out = FilterImage(width: w, height: h)
        let t = tile.intersection(FilterPixelRect(x: 0, y: 0, width: w, height: h))
        guard !t.isEmpty else { return out }
        func wrap(_ v: Int, _ origin: Int, _ size: Int) -> Int {
            let m = (v - origin) % size
            return origin + (m < 0 ? m + size : m)
        }
        let x0 = max(0, sub.x), x1 = min(w, sub.x + sub.width)
        let y0 = max(0, sub.y), y1 = min(h, sub.y + sub.height)
        guard x1 > x0, y1 > y0 else { return out }
        input.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in y0..<y1 {
                    let sy = wrap(y, t.y, t.height)
                    for x in x0..<x1 {
                        let s = (sy * w + wrap(x, t.x, t.width)) * 4, d = (y * w + x) * 4
                        dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]; dst[d + 3] = src[s + 3]
                    }
                }
            }
        }
        return out
    }
}
