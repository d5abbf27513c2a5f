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
        return BoundingBoxUnits.hasUsableBox(shape.path) ? paint : nil
    }

    /// A marked shape's context paint (`real`) and what its marker's content gets (`handed`): a gradient
    /// becomes a placeholder of its own — so that only `context-fill`/`context-stroke` is replaced by
    /// `carrying`, never a marker child's own `url(#g)` that equals the shape's paint; a placeholder of an
    /// outer use or marker passes through unchanged (the outer one replaces it), as does any other paint.
    mutating func markerContext(_ real: SVGPaint?) -> (handed: SVGPaint?, real: SVGPaint?) {
        guard let real, real.isGradient, !SVGResolver.isUsePlaceholder(real) else { return (real, real) }
        markerContextKeys += 1
        return (real.transformedGradient(SVGResolver.placeholder(-markerContextKeys), replacing: true), real)
    }

    /// `layers` (a marker's content, placed by `placement` in the marked shape's user space; a use's content)
    /// with every fill and stroke equal to a pair's `match` (a placeholder) replaced by its `gradient` (in
    /// the space `placement` maps the layers into; nil: not painted), re-expressed in the painted shape's
    /// own space: its transform preceded by the inverse of all the transforms above it. The content of
    /// the layers' masks is carried too (`context-fill` in a mask used inside a marker or a use names the
    /// marked shape's or the use's paint, SVG 2 §13.3.2; resvg does the same); a clip path's paint draws
    /// nothing, so its content is left as it is.
    static func carrying(_ pairs: [(match: SVGPaint, gradient: SVGPaint?)], into layers: [SVGIconLayer],
                         from placement: SVGTransform) -> [SVGIconLayer] {
        func carried(_ paint: SVGPaint, back: SVGTransform) -> SVGPaint?? {
            guard let pair = pairs.first(where: { $0.match == paint }) else { return .none }
            return .some(pair.gradient?.transformedGradient(back))
        }
        return layers.map { original in
            var layer = original
            let space = placement.concatenating(layer.transform)
            if let mask = layer.mask { layer.mask = carrying(pairs, into: mask, of: original, from: space) }
            switch layer.content {
            case .group(let children):
                layer.content = .group(carrying(pairs, into: children, from: space))
            case .shape(var shape):
                guard let back = space.inverted() else { return layer }
                if let paint = shape.fill?.paint, let new = carried(paint, back: back) {
                    if let new { shape.fill?.paint = new } else { shape.fill = nil }
                }
                if let paint = shape.stroke?.paint, let new = carried(paint, back: back) {
                    if let new { shape.stroke?.paint = new } else { shape.stroke = nil }
                }
                layer.content = .shape(shape)
            }
            return layer
        }
    }

    /// `mask` (on `layer`, whose user space `space` maps into the marked shape's or use's) with its content
    /// and the content of the masks on it carried as `carrying(_:into:from:)` carries layers: content in
    /// bounding-box units lies in `layer`'s box, which the bounding-box pass maps it from (a box without
    /// width or height masks everything away, so nothing is carried there).
    private static func carrying(_ pairs: [(match: SVGPaint, gradient: SVGPaint?)], into mask: SVGMask,
                                 of layer: SVGIconLayer, from space: SVGTransform) -> SVGMask {
        var mask = mask
        var contentSpace: SVGTransform? = space
        if mask.contentUnits == .objectBoundingBox {
            contentSpace = BoundingBoxUnits.map(LayerBounds.bounds(of: layer)).map { space.concatenating($0) }
        }
        if let contentSpace { mask.layers = carrying(pairs, into: mask.layers, from: contentSpace) }
        if let inner = mask.mask { mask.mask = carrying(pairs, into: inner, of: layer, from: space) }
        return mask
    }

    /// A `use`'s fill or stroke handed to its content's `context-fill`/`context-stroke` (`key`: the use's
    /// index × 2, + 1 for the stroke): a gradient comes back as a placeholder — user-space units and a
    /// singular transform that names `key` — kept in `pendingUseGradients` until `carryingUseContext` has
    /// the use's box and puts the gradient in its place, in the context element's box and user space
    /// (SVG 2 §13.3.2). A placeholder of an outer use passes through unchanged.
    mutating func markingUseGradient(_ paint: SVGPaint?, key: Int) -> SVGPaint? {
        guard let paint, paint.isGradient, !SVGResolver.isUsePlaceholder(paint) else { return paint }
        pendingUseGradients[key] = paint
        return paint.transformedGradient(SVGResolver.placeholder(key), replacing: true)
    }

    /// The use `index`'s content (`layer`, in the space its x/y move it to: `offset` maps that to the use's
    /// user space) with the placeholders `markingUseGradient` handed out for this use replaced.
    mutating func carryingUseContext(_ index: Int, offset: SVGTransform, into layer: SVGIconLayer) -> SVGIconLayer {
        var pairs: [(match: SVGPaint, gradient: SVGPaint?)] = []
        for key in [index * 2, index * 2 + 1] {
            guard let original = pendingUseGradients.removeValue(forKey: key) else { continue }
            let match = original.transformedGradient(SVGResolver.placeholder(key), replacing: true)
            if original.hasBoundingBoxUnits {
                let box = LayerBounds.bounds(of: SVGIconLayer(content: .group([layer])))
                pairs.append((match, BoundingBoxUnits.resolve(original, box: box)))
            } else {
                pairs.append((match, offset.inverted().map { original.transformedGradient($0) }))
            }
        }
        guard !pairs.isEmpty else { return layer }
        return SVGResolver.carrying(pairs, into: [layer], from: .identity)[0]
    }

    /// The singular transform of the placeholder for `key` (a use's: its index × 2 (+ 1); a marker
    /// instance's: negative).
    private static func placeholder(_ key: Int) -> SVGTransform {
        SVGTransform(a: 0, b: 0, c: 0, d: 0, e: Double(key), f: -Double.greatestFiniteMagnitude)
    }

    private static func isUsePlaceholder(_ paint: SVGPaint) -> Bool {
        switch paint {
        case .linearGradient(let g): return g.transform.a == 0 && g.transform.d == 0 && g.transform.f == -Double.greatestFiniteMagnitude
        case .radialGradient(let g): return g.transform.a == 0 && g.transform.d == 0 && g.transform.f == -Double.greatestFiniteMagnitude
        default: return false
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

    /// Whether this is a gradient in bounding-box units.
    var hasBoundingBoxUnits: Bool {
        switch self {
        case .linearGradient(let g): return g.units == .objectBoundingBox
        case .radialGradient(let g): return g.units == .objectBoundingBox
        default: return false
        }
    }

    /// A user-space gradient seen from a space that `inverse` maps its user space into: its transform
    /// preceded by `inverse` (`replacing`: `inverse` itself, in user-space units). Anything else unchanged.
    func transformedGradient(_ inverse: SVGTransform, replacing: Bool = false) -> SVGPaint {
        switch self {
        case .linearGradient(var g):
            g.transform = replacing ? inverse : inverse.concatenating(g.transform)
            if replacing { g.units = .userSpaceOnUse }
            return .linearGradient(g)
        case .radialGradient(var g):
            g.transform = replacing ? inverse : inverse.concatenating(g.transform)
            if replacing { g.units = .userSpaceOnUse }
            return .radialGradient(g)
        default:
            return self
        }
    }
}
