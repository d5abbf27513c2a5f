/// Large outputs rendered and encoded a band of rows at a time (`SVGIconRenderer.renderBands` into a
/// `PNGRowStream`): neither the float pixmap nor the 8-bit image of the whole canvas is ever held, only
/// one band of each and the compressed bytes. Smaller outputs, and icons whose filters or patterns need the
/// whole canvas (`SVGIconRenderer.bandRows`), are rendered whole and encoded by `PNGCodec.encode`.
///
/// The stream's form comes from the first band: one colour (alpha bytes into a palette) when that band
/// is alpha-only, RGBA otherwise. A later band that the one-colour form cannot hold exactly starts the
/// render again as RGBA.
enum BandedPNGRender {
    /// The PNG of `icon` drawn with `options` band by band, or nil when it is better drawn whole. Throws
    /// when the render passes a limit or the encoder fails.
    static func png(_ icon: SVGIconDefinition, options: RenderOptions,
                    renderers: inout ReusableRenderers) throws(CachedIconRenderer.Failure) -> [UInt8]? {
        guard let rows = renderers.withRenderer(for: options, { $0.bandRows(for: icon) }) else { return nil }
        if let png = try attempt(icon, options: options, rows: rows, oneColorAllowed: true, renderers: &renderers) {
            return png
        }
        return try attempt(icon, options: options, rows: rows, oneColorAllowed: false, renderers: &renderers)
    }

    /// One banded render into one stream; nil when a band did not fit a one-colour stream.
    private static func attempt(_ icon: SVGIconDefinition, options: RenderOptions, rows: Int, oneColorAllowed: Bool,
                                renderers: inout ReusableRenderers) throws(CachedIconRenderer.Failure) -> [UInt8]? {
        var stream: PNGRowStream?
        var failure: PNGError?
        var misfit = false
        let finished = renderers.withRenderer(for: options) { renderer in
            renderer.renderBands(icon, rows: rows) { band, _ in
                do throws(PNGError) {
                    if stream == nil {
                        let plane = oneColorAllowed ? band.straightAlphaPlane() : nil
                        stream = try PNGRowStream(width: options.width, height: options.height,
                                                  color: plane.map { ($0.red, $0.green, $0.blue) })
                    }
                    guard let stream else { return false }
                    if stream.color == nil, band.uniformColor == nil {
                        // RGBA into RGBA: converted in the encoder, a row at a time.
                        try stream.appendPremultiplied(band.data)
                        return true
                    }
                    guard let bytes = Self.rows(of: band, color: stream.color) else {
                        misfit = true
                        return false
                    }
                    try stream.append(bytes)
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
        }
        if let reason = renderers.lastLimit { throw .tooComplex(SVGRenderLimitError(reason: reason)) }
        if let failure { throw .encode(failure) }
        guard finished, !misfit, let stream else { return nil }
        do {
            return try stream.finish()
        } catch {
            throw .encode(error)
        }
    }

    /// A band's rows as `color`'s one-colour stream takes them (alpha bytes), or as RGBA bytes when
    /// `color` is nil; nil when the band has pixels of another colour.
    static func rows(of band: Pixmap, color: (red: UInt8, green: UInt8, blue: UInt8)?) -> [UInt8]? {
        guard let color else { return band.straightAlphaRGBA() }
        if let plane = band.straightAlphaPlane() {
            let transparent = !plane.alpha.contains { $0 != 0 }
            guard transparent || (plane.red, plane.green, plane.blue) == color else { return nil }
            return plane.alpha
        }
        let rgba = band.straightAlphaRGBA()
        var alpha = [UInt8](repeating: 0, count: rgba.count / 4)
        for p in 0..<alpha.count {
            let a = rgba[p * 4 + 3]
            if a == 0 { continue }
            guard rgba[p * 4] == color.red, rgba[p * 4 + 1] == color.green, rgba[p * 4 + 2] == color.blue else {
                return nil
            }
            alpha[p] = a
        }
        return alpha
    }
}
