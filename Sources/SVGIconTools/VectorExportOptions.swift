import SVGIconCore

/// What the vector writers (`VectorDrawableWriter`, `PDFWriter`) are told besides the icon: its size in
/// the format's own unit (dp, PDF points), what `currentColor` paints, whether every paint is the tint, and
/// how a PDF writes its strokes.
package struct VectorExportOptions: Hashable, Sendable {
    /// The output's width and height in the format's unit.
    package var width: Int
    package var height: Int
    /// What `currentColor` paints; black when nil, as svgicon renders untinted icons.
    package var tint: SVGColor?
    /// Every paint is the tint (`--recolor`).
    package var recolor: Bool
    /// PDF only: strokes as PDF strokes (`native`, the default) or as filled outlines made by svgicon's
    /// stroker (`outline`, `--pdf-strokes outline`): see `PDFStrokes`. VectorDrawable ignores it.
    package var pdfStrokes: PDFStrokes

    package init(width: Int, height: Int, tint: SVGColor? = nil, recolor: Bool = false, pdfStrokes: PDFStrokes = .native) {
        self.width = width
        self.height = height
        self.tint = tint
        self.recolor = recolor
        self.pdfStrokes = pdfStrokes
    }
}
