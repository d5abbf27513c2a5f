/// `mix-blend-mode`: an offscreen layer blended onto the pixels below it with one of the separable or
/// non-separable blend modes of Compositing and Blending Level 1, then source-over composited:
/// `co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)`, `αo = αs + αb − αs·αb`, on premultiplied sRGB values.
/// The blend functions are the filter engine's (`FilterOps.blendFunction`, the ones `feBlend` uses).
extension Pixmap {
    /// Draws `layer` (its top-left corner at (x, y), scaled by `opacity`) blended into this pixmap with
    /// `mode`; the parts of `layer` outside this pixmap are left out.
    package mutating func compositeBlending(_ layer: Pixmap, x: Int, y: Int, opacity: Double, mode: SVGBlendMode) {
        guard let (o, columns, rows) = placement(of: layer, x: x, y: y, opacity: opacity) else { return }
        forEachPlacedRGBAPixel(of: layer, x: x, y: y, columns: columns, rows: rows) { dst, src, j, i in
            let sa = src[i + 3] * o
            guard sa > 0 else { return }
            let sp = SIMD3(src[i], src[i + 1], src[i + 2]) * o
            let da = dst[j + 3]
            let dp = SIMD3(dst[j], dst[j + 1], dst[j + 2])
            let cs = sp / sa
            let cb = da > 0 ? dp / da : .zero
            let mixed = FilterOps.blendFunction(mode, cb, cs)
            let c = sp * (1 - da) + dp * (1 - sa) + sa * da * mixed
            let alpha = sa + da - sa * da
            dst[j] = min(max(c.x, 0), alpha)
            dst[j + 1] = min(max(c.y, 0), alpha)
            dst[j + 2] = min(max(c.z, 0), alpha)
            dst[j + 3] = alpha
        }
    }
}
