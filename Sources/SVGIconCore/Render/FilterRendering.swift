/// Drawing a layer with a `filter` (Docs/model.md, "Filters"; the engine's contract is Docs/filter-engine.md).
///
/// 1. The filter grid: pixels aligned with the layer's user space. When the layer's full transform is a
///    scale (positive in both axes) plus a translation, the grid *is* the output's pixel grid. Otherwise
///    (rotation, skew, a flip) the grid scales user space by the transform's axis lengths
///    (√(a² + b²), √(c² + d²)) and the filtered image is drawn through the rest of the transform with
///    bilinear sampling afterwards — so a rotated drop shadow turns with the element, as SVG says (resvg
///    instead filters in device space with the axis scales, which offsets a rotated shadow along the
///    device axes).
/// 2. The content (without the layer's clip path, mask or opacity) is drawn into an offscreen of the first
///    filter's whole region — which may be larger than the output and larger than the content: a drop
///    shadow paints outside it — by a renderer of that size that shares this one's limits.
/// 3. Each filter of the list runs on the previous one's result, cut or padded to its own region.
/// 4. The result is cut to the current target, clipped, masked, and composited with the layer's opacity.
///
/// Limits: the filter region's pixels count against the offscreen byte limit (64 bytes a pixel while the
/// filter runs: source, result and the engine's intermediates) and the work limit (per primitive, twice the
/// region's pixels); the engine's own limits (`FilterLimits`) refuse a filter with a `FilterError`, which
/// skips the element with a warning naming it and its line. The engine's notes become warnings too.
extension SVGIconRenderer {
    /// Bytes per filter-region pixel held while a filter runs.
    static let filterBytesPerPixel = 64

