// MARK: - A drop shadow of another colour under a one-colour layer, on alpha planes

/// The last feDropShadow of a filter kept as two alpha planes instead of one RGBA image: its input (`over`,
/// in `overColor`: the layer's colour, or black for SourceAlpha) and its blurred alpha (`shadow`: the
/// rectangle of the moved shadow that can be nonzero, its top-left value at (`dx`, `dy`) of `over`'s plane,
/// 0 outside it; × the colour's alpha × opacity, in `color`). `pixels` computes
/// the RGBA result the engine's RGBA route computes (`FilterOps.shadow(_:under:color:…)` in `space`, then
/// converted to sRGB).
struct FilterShadowPlanes {
    let over: FilterAlpha
    let shadow: FilterAlpha
    let dx: Int, dy: Int
    let color: SVGColor
    let opacity: Double
    let space: SVGFilterColorSpace
    var overColor: SVGColor
}

extension FilterGraph {
    /// For a layer of one colour (`layer`): when the filter's last primitive is a feDropShadow of another
    /// colour over the whole region, reading SourceGraphic, SourceAlpha or an earlier result, and every
    /// primitive before it adds only the layer's colour, the graph to run on planes (`runShadowPlanes`)
    /// and the shadow's real colour; else nil.
    func shadowOfAnotherColor(layer: SVGColor) -> (graph: FilterGraph, color: SVGColor, inputColor: SVGColor)? {
        let primitives = filter.primitives
        guard let color = wholeRegionShadowColor else { return nil }
        var inputColor = layer
        switch inputs[primitives.count - 1].first {
        case .standard(.sourceAlpha)?: inputColor = SVGColor(red: 0, green: 0, blue: 0)
        case .standard(.sourceGraphic)?, .result?: break
        default: return nil
        }
        var prefix = filter
        prefix.primitives.removeLast()
        guard let added = prefix.addedColors,
              added.allSatisfy({ $0.alpha <= 0 || ($0.red == layer.red && $0.green == layer.green && $0.blue == layer.blue) }),
              let graph = try? FilterGraph(filter.colorless, transform: transform, limits: limits, visible: visible)
        else { return nil }
        return (graph, color, inputColor)
    }

    /// The colour of the filter's last primitive when it is a feDropShadow over the whole region (nil
    /// otherwise): such a shadow can be drawn from its planes (`runShadowPlanes`).
    var wholeRegionShadowColor: SVGColor? {
        guard let last = filter.primitives.last, case let .dropShadow(_, _, _, _, color, _) = last.kind,
              subregions.last == FilterPixelRect(x: 0, y: 0, width: region.width, height: region.height)
        else { return nil }
        return color
    }

    /// Runs the filter (colourless, from `shadowOfAnotherColor`) on a colourless SourceGraphic up to its last
    /// primitive, a drop shadow, and returns that shadow's planes (nil when its input did not stay a plane).
    func runShadowPlanes(sourceAlpha: FilterAlpha, color: SVGColor, inputColor: SVGColor)
        throws(FilterError) -> (planes: FilterShadowPlanes?, notes: [FilterNote]) {
        guard sourceAlpha.width == region.width, sourceAlpha.height == region.height else {
            throw .sourceSizeMismatch(expected: region, width: sourceAlpha.width, height: sourceAlpha.height)
        }
        var run = FilterRun(graph: self, source: .alpha(sourceAlpha), backgroundImage: nil, fillPaint: nil,
                            strokePaint: nil, image: { _, _ in nil })
        let planes = run.executeShadowPlanes(color: color, inputColor: inputColor)
        return (planes, run.notes)
    }
}

extension FilterRun {
    /// Every primitive but the last (a drop shadow), then the last one's planes (see `FilterShadowPlanes`).
    mutating func executeShadowPlanes(color: SVGColor, inputColor: SVGColor) -> FilterShadowPlanes? {
        let count = graph.filter.primitives.count, last = count - 1
        guard count > 0, case let .dropShadow(dx, dy, sx, sy, _, opacity) = graph.filter.primitives[last].kind
        else { return nil }
        for i in 0..<last { step(i) }
        let p = graph.filter.primitives[last]
        guard case .alpha(let plane) = fetchValue(graph.inputs[last][0], p.colorSpace, last) else { return nil }
        let (bx, by) = graph.blurDeviation(sx, sy, last, &notes)
        let ox = graph.offsetPixels(dx * graph.transform.scaleX, last, &notes)
        let oy = graph.offsetPixels(dy * graph.transform.scaleY, last, &notes)
        let (shadow, mx, my) = shadowPart(plane, bx, by, ox, oy)
        return FilterShadowPlanes(over: plane, shadow: shadow, dx: mx, dy: my, color: color, opacity: opacity,
                                  space: p.colorSpace, overColor: inputColor)
    }
}

