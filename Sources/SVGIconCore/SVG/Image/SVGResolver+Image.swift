/// What the resolver keeps about images while it resolves one document.
struct ImageState {
    /// Decoded content per `<image>` node (an image drawn by many `use`s is decoded once); nil: it failed.
    var loaded: [Int: LoadedImage?] = [:]
    /// Pixels decoded and nested documents parsed, against `SVGImageOptions.maxTotalPixels`.
    var cost = 0
    /// Files read, nested documents' included.
    var files: [String] = []
}

/// An image's content, before it is placed.
enum LoadedImage {
    case raster(SVGImagePixels)
    /// A nested SVG document, already resolved.
    case svg(SVGIconDefinition)

    /// The intrinsic size in user units: pixels for a raster; for SVG its width and height, else its
    /// viewBox's size, else 100 × 100 (as usvg sizes a tree).
    var intrinsicSize: (width: Double, height: Double) {
        switch self {
        case .raster(let p):
            return (Double(p.width), Double(p.height))
        case .svg(let icon):
            let vb = icon.viewBox
            switch (icon.intrinsicWidth, icon.intrinsicHeight) {
            case let (w?, h?): return (w, h)
            case let (w?, nil): return (w, vb.isValid ? w * vb.height / vb.width : 100)
            case let (nil, h?): return (vb.isValid ? h * vb.width / vb.height : 100, h)
            case (nil, nil): return vb.isValid ? (vb.width, vb.height) : (100, 100)
            }
        }
    }
}

/// `<image>` (SVG 2 §12.3, as resvg reads it): `href` (or `xlink:href`) is a `data:` URI or a file path;
/// PNG and JPEG are decoded by the options' loader, SVG is parsed and resolved as its own document (its
/// `currentColor` is black: the tint does not reach into an image). x, y, width, height place it;
/// a missing width or height comes from the image's own size, keeping its aspect ratio when only one is
/// given. `preserveAspectRatio` fits the image into that viewport; `slice` clips it there. The layer is
/// a rectangle filled with an image paint (raster) or a clipped group (SVG).
extension SVGResolver {
    mutating func resolveImage(_ index: Int, style: SVGStyle) -> SVGIconLayer.Content? {
        if clipMode {
            warnOnce(index, "images in a clipPath are ignored (a clip path is made of shapes)", key: "image-clip")
            return nil
        }
        guard style.visible else { return nil }
        let node = tree.nodes[index]
        guard let href = node.attribute("href") ?? node.attribute("xlink:href") else {
            warn(index, "has no href; skipped")
            return nil
        }
        guard let loaded = cachedImage(index, href: href) else { return nil }
        // The viewport: x, y, width, height; a missing size comes from the image's own.
        let intrinsic = loaded.intrinsicSize
        let x = length(index, "x", axis: .x), y = length(index, "y", axis: .y)
        var width = optionalLength(index, "width", axis: .x)
        var height = optionalLength(index, "height", axis: .y)
        switch (width, height) {
        case (nil, nil): width = intrinsic.width; height = intrinsic.height
        case (let w?, nil): height = intrinsic.height * w / intrinsic.width
        case (nil, let h?): width = intrinsic.width * h / intrinsic.height
        default: break
        }
        guard let w = width, let h = height, w > 0, h > 0, w.isFinite, h.isFinite, x.isFinite, y.isFinite else {
            if let w = width, let h = height, w < 0 || h < 0 { warn(index, "has a negative width or height; skipped") }
            return nil
        }
        return placedImage(loaded, index, viewport: SVGRect(x: x, y: y, width: w, height: h))
    }

    /// What `href` of the element at `index` names, read and decoded once per element (an `<image>` drawn by
    /// many `use`s, or an feImage, is decoded once); nil (with a warning, the first time) when it cannot be drawn.
    mutating func cachedImage(_ index: Int, href: String) -> LoadedImage? {
        if let cached = images.loaded[index] { return cached }
        let result = loadImage(index, href: href)
        images.loaded[index] = .some(result)
        return result
    }

