/// Samples an `SVGImagePaint` at device pixel centres: the pixel centre is mapped back into the image's
/// own pixel grid (pixel (i, j) covers [i, i+1) × [j, j+1)) and read bilinearly between the four nearest
/// pixel centres, or from the nearest pixel for `pixelated`. Beyond the image's edge the edge pixels
/// repeat (pad), as resvg's pattern does. A class: `PaintShader.Kind` holds one reference to it and stays
/// as small as the gradients' payloads.
final class ImageSampler {
    let pixels: SVGImagePixels
    /// Device pixel → image pixel coordinates.
    let inverse: SVGTransform
    let smooth: Bool
    /// Opacity folded into the sample, over 255 (bytes → 0…1).
    let scale: Float

    /// nil when the image cannot be drawn with `transform` (a degenerate destination or transform).
    init?(_ image: SVGImagePaint, opacity: Double, transform: SVGTransform) {
        let pw = Double(image.pixels.width), ph = Double(image.pixels.height)
        guard image.width > 0, image.height > 0, image.width.isFinite, image.height.isFinite, opacity > 0 else {
            return nil
        }
        let placement = SVGTransform(a: image.width / pw, b: 0, c: 0, d: image.height / ph, e: image.x, f: image.y)
        guard let inverse = transform.concatenating(placement).inverted() else { return nil }
        self.pixels = image.pixels
        self.inverse = inverse
        self.smooth = image.smoothing == .smooth
        self.scale = Float(max(0, min(1, opacity))) / 255
    }

    /// The premultiplied colour at the centre of device pixel (x, y).
    func color(x: Int, y: Int) -> PremultipliedColor? {
        let p = inverse.apply(SVGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
        guard p.x.isFinite, p.y.isFinite else { return nil }
        let w = pixels.width, h = pixels.height
        return pixels.samples.withUnsafeBufferPointer { s -> PremultipliedColor in
            if !smooth {
                let i = Self.clamp(Int(p.x.rounded(.down).clamped(-1, Double(w))), w)
                let j = Self.clamp(Int(p.y.rounded(.down).clamped(-1, Double(h))), h)
                let k = (j * w + i) * 4
                return PremultipliedColor(r: Float(s[k]) * scale, g: Float(s[k + 1]) * scale,
                                          b: Float(s[k + 2]) * scale, a: Float(s[k + 3]) * scale)
            }
            let u = (p.x - 0.5).clamped(-1, Double(w)), v = (p.y - 0.5).clamped(-1, Double(h))
            let u0 = u.rounded(.down), v0 = v.rounded(.down)
            let fx = Float(u - u0), fy = Float(v - v0)
            let i0 = Self.clamp(Int(u0), w), i1 = Self.clamp(Int(u0) + 1, w)
            let j0 = Self.clamp(Int(v0), h), j1 = Self.clamp(Int(v0) + 1, h)
            let a = (j0 * w + i0) * 4, b = (j0 * w + i1) * 4, c = (j1 * w + i0) * 4, d = (j1 * w + i1) * 4
            let wa = (1 - fx) * (1 - fy), wb = fx * (1 - fy), wc = (1 - fx) * fy, wd = fx * fy
            func channel(_ k: Int) -> Float {
                (Float(s[a + k]) * wa + Float(s[b + k]) * wb + Float(s[c + k]) * wc + Float(s[d + k]) * wd) * scale
            }
            return PremultipliedColor(r: channel(0), g: channel(1), b: channel(2), a: channel(3))
        }
    }

    @inline(__always)
    private static func clamp(_ i: Int, _ n: Int) -> Int { i < 0 ? 0 : i >= n ? n - 1 : i }
}

private extension Double {
    @inline(__always)
    func clamped(_ lo: Double, _ hi: Double) -> Double { self < lo ? lo : self > hi ? hi : self }
}
