import Foundation
import SVGIconCore
import SVGIconKit

/// Writes an icon as a one-page PDF 1.4 (`-o icon.pdf`, `--format pdf`), from the resolved model, exactly or
/// not at all (DESIGN.md §7).
///
/// Written: a page of the icon's size in points (`--size`), the viewBox fitted as svgicon renders it, layer
/// transforms (`cm`), paths (`m l c h`; quadratic curves as the equal cubics), fills with their rule (`f`,
/// `f*`), strokes with width, caps, joins, miter limit and dashes (`w J j M d`), colours with their alpha
/// (an `ExtGState` with `/ca` and `/CA`), a clip path of one shape with its clip rule (`W`, `W*`), the
/// opacity of a one-paint shape and of a group whose shapes do not overlap (pushed into the paints), and
/// the tint (default black) as the colour of `currentColor` paints. The content stream is Flate-compressed.
///
/// Not yet written, so refused with the feature and its line: gradients (axial and radial shadings),
/// masks and group opacity over overlapping shapes (transparency groups), patterns, images, filters,
/// `non-scaling-stroke` and clip paths of several shapes.
package struct PDFWriter {
    /// Size, tint and recolouring of the page (`VectorExportOptions`: the size is in points).
    package typealias Options = VectorExportOptions

    package struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        package var feature: String
        package var line: Int?
        package var reason: String

        package var description: String { "svgicon's PDF output cannot express \(feature) yet: \(reason)" }
    }

    package let options: Options
    private let source: [UInt8]

    package init(options: Options, source: [UInt8] = []) {
        self.options = options
        self.source = source
    }

    private func refusal(_ feature: String, element: String?, pattern: String?, fallback: String?, reason: String) -> Refusal {
        let finder = VectorDrawableWriter(options: .init(width: 1, height: 1), source: source)
        return Refusal(feature: feature, line: finder.line(matching: pattern, in: element, fallback: fallback),
                       reason: (element.map { "<\($0)>: " } ?? "") + reason)
    }

    /// The PDF file's bytes.
    package func write(_ result: SVGParseResult) throws(Refusal) -> [UInt8] {
        let (content, alphas) = try contentStream(result)
        return Self.file(width: options.width, height: options.height, content: Array(content.utf8), alphas: alphas)
    }

    /// The page's content stream before compression, and the `ExtGState` dictionaries it names `/A0`, `/A1`, ….
    package func contentStream(_ result: SVGParseResult) throws(Refusal) -> (content: String, alphas: [String]) {
        if let filter = result.warnings.first(where: { $0.message.hasPrefix("filter effects") }) {
            throw Refusal(feature: "filter", line: filter.line > 0 ? filter.line : nil,
                          reason: "<\(filter.element)> uses a filter (render a PNG instead)")
        }
        var icon = result.icon
        if options.recolor { icon = icon.recolored() }
        var state = State(writer: self, tint: options.tint ?? .black)
        let fit = SVGIconRenderer.fitTransform(icon, width: options.width, height: options.height)
        // /S0 turns stroke adjustment off: a reader that snaps thin strokes to whole pixels (poppler does by
        // default) would draw something other than the icon.
        var content = "/S0 gs\n1 0 0 -1 0 \(Self.number(Double(options.height))) cm\n"
        if !fit.isIdentity { content += Self.matrix(fit) + " cm\n" }
        for layer in icon.layers { try state.emit(layer, alpha: 1, into: &content) }
        return (content, state.alphas)
    }

    private struct State {
        let writer: PDFWriter
        let tint: SVGColor
        /// ExtGState entries by (fill alpha, stroke alpha), named `/A0`, `/A1`, … in order.
        var alphas: [String] = []

        mutating func emit(_ layer: SVGIconLayer, alpha: Double, into out: inout String) throws(Refusal) {
            guard layer.opacity > 0, layer.transform.isInvertible else { return }
            if layer.mask != nil {
                throw writer.refusal("mask", element: layer.elementName, pattern: #"\bmask\s*[=:]"#, fallback: "<mask",
                                     reason: "masks need soft-mask transparency groups, which svgicon does not write yet")
            }
            if !layer.filter.isEmpty {
                throw writer.refusal("filter", element: layer.elementName, pattern: #"\bfilter\s*[=:]"#, fallback: "<filter",
                                     reason: "filter effects are not written to PDF (render a PNG instead)")
            }
            if layer.blendMode != .normal {
                throw writer.refusal("mix-blend-mode", element: layer.elementName, pattern: #"mix-blend-mode"#, fallback: nil,
                                     reason: "blend modes need transparency groups, which svgicon does not write yet")
            }
            if case .shape(let shape) = layer.content, !shape.antialias {
                throw writer.refusal("shape-rendering", element: layer.elementName, pattern: #"shape-rendering"#, fallback: nil,
                                     reason: "PDF readers anti-alias as they choose, so crispEdges would come out different")
            }
            var body = ""
            if !layer.transform.isIdentity { body += PDFWriter.matrix(layer.transform) + " cm\n" }
            if let clip = layer.clipPath {
                guard let clipOps = try clipOperators(clip, element: layer.elementName) else { return }
                body += clipOps
            }
            let opacity = alpha * layer.opacity
            switch layer.content {
            case .group(let children):
                if layer.opacity < 1 { try checkPushDown(children, element: layer.elementName) }
                for child in children { try emit(child, alpha: opacity, into: &body) }
            case .shape(let shape):
                if opacity < 1, shape.fill != nil, shape.stroke != nil { throw groupOpacity(layer.elementName) }
                try emitShape(shape, alpha: opacity, element: layer.elementName, into: &body)
            }
            out += "q\n" + body + "Q\n"
        }

        func groupOpacity(_ element: String?) -> Refusal {
            writer.refusal("opacity over overlapping shapes", element: element, pattern: #"(?<![-\w])opacity\s*[=:]"#,
                           fallback: nil, reason: "it needs a transparency group, which svgicon does not write yet")
        }

        func checkPushDown(_ children: [SVGIconLayer], element: String?) throws(Refusal) {
            var painted = 0
            func count(_ layer: SVGIconLayer) {
                switch layer.content {
                case .group(let kids): kids.forEach(count)
                case .shape(let s): painted += (s.fill != nil ? 1 : 0) + (s.stroke != nil ? 1 : 0)
                }
            }
            children.forEach(count)
            if painted > 1 { throw groupOpacity(element) }
        }

        func clipOperators(_ clip: SVGClipPath, element: String?) throws(Refusal) -> String? {
            let refuse = { (reason: String) -> Refusal in
                writer.refusal("this clip path", element: element, pattern: #"\bclip-path\s*[=:]"#, fallback: "<clipPath", reason: reason)
            }
            if clip.clipPath != nil { throw refuse("a clip path clipped by another") }
            var shapes: [(SVGShape, SVGTransform)] = []
            func collect(_ layer: SVGIconLayer, _ t: SVGTransform) throws(Refusal) {
                if layer.clipPath != nil { throw refuse("a clip shape with its own clip-path") }
                let m = t.concatenating(layer.transform)
                switch layer.content {
                case .shape(let s): shapes.append((s, m))
                case .group(let kids): for kid in kids { try collect(kid, m) }
                }
            }
            for layer in clip.layers { try collect(layer, clip.transform) }
            guard !shapes.isEmpty else { return nil }
            guard shapes.count == 1 else { throw refuse("\(shapes.count) shapes; svgicon writes a clip of one shape") }
            let (shape, t) = shapes[0]
            return PDFWriter.pathOperators(shape.path.transformed(by: t)) + (shape.fill?.rule == .evenodd ? "W* n\n" : "W n\n")
        }

        mutating func alphaState(fill: Double, stroke: Double) -> String {
            guard fill < 1 || stroke < 1 else { return "" }
            let entry = "<< /Type /ExtGState /ca \(PDFWriter.number(fill)) /CA \(PDFWriter.number(stroke)) >>"
            let index = alphas.firstIndex(of: entry) ?? { alphas.append(entry); return alphas.count - 1 }()
            return "/A\(index) gs\n"
        }

        func colour(_ paint: SVGPaint, element: String?) throws(Refusal) -> SVGColor? {
            switch paint {
            case .color(let c): return c
            case .tint: return tint
            case .linearGradient, .radialGradient:
                throw writer.refusal("a gradient", element: element, pattern: writer.gradientUse(), fallback: "Gradient",
                                     reason: "axial and radial shadings are not written yet")
            case .pattern:
                throw writer.refusal("pattern", element: element, pattern: nil, fallback: "<pattern", reason: "tiling patterns are not written yet")
            case .image:
                throw writer.refusal("image", element: element ?? "image", pattern: nil, fallback: "<image", reason: "images are not written yet")
            }
        }

        mutating func emitShape(_ shape: SVGShape, alpha: Double, element: String?, into out: inout String) throws(Refusal) {
            let path = PDFWriter.pathOperators(shape.path)
            var fillOps = "", strokeOps = ""
            if let fill = shape.fill, let c = try colour(fill.paint, element: element) {
                let a = alpha * fill.opacity * c.alpha
                if a > 0 {
                    fillOps = alphaState(fill: a, stroke: 1) + PDFWriter.rgb(c) + " rg\n" + path + (fill.rule == .evenodd ? "f*\n" : "f\n")
                }
            }
            if let stroke = shape.stroke, let c = try colour(stroke.paint, element: element) {
                if stroke.nonScaling {
                    throw writer.refusal("non-scaling-stroke", element: element, pattern: #"non-scaling-stroke"#, fallback: nil,
                                         reason: "PDF strokes scale with the transform")
                }
                let a = alpha * stroke.opacity * c.alpha
                if a > 0 {
                    let s = stroke.style
                    var ops = alphaState(fill: 1, stroke: a) + PDFWriter.rgb(c) + " RG\n"
                    ops += "\(PDFWriter.number(s.width)) w \(s.cap == .butt ? 0 : s.cap == .round ? 1 : 2) J "
                    ops += "\(s.join == .miter ? 0 : s.join == .round ? 1 : 2) j \(PDFWriter.number(s.miterLimit)) M\n"
                    if !s.dashes.isEmpty {
                        ops += "[" + s.dashes.map(PDFWriter.number).joined(separator: " ") + "] \(PDFWriter.number(s.dashOffset)) d\n"
                    }
                    strokeOps = ops + path + "S\n"
                }
            }
            // Each paint in its own q…Q, so one's graphics state does not leak into the other.
            let parts = shape.strokeFirst ? [strokeOps, fillOps] : [fillOps, strokeOps]
            for part in parts where !part.isEmpty { out += "q\n" + part + "Q\n" }
        }
    }

    /// `url(#id)` of any gradient in the source.
    fileprivate func gradientUse() -> String? {
        let finder = VectorDrawableWriter(options: .init(width: 1, height: 1), source: source)
        let ids = [finder.referencePattern(to: "linearGradient"), finder.referencePattern(to: "radialGradient")].compactMap { $0 }
        return ids.isEmpty ? nil : ids.map { "(?:\($0))" }.joined(separator: "|")
    }

    static func pathOperators(_ path: SVGPath) -> String {
        var s = ""
        func pt(_ p: SVGPoint) -> String { number(p.x) + " " + number(p.y) }
        path.forEachSegment { segment in
            switch segment {
            case .move(let p): s += pt(p) + " m\n"
            case .line(_, let p): s += pt(p) + " l\n"
            case .quad(let p0, let c, let p):
                let c1 = SVGPoint(x: p0.x + 2 / 3 * (c.x - p0.x), y: p0.y + 2 / 3 * (c.y - p0.y))
                let c2 = SVGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                s += pt(c1) + " " + pt(c2) + " " + pt(p) + " c\n"
            case .cubic(_, let c1, let c2, let p): s += pt(c1) + " " + pt(c2) + " " + pt(p) + " c\n"
            case .close: s += "h\n"
            }
        }
        return s
    }

    static func matrix(_ m: SVGTransform) -> String {
        [m.a, m.b, m.c, m.d, m.e, m.f].map(number).joined(separator: " ")
    }

    static func rgb(_ c: SVGColor) -> String {
        [c.red, c.green, c.blue].map { number(Double($0) / 255) }.joined(separator: " ")
    }

    static func number(_ v: Double) -> String { VectorDrawableWriter.number(v) }

    /// The file: catalog, page tree, page, content stream, then the cross-reference table.
    static func file(width: Int, height: Int, content: [UInt8], alphas: [String]) -> [UInt8] {
        var out: [UInt8] = Array("%PDF-1.4\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        var offsets: [Int] = []
        func object(_ body: [UInt8]) {
            offsets.append(out.count)
            out += Array("\(offsets.count) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let states = (["/S0 << /Type /ExtGState /SA false >>"] + alphas.enumerated().map { "/A\($0.offset) \($0.element)" })
            .joined(separator: " ")
        object(Array("<< /Type /Catalog /Pages 2 0 R >>".utf8))
        object(Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8))
        object(Array("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Resources << /ExtGState << \(states) >> >> /Contents 4 0 R >>".utf8))
        let compressed = ZlibStream.compress(content)
        object(Array("<< /Length \(compressed.count) /Filter /FlateDecode >>\nstream\n".utf8) + compressed + Array("\nendstream".utf8))
        let xref = out.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Array(table.utf8)
    }
}
