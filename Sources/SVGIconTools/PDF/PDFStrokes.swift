/// How `PDFWriter` writes strokes (`--pdf-strokes native|outline`, `VectorExportOptions.pdfStrokes`).
///
/// Thread safety: a `Sendable` value; use it from any thread.
package enum PDFStrokes: String, CaseIterable, Hashable, Sendable {
    /// PDF's own stroke (`S` with `w J j M d`: width, caps, joins, miter limit, dashes): the default. The
    /// file stays editable as strokes (Illustrator, Affinity, Inkscape) and small; each reader draws the
    /// strokes itself, and poppler's Splash renderer (pdftoppm, Okular, xpdf) snaps the edges of thin
    /// axis-aligned strokes outwards to whole pixels whatever the file's `/SA` says.
    case native
    /// Every stroke as a nonzero fill of the outline svgicon's own stroker and dasher make of it
    /// (`StrokeOutline`), with the stroke's paint: every reader draws svgicon's stroke, Splash included, at
    /// the cost of bigger files and strokes that are no longer strokes in an editor.
    case outline
}
