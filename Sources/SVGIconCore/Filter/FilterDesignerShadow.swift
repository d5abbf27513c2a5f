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
/// as `FilterOps.blendPixel` computes it on the RGBA route. A shadow in the layer's own colour (black on a
/// black icon, the exports' default) keeps the canvas alpha-only (`drawAlpha`: the blend's alpha alone).
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

    /// `dst[i] = alphaRow(k, src[i])` for i in 0..<n: four at a time as `FilterOps.hardened` computes it
    /// (the same values), then one at a time.
    @inline(__always)
    static func alphaRows(_ src: UnsafePointer<Float>, _ dst: UnsafeMutablePointer<Float>, _ n: Int, _ k: Float) {
        var i = 0
        while i &+ 4 <= n {
            let v = FilterOps.hardened(k, UnsafeRawPointer(src + i).loadUnaligned(as: SIMD4<Float>.self))
            UnsafeMutableRawPointer(dst + i).storeBytes(of: v, as: SIMD4<Float>.self)
            i &+= 4
        }
        while i < n {
            dst[i] = alphaRow(k, src[i])
            i &+= 1
        }
    }

    /// True when the chain's result has the colour `layer` wherever the layer has it: the shadow is that
    /// colour exactly (as the renderer's `Float(channel) / 255`) or paints nothing (`tone` ≤ 0).
    func keepsColor(_ layer: SVGColor) -> Bool {
        tone <= 0 || color == SIMD3(Float(layer.red) / 255, Float(layer.green) / 255, Float(layer.blue) / 255)
    }
}

extension FilterDesignerShadow {
    /// The chain read from `p` (its inputs resolved: `FilterGraph.sources`) when its seven primitives are
    /// wired as above, each in sRGB (their subregions left to the caller); else nil.
    init?(_ p: [SVGFilterPrimitive], inputs: [[FilterGraph.Source]]) {
        guard p.count == 7, inputs.count == 7, p.allSatisfy({ $0.colorSpace == .sRGB }),
              case let .flood(background, opacity) = p[0].kind, background.alpha * FilterOps.clamp01(opacity) <= 0,
              let hard = FilterGraph.alphaOnlyRow(p[1].kind, constantColor: false),
              inputs[1] == [.standard(.sourceAlpha)],
              case .offset = p[2].kind, inputs[2] == [.result(1)],
              case .gaussianBlur = p[3].kind, inputs[3] == [.result(2)],
              let tone = FilterGraph.alphaOnlyRow(p[4].kind, constantColor: true), inputs[4] == [.result(3)],
              case .blend(.normal) = p[5].kind, inputs[5] == [.result(4), .result(0)],
              case .blend(.normal) = p[6].kind, inputs[6] == [.standard(.sourceGraphic), .result(5)],
              case let .colorMatrix(.matrix(values)) = p[4].kind
        else { return nil }
        self.hard = hard
        self.tone = tone
        color = SIMD3<Float>(FilterOps.clamp01(Float(values[4])), FilterOps.clamp01(Float(values[9])),
                             FilterOps.clamp01(Float(values[14])))
    }
}

extension SVGFilter {
    /// The colour a Figma or Illustrator drop-shadow chain (`FilterDesignerShadow`) adds to its
    /// SourceGraphic's, when the filter is that chain: the shadow's colour, opaque (transparent when its
    /// alpha factor is 0 or less). nil when the filter is not the chain or its colour is not exactly an
    /// 8-bit one (as `keepsColor` compares): such a shadow needs the RGBA route.
    var designerShadowColors: [SVGColor]? {
        guard let chain = FilterDesignerShadow(primitives, inputs: FilterGraph.sources(of: primitives)) else { return nil }
        let bytes = (chain.color * 255).rounded(.toNearestOrEven)
        let color = SVGColor(red: UInt8(bytes.x), green: UInt8(bytes.y), blue: UInt8(bytes.z), alpha: chain.tone > 0 ? 1 : 0)
        return chain.keepsColor(color) ? [color] : nil
    }
}

extension FilterGraph {
    /// The chain of `FilterDesignerShadow` when the filter is exactly that (its seven primitives wired
    /// that way, each over the whole region, in sRGB); else nil.
    var designerShadow: FilterDesignerShadow? {
        let whole = FilterPixelRect(x: 0, y: 0, width: region.width, height: region.height)
        guard subregions.allSatisfy({ $0 == whole }) else { return nil }
        return FilterDesignerShadow(filter.primitives, inputs: inputs)
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
        guard case let .offset(dx, dy) = filter.primitives[2].kind,
              case let .gaussianBlur(sx, sy) = filter.primitives[3].kind
        else { return (FilterDesignerShadow.hardMoved(sourceAlpha, chain.hard, 0, 0), 0, 0, notes) }
        let ox = offsetPixels(dx * transform.scaleX, 2, &notes), oy = offsetPixels(dy * transform.scaleY, 2, &notes)
        let (bx, by) = blurDeviation(sx, sy, 3, &notes)
        let moved: FilterAlpha
        if let ix = FilterOps.wholePixels(ox), let iy = FilterOps.wholePixels(oy) {
            if let blurred = FilterDesignerShadow.blurredHard(sourceAlpha, chain.hard, ix, iy, bx, by) {
                return (blurred.part, blurred.x, blurred.y, notes)
            }
            moved = FilterDesignerShadow.hardMoved(sourceAlpha, chain.hard, ix, iy)
        } else {
            moved = FilterOps.offset(FilterDesignerShadow.hardMoved(sourceAlpha, chain.hard, 0, 0), dx: ox, dy: oy)
        }
        let (part, x, y) = FilterOps.gaussianBlurPart(moved, bx, by)
        return (part, x, y, notes)
    }
}