    @inline(never)
    mutating func drawFiltered(_ layer: SVGIconLayer, transform t: SVGTransform, into pixmap: inout Pixmap) {
        guard canNest(), let first = layer.filter.first else { return }
        let outer = region
        let axisAligned = t.b == 0 && t.c == 0 && t.a > 0 && t.d > 0
        let grid = axisAligned
            ? FilterTransform(scaleX: t.a, scaleY: t.d, translateX: t.e, translateY: t.f)
            : FilterTransform(scaleX: (t.a * t.a + t.b * t.b).squareRoot(), scaleY: (t.c * t.c + t.d * t.d).squareRoot())
        let userToGrid = SVGTransform(a: grid.scaleX, b: 0, c: 0, d: grid.scaleY, e: grid.translateX, f: grid.translateY)
        guard let gridToUser = userToGrid.inverted() else { return }
        // Grid pixels → output pixels (identity when the grid is the output's).
        let gridToDevice = axisAligned ? SVGTransform.identity : t.concatenating(gridToUser)

        let visible = Self.visibleGrid(outer, deviceToGrid: gridToDevice.inverted(), axisAligned: axisAligned)
        guard let graphs = filterGraphs(layer, grid: grid, visible: visible) else { return }
        // Memory and work, counted before anything is allocated.
        // (Each feImage adds a region-sized picture, 16 bytes a pixel.)
        let bytes = graphs.map { $0.region.pixelCount * (Self.filterBytesPerPixel + 16 * $0.filter.images.count) }.max() ?? 0
        bufferWork += graphs.reduce(0) { $0 + $1.region.pixelCount * (1 + 2 * $1.filter.primitives.count) }
        guard withinLimits() else { return }
        guard offscreenBytes + bytes <= offscreenByteLimit else {
            let limit = offscreenByteLimit >= 1 << 20 ? "\(offscreenByteLimit >> 20) MiB" : "\(offscreenByteLimit >> 10) KiB"
            limitExceeded = "its filters need more than \(limit) of offscreen buffers at \(options.width)×\(options.height)"
            return
        }
        offscreenBytes += bytes
        depth += 1
        defer {
            depth -= 1
            offscreenBytes -= bytes
        }

        // SourceGraphic of the first filter: the content in its region.
        let r0 = graphs[0].region
        let toRegion = SVGTransform.translation(Double(-r0.x), Double(-r0.y))
        guard let deviceToGrid = gridToDevice.inverted() else { return }
        if axisAligned, graphs.count == 1, layer.clipPath == nil, layer.mask == nil, layer.blendMode == .normal,
           let color = pixmap.uniformColor ?? contentColor(layer) {
            // One colour in, only that colour added (or a last drop shadow of another colour under it): the
            // filter runs on alpha planes.
            let colorless = pixmap.uniformColor == nil ? nil : Self.colorlessGraph(graphs[0], color: color)
            let shadow = colorless == nil ? graphs[0].shadowOfAnotherColor(layer: color) : nil
            let designer = colorless == nil && shadow == nil ? graphs[0].designerShadow : nil
            if colorless != nil || shadow != nil || designer != nil {
                let source = filterSource(layer, transform: toRegion.concatenating(userToGrid),
                                          fit: toRegion.concatenating(deviceToGrid).concatenating(fit), width: r0.width,
                                          height: r0.height, uniformColor: color)
                guard limitExceeded == nil else { return }
                if source.uniformColor == color, let colorless,
                   drawPlanes(layer, colorless, source: source, color: color, at: r0, outer: outer, into: &pixmap) {
                    return
                }
                if source.uniformColor == color, let shadow,
                   drawShadowPlanes(layer, shadow, source: source, at: r0, outer: outer, into: &pixmap) {
                    return
                }
                if source.uniformColor == color, let designer {
                    let sourceAlpha = FilterAlpha(width: r0.width, height: r0.height, alpha: source.samples)
                    let run = graphs[0].runDesignerShadow(sourceAlpha: sourceAlpha, designer)
                    for note in run.notes { filterWarning(layer, graphs[0].filter, note.description) }
                    let x = r0.x - outer.x, y = r0.y - outer.y
                    if !designer.drawAlpha(into: &pixmap, layer: sourceAlpha, layerColor: color, part: run.part,
                                           px: run.x, py: run.y, x: x, y: y, opacity: layer.opacity) {
                        designer.draw(into: &pixmap, layer: sourceAlpha, layerColor: color, part: run.part, px: run.x,
                                      py: run.y, x: x, y: y, opacity: layer.opacity)
                    }
                    return
                }
            }
        }
        let childFit = toRegion.concatenating(deviceToGrid).concatenating(fit)
        let source = filterSource(layer, transform: toRegion.concatenating(userToGrid), fit: childFit,
                                  width: r0.width, height: r0.height)
        guard limitExceeded == nil else { return }
        var image = FilterImage(source)
        var rect = r0
        for (k, graph) in graphs.enumerated() {
            if k > 0 { image = Self.moved(image, from: rect, to: graph.region) }
            let pictures = filterImages(graph, fit: childFit)
            guard limitExceeded == nil else { return }
            do {
                let out = try graph.run(sourceGraphic: image, image: { index, _ in pictures[index] })
                for note in out.notes { filterWarning(layer, graph.filter, note.description) }
                image = out.image
            } catch {
                filterWarning(layer, layer.filter[k], "\(error); the element is not drawn")
                return
            }
            rect = graph.region
        }
        _ = first

        // The result in output pixels, cut to the current target.
        let corners = [SVGPoint(x: Double(rect.x), y: Double(rect.y)),
                       SVGPoint(x: Double(rect.x + rect.width), y: Double(rect.y)),
                       SVGPoint(x: Double(rect.x), y: Double(rect.y + rect.height)),
                       SVGPoint(x: Double(rect.x + rect.width), y: Double(rect.y + rect.height))].map(gridToDevice.apply)
        let lo = SVGPoint(x: corners.map(\.x).min()!, y: corners.map(\.y).min()!)
        let hi = SVGPoint(x: corners.map(\.x).max()!, y: corners.map(\.y).max()!)
        if axisAligned, layer.clipPath == nil, layer.mask == nil, layer.blendMode == .normal {
            // Nothing to cut, fade or blend first: composite the filter's pixels where they are (the
            // composite leaves out what falls outside the target, as the offscreen would).
            pixmap.composite(Pixmap(width: rect.width, height: rect.height, rgba: image.pixels),
                             x: rect.x - outer.x, y: rect.y - outer.y, opacity: layer.opacity)
            return
        }
        guard let area = PixelRegion(covering: lo, hi, margin: axisAligned ? 0 : 1, within: outer) else { return }
        var offscreen = Pixmap(width: area.width, height: area.height)
        if axisAligned {
            Self.copy(image, at: rect, into: &offscreen, at: area)
        } else {
            let imageToDevice = gridToDevice.concatenating(.translation(Double(rect.x), Double(rect.y)))
            guard let deviceToImage = imageToDevice.inverted() else { return }
            Self.resample(image, deviceToImage: deviceToImage, into: &offscreen, at: area)
        }
        enter(area)
        defer { enter(outer) }
        if let clip = layer.clipPath { offscreen.multiply(by: clipCoverage(clip, transform: t)) }
        if let mask = layer.mask { offscreen.multiply(by: maskCoverage(mask, transform: t)) }
        if layer.blendMode != .normal {  // mix-blend-mode applies to the filtered result (BlendCompositing.swift)
            pixmap.compositeBlending(offscreen, x: area.x - outer.x, y: area.y - outer.y, opacity: layer.opacity,
                                     mode: layer.blendMode)
        } else {
            pixmap.composite(offscreen, x: area.x - outer.x, y: area.y - outer.y, opacity: layer.opacity)
        }
    }

