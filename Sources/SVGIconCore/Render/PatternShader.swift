/// Pattern paints (Docs/model.md, "Patterns"): for each shape painted with a pattern, the tiling is drawn once
/// into pixels at the resolution the shape is drawn at — the device scale of pattern space along each of the
/// tile's axes — by a renderer of its own, and those pixels are then sampled through the inverse of the
/// tile-to-device map — the nearest pixel when that map is a translation, as for every axis-aligned tiling
/// (as resvg samples), bilinear filtering otherwise. Under a rotation or skew the tile is drawn axis-aligned
/// in pattern space and the sampling turns it.
///
/// As resvg does, a tile is its device size rounded to whole pixels and its content is drawn at the device
/// scale (not stretched to fill them), so the content stays sharp and the tiling repeats every whole number
/// of pixels (a 4.8 px tile repeats every 5 px). Along an axis where the painted pixels reach less than one
/// period, only the part of the tiling they sample is drawn (a window, with the one or two copies of the
/// tile that fall in it, each clipped to its cell) — so a tile much larger than the shape costs no more than
/// the shape. Along the other axes one whole tile is drawn and sampling wraps around its edges. A tile
/// smaller than half a pixel becomes one pixel holding the tile's average colour (exact-area coverage of the
/// magnified content), which is what the pattern averages to. More than `maxTilePixels` are drawn at a lower
/// resolution. Nested patterns (a pattern in a tile's content) are drawn the same way, at most
/// `maxPatternDepth` deep. The tiles' work and memory count against the render's limits.
extension SVGIconRenderer {
    /// How deeply pattern tiles may be drawn inside pattern tiles (the resolver keeps to it too).
    public static let maxPatternDepth = 8

    /// Pixels one tile may have: 2²⁰, or four times the output for outputs over 512 × 512.
    public static func maxTilePixels(width: Int, height: Int) -> Int {
        max(1 << 20, 4 * max(0, width) * max(0, height))
    }

