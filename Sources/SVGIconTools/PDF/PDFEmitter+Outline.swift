import SVGIconCore

/// `--pdf-strokes outline`: a stroke written as the area it paints.
extension PDFEmitter {
    /// The operators that fill the outline of `path` stroked with `stroke` (`StrokeOutline`: svgicon's
    /// dasher and stroker, every cap, join and miter limit) with the stroke's paint, times `alpha`, by the
    /// nonzero rule; nil when the stroke paints nothing. The outline is built where the renderer strokes —
    /// in the shape's user space (`space`), or the viewBox's for `non-scaling-stroke` — flattened to
    /// `StrokeOutline.relativeTolerance` of the page's larger side, and written in the user space.
    func outlinedStroke(_ path: SVGPath, _ stroke: SVGStroke, alpha: Double, space: PDFSpace,
                        element: String?) throws(PDFWriter.Refusal) -> String? {
        let style = stroke.style
        guard style.width > 0, style.width.isFinite else { return nil }
        let pageTolerance = Double(max(writer.options.width, writer.options.height)) * StrokeOutline.relativeTolerance
        let outline: SVGPath
        if stroke.nonScaling {
            // Path space → viewBox space: what the user space adds to the viewBox's (the layers' transforms).
            guard let root = viewBoxToPage.inverted(), let back = root.concatenating(space.page).inverted() else { return nil }
            let relative = root.concatenating(space.page)
            let scale = viewBoxToPage.maxScale
            guard scale > 0, scale.isFinite else { return nil }
            outline = StrokeOutline.outline(path.transformed(by: relative), style: style, tolerance: pageTolerance / scale)
                .transformed(by: back)
        } else {
            let scale = space.page.maxScale
            guard scale > 0, scale.isFinite else { return nil }
            outline = StrokeOutline.outline(path, style: style, tolerance: pageTolerance / scale)
        }
        guard !outline.isEmpty,
              let paint = try paintOperators(stroke.paint, alpha: alpha * stroke.opacity, stroking: false, space: space,
                                             element: element) else { return nil }
        return paint + PDFSyntax.pathOperators(outline) + "f\n"
    }
}
