/// Draws an `SVGIconDefinition` into a `Pixmap`.
///
/// It draws the model as `Docs/model.md` describes it: everything in user space. A definition that still has
/// `objectBoundingBox` units (one built by hand) is first resolved with `resolvingBoundingBoxUnits()`, once
/// per render, so the drawing code below never sees bounding-box units.
///
/// Each shape paints its fill, then its stroke. A layer with a clip path, a mask, or an opacity that must
/// apply to the layer as a whole is drawn into an offscreen pixmap first (covering only the pixels its
/// content can reach), clipped and masked there, and then composited once. Fills are flattened in device
/// space. Strokes are flattened, dashed and outlined in the element's own user space (so a non-uniform
/// scale gives an elliptical pen, as SVG says) and the outline is transformed.
///
/// Thread safety: not `Sendable`: a renderer keeps scratch buffers between renders, so use each one from one
/// thread at a time (one per thread, as the batch command does; an `SVGIconDefinition.render` call makes its
/// own).
public struct SVGIconRenderer {
    /// Size, tint, background and curve tolerance of every render this renderer does.
    public let options: RenderOptions
    var rasterizer: CoverageRasterizer
    /// viewBox space → pixels (the host space of non-scaling strokes).
    var fit = SVGTransform.identity
    /// The part of the output the current target covers: the whole output, or the pixels an offscreen
    /// layer can paint (its content's device bounds). Transforms stay in output pixels; the rasterizer
    /// works in the region (see `CoverageRasterizer.region`).
    var region: PixelRegion
    /// The output rows a banded render is drawing now (`renderBands`), nil when it draws them all.
    var band: Range<Int>?
    /// The rows of `region` (relative to its corner) that the current target pixmap holds: all of them,
    /// or in a banded render the ones inside `band`. Target pixmaps are `region.width` × `window.count`.
    var window: Range<Int> = 0..<0
    /// Scratch for stroke outlines, kept from shape to shape.
    private var strokeBuffers = Stroker.Buffers()
    private var contourBuffer = FlatContour()
    /// Offscreen nesting depth (groups with opacity, clip paths, masks) — bounded so a hostile file cannot
    /// allocate without end.
    var depth = 0
    /// How deep offscreen layers (groups with opacity, clip paths, masks) may nest; deeper nesting stops the render as too complex (`SVGRenderLimitError`).
    public static let maxOffscreenDepth = 32
    /// How many pattern tiles this renderer is drawing inside (a tile is drawn by a renderer of its own,
    /// `PatternShader.swift`).
    var patternDepth = 0

    /// Work one render may do, counted in rasterized rows, swept cells, band-sweep steps and pixels of
    /// offscreen buffers: `defaultWorkLimit` is far beyond what any icon needs at the size asked for, so
    /// only a hostile or broken file reaches it. The render then stops and `limitExceeded` says so. An icon
    /// read from a large document may do `workPerSourceByte` steps per byte of it instead, when that is more.
    public var workLimit: Int {
        didSet { rasterizer.workLimit = workLimit }
    }
    /// Bytes of offscreen buffers (group opacity, clip paths, masks) that may be alive at once.
    public var offscreenByteLimit: Int
    /// Why the render stopped before drawing everything (nil when it finished): the pixmap is then
    /// incomplete and should not be used.
    public internal(set) var limitExceeded: String?
    var offscreenBytes = 0
    /// Work outside the rasterizer (offscreen buffers filled and combined).
    var bufferWork = 0
    /// Work of the bands a banded render has drawn before the current one.
    var earlierBandsWork = 0
    /// What the last render skipped or clamped while drawing (filters: `FilterRendering.swift`).
    public internal(set) var warnings: [SVGWarning] = []

    /// Steps a render may take per byte of the icon's source document (`SVGIconDefinition.sourceByteCount`)
    /// when that is more than `workLimit`: a document of megabytes of path data (a card deck, a map) is
    /// as much work to draw as its size says, where the hostile files the limit is for do a lot of work
    /// from a few bytes (the `use` bomb in Tests/Fixtures/hostile: 72 M steps from 875 bytes). KDE's
    /// Dondorf card deck, 11.6 MB, takes 71 M steps at 256 × 256 and 120 M at 1024 × 1024 (the limit
    /// then, 32 per byte, is 371 M); the documents that use the allowance have already cost their size to read.
    public static let workPerSourceByte = 32

