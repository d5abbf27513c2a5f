/// Markers (`marker-start`, `marker-mid`, `marker-end` and the `marker` shorthand) expanded into ordinary
/// layers, so that the renderer needs nothing of its own for them (Docs/model.md, "Markers").
///
/// A shape with markers becomes one group holding the shape and one group
/// per marker instance, in `paint-order`. Each instance's group maps the marker's content into place:
/// `translate(vertex) · rotate(angle) · scale(stroke width, for markerUnits="strokeWidth") · viewBox scale ·
/// translate(−refX, −refY)`, and is clipped to the marker's viewport unless its `overflow` is visible. The
/// content is styled where the `marker` is defined, not by the shape that uses it.
extension SVGResolver {
    /// SVG 2 draws markers on every shape, on the path its shape defines (a `rect` starts at its top left,
    /// a `circle` at its rightmost point).
    static func takesMarkers(_ kind: ElementKind) -> Bool {
        switch kind {
        case .path, .line, .polyline, .polygon, .rect, .circle, .ellipse: return true
        default: return false
        }
    }

    // MARK: The properties

    /// Where `markers` falls in a `paint-order` list: the named paints first, in order, then the others in
    /// the default order fill, stroke, markers.
    static func markersPosition(_ words: [Substring]) -> UInt8 {
        var order: [Substring] = []
        for w in words where (w == "fill" || w == "stroke" || w == "markers") && !order.contains(w) { order.append(w) }
        for w in ["fill", "stroke", "markers"] as [Substring] where !order.contains(w) { order.append(w) }
        return UInt8(order.firstIndex(of: "markers") ?? 2)
    }

    /// Applies a `marker-start`, `-mid`, `-end` or `marker` declaration: `none` or `url(#id)`.
    mutating func applyMarker(_ known: StyleProperty, value: String, inherit: Bool, to style: inout SVGStyle,
                              parent: SVGStyle, node: Int) {
        let current = markerReferences[Int(style.markers)]
        let inherited = markerReferences[Int(parent.markers)]
        var id: String?
        if !inherit {
            switch PaintValue.parse(value) {
            case .none?: id = nil
            case .reference(let target, nil)?: id = target
            default:
                warn(node, "ignoring invalid \(known.name) value \"\(value)\"")
                return
            }
        }
        var refs = current
        switch known {
        case .markerStart: refs.start = inherit ? inherited.start : id
        case .markerMid: refs.mid = inherit ? inherited.mid : id
        case .markerEnd: refs.end = inherit ? inherited.end : id
        default: refs = inherit ? inherited : MarkerReferences(start: id, mid: id, end: id)
        }
        if refs == current { return }
        if refs == MarkerReferences() {
            style.markers = 0
        } else if let last = markerReferences.last, last == refs {
            style.markers = UInt32(markerReferences.count - 1)
        } else {
            markerReferences.append(refs)
            style.markers = UInt32(markerReferences.count - 1)
        }
    }

    // MARK: The marked shape

    /// A shape with markers: a group of the shape and its marker instances, in paint order, with the
    /// element's transform and opacity. nil when nothing is drawn. A shape that paints nothing is kept as
    /// geometry alone (no fill, no stroke): the group's bounding box is the shape's, the marker instances
    /// being no part of it (`LayerNotes.isMarkerInstance`).
    mutating func resolveMarkedShape(_ index: Int, style: SVGStyle, transform: SVGTransform,
                                     name: String) -> SVGIconLayer? {
        guard style.visible, let path = chargedShapePath(index) else { return nil }
        let shape = paintedShape(index, path: path, style: style)
        let refs = markerReferences[Int(style.markers)]
        var instances: [SVGIconLayer] = []
        let vertices = MarkerVertices(path)
        if !vertices.isEmpty {
            if let id = refs.start {
                placeMarker(id, at: vertices.start, kind: .start, for: index, shape: shape, style: style, into: &instances)
            }
            if let id = refs.mid {
                placeMarker(id, at: vertices.mids, kind: .mid, for: index, shape: shape, style: style, into: &instances)
            }
            if let id = refs.end {
                placeMarker(id, at: vertices.end, kind: .end, for: index, shape: shape, style: style, into: &instances)
            }
        }
        guard !instances.isEmpty else {
            guard let shape else { return nil }
            return SVGIconLayer(content: .shape(shape), transform: transform, opacity: style.opacity, elementName: name)
        }
        var children: [SVGIconLayer] = []
        children.reserveCapacity(instances.count + 2)
        func add(_ s: SVGShape?) {
            guard let s, s.fill != nil || s.stroke != nil else { return }
            children.append(SVGIconLayer(content: .shape(s), elementName: name))
        }
        if shape == nil {
            // Draws nothing; holds the group's box.
            children.append(SVGIconLayer(content: .shape(SVGShape(path: path, fill: nil)), elementName: name))
        }
        switch style.markersPosition {
        case 0:
            children += instances
            add(shape)
        case 1:
            // fill, markers, stroke (or stroke, markers, fill): the shape split in two.
            var first = shape, second = shape
            if style.strokeFirst { first?.fill = nil; second?.stroke = nil } else { first?.stroke = nil; second?.fill = nil }
            first?.strokeFirst = false
            second?.strokeFirst = false
            add(first)
            children += instances
            add(second)
        default:
            add(shape)
            children += instances
        }
        return SVGIconLayer(content: .group(children), transform: transform, opacity: style.opacity, elementName: name)
    }

