// The SVG resolver, part: Shapes: rect, circle, ellipse, line, polyline, polygon and path become paths with their paints.
// (SVGResolver.swift holds the resolver's state and entry points.)

extension SVGResolver {
    @inline(never)
    mutating func resolveShape(_ index: Int, style: SVGStyle) -> SVGShape? {
        guard let path = chargedShapePath(index) else { return nil }
        return paintedShape(index, path: path, style: style)
    }

    /// The element's geometry, counted against the path segment limit; nil when it is empty or past the limit.
    mutating func chargedShapePath(_ index: Int) -> SVGPath? {
        let path = shapePath(index)
        segmentBudget -= path.verbs.count
        if segmentBudget < 0 {
            if limitError == nil { limitError = .tooManyPathSegments(limit: SVGLimits.pathSegments) }
            return nil
        }
        return path.isEmpty ? nil : path
    }

    /// `path` with the element's fill and stroke; nil when it paints neither.
    mutating func paintedShape(_ index: Int, path: SVGPath, style: SVGStyle) -> SVGShape? {
        if clipMode {
            return SVGShape(path: path, fill: SVGFill(paint: .tint, rule: style.clipRule), stroke: nil)
        }
        var fill: SVGFill? = nil
        if tree.nodes[index].kind != .line, let paint = resolvePaint(style.fill, for: index, property: "fill", style: style) {
            fill = SVGFill(paint: boxFallback(paint, value: style.fill, path: path, style: style),
                           opacity: style.fillOpacity, rule: style.fillRule)
        }
        var stroke: SVGStroke? = nil
        if style.strokeWidth > 0, let paint = resolvePaint(style.stroke, for: index, property: "stroke", style: style) {
            var dashes = style.dashArray
            if !dashes.isEmpty, SVGResolver.dashCount(path, pattern: dashes) > Double(Dasher.maxDashes) {
                warn(index, "stroke-dasharray would cut the path into more than \(Dasher.maxDashes) dashes; drawn solid")
                dashes = []
            }
            stroke = SVGStroke(paint: boxFallback(paint, value: style.stroke, path: path, style: style),
                               opacity: style.strokeOpacity,
                               style: StrokeStyle(width: style.strokeWidth, cap: style.lineCap, join: style.lineJoin,
                                                  miterLimit: style.miterLimit, dashes: dashes,
                                                  dashOffset: style.dashOffset),
                               nonScaling: style.nonScalingStroke)
        }
        if fill == nil && stroke == nil { return nil }
        var shape = SVGShape(path: path, fill: fill, stroke: stroke, strokeFirst: style.strokeFirst)
        shape.antialias = !style.crispEdges
        return shape
    }

    mutating func shapePath(_ index: Int) -> SVGPath {
        // By the kind classified from the name (the same cases as the name), reading the node in place.
        switch tree.nodes[index].kind {
        case .path:
            guard let d = tree.nodes[index].attribute("d") else { return SVGPath() }
            // One segment past the budget is enough to know the document is over it.
            let (path, error) = PathDataParser.parse(d, maxSegments: max(0, segmentBudget) + 1)
            if let error, path.verbs.count <= segmentBudget {
                warn(index, "\(error.description); drawing the part before it")
            }
            return path
        case .rect:
            // SVG 2: a negative radius is an error and computes to `auto` (the other radius, or 0).
            return ShapeGeometry.rect(x: length(index, "x", axis: .x), y: length(index, "y", axis: .y),
                                      width: length(index, "width", axis: .x), height: length(index, "height", axis: .y),
                                      rx: radius(index, "rx", axis: .x), ry: radius(index, "ry", axis: .y))
        case .circle:
            let r = length(index, "r", axis: .diagonal)
            return ShapeGeometry.ellipse(cx: length(index, "cx", axis: .x), cy: length(index, "cy", axis: .y), rx: r, ry: r)
        case .ellipse:
            var rx = radius(index, "rx", axis: .x), ry = radius(index, "ry", axis: .y)
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            return ShapeGeometry.ellipse(cx: length(index, "cx", axis: .x), cy: length(index, "cy", axis: .y),
                                         rx: rx ?? 0, ry: ry ?? 0)
        case .line:
            var path = SVGPath()
            path.move(to: SVGPoint(x: length(index, "x1", axis: .x), y: length(index, "y1", axis: .y)))
            path.line(to: SVGPoint(x: length(index, "x2", axis: .x), y: length(index, "y2", axis: .y)))
            return path
        case .polyline, .polygon:
            guard let raw = tree.nodes[index].attribute("points") else { return SVGPath() }
            let coordinates = NumberScanner.leadingNumbers(raw)
            if coordinates.count % 2 == 1 || NumberScanner.numberList(raw) == nil {
                warn(index, "points list is malformed; drawing the points before the error")
            }
            return ShapeGeometry.poly(coordinates, closed: tree.nodes[index].kind == .polygon)
        default:
            return SVGPath()
        }
    }

    /// How many dashes `pattern` (even count) cuts `path` into, at most: its control polygon is at least as
    /// long as the path.
    static func dashCount(_ path: SVGPath, pattern: [Double]) -> Double {
        let period = pattern.reduce(0, +)
        guard period > 0, period.isFinite else { return 0 }
        var length = 0.0
        path.forEachSegment { segment in
            switch segment {
            case .move: break
            case .line(let a, let b), .close(let a, let b): length += (b - a).length
            case .quad(let a, let b, let c): length += (b - a).length + (c - b).length
            case .cubic(let a, let b, let c, let d): length += (b - a).length + (c - b).length + (d - c).length
            }
        }
        return length / period * Double(pattern.count / 2)
    }
}
