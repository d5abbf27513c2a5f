// MARK: - Drawing a drop shadow of another colour from its two planes into an RGBA pixmap

/// What one `FilterShadowPlanes.draw` paints with, worked out once: the colours of the pixels that need
/// no per-pixel colour conversion, and the conversion tables for those that do.
struct ShadowPlanesPaint {
    /// A shadow-only pixel per unit of shadow alpha: the shadow colour in sRGB, alpha 1.
    let shade: SIMD4<Float>
    /// A pixel of the opaque layer: its colour converted to the filter space and back, alpha 1.
    let opaque: SIMD4<Float>
    /// The layer's colour (straight sRGB, w = 1).
    let layer: SIMD4<Float>
    /// The shadow's colour (straight, in the filter space, w = 1).
    let color: SIMD4<Float>
    /// The shadow colour's alpha × the shadow's opacity, and the layer's opacity (both in 0…1).
    let ca: Float, o: Float
    /// sRGB → linear and linear → sRGB (nil when the filter works in sRGB).
    let toLinear: UnsafeBufferPointer<Float>?, toSRGB: UnsafeBufferPointer<Float>?
    /// True when the layer is black (colour channels 0) and the filter works in linearRGB: its partly
    /// covered pixels then skip the conversion to linear (`storedPartial`). False unless given.
    var linearBlack = false

    /// The result (premultiplied sRGB) where the layer's alpha `s` is partial and the shadow's is `a`: the
    /// layer's pixel converted to the filter space, the shadow under it, the sum converted back — the
    /// steps of `FilterColorConversion.convert` and `FilterOps.shadow` on the RGBA route.
    @inline(__always)
    func mixed(_ s: Float, _ a: Float) -> SIMD4<Float> {
        var p = layer * s
        if let toLinear { p = FilterColorConversion.convertPremultiplied(p, toLinear) }
        p += (color * a) * (1 - p.w)
        if let toSRGB { p = FilterColorConversion.convertPremultiplied(p, toSRGB) }
        return p
    }

    /// The filter result at a pixel whose layer alpha is `s` and shadow alpha `a`; nil where it is
    /// transparent (nothing to draw): the shadow colour × a where the layer is absent, the layer's colour
    /// where it is opaque, `mixed` between.
    @inline(__always)
    func result(_ s: Float, _ a: Float) -> SIMD4<Float>? {
        if s == 0 { return a > 0 ? shade * a : nil }
        if s == 1 { return opaque }
        let px = mixed(s, a)
        return px.w > 0 ? px : nil
    }

    /// `px` drawn at `q` (premultiplied RGBA) with the layer's opacity: q = px · o + q · (1 − αpx · o).
    @inline(__always)
    func put(_ px: SIMD4<Float>, _ q: UnsafeMutablePointer<Float>) {
        let d = UnsafeRawPointer(q).loadUnaligned(as: SIMD4<Float>.self)
        UnsafeMutableRawPointer(q).storeBytes(of: px * o + d * (1 - px.w * o), as: SIMD4<Float>.self)
    }

    /// Four shadow-only pixels (shadow alphas `alpha`) drawn from `q` on: `put(shade × a[k])` for each
    /// a[k] > 0, with the factors of the four pixels' backdrops, 1 − a[k]·o (`shade.w` is 1), taken
    /// together. Where a[k] is not above 0 (a blur's residue may be a little below) it counts as 0 and
    /// the pixel is kept (q·1 + 0: the same value, a −0 made +0).
    @inline(__always)
    func shadeFour(_ alpha: SIMD4<Float>, _ q: UnsafeMutablePointer<Float>) {
        let a = SIMD4<Float>.zero.replacing(with: alpha, where: alpha .> .zero)
        let keep = 1 - a * o
        let raw = UnsafeMutableRawPointer(q)
        for k in 0..<4 {
            let d = UnsafeRawPointer(raw + k &* 16).loadUnaligned(as: SIMD4<Float>.self)
            (raw + k &* 16).storeBytes(of: (shade * a[k]) * o + d * keep[k], as: SIMD4<Float>.self)
        }
    }

    /// `shadeFour` over four pixels that are ±0: the shadow pixels `(shade × a[k]) · o` stored as they
    /// are. The same values: `d · keep` is ±0 there, and x + ±0 is x for the stored x, which is never −0
    /// (`shade`'s channels are +0 or positive, a[k] is +0 or positive, o positive).
    @inline(__always)
    func shadeFourBlank(_ alpha: SIMD4<Float>, _ q: UnsafeMutablePointer<Float>) {
        let a = SIMD4<Float>.zero.replacing(with: alpha, where: alpha .> .zero)
        let raw = UnsafeMutableRawPointer(q)
        for k in 0..<4 { (raw + k &* 16).storeBytes(of: (shade * a[k]) * o, as: SIMD4<Float>.self) }
    }

    /// The opaque layer's pixel drawn at `q`: stored as it is when o = 1 (q · 0 adds +0 to it).
    @inline(__always)
    func putOpaque(_ q: UnsafeMutablePointer<Float>) {
        if o == 1 {
            UnsafeMutableRawPointer(q).storeBytes(of: opaque, as: SIMD4<Float>.self)
        } else {
            put(opaque, q)
        }
    }