    /// The work `icon` may take: `workLimit`, or more for a large source document (`workPerSourceByte`).
    func workAllowed(for icon: SVGIconDefinition) -> Int {
        let (bySize, overflow) = Self.workPerSourceByte.multipliedReportingOverflow(by: max(0, icon.sourceByteCount))
        return overflow ? Int.max : max(workLimit, bySize)
    }

    /// 2²⁶ steps (a few tenths of a second), or 128 per output pixel for outputs over 724 × 724.
    public static func defaultWorkLimit(width: Int, height: Int) -> Int {
        max(1 << 26, 128 * max(0, width) * max(0, height))
    }

    /// 128 MiB, or two full-size RGBA buffers for outputs over 2048 × 2048.
    public static func defaultOffscreenByteLimit(width: Int, height: Int) -> Int {
        max(128 << 20, 2 * 16 * max(0, width) * max(0, height))
    }

    /// A renderer for `options`. It keeps scratch buffers from render to render: reuse it, one per thread.
    public init(options: RenderOptions) {
        self.options = options
        self.rasterizer = CoverageRasterizer(width: options.width, height: options.height)
        self.region = PixelRegion(x: 0, y: 0, width: max(0, options.width), height: max(0, options.height))
        self.window = 0..<max(0, options.height)
        self.workLimit = Self.defaultWorkLimit(width: options.width, height: options.height)
        self.offscreenByteLimit = Self.defaultOffscreenByteLimit(width: options.width, height: options.height)
        rasterizer.workLimit = workLimit
    }

    /// False once a limit is reached: nothing more is drawn.
    mutating func withinLimits() -> Bool {
        if limitExceeded == nil, rasterizer.work + bufferWork + earlierBandsWork > workLimit {
            limitExceeded = "drawing it needs more than \(workLimit) steps (the work limit at \(options.width)×\(options.height))"
        }
        return limitExceeded == nil
    }

    /// Accounts for a buffer of `bytesPerPixel` over the current region about to be allocated; false (and
    /// the render stops) when it would pass the offscreen memory or work limit. Give the bytes back with
    /// `release` (over the same region).
    mutating func reserve(bytesPerPixel: Int) -> Bool {
        let bytes = targetPixelCount * bytesPerPixel
        bufferWork += bytes / 4
        guard withinLimits() else { return false }
        guard offscreenBytes + bytes <= offscreenByteLimit else {
            let limit = offscreenByteLimit >= 1 << 20 ? "\(offscreenByteLimit >> 20) MiB" : "\(offscreenByteLimit >> 10) KiB"
            limitExceeded = "its nested opacity groups, clip paths and masks need more than \(limit) of offscreen buffers at \(options.width)×\(options.height)"
            return false
        }
        offscreenBytes += bytes
        return true
    }

    /// False (and the render stops) past `maxOffscreenDepth` nested offscreen layers.
    mutating func canNest() -> Bool {
        guard depth < Self.maxOffscreenDepth else {
            if limitExceeded == nil {
                limitExceeded = "it nests opacity groups, clip paths and masks more than \(Self.maxOffscreenDepth) deep"
            }
            return false
        }
        return true
    }

    mutating func release(bytesPerPixel: Int) {
        offscreenBytes -= targetPixelCount * bytesPerPixel
    }

    /// Pixels of the current target: `region.width` × `window.count`.
    var targetPixelCount: Int { max(0, region.width) * window.count }

    /// Makes `area` the region drawn into (in a banded render, the rows of it inside the band).
    mutating func enter(_ area: PixelRegion) {
        region = area
        rasterizer.region = area
        guard let band else {
            window = 0..<max(0, area.height)
            return
        }
        let top = min(max(band.lowerBound - area.y, 0), max(0, area.height))
        window = top..<min(max(band.upperBound - area.y, top), max(0, area.height))
        rasterizer.setRowWindow(window)
    }

    /// The transform from the icon's viewBox space to output pixels: the viewBox fitted into the
    /// whole output with the icon's preserveAspectRatio (default: centred, aspect kept).
    public static func fitTransform(_ icon: SVGIconDefinition, width: Int, height: Int) -> SVGTransform {
        var viewBox = icon.viewBox
        if !viewBox.isValid {
            viewBox = SVGViewBox(width: icon.intrinsicWidth ?? 100, height: icon.intrinsicHeight ?? 100)
        }
        return icon.aspectRatio.transform(viewBox: viewBox, viewportWidth: Double(width),
                                          viewportHeight: Double(height))
    }

