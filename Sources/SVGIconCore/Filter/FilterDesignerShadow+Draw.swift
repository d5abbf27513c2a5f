// MARK: - The designer chain's shadow of another colour drawn into RGBA

extension FilterDesignerShadow {
    /// Draws the chain's result over `pixmap` (made full RGBA, an alpha-only one row by row as it is drawn:
    /// `ShadowRows.paint`, blank rows at opacity 1 stored: `DesignerRowPaint`) with the region's pixel (0, 0) at (x, y) and `opacity`: per pixel the last feBlend of the layer (alpha `layer`, colour `layerColor`) over the
    /// shadow (`part` placed at (px, py) in the region, alpha `alphaRow(tone, blurred)`, made once for the
    /// whole part: `toned`; colour `color`), then
    /// `Pixmap.composite`'s arithmetic. Where the layer is absent the blend gives the shadow itself, where
    /// it is opaque over no shadow the layer's colour; elsewhere `FilterOps.blendPixel` runs.
    func draw(into pixmap: inout Pixmap, layer: FilterAlpha, layerColor: SVGColor, part: FilterAlpha, px: Int, py: Int,
              x: Int, y: Int, opacity layerOpacity: Double) {
        guard let place = ShadowRows(width: layer.width, height: layer.height, on: pixmap, x: x, y: y, opacity: layerOpacity)
        else { return }
        let u = SIMD4<Float>(Float(layerColor.red) / 255, Float(layerColor.green) / 255, Float(layerColor.blue) / 255, 1)
        let c = SIMD4<Float>(color, 1)
        let paint = ShadowPlanesPaint(shade: c, opaque: u, layer: u, color: c, ca: 1, o: place.o, toLinear: nil, toSRGB: nil)
        place.paint(layer, Self.toned(part, tone), at: px, py, into: &pixmap, DesignerRowPaint(chain: self, paint: paint))
    }

    /// `plane` with every value v made `alphaRow(k, v)` (k·v clamped to 0…1, `alphaRows`): the shadow's
    /// alpha the rows then read as it is.
    static func toned(_ plane: FilterAlpha, _ k: Float) -> FilterAlpha {
        let n = plane.alpha.count
        let values = [Float](unsafeUninitializedCapacity: n) { out, count in
            plane.alpha.withUnsafeBufferPointer { src in
                guard let s = src.baseAddress, let d = out.baseAddress else { return }
                alphaRows(s, d, n, k)
            }
            count = n
        }
        return FilterAlpha(width: plane.width, height: plane.height, alpha: values)
    }

    /// Columns `range` of a row where the shadow lands (`toned[i]` at column i: the shadow's alpha there,
    /// `alphaRow(tone, ·)` of the blur): the layer feBlend-ed
    /// over the shadow, drawn with `paint.put` (`blank`: the output row holds only ±0, where four
    /// shadow-only pixels are stored: `ShadowPlanesPaint.shadeFourBlank`).
    func blendRow(_ layer: UnsafePointer<Float>, _ toned: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>,
                   _ range: Range<Int>, _ paint: ShadowPlanesPaint, blank: Bool) {
        var i = range.lowerBound
        let one = SIMD4<Float>(repeating: 1)
        while i &+ 4 <= range.upperBound {
            let v = UnsafeRawPointer(layer + i).loadUnaligned(as: SIMD4<Float>.self)
            let a = UnsafeRawPointer(toned + i).loadUnaligned(as: SIMD4<Float>.self)
            if v == .zero {
                // `paint.shade` is `paint.color`: the shadow pixels as below.
                if blank { paint.shadeFourBlank(a, out + i &* 4) } else { paint.shadeFour(a, out + i &* 4) }
            } else if v == one {
                Self.overFour(a, out + i &* 4, paint)
            } else {
                for k in 0..<4 { blend(v[k], a[k], out + (i &+ k) &* 4, paint) }
            }
            i &+= 4
        }
        while i < range.upperBound {
            blend(layer[i], toned[i], out + i &* 4, paint)
            i &+= 1
        }
    }

