import Foundation
import SVGIconCore
import SVGIconKit

/// Writes an icon as a one-page PDF 1.4 (`-o icon.pdf`, `--format pdf`), from the resolved model, exactly or
/// not at all (DESIGN.md §7).
///
/// Written: a page of the icon's size in points (`--size`), the viewBox fitted as svgicon renders it, layer
/// transforms (`cm`), paths (`m l c h`; quadratic curves as the equal cubics), fills with their rule (`f`,
/// `f*`), strokes with width, caps, joins, miter limit and dashes (`w J j M d`), colours with their alpha
/// (an `ExtGState` with `/ca` and `/CA`), the tint (default black) as the colour of `currentColor` paints,
/// and (PDFEmitter+Paint.swift) linear and radial gradients as axial and radial shadings.
///
/// Transparency (PDFEmitter.swift, PDFEmitter+Groups.swift): a clip path of one shape is `W`/`W*`; any other clip path (several
/// shapes, clipped itself) is an alpha soft mask of its shapes drawn opaque. Opacity over more than one
/// paint, masks (luminosity or alpha soft masks), `mix-blend-mode` (`/BM`, all 16 modes) and `isolation`
/// become transparency-group form XObjects drawn through an ExtGState.
///
/// Strokes (`options.pdfStrokes`, `--pdf-strokes`): PDF strokes by default; with `outline` each stroke is
/// instead a nonzero fill of the outline svgicon's stroker makes of it (PDFEmitter+Outline.swift), in the
/// stroke's paint, so that every reader shows svgicon's stroke.
///
/// Refused with the feature and its line: filters, patterns, images, `non-scaling-stroke` (native strokes
/// only; outlined, it is drawn as the renderer draws it), `shape-rendering: crispEdges`, and blend modes
/// inside a luminance mask's content.
package struct PDFWriter: VectorExportWriter {
    package static let output = "svgicon's PDF output"
    package static let refusesFormatLimits = false
    package let setup: VectorExportSetup
    package init(setup: VectorExportSetup) { self.setup = setup }

    /// The PDF file's bytes.
    package func write(_ result: SVGParseResult) throws(Refusal) -> [UInt8] {
        let objects = PDFObjects()
        let content = try contentStream(result, objects: objects)
        return objects.file(width: options.width, height: options.height, content: content)
    }

    /// The page's content stream before compression; the objects it names are added to `objects`.
    package func contentStream(_ result: SVGParseResult, objects: PDFObjects) throws(Refusal) -> String {
        if let filter = SourceLocator.droppedFilter(in: result) {
            throw refusal("filter", line: filter.line, reason: "<\(filter.element)> uses a filter (render a PNG instead)")
        }
        var icon = result.icon
        if options.recolor { icon = icon.recolored() }
        let flip = SVGTransform(a: 1, b: 0, c: 0, d: -1, e: 0, f: Double(options.height))
        let fit = SVGIconRenderer.fitTransform(icon, width: options.width, height: options.height)
        var emitter = PDFEmitter(writer: self, objects: objects, tint: options.tint ?? .black,
                                 viewBoxToPage: flip.concatenating(fit))
        // /S0 turns stroke adjustment off: a reader that snaps thin strokes to whole pixels (poppler does by
        // default) would draw something other than the icon.
        var content = "/S0 gs\n" + PDFSyntax.matrix(flip) + " cm\n"
        if !fit.isIdentity { content += PDFSyntax.matrix(fit) + " cm\n" }
        let space = PDFSpace(local: flip.concatenating(fit), page: flip.concatenating(fit))
        var body = ""
        for layer in icon.layers { try emitter.emit(layer, space: space, alpha: 1, into: &body) }
        // Blend modes blend with what is below them inside the nearest isolated group: the page is one too.
        if icon.layers.contains(where: PDFEmitter.blends) {
            body = emitter.drawForm(body, space: space, entries: "", isolated: true)
        }
        return content + body
    }
}
