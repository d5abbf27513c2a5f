/// `objectBoundingBox` units turned into user space, so that the renderer only draws (Docs/model.md, "Bounding-box
/// units").
///
/// The model lets app code write gradients, clip paths and masks in bounding-box units (it is SVG's default for
/// gradients and mask regions). This pass replaces each one by the same thing in the user space of the element it
/// applies to, using that element's bounding box — the geometry of a shape without its stroke, or the union of a
/// group's children in the group's space, marker instances left out (`LayerBounds.bounds`). With the box as the map
/// `B = [width 0 0 height x y]`:
///
/// - a gradient's `transform` becomes `B · transform`; its coordinates stay as they are;
/// - a clip path's `transform` becomes `transform · B` (its content is put in the box first and then
///   transformed in the element's user space, as browsers and resvg do);
/// - a mask region `(x, y, width, height)` becomes `(box.x + x·box.width, box.y + y·box.height, width·box.width,
///   height·box.height)`;
/// - mask content in bounding-box units is wrapped in one group whose transform is `B`;
/// - a pattern's tile `(x, y, width, height)` becomes `(box.x + x·box.width, …)` like a mask region, its content
///   in bounding-box units is scaled by `(box.width, box.height)`, and a `viewBox` is folded into its
///   `contentTransform` (`SVGPattern.inUserSpace(box:)`).
///
/// SVG ignores an effect in bounding-box units on an element whose box has no width or no height (a horizontal
/// line, say), and so does this pass: such a paint becomes nil (the fill or stroke paints nothing), such a clip path
/// becomes one with no layers (it clips everything away), and such a mask becomes one with an empty region (it
/// masks everything away). Geometry, transforms and the layer tree are never changed, so every element keeps the
/// bounding box it had.
///
/// `SVGResolver` runs this at the end of resolution; `SVGIconRenderer` runs it once per render on a definition
/// not yet known to be in user space (one built or changed by hand).
extension SVGIconDefinition {
    /// True when some gradient, clip path or mask (at any depth, masks' and clip paths' content included) is in
    /// `objectBoundingBox` units.
    public var hasBoundingBoxUnits: Bool {
        !layersAreInUserSpace && BoundingBoxUnits.any(in: layers)
    }

    /// The same icon with every `objectBoundingBox` gradient, clip path and mask in user space instead
    /// (`hasBoundingBoxUnits` is false on the result). Draws exactly what this definition draws.
    ///
    /// The result remembers that it is in user space, so a second call (the renderer's) costs nothing until
    /// `layers` change; the resolver's definitions come with that already known.
    public func resolvingBoundingBoxUnits() -> SVGIconDefinition {
        if layersAreInUserSpace { return self }
        var icon = self
        if let layers = BoundingBoxUnits.resolved(layers) { icon.layers = layers }
        icon.layersAreInUserSpace = true
        return icon
    }
}

/// The pass behind `SVGIconDefinition.resolvingBoundingBoxUnits()`.
enum BoundingBoxUnits {
    // MARK: Finding them

    static func any(in layers: [SVGIconLayer]) -> Bool {
        layers.contains { layer in
            if let clip = layer.clipPath, any(in: clip) { return true }
            if let mask = layer.mask, any(in: mask) { return true }
            switch layer.content {
            case .shape(let shape): return any(in: shape.fill?.paint) || any(in: shape.stroke?.paint)
            case .group(let children): return any(in: children)
            }
        }
    }

    private static func any(in paint: SVGPaint?) -> Bool {
        switch paint {
        case .linearGradient(let g)?: return g.units == .objectBoundingBox
        case .radialGradient(let g)?: return g.units == .objectBoundingBox
        case .pattern(let p)?: return p.needsResolving || any(in: p.layers)
        case .color?, .tint?, .image?, nil: return false
        }
    }

    private static func any(in clip: SVGClipPath) -> Bool {
        if clip.units == .objectBoundingBox || any(in: clip.layers) { return true }
        return clip.clipPath.map { any(in: $0) } ?? false
    }

    private static func any(in mask: SVGMask) -> Bool {
        if mask.units == .objectBoundingBox || mask.contentUnits == .objectBoundingBox || any(in: mask.layers) {
            return true
        }
        return mask.mask.map { any(in: $0) } ?? false
    }

    // MARK: Resolving them

    /// Resolves every layer in place.
    static func resolve(_ layers: inout [SVGIconLayer]) {
        if let changed = resolved(layers) { layers = changed }
    }

    /// The layers resolved; nil when none needed it (so that untouched subtrees are not copied).
    static func resolved(_ layers: [SVGIconLayer]) -> [SVGIconLayer]? {
        var result: [SVGIconLayer]? = nil
        for i in layers.indices {
            guard let layer = resolved(layers[i]) else { continue }
            if result == nil { result = layers }
            result![i] = layer
        }
        return result
    }

