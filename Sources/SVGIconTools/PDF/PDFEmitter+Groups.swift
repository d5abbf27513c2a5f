import SVGIconCore

/// How a clip path is written: not at all (it clips everything away), as path operators ending in `W n`, or
/// as the entries of an ExtGState whose alpha soft mask is the clip.
enum PDFClip {
    case nothing
    case operators(String)
    case softMask(String)
}

extension PDFEmitter {
    /// A clip path in the layer's user space (`space`). One shape, not itself clipped: `W`/`W*`. Anything
    /// else: the union of its shapes drawn opaque black into an alpha soft mask (a + b − a·b per pixel, as
    /// the renderer unites them), with the clip path's own clip path and its shapes' clip paths inside it.
    func clipping(_ clip: SVGClipPath, space: PDFSpace, element: String?) throws(PDFWriter.Refusal) -> PDFClip {
        var shapes: [(SVGShape, SVGTransform)] = []
        var nested = clip.clipPath != nil
        func collect(_ layer: SVGIconLayer, _ t: SVGTransform) {
            if layer.clipPath != nil { nested = true }
            let m = t.concatenating(layer.transform)
            switch layer.content {
            case .shape(let s): shapes.append((s, m))
            case .group(let kids): for kid in kids { collect(kid, m) }
            }
        }
        for layer in clip.layers { collect(layer, clip.transform) }
        guard !shapes.isEmpty else { return .nothing }
        if shapes.count == 1, !nested {
            let (shape, t) = shapes[0]
            return .operators(PDFSyntax.pathOperators(shape.path.transformed(by: t)) + (shape.fill?.rule == .evenodd ? "W* n\n" : "W n\n"))
        }
        let inner = SVGIconLayer(content: .group(clip.layers.map(Self.opaque)), transform: clip.transform)
        let outer = SVGIconLayer(content: .group([inner]), clipPath: clip.clipPath)
        var emitter = self
        emitter.gray = false
        var content = ""
        try emitter.emit(outer, space: space.formBase, alpha: 1, into: &content)
        guard !content.isEmpty else { return .nothing }
        let form = makeForm(content, space: space, isolated: true, colourSpace: nil)
        return .softMask("/SMask << /Type /Mask /S /Alpha /G \(form) >>")
    }

    /// A clip path's layer as what it contributes to the clip: its geometry filled opaque with its clip rule,
    /// its transform and its own clip path; paint, strokes, opacity and effects do not count.
    static func opaque(_ layer: SVGIconLayer) -> SVGIconLayer {
        var result = SVGIconLayer(content: layer.content, transform: layer.transform, elementName: layer.elementName,
                                  clipPath: layer.clipPath)
        switch layer.content {
        case .shape(var shape):
            shape.fill = SVGFill(paint: .color(.black), rule: shape.fill?.rule ?? .nonzero)
            shape.stroke = nil
            shape.antialias = true
            result.content = .shape(shape)
        case .group(let kids):
            result.content = .group(kids.map(opaque))
        }
        return result
    }

    /// The ExtGState entry of a mask (a luminosity or alpha soft mask of its content inside its region, the
    /// mask's own mask applied to that content), nil when it lets nothing through.
    func softMask(_ mask: SVGMask, space: PDFSpace, element: String?) throws(PDFWriter.Refusal) -> String? {
        guard mask.width > 0, mask.height > 0 else { return nil }
        let region = [mask.x, mask.y, mask.width, mask.height].map(PDFSyntax.number).joined(separator: " ") + " re W n\n"
        let content = SVGIconLayer(content: .group(mask.layers), elementName: element, mask: mask.mask)
        var emitter = self
        emitter.gray = !mask.usesAlpha
        var inner = ""
        try emitter.emit(content, space: space.formBase, alpha: 1, into: &inner)
        guard !inner.isEmpty else { return nil }
        let form = makeForm(region + inner, space: space, isolated: true, colourSpace: mask.usesAlpha ? nil : "DeviceGray")
        return "/SMask << /Type /Mask /S /\(mask.usesAlpha ? "Alpha" : "Luminosity") /G \(form) >>"
    }
}
