/// One drawable element of an icon: a shape (path with fill and/or stroke) or a group of layers,
/// with its own transform and opacity.
///
/// The vocabulary follows the app's: `SVGIconLayer(pathData:color:)` makes a filled path whose colour is
/// baked in, or takes the tint when `color` is nil; `.rect`, `.circle` and `.line` build the basic shapes.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGIconLayer: Hashable, Sendable {
    /// What a layer draws: one shape, or child layers composited in order in this layer's user space.
    public indirect enum Content: Hashable, Sendable {
        case shape(SVGShape)
        case group([SVGIconLayer])
    }

    /// The shape or the children.
    public var content: Content {
        didSet { notes.boxes = nil }  // measured on the old content
    }
    /// Maps this layer's user space into its parent's (the icon's viewBox space at the top level). May be
    /// singular: a layer whose transform to pixels is not invertible is not drawn.
    public var transform: SVGTransform
    /// Opacity of the layer as a whole, 0…1: a group (or a shape with both fill and stroke) is composited
    /// once, so overlapping parts do not show through each other.
    public var opacity: Double
    /// The SVG element this layer came from (`path`, `rect`, `g`, …), for diagnostics.
    public var elementName: String?
    /// `clip-path`: only what lies inside it is drawn (in this layer's user space, after `transform`; its
    /// bounding-box units refer to this layer's content bounds).
    public var clipPath: SVGClipPath?
    /// `mask`: scales this layer's alpha (bounding-box units refer to this layer's content bounds).
    public var mask: SVGMask?
    /// `filter`: the filters applied to this layer's content, in order (a CSS list such as
    /// `url(#a) blur(2px)` gives several; each one's output is the next one's SourceGraphic). Empty: none.
    /// Filtering comes before clip path, mask and opacity (Docs/model.md, "Filters").
    public var filter: [SVGFilter]
    /// `mix-blend-mode`: how the layer, drawn offscreen as a whole, is blended with what is already drawn
    /// in the nearest isolated group below it (Compositing and Blending Level 1). `.normal` is source-over.
    public var blendMode: SVGBlendMode = .normal
    /// `isolation: isolate`: the layer is drawn offscreen and composited as a whole, so blend modes inside
    /// it see only its own content as their backdrop.
    public var isolated = false
    /// The resolver's notes for measuring boxes (a marker instance is left out of its parent's box).
    var notes = LayerNotes()

    /// A layer drawing `content`; by default untransformed, opaque, unclipped and unmasked.
    public init(content: Content, transform: SVGTransform = .identity, opacity: Double = 1,
                elementName: String? = nil, clipPath: SVGClipPath? = nil, mask: SVGMask? = nil,
                filter: [SVGFilter] = []) {
        self.content = content
        self.transform = transform
        self.opacity = opacity
        self.elementName = elementName
        self.clipPath = clipPath
        self.mask = mask
        self.filter = filter
    }

    /// A shape layer.
    public init(shape: SVGShape, transform: SVGTransform = .identity, opacity: Double = 1,
                elementName: String? = nil) {
        self.init(content: .shape(shape), transform: transform, opacity: opacity, elementName: elementName)
    }

    /// A group of layers composited together.
    public static func group(_ layers: [SVGIconLayer], transform: SVGTransform = .identity,
                             opacity: Double = 1) -> SVGIconLayer {
        SVGIconLayer(content: .group(layers), transform: transform, opacity: opacity, elementName: "g")
    }

    /// A filled path from SVG path data. `color` nil takes the tint. Malformed path data keeps what parsed
    /// before the error (use `PathDataParser` directly to see the error).
    public init(pathData: String, color: SVGColor? = nil, fillRule: FillRule = .nonzero) {
        let path = PathDataParser.parse(pathData).path
        self.init(shape: SVGShape(path: path, fill: SVGFill(paint: color.map { .color($0) } ?? .tint, rule: fillRule)),
                  elementName: "path")
    }

    /// A stroked path from SVG path data, in the outline-icon style (round caps and joins).
    public init(pathData: String, strokeColor: SVGColor?, strokeWidth: Double,
                cap: LineCap = .round, join: LineJoin = .round) {
        let path = PathDataParser.parse(pathData).path
        let stroke = SVGStroke(paint: strokeColor.map { .color($0) } ?? .tint,
                               style: StrokeStyle(width: strokeWidth, cap: cap, join: join))
        self.init(shape: SVGShape(path: path, fill: nil, stroke: stroke), elementName: "path")
    }

    /// A filled rectangle with optional rounded corners (SVG's rules: one radius given → both; each radius
    /// clamped to half the side).
    public static func rect(x: Double, y: Double, width: Double, height: Double, rx: Double? = nil,
                            ry: Double? = nil, color: SVGColor? = nil) -> SVGIconLayer {
        let path = ShapeGeometry.rect(x: x, y: y, width: width, height: height, rx: rx, ry: ry)
        return SVGIconLayer(shape: SVGShape(path: path, fill: SVGFill(paint: color.map { .color($0) } ?? .tint)),
                            elementName: "rect")
    }

    /// A filled circle.
    public static func circle(cx: Double, cy: Double, r: Double, color: SVGColor? = nil) -> SVGIconLayer {
        let path = ShapeGeometry.ellipse(cx: cx, cy: cy, rx: r, ry: r)
        return SVGIconLayer(shape: SVGShape(path: path, fill: SVGFill(paint: color.map { .color($0) } ?? .tint)),
                            elementName: "circle")
    }

    /// A stroked line with round caps (lines have no fill).
    public static func line(x1: Double, y1: Double, x2: Double, y2: Double, strokeWidth: Double = 2,
                            color: SVGColor? = nil, cap: LineCap = .round) -> SVGIconLayer {
        var path = SVGPath()
        path.move(to: SVGPoint(x: x1, y: y1))
        path.line(to: SVGPoint(x: x2, y: y2))
        let stroke = SVGStroke(paint: color.map { .color($0) } ?? .tint,
                               style: StrokeStyle(width: strokeWidth, cap: cap, join: .round))
        return SVGIconLayer(shape: SVGShape(path: path, fill: nil, stroke: stroke), elementName: "line")
    }

    /// The baked colour of this layer's fill (or of its stroke when it has no fill); nil when it takes
    /// the tint or is a group.
    public var color: SVGColor? {
        guard case .shape(let shape) = content else { return nil }
        return (shape.fill?.paint ?? shape.stroke?.paint)?.color
    }

    /// True when any paint in this layer (or below it) takes the tint.
    public var usesTint: Bool {
        switch content {
        case .shape(let shape):
            return shape.fill?.paint.usesTint == true || shape.stroke?.paint.usesTint == true
                || mask?.layers.contains { $0.usesTint } == true || filter.contains { $0.usesTint }
        case .group(let layers):
            return layers.contains { $0.usesTint } || mask?.layers.contains { $0.usesTint } == true
                || filter.contains { $0.usesTint }
        }
    }
}

/// Geometry with its paints: what a shape layer draws.
///
/// Guarantees of resolver output: `path` is not empty; `fill` or `stroke` is set, except where a paint in
/// bounding-box units was dropped because the path's box has no width or height (the shape then draws
/// nothing but keeps its place in its group's bounding box).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGShape: Hashable, Sendable {
    /// The geometry, in the layer's user space.
    public var path: SVGPath
    /// nil: no fill (`fill="none"`).
    public var fill: SVGFill?
    /// nil: no stroke (SVG's default).
    public var stroke: SVGStroke?
    /// `paint-order: stroke`: the stroke is painted before (under) the fill.
    public var strokeFirst: Bool
    /// false for `shape-rendering: crispEdges` or `optimizeSpeed`: pixels are either covered (at least half
    /// their area) or not, without anti-aliasing, as resvg draws such shapes.
    public var antialias = true

    /// A shape; by default filled with the tint (nonzero rule), not stroked, fill painted under the stroke.
    public init(path: SVGPath, fill: SVGFill? = SVGFill(), stroke: SVGStroke? = nil, strokeFirst: Bool = false) {
        self.path = path
        self.fill = fill
        self.stroke = stroke
        self.strokeFirst = strokeFirst
    }
}