    /// The grid pixels (`FilterTransform` space) whose filtered values can reach the target `outer`: the
    /// target itself when the grid is the output's, else its corners mapped back, grown by a pixel for the
    /// bilinear resampling. nil when the grid's inverse is missing (nothing is cut then).
    static func visibleGrid(_ outer: PixelRegion, deviceToGrid: SVGTransform?, axisAligned: Bool) -> FilterPixelRect? {
        if axisAligned { return FilterPixelRect(x: outer.x, y: outer.y, width: outer.width, height: outer.height) }
        guard let m = deviceToGrid else { return nil }
        let x0 = Double(outer.x), y0 = Double(outer.y)
        let x1 = Double(outer.x + outer.width), y1 = Double(outer.y + outer.height)
        let points: [SVGPoint] = [SVGPoint(x: x0, y: y0), SVGPoint(x: x1, y: y0), SVGPoint(x: x0, y: y1), SVGPoint(x: x1, y: y1)]
        let corners: [SVGPoint] = points.map { m.apply($0) }
        let xs: [Double] = corners.map { $0.x }, ys: [Double] = corners.map { $0.y }
        guard let lx = xs.min(), let hx = xs.max(), let ly = ys.min(), let hy = ys.max(),
              [lx, hx, ly, hy].allSatisfy({ $0.isFinite && abs($0) < 1e12 }) else { return nil }
        let left = Int(lx.rounded(.down)) - 2, top = Int(ly.rounded(.down)) - 2
        return FilterPixelRect(x: left, y: top, width: Int(hx.rounded(.up)) + 2 - left, height: Int(hy.rounded(.up)) + 2 - top)
    }

    /// The graphs of the layer's filter list, each region cut to `visible` grown by the reach of the filters
    /// after it (their input is its result); nil, with a warning, when one is refused (the element is then
    /// not drawn). A filter that must not be cut (`FilterGraph.reach` nil) leaves the earlier ones uncut too.
    private mutating func filterGraphs(_ layer: SVGIconLayer, grid: FilterTransform, visible: FilterPixelRect?) -> [FilterGraph]? {
        let filters = layer.filter.map { $0.withTint(options.tint) }
        var seen: [FilterPixelRect?] = Array(repeating: nil, count: filters.count)
        var later: (x: Int, y: Int)? = (0, 0)
        for k in filters.indices.reversed() {
            seen[k] = visible.flatMap { v in later.map { FilterGraph.grown(v, by: $0) } }
            guard let margin = later, let whole = FilterGraph.pixelRect(filters[k].region, grid),
                  let reach = FilterGraph.reach(of: filters[k], transform: grid, limits: FilterLimits(), region: whole)
            else { later = nil; continue }
            later = (min(margin.x + reach.x, 1 << 40), min(margin.y + reach.y, 1 << 40))
        }
        var graphs: [FilterGraph] = []
        for (k, filter) in filters.enumerated() {
            do {
                graphs.append(try FilterGraph(filter, transform: grid, visible: seen[k]))
            } catch {
                filterWarning(layer, layer.filter[k], "\(error); the element is not drawn")
                return nil
            }
        }
        return graphs
    }

