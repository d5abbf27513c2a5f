/// A resolved `clipPath`: the union of its shapes' geometry (each with its own transform and clip rule)
/// clips what it is applied to.
///
/// Guarantees of resolver output: `units` is `userSpaceOnUse` (bounding-box units are folded into
/// `transform`); layers have opacity 1. No layers: everything is clipped away.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGClipPath: Hashable, Sendable {
    /// Shape layers (paint is ignored; `fill.rule` is the clip rule). Groups are allowed.
    public var layers: [SVGIconLayer]
    /// `clipPathUnits`: userSpaceOnUse (default) or fractions of the clipped element's bounding box.
    public var units: SVGUnits
    /// The clipPath element's own `transform`.
    public var transform: SVGTransform
    private var parent: IndirectOptional<SVGClipPath>

    /// A clip path of `layers`; by default in the clipped element's user space, untransformed, not itself clipped.
    public init(layers: [SVGIconLayer], units: SVGUnits = .userSpaceOnUse, transform: SVGTransform = .identity,
                clipPath: SVGClipPath? = nil) {
        self.layers = layers
        self.units = units
        self.transform = transform
        self.parent = IndirectOptional(clipPath)
    }

    /// A `clip-path` on the clipPath element itself: the two clips intersect.
    public var clipPath: SVGClipPath? {
        get { parent.value }
        set { parent.value = newValue }
    }
}
