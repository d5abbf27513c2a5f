// The renderer, part: coverage of clip paths and masks (each drawn offscreen and turned into one value per
// pixel that scales what it is applied to). SVGIconRenderer.swift holds the renderer and its drawing.

extension SVGIconRenderer {
    /// Coverage (0…1 per pixel) of a clip path (in user space: `units` are resolved before drawing): the
    /// union of its shapes, intersected with the clip path's own clip path. No layers: nothing is covered.
    mutating func clipCoverage(_ clip: SVGClipPath, transform t: SVGTransform) -> [Float] {
        assert(clip.units == .userSpaceOnUse, "bounding-box units are resolved before drawing")
        let count = targetPixelCount
        guard reserve(bytesPerPixel: 4) else { return [Float](repeating: 0, count: count) }
        defer { release(bytesPerPixel: 4) }
        let base = t.concatenating(clip.transform)
        var coverage = [Float](repeating: 0, count: count)
        for layer in clip.layers { addClipLayer(layer, parent: base, into: &coverage) }
        if let outer = clip.clipPath, depth < Self.maxOffscreenDepth {
            depth += 1
            let other = clipCoverage(outer, transform: t)
            depth -= 1
            for i in 0..<count { coverage[i] *= other[i] }
        }
        return coverage
    }

    /// Unites one clip-path child into `coverage` (a + b − a·b, as drawing it in black would).
    mutating func addClipLayer(_ layer: SVGIconLayer, parent: SVGTransform, into coverage: inout [Float]) {
        let t = parent.concatenating(layer.transform)
        guard t.isInvertible, reserve(bytesPerPixel: 4) else { return }
        defer { release(bytesPerPixel: 4) }
        var own = [Float](repeating: 0, count: coverage.count)
        switch layer.content {
        case .group(let children):
            for child in children { addClipLayer(child, parent: t, into: &own) }
        case .shape(let shape):
            PathFlattener.forEachFillEdge(shape.path, transform: t, tolerance: options.curveTolerance) {
                rasterizer.addLine($0, $1)
            }
            let width = region.width
            rasterizer.sweep(rule: shape.fill?.rule ?? .nonzero) { y, x0, x1, c in
                for x in x0..<x1 { own[y * width + x] = c }
            }
        }
        if let clip = layer.clipPath, depth < Self.maxOffscreenDepth {
            depth += 1
            let inner = clipCoverage(clip, transform: t)
            depth -= 1
            for i in 0..<own.count { own[i] *= inner[i] }
        }
        for i in 0..<coverage.count where own[i] > 0 {
            coverage[i] = coverage[i] + own[i] - coverage[i] * own[i]
        }
    }

    /// Per-pixel mask values: luminance × alpha (or alpha) of the rendered mask content, inside the mask
    /// region, times any mask on the mask. Region and content are in user space (`units` and
    /// `contentUnits` are resolved before drawing); an empty region lets nothing through.
    mutating func maskCoverage(_ mask: SVGMask, transform t: SVGTransform) -> [Float] {
        assert(mask.units == .userSpaceOnUse && mask.contentUnits == .userSpaceOnUse,
               "bounding-box units are resolved before drawing")
        let count = targetPixelCount
        let zero = [Float](repeating: 0, count: count)
        let maskRect = SVGRect(x: mask.x, y: mask.y, width: mask.width, height: mask.height)
        guard maskRect.width > 0, maskRect.height > 0, canNest(), reserve(bytesPerPixel: 24) else { return zero }
        defer { release(bytesPerPixel: 24) }
        depth += 1
        defer { depth -= 1 }
        var content = blankPixmap(for: mask.layers)
        draw(mask.layers, transform: t, into: &content)
        // The mask region, rasterized as a rectangle in the referencing element's user space.
        var regionPath = SVGPath()
        regionPath.move(to: SVGPoint(x: maskRect.x, y: maskRect.y))
        regionPath.line(to: SVGPoint(x: maskRect.x + maskRect.width, y: maskRect.y))
        regionPath.line(to: SVGPoint(x: maskRect.x + maskRect.width, y: maskRect.y + maskRect.height))
        regionPath.line(to: SVGPoint(x: maskRect.x, y: maskRect.y + maskRect.height))
        regionPath.close()
        PathFlattener.forEachFillEdge(regionPath, transform: t, tolerance: options.curveTolerance) {
            rasterizer.addLine($0, $1)
        }
        var values = zero
        let width = self.region.width
        let usesAlpha = mask.usesAlpha
        rasterizer.sweep(rule: .nonzero) { y, x0, x1, c in
            for x in x0..<x1 {
                let p = content.premultiplied(at: y * width + x)
                let v: Float = usesAlpha ? p.a : 0.2125 * p.r + 0.7154 * p.g + 0.0721 * p.b
                values[y * width + x] = min(1, max(0, v)) * c
            }
        }
        if let inner = mask.mask {
            let other = maskCoverage(inner, transform: t)
            for i in 0..<count { values[i] *= other[i] }
        }
        return values
    }
}
