import SVGIconCore

/// A stroke as the area it paints, for the vector writers that write a stroke as a filled path: the
/// VectorDrawable writer (dashes, strokes under a skew, `non-scaling-stroke`) and the PDF writer with
/// `--pdf-strokes outline`. Built by the renderer's own geometry — `PathFlattener`, `Dasher`, `Stroker` —
/// so caps, joins, the miter limit and dashes come out as svgicon draws them.
///
/// The stroker works on flattened contours, so curves become chords (and round joins and caps arcs of
/// chords). `relativeTolerance` is how finely: 1/10 000 of the icon's larger side. A vector file is looked at
/// at any zoom, so the tolerance is set by the largest size it is likely to be drawn at rather than by the
/// size written: at 1024 px no chord is more than 0.1 px off the curve (no facet shows), at 5 000 px ½ px,
/// and only past 10 000 px — beyond the 8192 px svgicon itself renders — a whole pixel. The number of
/// chords grows only with the square root of the fineness (Lucide's `circle-check`, a stroked circle and a
/// tick, comes to 374 points: 2.7 kB of PDF against 0.7 kB with native strokes), so finer would add bytes
/// and nothing visible (Docs/pdf.md).
///
/// Thread safety: stateless; call it from any thread.
package enum StrokeOutline {
    /// The flattening tolerance as a fraction of the icon's larger side (see the type's comment).
    package static let relativeTolerance = 1.0 / 10_000

    /// The outline of `path` stroked with `style`, in the path's own coordinates: one closed polygon per
    /// polygon of the stroker (after the dasher, for a dashed stroke), to be filled with the nonzero rule.
    /// `tolerance` is in the same coordinates.
    package static func outline(_ path: SVGPath, style: StrokeStyle, tolerance: Double) -> SVGPath {
        var contours = PathFlattener.contours(of: path, tolerance: tolerance)
        if !style.dashes.isEmpty, let dasher = Dasher(pattern: style.dashes, offset: style.dashOffset) {
            contours = dasher.dash(contours)
        }
        var result = SVGPath()
        let stroker = Stroker(style: style, tolerance: tolerance)
        for contour in contours {
            stroker.stroke(contour) { polygon in
                guard let first = polygon.first else { return }
                result.move(to: first)
                for p in polygon.dropFirst() { result.line(to: p) }
                result.close()
            }
        }
        return result
    }
}