extension FilterShadowPlanes {
    /// For a shadow in the layer's own colour (the colourless route, `color` black with the shadow's
    /// alpha): draws the result into `pixmap`, alpha-only in `layerColor`, with the planes' pixel (0, 0)
    /// at (x, y) and `opacity` — the values `FilterOps.shadow(_:movedBy:_:under:alpha:opacity:)` then
    /// `Pixmap.compositeAlpha` give (r = over + a·(1 − over) with a = shadow × alpha × opacity where
    /// the shadow lands, r = over elsewhere; then d = r·o + d·(1 − r·o)), a row at a time without the
    /// result's plane. False (nothing drawn) when `pixmap` is not alpha-only in `layerColor`.
    func drawAlpha(into pixmap: inout Pixmap, layerColor: SVGColor, x: Int, y: Int, opacity layerOpacity: Double) -> Bool {
        guard let own = pixmap.uniformColor, own.red == layerColor.red, own.green == layerColor.green,
              own.blue == layerColor.blue else { return false }
        let o = Float(max(0, min(1, layerOpacity)))
        let columns = max(0, -x)..<max(max(0, -x), min(over.width, pixmap.width - x))
        let rows = max(0, -y)..<max(max(0, -y), min(over.height, pixmap.height - y))
        guard o > 0, !columns.isEmpty, !rows.isEmpty else { return true }
        let ca = Float(FilterOps.clamp01(color.alpha * FilterOps.clamp01(opacity)))
        let w = over.width, sw = shadow.width, dw = pixmap.width, n = columns.count, c0 = columns.lowerBound
        // The columns (of the planes, drawn ones only) where the moved shadow has values.
        let s0 = max(c0, dx), s1 = max(s0, min(columns.upperBound, sw + dx))
        let c1 = columns.upperBound
        pixmap.samples.withUnsafeMutableBufferPointer { dstBuffer in
            over.alpha.withUnsafeBufferPointer { srcBuffer in
                shadow.alpha.withUnsafeBufferPointer { shBuffer in
                    guard let dst = dstBuffer.baseAddress, let src = srcBuffer.baseAddress else { return }
                    for line in rows {
                        let layer = src + line &* w, out = dst + ((line &+ y) &* dw &+ x)
                        let sy = line &- dy
                        if let sh = shBuffer.baseAddress, sy >= 0, sy < shadow.height, s1 > s0 {
                            Pixmap.compositeRow(layer + c0, out + c0, s0 &- c0, o)
                            Self.underComposite(layer + s0, sh + (sy &* sw &+ s0 &- dx), out + s0, s1 &- s0, ca, o)
                            Pixmap.compositeRow(layer + s1, out + s1, c1 &- s1, o)
                        } else {
                            Pixmap.compositeRow(layer + c0, out + c0, n, o)
                        }
                    }
                }
            }
        }
        return true
    }

    /// For `n` values: r = v + a·(1 − v) with v = over[i], a = s[i] × ca (as `FilterOps.shadow`), then
    /// d[i] = b + d[i]·(1 − b) with b = max(r, 0) × o (as `Pixmap.compositeRow`), 4 at a time.
    private static func underComposite(_ over: UnsafePointer<Float>, _ s: UnsafePointer<Float>,
                                       _ d: UnsafeMutablePointer<Float>, _ n: Int, _ ca: Float, _ o: Float) {
        var i = 0
        while i &+ 4 <= n {
            let a = UnsafeRawPointer(s + i).loadUnaligned(as: SIMD4<Float>.self) * ca
            let v = UnsafeRawPointer(over + i).loadUnaligned(as: SIMD4<Float>.self)
            let b = pointwiseMax(v + a * (1 - v), .zero) * o
            let e = UnsafeRawPointer(d + i).loadUnaligned(as: SIMD4<Float>.self)
            UnsafeMutableRawPointer(d + i).storeBytes(of: b + e * (1 - b), as: SIMD4<Float>.self)
            i &+= 4
        }
        while i < n {
            let a = s[i] * ca
            let b = max(over[i] + a * (1 - over[i]), 0) * o
            d[i] = b + d[i] * (1 - b)
            i &+= 1
        }
    }
}
