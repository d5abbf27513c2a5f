/// The filter engine: runs an `SVGFilter`'s primitives on premultiplied pixels of its filter region.
///
/// Use:
/// 1. `FilterGraph(filter, transform:)` maps the filter region and every primitive subregion to device
///    pixels (rounded outwards) and checks the limits; `region` is the device-pixel rectangle whose
///    pixels the filter reads and writes.
/// 2. The renderer draws the element (without its filter, opacity, clip or mask) into an offscreen of
///    `region`'s size whose pixel (0, 0) is device pixel (`region.x`, `region.y`): that is SourceGraphic,
///    premultiplied sRGB.
/// 3. `run(sourceGraphic:)` returns the filtered pixels of the same rectangle, premultiplied sRGB, which
///    the renderer then clips/masks/fades and composites like any offscreen group.
///
/// Every primitive converts its inputs to its own `color-interpolation-filters` space and tags its result
/// with it; the output is converted back to sRGB. Pixels outside a primitive's subregion are
/// transparent black. Everything is O(region pixels) per primitive, times the octave count of
/// feTurbulence and the kernel size of feConvolveMatrix; blurs and morphology do not grow with radius.
package struct FilterGraph: Sendable {
    package let filter: SVGFilter
    package let transform: FilterTransform
    package let limits: FilterLimits
    /// The filter region in device pixels.
    package let region: FilterPixelRect
    /// Each primitive's subregion, in pixels of the region (0, 0 is the region's top-left pixel).
    package let subregions: [FilterPixelRect]
    /// Clamps the graph made while planning (the run adds its own).
    package let plannedNotes: [FilterNote]
    let inputs: [[Source]]

    /// Where an input's pixels come from once references are resolved.
    enum Source: Hashable, Sendable {
        case standard(SVGFilterInput)
        case result(Int)
    }

    package init(_ filter: SVGFilter, transform: FilterTransform,
                limits: FilterLimits = FilterLimits()) throws(FilterError) {
        self.filter = filter
        self.transform = transform
        self.limits = limits
        let t = transform
        guard t.scaleX > 0, t.scaleY > 0, t.scaleX.isFinite, t.scaleY.isFinite,
              t.translateX.isFinite, t.translateY.isFinite else { throw .notFinite }
        guard filter.primitives.count <= limits.maxPrimitives else {
            throw .tooManyPrimitives(count: filter.primitives.count, limit: limits.maxPrimitives)
        }
        let r = filter.region
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else { throw .notFinite }
        let device = Self.pixelRect(r, t)
        guard let device else {
            throw .regionTooLarge(width: Int.max, height: Int.max, maxPixels: limits.maxRegionPixels,
                                  maxSide: limits.maxRegionSide)
        }
        guard device.width <= limits.maxRegionSide, device.height <= limits.maxRegionSide,
              device.pixelCount <= limits.maxRegionPixels else {
            throw .regionTooLarge(width: device.width, height: device.height,
                                  maxPixels: limits.maxRegionPixels, maxSide: limits.maxRegionSide)
        }
        region = device

        // Inputs, subregions (user space first, so a primitive can override some of x/y/width/height).
        var names: [String: Int] = [:]
        var inputs: [[Source]] = []
        var userRegions: [SVGRect] = []
        var subregions: [FilterPixelRect] = []
        var notes: [FilterNote] = []
        var work = 0
        let local = FilterPixelRect(x: 0, y: 0, width: device.width, height: device.height)
        for (i, p) in filter.primitives.enumerated() {
            func resolve(_ input: SVGFilterInput?) -> Source {
                switch input {
                case .reference(let name)?:
                    if let j = names[name] { return .result(j) }
                    return resolve(nil)
                case let standard?:
                    return .standard(standard)
                case nil:
                    return i == 0 ? .standard(.sourceGraphic) : .result(i - 1)
                }
            }
            var sources: [Source]
            switch p.kind {
            case .flood, .turbulence, .image: sources = []
            case .composite, .blend, .displacementMap: sources = [resolve(p.input), resolve(p.input2)]
            case .merge(let nodes): sources = nodes.map(resolve)
            default: sources = [resolve(p.input)]
            }
            var base: SVGRect? = nil
            for s in sources {
                guard case .result(let j) = s else { base = nil; break }
                base = base.map { $0.union(userRegions[j]) } ?? userRegions[j]
            }
            if sources.isEmpty || sources.contains(where: { if case .standard = $0 { true } else { false } }) {
                base = r
            }
            let b = base ?? r
            let user = SVGRect(x: p.x ?? b.x, y: p.y ?? b.y, width: p.width ?? b.width, height: p.height ?? b.height)
            userRegions.append(user)
            var pixels = FilterPixelRect(x: 0, y: 0, width: 0, height: 0)
            if user.x.isFinite, user.y.isFinite, user.width.isFinite, user.height.isFinite,
               user.width > 0, user.height > 0, let d = Self.pixelRect(user, t) {
                pixels = FilterPixelRect(x: d.x - device.x, y: d.y - device.y, width: d.width, height: d.height)
                    .intersection(local)
            }
            subregions.append(pixels)
            inputs.append(sources)
            if let name = p.result { names[name] = i }

            var units = 1
            switch p.kind {
            case .gaussianBlur, .dropShadow: units = 8
            case .turbulence(let tb):
                let octaves = max(0, tb.numOctaves)
                if octaves > limits.maxOctaves {
                    notes.append(FilterNote(primitive: i, kind: .octavesClamped(from: octaves, to: limits.maxOctaves)))
                }
                units = 4 * max(1, min(octaves, limits.maxOctaves))
            case .convolveMatrix(let m):
                let count = m.orderX.multipliedReportingOverflow(by: m.orderY)
                guard m.orderX <= limits.maxKernelElements, m.orderY <= limits.maxKernelElements,
                      !count.overflow, count.partialValue <= limits.maxKernelElements else {
                    throw .kernelTooLarge(primitive: i, orderX: m.orderX, orderY: m.orderY,
                                          limit: limits.maxKernelElements)
                }
                units = max(1, count.partialValue)
            case .diffuseLighting, .specularLighting: units = 10
            case .morphology: units = 8
            default: break
            }
            work += (units + 2) * device.pixelCount
            guard work <= limits.maxWork else { throw .tooMuchWork(work: work, limit: limits.maxWork) }
        }
        self.inputs = inputs
        self.subregions = subregions
        self.plannedNotes = notes
    }

    /// Device pixels touched by `r` (user space): rounded outwards, values within 10⁻⁴ of a whole
    /// pixel taken as that pixel. nil when it does not fit an Int.
    static func pixelRect(_ r: SVGRect, _ t: FilterTransform) -> FilterPixelRect? {
        func snap(_ v: Double, up: Bool) -> Double? {
            let n = v.rounded()
            let s = abs(v - n) < 1e-4 ? n : (up ? v.rounded(.up) : v.rounded(.down))
            return abs(s) < 1e15 ? s : nil
        }
        let xa = r.x * t.scaleX + t.translateX, xb = (r.x + r.width) * t.scaleX + t.translateX
        let ya = r.y * t.scaleY + t.translateY, yb = (r.y + r.height) * t.scaleY + t.translateY
        guard let x0 = snap(min(xa, xb), up: false), let x1 = snap(max(xa, xb), up: true),
              let y0 = snap(min(ya, yb), up: false), let y1 = snap(max(ya, yb), up: true) else { return nil }
        guard x1 - x0 < 1e12, y1 - y0 < 1e12 else { return nil }
        return FilterPixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// The result of a run: the filter region's pixels (premultiplied sRGB) and what was clamped.
    package struct Output: Sendable {
        package var image: FilterImage
        /// Where `image` goes, in device pixels (the graph's `region`).
        package var region: FilterPixelRect
        package var notes: [FilterNote]
    }

    /// Runs the filter. `sourceGraphic` must be `region`'s size (premultiplied sRGB). The optional
    /// images (same size) stand for BackgroundImage, FillPaint and StrokePaint; where one is nil the input
    /// is transparent black and a note says so. `image(index, subregion)` supplies feImage pixels: a
    /// region-sized image with the picture drawn into `subregion` (region pixels), or nil.
    package func run(sourceGraphic: FilterImage, backgroundImage: FilterImage? = nil,
                    fillPaint: FilterImage? = nil, strokePaint: FilterImage? = nil,
                    image: (Int, FilterPixelRect) -> FilterImage? = { _, _ in nil }) throws(FilterError) -> Output {
        guard sourceGraphic.width == region.width, sourceGraphic.height == region.height else {
            throw .sourceSizeMismatch(expected: region, width: sourceGraphic.width, height: sourceGraphic.height)
        }
        var notes = plannedNotes
        let count = filter.primitives.count
        guard count > 0 else {
            // A filter without primitives makes the element transparent.
            return Output(image: FilterImage(width: region.width, height: region.height), region: region, notes: notes)
        }
        // When each result is last read, so it can be freed.
        var lastUse = [Int](repeating: -1, count: count)
        for (i, sources) in inputs.enumerated() {
            for case .result(let j) in sources { lastUse[j] = i }
        }
        lastUse[count - 1] = count
        // How many reads of each result are left (a primitive may read one twice).
        var remaining = [Int](repeating: 0, count: count)
        for sources in inputs { for case .result(let j) in sources { remaining[j] += 1 } }

        var results = [(image: Value, space: SVGFilterColorSpace)?](repeating: nil, count: count)
        var sourceCache: [SVGFilterColorSpace: FilterImage] = [.sRGB: sourceGraphic]
        let w = region.width, h = region.height

        func standard(_ input: SVGFilterInput, _ space: SVGFilterColorSpace, _ i: Int) -> FilterImage {
            switch input {
            case .sourceGraphic:
                if let cached = sourceCache[space] { return cached }
                var converted = sourceGraphic
                FilterColorConversion.convert(&converted, from: .sRGB, to: space)
                sourceCache[space] = converted
                return converted
            case .sourceAlpha:
                return sourceAlpha().rgba
            case .backgroundImage, .backgroundAlpha, .fillPaint, .strokePaint:
                let supplied: FilterImage?
                switch input {
                case .backgroundImage, .backgroundAlpha: supplied = backgroundImage
                case .fillPaint: supplied = fillPaint
                default: supplied = strokePaint
                }
                guard var img = supplied, img.width == w, img.height == h else {
                    notes.append(FilterNote(primitive: i, kind: .inputUnavailable(input)))
                    return FilterImage(width: w, height: h)
                }
                if input == .backgroundAlpha { return FilterOps.alphaOnly(img) }
                FilterColorConversion.convert(&img, from: .sRGB, to: space)
                return img
            case .reference:
                return FilterImage(width: w, height: h)  // resolved away in init
            }
        }

        var alphaCache: FilterAlpha? = nil
        func sourceAlpha() -> FilterAlpha {
            if let a = alphaCache { return a }
            let a = FilterAlpha(sourceGraphic)
            alphaCache = a
            return a
        }

        /// The input as it is stored: alpha-only results stay planes (colour space does not matter to them).
        func fetchValue(_ source: Source, _ space: SVGFilterColorSpace, _ i: Int) -> Value {
            switch source {
            case .standard(.sourceAlpha):
                return .alpha(sourceAlpha())
            case .standard(let input):
                return .rgba(standard(input, space, i))
            case .result(let j):
                guard var r = results[j] else { return .alpha(FilterAlpha(width: w, height: h)) }
                remaining[j] -= 1
                if case .rgba(var image) = r.image {
                    // The last reader takes the pixels (no copy when it changes them).
                    r.image = .alpha(FilterAlpha(width: 0, height: 0))
                    if remaining[j] <= 0, j != count - 1 { results[j] = nil }
                    FilterColorConversion.convert(&image, from: r.space, to: space)
                    return .rgba(image)
                }
                return r.image
            }
        }

        func fetch(_ source: Source, _ space: SVGFilterColorSpace, _ i: Int) -> FilterImage {
            fetchValue(source, space, i).rgba
        }

        for (i, p) in filter.primitives.enumerated() {
            let sub = subregions[i]
            let sources = inputs[i]
            var space = p.colorSpace
            var out: FilterImage
            var outValue: Value? = nil
            if sub.isEmpty {
                out = FilterImage(width: w, height: h)
            } else {
                switch p.kind {
                case let .gaussianBlur(sx, sy):
                    let (dx, dy) = blurDeviation(sx, sy, i, &notes)
                    switch fetchValue(sources[0], space, i) {
                    case .alpha(let plane):
                        outValue = .alpha(FilterOps.gaussianBlur(plane, dx, dy))
                        out = FilterImage(width: 0, height: 0)
                    case .rgba(let input):
                        out = FilterOps.gaussianBlur(input, dx, dy, within: sub)
                    }
                case let .offset(dx, dy):
                    let ox = offsetPixels(dx * transform.scaleX, i, &notes)
                    let oy = offsetPixels(dy * transform.scaleY, i, &notes)
                    switch fetchValue(sources[0], space, i) {
                    case .alpha(let plane):
                        outValue = .alpha(FilterOps.offset(plane, dx: ox, dy: oy))
                        out = FilterImage(width: 0, height: 0)
                    case .rgba(let input):
                        out = FilterOps.offset(input, dx: ox, dy: oy)
                    }
                case let .flood(color, opacity):
                    out = FilterOps.flood(width: w, height: h, color: color, opacity: opacity,
                                          space: space, within: sub)
                case .colorMatrix(let m):
                    out = FilterOps.colorMatrix(fetch(sources[0], space, i), m)
                case let .composite(op, k1, k2, k3, k4):
                    let a = fetch(sources[0], space, i), b = fetch(sources[1], space, i)
                    out = FilterOps.composite(a, b, op, k1: k1, k2: k2, k3: k3, k4: k4)
                case .merge:
                    out = FilterImage(width: w, height: h)
                    for s in sources {
                        switch fetchValue(s, space, i) {
                        case .alpha(let plane): FilterOps.sourceOver(plane, onto: &out)
                        case .rgba(let image): FilterOps.sourceOver(image, onto: &out)
                        }
                    }
                case .blend(let mode):
                    let a = fetch(sources[0], space, i), b = fetch(sources[1], space, i)
                    out = FilterOps.blend(a, b, mode)
                case let .dropShadow(dx, dy, sx, sy, color, opacity):
                    var input = fetch(sources[0], space, i)
                    let (bx, by) = blurDeviation(sx, sy, i, &notes)
                    var shadow = FilterOps.gaussianBlur(FilterAlpha(input), bx, by)
                    shadow = FilterOps.offset(shadow, dx: offsetPixels(dx * transform.scaleX, i, &notes),
                                              dy: offsetPixels(dy * transform.scaleY, i, &notes))
                    FilterOps.shadow(shadow, under: &input, color: color, opacity: opacity, space: space)
                    out = input
                case let .morphology(op, rx, ry):
                    let input = fetch(sources[0], space, i)
                    out = FilterOps.morphology(input, op, rx: morphologyRadius(rx * transform.scaleX, i, &notes),
                                               ry: morphologyRadius(ry * transform.scaleY, i, &notes))
                case let .componentTransfer(r, g, b, a):
                    out = FilterOps.componentTransfer(fetch(sources[0], space, i), r, g, b, a)
                case .tile:
                    let tileRect: FilterPixelRect
                    if case .result(let j) = sources[0] { tileRect = subregions[j] } else {
                        tileRect = FilterPixelRect(x: 0, y: 0, width: w, height: h)
                    }
                    out = FilterOps.tile(fetch(sources[0], space, i), tile: tileRect, within: sub)
                case .turbulence(let tb):
                    let octaves = min(max(0, tb.numOctaves), limits.maxOctaves)
                    out = FilterOps.turbulence(width: w, height: h, tb, octaves: octaves, within: sub,
                                               transform: transform, origin: (region.x, region.y),
                                               tile: userSubregion(i))
                case .convolveMatrix(let m):
                    if let r = FilterOps.convolve(fetch(sources[0], space, i), m) { out = r } else {
                        notes.append(FilterNote(primitive: i, kind: .invalidKernel))
                        out = FilterImage(width: w, height: h)
                    }
                case let .displacementMap(scale, xc, yc):
                    // `in` is used as it is (its own colour space); only in2 is converted.
                    let map = fetch(sources[1], space, i)
                    var spaceOfInput = SVGFilterColorSpace.sRGB
                    let input: FilterImage
                    switch sources[0] {
                    case .result(let j):
                        spaceOfInput = results[j]?.space ?? space
                        input = fetch(sources[0], spaceOfInput, i)
                    case .standard:
                        input = fetch(sources[0], .sRGB, i)
                    }
                    out = FilterOps.displacementMap(input, map: map,
                                                    scaleX: offsetPixels(scale * transform.scaleX, i, &notes),
                                                    scaleY: offsetPixels(scale * transform.scaleY, i, &notes),
                                                    xChannel: xc, yChannel: yc)
                    space = spaceOfInput
                case .diffuseLighting(let l):
                    out = FilterOps.lighting(fetch(sources[0], space, i), l, specular: false, space: space,
                                             light: lightInPixels(l.light))
                case .specularLighting(let l):
                    out = FilterOps.lighting(fetch(sources[0], space, i), l, specular: true, space: space,
                                             light: lightInPixels(l.light))
                case .image(let index):
                    if let img = image(index, sub), img.width == w, img.height == h {
                        out = img
                        space = .sRGB
                    } else {
                        notes.append(FilterNote(primitive: i, kind: .imageUnavailable))
                        out = FilterImage(width: w, height: h)
                    }
                }
            }
            if var plane = outValue?.plane {
                plane.clear(outside: sub)
                results[i] = (.alpha(plane), space)
            } else {
                out.clear(outside: sub)
                results[i] = (.rgba(out), space)
            }
            for case .result(let j) in sources where lastUse[j] <= i { results[j] = nil }
        }
        guard let final = results[count - 1] else {
            return Output(image: FilterImage(width: w, height: h), region: region, notes: notes)
        }
        results[count - 1] = nil
        var image = final.image.rgba
        FilterColorConversion.convert(&image, from: final.space, to: .sRGB)
        return Output(image: image, region: region, notes: notes)
    }

    /// A stored result: RGBA, or an alpha plane when every colour channel is 0.
    enum Value {
        case rgba(FilterImage)
        case alpha(FilterAlpha)

        var rgba: FilterImage {
            switch self {
            case .rgba(let image): return image
            case .alpha(let plane): return plane.rgba
            }
        }

        var plane: FilterAlpha? {
            if case .alpha(let p) = self { return p }
            return nil
        }
    }

    /// Primitive i's subregion in user space (for feTurbulence's stitching tile).
    func userSubregion(_ i: Int) -> SVGRect {
        let s = subregions[i], t = transform
        return SVGRect(x: (Double(s.x + region.x) - t.translateX) / t.scaleX,
                       y: (Double(s.y + region.y) - t.translateY) / t.scaleY,
                       width: Double(s.width) / t.scaleX, height: Double(s.height) / t.scaleY)
    }

    func blurDeviation(_ sx: Double, _ sy: Double, _ i: Int, _ notes: inout [FilterNote]) -> (Double, Double) {
        func clamp(_ v: Double) -> Double {
            guard v > 0 else { return 0 }  // NaN and negatives too
            if v > limits.maxBlurDeviation {
                notes.append(FilterNote(primitive: i, kind: .blurClamped(from: v, to: limits.maxBlurDeviation)))
                return limits.maxBlurDeviation
            }
            return v
        }
        return (clamp(sx * transform.scaleX), clamp(sy * transform.scaleY))
    }

    func offsetPixels(_ v: Double, _ i: Int, _ notes: inout [FilterNote]) -> Double {
        guard !v.isNaN else { return 0 }
        if abs(v) > limits.maxOffset {
            let c = v < 0 ? -limits.maxOffset : limits.maxOffset
            notes.append(FilterNote(primitive: i, kind: .offsetClamped(from: v, to: c)))
            return c
        }
        return v
    }

    /// A morphology radius in pixels, or -1 when it disables the primitive (zero, negative, NaN).
    func morphologyRadius(_ v: Double, _ i: Int, _ notes: inout [FilterNote]) -> Int {
        guard v > 0 else { return -1 }
        let limit = min(limits.maxMorphologyRadius, max(region.width, region.height))
        if v > Double(limit) {
            if v > Double(limits.maxMorphologyRadius) {
                notes.append(FilterNote(primitive: i, kind: .morphologyRadiusClamped(from: v, to: limit)))
            }
            return limit
        }
        return Int(v.rounded(.up))
    }

    /// A light source in region pixels; z scales by the root mean square of the two scales.
    func lightInPixels(_ light: SVGLightSource) -> SVGLightSource {
        let t = transform
        let zs = ((t.scaleX * t.scaleX + t.scaleY * t.scaleY) / 2).squareRoot()
        func px(_ x: Double) -> Double { x * t.scaleX + t.translateX - Double(region.x) }
        func py(_ y: Double) -> Double { y * t.scaleY + t.translateY - Double(region.y) }
        switch light {
        case .distant: return light
        case let .point(x, y, z): return .point(x: px(x), y: py(y), z: z * zs)
        case let .spot(x, y, z, ax, ay, az, e, cone):
            return .spot(x: px(x), y: py(y), z: z * zs, pointsAtX: px(ax), pointsAtY: py(ay), pointsAtZ: az * zs,
                         specularExponent: e, limitingConeAngle: cone)
        }
    }
}
