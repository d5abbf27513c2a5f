/// What fills or strokes a shape.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGPaint: Hashable, Sendable {
    /// A colour baked into the icon.
    case color(SVGColor)
    /// `currentColor` or an unspecified fill: takes the tint at render time (black without a tint).
    case tint
    // The gradients are boxed: inline, they would make every paint (and every fill, stroke and shape)
    // as large as a radial gradient, copied at that size wherever a shape is.
    indirect case linearGradient(SVGLinearGradient)
    indirect case radialGradient(SVGRadialGradient)
    /// A tile of layers repeated over the plane (`SVGPattern`).
    indirect case pattern(SVGPattern)
    /// A raster image (`<image>`), stretched over its destination rectangle.
    indirect case image(SVGImagePaint)

    /// The baked colour, or nil when the paint takes the tint or is a gradient or pattern (the app's
    /// `SVGIconLayer.color` convention).
    public var color: SVGColor? {
        if case .color(let c) = self { return c }
        return nil
    }

    /// True when any part of the paint takes the tint.
    public var usesTint: Bool {
        switch self {
        case .tint: return true
        case .color: return false
        case .linearGradient(let g): return g.stops.contains { $0.color == nil }
        case .radialGradient(let g): return g.stops.contains { $0.color == nil }
        case .pattern(let p): return p.layers.contains { $0.usesTint }
        case .image: return false
        }
    }
}

/// A shape's fill: paint, opacity and rule.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGFill: Hashable, Sendable {
    /// What the fill is painted with; `.tint` by default.
    public var paint: SVGPaint
    /// `fill-opacity`, 0...1.
    public var opacity: Double
    /// `fill-rule`: which parts of a self-overlapping path are inside; nonzero by default.
    public var rule: FillRule

    /// A fill; the defaults are SVG's for an element with no fill attributes (with the tint standing in for black).
    public init(paint: SVGPaint = .tint, opacity: Double = 1, rule: FillRule = .nonzero) {
        self.paint = paint
        self.opacity = opacity
        self.rule = rule
    }
}

/// A shape's stroke: paint, opacity and geometry.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGStroke: Hashable, Sendable {
    /// What the stroke is painted with; `.tint` by default.
    public var paint: SVGPaint
    /// `stroke-opacity`, 0...1.
    public var opacity: Double
    /// Width, caps, joins and dashes, in the element's user space.
    public var style: StrokeStyle
    /// `vector-effect: non-scaling-stroke`: the width is in output pixels (of the icon's viewport), not
    /// scaled by the element's transforms.
    public var nonScaling: Bool

    /// A stroke; by default tinted, opaque, 1 unit wide with butt caps and miter joins, scaled with the element.
    public init(paint: SVGPaint = .tint, opacity: Double = 1, style: StrokeStyle = StrokeStyle(),
                nonScaling: Bool = false) {
        self.paint = paint
        self.opacity = opacity
        self.style = style
        self.nonScaling = nonScaling
    }
}
