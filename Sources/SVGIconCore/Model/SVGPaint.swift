/// What fills or strokes a shape.
public enum SVGPaint: Hashable, Sendable {
    /// A colour baked into the icon.
    case color(SVGColor)
    /// `currentColor` or an unspecified fill: takes the tint at render time (black without a tint).
    case tint

    /// The baked colour, or nil when the paint takes the tint (the app's `SVGIconLayer.color` convention).
    public var color: SVGColor? {
        if case .color(let c) = self { return c }
        return nil
    }

    /// The colour this paint draws with for a given tint.
    public func resolved(tint: SVGColor) -> SVGColor {
        switch self {
        case .color(let c): return c
        case .tint: return tint
        }
    }
}

/// A shape's fill: paint, opacity and rule.
public struct SVGFill: Hashable, Sendable {
    public var paint: SVGPaint
    /// `fill-opacity`, 0...1.
    public var opacity: Double
    public var rule: FillRule

    public init(paint: SVGPaint = .tint, opacity: Double = 1, rule: FillRule = .nonzero) {
        self.paint = paint
        self.opacity = opacity
        self.rule = rule
    }
}

/// A shape's stroke: paint, opacity and geometry.
public struct SVGStroke: Hashable, Sendable {
    public var paint: SVGPaint
    /// `stroke-opacity`, 0...1.
    public var opacity: Double
    public var style: StrokeStyle

    public init(paint: SVGPaint = .tint, opacity: Double = 1, style: StrokeStyle = StrokeStyle()) {
        self.paint = paint
        self.opacity = opacity
        self.style = style
    }
}
