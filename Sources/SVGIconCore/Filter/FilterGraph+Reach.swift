// MARK: - How far a filter moves pixels, so that its region can be cut to what reaches the canvas

extension FilterGraph {
    /// How many region pixels (per axis) a result pixel of the whole graph can depend on away from it,
    /// bounded above: the sum over the primitives of each one's reach (a chain of primitives adds up; the
    /// sum bounds every path through the graph). nil when the region must not be cut at all: feTile reads
    /// its input's subregion wherever the tiles sample it, and a stitched feTurbulence tiles its
    /// subregion, which a cut would move.
    ///
    /// Per primitive, in pixels of the filter grid (one more than the exact value, against rounding):
    /// blur and drop shadow the blur's spread (`FilterOps.blurReach` of the clamped deviation) plus the
    /// shadow's offset; feOffset its distance; feMorphology its radius; feConvolveMatrix its order (with
    /// edgeMode wrap no cut: it reads the region's far side); feDisplacementMap half its scale; lighting one
    /// pixel (the surface normal's neighbours). Per-pixel primitives (flood, merge, composite, blend, colour
    /// matrix, component transfer) and those drawing their own pixels (feImage, feTurbulence) reach 0.
    static func reach(of filter: SVGFilter, transform t: FilterTransform, limits: FilterLimits,
                      region: FilterPixelRect) -> (x: Int, y: Int)? {
        var rx = 0, ry = 0
        func distance(_ v: Double, _ limit: Double) -> Int {
            guard v.isFinite else { return Int(limit) + 1 }
            return Int(min(abs(v), limit).rounded(.up)) + 1
        }
        func blur(_ s: Double, _ scale: Double) -> Int {
            let px = s * scale
            guard px > 0 else { return 0 }  // NaN and negatives too: no blur
            return FilterOps.blurReach(min(px, limits.maxBlurDeviation)) + 1
        }
        let side = Double(max(region.width, region.height))
        for p in filter.primitives {
            switch p.kind {
            case let .gaussianBlur(sx, sy):
                rx += blur(sx, t.scaleX); ry += blur(sy, t.scaleY)
            case let .offset(dx, dy):
                rx += distance(dx * t.scaleX, limits.maxOffset); ry += distance(dy * t.scaleY, limits.maxOffset)
            case let .dropShadow(dx, dy, sx, sy, _, _):
                rx += blur(sx, t.scaleX) + distance(dx * t.scaleX, limits.maxOffset)
                ry += blur(sy, t.scaleY) + distance(dy * t.scaleY, limits.maxOffset)
            case let .morphology(_, radiusX, radiusY):
                let limit = min(Double(limits.maxMorphologyRadius), side)
                rx += radiusX > 0 ? distance(radiusX * t.scaleX, limit) : 0
                ry += radiusY > 0 ? distance(radiusY * t.scaleY, limit) : 0
            case .convolveMatrix(let m) where m.edgeMode == .wrap:
                return nil  // wrapping reads the region's far side, so the region must stay whole
            case .convolveMatrix(let m):
                rx += max(0, m.orderX) + 1; ry += max(0, m.orderY) + 1
            case .displacementMap(let scale, _, _):
                rx += distance(scale * t.scaleX / 2, limits.maxOffset) + 1
                ry += distance(scale * t.scaleY / 2, limits.maxOffset) + 1
            case .diffuseLighting, .specularLighting:
                rx += 2; ry += 2
            case .tile:
                return nil
            case .turbulence(let tb) where tb.stitchTiles:
                return nil
            default:
                break
            }
            // Beyond the region's side a reach changes nothing (and the sums stay far from overflowing).
            rx = min(rx, region.width + 1); ry = min(ry, region.height + 1)
        }
        return (rx, ry)
    }

    /// `region` cut to `visible` (grid pixels where the result can still be seen) grown by `margin` and
    /// by the filter's `reach`; `region` itself when the filter's region must not be cut (`reach` nil).
    /// When nothing of a non-empty region is left, its top-left pixel (whose result cannot reach
    /// `visible` either), so that renderers never make an empty offscreen.
    static func visiblePart(of region: FilterPixelRect, visible: FilterPixelRect, margin: (x: Int, y: Int),
                            reach: (x: Int, y: Int)?) -> FilterPixelRect {
        guard let reach else { return region }
        let grown = Self.grown(visible, by: (min(margin.x, 1 << 40) + reach.x, min(margin.y, 1 << 40) + reach.y))
        let cut = region.intersection(grown)
        if cut.isEmpty && !region.isEmpty { return FilterPixelRect(x: region.x, y: region.y, width: 1, height: 1) }
        return cut
    }

    /// `rect` grown by `by` pixels on each side in x and y (`by` clamped far below overflow).
    static func grown(_ rect: FilterPixelRect, by: (x: Int, y: Int)) -> FilterPixelRect {
        let gx = min(by.x, 1 << 40), gy = min(by.y, 1 << 40)
        return FilterPixelRect(x: rect.x - gx, y: rect.y - gy, width: rect.width + 2 * gx, height: rect.height + 2 * gy)
    }
}
