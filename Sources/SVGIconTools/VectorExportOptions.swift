import SVGIconCore

/// What the vector writers (`VectorDrawableWriter`, `PDFWriter`) are told besides the icon: its size in
/// the format's own unit (dp, PDF points), what `currentColor` paints, and whether every paint is the tint.
package struct VectorExportOptions: Hashable, Sendable {
    /// The output's width and height in the format's unit.
    package var width: Int
    package var height: Int
    /// What `currentColor` paints; black when nil, as svgicon renders untinted icons.
    package var tint: SVGColor?
    /// Every paint is the tint (`--recolor`).
    package var recolor: Bool

    package init(width: Int, height: Int, tint: SVGColor? = nil, recolor: Bool = false) {
        self.width = width
        self.height = height
        self.tint = tint
        self.recolor = recolor
    }
}
