/// Pattern paints (Docs/model.md, "Patterns"): for each shape painted with a pattern, its tile is drawn once
/// into pixels at the resolution the shape is drawn at — the device scale of pattern space along each of the
/// tile's axes — by a renderer of its own, and the tile's pixels are then sampled through the inverse of the
/// tile-to-device map with bilinear filtering, wrapping around at the tile's edges (what resvg does). Under a
/// rotation or skew the tile is drawn axis-aligned in pattern space and the sampling turns it.
///
/// The tile is as many pixels wide as the tile covers device pixels, rounded up (at least 1), and its content
/// is scaled to fill exactly that many, so that the tile repeats with its exact period. A tile smaller than
/// a pixel becomes one pixel holding the tile's average colour (exact-area coverage of the magnified
/// content), which is what the pattern averages to. A tile larger than `maxTilePixels` is drawn at a lower
/// resolution. Nested patterns (a pattern in a tile's content) are drawn the same way, at most
/// `maxPatternDepth` deep. The tile's work and memory count against the render's limits.
extension SVGIconRenderer {
    /// How deeply pattern tiles may be drawn inside pattern tiles.
    public static let maxPatternDepth = 8

    /// Pixels one tile may have: 2²⁰, or four times the output for outputs over 512 × 512.
    public static func maxTilePixels(width: Int, height: Int) -> Int {
        max(1 << 20, 4 * max(0, width) * max(0, height))
    }

    /// The shader for `pattern` on a shape drawn with `t` (user space → device); nil when it paints nothing.
    mutating func patternShader(_ pattern: SVGPattern, opacity: Double, transform t: SVGTransform) -> PaintShader? {
        assert(!pattern.needsResolving, "bounding-box units are resolved before drawing")
        guard opacity > 0, !pattern.layers.isEmpty, pattern.width > 0, pattern.height > 0,
              pattern.width.isFinite, pattern.height.isFinite else { return nil }
        let m = t.concatenating(pattern.transform)
        guard m.isInvertible else { return nil }
        // The tile's size in device pixels along its own axes.
        let deviceWidth = (m.a * m.a + m.b * m.b).squareRoot() * pattern.width
        let deviceHeight = (m.c * m.c + m.d * m.d).squareRoot() * pattern.height
        guard deviceWidth.isFinite, deviceHeight.isFinite, deviceWidth > 0, deviceHeight > 0 else { return nil }
        var w = max(1, deviceWidth.rounded(.up)), h = max(1, deviceHeight.rounded(.up))
        let limit = Double(Self.maxTilePixels(width: options.width, height: options.height))
        if w * h > limit {
            let k = (limit / (w * h)).squareRoot()
            w = max(1, min(limit, (w * k).rounded(.down)))
            h = max(1, min(limit / w, (h * k).rounded(.down)).rounded(.down))
        }
        let width = Int(w), height = Int(h)
        guard patternDepth < Self.maxPatternDepth else {
            charge(work: 0, stopping: "its patterns nest more than \(Self.maxPatternDepth) deep")
            return nil
        }
        let bytes = width * height * 16
        guard offscreenBytesInUse + 2 * bytes <= offscreenByteLimit else {
            charge(work: 0, stopping: "a pattern tile of \(width)×\(height) pixels needs more offscreen memory than is left")
            return nil
        }
        var tileOptions = options
        tileOptions.width = width
        tileOptions.height = height
        tileOptions.background = nil
        var renderer = SVGIconRenderer(options: tileOptions)
        renderer.patternDepth = patternDepth + 1
        renderer.workLimit = max(1, workLimit - workSoFar)
        renderer.offscreenByteLimit = max(0, offscreenByteLimit - offscreenBytesInUse - bytes)
        let fill = SVGTransform.scale(w / pattern.width, h / pattern.height)
        var tile = SVGIconDefinition(viewBox: SVGViewBox(width: w, height: h),
                                     aspectRatio: SVGAspectRatio(alignment: .none),
                                     layers: [SVGIconLayer(content: .group(pattern.layers),
                                                           transform: fill.concatenating(pattern.contentTransform))])
        tile.layersAreInUserSpace = true  // the pass that made `pattern` user space went through its layers
        let pixmap = renderer.render(tile)
        charge(work: renderer.workSoFar + width * height, stopping: renderer.limitExceeded.map { "a pattern tile: \($0)" })
        guard renderer.limitExceeded == nil else { return nil }
        var pixels = [Float](repeating: 0, count: width * height * 4)
        let o = Float(max(0, min(1, opacity)))
        var any = false
        for p in 0..<(width * height) {
            let c = pixmap.premultiplied(at: p)
            pixels[p * 4] = c.r * o
            pixels[p * 4 + 1] = c.g * o
            pixels[p * 4 + 2] = c.b * o
            pixels[p * 4 + 3] = c.a * o
            if c.a > 0 { any = true }
        }
        guard any else { return nil }  // a transparent tile paints nothing
        // Tile pixels → device: pixel (u, v) is pattern space (x + u·width/w, y + v·height/h).
        let tileToDevice = m.concatenating(.translation(pattern.x, pattern.y))
            .concatenating(.scale(pattern.width / w, pattern.height / h))
        guard let inverse = tileToDevice.inverted() else { return nil }
        return PaintShader(kind: .pattern(PatternTile(width: width, height: height, pixels: pixels)),
                           inverse: inverse, spread: .pad, stops: [])
    }
}

/// A pattern's tile as pixels: premultiplied RGBA (the paint's opacity folded in), repeating in both
/// directions.
struct PatternTile {
    let width: Int
    let height: Int
    let pixels: [Float]

    /// The colour at `p` in tile pixel coordinates (pixel (u, v) covers [u, u+1) × [v, v+1)): bilinear
    /// between the four nearest pixel centres, wrapping around the tile's edges.
    func color(at p: SVGPoint) -> PremultipliedColor? {
        let u = p.x - 0.5, v = p.y - 0.5
        guard u.isFinite, v.isFinite else { return nil }
        let fu = u.rounded(.down), fv = v.rounded(.down)
        let tx = Float(u - fu), ty = Float(v - fv)
        let w = Double(width), h = Double(height)
        var x0 = fu - (fu / w).rounded(.down) * w
        var y0 = fv - (fv / h).rounded(.down) * h
        if x0 >= w || x0 < 0 { x0 = 0 }
        if y0 >= h || y0 < 0 { y0 = 0 }
        let i0 = Int(x0), j0 = Int(y0)
        let i1 = i0 + 1 == width ? 0 : i0 + 1, j1 = j0 + 1 == height ? 0 : j0 + 1
        let a = (j0 * width + i0) * 4, b = (j0 * width + i1) * 4
        let c = (j1 * width + i0) * 4, d = (j1 * width + i1) * 4
        let wa = (1 - tx) * (1 - ty), wb = tx * (1 - ty), wc = (1 - tx) * ty, wd = tx * ty
        let alpha = pixels[a + 3] * wa + pixels[b + 3] * wb + pixels[c + 3] * wc + pixels[d + 3] * wd
        guard alpha > 0 else { return nil }
        return PremultipliedColor(
            r: pixels[a] * wa + pixels[b] * wb + pixels[c] * wc + pixels[d] * wd,
            g: pixels[a + 1] * wa + pixels[b + 1] * wb + pixels[c + 1] * wc + pixels[d + 1] * wd,
            b: pixels[a + 2] * wa + pixels[b + 2] * wb + pixels[c + 2] * wc + pixels[d + 2] * wd,
            a: min(1, alpha))
    }
}
