/// Which coordinates a paint server, clip path or mask uses.
///
/// The renderer only ever draws `userSpaceOnUse`: `objectBoundingBox` is turned into user space first, by the
/// resolver or, for definitions built by hand, at the start of a render (`resolvingBoundingBoxUnits()`).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGUnits: String, Hashable, Sendable {
    /// Fractions of the bounding box of the element being painted (0…1 spans the box): the geometry of a
    /// shape without its stroke, or of a group's children in the group's space. On a box without width or
    /// height the paint, clip path or mask is ignored (SVG's rule): no paint, nothing clipped in, nothing
    /// masked in.
    case objectBoundingBox
    /// The user space of the element that references it.
    case userSpaceOnUse
}

/// What a gradient does beyond its ends.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGSpreadMethod: String, Hashable, Sendable {
    case pad, reflect, `repeat`
}

/// One colour stop of a gradient.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGGradientStop: Hashable, Sendable {
    /// 0…1, never less than the previous stop's offset.
    public var offset: Double
    /// nil: the tint (`stop-color="currentColor"` without a `color` in the file).
    public var color: SVGColor?
    /// `stop-opacity` (0…1), multiplied with the colour's own alpha.
    public var opacity: Double

    /// A stop at `offset` (0…1) in `color` (nil: the tint) with `opacity` (0…1). Not clamped here: the resolver
    /// clamps and orders what it reads from a file.
    public init(offset: Double, color: SVGColor?, opacity: Double = 1) {
        self.offset = offset
        self.color = color
        self.opacity = opacity
    }
}

/// A resolved `linearGradient` (href inheritance already applied; coordinates in `units`).
///
/// Guarantees of resolver output: `units` is `userSpaceOnUse` (a bounding-box gradient has the box map in
/// front of its `transform`); at least two stops. A zero-length vector paints the last stop's colour.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGLinearGradient: Hashable, Sendable {
    /// The gradient vector from (`x1`, `y1`) (offset 0) to (`x2`, `y2`) (offset 1), in gradient space.
    public var x1: Double, y1: Double, x2: Double, y2: Double
    /// `gradientUnits`: objectBoundingBox by default, as in SVG.
    public var units: SVGUnits
    /// Gradient space → the units' space (`gradientTransform`, after resolution with the box map in front).
    public var transform: SVGTransform
    /// `spreadMethod` beyond offsets 0 and 1: `pad` by default.
    public var spread: SVGSpreadMethod
    /// At least two stops (the resolver turns fewer into a solid colour or no paint).
    public var stops: [SVGGradientStop]

    /// A linear gradient; the defaults are SVG's (left to right across the bounding box).
    public init(x1: Double = 0, y1: Double = 0, x2: Double = 1, y2: Double = 0, units: SVGUnits = .objectBoundingBox,
                transform: SVGTransform = .identity, spread: SVGSpreadMethod = .pad, stops: [SVGGradientStop]) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        self.units = units
        self.transform = transform
        self.spread = spread
        self.stops = stops
    }
}

/// A resolved `radialGradient`: the colour at a point comes from the circle, interpolated between the
/// focal circle (fx, fy, fr) at offset 0 and the end circle (cx, cy, r) at offset 1, that passes through it.
///
/// Guarantees of resolver output: `units` is `userSpaceOnUse`; `r > 0`, `fr ≥ 0`; at least two stops.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGRadialGradient: Hashable, Sendable {
    /// The end circle (offset 1): centre (`cx`, `cy`) and radius `r`, in gradient space.
    public var cx: Double, cy: Double, r: Double
    /// The focal circle (offset 0): centre (`fx`, `fy`) and radius `fr`, in gradient space.
    public var fx: Double, fy: Double, fr: Double
    /// `gradientUnits`: objectBoundingBox by default, as in SVG.
    public var units: SVGUnits
    /// Gradient space → the units' space (`gradientTransform`, after resolution with the box map in front).
    public var transform: SVGTransform
    /// `spreadMethod` beyond offsets 0 and 1: `pad` by default.
    public var spread: SVGSpreadMethod
    /// At least two stops (the resolver turns fewer into a solid colour or no paint).
    public var stops: [SVGGradientStop]

    /// A radial gradient; the defaults are SVG's (a circle filling the bounding box). `fx`/`fy` nil: the
    /// focal point is the centre.
    public init(cx: Double = 0.5, cy: Double = 0.5, r: Double = 0.5, fx: Double? = nil, fy: Double? = nil,
                fr: Double = 0, units: SVGUnits = .objectBoundingBox, transform: SVGTransform = .identity,
                spread: SVGSpreadMethod = .pad, stops: [SVGGradientStop]) {
        self.cx = cx; self.cy = cy; self.r = r
        self.fx = fx ?? cx; self.fy = fy ?? cy; self.fr = fr
        self.units = units
        self.transform = transform
        self.spread = spread
        self.stops = stops
    }
}