    /// Four pixels of the opaque layer over shadow alphas `a`, drawn from `q` on: `blend(1, a[k])` for
    /// each, the four pixels' alphas and channels computed side by side. Where a[k] = 0 this is the
    /// opaque layer's pixel `putOpaque` draws: alpha (1 + 0) − 0 = 1, colour u·1 + 0·u = u, and with o = 1
    /// u·1 + q·0 = u.
    @inline(__always)
    private static func overFour(_ a: SIMD4<Float>, _ q: UnsafeMutablePointer<Float>, _ paint: ShadowPlanesPaint) {
        let u = paint.layer, o = paint.o
        let alpha = (1 + a) - a, rest = 1 - a
        let r = pointwiseMinimum(u.x * rest + a * u.x, alpha), g = pointwiseMinimum(u.y * rest + a * u.y, alpha)
        let b = pointwiseMinimum(u.z * rest + a * u.z, alpha)
        let keep = 1 - alpha * o
        let raw = UnsafeMutableRawPointer(q)
        for k in 0..<4 {
            let d = UnsafeRawPointer(raw + k &* 16).loadUnaligned(as: SIMD4<Float>.self)
            (raw + k &* 16).storeBytes(of: SIMD4(r[k], g[k], b[k], alpha[k]) * o + d * keep[k], as: SIMD4<Float>.self)
        }
    }

    /// `min` lane by lane as Swift's `min(x, y)` takes it (y < x ? y : x), inline.
    @inline(__always)
    private static func pointwiseMinimum(_ x: SIMD4<Float>, _ y: SIMD4<Float>) -> SIMD4<Float> {
        x.replacing(with: y, where: y .< x)
    }

    /// The layer's pixel (alpha `s`) feBlend-ed over the shadow's (alpha `a`), drawn at `q` with `paint.put`.
    @inline(__always)
    private func blend(_ s: Float, _ a: Float, _ q: UnsafeMutablePointer<Float>, _ paint: ShadowPlanesPaint) {
        if s == 0 {
            // No layer: the blend's result is the shadow pixel itself (c·a + 0, alpha 0 + a − 0).
            if a > 0 { paint.put(paint.color * a, q) }
            return
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
            return
        }
        let px = FilterOps.blendPixel(paint.layer * s, SIMD4(color * a, a), .normal)
        if px.w > 0 { paint.put(px, q) }
    }
}

/// The rows of `FilterDesignerShadow.draw` (`ShadowRows.paint`): the layer alone as `ShadowPlanesPaint`
/// draws it (no tables: sRGB), under the shadow the last feBlend (`blendRow`); into a blank row at layer
/// opacity 1 each pixel's result stored.
struct DesignerRowPaint: ShadowRowPainter {
    let chain: FilterDesignerShadow
    let paint: ShadowPlanesPaint

    func layerOnly(_ layer: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ range: Range<Int>) {
        paint.layerOnly(layer, out, range)
    }

    func shadowed(_ layer: UnsafePointer<Float>, _ moved: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>,
                  _ range: Range<Int>, _ blank: Bool) {
        chain.blendRow(layer, moved, out, range, paint, blank: blank)
    }

    var storesBlankRows: Bool { paint.o == 1 }

    func storeLayerOnly(_ layer: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ range: Range<Int>) {
        paint.storeLayerOnly(layer, out, range)
    }

    /// `blendRow` over +0s at opacity 1, pixel by pixel with the toned shadow alpha of each (`moved`: the
    /// rows of `FilterDesignerShadow.toned`): four layer values of 0 as the shadow pixels `color × a`, four
    /// of 1 as `overOpaque`, the others as `blended` (the values `stored` gives, each pixel's vector worked
    /// on whole, so that the compiler keeps it in one register).
    func storeShadowed(_ layer: UnsafePointer<Float>, _ moved: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>,
                       _ range: Range<Int>) {
        var i = range.lowerBound
        let one = SIMD4<Float>(repeating: 1), color = paint.color
        // The layer's and the shadow's colours with w = 2: see `overOpaque` and `blended`.
        let u2 = SIMD4(paint.layer.x, paint.layer.y, paint.layer.z, 2), c2 = SIMD4(chain.color, 2)
        while i &+ 4 <= range.upperBound {
            let v = UnsafeRawPointer(layer + i).loadUnaligned(as: SIMD4<Float>.self)
            let q = UnsafeMutableRawPointer(out + i &* 4), m = moved + i
            @inline(__always) func put(_ k: Int, _ px: SIMD4<Float>) { (q + k &* 16).storeBytes(of: px, as: SIMD4<Float>.self) }
            if ShadowPlanesPaint.every(v, .zero) {
                put(0, color * m[0]); put(1, color * m[1]); put(2, color * m[2]); put(3, color * m[3])
            } else if ShadowPlanesPaint.every(v, one) {
                put(0, Self.overOpaque(m[0], u2)); put(1, Self.overOpaque(m[1], u2))
                put(2, Self.overOpaque(m[2], u2)); put(3, Self.overOpaque(m[3], u2))
            } else {
                put(0, Self.blended(v.x, m[0], u2, c2)); put(1, Self.blended(v.y, m[1], u2, c2))
                put(2, Self.blended(v.z, m[2], u2, c2)); put(3, Self.blended(v.w, m[3], u2, c2))
            }
            i &+= 4
        }
        while i < range.upperBound {
            UnsafeMutableRawPointer(out + i &* 4).storeBytes(of: stored(layer[i], moved[i]), as: SIMD4<Float>.self)
            i &+= 1
        }
    }

