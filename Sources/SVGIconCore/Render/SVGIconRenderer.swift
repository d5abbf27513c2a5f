/// Draws an `SVGIconDefinition` into a `Pixmap`: fill and stroke of each shape layer in order,
/// groups with opacity through an offscreen layer.
///
/// Fills are flattened in device space. Strokes are flattened and outlined in the element's own user
/// space (so a non-uniform scale gives an elliptical pen, as SVG says) and the outline is transformed.
public struct SVGIconRenderer {
    public let options: RenderOptions
    private var rasterizer: CoverageRasterizer

    public init(options: RenderOptions) {
        self.options = options
        self.rasterizer = CoverageRasterizer(width: options.width, height: options.height)
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

    /// Renders `icon` into a new pixmap of the options' size.
    public mutating func render(_ icon: SVGIconDefinition) -> Pixmap {
        var pixmap = Pixmap(width: options.width, height: options.height)
        guard options.width > 0, options.height > 0 else { return pixmap }
        let base = Self.fitTransform(icon, width: options.width, height: options.height)
        draw(icon.layers, transform: base, into: &pixmap)
        if let bg = options.background { pixmap.fillBehind(bg) }
        return pixmap
    }

    private mutating func draw(_ layers: [SVGIconLayer], transform: SVGTransform, into pixmap: inout Pixmap) {
        for layer in layers {
            let t = transform.concatenating(layer.transform)
            guard t.isInvertible, layer.opacity > 0 else { continue }
            switch layer.content {
            case .group(let children):
                if layer.opacity < 1 {
                    var offscreen = Pixmap(width: pixmap.width, height: pixmap.height)
                    draw(children, transform: t, into: &offscreen)
                    pixmap.composite(offscreen, opacity: layer.opacity)
                } else {
                    draw(children, transform: t, into: &pixmap)
                }
            case .shape(let shape):
                if layer.opacity < 1 && shape.fill != nil && shape.stroke != nil {
                    var offscreen = Pixmap(width: pixmap.width, height: pixmap.height)
                    drawShape(shape, transform: t, opacity: 1, into: &offscreen)
                    pixmap.composite(offscreen, opacity: layer.opacity)
                } else {
                    drawShape(shape, transform: t, opacity: layer.opacity, into: &pixmap)
                }
            }
        }
    }

    private mutating func drawShape(_ shape: SVGShape, transform t: SVGTransform, opacity: Double,
                                    into pixmap: inout Pixmap) {
        if let fill = shape.fill {
            let color = PremultipliedColor(fill.paint.resolved(tint: options.tint), opacity: fill.opacity * opacity)
            if !color.isTransparent {
                PathFlattener.forEachFillEdge(shape.path, transform: t, tolerance: options.curveTolerance) {
                    rasterizer.addLine($0, $1)
                }
                rasterizer.sweep(rule: fill.rule) { y, x0, x1, coverage in
                    pixmap.blendRow(y: y, x0: x0, x1: x1, coverage: coverage, color: color)
                }
            }
        }
        if let stroke = shape.stroke, stroke.style.width > 0 {
            let color = PremultipliedColor(stroke.paint.resolved(tint: options.tint),
                                           opacity: stroke.opacity * opacity)
            if !color.isTransparent {
                strokeOutline(shape.path, style: stroke.style, transform: t)
                rasterizer.sweep(rule: .nonzero) { y, x0, x1, coverage in
                    pixmap.blendRow(y: y, x0: x0, x1: x1, coverage: coverage, color: color)
                }
            }
        }
    }

    /// Adds the stroke outline of `path` (in user space) to the rasterizer, in device space.
    private mutating func strokeOutline(_ path: SVGPath, style: StrokeStyle, transform t: SVGTransform) {
        let scale = t.maxScale
        guard scale > 0, scale.isFinite else { return }
        let userTolerance = options.curveTolerance / scale
        let stroker = Stroker(style: style, tolerance: userTolerance)
        for contour in PathFlattener.contours(of: path, tolerance: userTolerance) {
            stroker.stroke(contour) { polygon in
                var prev = t.apply(polygon[polygon.count - 1])
                for p in polygon {
                    let q = t.apply(p)
                    rasterizer.addLine(prev, q)
                    prev = q
                }
            }
        }
    }
}

extension SVGIconDefinition {
    /// Renders the icon as a square image of `size` × `scale` pixels, the drawing fitted and centred.
    /// `tint` colours every paint that takes the tint (default black).
    public func render(size: Int, tint: SVGColor? = nil, scale: Int = 1) -> Pixmap {
        render(options: RenderOptions(width: size * scale, height: size * scale, tint: tint ?? .black))
    }

    public func render(options: RenderOptions) -> Pixmap {
        var renderer = SVGIconRenderer(options: options)
        return renderer.render(self)
    }
}
