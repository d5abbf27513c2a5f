/// A `pattern` paint: a tile of layers repeated over the plane (Docs/model.md, "Patterns").
///
/// The tile is the rectangle `x, y, width, height` of *pattern space*; `transform` (`patternTransform`) maps
/// pattern space into the user space of the painted shape. The tile repeats every `width` across and every
/// `height` down. The content (`layers`) is drawn in *content space*: `contentTransform` maps it into the
/// tile's own space, whose origin is the tile's top-left corner `(x, y)`; each copy of the tile shows only
/// what falls inside it (a pattern's `overflow` is always hidden).
///
/// Guarantees of resolver output (and of `SVGIconDefinition.resolvingBoundingBoxUnits()`): `units` and
/// `contentUnits` are `.userSpaceOnUse`, `viewBox` is nil (folded into `contentTransform`), `width` and
/// `height` are positive and finite, and `layers` is not empty. Hand-built patterns may use
/// `objectBoundingBox` units and a `viewBox`; the bounding-box pass resolves them before drawing.
public struct SVGPattern: Hashable, Sendable {
    /// The tile's content, in content space.
    public var layers: [SVGIconLayer]
    /// `patternUnits`: what `x, y, width, height` are in (SVG's default is `objectBoundingBox`).
    public var units: SVGUnits
    /// `patternContentUnits`: what the content is in (ignored when there is a `viewBox`).
    public var contentUnits: SVGUnits
    /// The first tile's rectangle (x, y, width, height) in `units`; tiles repeat it every width × height.
    public var x: Double, y: Double, width: Double, height: Double
    /// `viewBox` with `preserveAspectRatio`: the part of content space fitted into the tile.
    public var viewBox: SVGViewBox?
    /// How `viewBox` is fitted into the tile (SVG's default `xMidYMid meet`); unused without a viewBox.
    public var aspectRatio: SVGAspectRatio
    /// Content space → tile space (origin at the tile's top-left corner).
    public var contentTransform: SVGTransform
    /// `patternTransform`: pattern space → the shape's user space.
    public var transform: SVGTransform

    /// A pattern with SVG's defaults: tile in bounding-box units, content in user space, no viewBox.
    public init(layers: [SVGIconLayer], units: SVGUnits = .objectBoundingBox, contentUnits: SVGUnits = .userSpaceOnUse,
                x: Double = 0, y: Double = 0, width: Double, height: Double, viewBox: SVGViewBox? = nil,
                aspectRatio: SVGAspectRatio = .default, contentTransform: SVGTransform = .identity,
                transform: SVGTransform = .identity) {
        self.layers = layers
        self.units = units
        self.contentUnits = contentUnits
        self.x = x; self.y = y; self.width = width; self.height = height
        self.viewBox = viewBox
        self.aspectRatio = aspectRatio
        self.contentTransform = contentTransform
        self.transform = transform
    }

    /// True when something is left for the bounding-box pass: bounding-box units or a viewBox to fold.
    var needsResolving: Bool {
        units == .objectBoundingBox || viewBox != nil || (contentUnits == .objectBoundingBox && viewBox == nil)
    }

    /// The pattern in user space for a shape whose bounding box is `box`: tile in user units, the viewBox
    /// (or bounding-box content units) folded into `contentTransform`. nil when it paints nothing: a tile
    /// without width or height, or bounding-box units on a box without width or height. Does not look into
    /// `layers`.
    func inUserSpace(box: SVGRect?) -> SVGPattern? {
        var p = self
        let boxMap: SVGRect? = box.flatMap { $0.width > 0 && $0.height > 0 && $0.width.isFinite && $0.height.isFinite ? $0 : nil }
        if p.units == .objectBoundingBox {
            guard let b = boxMap else { return nil }
            p.x = b.x + p.x * b.width
            p.y = b.y + p.y * b.height
            p.width *= b.width
            p.height *= b.height
            p.units = .userSpaceOnUse
        }
        guard p.width > 0, p.height > 0, p.width.isFinite, p.height.isFinite, p.x.isFinite, p.y.isFinite else { return nil }
        if let vb = p.viewBox {
            guard vb.isValid else { return nil }
            p.contentTransform = p.aspectRatio.transform(viewBox: vb, viewportWidth: p.width, viewportHeight: p.height)
                .concatenating(p.contentTransform)
            p.viewBox = nil
        } else if p.contentUnits == .objectBoundingBox {
            // Only scaled: the content's origin is already the tile's corner.
            guard let b = boxMap else { return nil }
            p.contentTransform = SVGTransform.scale(b.width, b.height).concatenating(p.contentTransform)
        }
        p.contentUnits = .userSpaceOnUse
        return p
    }
}