    /// `loaded` fitted into `viewport` with the element's `preserveAspectRatio` (`slice` clips it to the
    /// viewport) and drawn with its `image-rendering`: a rectangle filled with an image paint (raster) or a
    /// clipped group (SVG). Used by `<image>` and feImage alike.
    mutating func placedImage(_ loaded: LoadedImage, _ index: Int, viewport: SVGRect) -> SVGIconLayer.Content {
        let node = tree.nodes[index]
        let intrinsic = loaded.intrinsicSize
        var aspect = SVGAspectRatio.default
        if let raw = node.attribute("preserveAspectRatio") {
            if let parsed = SVGResolver.parseAspectRatio(raw) { aspect = parsed }
            else { warn(index, "ignoring invalid preserveAspectRatio \"\(raw)\"") }
        }
        let placed = SVGResolver.placement(intrinsic: intrinsic, x: viewport.x, y: viewport.y, width: viewport.width,
                                           height: viewport.height, aspect: aspect)
        let clip = placed.intersection
        let clipPath = ShapeGeometry.rect(x: clip.x, y: clip.y, width: clip.width, height: clip.height)
        switch loaded {
        case .raster(let pixels):
            let paint = SVGImagePaint(pixels: pixels, x: placed.box.x, y: placed.box.y, width: placed.box.width,
                                      height: placed.box.height, smoothing: imageSmoothing(index))
            return .shape(SVGShape(path: clipPath, fill: SVGFill(paint: .image(paint))))
        case .svg(let icon):
            // The document's viewBox fitted into its own size, that size stretched onto the placed box.
            var inner = SVGTransform(a: placed.box.width / intrinsic.width, b: 0, c: 0,
                                     d: placed.box.height / intrinsic.height, e: placed.box.x, f: placed.box.y)
            if icon.viewBox.isValid {
                inner = inner.concatenating(icon.aspectRatio.transform(viewBox: icon.viewBox, viewportWidth: intrinsic.width,
                                                                       viewportHeight: intrinsic.height))
            }
            let content = SVGIconLayer(content: .group(SVGResolver.bakingTint(icon.layers)), transform: inner,
                                       elementName: "svg")
            let clipLayer = SVGIconLayer(shape: SVGShape(path: clipPath), elementName: "rect")
            return .group([SVGIconLayer(content: .group([content]), elementName: "image",
                                        clipPath: SVGClipPath(layers: [clipLayer]))])
        }
    }

