/// Everything that decides the pixels of a render besides the icon itself. Plain values with
/// documented defaults (these, with the SVG bytes, are what a cache key must cover).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct RenderOptions: Hashable, Sendable {
    /// Output size in pixels (after scale).
    public var width: Int
    /// Output height in pixels (after scale).
    public var height: Int
    /// Colour for every paint that takes the tint (`currentColor`, unspecified fill). Default black,
    /// which is SVG's own default, so untinted renders match other renderers.
    public var tint: SVGColor
    /// Painted behind the icon; nil leaves the background transparent.
    public var background: SVGColor?
    /// Largest distance, in pixels, between a curve and the line segments that approximate it.
    public var curveTolerance: Double

    /// Every paint becomes the tint, keeping only its alpha (`--recolor`; see
    /// `SVGIconDefinition.recolored()`). Default false: colours written in the file stay.
    public var recolor: Bool

    /// Pixel fitting (`--pixel-fit`): before drawing, stroke widths become whole pixels and the design's
    /// horizontal and vertical edges, curve extremes and stroke centres move onto the pixel grid (by at most
    /// about half a pixel, the points between them interpolated), for crisp icons at 16–24 px
    /// (Docs/pixel-fit.md). Default false: the exact render of the design as drawn.
    public var pixelFit: Bool

    /// Strokes at most one device pixel wide keep their exact outline (`--exact-thin-strokes`). Default
    /// false: they are drawn as hairlines whose alpha is the width, as resvg, Skia and Chrome draw them
    /// (`Hairline`), which is lighter and crisper on diagonals and curves than the exact area.
    public var exactThinStrokes: Bool

    /// The default `curveTolerance`, 0.05 px: curves stay smooth at any size at little cost.
    public static let defaultCurveTolerance = 0.05

    /// Options for a `width` × `height` pixel render; by default tinted black on a transparent background.
    public init(width: Int, height: Int, tint: SVGColor = .black, background: SVGColor? = nil,
                curveTolerance: Double = RenderOptions.defaultCurveTolerance, recolor: Bool = false,
                pixelFit: Bool = false, exactThinStrokes: Bool = false) {
        self.width = width
        self.height = height
        self.tint = tint
        self.background = background
        self.curveTolerance = curveTolerance
        self.recolor = recolor
        self.pixelFit = pixelFit
        self.exactThinStrokes = exactThinStrokes
    }
}
