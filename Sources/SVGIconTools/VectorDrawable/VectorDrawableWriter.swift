import Foundation
import SVGIconCore

/// Writes an icon as an Android `VectorDrawable` (`res/drawable/name.xml`), from the resolved model
/// (`Docs/model.md`: everything in user space), exactly or not at all (DESIGN.md §7).
///
/// What maps directly: the viewBox (`android:viewportWidth/Height`, a group for its origin or its fit into
/// the dp size), layer transforms as `<group>` translate/rotate/scale (a transform with a skew, and
/// everything below it, is baked into the path data instead), paths (`M L Q C Z`, absolute), fill and stroke
/// colours with their alpha, `fillType`, caps, joins, miter limit, a clip path of one nonzero shape
/// (`<clip-path>`), linear and radial gradients (`aapt:attr`, API 24+), and the tint: when every visible paint
/// takes it, those paints are white and `android:tint` is the tint (tinting at run time works); otherwise the
/// tint colour is written into each paint.
///
/// What is converted exactly: a stroke VectorDrawable cannot draw the same way (dashed, under a skew or a
/// non-uniform scale, `non-scaling-stroke`) becomes a filled path of its outline (svgicon's own stroker,
/// flattened to 1/10 000 of the icon); a group's opacity is pushed down to its shapes when no two of them
/// overlap; opacity on a one-paint shape goes into that paint's alpha; `paint-order: stroke` becomes two paths.
///
/// What is refused, naming the feature and its line: masks, filters, images, patterns, opacity over
/// overlapping shapes (or a shape with fill and stroke), clip paths VectorDrawable cannot say (several shapes,
/// evenodd, clipped clip paths), radial gradients with a focal point or stretched by their transform.
package struct VectorDrawableWriter {
    /// Size, tint and recolouring of the drawable (`VectorExportOptions`: the size is in dp).
    package typealias Options = VectorExportOptions

    /// Why an icon cannot be a VectorDrawable: the feature and where in the file it is.
    package struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// `mask`, `filter`, `image`, …
        package var feature: String
        /// 1-based, nil when the file does not show where.
        package var line: Int?
        package var reason: String

        /// The message without the place (`path:line:` goes in front, as compilers print it).
        package var description: String {
            "VectorDrawable cannot express \(feature): \(reason)"
        }
    }

    package let options: Options
    /// The SVG text, to find the line of a refused feature (the model keeps no lines).
    private let source: [UInt8]

    package init(options: Options, source: [UInt8] = []) {
        self.options = options
        self.source = source
    }

    /// The VectorDrawable XML for `result`, or the first feature it cannot express.
    package func write(_ result: SVGParseResult) throws(Refusal) -> String {
        if let filter = result.warnings.first(where: { $0.message.hasPrefix("filter effects") }) {
            throw Refusal(feature: "filter", line: filter.line > 0 ? filter.line : nil,
                          reason: "<\(filter.element)> uses a filter; VectorDrawable has no filter effects (render a PNG instead)")
        }
        var icon = result.icon
        if options.recolor { icon = icon.recolored() }
        var state = State(writer: self, tintMode: icon.everyVisiblePaintTakesTint,
                          tolerance: max(icon.viewBox.width, icon.viewBox.height) / 10_000)
        // The viewport: the viewBox itself when its aspect is the drawable's, else the dp box with the
        // viewBox fitted into it (preserveAspectRatio) by a group.
        let box = icon.viewBox.isValid ? icon.viewBox : SVGViewBox(width: icon.intrinsicWidth ?? 100, height: icon.intrinsicHeight ?? 100)
        let sameAspect = abs(box.width / box.height - Double(options.width) / Double(options.height)) < 1e-9
        let viewportWidth = sameAspect ? box.width : Double(options.width)
        let viewportHeight = sameAspect ? box.height : Double(options.height)
        let fit: SVGTransform
        if sameAspect {
            fit = .translation(-box.x, -box.y)
        } else {
            var fitted = icon
            fitted.viewBox = box
            fit = SVGIconRenderer.fitTransform(fitted, width: options.width, height: options.height)
        }
        var body = ""
        try state.emit(icon.layers, transform: fit, bake: .identity, alpha: 1, depth: 1, into: &body)
        var head = "<vector xmlns:android=\"http://schemas.android.com/apk/res/android\""
        if state.usesAapt { head += "\n    xmlns:aapt=\"http://schemas.android.com/aapt\"" }
        head += "\n    android:width=\"\(options.width)dp\"\n    android:height=\"\(options.height)dp\""
        head += "\n    android:viewportWidth=\"\(Self.number(viewportWidth))\"\n    android:viewportHeight=\"\(Self.number(viewportHeight))\""
        if state.tintMode && state.wroteTint {
            head += "\n    android:tint=\"\(Self.argb(options.tint ?? .black, alpha: (options.tint ?? .black).alpha))\""
        }
        return head + ">\n" + body + "</vector>\n"
    }

    // MARK: - Conversion state

    /// Attributes of a `<path>` and child elements (a gradient's `aapt:attr`).
    struct Part {
        var attributes: [(String, String)] = []
        var children = ""

        static func + (lhs: Part, rhs: Part) -> Part {
            Part(attributes: lhs.attributes + rhs.attributes, children: lhs.children + rhs.children)
        }
    }

    private struct State {
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
                let style = stroke.style
                // Android strokes the transformed path with a round pen scaled by the matrix's scale: the
                // same as SVG's for a similarity. Otherwise (and for dashes) the outline is filled instead.
                let similarity = VectorDrawableWriter.similarityScale(total)
                let scaleBack = stroke.nonScaling ? similarity.map { 1 / $0 } : 1
                if style.dashes.isEmpty, similarity != nil, let factor = scaleBack {
                    if var s = try paintAttributes(stroke.paint, prefix: "stroke", alpha: alpha * stroke.opacity, bake: bake, element: element) {
                        let widthInPathSpace = style.width * factor * (bake.isIdentity ? 1 : VectorDrawableWriter.similarityScale(bake) ?? 1)
                        s.attributes.append(("strokeWidth", VectorDrawableWriter.number(widthInPathSpace)))
                        if style.cap != .butt { s.attributes.append(("strokeLineCap", style.cap.rawValue)) }
                        if style.join != .miter { s.attributes.append(("strokeLineJoin", style.join.rawValue)) }
                        if style.join == .miter, style.miterLimit != 4 {
                            s.attributes.append(("strokeMiterLimit", VectorDrawableWriter.number(style.miterLimit)))
                        }
                        strokePart = s
                    }
                } else {
                    // The outline, built where SVG strokes: in the shape's user space (the root's for
                    // non-scaling-stroke), then carried into the path data's space.
                    let outline: SVGPath
                    if stroke.nonScaling {
                        guard let back = total.inverted() else { return }
                        outline = VectorDrawableWriter.outline(shape.path.transformed(by: total), style: style,
                                                               tolerance: tolerance).transformed(by: bake.concatenating(back))
                    } else {
                        outline = VectorDrawableWriter.outline(shape.path, style: style, tolerance: tolerance / max(total.maxScale, 1e-9))
                            .transformed(by: bake)
                    }
                    if !outline.isEmpty,
                       let paint = try paintAttributes(stroke.paint, prefix: "fill", alpha: alpha * stroke.opacity, bake: bake, element: element) {
                        let outlined = pathElement(depth, VectorDrawableWriter.pathData(outline), paint)
                        if shape.strokeFirst {
                            out += outlined
                            if let fillPart { out += pathElement(depth, data, fillPart) }
                        } else {
                            if let fillPart { out += pathElement(depth, data, fillPart) }
                            out += outlined
                        }
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

        /// `fillColor`/`fillAlpha` (or stroke's) for a paint; nil for a paint that shows nothing. A
        /// gradient is an `aapt:attr` child.
        mutating func paintAttributes(_ paint: SVGPaint, prefix: String, alpha: Double, bake: SVGTransform,
                                      element: String?) throws(Refusal) -> Part? {
            switch paint {
            case .color(let c):
                let a = alpha * c.alpha
                guard a > 0 else { return nil }
                return Part(attributes: [("\(prefix)Color", VectorDrawableWriter.rgb(c))] + alphaAttribute(prefix, a))
            case .tint:
                let a = alpha * (tintMode ? 1 : tint.alpha)
                guard a > 0 else { return nil }
                if tintMode { wroteTint = true }
                return Part(attributes: [("\(prefix)Color", tintMode ? "#FFFFFF" : VectorDrawableWriter.rgb(tint))] + alphaAttribute(prefix, a))
            case .linearGradient(let g):
                let m = bake.concatenating(g.transform)
                let p1 = m.apply(SVGPoint(x: g.x1, y: g.y1))
                // An affine image of a linear gradient is linear: its vector is the image of the original
                // vector's normal direction's dual — worked out from where iso-lines land.
                let d = SVGPoint(x: g.x2 - g.x1, y: g.y2 - g.y1)
                let len2 = d.x * d.x + d.y * d.y
                guard len2 > 0 else {
                    return try paintAttributes(stopPaint(g.stops.last!), prefix: prefix, alpha: alpha, bake: bake, element: element)
                }
                // In gradient space t(p) = dot(p - p1, d) / |d|². After m: t(q) = dot(m⁻¹q - p1, d)/|d|²,
                // a linear function of q whose gradient is m⁻ᵀ d / |d|²; the new end point is p1' + g'/|g'|².
                guard let inv = m.inverted() else { return nil }
                let gx = (inv.a * d.x + inv.b * d.y) / len2
                let gy = (inv.c * d.x + inv.d * d.y) / len2
                let gl2 = gx * gx + gy * gy
                guard gl2 > 0 else { return nil }
                let p2 = SVGPoint(x: p1.x + gx / gl2, y: p1.y + gy / gl2)
                return gradient(prefix: prefix, alpha: alpha, type: "linear",
                                geometry: ["startX": p1.x, "startY": p1.y, "endX": p2.x, "endY": p2.y],
                                spread: g.spread, stops: g.stops)
            case .radialGradient(let g):
                let m = bake.concatenating(g.transform)
                guard g.fx == g.cx, g.fy == g.cy, g.fr == 0 else {
                    throw writer.refusal("a radial gradient with a focal point", element: element, pattern: #"\bf[xyr]\s*="#,
                                         fallback: "<radialGradient", reason: "VectorDrawable's radial gradient has one centre and no focal radius")
                }
                guard let scale = VectorDrawableWriter.similarityScale(m) else {
                    throw writer.refusal("a stretched radial gradient", element: element, pattern: #"gradientTransform"#,
                                         fallback: "<radialGradient", reason: "its gradientTransform (or the element's skew) makes the circles ellipses, which VectorDrawable cannot draw")
                }
                let c = m.apply(SVGPoint(x: g.cx, y: g.cy))
                return gradient(prefix: prefix, alpha: alpha, type: "radial",
                                geometry: ["centerX": c.x, "centerY": c.y, "gradientRadius": g.r * scale],
                                spread: g.spread, stops: g.stops)
            case .pattern:
                throw writer.refusal("pattern", element: element, pattern: writer.referencePattern(to: "pattern"), fallback: "<pattern",
                                     reason: "VectorDrawable has no pattern fills")
            case .image:
                throw writer.refusal("image", element: element ?? "image", pattern: nil, fallback: "<image",
                                     reason: "VectorDrawable holds only paths")
            }
        }

        func stopPaint(_ stop: SVGGradientStop) -> SVGPaint {
            guard let c = stop.color else { return .tint }
            var color = c
            color.alpha *= stop.opacity
            return .color(color)
        }

        func alphaAttribute(_ prefix: String, _ a: Double) -> [(String, String)] {
            a >= 1 ? [] : [("\(prefix)Alpha", VectorDrawableWriter.number(a))]
        }

        mutating func gradient(prefix: String, alpha: Double, type: String, geometry: [String: Double],
                               spread: SVGSpreadMethod, stops: [SVGGradientStop]) -> Part {
            usesAapt = true
            var xml = "<aapt:attr name=\"android:\(prefix)Color\">\n"
            xml += "    <gradient\n        android:type=\"\(type)\""
            for key in ["startX", "startY", "endX", "endY", "centerX", "centerY", "gradientRadius"] {
                if let v = geometry[key] { xml += "\n        android:\(key)=\"\(VectorDrawableWriter.number(v))\"" }
            }
            switch spread {
            case .pad: break
            case .reflect: xml += "\n        android:tileMode=\"mirror\""
            case .repeat: xml += "\n        android:tileMode=\"repeat\""
            }
            xml += ">\n"
            for stop in stops {
                let color: SVGColor
                var a = stop.opacity
                if let c = stop.color {
                    color = c
                    a *= c.alpha
                } else if tintMode {
                    wroteTint = true
                    color = .white
                } else {
                    color = tint
                    a *= tint.alpha
                }
                xml += "        <item android:offset=\"\(VectorDrawableWriter.number(stop.offset))\" android:color=\"\(VectorDrawableWriter.argb(color, alpha: a))\"/>\n"
            }
            xml += "    </gradient>\n</aapt:attr>\n"
            return Part(attributes: alphaAttribute(prefix, alpha), children: xml)
        }
    }

    /// A valid Android resource name for a file stem (`a-z 0-9 _`, starting with a letter).
    package static func resourceName(_ stem: String) -> String {
        BatchOutputPlanner.androidResourceName(stem)
    }

    // MARK: - Refusals

    /// A refusal naming `feature`, with the line of the first match of `pattern` (a regular expression over
    /// the source) inside a start tag of `element`, else anywhere, else of the text `fallback`.
    func refusal(_ feature: String, element: String?, pattern: String?, fallback: String?, reason: String) -> Refusal {
        Refusal(feature: feature, line: line(matching: pattern, in: element, fallback: fallback),
                reason: (element.map { "<\($0)>: " } ?? "") + reason)
    }

    /// A regular expression matching `url(#id)` for the ids of every `<element>` in the source, nil when there
    /// is none.
    func referencePattern(to element: String) -> String? {
        let text = String(decoding: source, as: UTF8.self)
        guard let expression = try? NSRegularExpression(pattern: "<\(element)\\b[^>]*?\\bid\\s*=\\s*[\"']([^\"']+)") else { return nil }
        let ids = expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { NSRegularExpression.escapedPattern(for: String(text[$0])) }
        }
        guard !ids.isEmpty else { return nil }
        return "url\\(\\s*[\"']?#(?:" + ids.joined(separator: "|") + ")[\"']?\\s*\\)"
    }

    func line(matching pattern: String?, in element: String?, fallback: String?) -> Int? {
        let text = String(decoding: source, as: UTF8.self)
        let whole = NSRange(text.startIndex..., in: text)
        func first(_ regex: String) -> String.Index? {
            guard let expression = try? NSRegularExpression(pattern: regex),
                  let match = expression.firstMatch(in: text, range: whole) else { return nil }
            let range = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
            return Range(range, in: text)?.lowerBound
        }
        var found: String.Index? = nil
        if let pattern {
            if let element, element.allSatisfy({ $0.isLetter || $0.isNumber }) {
                found = first("<\(element)\\b[^>]*?(\(pattern))")
            }
            if found == nil { found = first(pattern) }
        }
        if found == nil, let fallback { found = text.range(of: fallback)?.lowerBound }
        guard let found else { return nil }
        return text[..<found].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    // MARK: - Geometry

    typealias Decomposed = (tx: Double, ty: Double, rotation: Double, sx: Double, sy: Double)

    /// `m` as Android's group transform, translate · rotate · scale (pivot 0), when it has no skew.
    static func decompose(_ m: SVGTransform) -> Decomposed? {
        let sx = (m.a * m.a + m.b * m.b).squareRoot()
        guard sx > 0, sx.isFinite else { return nil }
        let r = atan2(m.b, m.a)
        let cs = cos(r), sn = sin(r)
        let sy = m.d * cs - m.c * sn
        let tolerance = 1e-9 * max(1, abs(m.a) + abs(m.b) + abs(m.c) + abs(m.d))
        guard abs(m.c + sn * sy) <= tolerance, abs(m.d - cs * sy) <= tolerance, sy != 0 else { return nil }
        return (m.e, m.f, r * 180 / .pi, sx, sy)
    }

    /// The scale of a similarity (rotation, uniform scale, reflection), nil for any other matrix.
    static func similarityScale(_ m: SVGTransform) -> Double? {
        let s1 = (m.a * m.a + m.b * m.b).squareRoot(), s2 = (m.c * m.c + m.d * m.d).squareRoot()
        let tolerance = 1e-9 * max(1, s1 + s2)
        guard abs(s1 - s2) <= tolerance, abs(m.a * m.c + m.b * m.d) <= tolerance * max(1, s1 * s2) else { return nil }
        return s1
    }

    static func groupAttributes(_ p: Decomposed) -> String {
        var s = ""
        if p.tx != 0 { s += " android:translateX=\"\(number(p.tx))\"" }
        if p.ty != 0 { s += " android:translateY=\"\(number(p.ty))\"" }
        if abs(p.rotation) > 1e-12 { s += " android:rotation=\"\(number(p.rotation))\"" }
        if p.sx != 1 { s += " android:scaleX=\"\(number(p.sx))\"" }
        if p.sy != 1 { s += " android:scaleY=\"\(number(p.sy))\"" }
        return s
    }

    /// A stroke's outline as one path to fill with the nonzero rule (`Stroker`'s polygons, after `Dasher`).
    static func outline(_ path: SVGPath, style: StrokeStyle, tolerance: Double) -> SVGPath {
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

    /// SVG path data, absolute commands, numbers as `number` writes them.
    static func pathData(_ path: SVGPath) -> String {
        var s = ""
        func pt(_ p: SVGPoint) -> String { number(p.x) + " " + number(p.y) }
        path.forEachSegment { segment in
            switch segment {
            case .move(let p): s += "M" + pt(p)
            case .line(_, let p): s += "L" + pt(p)
            case .quad(_, let c, let p): s += "Q" + pt(c) + " " + pt(p)
            case .cubic(_, let c1, let c2, let p): s += "C" + pt(c1) + " " + pt(c2) + " " + pt(p)
            case .close: s += "Z"
            }
        }
        return s
    }

    /// A number with at most 5 decimals, no trailing zeros, no `-0`.
    static func number(_ v: Double) -> String {
        let rounded = (v * 100_000).rounded() / 100_000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(format: "%.5f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func rgb(_ c: SVGColor) -> String {
        String(format: "#%02X%02X%02X", c.red, c.green, c.blue)
    }

    static func argb(_ c: SVGColor, alpha: Double) -> String {
        String(format: "#%02X%02X%02X%02X", Int((max(0, min(1, alpha)) * 255).rounded()), c.red, c.green, c.blue)
    }

    static func indent(_ depth: Int) -> String { String(repeating: "    ", count: depth) }
}