    enum MarkerKind { case start, mid, end }

    /// Places the marker `id` names at each of `vertices` (point, direction in degrees).
    private mutating func placeMarker(_ id: String, at vertices: [MarkerVertices.Vertex], kind: MarkerKind,
                                      for index: Int, shape: SVGShape?, style: SVGStyle,
                                      into instances: inout [SVGIconLayer]) {
        guard !vertices.isEmpty else { return }
        let property = kind == .start ? "marker-start" : kind == .mid ? "marker-mid" : "marker-end"
        guard let target = tree.node(id: id), tree.nodes[target].isSVG, tree.nodes[target].name == "marker" else {
            warnOnce(index, "\(property)=\"url(#\(id))\" names no marker; drawn without it", key: "marker-missing")
            return
        }
        if activeReferences.contains(target) {
            warnOnce(index, "\(property)=\"url(#\(id))\" is used inside its own content; not drawn there",
                     key: "marker-cycle")
            return
        }
        guard activeReferences.count < SVGResolver.maxReferenceDepth else {
            warnOnce(index, "markers, patterns, clip paths and masks refer to each other more than \(SVGResolver.maxReferenceDepth) deep; the deeper links are ignored",
                     key: "marker-depth")
            return
        }
        let savedContext = contextPaints
        let fill = markerContext(SVGResolver.contextPaint(shape?.fill?.paint, of: shape))
        let stroke = markerContext(SVGResolver.contextPaint(shape?.stroke?.paint, of: shape))
        contextPaints = .paints(fill: fill.handed, stroke: stroke.handed, real: (fill.real, stroke.real),
                                patternDepth: activePatterns)
        let resolved = resolveMarker(target, style: style)
        contextPaints = savedContext
        guard let marker = resolved else { return }
        // Gradients (in the marked shape's user space) replace their placeholders in each instance's spaces.
        let gradients = [fill, stroke].compactMap { pair in
            pair.handed.flatMap { $0 == pair.real ? nil : (match: $0, gradient: pair.real) }
        }
        for v in vertices {
            guard markerInstances < SVGLimits.markerInstances, budget > marker.cost + 1 else {
                warnOnce(index, markerInstances >= SVGLimits.markerInstances
                         ? "places more than \(SVGLimits.markerInstances) markers in the document; the rest of the markers are not drawn"
                         : "its markers would take the document past \(SVGLimits.elements) elements; the rest of the markers are not drawn",
                         key: "marker-limit")
                return
            }
            markerInstances += 1
            budget -= marker.cost
            var angle = 0.0
            switch marker.orient {
            case .angle(let a): angle = a
            case .auto: angle = v.angle
            case .autoStartReverse: angle = kind == .start ? v.angle + 180 : v.angle
            }
            var t = SVGTransform.translation(v.point.x, v.point.y)
            if angle != 0 { t = t.concatenating(.rotation(degrees: angle)) }
            t = t.concatenating(marker.content)
            let layers = gradients.isEmpty ? marker.layers
                : SVGResolver.carrying(gradients, into: marker.layers, from: t)
            var instance = SVGIconLayer(content: .group(layers), transform: t, elementName: "marker", clipPath: marker.clip)
            instance.notes.isMarkerInstance = true
            instances.append(instance)
        }
    }

