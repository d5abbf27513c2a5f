import SVGIconCore

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
    /// The icon's viewBox space in the page's default space (the y flip and the fit): where a
    /// `non-scaling-stroke` is outlined, as the renderer strokes it.
    let viewBoxToPage: SVGTransform
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
        // Blending children blend inside this layer when it is isolated (the renderer draws such a layer
        // offscreen): then it needs a group even where its opacity could be pushed down or its clip be `W`.
        let isolates = Self.isolating(layer) && Self.blendsInside(layer)
        let wholeOpacity = layer.opacity < 1 && (painted > 1 || isolates)
        var groupEntries: [String] = []
        if wholeOpacity {
            let a = PDFSyntax.number(alpha * layer.opacity)
            groupEntries.append("/ca \(a) /CA \(a)")
        }
        if let mask = layer.mask {
            guard let entry = try softMask(mask, space: space, element: layer.elementName) else { return }
            groupEntries.append(entry)
        }
        if layer.blendMode != .normal { groupEntries.append("/BM /" + Self.blendName(layer.blendMode)) }
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
        layer.blendMode != .normal || (!isolating(layer) && blendsInside(layer))
    }

    /// Whether `layer` is composited as a whole, so what blends inside it blends only with its own content
    /// (`isolation: isolate`, group opacity, a clip path or a mask).
    static func isolating(_ layer: SVGIconLayer) -> Bool {
        guard case .group = layer.content else { return false }
        return layer.isolated || layer.opacity < 1 || layer.clipPath != nil || layer.mask != nil
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
