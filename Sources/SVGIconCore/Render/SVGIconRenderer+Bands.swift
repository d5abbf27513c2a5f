// The renderer, part: banded renders. A large canvas is drawn a band of rows at a time, so that neither
// the pixmap (16 bytes a pixel in RGBA) nor the coverage cells ever cover the whole canvas, and the rows
// can go to the PNG encoder as they are finished. SVGIconRenderer.swift holds the drawing itself.
//
// Every band draws every layer: the shapes are flattened and swept whole each time, and the cells keep
// only the band's rows (`CoverageRasterizer.setRowWindow`). A row's coverage depends only on the outline's
// pieces inside that row, worked out from each segment's own ends, so a band's pixels are exactly the
// whole-canvas render's. Offscreen layers keep their whole-canvas regions (so every coordinate is the
// same) and hold only the band's rows of them.

extension SVGIconRenderer {
    /// Outputs with more pixels than this are drawn in bands (when the icon allows it, `bandRows`).
    package static let bandedPixelThreshold = 1 << 19
    /// About how many pixels one band holds: its rows are this ÷ the width, at least `minimumBandRows`.
    package static let pixelsPerBand = 1 << 20
    /// The fewest rows a band has, however wide the output.
    package static let minimumBandRows = 16

    /// The rows per band for drawing `icon` with `renderBands`, or nil when it is better drawn whole with
    /// `render`: outputs of at most `bandedPixelThreshold` pixels, and icons with filters (which read
    /// neighbouring pixels, across a band's edge) or patterns (whose tile would be drawn again for every
    /// band).
    package func bandRows(for icon: SVGIconDefinition) -> Int? {
        let width = max(0, options.width), height = max(0, options.height)
        guard width * height > Self.bandedPixelThreshold, !Self.needsWholeCanvas(icon.layers) else { return nil }
        let rows = max(Self.minimumBandRows, Self.pixelsPerBand / max(1, width))
        return rows < height ? rows : nil
    }

    /// True when some layer of `layers` (or of their groups and masks) has a filter or paints a pattern.
    static func needsWholeCanvas(_ layers: [SVGIconLayer]) -> Bool {
        var pending: [[SVGIconLayer]] = [layers]
        while let list = pending.popLast() {
            for layer in list {
                if !layer.filter.isEmpty { return true }
                var mask = layer.mask
                while let m = mask {
                    pending.append(m.layers)
                    mask = m.mask
                }
                switch layer.content {
                case .group(let children):
                    pending.append(children)
                case .shape(let shape):
                    if case .pattern? = shape.fill?.paint { return true }
                    if case .pattern? = shape.stroke?.paint { return true }
                }
            }
        }
        return false
    }

    /// True when nothing `layer` can paint falls in the band's rows: drawing it would deposit nothing there,
    /// so a banded render skips it. `LayerBounds.deviceBounds` is widened by `bandMargin` pixels, as offscreen
    /// regions are: the flattened outline can reach a little past the control points (points straddle a
    /// curve, round caps and joins take the radius that keeps their area).
    func missesBand(_ layer: SVGIconLayer, transform t: SVGTransform) -> Bool {
        guard let band else { return false }
        guard let bounds = LayerBounds.deviceBounds(ofContent: layer, transform: t, host: fit) else { return true }
        return bounds.max.y + Self.bandMargin < Double(band.lowerBound)
            || bounds.min.y - Self.bandMargin > Double(band.upperBound)
    }

    /// Pixels added on each side of a layer's bounds when deciding whether it reaches a band.
    static let bandMargin = 2.0

    /// Renders `icon` a band of `rows` rows at a time, top to bottom, handing each band to `body` with the
    /// output row it starts at: a pixmap of the output's width and `rows` rows (fewer for the last band)
    /// whose pixels are exactly those rows of `render(icon)`'s pixmap (its form, alpha-only or RGBA, may
    /// differ from band to band). The work limit counts the work of all bands together. Returns false when
    /// `body` returned false or a limit stopped the render (`limitExceeded` says which); `body` is not called
    /// for a band a limit stopped.
    package mutating func renderBands(_ icon: SVGIconDefinition, rows: Int, _ body: (Pixmap, Int) -> Bool) -> Bool {
        let icon = prepared(icon)
        let height = max(0, options.height), rows = max(1, rows)
        fit = Self.fitTransform(icon, width: options.width, height: options.height)
        let layers = fittedLayers(of: icon)
        let limit = workLimit
        workLimit = workAllowed(for: icon)
        defer {
            earlierBandsWork = 0
            workLimit = limit
        }
        var earlier = 0
        var top = 0
        while top < height {
            earlierBandsWork = earlier
            rasterizer.workLimit = max(0, workLimit - earlier)
            begin(band: top..<min(top + rows, height))
            var pixmap = blankPixmap(for: options.background == nil ? icon.layers : nil)
            draw(layers, transform: fit, into: &pixmap)
            guard withinLimits() else { return false }
            if let bg = options.background { pixmap.fillBehind(bg) }
            pixmap.writePendingZeros()  // a band that drew nothing
            guard body(pixmap, top) else { return false }
            earlier += rasterizer.work + bufferWork
            top += rows
        }
        return true
    }
}
