/// A parsed icon: the viewBox its drawing lives in, and its layers in painting order.
///
/// This is the contract between parsing and rendering (as usvg's tree is for resvg): everything is
/// resolved — styles, inheritance, units, shapes turned into paths — so the renderer only draws.
public struct SVGIconDefinition: Hashable, Sendable {
    public var viewBox: SVGViewBox
    public var aspectRatio: SVGAspectRatio
    /// The document's own width and height in px when it states them (used for `--width`/`--height`).
    public var intrinsicWidth: Double?
    public var intrinsicHeight: Double?
    public var layers: [SVGIconLayer]

    /// An icon in a 24 × 24 viewBox unless another is given (the size most icon sets draw on).
    public init(viewBox: SVGViewBox = SVGViewBox(width: 24, height: 24),
                aspectRatio: SVGAspectRatio = .default,
                intrinsicWidth: Double? = nil, intrinsicHeight: Double? = nil,
                layers: [SVGIconLayer]) {
        self.viewBox = viewBox
        self.aspectRatio = aspectRatio
        self.intrinsicWidth = intrinsicWidth
        self.intrinsicHeight = intrinsicHeight
        self.layers = layers
    }

    /// Width / height of the drawing (viewBox, else the intrinsic size).
    public var aspect: Double {
        if viewBox.isValid { return viewBox.width / viewBox.height }
        if let w = intrinsicWidth, let h = intrinsicHeight, w > 0, h > 0 { return w / h }
        return 1
    }

    /// True when any layer takes the tint (a template image in app terms).
    public var usesTint: Bool { layers.contains { $0.usesTint } }
}