    enum MarkerOrient: Equatable {
        case auto, autoStartReverse
        case angle(Double)
    }

    /// A marker's content, resolved once for one shape: its layers, the map from content space into the
    /// vertex's rotated space, and the viewport clip (in content space).
    struct ResolvedMarker {
        var layers: [SVGIconLayer]
        var content: SVGTransform
        var clip: SVGClipPath?
        var orient: MarkerOrient
        /// Elements one instance counts against the element limit.
        var cost: Int
    }

    private mutating func resolveMarker(_ marker: Int, style: SVGStyle) -> ResolvedMarker? {
        let node = tree.nodes[marker]
        // markerUnits="strokeWidth" (the default) scales by the shape's stroke-width, stroked or not.
        let scale = node.attribute("markerUnits").map(trimmedCSSValue) == "userSpaceOnUse" ? 1 : style.strokeWidth
        guard scale > 0, scale.isFinite else { return nil }
        let width = optionalLength(marker, "markerWidth", axis: .x) ?? 3
        let height = optionalLength(marker, "markerHeight", axis: .y) ?? 3
        guard width > 0, height > 0, width.isFinite, height.isFinite else { return nil }  // zero disables it
        var viewBox: SVGViewBox? = nil
        if let raw = node.attribute("viewBox") {
            viewBox = SVGResolver.parseViewBox(raw)
            if viewBox == nil { warnOnce(marker, "ignoring invalid viewBox \"\(raw)\"", key: "viewBox") }
        }
        let aspect = node.attribute("preserveAspectRatio").flatMap(SVGResolver.parseAspectRatio) ?? .default
        // The viewBox fitted into the viewport (markerWidth × markerHeight, in marker units).
        let fit = viewBox.map { aspect.transform(viewBox: $0, viewportWidth: width, viewportHeight: height) } ?? .identity
        let refX = referencePoint(marker, "refX", axis: .x, start: viewBox?.x ?? 0, size: viewBox?.width ?? width)
        let refY = referencePoint(marker, "refY", axis: .y, start: viewBox?.y ?? 0, size: viewBox?.height ?? height)
        let orient = self.orient(marker)
        let markerStyle = documentStyle(of: marker)
        // The clip: the viewport, in content space (the viewBox fit taken back off).
        var clip: SVGClipPath? = nil
        if !markerStyle.overflowVisible, fit.a > 0, fit.d > 0 {
            let rect = ShapeGeometry.rect(x: -fit.e / fit.a, y: -fit.f / fit.d, width: width / fit.a, height: height / fit.d)
            clip = SVGClipPath(layers: [SVGIconLayer(shape: SVGShape(path: rect), elementName: "marker")])
        }
        activeReferences.insert(marker)
        let saved = (viewportWidth, viewportHeight, clipMode)
        viewportWidth = viewBox?.width ?? width
        viewportHeight = viewBox?.height ?? height
        clipMode = false
        let before = budget
        let layers = children(of: marker, style: markerStyle)
        let cost = max(1, before - budget)
        (viewportWidth, viewportHeight, clipMode) = saved
        activeReferences.remove(marker)
        guard !layers.isEmpty else { return nil }
        let content = SVGTransform.scale(scale * fit.a, scale * fit.d).concatenating(.translation(-refX, -refY))
        return ResolvedMarker(layers: layers, content: content, clip: clip, orient: orient, cost: cost)
    }

    /// `refX`/`refY`: a length or percentage, or SVG 2's keywords (left/top, center, right/bottom) — the
    /// start, middle or end of the viewBox (or of the viewport without one).
    private mutating func referencePoint(_ marker: Int, _ attribute: String, axis: Axis, start: Double,
                                         size: Double) -> Double {
        guard let raw = tree.nodes[marker].attribute(attribute) else { return 0 }
        switch trimmedCSSValue(raw) {
        case "left", "top": return start
        case "center": return start + size / 2
        case "right", "bottom": return start + size
        default: return length(marker, attribute, axis: axis)
        }
    }

    private mutating func orient(_ marker: Int) -> MarkerOrient {
        guard let raw = tree.nodes[marker].attribute("orient") else { return .angle(0) }
        let value = trimmedCSSValue(raw)
        if value == "auto" { return .auto }
        if value == "auto-start-reverse" { return .autoStartReverse }
        if let degrees = SVGResolver.angle(value) { return .angle(degrees) }
        warnOnce(marker, "ignoring invalid orient=\"\(raw)\"", key: "orient")
        return .angle(0)
    }

