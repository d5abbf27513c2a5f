import SVGIconCore

/// The conversion of layers, shapes and clip paths into VectorDrawable elements (paints: +Paint.swift).
extension VectorDrawableWriter {
    /// One conversion: the writer, whether the tint is left to `android:tint`, and what the XML head needs.
    struct State {
        typealias Part = VectorDrawableWriter.Part
        typealias Refusal = VectorDrawableWriter.Refusal
        let writer: VectorDrawableWriter
        /// `currentColor` paints are white and `android:tint` colours them.
        let tintMode: Bool
        let tolerance: Double
        var usesAapt = false
        var wroteTint = false

        var tint: SVGColor { writer.options.tint ?? .black }

        /// Writes `layers`. `transform` is the pending group transform (written as a `<group>` by the first
        /// layer that needs one, identity when none), `bake` what the path data is multiplied by (a skewed
        /// ancestor), `alpha` the opacity pushed down from groups.
        mutating func emit(_ layers: [SVGIconLayer], transform: SVGTransform, bake: SVGTransform, alpha: Double,
                           depth: Int, into out: inout String) throws(Refusal) {
            if transform.isIdentity {
                for layer in layers { try emit(layer, ctm: .identity, bake: bake, alpha: alpha, depth: depth, into: &out) }
                return
            }
            guard let parts = VectorDrawableWriter.decompose(transform) else {
                for layer in layers { try emit(layer, ctm: .identity, bake: transform.concatenating(bake), alpha: alpha, depth: depth, into: &out) }
                return
            }
            var inner = ""
            for layer in layers { try emit(layer, ctm: transform, bake: bake, alpha: alpha, depth: depth + 1, into: &inner) }
            guard !inner.isEmpty else { return }
            out += VectorDrawableWriter.indent(depth) + "<group" + VectorDrawableWriter.groupAttributes(parts) + ">\n"
            out += inner + VectorDrawableWriter.indent(depth) + "</group>\n"
        }

        /// One layer. `ctm` is the transform of the enclosing written groups relative to the viewport's
        /// space (for deciding whether a stroke keeps its shape).
        mutating func emit(_ layer: SVGIconLayer, ctm outer: SVGTransform, bake outerBake: SVGTransform, alpha: Double,
                           depth: Int, into out: inout String) throws(Refusal) {
            guard layer.opacity > 0 else { return }
            try refuseInexpressible(layer)
            // The layer's own transform: a group of its own, or baked with everything below it.
            var bake = outerBake
            var groupTransform: VectorDrawableWriter.Decomposed? = nil
            var ctm = outer
            if !layer.transform.isIdentity {
                guard layer.transform.isInvertible else { return }
                if bake.isIdentity, let parts = VectorDrawableWriter.decompose(layer.transform) {
                    groupTransform = parts
                    ctm = outer.concatenating(layer.transform)
                } else {
                    bake = bake.concatenating(layer.transform)
                }
            }
            let opacity = alpha * layer.opacity
            var inner = ""
            let childDepth = depth + 1
            if let clip = layer.clipPath {
                guard let data = try clipPathData(clip, bake: bake, element: layer.elementName) else { return }
                inner += VectorDrawableWriter.indent(childDepth) + "<clip-path android:pathData=\"\(data)\"/>\n"
            }
            let needsGroup = groupTransform != nil || layer.clipPath != nil
            let contentDepth = needsGroup ? childDepth : depth
            switch layer.content {
            case .group(let children):
                var pushed = opacity
                if layer.opacity < 1 {
                    try checkDisjoint(children, element: layer.elementName)
                    pushed = opacity
                }
                for child in children {
                    try emit(child, ctm: ctm, bake: bake, alpha: pushed, depth: contentDepth, into: &inner)
                }
            case .shape(let shape):
                if opacity < 1, shape.fill != nil, shape.stroke != nil {
                    throw writer.refusal("opacity over a filled and stroked shape", element: layer.elementName,
                                         pattern: #"(?<![-\w])opacity\s*[=:]"#, fallback: nil,
                                         reason: "the shape is composited as a whole, so its stroke does not show through its fill; VectorDrawable has no group opacity")
                }
                try emitShape(shape, ctm: ctm, bake: bake, alpha: opacity, element: layer.elementName,
                              depth: contentDepth, into: &inner)
            }
            guard !inner.isEmpty else { return }
            if needsGroup {
                out += VectorDrawableWriter.indent(depth) + "<group" + (groupTransform.map(VectorDrawableWriter.groupAttributes) ?? "") + ">\n"
                out += inner + VectorDrawableWriter.indent(depth) + "</group>\n"
            } else {
                out += inner
            }
        }