    /// The shader for `pattern` painting `shape`'s fill (or its stroke, `stroked`) drawn with `t` (user space
    /// → device); nil when it paints nothing.
    mutating func patternShader(_ pattern: SVGPattern, opacity: Double, transform t: SVGTransform,
                                painting shape: SVGShape, stroked: Bool) -> PaintShader? {
        assert(!pattern.needsResolving, "bounding-box units are resolved before drawing")
        guard opacity > 0, !pattern.layers.isEmpty, pattern.width > 0, pattern.height > 0,
              pattern.width.isFinite, pattern.height.isFinite else { return nil }
        let m = t.concatenating(pattern.transform)
        guard m.isInvertible else { return nil }
        // One tile's size in device pixels, by the scale resvg takes of the map (the norms of its rows: the
        // same as of its columns under rotations and scales, a little larger along the skewed axis).
        let deviceWidth = (m.a * m.a + m.c * m.c).squareRoot() * pattern.width
        let deviceHeight = (m.b * m.b + m.d * m.d).squareRoot() * pattern.height
        guard deviceWidth.isFinite, deviceHeight.isFinite, deviceWidth > 0, deviceHeight > 0 else { return nil }
        var columns = max(1, deviceWidth.rounded()), rows = max(1, deviceHeight.rounded())
        // Tile pixels per pattern unit: the device scale, except where a tile under half a pixel is one pixel.
        var scaleX = deviceWidth >= 0.5 ? deviceWidth / pattern.width : columns / pattern.width
        var scaleY = deviceHeight >= 0.5 ? deviceHeight / pattern.height : rows / pattern.height
        // The window of the tiling (in tile pixels) that the painted pixels sample; nil on an axis that wraps.
        var windowX: (start: Double, size: Double)? = nil, windowY: (start: Double, size: Double)? = nil
        var painted = shape
        if stroked { painted.fill = nil } else { painted.stroke = nil }
        let tileToDevice = m.concatenating(.translation(pattern.x, pattern.y)).concatenating(.scale(1 / scaleX, 1 / scaleY))
        if let b = LayerBounds.deviceBounds(ofContent: SVGIconLayer(shape: painted), transform: t, host: hostTransform),
           let area = PixelRegion(covering: b.min, b.max, margin: 1, within: targetRegion),
           let inverse = tileToDevice.inverted() {
            var lo = SVGPoint(x: Double.infinity, y: Double.infinity), hi = SVGPoint(x: -Double.infinity, y: -Double.infinity)
            for (x, y) in [(area.x, area.y), (area.x + area.width, area.y), (area.x, area.y + area.height),
                           (area.x + area.width, area.y + area.height)] {
                let q = inverse.apply(SVGPoint(x: Double(x), y: Double(y)))
                lo.x = min(lo.x, q.x); lo.y = min(lo.y, q.y); hi.x = max(hi.x, q.x); hi.y = max(hi.y, q.y)
            }
            let x0 = lo.x.rounded(.down) - 1, x1 = hi.x.rounded(.up) + 1
            let y0 = lo.y.rounded(.down) - 1, y1 = hi.y.rounded(.up) + 1
            if x0.isFinite, x1.isFinite, x1 - x0 < columns { windowX = (x0, x1 - x0) }
            if y0.isFinite, y1.isFinite, y1 - y0 < rows { windowY = (y0, y1 - y0) }
        } else {
            return nil  // it paints no pixel here
        }
        var width = windowX?.size ?? columns, height = windowY?.size ?? rows
        let limit = Double(Self.maxTilePixels(width: options.width, height: options.height))
        if width * height > limit {
            // Whole tiles too large to draw at full resolution: one tile at a lower one.
            let k = (limit / (columns * rows)).squareRoot()
            columns = max(1, min(limit, (columns * k).rounded(.down)))
            rows = max(1, min(limit / columns, (rows * k).rounded(.down)).rounded(.down))
            scaleX = columns / pattern.width
            scaleY = rows / pattern.height
            windowX = nil
            windowY = nil
            width = columns
            height = rows
        }
        guard patternDepth < Self.maxPatternDepth else {
            charge(work: 0, stopping: "its patterns nest more than \(Self.maxPatternDepth) deep")
            return nil
        }
        let pixelWidth = Int(width), pixelHeight = Int(height)
        let bytes = pixelWidth * pixelHeight * 16
        guard offscreenBytesInUse + 2 * bytes <= offscreenByteLimit else {
            charge(work: 0, stopping: "a pattern tile of \(pixelWidth)×\(pixelHeight) pixels needs more offscreen memory than is left")
            return nil
        }
        // The copies of the tile the window holds, each in its cell (one copy, unclipped, without windows).
        let fill = SVGTransform.scale(scaleX, scaleY)
        func cells(_ window: (start: Double, size: Double)?, _ period: Double) -> [Double] {
            guard let window else { return [0] }
            let first = (window.start / period).rounded(.down), last = ((window.start + window.size) / period).rounded(.down)
            return stride(from: first, through: last, by: 1).map { $0 * period - window.start }
        }
        let content = SVGIconLayer(content: .group(pattern.layers), transform: pattern.contentTransform)
        var layers: [SVGIconLayer] = []
        let cellRect = SVGClipPath(layers: [SVGIconLayer(shape: SVGShape(path: ShapeGeometry.rect(
            x: 0, y: 0, width: columns / scaleX, height: rows / scaleY, rx: nil, ry: nil)))])
        for dy in cells(windowY, rows) {
            for dx in cells(windowX, columns) {
                layers.append(SVGIconLayer(content: .group([content]),
                                           transform: SVGTransform.translation(dx, dy).concatenating(fill),
                                           clipPath: windowX == nil && windowY == nil ? nil : cellRect))
            }
        }
        var tileOptions = options
        tileOptions.width = pixelWidth
        tileOptions.height = pixelHeight
        tileOptions.background = nil
        var renderer = SVGIconRenderer(options: tileOptions)
        renderer.patternDepth = patternDepth + 1
        renderer.workLimit = max(1, workLimit - workSoFar)
        renderer.offscreenByteLimit = max(0, offscreenByteLimit - offscreenBytesInUse - bytes)
        var tile = SVGIconDefinition(viewBox: SVGViewBox(width: width, height: height),
                                     aspectRatio: SVGAspectRatio(alignment: .none), layers: layers)
        tile.layersAreInUserSpace = true  // the pass that made `pattern` user space went through its layers
        let pixmap = renderer.render(tile)
        charge(work: renderer.workSoFar + pixelWidth * pixelHeight,
               stopping: renderer.limitExceeded.map { "a pattern tile: \($0)" })
        guard renderer.limitExceeded == nil else { return nil }
        var pixels = [Float](repeating: 0, count: pixelWidth * pixelHeight * 4)
        let o = Float(max(0, min(1, opacity)))
        var any = false
        for p in 0..<(pixelWidth * pixelHeight) {
            let c = pixmap.premultiplied(at: p)
            pixels[p * 4] = c.r * o
            pixels[p * 4 + 1] = c.g * o
            pixels[p * 4 + 2] = c.b * o
            pixels[p * 4 + 3] = c.a * o
            if c.a > 0 { any = true }
        }
        guard any else { return nil }  // a transparent tile paints nothing
        // Device → window pixels: tile pixel (u, v) is pattern space (x + u / scaleX, y + v / scaleY).
        // (Built again from the final scales: a tile drawn at a lower resolution has other ones.)
        let toDevice = m.concatenating(.translation(pattern.x, pattern.y)).concatenating(.scale(1 / scaleX, 1 / scaleY))
            .concatenating(.translation(windowX?.start ?? 0, windowY?.start ?? 0))
        guard let inverse = toDevice.inverted() else { return nil }
        let translationOnly = abs(toDevice.a - 1) < 1e-9 && abs(toDevice.d - 1) < 1e-9
            && abs(toDevice.b) < 1e-9 && abs(toDevice.c) < 1e-9
        return PaintShader(kind: .pattern(PatternTile(width: pixelWidth, height: pixelHeight, pixels: pixels,
                                                      wrapsX: windowX == nil, wrapsY: windowY == nil,
                                                      nearest: translationOnly)),
                           inverse: inverse, spread: .pad, stops: [])
    }
}