    /// The graph of `graph`'s filter with its colours black, when that filter adds no colour but `color`
    /// (nil otherwise): run on the source's alpha it gives the alpha of the filtered layer, whose colour is
    /// `color` throughout (Filter/FilterColors.swift).
    static func colorlessGraph(_ graph: FilterGraph, color: SVGColor) -> FilterGraph? {
        guard let added = graph.filter.addedColors,
              added.allSatisfy({ $0.alpha <= 0 || ($0.red == color.red && $0.green == color.green && $0.blue == color.blue) })
        else { return nil }
        return try? FilterGraph(graph.filter.colorless, transform: graph.transform, limits: graph.limits, visible: graph.visible)
    }

    /// Runs `graph` (colourless) on the alpha of `source` (alpha-only, `color`) and composites the result's
    /// plane in `color` at `rect` (output pixels); false when the result is not a plane (nothing drawn).
    private mutating func drawPlanes(_ layer: SVGIconLayer, _ graph: FilterGraph, source: Pixmap, color: SVGColor,
                                     at rect: FilterPixelRect, outer: PixelRegion, into pixmap: inout Pixmap) -> Bool {
        let sourceAlpha = FilterAlpha(width: rect.width, height: rect.height, alpha: source.samples)
        if let shadowColor = graph.wholeRegionShadowColor {
            // A last drop shadow (in the layer's colour): drawn from its planes, no result plane made.
            do {
                let out = try graph.runShadowPlanes(sourceAlpha: sourceAlpha, color: shadowColor, inputColor: color)
                guard let planes = out.planes else { return false }
                if planes.drawAlpha(into: &pixmap, layerColor: color, x: rect.x - outer.x, y: rect.y - outer.y,
                                    opacity: layer.opacity) {
                    for note in out.notes { filterWarning(layer, graph.filter, note.description) }
                    return true
                }
            } catch {
                filterWarning(layer, layer.filter[0], "\(error); the element is not drawn")
                return true
            }
        }
        let out: (alpha: FilterAlpha?, notes: [FilterNote])
        do {
            out = try graph.runAlpha(sourceAlpha: sourceAlpha)
        } catch {
            filterWarning(layer, layer.filter[0], "\(error); the element is not drawn")
            return true
        }
        guard let plane = out.alpha else { return false }
        for note in out.notes { filterWarning(layer, graph.filter, note.description) }
        if pixmap.compositeAlpha(plane, color: color, x: rect.x - outer.x, y: rect.y - outer.y, opacity: layer.opacity) {
            return true
        }
        var result = source  // alpha-only in `color`, of the rectangle's size: its plane replaced, not cleared
        result.samples = plane.alpha
        pixmap.composite(result, x: rect.x - outer.x, y: rect.y - outer.y, opacity: layer.opacity)
        return true
    }

    /// The one colour the layer's content paints in (its filters left out), nil for several or a gradient.
    private func contentColor(_ layer: SVGIconLayer) -> SVGColor? {
        var content = layer
        content.filter = []
        return UniformPaint.color(of: [content], tint: options.tint)
    }

