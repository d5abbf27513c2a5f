// MARK: - The drop shadow of a Figma or Illustrator export, on planes

/// The chain a Figma or Illustrator export writes for a drop shadow, recognised so that it runs on alpha
/// planes instead of full RGBA images:
///
///     feFlood flood-opacity="0" result="BackgroundImageFix"
///     feColorMatrix in="SourceAlpha" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 127 0" result="hardAlpha"
///     feOffset dx dy
///     feGaussianBlur stdDeviation
///     feColorMatrix values="0 0 0 0 r  0 0 0 0 g  0 0 0 0 b  0 0 0 a 0"
///     feBlend mode="normal" in2="BackgroundImageFix"
///     feBlend mode="normal" in="SourceGraphic" in2="(the shadow)"
///
/// every primitive over the whole region, in sRGB (as the exports declare). Both colour matrices read an
/// image without colour, so only their alpha rows (`hard`, `tone`: factor of A) and the shadow's constant
/// colour count; the first blend over transparent black leaves the shadow as it is. What is left is the
/// shadow's alpha plane and, per pixel, the last feBlend of the layer over the coloured shadow, computed
/// as `FilterOps.blendPixel` computes it on the RGBA route.
struct FilterDesignerShadow: Hashable, Sendable {
    /// The alpha factor of the colour matrix that makes SourceAlpha hard (its other values are 0).
    let hard: Float
    /// The shadow colour matrix's alpha factor, and its constant colour (clamped to 0…1).
    let tone: Float
    let color: SIMD3<Float>

    /// The alpha row of a colour matrix applied to a pixel without colour: k15·0 + k16·0 + k17·0 + k18·a +
    /// k19, summed in `FilterOps.colorMatrix`'s order (k19 = 0 here), then clamped as `mapStraight` does.
    @inline(__always)
    static func alphaRow(_ k: Float, _ a: Float) -> Float {
        FilterOps.clamp01(Float(0) * 0 + Float(0) * 0 + Float(0) * 0 + k * a + 0)
    }
}

extension FilterGraph {
    /// The chain of `FilterDesignerShadow` when the filter is exactly that (its seven primitives wired
    /// that way, each over the whole region, in sRGB); else nil.
    var designerShadow: FilterDesignerShadow? {
        let p = filter.primitives
        let whole = FilterPixelRect(x: 0, y: 0, width: region.width, height: region.height)
        guard p.count == 7, subregions.allSatisfy({ $0 == whole }), p.allSatisfy({ $0.colorSpace == .sRGB }),
              case let .flood(background, opacity) = p[0].kind, background.alpha * FilterOps.clamp01(opacity) <= 0,
              let hard = Self.alphaOnlyRow(p[1].kind, constantColor: false),
              inputs[1] == [.standard(.sourceAlpha)],
              case .offset = p[2].kind, inputs[2] == [.result(1)],
              case .gaussianBlur = p[3].kind, inputs[3] == [.result(2)],
              let tone = Self.alphaOnlyRow(p[4].kind, constantColor: true), inputs[4] == [.result(3)],
              case .blend(.normal) = p[5].kind, inputs[5] == [.result(4), .result(0)],
              case .blend(.normal) = p[6].kind, inputs[6] == [.standard(.sourceGraphic), .result(5)],
              case let .colorMatrix(.matrix(values)) = p[4].kind
        else { return nil }
        let color = SIMD3<Float>(FilterOps.clamp01(Float(values[4])), FilterOps.clamp01(Float(values[9])),
                                 FilterOps.clamp01(Float(values[14])))
        return FilterDesignerShadow(hard: hard, tone: tone, color: color)
    }

    /// The alpha factor k18 of a 20-value colour matrix whose alpha row is k18·A alone (k19 = 0) and whose
    /// colour rows give 0 (or, with `constantColor`, a constant: no factor of A); nil for any other kind.
    /// The factors of R, G and B do not count: the matrix reads a pixel without colour.
    static func alphaOnlyRow(_ kind: SVGFilterPrimitiveKind, constantColor: Bool) -> Float? {
        guard case let .colorMatrix(.matrix(k)) = kind, k.count == 20, k[19] == 0,
              k[3] == 0, k[8] == 0, k[13] == 0,
              constantColor || (k[4] == 0 && k[9] == 0 && k[14] == 0) else { return nil }
        return Float(k[18])
    }