/// A pattern's tiling as pixels: premultiplied RGBA (the paint's opacity folded in). Along an axis that
/// wraps, the pixels are one tile and repeat; along the other, they are a window of the tiling larger than
/// what is sampled, and reads past its edges take the edge pixels.
struct PatternTile {
    let width: Int
    let height: Int
    let pixels: [Float]
    let wrapsX: Bool
    let wrapsY: Bool
    /// Sample the nearest pixel instead of filtering: when tile pixels map onto device pixels by a
    /// translation only (any axis-aligned tiling, tiles being drawn at the device scale), as resvg's
    /// renderer does then; filtering would only blur the tile by the fractional offset.
    let nearest: Bool

    /// Index `i` on an axis of `n` pixels: wrapped around, or clamped to the edge.
    private static func index(_ i: Double, _ n: Int, wraps: Bool) -> Int {
        let size = Double(n)
        if wraps {
            var r = i - (i / size).rounded(.down) * size
            if !(r >= 0 && r < size) { r = 0 }
            return Int(r)
        }
        return Int(min(max(i, 0), size - 1))
    }

    /// The colour at `p` in window pixel coordinates (pixel (u, v) covers [u, u+1) × [v, v+1)): the pixel
    /// there when `nearest`, else bilinear between the four nearest pixel centres.
    func color(at p: SVGPoint) -> PremultipliedColor? {
        if nearest {
            guard p.x.isFinite, p.y.isFinite else { return nil }
            let i = Self.index(p.x.rounded(.down), width, wraps: wrapsX), j = Self.index(p.y.rounded(.down), height, wraps: wrapsY)
            let k = (j * width + i) * 4
            guard pixels[k + 3] > 0 else { return nil }
            return PremultipliedColor(r: pixels[k], g: pixels[k + 1], b: pixels[k + 2], a: min(1, pixels[k + 3]))
        }
        let u = p.x - 0.5, v = p.y - 0.5
        guard u.isFinite, v.isFinite else { return nil }
        let fu = u.rounded(.down), fv = v.rounded(.down)
        let tx = Float(u - fu), ty = Float(v - fv)
        let i0 = Self.index(fu, width, wraps: wrapsX), i1 = Self.index(fu + 1, width, wraps: wrapsX)
        let j0 = Self.index(fv, height, wraps: wrapsY), j1 = Self.index(fv + 1, height, wraps: wrapsY)
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
