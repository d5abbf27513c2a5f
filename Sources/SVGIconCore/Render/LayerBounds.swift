/// Bounding boxes for `objectBoundingBox` units: the geometry of a shape (without its stroke), or of a
/// group's children in the group's user space.
enum LayerBounds {
    /// The bounds of the path's flattened geometry (curves flattened to 1/10 000 of the path's size).
    static func bounds(of path: SVGPath) -> SVGRect? {
        guard let control = path.controlBounds else { return nil }
        let size = max(control.max.x - control.min.x, control.max.y - control.min.y)
        let tolerance = max(size * 1e-4, 1e-9)
        var lo = SVGPoint(x: Double.infinity, y: Double.infinity)
        var hi = SVGPoint(x: -Double.infinity, y: -Double.infinity)
        PathFlattener.forEachFillEdge(path, transform: .identity, tolerance: tolerance) { a, _ in
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

    /// The layer's content bounds in its own user space (before its `transform`).
    static func bounds(of layer: SVGIconLayer) -> SVGRect? {
        switch layer.content {
        case .shape(let shape):
            return bounds(of: shape.path)
        case .group(let children):
            var result: SVGRect? = nil
            for child in children {
                guard let b = bounds(of: child)?.transformed(by: child.transform) else { continue }
                result = result.map { $0.union(b) } ?? b
            }
            return result
        }
    }
}