    /// `stored(1, a)` (a: the toned shadow alpha, 0…1) from `u2`, the layer's colour with w = 2: c = u·(1 − a)
    /// + a·u and, lane by lane, min(c, α) with α = (1 + a) − a. In lane w, c ≈ 2 is above α (at most
    /// 1 + 2⁻²³), so the min is α there: the pixel (min(c.x, α), min(c.y, α), min(c.z, α), α) in one vector.
    /// Where a = 0 this is u (α = 1, c = u), the opaque layer's pixel.
    @inline(__always)
    static func overOpaque(_ a: Float, _ u2: SIMD4<Float>) -> SIMD4<Float> {
        let c = u2 * (1 - a) + a * u2
        let alpha = SIMD4<Float>(repeating: (1 + a) - a)
        // Swift's min(c, α) lane by lane: α < c ? α : c.
        return c.replacing(with: alpha, where: alpha .< c)
    }

    /// `stored(s, a)` for any layer alpha s (a: the toned shadow alpha, 0…1): `FilterOps.blendPixel(u·s,
    /// (color·a, a), .normal)` with its steps on whole vectors, +0 where α is not above 0. `u2` and `c2`
    /// are the layer's and the shadow's colours with w = 2: lane w then computes about 2·α, above α, so
    /// that min(c, α) leaves α there. The colour lanes are blendPixel's: cs = (u·s)/s (0 where s is not
    /// above 0), c = ((u·s)·(1 − a) + (color·a)·(1 − s)) + (s·a)·cs, α = (s + a) − s·a. Where s = 0 that is
    /// color·a (the shadow pixel `stored` gives), where s = 1 `overOpaque`'s value ((color·a)·0 adds +0).
    @inline(__always)
    static func blended(_ s: Float, _ a: Float, _ u2: SIMD4<Float>, _ c2: SIMD4<Float>) -> SIMD4<Float> {
        let us = u2 * s
        let cs = s > 0 ? us / s : .zero
        let c = (us * (1 - a) + (c2 * a) * (1 - s)) + (s * a) * cs
        let alpha = (s + a) - s * a
        let w = SIMD4<Float>(repeating: alpha)
        let px = c.replacing(with: w, where: w .< c)
        return alpha > 0 ? px : .zero
    }

    /// The pixel `FilterDesignerShadow.blend(s, a)` leaves on a +0 pixel at opacity 1 (a: the toned shadow
    /// alpha, 0…1): the shadow pixel where s = 0 (+0 for a = 0), the opaque layer's feBlend over it where
    /// s = 1, else `FilterOps.blendPixel` (+0 where it has no alpha).
    @inline(__always)
    func stored(_ s: Float, _ a: Float) -> SIMD4<Float> {
        if s == 0 { return paint.color * a }
        if s == 1 {
            if a == 0 { return paint.opaque }
            let alpha = (1 + a) - a
            let c = paint.layer * (1 - a) + a * paint.layer
            return SIMD4(min(c.x, alpha), min(c.y, alpha), min(c.z, alpha), alpha)
        }
        let px = FilterOps.blendPixel(paint.layer * s, SIMD4(chain.color * a, a), .normal)
        return px.w > 0 ? px : .zero
    }
}