    /// The layer with its paints, clip path and mask resolved against its own box, and everything below it;
    /// nil when nothing needed it.
    static func resolved(_ original: SVGIconLayer) -> SVGIconLayer? {
        // The box is the layer's geometry, which the pass never changes: worked out once, when first needed.
        var memo: SVGRect?? = nil
        func box() -> SVGRect? {
            if let memo { return memo }
            let b = LayerBounds.bounds(of: original)
            memo = .some(b)
            return b
        }
        var layer = original
        var changed = false
        switch original.content {
        case .shape(var shape):
            if let fill = shape.fill, any(in: fill.paint) {
                shape.fill = repainted(fill, \.paint, box: box())
                changed = true
            }
            if let stroke = shape.stroke, any(in: stroke.paint) {
                shape.stroke = repainted(stroke, \.paint, box: box())
                changed = true
            }
            if changed { layer.content = .shape(shape) }
        case .group(let children):
            if let resolvedChildren = resolved(children) {
                layer.content = .group(resolvedChildren)
                changed = true
            }
        }
        if let clip = original.clipPath, any(in: clip) {
            layer.clipPath = resolve(clip, box: box())
            changed = true
        }
        if let mask = original.mask, any(in: mask) {
            layer.mask = resolve(mask, box: box())
            changed = true
        }
        return changed ? layer : nil
    }

    /// Whether `path`'s bounding box has a width and a height, as `objectBoundingBox` units need: the box
    /// of its geometry (`LayerBounds.bounds(of:)`: curves by their extent, lone moves not counted), not of
    /// its control points (SVG 2 §8.10 defines the box by the geometry) — the box this pass resolves against.
    static func hasUsableBox(_ path: SVGPath) -> Bool {
        map(LayerBounds.bounds(of: path)) != nil
    }

    /// The bounding-box map `[width 0 0 height x y]`; nil for a missing box or one without width or height.
    static func map(_ box: SVGRect?) -> SVGTransform? {
        guard let box, box.width > 0, box.height > 0 else { return nil }
        return SVGTransform(a: box.width, b: 0, c: 0, d: box.height, e: box.x, f: box.y)
    }

    /// A fill or stroke with its `paint` in user space; nil when it paints nothing.
    private static func repainted<Painted>(_ painted: Painted, _ paint: WritableKeyPath<Painted, SVGPaint>,
                                           box: SVGRect?) -> Painted? {
        guard let resolved = resolve(painted[keyPath: paint], box: box) else { return nil }
        var result = painted
        result[keyPath: paint] = resolved
        return result
    }

    /// The paint in user space; nil when it paints nothing (bounding-box units on an empty box).
    static func resolve(_ paint: SVGPaint, box: SVGRect?) -> SVGPaint? {
        switch paint {
        case .linearGradient(var g) where g.units == .objectBoundingBox:
            guard let b = map(box) else { return nil }
            g.transform = b.concatenating(g.transform)
            g.units = .userSpaceOnUse
            return .linearGradient(g)
        case .radialGradient(var g) where g.units == .objectBoundingBox:
            guard let b = map(box) else { return nil }
            g.transform = b.concatenating(g.transform)
            g.units = .userSpaceOnUse
            return .radialGradient(g)
        case .pattern(let p):
            // The tile and content map against the painted shape's box; the content's own layers against theirs.
            guard var q = p.inUserSpace(box: box) else { return nil }
            resolve(&q.layers)
            return .pattern(q)
        default:
            return paint
        }
    }

    /// The clip path in user space. Its own clip path applies to the same element, so it uses the same box.
    private static func resolve(_ clip: SVGClipPath, box: SVGRect?) -> SVGClipPath {
        var clip = clip
        if clip.units == .objectBoundingBox {
            guard let b = map(box) else { return SVGClipPath(layers: []) }
            clip.transform = clip.transform.concatenating(b)
            clip.units = .userSpaceOnUse
        }
        resolve(&clip.layers)
        if let outer = clip.clipPath, any(in: outer) { clip.clipPath = resolve(outer, box: box) }
        return clip
    }

    /// A mask that lets nothing through: an empty region.
    private static let maskingEverything = SVGMask(layers: [], units: .userSpaceOnUse, x: 0, y: 0, width: 0, height: 0)

    /// The mask in user space. A mask on the mask applies to the same element, so it uses the same box.
    private static func resolve(_ mask: SVGMask, box: SVGRect?) -> SVGMask {
        var mask = mask
        if mask.units == .objectBoundingBox {
            guard map(box) != nil, let box else { return maskingEverything }
            mask.x = box.x + mask.x * box.width
            mask.y = box.y + mask.y * box.height
            mask.width = mask.width * box.width
            mask.height = mask.height * box.height
            mask.units = .userSpaceOnUse
        }
        if mask.contentUnits == .objectBoundingBox {
            guard let b = map(box) else { return maskingEverything }
            mask.layers = [SVGIconLayer(content: .group(mask.layers), transform: b)]
            mask.contentUnits = .userSpaceOnUse
        }
        resolve(&mask.layers)
        if let inner = mask.mask, any(in: inner) { mask.mask = resolve(inner, box: box) }
        return mask
    }
}