extension FilterDesignerShadow {
    /// The hard alpha (`alphaRow(k, ·)` of `source`) moved by whole pixels (ix, iy) in one pass: the plane
    /// `FilterOps.offset` makes of it, 0 where it moves in from outside (where `alphaRow(k, 0)` is 0 too).
    static func hardMoved(_ source: FilterAlpha, _ k: Float, _ ix: Int, _ iy: Int) -> FilterAlpha {
        let w = source.width, h = source.height
        var out = FilterAlpha(width: w, height: h)
        // The source columns and rows that land in the plane.
        let x0 = min(w, max(0, -ix)), x1 = max(x0, min(w, w - ix))
        let y0 = min(h, max(0, -iy)), y1 = max(y0, min(h, h - iy))
        guard x1 > x0, y1 > y0 else { return out }
        out.alpha.withUnsafeMutableBufferPointer { outBuffer in
            source.alpha.withUnsafeBufferPointer { srcBuffer in
                guard let o = outBuffer.baseAddress, let s = srcBuffer.baseAddress else { return }
                for y in y0..<y1 {
                    alphaRows(s + (y &* w &+ x0), o + ((y &+ iy) &* w &+ ix &+ x0), x1 &- x0, k)
                }
            }
        }
        return out
    }

    /// For a layer in the chain's own colour (`keepsColor`): draws the chain's result into `pixmap`,
    /// alpha-only in `layerColor`, placed as `draw` places it — the alpha `FilterOps.blendPixel` gives the
    /// last feBlend on the RGBA route, (s + a) − s·a with s the layer's alpha and a the toned shadow's,
    /// composited as `Pixmap.composite` composites it, d = r·o + d·(1 − r·o). Four values at a time, the
    /// same values as `draw`'s alpha channel. False (nothing drawn) when `pixmap` is not alpha-only in
    /// `layerColor` or the chain adds another colour.
    func drawAlpha(into pixmap: inout Pixmap, layer: FilterAlpha, layerColor: SVGColor, part: FilterAlpha, px: Int, py: Int,
                   x: Int, y: Int, opacity layerOpacity: Double) -> Bool {
        guard keepsColor(layerColor), let own = pixmap.uniformColor, own.red == layerColor.red,
              own.green == layerColor.green, own.blue == layerColor.blue else { return false }
        guard let place = ShadowRows(width: layer.width, height: layer.height, on: pixmap, x: x, y: y, opacity: layerOpacity)
        else { return true }
        let o = place.o, tone = self.tone
        place.walk(layer, part, at: px, py, into: &pixmap, layerOnly: { line, out, range in
            Self.blendAlphaRow(line, nil, out, range, tone, o)
        }, shadowed: { line, blurred, out, range, _ in
            Self.blendAlphaRow(line, blurred, out, range, tone, o)
        })
        return true
    }

    /// Columns `range` of an alpha-only row: r = (s + a) − s·a with s = `layer[i]` and a =
    /// `alphaRow(tone, blurred[i])` (a = 0 where no shadow lands: `blurred` nil), then d = r·o + d·(1 −
    /// r·o), four at a time (where the RGBA route draws nothing, r = 0 leaves d as it is). Without a
    /// shadow r is s, as `Pixmap.compositeRow` takes it.
    @inline(__always)
    private static func blendAlphaRow(_ layer: UnsafePointer<Float>, _ blurred: UnsafePointer<Float>?,
                                      _ out: UnsafeMutablePointer<Float>, _ range: Range<Int>, _ tone: Float, _ o: Float) {
        var i = range.lowerBound
        let one = SIMD4<Float>(repeating: 1)
        while i &+ 4 <= range.upperBound {
            let s = UnsafeRawPointer(layer + i).loadUnaligned(as: SIMD4<Float>.self)
            var r = s
            if let blurred {
                // `alphaRow`: k·a clamped to 0…1 (0 + k·a + 0 is k·a but for a −0, which the clamp makes +0);
                // `replacing` rather than `pointwiseMin`, which the compiler leaves out of line.
                let t = tone * UnsafeRawPointer(blurred + i).loadUnaligned(as: SIMD4<Float>.self)
                let a = SIMD4<Float>.zero.replacing(with: one.replacing(with: t, where: t .< one), where: t .> .zero)
                r = (s + a) - s * a
            }
            let b = r * o
            let d = UnsafeRawPointer(out + i).loadUnaligned(as: SIMD4<Float>.self)
            UnsafeMutableRawPointer(out + i).storeBytes(of: b + d * (1 - b), as: SIMD4<Float>.self)
            i &+= 4
        }
        while i < range.upperBound {
            let s = layer[i], r = blurred.map { b in
                let a = alphaRow(tone, b[i])
                return (s + a) - s * a
            } ?? s
            let b = r * o
            out[i] = b + out[i] * (1 - b)
            i &+= 1
        }
    }
}