    /// Columns `range` of one row where no shadow lands: `layer` values, `out` that row's first pixel.
    /// Four layer values of 0 draw nothing, four of 1 the opaque colour; the others go through `drawFour`.
    func layerOnly(_ layer: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ range: Range<Int>) {
        var i = range.lowerBound
        while i &+ 4 <= range.upperBound {
            let v = UnsafeRawPointer(layer + i).loadUnaligned(as: SIMD4<Float>.self)
            if v == .zero {
            } else if v == SIMD4(repeating: 1) {
                for k in 0..<4 { putOpaque(out + (i &+ k) &* 4) }
            } else {
                drawFour(v, .zero, out + i &* 4)
            }
            i &+= 4
        }
        while i < range.upperBound {
            if layer[i] != 0 { pixel(layer[i], 0, out + i &* 4) }
            i &+= 1
        }
    }

    /// Columns `range` of one row where the moved shadow lands (`moved[i]`: its value at column i); `blank`:
    /// the output row holds only ±0 (its shadow-only pixels are then stored, not drawn over).
    func withShadow(_ layer: UnsafePointer<Float>, _ moved: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>,
                    _ range: Range<Int>, _ blank: Bool) {
        var i = range.lowerBound
        while i &+ 4 <= range.upperBound {
            let v = UnsafeRawPointer(layer + i).loadUnaligned(as: SIMD4<Float>.self)
            let a = UnsafeRawPointer(moved + i).loadUnaligned(as: SIMD4<Float>.self) * ca
            if v == .zero {
                if blank { shadeFourBlank(a, out + i &* 4) } else { shadeFour(a, out + i &* 4) }
            } else if v == SIMD4(repeating: 1) {
                for k in 0..<4 { putOpaque(out + (i &+ k) &* 4) }
            } else {
                drawFour(v, a, out + i &* 4)
            }
            i &+= 4
        }
        while i < range.upperBound {
            pixel(layer[i], moved[i] * ca, out + i &* 4)
            i &+= 1
        }
    }

    /// `result(s, a)` drawn at `q`, if any.
    @inline(__always)
    func pixel(_ s: Float, _ a: Float, _ q: UnsafeMutablePointer<Float>) {
        if s == 1 {
            putOpaque(q)
        } else if let px = result(s, a) {
            put(px, q)
        }
    }
}

extension FilterShadowPlanes {
    /// Draws the filter result over `pixmap` (made full RGBA, an alpha-only one row by row as it is drawn:
    /// `ShadowRows.walk`) with the planes' pixel (0, 0) at (x, y) and `opacity`, as `Pixmap.composite` draws the RGBA route's image: dst = src · o + dst · (1 − αsrc · o)
    /// where αsrc > 0. Per pixel the RGBA route's arithmetic, except where the layer is absent (the result
    /// is the shadow colour converted once, × alpha) or opaque (the layer colour converted there and back,
    /// once): there the RGBA route un-premultiplies and converts each pixel, which gives the same colour
    /// within a few float steps (the colour's sRGB round trip is within 2·10⁻⁵). Row by row, each row in
    /// up to three stretches (layer only, layer and shadow, layer only), four pixels at a time.
    func draw(into pixmap: inout Pixmap, x: Int, y: Int, opacity layerOpacity: Double) {
        guard let place = ShadowRows(width: over.width, height: over.height, on: pixmap, x: x, y: y, opacity: layerOpacity)
        else { return }
        FilterColorConversion.toLinear.withUnsafeBufferPointer { toLinear in
            FilterColorConversion.toSRGB.withUnsafeBufferPointer { toSRGB in
                let paint = self.paint(place.o, space == .linearRGB ? (toLinear, toSRGB) : nil)
                place.paint(over, shadow, at: dx, dy, into: &pixmap, paint)
            }
        }
    }

    /// The draw's colours at layer opacity `o`, with the conversion tables when the filter works in
    /// linearRGB (`tables`: to linear, to sRGB).
    func paint(_ o: Float, _ tables: (UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>)?) -> ShadowPlanesPaint {
        let (r, g, b, ca) = FilterOps.straight(color, opacity: opacity, space: space)
        let u = SIMD4<Float>(Float(overColor.red) / 255, Float(overColor.green) / 255, Float(overColor.blue) / 255, 1)
        var shade = SIMD4<Float>(r, g, b, 1), opaque = u
        if let tables {
            let (toLinear, toSRGB) = tables
            @inline(__always) func srgb(_ v: Float) -> Float { FilterColorConversion.lookup(toSRGB, v) }
            @inline(__always) func roundTrip(_ v: Float) -> Float { srgb(FilterColorConversion.lookup(toLinear, v)) }
            shade = SIMD4(srgb(r), srgb(g), srgb(b), 1)
            opaque = SIMD4(roundTrip(u.x), roundTrip(u.y), roundTrip(u.z), 1)
        }
        return ShadowPlanesPaint(shade: shade, opaque: opaque, layer: u, color: SIMD4(r, g, b, 1), ca: ca, o: o,
                                 toLinear: tables?.0, toSRGB: tables?.1,
                                 linearBlack: tables != nil && u.x == 0 && u.y == 0 && u.z == 0)
    }
}