        /// Refuses what a VectorDrawable cannot say about `layer` itself: a mask, a filter, a blend mode
        /// other than source-over, and an aliased (crispEdges) shape.
        func refuseInexpressible(_ layer: SVGIconLayer) throws(Refusal) {
            if layer.mask != nil {
                throw writer.refusal("mask", element: layer.elementName, pattern: #"\bmask\s*[=:]"#, fallback: "<mask",
                                     reason: "VectorDrawable has no masks")
            }
            if !layer.filter.isEmpty {
                throw writer.refusal("filter", element: layer.elementName, pattern: #"\bfilter\s*[=:]"#, fallback: "<filter",
                                     reason: "VectorDrawable has no filter effects (render a PNG instead)")
            }
            if layer.blendMode != .normal {
                throw writer.refusal("mix-blend-mode", element: layer.elementName, pattern: #"mix-blend-mode"#, fallback: nil,
                                     reason: "VectorDrawable paints with source-over only")
            }
            if case .shape(let shape) = layer.content, !shape.antialias {
                throw writer.refusal("shape-rendering", element: layer.elementName, pattern: #"shape-rendering"#, fallback: nil,
                                     reason: "VectorDrawable always anti-aliases its paths, so crispEdges would come out different")
            }
        }

        /// The clip path as one path's data, nil when it clips everything away.
        func clipPathData(_ clip: SVGClipPath, bake: SVGTransform, element: String?) throws(Refusal) -> String? {
            let refuse = { (reason: String) -> Refusal in
                writer.refusal("this clip path", element: element, pattern: #"\bclip-path\s*[=:]"#, fallback: "<clipPath", reason: reason)
            }
            if clip.clipPath != nil { throw refuse("a clip path clipped by another; VectorDrawable clips with one path per group") }
            var shapes: [(SVGShape, SVGTransform)] = []
            func collect(_ layer: SVGIconLayer, _ transform: SVGTransform) throws(Refusal) {
                if layer.clipPath != nil { throw refuse("a clip shape with its own clip-path") }
                let t = transform.concatenating(layer.transform)
                switch layer.content {
                case .shape(let shape): shapes.append((shape, t))
                case .group(let children): for child in children { try collect(child, t) }
                }
            }
            for layer in clip.layers { try collect(layer, bake.concatenating(clip.transform)) }
            guard !shapes.isEmpty else { return nil }
            guard shapes.count == 1 else {
                throw refuse("\(shapes.count) shapes, whose union VectorDrawable's <clip-path> (one path, several intersecting) cannot say")
            }
            let (shape, transform) = shapes[0]
            if shape.fill?.rule == .evenodd {
                throw refuse("clip-rule=\"evenodd\"; a VectorDrawable <clip-path> is always nonzero")
            }
            return VectorDrawableWriter.pathData(shape.path.transformed(by: transform))
        }

        /// Group opacity can be pushed down only when no two painted parts of the group overlap.
        func checkDisjoint(_ children: [SVGIconLayer], element: String?) throws(Refusal) {
            var boxes: [(SVGPoint, SVGPoint)] = []
            var parts = 0
            func collect(_ layer: SVGIconLayer, _ t: SVGTransform) {
                let m = t.concatenating(layer.transform)
                switch layer.content {
                case .group(let kids): for kid in kids { collect(kid, m) }
                case .shape(let shape):
                    parts += (shape.fill != nil ? 1 : 0) + (shape.stroke != nil ? 1 : 0)
                    guard let b = shape.path.transformed(by: m).controlBounds else { return }
                    let pad = shape.stroke.map { s in s.style.width / 2 * max(s.style.miterLimit, 1.5) * m.maxScale } ?? 0
                    boxes.append((SVGPoint(x: b.min.x - pad, y: b.min.y - pad), SVGPoint(x: b.max.x + pad, y: b.max.y + pad)))
                }
            }
            for child in children { collect(child, .identity) }
            var overlap = parts > boxes.count  // a shape with fill and stroke overlaps itself
            outer: for i in boxes.indices {
                for j in boxes.indices where j > i {
                    let a = boxes[i], b = boxes[j]
                    if a.0.x < b.1.x && b.0.x < a.1.x && a.0.y < b.1.y && b.0.y < a.1.y { overlap = true; break outer }
                }
            }
            if overlap {
                throw writer.refusal("group opacity over overlapping shapes", element: element,
                                     pattern: #"(?<![-\w])opacity\s*[=:]"#, fallback: nil,
                                     reason: "the group is composited as a whole, so its shapes do not show through each other; VectorDrawable has no group opacity")
            }
        }

        mutating func emitShape(_ shape: SVGShape, ctm: SVGTransform, bake: SVGTransform, alpha: Double,
                                element: String?, depth: Int, into out: inout String) throws(Refusal) {
            let total = ctm.concatenating(bake)
            var fillPart: Part? = nil
            var strokePart: Part? = nil
            let data = VectorDrawableWriter.pathData(shape.path.transformed(by: bake))
            if let fill = shape.fill {
                let paint = try paintAttributes(fill.paint, prefix: "fill", alpha: alpha * fill.opacity, bake: bake, element: element)
                if var paint {
                    if fill.rule == .evenodd { paint.attributes.append(("fillType", "evenOdd")) }
                    fillPart = paint
                }
            }
            if let stroke = shape.stroke {
                if let factor = nativeStrokeFactor(stroke, total: total) {
                    strokePart = try nativeStroke(stroke, widthFactor: factor, bake: bake, alpha: alpha, element: element)
                } else {
                    guard let outline = strokeOutline(shape, stroke, total: total, bake: bake) else { return }
                    if !outline.isEmpty,
                       let paint = try paintAttributes(stroke.paint, prefix: "fill", alpha: alpha * stroke.opacity, bake: bake, element: element) {
                        let outlined = pathElement(depth, VectorDrawableWriter.pathData(outline), paint)
                        let filled = fillPart.map { pathElement(depth, data, $0) } ?? ""
                        out += shape.strokeFirst ? outlined + filled : filled + outlined
                        return
                    }
                }
            }
            switch (fillPart, strokePart) {
            case (nil, nil): return
            case let (f?, nil): out += pathElement(depth, data, f)
            case let (nil, s?): out += pathElement(depth, data, s)
            case let (f?, s?):
                if shape.strokeFirst {
                    out += pathElement(depth, data, s) + pathElement(depth, data, f)
                } else {
                    out += pathElement(depth, data, f + s)
                }
            }
        }

        /// Android strokes the transformed path with a round pen scaled by the matrix's scale: the same as
        /// SVG's for a similarity. Then the factor the stroke width is multiplied by (1, or the inverse scale
        /// for non-scaling-stroke); nil where the outline must be filled instead: a transform that is not a
        /// similarity, dashes, and miter-clip joins, which Android's strokeLineJoin has not.
        func nativeStrokeFactor(_ stroke: SVGStroke, total: SVGTransform) -> Double? {
            let similarity = VectorDrawableWriter.similarityScale(total)
            guard stroke.style.dashes.isEmpty, stroke.style.join != .miterClip, let similarity else { return nil }
            return stroke.nonScaling ? 1 / similarity : 1
        }

        /// The stroke as VectorDrawable stroke attributes, nil when its paint draws nothing.
        mutating func nativeStroke(_ stroke: SVGStroke, widthFactor factor: Double, bake: SVGTransform, alpha: Double,
                          element: String?) throws(Refusal) -> Part? {
            let style = stroke.style
            guard var part = try paintAttributes(stroke.paint, prefix: "stroke", alpha: alpha * stroke.opacity,
                                                 bake: bake, element: element) else { return nil }
            let widthInPathSpace = style.width * factor * (bake.isIdentity ? 1 : VectorDrawableWriter.similarityScale(bake) ?? 1)
            part.attributes.append(("strokeWidth", VectorDrawableWriter.number(widthInPathSpace)))
            if style.cap != .butt { part.attributes.append(("strokeLineCap", style.cap.rawValue)) }
            if style.join != .miter { part.attributes.append(("strokeLineJoin", style.join.rawValue)) }
            if style.join == .miter, style.miterLimit != 4 {
                part.attributes.append(("strokeMiterLimit", VectorDrawableWriter.number(style.miterLimit)))
            }
            return part
        }

        /// The stroke's outline in the path data's space, built where SVG strokes: in the shape's user space
        /// (the root's for non-scaling-stroke). Nil when a non-scaling stroke's transform cannot be inverted.
        func strokeOutline(_ shape: SVGShape, _ stroke: SVGStroke, total: SVGTransform, bake: SVGTransform) -> SVGPath? {
            if stroke.nonScaling {
                guard let back = total.inverted() else { return nil }
                return StrokeOutline.outline(shape.path.transformed(by: total), style: stroke.style,
                                             tolerance: tolerance).transformed(by: bake.concatenating(back))
            }
            return StrokeOutline.outline(shape.path, style: stroke.style, tolerance: tolerance / max(total.maxScale, 1e-9))
                .transformed(by: bake)
        }

        func pathElement(_ depth: Int, _ data: String, _ part: Part) -> String {
            let ind = VectorDrawableWriter.indent(depth)
            var xml = ind + "<path"
            for (name, value) in [("pathData", data)] + part.attributes {
                xml += "\n" + ind + "    android:\(name)=\"\(value)\""
            }
            if part.children.isEmpty { return xml + "/>\n" }
            let children = part.children.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : ind + "    " + $0 }.joined(separator: "\n")
            return xml + ">\n" + children + ind + "</path>\n"
        }

    }
}