    /// Renders `icon` into a new pixmap of the options' size: alpha-only (`Pixmap.uniformColor`) when the
    /// icon paints in one colour and no background is asked for, full RGBA otherwise.
    /// A renderer can render any number of icons in turn, each from a clean state (limits included), reusing
    /// its buffers.
    public mutating func render(_ icon: SVGIconDefinition) -> Pixmap {
        let icon = prepared(icon)
        let limit = workLimit
        workLimit = workAllowed(for: icon)
        defer { workLimit = limit }
        begin(band: nil)
        var pixmap = blankPixmap(for: options.background == nil ? icon.layers : nil)
        guard options.width > 0, options.height > 0 else {
            pixmap.writePendingZeros()
            return pixmap
        }
        fit = Self.fitTransform(icon, width: options.width, height: options.height)
        draw(fittedLayers(of: icon), transform: fit, into: &pixmap)
        _ = withinLimits()  // the last shape may have passed the limit
        if let bg = options.background { pixmap.fillBehind(bg) }
        pixmap.writePendingZeros()  // an icon that drew nothing
        return pixmap
    }

    /// The layers of a `prepared` icon as `fit` draws them: with `--pixel-fit`, their edges moved onto the
    /// pixel grid first (Fit/PixelFitter.swift).
    func fittedLayers(of icon: SVGIconDefinition) -> [SVGIconLayer] {
        options.pixelFit
            ? PixelFitter.fitted(icon.layers, transform: fit, width: options.width, height: options.height) : icon.layers
    }

    /// `icon` as it is drawn: recoloured when the options ask, in user space (`Docs/model.md`).
    func prepared(_ icon: SVGIconDefinition) -> SVGIconDefinition {
        (options.recolor ? icon.recolored() : icon).resolvingBoundingBoxUnits()
    }

    /// Gets ready to draw a `prepared` icon into the output rows `band` (nil: all of them), from a clean
    /// state: limits, warnings and the rasterizer's edges cleared, its buffers kept.
    mutating func begin(band: Range<Int>?) {
        rasterizer.reset()
        if strokeBuffers.capacity > CoverageRasterizer.keptScratchEdges { strokeBuffers = Stroker.Buffers() }
        if contourBuffer.points.capacity > CoverageRasterizer.keptScratchEdges { contourBuffer = FlatContour() }
        depth = 0
        offscreenBytes = 0
        bufferWork = 0
        limitExceeded = nil
        if !warnings.isEmpty { warnings = [] }
        if band != nil || self.band != nil {
            self.band = band
            // A band's rows, or back to every row after a banded render.
            rasterizer.setRowWindow(band ?? 0..<max(0, options.height), shrinking: band != nil)
        }
        enter(PixelRegion(x: 0, y: 0, width: max(0, options.width), height: max(0, options.height)))
    }

    /// A transparent pixmap of the current region's size for drawing `layers`: alpha-only when they paint in
    /// one colour but for their filters' last drop shadows (which turn it RGBA when drawn); nil layers: RGBA.
    func blankPixmap(for layers: [SVGIconLayer]?) -> Pixmap {
        if let layers, let color = UniformPaint.color(of: layers, tint: options.tint, shadowsApart: true) {
            // Its zeros are written by the first draw (a drop shadow of another colour stores whole rows).
            return Pixmap(width: region.width, height: window.count, uniformColor: color, zerosPending: true)
        }
        return Pixmap(width: region.width, height: window.count)
    }

    mutating func draw(_ layers: [SVGIconLayer], transform: SVGTransform, into pixmap: inout Pixmap) {
        for layer in layers { draw(layer, parent: transform, into: &pixmap) }
    }

    private mutating func draw(_ layer: SVGIconLayer, parent: SVGTransform, into pixmap: inout Pixmap) {
        let t = parent.concatenating(layer.transform)
        guard t.isInvertible, layer.opacity > 0, withinLimits() else { return }
        var wholeLayerOpacity = layer.opacity < 1
        if case .shape(let shape) = layer.content, shape.fill == nil || shape.stroke == nil {
            // One paint: its opacity can simply scale that paint.
            wholeLayerOpacity = false
        }
        let isolated = wholeLayerOpacity || layer.clipPath != nil || layer.mask != nil || !layer.filter.isEmpty
            || layer.isolated || layer.blendMode != .normal
        guard isolated else {
            drawContent(layer, transform: t, opacity: layer.opacity, into: &pixmap)
            return
        }
        if !layer.filter.isEmpty { return drawFiltered(layer, transform: t, into: &pixmap) }
        drawIsolated(layer, transform: t, into: &pixmap)
    }