    /// An angle in degrees: a number, or a number with deg, rad, grad or turn.
    static func angle(_ text: String) -> Double? {
        var scanner = NumberScanner(text)
        guard let n = scanner.number(), n.isFinite else { return nil }
        let unit = String(decoding: scanner.bytes[scanner.position...], as: UTF8.self).lowercased()
        switch unit {
        case "", "deg": return n
        case "rad": return n * 180 / Double.pi
        case "grad": return n * 0.9
        case "turn": return n * 360
        default: return nil
        }
    }
}

/// What `context-fill` and `context-stroke` refer to.
indirect enum ContextPaints {
    /// A marked shape's paints as its marker's content gets them (nil: none; a gradient: a placeholder that
    /// `SVGResolver.placeMarker` replaces), the `real` ones (a gradient in the shape's user space), and
    /// `SVGResolver.activePatterns` at the marker: a pattern tile inside the marker gets the real ones.
    case paints(fill: SVGPaint?, stroke: SVGPaint?, real: (fill: SVGPaint?, stroke: SVGPaint?), patternDepth: Int)
    /// The `use` element at this index, whose fill and stroke are resolved when asked for, in the context
    /// around the use (`outer`: a use's own `context-fill` names the paint of the use or marked shape
    /// that draws it; `patternDepth`: `SVGResolver.activePatterns` at the use — a pattern tile inside
    /// the use gets a gradient as it is, not a placeholder, as the use's box is not carried into tiles).
    case use(Int, fill: PaintValue, stroke: PaintValue, color: SVGColor?, outer: ContextPaints?, patternDepth: Int)
}

extension SVGResolver {
    /// The context element's fill (or stroke); none outside markers and `use`.
    mutating func contextPaint(_ fill: Bool) -> SVGPaint? {
        switch contextPaints {
        case nil:
            return nil
        case .paints(let f, let s, let real, let depth)?:
            if activePatterns > depth { return fill ? real.fill : real.stroke }
            return fill ? f : s
        case .use(let index, let f, let s, let color, let outer, let depth)?:
            // Resolved in the context around the use (a use inside a use refers to the outer one's).
            var style = SVGStyle()
            style.color = color
            let saved = contextPaints
            contextPaints = outer
            defer { contextPaints = saved }
            let paint = resolvePaint(fill ? f : s, for: index, property: fill ? "fill" : "stroke", style: style)
            return activePatterns > depth ? paint : markingUseGradient(paint, key: index * 2 + (fill ? 0 : 1))
        }
    }
}

/// The marker properties of one style: the ids they name (nil: none).
struct MarkerReferences: Hashable {
    var start: String? = nil
    var mid: String? = nil
    var end: String? = nil
}

/// The vertices of a path where markers go, with the direction (degrees, clockwise from +x in user space)
/// a marker with `orient="auto"` takes there (SVG 2 painting.html, "Orientation", as browsers and resvg draw
/// it): on the first vertex of a subpath, the direction at the start of the subpath; on the last vertex of
/// an open subpath, the direction at its end; everywhere else half way between the direction at the end of
/// the segment before the vertex and at the start of the one after it. A closed subpath is not joined up at
/// its start: the path's `marker-end` on a final closepath takes the closing segment's own direction (0
/// when it has no length), so a closed shape's start and end markers may point different ways, and a
/// closepath followed by another subpath places no marker of its own. A segment's direction at an end is
/// its tangent there (a control point that coincides with the end point gives way to the next one); a
/// segment of zero length takes the direction of its neighbours in the subpath.
///
/// Arcs are already cubic Béziers in `SVGPath`, so an arc drawn as several curves has mid vertices where
/// they join (as in resvg).
struct MarkerVertices {
    struct Vertex: Equatable {
        var point: SVGPoint
        var angle: Double
    }

    private(set) var start: [Vertex] = []
    private(set) var mids: [Vertex] = []
    private(set) var end: [Vertex] = []
    var isEmpty: Bool { start.isEmpty }

    /// One segment's end points and its directions at them (zero vectors for a zero-length segment).
    private struct Segment {
        var from: SVGPoint, to: SVGPoint
        var startDirection: SVGPoint, endDirection: SVGPoint
        var isClose: Bool
    }

