/// A parsed icon: the viewBox its drawing lives in, and its layers in painting order.
///
/// This is the contract between parsing and rendering (as usvg's tree is for resvg), written down in
/// `Docs/model.md`: everything is resolved — styles, inheritance, `use`, units, shapes turned into paths — so
/// the renderer only draws.
///
/// Guarantees of `SVGResolver`'s output: the viewBox is valid; every length is in user units; no gradient,
/// clip path or mask is in `objectBoundingBox` units (`hasBoundingBoxUnits` is false); nothing refers to
/// anything else. Definitions built by hand may use bounding-box units; the renderer resolves them first
/// (`resolvingBoundingBoxUnits()`).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGIconDefinition: Hashable, Sendable {
    /// The rectangle of user space the drawing occupies; the renderer maps it onto the output pixels.
    public var viewBox: SVGViewBox
    /// How the viewBox is fitted into an output of another aspect ratio (`preserveAspectRatio`, xMidYMid meet by
    /// default).
    public var aspectRatio: SVGAspectRatio
    /// The document's own width and height in px when it states them (used for `--width`/`--height`).
    public var intrinsicWidth: Double?
    /// The document's own height in px when it states one; nil when it does not (or gives a percentage).
    public var intrinsicHeight: Double?
    /// The layers in painting order (the first is painted first, the last on top).
    public var layers: [SVGIconLayer] {
        didSet { layersAreInUserSpace = false }
    }
    /// True when `layers` are known to hold no `objectBoundingBox` units: set by `resolvingBoundingBoxUnits()`
    /// and by the resolver, cleared by any change to `layers`. It records a fact about the layers (so that
    /// the renderer need not look through them again), so it is not part of equality or the hash.
    var layersAreInUserSpace = false
    /// Bytes of the SVG document the icon was read from (after gzip inflation); 0 for an icon built in
    /// code. A large document may do more work than the renderer's `workLimit` allows a small one
    /// (`SVGIconRenderer.workPerSourceByte`). Not part of equality or the hash: it says what the icon
    /// cost to read, not what it draws.
    public var sourceByteCount = 0

    /// An icon in a 24 × 24 viewBox unless another is given (the size most icon sets draw on);
    /// `sourceByteCount`: the size of the document it was read from, when it was (code `svgicon swift`
    /// generates passes it, so that a large icon keeps the render work its document allowed).
    public init(viewBox: SVGViewBox = SVGViewBox(width: 24, height: 24),
                aspectRatio: SVGAspectRatio = .default,
                intrinsicWidth: Double? = nil, intrinsicHeight: Double? = nil,
                layers: [SVGIconLayer], sourceByteCount: Int = 0) {
        self.viewBox = viewBox
        self.aspectRatio = aspectRatio
        self.intrinsicWidth = intrinsicWidth
        self.intrinsicHeight = intrinsicHeight
        self.layers = layers
        self.sourceByteCount = sourceByteCount
    }

    /// Equal when they draw from the same viewBox, aspect ratio, intrinsic size and layers; whether the layers are
    /// already known to be in user space does not count.
    public static func == (lhs: SVGIconDefinition, rhs: SVGIconDefinition) -> Bool {
        lhs.viewBox == rhs.viewBox && lhs.aspectRatio == rhs.aspectRatio && lhs.intrinsicWidth == rhs.intrinsicWidth
            && lhs.intrinsicHeight == rhs.intrinsicHeight && lhs.layers == rhs.layers
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(viewBox)
        hasher.combine(aspectRatio)
        hasher.combine(intrinsicWidth)
        hasher.combine(intrinsicHeight)
        hasher.combine(layers)
    }

    /// Width / height of the document's size, as resvg and browsers size an image: the intrinsic width and
    /// height where the file states them, each side the viewBox's where it does not (SVG's default `100%`
    /// of the viewBox), so `width="200" height="100" viewBox="0 0 10 10"` is 2 (the viewBox is then fitted
    /// into that size with `aspectRatio`). 1 when neither gives a positive size.
    public var aspect: Double {
        let w = intrinsicWidth ?? (viewBox.isValid ? viewBox.width : nil)
        let h = intrinsicHeight ?? (viewBox.isValid ? viewBox.height : nil)
        if let w, let h, w > 0, h > 0, (w / h).isFinite, w / h > 0 { return w / h }
        return 1
    }

    /// True when any layer takes the tint (a template image in app terms).
    public var usesTint: Bool { layers.contains { $0.usesTint } }
}
