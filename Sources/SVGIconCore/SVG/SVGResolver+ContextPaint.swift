/// Context paints of markers in the context element's user space (SVG 2 §13.3.2): a gradient on the marked
/// shape is folded into that shape's user space, then carried into each marker instance's spaces.
extension SVGResolver {
    /// A marked shape's paint as its markers' `context-fill`/`context-stroke` see it: a paint server takes
    /// the context element's box and user space (SVG 2 §13.3.2). A gradient comes back in that user space
    /// (its bounding-box units folded in), for `carrying(_:into:from:)` to map into each marker instance's
    /// spaces; a pattern in bounding-box units on a shape whose box has no width or no height paints nothing,
    /// as on the shape itself (a horizontal line's gradient or pattern).
    static func contextPaint(_ paint: SVGPaint?, of shape: SVGShape?) -> SVGPaint? {
        guard let paint, let shape else { return paint }
        switch paint {
        case .linearGradient, .radialGradient:
            return BoundingBoxUnits.resolve(paint, box: LayerBounds.bounds(of: shape.path))
        case .pattern(let p) where p.units == .objectBoundingBox || p.contentUnits == .objectBoundingBox: break
        default: return paint
        }
        guard let first = shape.path.points.first else { return nil }
        var lo = first, hi = first
        for p in shape.path.points {
            lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y); hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
        }
        return hi.x > lo.x && hi.y > lo.y ? paint : nil
    }

    /// The gradients among a marked shape's context paints (the ones `carrying(_:into:from:)` moves).
    static func gradients(among paints: [SVGPaint?]) -> [SVGPaint] {
        paints.compactMap { $0 }.filter(\.isGradient)
    }

    /// `layers` (a marker's content, placed by `placement` in the marked shape's user space) with every
    /// fill and stroke that is one of `gradients` (context paints in that user space) re-expressed in the
    /// painted shape's own space: its transform preceded by the inverse of all the transforms above it.
    static func carrying(_ gradients: [SVGPaint], into layers: [SVGIconLayer], from placement: SVGTransform) -> [SVGIconLayer] {
        layers.map { original in
            var layer = original
            let space = placement.concatenating(layer.transform)
            switch layer.content {
            case .group(let children):
                layer.content = .group(carrying(gradients, into: children, from: space))
            case .shape(var shape):
                guard let back = space.inverted() else { return layer }
                if let paint = shape.fill?.paint, gradients.contains(paint) { shape.fill?.paint = paint.transformedGradient(back) }
                if let paint = shape.stroke?.paint, gradients.contains(paint) {
                    shape.stroke?.paint = paint.transformedGradient(back)
                }
                layer.content = .shape(shape)
            }
            return layer
        }
    }
}

private extension SVGPaint {
    /// Whether this is a linear or radial gradient.
    var isGradient: Bool {
        switch self {
        case .linearGradient, .radialGradient: return true
        default: return false
        }
    }

    /// A user-space gradient seen from a space that `inverse` maps its user space into: its transform
    /// preceded by `inverse`. Anything else unchanged.
    func transformedGradient(_ inverse: SVGTransform) -> SVGPaint {
        switch self {
        case .linearGradient(var g):
            g.transform = inverse.concatenating(g.transform)
            return .linearGradient(g)
        case .radialGradient(var g):
            g.transform = inverse.concatenating(g.transform)
            return .radialGradient(g)
        default:
            return self
        }
    }
}
