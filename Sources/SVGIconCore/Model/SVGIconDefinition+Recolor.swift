/// `--recolor`: the icon with every paint replaced by the tint, for single-colour designs exported with
/// a hard-coded colour (`fill="black"`, a theme's `#2e3436`) instead of `currentColor`.
///
/// What is kept is each paint's alpha, nothing of its colour: a colour's own alpha (`rgba(…, 0.5)`, `#0008`)
/// moves into the paint's opacity, a gradient keeps its stops' offsets and opacities with every stop taking
/// the tint, and `fill-opacity`, `stroke-opacity` and layer opacity stay as they were. So a single-colour
/// design becomes exactly the tint, translucent parts stay translucent, and a two-tone design becomes a
/// one-colour silhouette (lightness is not kept: a light grey and a black both become the tint).
///
/// Embedded images (`<image>`) keep their pixels. Masks are left as they are: a mask works by its
/// luminance, and recolouring it would change which pixels show, not their colour. Clip paths only
/// contribute their geometry.
extension SVGIconDefinition {
    /// This icon with every fill and stroke taking the tint, alpha kept (what `RenderOptions.recolor` draws).
    public func recolored() -> SVGIconDefinition {
        var copy = self
        copy.layers = layers.map { $0.recolored() }
        return copy
    }
}

extension SVGIconLayer {
    /// This layer (and its children) with every fill and stroke taking the tint, alpha kept.
    public func recolored() -> SVGIconLayer {
        var copy = self
        switch content {
        case .shape(var shape):
            if var fill = shape.fill {
                (fill.paint, fill.opacity) = Self.recolor(fill.paint, opacity: fill.opacity)
                shape.fill = fill
            }
            if var stroke = shape.stroke {
                (stroke.paint, stroke.opacity) = Self.recolor(stroke.paint, opacity: stroke.opacity)
                shape.stroke = stroke
            }
            copy.content = .shape(shape)
        case .group(let children):
            copy.content = .group(children.map { $0.recolored() })
        }
        return copy
    }

    private static func recolor(_ paint: SVGPaint, opacity: Double) -> (SVGPaint, Double) {
        switch paint {
        case .tint:
            return (.tint, opacity)
        case .color(let c):
            return (.tint, opacity * c.alpha)
        case .linearGradient(var g):
            g.stops = g.stops.map(recolor)
            return (.linearGradient(g), opacity)
        case .radialGradient(var g):
            g.stops = g.stops.map(recolor)
            return (.radialGradient(g), opacity)
        case .image:
            // An embedded picture keeps its pixels: recolouring is for vector designs drawn in one
            // colour, and a photo or bitmap turned into a silhouette would be a different picture.
            return (paint, opacity)
        case .pattern(var p):
            // The tile's own paints take the tint; its shapes (and so its alpha) stay.
            p.layers = p.layers.map { $0.recolored() }
            return (.pattern(p), opacity)
        }
    }

    private static func recolor(_ stop: SVGGradientStop) -> SVGGradientStop {
        var stop = stop
        if let c = stop.color {
            stop.opacity *= c.alpha
            stop.color = nil
        }
        return stop
    }
}
