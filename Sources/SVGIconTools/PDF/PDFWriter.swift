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
/// and (PDFWriter+Paint.swift) linear and radial gradients as axial and radial shadings.
///
/// Transparency (PDFWriter+Groups.swift): a clip path of one shape is `W`/`W*`; any other clip path (several
/// shapes, clipped itself) is an alpha soft mask of its shapes drawn opaque. Opacity over more than one
/// paint, masks (luminosity or alpha soft masks), `mix-blend-mode` (`/BM`, all 16 modes) and `isolation`
/// become transparency-group form XObjects drawn through an ExtGState.
///
/// Refused with the feature and its line: filters, patterns, images, `non-scaling-stroke`,
/// `shape-rendering: crispEdges`, and blend modes inside a luminance mask's content.
package struct PDFWriter {
    /// Size, tint and recolouring of the page (`VectorExportOptions`: the size is in points).
    package typealias Options = VectorExportOptions

    /// Why an icon cannot be written as PDF: the feature and where in the file it is.
    package struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// `filter`, `pattern`, …
        package var feature: String
        /// 1-based, nil when the file does not show where.
        package var line: Int?
        /// What exactly cannot be written.
        package var reason: String

        /// The message without the place (`path:line:` goes in front, as compilers print it).
        package var description: String { "svgicon's PDF output cannot express \(feature) yet: \(reason)" }
    }

    /// What the page is made with.
    package let options: Options
    let locator: SourceLocator

    /// A writer with `options`; `source` is the SVG text, for the lines of refusals.
    package init(options: Options, source: [UInt8] = []) {
        self.options = options
        self.locator = SourceLocator(source: source)
    }

    func refusal(_ feature: String, element: String?, pattern: String?, fallback: String?, reason: String) -> Refusal {
        Refusal(feature: feature, line: locator.line(matching: pattern, in: element, fallback: fallback),
                reason: (element.map { "<\($0)>: " } ?? "") + reason)
    }

    /// The PDF file's bytes.
    package func write(_ result: SVGParseResult) throws(Refusal) -> [UInt8] {
        let objects = PDFObjects()
        let content = try contentStream(result, objects: objects)
        return objects.file(width: options.width, height: options.height, content: content)
    }

    /// The page's content stream before compression; the objects it names are added to `objects`.
    package func contentStream(_ result: SVGParseResult, objects: PDFObjects) throws(Refusal) -> String {
        if let filter = SourceLocator.droppedFilter(in: result) {
            throw Refusal(feature: "filter", line: filter.line, reason: "<\(filter.element)> uses a filter (render a PNG instead)")
        }
        var icon = result.icon
        if options.recolor { icon = icon.recolored() }
        let flip = SVGTransform(a: 1, b: 0, c: 0, d: -1, e: 0, f: Double(options.height))
        let fit = SVGIconRenderer.fitTransform(icon, width: options.width, height: options.height)
        var emitter = PDFEmitter(writer: self, objects: objects, tint: options.tint ?? .black)
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

/// Where drawing is: the current user space mapped into the base space of the content stream being written
/// (what pattern matrices are relative to) and into the page's default space (what form bounding boxes are
/// made from).
struct PDFSpace {
    var local: SVGTransform
    var page: SVGTransform

    /// The space after a `cm` with `m`.
    func then(_ m: SVGTransform) -> PDFSpace {
        PDFSpace(local: local.concatenating(m), page: page.concatenating(m))
    }

    /// The same space as the base of a new form XObject's stream.
    var formBase: PDFSpace { PDFSpace(local: .identity, page: page) }
}

/// Writes layers as content-stream operators (one emitter per page; forms and soft masks it makes share it).
struct PDFEmitter {
    let writer: PDFWriter
    let objects: PDFObjects
    let tint: SVGColor
    /// Inside a luminance mask's content: every colour is written as its luminance, in DeviceGray, so that
    /// the reader's luminosity (whatever its weights) is SVG's.
    var gray = false

    mutating func emit(_ layer: SVGIconLayer, space outer: PDFSpace, alpha: Double, into out: inout String) throws(PDFWriter.Refusal) {
        guard layer.opacity > 0, layer.transform.isInvertible else { return }
        try checkSupported(layer)
        var body = ""
        var space = outer
        if !layer.transform.isIdentity {
            body += PDFSyntax.matrix(layer.transform) + " cm\n"
            space = space.then(layer.transform)
        }
        var clipEntries: String? = nil  // an ExtGState's soft mask, when the clip is one
        if let clip = layer.clipPath {
            switch try clipping(clip, space: space, element: layer.elementName) {
            case .nothing: return
            case .operators(let ops): body += ops
            case .softMask(let entry): clipEntries = entry
            }
        }
        let painted = Self.paintCount(layer)
        let wholeOpacity = layer.opacity < 1 && painted > 1
        var groupEntries: [String] = []
        if wholeOpacity {
            let a = PDFSyntax.number(layer.opacity)
            groupEntries.append("/ca \(a) /CA \(a)")
        }
        if let mask = layer.mask {
            guard let entry = try softMask(mask, space: space, element: layer.elementName) else { return }
            groupEntries.append(entry)
        }
        if layer.blendMode != .normal { groupEntries.append("/BM /" + Self.blendName(layer.blendMode)) }
        let isolates = layer.isolated && Self.blendsInside(layer)
        let needsGroup = !groupEntries.isEmpty || clipEntries != nil || isolates
        let inner = needsGroup ? space.formBase : space
        // Opacity pushed down (an ancestor's over one paint, or this layer's) scales the one paint there is.
        let contentAlpha = wholeOpacity ? 1 : alpha * layer.opacity
        var content = ""
        switch layer.content {
        case .group(let children):
            for child in children { try emit(child, space: inner, alpha: contentAlpha, into: &content) }
        case .shape(let shape):
            try emitShape(shape, alpha: contentAlpha, space: inner, element: layer.elementName, into: &content)
        }
        guard !content.isEmpty else { return }
        if needsGroup {
            // One soft mask per ExtGState: a clip's, when the layer has a mask too, on a group of its own inside.
            var entries = groupEntries
            if let clipEntries {
                if groupEntries.contains(where: { $0.hasPrefix("/SMask") }) {
                    content = drawForm(content, space: inner, entries: clipEntries, isolated: true)
                } else {
                    entries.insert(clipEntries, at: 0)
                }
            }
            content = drawForm(content, space: space, entries: entries.joined(separator: " "), isolated: true)
        }
        out += "q\n" + body + content + "Q\n"
    }

    func checkSupported(_ layer: SVGIconLayer) throws(PDFWriter.Refusal) {
        if !layer.filter.isEmpty {
            throw writer.refusal("filter", element: layer.elementName, pattern: #"\bfilter\s*[=:]"#, fallback: "<filter",
                                 reason: "filter effects are not written to PDF (render a PNG instead)")
        }
        if gray, layer.blendMode != .normal {
            throw writer.refusal("mix-blend-mode inside a mask", element: layer.elementName, pattern: #"mix-blend-mode"#, fallback: nil,
                                 reason: "a luminance mask's content is written in grey, where blending does not give SVG's luminance")
        }
        if case .shape(let shape) = layer.content, !shape.antialias {
            throw writer.refusal("shape-rendering", element: layer.elementName, pattern: #"shape-rendering"#, fallback: nil,
                                 reason: "PDF readers anti-alias as they choose, so crispEdges would come out different")
        }
    }

    /// Fills and strokes below `layer` (a shape with both counts two): opacity over one of them is that
    /// paint's alpha, over more it needs a group.
    static func paintCount(_ layer: SVGIconLayer) -> Int {
        switch layer.content {
        case .shape(let s): return (s.fill != nil ? 1 : 0) + (s.stroke != nil ? 1 : 0)
        case .group(let kids): return kids.reduce(0) { $0 + paintCount($1) }
        }
    }

    /// Whether `layer` or something below it (outside an isolated group) blends with its backdrop.
    static func blends(_ layer: SVGIconLayer) -> Bool {
        layer.blendMode != .normal || (!layer.isolated && blendsInside(layer))
    }

    /// Whether something below `layer` blends with a backdrop inside `layer`.
    static func blendsInside(_ layer: SVGIconLayer) -> Bool {
        guard case .group(let kids) = layer.content else { return false }
        return kids.contains(where: blends)
    }

    /// `/Name` of a blend mode in PDF (ISO 32000-1 §11.3.5: the same 16 modes and formulas as CSS).
    static func blendName(_ mode: SVGBlendMode) -> String {
        switch mode {
        case .normal: return "Normal"
        case .multiply: return "Multiply"
        case .screen: return "Screen"
        case .overlay: return "Overlay"
        case .darken: return "Darken"
        case .lighten: return "Lighten"
        case .colorDodge: return "ColorDodge"
        case .colorBurn: return "ColorBurn"
        case .hardLight: return "HardLight"
        case .softLight: return "SoftLight"
        case .difference: return "Difference"
        case .exclusion: return "Exclusion"
        case .hue: return "Hue"
        case .saturation: return "Saturation"
        case .color: return "Color"
        case .luminosity: return "Luminosity"
        }
    }

    /// `content` as a transparency-group form XObject covering the page, drawn in `space` through an
    /// ExtGState with `entries` (nothing extra when empty).
    func drawForm(_ content: String, space: PDFSpace, entries: String, isolated: Bool, colourSpace: String? = nil) -> String {
        let form = makeForm(content, space: space, isolated: isolated, colourSpace: colourSpace)
        let state = entries.isEmpty ? "" : "/\(objects.extGState(entries)) gs\n"
        return "q\n" + state + "/\(objects.xObject(form)) Do\nQ\n"
    }

    /// A form XObject of `content` (a reference); its box is the page seen from `space`.
    func makeForm(_ content: String, space: PDFSpace, isolated: Bool, colourSpace: String?) -> String {
        var group = "/S /Transparency"
        if let colourSpace { group += " /CS /\(colourSpace)" }
        if isolated { group += " /I true" }
        return objects.addStream("/Type /XObject /Subtype /Form /BBox [\(pageBox(space))] /Group << \(group) >> /Resources \(PDFObjects.resourcesReference)",
                                 content: content)
    }

    /// The page's rectangle in `space`'s user space, as a PDF rectangle (everything outside it is off the page).
    func pageBox(_ space: PDFSpace) -> String {
        guard let back = space.page.inverted() else { return "0 0 0 0" }
        let w = Double(writer.options.width), h = Double(writer.options.height)
        let corners = [SVGPoint(x: 0, y: 0), SVGPoint(x: w, y: 0), SVGPoint(x: 0, y: h), SVGPoint(x: w, y: h)].map(back.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return [xs.min()!, ys.min()!, xs.max()!, ys.max()!].map(PDFSyntax.number).joined(separator: " ")
    }
}