    /// Runs `split.graph` (colourless, its last primitive a drop shadow of `split.color`) on the alpha of
    /// `source` and draws the shadow's two planes at `rect`; false when its input is not a plane.
    private mutating func drawShadowPlanes(_ layer: SVGIconLayer, _ split: (graph: FilterGraph, color: SVGColor, inputColor: SVGColor),
                                           source: Pixmap, at rect: FilterPixelRect, outer: PixelRegion,
                                           into pixmap: inout Pixmap) -> Bool {
        let out: (planes: FilterShadowPlanes?, notes: [FilterNote])
        do {
            out = try split.graph.runShadowPlanes(sourceAlpha: FilterAlpha(width: rect.width, height: rect.height, alpha: source.samples),
                                                  color: split.color, inputColor: split.inputColor)
        } catch {
            filterWarning(layer, layer.filter[0], "\(error); the element is not drawn")
            return true
        }
        guard let planes = out.planes else { return false }
        for note in out.notes { filterWarning(layer, split.graph.filter, note.description) }
        planes.draw(into: &pixmap, x: rect.x - outer.x, y: rect.y - outer.y, opacity: layer.opacity)
        return true
    }

    private mutating func filterWarning(_ layer: SVGIconLayer, _ filter: SVGFilter, _ message: String) {
        guard warnings.count < 64 else { return }
        let w = SVGWarning(line: filter.line, element: layer.elementName ?? "element",
                           message: "filter \(filter.label.isEmpty ? "" : filter.label + ": ")\(message)")
        if !warnings.contains(w) { warnings.append(w) }
    }

    /// The layer's content drawn by a renderer of the filter region's size (the region may extend past the
    /// output), sharing this renderer's remaining budgets.
    private mutating func filterSource(_ layer: SVGIconLayer, transform: SVGTransform, fit hostFit: SVGTransform,
                                       width: Int, height: Int, uniformColor: SVGColor? = nil) -> Pixmap {
        var child = SVGIconRenderer(options: RenderOptions(width: width, height: height, tint: options.tint,
                                                           curveTolerance: options.curveTolerance,
                                                           exactThinStrokes: options.exactThinStrokes))
        child.fit = hostFit
        child.depth = depth
        child.workLimit = max(0, workLimit - (rasterizer.work + bufferWork))
        child.offscreenByteLimit = max(0, offscreenByteLimit - offscreenBytes)
        var pixmap = uniformColor.map { Pixmap(width: width, height: height, uniformColor: $0) }
            ?? Pixmap(width: width, height: height)
        child.drawContent(layer, transform: transform, opacity: 1, into: &pixmap)
        _ = child.withinLimits()
        bufferWork += child.rasterizer.work + child.bufferWork
        for w in child.warnings where warnings.count < 64 && !warnings.contains(w) { warnings.append(w) }
        if limitExceeded == nil, let reason = child.limitExceeded { limitExceeded = reason }
        return pixmap
    }

    /// The pixels of each feImage of `graph`'s filter, by image index: region-sized pictures, each drawn with its
    /// origin on the whole-pixel top-left corner of the primitive's subregion (as resvg places it; the engine
    /// clears what falls outside the subregion). A picture with no layers is transparent black.
    private mutating func filterImages(_ graph: FilterGraph, fit hostFit: SVGTransform) -> [Int: FilterImage] {
        let filter = graph.filter, r = graph.region, t = graph.transform
        var pictures: [Int: FilterImage] = [:]
        for p in filter.primitives {
            guard case .image(let k) = p.kind, filter.images.indices.contains(k), pictures[k] == nil else { continue }
            var layers = filter.images[k].layers
            if BoundingBoxUnits.any(in: layers) { BoundingBoxUnits.resolve(&layers) }  // hand-built pictures
            let sub = SVGRect(x: p.x ?? filter.region.x, y: p.y ?? filter.region.y,
                              width: p.width ?? filter.region.width, height: p.height ?? filter.region.height)
            guard !layers.isEmpty, let corner = FilterGraph.pixelRect(sub, t) else {
                pictures[k] = FilterImage(width: r.width, height: r.height)
                continue
            }
            let place = SVGTransform(a: t.scaleX, b: 0, c: 0, d: t.scaleY,
                                     e: Double(corner.x - r.x), f: Double(corner.y - r.y))
            let picture = SVGIconLayer(content: .group(layers), elementName: "feImage")
            pictures[k] = FilterImage(filterSource(picture, transform: place, fit: hostFit, width: r.width, height: r.height))
            if limitExceeded != nil { break }
        }
        return pictures
    }