    /// Runs the chain (`designerShadow`) on the layer's alpha up to the blur: the blurred hard alpha as the
    /// rectangle that can be nonzero (`FilterOps.gaussianBlurPart`) and where it lies in the region.
    func runDesignerShadow(sourceAlpha: FilterAlpha, _ chain: FilterDesignerShadow)
        -> (part: FilterAlpha, x: Int, y: Int, notes: [FilterNote]) {
        var notes: [FilterNote] = []
        var hard = sourceAlpha
        hard.alpha.withUnsafeMutableBufferPointer { a in
            for i in a.indices { a[i] = FilterDesignerShadow.alphaRow(chain.hard, a[i]) }
        }
        guard case let .offset(dx, dy) = filter.primitives[2].kind,
              case let .gaussianBlur(sx, sy) = filter.primitives[3].kind else { return (hard, 0, 0, notes) }
        let ox = offsetPixels(dx * transform.scaleX, 2, &notes), oy = offsetPixels(dy * transform.scaleY, 2, &notes)
        let (bx, by) = blurDeviation(sx, sy, 3, &notes)
        let (part, x, y) = FilterOps.gaussianBlurPart(FilterOps.offset(hard, dx: ox, dy: oy), bx, by)
        return (part, x, y, notes)
    }
}

extension FilterDesignerShadow {
    /// Draws the chain's result over `pixmap` (made full RGBA) with the region's pixel (0, 0) at (x, y)
    /// and `opacity`: per pixel the last feBlend of the layer (alpha `layer`, colour `layerColor`) over the
    /// shadow (`part` placed at (px, py) in the region, alpha `tone` × blurred, colour `color`), then
    /// `Pixmap.composite`'s arithmetic. Where the layer is absent the blend gives the shadow itself, where
    /// it is opaque over no shadow the layer's colour; elsewhere `FilterOps.blendPixel` runs.
    func draw(into pixmap: inout Pixmap, layer: FilterAlpha, layerColor: SVGColor, part: FilterAlpha, px: Int, py: Int,
              x: Int, y: Int, opacity layerOpacity: Double) {
        let o = Float(max(0, min(1, layerOpacity)))
        let columns = max(0, -x)..<max(max(0, -x), min(layer.width, pixmap.width - x))
        let rows = max(0, -y)..<max(max(0, -y), min(layer.height, pixmap.height - y))
        guard o > 0, !columns.isEmpty, !rows.isEmpty else { return }
        pixmap.makeRGBA()
        let u = SIMD4<Float>(Float(layerColor.red) / 255, Float(layerColor.green) / 255, Float(layerColor.blue) / 255, 1)
        let c = SIMD4<Float>(color, 1)
        let paint = ShadowPlanesPaint(shade: c, opaque: u, layer: u, color: c, ca: 1, o: o, toLinear: nil, toSRGB: nil)
        paint.drawRows(layer, part, at: px, py, into: &pixmap, x: x, y: y, rows: rows, columns: columns) {
            blendRow($0, $1, $2, $3, paint)
        }
    }

    /// Columns `range` of a row where the shadow lands (`blurred[i]` at column i): the layer feBlend-ed
    /// over the shadow, drawn with `paint.put`.
    private func blendRow(_ layer: UnsafePointer<Float>, _ blurred: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>,
                          _ range: Range<Int>, _ paint: ShadowPlanesPaint) {
        for i in range {
            let s = layer[i], a = Self.alphaRow(tone, blurred[i]), q = out + i &* 4
            if s == 0 {
                // No layer: the blend's result is the shadow pixel itself (c·a + 0, alpha 0 + a − 0).
                if a > 0 { paint.put(paint.color * a, q) }
                continue
            }
            if s == 1 {
                // The blend with αs = 1: cs = u·1/1 = u and the backdrop's term c·a·(1 − 1) = +0, so
                // co = u·(1 − a) + (1·a)·u and α = (1 + a) − 1·a, each as `blendPixel` rounds it.
                if a == 0 {
                    paint.putOpaque(q)
                } else {
                    let alpha = (1 + a) - a
                    let c = paint.layer * (1 - a) + a * paint.layer
                    paint.put(SIMD4(min(c.x, alpha), min(c.y, alpha), min(c.z, alpha), alpha), q)
                }
                continue
            }
            let px = FilterOps.blendPixel(paint.layer * s, SIMD4(color * a, a), .normal)
            if px.w > 0 { paint.put(px, q) }
        }
    }
}