    /// A layer drawn offscreen, clipped and masked there, then composited with its opacity. The offscreen
    /// buffer covers only the pixels its content can paint. (Kept out of `draw` so that each level of
    /// nesting costs the stack only what `draw` itself needs.)
    @inline(never)
    private mutating func drawIsolated(_ layer: SVGIconLayer, transform t: SVGTransform, into pixmap: inout Pixmap) {
        guard canNest() else { return }
        let outer = region, outerTop = window.lowerBound
        guard let bounds = LayerBounds.deviceBounds(ofContent: layer, transform: t, host: fit),
              let area = PixelRegion(covering: bounds.min, bounds.max, margin: 1, within: outer) else {
            return  // it paints nothing here
        }
        enter(area)
        if window.isEmpty {
            // A banded render's band misses it. Its blend would still have turned a one-colour target into
            // RGBA, as in the whole-canvas render.
            if layer.blendMode != .normal { pixmap.makeRGBA() }
            enter(outer)
            return
        }
        guard reserve(bytesPerPixel: 16) else {
            enter(outer)
            return
        }
        depth += 1
        defer {
            depth -= 1
            release(bytesPerPixel: 16)
            enter(outer)
        }
        var offscreen = Pixmap(width: area.width, height: window.count, sameFormAs: pixmap)
        // Where its first row lands in the target (rows are the windows' rows in a banded render).
        let y = area.y + window.lowerBound - (outer.y + outerTop)
        drawContent(layer, transform: t, opacity: 1, into: &offscreen)
        if let clip = layer.clipPath {
            offscreen.multiply(by: clipCoverage(clip, transform: t))
        }
        if let mask = layer.mask {
            offscreen.multiply(by: maskCoverage(mask, transform: t))
        }
        if layer.blendMode != .normal {  // mix-blend-mode (BlendCompositing.swift)
            pixmap.compositeBlending(offscreen, x: area.x - outer.x, y: y, opacity: layer.opacity, mode: layer.blendMode)
        } else {
            pixmap.composite(offscreen, x: area.x - outer.x, y: y, opacity: layer.opacity)
        }
    }

    mutating func drawContent(_ layer: SVGIconLayer, transform t: SVGTransform, opacity: Double,
                                      into pixmap: inout Pixmap) {
        switch layer.content {
        case .group(let children):
            draw(children, transform: t, into: &pixmap)
        case .shape(let shape):
            if band != nil, missesBand(layer, transform: t) { return }
            drawShape(shape, transform: t, opacity: opacity, into: &pixmap)
        }
    }

    @inline(never)  // its locals stay off the stack of the recursion through groups
    private mutating func drawShape(_ shape: SVGShape, transform t: SVGTransform, opacity: Double,
                                    into pixmap: inout Pixmap) {
        if shape.strokeFirst {
            drawStroke(shape, transform: t, opacity: opacity, into: &pixmap)
            drawFill(shape, transform: t, opacity: opacity, into: &pixmap)
        } else {
            drawFill(shape, transform: t, opacity: opacity, into: &pixmap)
            drawStroke(shape, transform: t, opacity: opacity, into: &pixmap)
        }
    }

    private mutating func drawFill(_ shape: SVGShape, transform t: SVGTransform, opacity: Double,
                                   into pixmap: inout Pixmap) {
        if let fill = shape.fill,
           let shader = shader(for: fill.paint, opacity: fill.opacity * opacity, transform: t, shape: shape, stroked: false) {
            PathFlattener.forEachFillEdge(shape.path, transform: t, tolerance: options.curveTolerance) {
                rasterizer.addLine($0, $1)
            }
            paint(rule: fill.rule, shader: shader, antialias: shape.antialias, into: &pixmap)
        }
    }