    /// `image` (covering `from`) re-cut to cover `to` (grid pixels): transparent where it had nothing.
    static func moved(_ image: FilterImage, from: FilterPixelRect, to: FilterPixelRect) -> FilterImage {
        if from == to { return image }
        var out = FilterImage(width: to.width, height: to.height)
        let x0 = max(from.x, to.x), x1 = min(from.x + from.width, to.x + to.width)
        let y0 = max(from.y, to.y), y1 = min(from.y + from.height, to.y + to.height)
        guard x1 > x0, y1 > y0 else { return out }
        for y in y0..<y1 {
            let s = ((y - from.y) * from.width + (x0 - from.x)) * 4
            let d = ((y - to.y) * to.width + (x0 - to.x)) * 4
            for i in 0..<((x1 - x0) * 4) { out.pixels[d + i] = image.pixels[s + i] }
        }
        return out
    }

    /// Copies the part of `image` (output pixels `rect`) that falls on `area` into `pixmap` (area-sized).
    static func copy(_ image: FilterImage, at rect: FilterPixelRect, into pixmap: inout Pixmap, at area: PixelRegion) {
        let x0 = max(rect.x, area.x), x1 = min(rect.x + rect.width, area.x + area.width)
        let y0 = max(rect.y, area.y), y1 = min(rect.y + rect.height, area.y + area.height)
        guard x1 > x0, y1 > y0 else { return }
        let w = pixmap.width
        pixmap.samples.withUnsafeMutableBufferPointer { dst in
            image.pixels.withUnsafeBufferPointer { src in
                for y in y0..<y1 {
                    let s = ((y - rect.y) * rect.width + (x0 - rect.x)) * 4
                    let d = ((y - area.y) * w + (x0 - area.x)) * 4
                    for i in 0..<((x1 - x0) * 4) { dst[d + i] = src[s + i] }
                }
            }
        }
    }

    /// Draws `image` through the inverse of `deviceToImage` into `pixmap` (covering `area`), sampling it
    /// bilinearly at each output pixel's centre (transparent outside the image).
    static func resample(_ image: FilterImage, deviceToImage m: SVGTransform, into pixmap: inout Pixmap, at area: PixelRegion) {
        let w = pixmap.width, iw = image.width, ih = image.height
        pixmap.samples.withUnsafeMutableBufferPointer { dst in
            image.pixels.withUnsafeBufferPointer { src in
                for y in 0..<area.height {
                    for x in 0..<area.width {
                        let p = m.apply(SVGPoint(x: Double(area.x + x) + 0.5, y: Double(area.y + y) + 0.5))
                        let fx = p.x - 0.5, fy = p.y - 0.5
                        guard fx > -1, fy > -1, fx < Double(iw), fy < Double(ih) else { continue }
                        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
                        let tx = Float(fx - Double(x0)), ty = Float(fy - Double(y0))
                        var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for (dx, dy, weight) in [(0, 0, (1 - tx) * (1 - ty)), (1, 0, tx * (1 - ty)),
                                                 (0, 1, (1 - tx) * ty), (1, 1, tx * ty)] where weight > 0 {
                            let sx = x0 + dx, sy = y0 + dy
                            guard sx >= 0, sy >= 0, sx < iw, sy < ih else { continue }
                            let i = (sy * iw + sx) * 4
                            acc.0 += src[i] * weight; acc.1 += src[i + 1] * weight
                            acc.2 += src[i + 2] * weight; acc.3 += src[i + 3] * weight
                        }
                        let d = (y * w + x) * 4
                        dst[d] = acc.0; dst[d + 1] = acc.1; dst[d + 2] = acc.2; dst[d + 3] = acc.3
                    }
                }
            }
        }
    }
}