    /// Where an image of `intrinsic` size lands in the viewport (x, y, width, height) under `aspect`: the
    /// box the whole image covers, and the part of it inside the viewport (all of it unless `slice`).
    static func placement(intrinsic: (width: Double, height: Double), x: Double, y: Double, width: Double,
                          height: Double, aspect: SVGAspectRatio)
        -> (box: SVGRect, intersection: SVGRect) {
        let viewport = SVGRect(x: x, y: y, width: width, height: height)
        switch aspect.alignment {
        case .none:
            return (viewport, viewport)
        case .align(let ax, let ay):
            let sx = width / intrinsic.width, sy = height / intrinsic.height
            let s = aspect.slice ? max(sx, sy) : min(sx, sy)
            let bw = intrinsic.width * s, bh = intrinsic.height * s
            let box = SVGRect(x: x + (width - bw) * ax, y: y + (height - bh) * ay, width: bw, height: bh)
            let x0 = max(box.x, x), y0 = max(box.y, y)
            let x1 = min(box.x + bw, x + width), y1 = min(box.y + bh, y + height)
            return (box, SVGRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)))
        }
    }

    /// `image-rendering` (inherited): pixelated, crisp-edges and optimizeSpeed pick the nearest pixel. A
    /// value that is not one of the property's keywords is an invalid declaration, ignored (CSS Syntax),
    /// so the element inherits its parent's value as if it had none.
    private mutating func imageSmoothing(_ index: Int) -> SVGImageSmoothing {
        var node: Int? = index
        while let n = node {
            if let raw = tree.value("image-rendering", of: n), let smoothing = SVGResolver.imageSmoothing(raw) {
                return smoothing
            }
            node = tree.nodes[n].parent
        }
        return .smooth
    }

    /// The sampling an `image-rendering` value names; nil for `inherit`, `unset` and values that are not
    /// the property's (CSS Images 3 and SVG 1.1 keywords, any case).
    static func imageSmoothing(_ raw: String) -> SVGImageSmoothing? {
        switch cssKeyword(raw) {
        case "auto", "initial", "smooth", "high-quality", "optimizequality": return .smooth
        case "pixelated", "crisp-edges", "optimizespeed", "-webkit-optimize-contrast": return .pixelated
        default: return nil
        }
    }

    /// Reads and decodes what `href` names; nil (with a warning) when it cannot be drawn.
    private mutating func loadImage(_ index: Int, href: String) -> LoadedImage? {
        var imageOptions = options.images
        guard let loader = imageOptions.loader else {
            warnOnce(index, "images are not decoded here (no image loader in SVGResolver.Options.images); skipped",
                     key: "no-loader")
            return nil
        }
        var data: [UInt8]
        var format: SVGImageFormat?
        var file: String? = nil
        if DataURI.isDataURI(href) {
            switch DataURI.parse(href, limit: imageOptions.maxDataBytes) {
            case .failure(let failure):
                warn(index, "cannot read its data: URI: \(failure); skipped")
                return nil
            case .success(let uri):
                data = uri.data
                format = SVGImageFormat.sniff(uri.data)
                if format == nil {
                    if let named = SVGImageFormat(mediaType: uri.mediaType) {
                        warn(index, "the data: URI says \(uri.mediaType), but its data is not a \(named.rawValue.uppercased()) image; skipped")
                    } else {
                        warn(index, "data: URI of type \(uri.mediaType) is not an image svgicon reads (PNG, JPEG or SVG); skipped")
                    }
                    return nil
                }
            }
        } else {
            imageOptions = imageOptions.resolvingDocumentPath()
            let target: (path: String, roots: [String])
            switch imageOptions.filePath(for: href) {
            case .failure(let failure):
                warn(index, "\(failure.message); skipped")
                return nil
            case .success(let t):
                target = t
            }
            guard let read = loader.readFile else {
                warnOnce(index, "image files are not read here (the image loader reads no files); skipped", key: "no-files")
                return nil
            }
            if imageOptions.chain.contains(target.path) {
                let names = (imageOptions.chain + [target.path]).map(SVGImageOptions.fileName)
                warn(index, "the image embeds itself (\(names.joined(separator: " → "))); skipped")
                return nil
            }
            switch read(target.path, target.roots, imageOptions.maxDataBytes) {
            case .failure(let failure):
                warn(index, "cannot read \"\(href)\": \(failure.message); skipped")
                return nil
            case .success(let bytes):
                data = bytes
            }
            file = target.path
            images.files.append(target.path)
            format = SVGImageFormat.sniff(data)
            if format == nil, target.path.hasSuffix(".svg") { format = .svg }
            guard format != nil else {
                warn(index, "\"\(href)\" is not an image svgicon reads (PNG, JPEG or SVG); skipped")
                return nil
            }
        }
        guard let format else { return nil }
        switch format {
        case .gif, .webp:
            warn(index, "\(format.rawValue.uppercased()) images are not supported (PNG, JPEG and SVG are); skipped")
            return nil
        case .svg:
            return loadNestedSVG(index, data: data, file: file, loader: loader, images: imageOptions)
        case .png, .jpeg:
            let name = format == .png ? "PNG" : "JPEG"
            guard let size = SVGImageFormat.headerSize(of: data, format: format) else {
                warn(index, "the \(name) image's header cannot be read; skipped")
                return nil
            }
            let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
            guard size.width > 0, size.height > 0 else {
                warn(index, "the \(name) image is \(size.width)×\(size.height) pixels; skipped")
                return nil
            }
            guard !overflow, pixels <= imageOptions.maxPixels else {
                warn(index, "the \(name) image is \(size.width)×\(size.height) pixels, more than the \(imageOptions.maxPixels) an image may have; skipped")
                return nil
            }
            guard images.cost + pixels <= imageOptions.maxTotalPixels else {
                warn(index, "the document's images together have more than \(imageOptions.maxTotalPixels) pixels; this one (\(size.width)×\(size.height)) is skipped")
                return nil
            }
            images.cost += pixels
            switch loader.decode(data, format) {
            case .failure(let failure):
                warn(index, "cannot decode the \(name) image: \(failure.message); skipped")
                return nil
            case .success(let decoded):
                guard decoded.width == size.width, decoded.height == size.height else {
                    warn(index, "the \(name) image decoded to \(decoded.width)×\(decoded.height), not the \(size.width)×\(size.height) its header says; skipped")
                    return nil
                }
                return .raster(decoded)
            }
        }
    }

    /// An SVG image: parsed and resolved as a document of its own, one level deeper.
    private mutating func loadNestedSVG(_ index: Int, data: [UInt8], file: String?, loader: SVGImageLoader,
                                        images imageOptions: SVGImageOptions) -> LoadedImage? {
        var nested = options
        nested.images = imageOptions
        nested.images.depth += 1
        guard nested.images.depth <= nested.images.maxDepth else {
            warn(index, "SVG images nest more than \(options.images.maxDepth) levels deep (an image that embeds itself?); skipped")
            return nil
        }
        guard let parse = loader.parseSVG else {
            warnOnce(index, "SVG images are not read here (the image loader parses no SVG); skipped", key: "no-svg")
            return nil
        }
        guard images.cost + SVGImageOptions.nestedDocumentCost <= options.images.maxTotalPixels else {
            warn(index, "the document's images together have more than \(options.images.maxTotalPixels) pixels; this SVG image is skipped")
            return nil
        }
        images.cost += SVGImageOptions.nestedDocumentCost
        nested.images.maxTotalPixels = options.images.maxTotalPixels - images.cost
        if let file {
            nested.images.chain.append(file)
            nested.images.baseFolder = SVGImageOptions.folder(of: file)
        }
        // An image is a picture of its own: the tint does not reach into it.
        nested.tintOverridesColor = false
        let name = file.map(SVGImageOptions.fileName) ?? "data: URI"
        switch parse(data, file ?? "<data: URI>", nested) {
        case .failure(let failure):
            warn(index, "cannot read the SVG image (\(name)): \(failure.message); skipped")
            return nil
        case .success(let result):
            images.cost += result.imageCost
            images.files += result.imageFiles
            for warning in result.warnings.prefix(3) {
                warn(index, "in the SVG image (\(name)): \(warning)")
            }
            if result.warnings.count > 3 {
                warn(index, "in the SVG image (\(name)): \(result.warnings.count - 3) more warnings")
            }
            return .svg(result.icon)
        }
    }

    /// The layers with every paint that takes the tint made black (SVG's default), gradient stops and mask
    /// content included.
    static func bakingTint(_ layers: [SVGIconLayer]) -> [SVGIconLayer] {
        func bake(_ paint: SVGPaint) -> SVGPaint {
            switch paint {
            case .tint: return .color(.black)
            case .linearGradient(var g):
                for i in g.stops.indices where g.stops[i].color == nil { g.stops[i].color = .black }
                return .linearGradient(g)
            case .radialGradient(var g):
                for i in g.stops.indices where g.stops[i].color == nil { g.stops[i].color = .black }
                return .radialGradient(g)
            case .color, .image, .pattern: return paint
            }
        }
        func bakeMask(_ mask: SVGMask) -> SVGMask {
            var m = mask
            m.layers = bakingTint(m.layers)
            if let inner = m.mask { m.mask = bakeMask(inner) }
            return m
        }
        return layers.map { layer in
            guard layer.usesTint else { return layer }
            var out = layer
            switch layer.content {
            case .shape(var shape):
                if let fill = shape.fill { shape.fill?.paint = bake(fill.paint) }
                if let stroke = shape.stroke { shape.stroke?.paint = bake(stroke.paint) }
                out.content = .shape(shape)
            case .group(let children):
                out.content = .group(bakingTint(children))
            }
            if let mask = out.mask { out.mask = bakeMask(mask) }
            return out
        }
    }
}