    private mutating func drawStroke(_ shape: SVGShape, transform t: SVGTransform, opacity: Double,
                                     into pixmap: inout Pixmap) {
        guard let stroke = shape.stroke, stroke.style.width > 0, stroke.style.width.isFinite else { return }
        // A non-scaling stroke is outlined in the icon's viewBox space, unaffected by the element's own
        // transforms.
        let host = stroke.nonScaling ? fit.inverted() : nil
        let path = host.map { shape.path.transformed(by: $0.concatenating(t)) } ?? shape.path
        let device = host == nil ? t : fit
        // At most a pixel wide: a hairline whose alpha is the width (`Hairline`), as resvg draws it.
        let hairline = shape.antialias && !options.exactThinStrokes
            ? Hairline.coverage(width: stroke.style.width, transform: device) : nil
        guard let shader = shader(for: stroke.paint, opacity: stroke.opacity * opacity * (hairline ?? 1), transform: t,
                                  shape: shape, stroked: true) else { return }
        if hairline != nil {
            hairlineOutline(path, style: stroke.style, transform: device)
        } else {
            strokeOutline(path, style: stroke.style, transform: device)
        }
        paint(rule: .nonzero, shader: shader, antialias: shape.antialias, into: &pixmap)
    }

    /// The shader for one paint of one shape; a pattern's tile is drawn first (`PatternShader.swift`).
    private mutating func shader(for paint: SVGPaint, opacity: Double, transform t: SVGTransform, shape: SVGShape,
                                 stroked: Bool) -> PaintShader? {
        if case .pattern(let pattern) = paint {
            return patternShader(pattern, opacity: opacity, transform: t, painting: shape, stroked: stroked)
        }
        return PaintShader(paint, opacity: opacity, tint: options.tint, transform: t)
    }

    // MARK: Accounting for work done elsewhere (pattern tiles, `PatternShader.swift`)

    /// Work done so far in this render.
    var workSoFar: Int { rasterizer.work + bufferWork + earlierBandsWork }
    /// Bytes of offscreen buffers alive now.
    var offscreenBytesInUse: Int { offscreenBytes }
    /// The pixels the current target covers, in output pixels.
    var targetRegion: PixelRegion { region }
    /// viewBox space → pixels (what non-scaling strokes are measured in).
    var hostTransform: SVGTransform { fit }

    /// Counts `work` done for this render elsewhere; `reason` (if any) stops the render.
    mutating func charge(work: Int, stopping reason: String?) {
        bufferWork += work
        if let reason, limitExceeded == nil { limitExceeded = reason }
        _ = withinLimits()
    }

    /// Sweeps the rasterizer and blends the shader into the covered pixels.
    private mutating func paint(rule: FillRule, shader: PaintShader, antialias: Bool = true,
                                into pixmap: inout Pixmap) {
        // The rasterizer's runs fall inside the region, which is the target's size.
        let width = pixmap.width
        if !antialias {
            // shape-rendering: crispEdges: a pixel at least half covered is covered, the others are not.
            let ox = region.x, oy = region.y + window.lowerBound
            pixmap.writePendingZeros()  // blendPixel's
            rasterizer.sweep(rule: rule) { y, x0, x1, coverage in
                guard coverage >= 0.5 else { return }
                for x in x0..<x1 {
                    if let color = shader.color(x: x + ox, y: y + oy) { pixmap.blendPixel(x: x, y: y, coverage: 1, color: color) }
                }
            }
            return
        }
        if case .solid(let color) = shader.kind {
            if let uniform = pixmap.uniform, !uniform.matches(color) { pixmap.makeRGBA() }
            let alphaOnly = pixmap.uniform != nil
            pixmap.samples.withUnsafeMutableBufferPointer { pixels in
                guard let base = pixels.baseAddress else {
                    rasterizer.sweep(rule: rule) { _, _, _, _ in }  // an empty target: only clear the edges
                    return
                }
                if alphaOnly {
                    rasterizer.sweep(rule: rule) { y, x0, x1, coverage in
                        Pixmap.blendAlphaSpan(base + y * width + x0, count: x1 - x0, coverage: coverage, alpha: color.a)
                    }
                } else {
                    rasterizer.sweep(rule: rule) { y, x0, x1, coverage in
                        Pixmap.blendSpan(base + (y * width + x0) * 4, count: x1 - x0, coverage: coverage, color: color)
                    }
                }
            }
        } else {
            // Gradients are evaluated at output pixel centres.
            let ox = region.x, oy = region.y + window.lowerBound
            pixmap.writePendingZeros()  // blendPixel's
            rasterizer.sweep(rule: rule) { y, x0, x1, coverage in
                for x in x0..<x1 {
                    guard let color = shader.color(x: x + ox, y: y + oy) else { continue }
                    pixmap.blendPixel(x: x, y: y, coverage: coverage, color: color)
                }
            }
        }
    }