    init(_ path: SVGPath) {
        var subpaths: [[Segment]] = []
        var current: [Segment] = []
        path.forEachSegment { segment in
            switch segment {
            case .move:
                if !current.isEmpty { subpaths.append(current) }
                current = []
            case .line(let a, let b):
                current.append(Segment(from: a, to: b, startDirection: b - a, endDirection: b - a, isClose: false))
            case .close(let a, let b):
                current.append(Segment(from: a, to: b, startDirection: b - a, endDirection: b - a, isClose: true))
            case .quad(let a, let c, let b):
                current.append(Segment(from: a, to: b, startDirection: MarkerVertices.first(nonZero: [c - a, b - a]),
                                       endDirection: MarkerVertices.first(nonZero: [b - c, b - a]), isClose: false))
            case .cubic(let a, let c1, let c2, let b):
                current.append(Segment(from: a, to: b, startDirection: MarkerVertices.first(nonZero: [c1 - a, c2 - a, b - a]),
                                       endDirection: MarkerVertices.first(nonZero: [b - c2, b - c1, b - a]), isClose: false))
            }
        }
        if !current.isEmpty { subpaths.append(current) }
        var all: [Vertex] = []
        for (k, segments) in subpaths.enumerated() {
            let n = segments.count
            // Zero-length segments take their neighbours' directions.
            var starts = segments.map { $0.startDirection }, ends = segments.map { $0.endDirection }
            var lastEnd: SVGPoint? = nil
            for i in 0..<n {
                if MarkerVertices.isZero(ends[i]) { if let l = lastEnd { ends[i] = l } } else { lastEnd = ends[i] }
            }
            var nextStart: SVGPoint? = nil
            for i in stride(from: n - 1, through: 0, by: -1) {
                if MarkerVertices.isZero(starts[i]) { if let s = nextStart { starts[i] = s } } else { nextStart = starts[i] }
            }
            for i in 0..<n {
                if MarkerVertices.isZero(starts[i]) { starts[i] = ends[i] }
                if MarkerVertices.isZero(ends[i]) { ends[i] = starts[i] }
            }
            let closed = segments[n - 1].isClose
            all.append(Vertex(point: segments[0].from, angle: MarkerVertices.angle(starts[0])))
            for i in 0..<n {
                let angle: Double
                if i + 1 < n { angle = MarkerVertices.bisector(ends[i], starts[i + 1]) }
                else if !closed { angle = MarkerVertices.angle(ends[i]) }
                else if k + 1 == subpaths.count { angle = MarkerVertices.angle(segments[i].startDirection) }
                else { continue }  // a closing vertex before another subpath is no marker position
                all.append(Vertex(point: segments[i].to, angle: angle))
            }
        }
        guard all.count >= 2 else { return }
        start = [all[0]]
        end = [all[all.count - 1]]
        mids = Array(all[1..<(all.count - 1)])
    }

    private static func isZero(_ v: SVGPoint) -> Bool { v.x == 0 && v.y == 0 }

    private static func first(nonZero candidates: [SVGPoint]) -> SVGPoint {
        candidates.first { !isZero($0) } ?? SVGPoint(x: 0, y: 0)
    }

    /// The direction of `v` in degrees, 0…360 (0 for a zero vector).
    static func angle(_ v: SVGPoint) -> Double {
        isZero(v) ? 0 : normalized(radians(v)) * 180 / Double.pi
    }

    private static func radians(_ v: SVGPoint) -> Double {
        let r = arctangent2(v.y, v.x)
        return r.isNaN ? 0 : r
    }

    private static func normalized(_ radians: Double) -> Double {
        let v = radians.truncatingRemainder(dividingBy: 2 * Double.pi)
        return v < 0 ? v + 2 * Double.pi : v
    }

    /// Half way between the directions `a` (in) and `b` (out), in degrees 0…360: the mean of the two angles
    /// on the shorter side.
    static func bisector(_ a: SVGPoint, _ b: SVGPoint) -> Double {
        if isZero(a) { return angle(b) }
        if isZero(b) { return angle(a) }
        let inAngle = normalized(radians(a)), outAngle = normalized(radians(b))
        let half = (outAngle - inAngle) / 2
        var result = inAngle + half
        if abs(half) > Double.pi / 2 { result -= Double.pi }
        return normalized(result) * 180 / Double.pi
    }
}
