/// Bounding boxes: for resolving `objectBoundingBox` units (`SVGIconDefinition.resolvingBoundingBoxUnits()`),
/// the geometry of a shape (without its stroke) or of a group's children in the group's user space, marker
/// instances left out (SVG 2 §8.10: an object bounding box has no markers); for offscreen layers, everything
/// a layer may paint, in device pixels.
enum LayerBounds {
    /// The bounds of the path's flattened geometry (curves flattened to 1/10 000 of the path's size).
    static func bounds(of path: SVGPath) -> SVGRect? {
        guard let control = path.controlBounds else { return nil }
        let size = max(control.max.x - control.min.x, control.max.y - control.min.y)
        let tolerance = max(size * 1e-4, 1e-9)
        var lo = SVGPoint(x: Double.infinity, y: Double.infinity)
        var hi = SVGPoint(x: -Double.infinity, y: -Double.infinity)
        PathFlattener.forEachFillEdge(path, transform: .identity, tolerance: tolerance, straddle: false) { a, _ in
            lo.x = min(lo.x, a.x); lo.y = min(lo.y, a.y)
            hi.x = max(hi.x, a.x); hi.y = max(hi.y, a.y)
        }
        // Points that only start a lone move are not geometry; a path of lone moves has no box.
        guard lo.x.isFinite, hi.x.isFinite else {
            return SVGRect(x: control.min.x, y: control.min.y, width: control.max.x - control.min.x,
                           height: control.max.y - control.min.y)
        }
        return SVGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// The layer's content bounds in its own user space (before its `transform`); a group's children that
    /// are marker instances do not count.
    static func bounds(of layer: SVGIconLayer) -> SVGRect? {
        var steps = 0
        return boxes(of: layer, steps: &steps).fill
    }

    /// The layer's stroke bounding box in its own user space (before its `transform`): the fill box of
    /// each shape widened by half its stroke width on every side (the exact box for rectangles, circles
    /// and ellipses; joins and caps reaching further are not measured), the union over a group's children
    /// (marker instances left out, as from the fill box).
    static func strokeBounds(of layer: SVGIconLayer) -> SVGRect? {
        var steps = 0
        return boxes(of: layer, steps: &steps).stroke
    }

    /// `bounds(of:)` and `strokeBounds(of:)` in one walk. A layer whose boxes the resolver noted
    /// (`LayerNotes.boxes`) is not walked again: its noted boxes are what the walk would give. `steps`
    /// counts the layers walked.
    static func boxes(of layer: SVGIconLayer, steps: inout Int) -> (fill: SVGRect?, stroke: SVGRect?) {
        if let noted = layer.notes.boxes { return (noted.fill, noted.stroke) }
        steps += 1
        switch layer.content {
        case .shape(let shape):
            guard let box = bounds(of: shape.path) else { return (nil, nil) }
            guard let stroke = shape.stroke, stroke.style.width > 0 else { return (box, box) }
            let h = stroke.style.width / 2
            return (box, SVGRect(x: box.x - h, y: box.y - h, width: box.width + 2 * h, height: box.height + 2 * h))
        case .group(let children):
            var fill: SVGRect? = nil, stroke: SVGRect? = nil
            for child in children where !child.notes.isMarkerInstance {
                let b = boxes(of: child, steps: &steps)
                if let f = b.fill?.transformed(by: child.transform) { fill = fill.map { $0.union(f) } ?? f }
                if let s = b.stroke?.transformed(by: child.transform) { stroke = stroke.map { $0.union(s) } ?? s }
            }
            return (fill, stroke)
        }
    }

    /// `boxes(of:steps:)`, noted on `layer` (`LayerNotes.boxes`) for the measures of the layers above it.
    static func noteBoxes(of layer: inout SVGIconLayer, steps: inout Int) -> (fill: SVGRect?, stroke: SVGRect?) {
        let b = boxes(of: layer, steps: &steps)
        if layer.notes.boxes == nil { layer.notes.boxes = NotedBoxes(fill: b.fill, stroke: b.stroke) }
        return b
    }

    /// A box in device space holding every pixel `layer`'s content can paint when drawn with `transform`
    /// (which already includes the layer's own transform): control points of every shape — a Bézier lies
    /// within its control points' hull — widened by the stroke's reach (half its width, times the miter
    /// limit for miter joins or √2 for square caps). Clip paths and masks can only take away, so they are
    /// not looked at. `host` is the transform a non-scaling stroke's width is measured in. nil when the
    /// content has no points.
    static func deviceBounds(ofContent layer: SVGIconLayer, transform: SVGTransform,
                             host: SVGTransform) -> (min: SVGPoint, max: SVGPoint)? {
        var lo = SVGPoint(x: Double.infinity, y: Double.infinity)
        var hi = SVGPoint(x: -Double.infinity, y: -Double.infinity)
        var pending: [(SVGIconLayer, SVGTransform)] = [(layer, transform)]
        while let (item, t) = pending.popLast() {
            if let filter = item.filter.last {
                // A filter paints its region (a drop shadow reaches past the content), and nothing outside it.
                let r = filter.region
                for p in [SVGPoint(x: r.x, y: r.y), SVGPoint(x: r.x + r.width, y: r.y),
                          SVGPoint(x: r.x, y: r.y + r.height), SVGPoint(x: r.x + r.width, y: r.y + r.height)] {
                    let q = t.apply(p)
                    lo.x = min(lo.x, q.x); lo.y = min(lo.y, q.y)
                    hi.x = max(hi.x, q.x); hi.y = max(hi.y, q.y)
                }
                continue
            }
            switch item.content {
            case .group(let children):
                for child in children { pending.append((child, t.concatenating(child.transform))) }
            case .shape(let shape):
                guard !shape.path.points.isEmpty else { continue }
                var reach = 0.0
                if let stroke = shape.stroke, stroke.style.width > 0 {
                    let style = stroke.style
                    var factor = 1.0
                    if style.join == .miter || style.join == .miterClip { factor = max(factor, style.miterLimit) }
                    if style.cap == .square { factor = max(factor, 2.0.squareRoot()) }
                    let scale = stroke.nonScaling ? max(host.maxScale, t.maxScale) : t.maxScale
                    reach = style.width / 2 * factor * scale
                }
                for p in shape.path.points {
                    let q = t.apply(p)
                    lo.x = min(lo.x, q.x - reach); lo.y = min(lo.y, q.y - reach)
                    hi.x = max(hi.x, q.x + reach); hi.y = max(hi.y, q.y + reach)
                }
            }
        }
        guard lo.x <= hi.x, lo.y <= hi.y else { return nil }
        return (lo, hi)
    }
}