    /// Adds the outline of `path`'s hairline (`Hairline.rings`: its contours flattened and dashed, then
    /// taken through `t`) to the rasterizer.
    private mutating func hairlineOutline(_ path: SVGPath, style: StrokeStyle, transform t: SVGTransform) {
        let scale = t.maxScale
        guard scale > 0, scale.isFinite else { return }
        let userTolerance = options.curveTolerance / scale
        var device: [SVGPoint] = []
        func outline(_ contour: FlatContour) {
            device.removeAll(keepingCapacity: true)
            for p in contour.points { device.append(t.apply(p)) }
            Hairline.rings(device, closed: contour.isClosed, cap: style.cap) { ring in
                var prev = ring[ring.count - 1]
                for q in ring {
                    rasterizer.addLine(prev, q)
                    prev = q
                }
            }
        }
        var contour = contourBuffer
        contourBuffer = FlatContour()
        defer { contourBuffer = contour }
        Self.forEachStrokeContour(path, style: style, tolerance: userTolerance, reusing: &contour, outline)
    }

    /// Each contour of `path` flattened within `tolerance` (user units), or each dash of them when `style`
    /// is dashed: what a stroke draws, outlined or as a hairline.
    private static func forEachStrokeContour(_ path: SVGPath, style: StrokeStyle, tolerance: Double,
                                             reusing contour: inout FlatContour, _ body: (FlatContour) -> Void) {
        if !style.dashes.isEmpty, let dasher = Dasher(pattern: style.dashes, offset: style.dashOffset) {
            for dash in dasher.dash(PathFlattener.contours(of: path, tolerance: tolerance)) { body(dash) }
        } else {
            PathFlattener.forEachContour(of: path, tolerance: tolerance, reusing: &contour, body)
        }
    }

    /// Adds the stroke outline of `path` (in user space) to the rasterizer, in device space.
    private mutating func strokeOutline(_ path: SVGPath, style: StrokeStyle, transform t: SVGTransform) {
        let scale = t.maxScale
        guard scale > 0, scale.isFinite else { return }
        let userTolerance = options.curveTolerance / scale
        let stroker = Stroker(style: style, tolerance: userTolerance)
        // The scratch buffers are moved out while the closures below add to the rasterizer.
        var buffers = strokeBuffers, contour = contourBuffer
        strokeBuffers = Stroker.Buffers()
        contourBuffer = FlatContour()
        defer {
            strokeBuffers = buffers
            contourBuffer = contour
        }
        func outline(_ contour: FlatContour) {
            stroker.stroke(contour, buffers: &buffers) { polygon in
                var prev = t.apply(polygon[polygon.count - 1])
                for p in polygon {
                    let q = t.apply(p)
                    rasterizer.addLine(prev, q)
                    prev = q
                }
            }
        }
        Self.forEachStrokeContour(path, style: style, tolerance: userTolerance, reusing: &contour, outline)
    }
}

extension SVGIconDefinition {
    /// Renders the icon as a square image of `size` × `scale` pixels, the drawing fitted and centred.
    /// `tint` colours every paint that takes the tint (default black).
    public func render(size: Int, tint: SVGColor? = nil, scale: Int = 1) -> Pixmap {
        render(options: RenderOptions(width: size * scale, height: size * scale, tint: tint ?? .black))
    }

    /// Renders the icon. A hostile icon that reaches the renderer's limits comes back incomplete; use
    /// `renderChecked(options:)` to hear about it.
    public func render(options: RenderOptions) -> Pixmap {
        var renderer = SVGIconRenderer(options: options)
        return renderer.render(self)
    }

    /// Renders the icon, or throws when drawing it would pass the renderer's work or offscreen memory
    /// limits (see `SVGIconRenderer.workLimit`).
    public func renderChecked(options: RenderOptions) throws(SVGRenderLimitError) -> Pixmap {
        var renderer = SVGIconRenderer(options: options)
        let pixmap = renderer.render(self)
        if let reason = renderer.limitExceeded { throw SVGRenderLimitError(reason: reason) }
        return pixmap
    }
}
