/// A resolved `mask`: the luminance × alpha of its rendered content, inside its region, scales the alpha of
/// what it is applied to.
///
/// Guarantees of resolver output: `units` and `contentUnits` are `userSpaceOnUse` (the region is in the masked
/// layer's user space; bounding-box content sits in a group that maps the box). A region without width or
/// height lets nothing through.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGMask: Hashable, Sendable {
    /// The mask's content, drawn in `contentUnits`; its luminance × alpha (or alpha) is the mask.
    public var layers: [SVGIconLayer]
    /// `maskUnits` for the region: objectBoundingBox by default.
    public var units: SVGUnits
    /// The region (x, y, width, height) in `units`; default −10 %, −10 %, 120 %, 120 % of the box.
    public var x: Double, y: Double, width: Double, height: Double
    /// `maskContentUnits`: userSpaceOnUse by default.
    public var contentUnits: SVGUnits
    /// `mask-type: alpha` uses only the content's alpha instead of luminance × alpha.
    public var usesAlpha: Bool
    private var parent: IndirectOptional<SVGMask>

    /// A mask of `layers`; the defaults are SVG's (a region 10 % larger than the box on each side, content in user
    /// space, luminance).
    public init(layers: [SVGIconLayer], units: SVGUnits = .objectBoundingBox, x: Double = -0.1, y: Double = -0.1,
                width: Double = 1.2, height: Double = 1.2, contentUnits: SVGUnits = .userSpaceOnUse,
                usesAlpha: Bool = false, mask: SVGMask? = nil) {
        self.layers = layers
        self.units = units
        self.x = x; self.y = y; self.width = width; self.height = height
        self.contentUnits = contentUnits
        self.usesAlpha = usesAlpha
        self.parent = IndirectOptional(mask)
    }

    /// A `mask` on the mask element itself.
    public var mask: SVGMask? {
        get { parent.value }
        set { parent.value = newValue }
    }
}
