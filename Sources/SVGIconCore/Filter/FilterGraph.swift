/// The filter engine: runs an `SVGFilter`'s primitives on premultiplied pixels of its filter region.
///
/// Use:
/// 1. `FilterGraph(filter, transform:)` maps the filter region and every primitive subregion to device
///    pixels (origin down, size up, as resvg) and checks the limits; `region` is the device-pixel rectangle whose
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
    /// The filter region in device pixels, cut to what can reach `visible` (see `init`).
    package let region: FilterPixelRect
    /// The whole filter region in device pixels, before the cut.
    package let fullRegion: FilterPixelRect
    /// Device pixels where the result can be seen (nil: everywhere), as given to `init`.
    package let visible: FilterPixelRect?
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

    /// Plans `filter` in the grid `transform` maps user space to. With `visible` (device pixels where the
    /// result can be seen, e.g. the output's), the region is cut to `visible` grown by how far the filter
    /// moves pixels (`reach`), which leaves every pixel inside `visible` as the whole region gives it; the
    /// limits then apply to the cut region.
    package init(_ filter: SVGFilter, transform: FilterTransform, limits: FilterLimits = FilterLimits(),
                 visible: FilterPixelRect? = nil) throws(FilterError) {
        self.filter = filter
        self.transform = transform
        self.limits = limits
        self.visible = visible
        try Self.checkPlannable(filter, transform, limits)
        fullRegion = try Self.wholeRegion(filter.region, transform, limits)
        region = try Self.cutRegion(fullRegion, of: filter, transform, limits, visible: visible)
        inputs = Self.sources(of: filter.primitives)
        subregions = Self.subregions(of: filter, inputs: inputs, transform, region: region)
        plannedNotes = try Self.checkWork(of: filter, limits, regionPixels: region.pixelCount)
    }

    /// Throws when the grid's scale or offset is not finite and positive, or there are too many primitives.
    private static func checkPlannable(_ filter: SVGFilter, _ t: FilterTransform, _ limits: FilterLimits) throws(FilterError) {
        guard t.scaleX > 0, t.scaleY > 0, t.scaleX.isFinite, t.scaleY.isFinite,
              t.translateX.isFinite, t.translateY.isFinite else { throw .notFinite }
        guard filter.primitives.count <= limits.maxPrimitives else {
            throw .tooManyPrimitives(count: filter.primitives.count, limit: limits.maxPrimitives)
        }
    }

    /// The filter region `r` in device pixels (`pixelRect`); throws when it is not finite or does not fit.
    private static func wholeRegion(_ r: SVGRect, _ t: FilterTransform, _ limits: FilterLimits) throws(FilterError) -> FilterPixelRect {
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else { throw .notFinite }
        guard let whole = pixelRect(r, t) else {
            throw .regionTooLarge(width: Int.max, height: Int.max, maxPixels: limits.maxRegionPixels,
                                  maxSide: limits.maxRegionSide)
        }
        return whole
    }

    /// `whole` cut to what can reach `visible` (`visiblePart` with the filter's `reach`; all of it without
    /// `visible`); throws when the cut region is past the limits.
    private static func cutRegion(_ whole: FilterPixelRect, of filter: SVGFilter, _ t: FilterTransform,
                                  _ limits: FilterLimits, visible: FilterPixelRect?) throws(FilterError) -> FilterPixelRect {
        let device = visible.map {
            visiblePart(of: whole, visible: $0, margin: (0, 0),
                        reach: reach(of: filter, transform: t, limits: limits, region: whole))
        } ?? whole
        guard device.width <= limits.maxRegionSide, device.height <= limits.maxRegionSide,
              device.pixelCount <= limits.maxRegionPixels else {
            throw .regionTooLarge(width: device.width, height: device.height,
                                  maxPixels: limits.maxRegionPixels, maxSide: limits.maxRegionSide)
        }
        return device
    }

    /// Each primitive's subregion in pixels of `region` (cut to it; empty when not finite or not positive).
    /// In user space first, so a primitive can override some of x/y/width/height: a primitive with no input,
    /// a standard input, or feTile (which exists to fill more than its input) defaults to the filter region,
    /// one reading only earlier results to the union of their subregions.
    private static func subregions(of filter: SVGFilter, inputs: [[Source]], _ t: FilterTransform,
                                   region: FilterPixelRect) -> [FilterPixelRect] {
        let r = filter.region
        let local = FilterPixelRect(x: 0, y: 0, width: region.width, height: region.height)
        var userRegions: [SVGRect] = []
        var subregions: [FilterPixelRect] = []
        for (i, p) in filter.primitives.enumerated() {
            let sources = inputs[i]
            var base: SVGRect? = nil
            for s in sources {
                guard case .result(let j) = s else { base = nil; break }
                base = base.map { $0.union(userRegions[j]) } ?? userRegions[j]
            }
            if sources.isEmpty || sources.contains(where: { if case .standard = $0 { true } else { false } }) {
                base = r
            }
            if case .tile = p.kind { base = r }
            let b = base ?? r
            let user = SVGRect(x: p.x ?? b.x, y: p.y ?? b.y, width: p.width ?? b.width, height: p.height ?? b.height)
            userRegions.append(user)
            var pixels = FilterPixelRect(x: 0, y: 0, width: 0, height: 0)
            if user.x.isFinite, user.y.isFinite, user.width.isFinite, user.height.isFinite,
               user.width > 0, user.height > 0, let d = pixelRect(user, t) {
                pixels = FilterPixelRect(x: d.x - region.x, y: d.y - region.y, width: d.width, height: d.height)
                    .intersection(local)
            }
            subregions.append(pixels)
        }
        return subregions
    }

    /// The notes of what planning clamps (feTurbulence octaves); throws when a convolution kernel is too
    /// large or the primitives' work, in passes over `regionPixels` (`workUnits` + 2 each), adds up past
    /// the limit.
    private static func checkWork(of filter: SVGFilter, _ limits: FilterLimits, regionPixels: Int) throws(FilterError) -> [FilterNote] {
        var notes: [FilterNote] = []
        var work = 0
        for (i, p) in filter.primitives.enumerated() {
            let units = try workUnits(p, i, limits, &notes)
            work += (units + 2) * regionPixels
            guard work <= limits.maxWork else { throw .tooMuchWork(work: work, limit: limits.maxWork) }
        }
        return notes
    }

    /// Primitive `p`'s (index `i`) passes over the region, roughly: blurs and shadows 8, feTurbulence 4 per
    /// octave (a note when octaves are clamped), feConvolveMatrix its kernel size (thrown when too large),
    /// lighting 10, morphology 8, the rest 1.
    private static func workUnits(_ p: SVGFilterPrimitive, _ i: Int, _ limits: FilterLimits,
                                  _ notes: inout [FilterNote]) throws(FilterError) -> Int {
        switch p.kind {
        case .gaussianBlur, .dropShadow: return 8
        case .turbulence(let tb):
            let octaves = max(0, tb.numOctaves)
            if octaves > limits.maxOctaves {
                notes.append(FilterNote(primitive: i, kind: .octavesClamped(from: octaves, to: limits.maxOctaves)))
            }
            return 4 * max(1, min(octaves, limits.maxOctaves))
        case .convolveMatrix(let m):
            let count = m.orderX.multipliedReportingOverflow(by: m.orderY)
            guard m.orderX <= limits.maxKernelElements, m.orderY <= limits.maxKernelElements,
                  !count.overflow, count.partialValue <= limits.maxKernelElements else {
                throw .kernelTooLarge(primitive: i, orderX: m.orderX, orderY: m.orderY,
                                      limit: limits.maxKernelElements)
            }
            return max(1, count.partialValue)
        case .diffuseLighting, .specularLighting: return 10
        case .morphology: return 8
        default: return 1
        }
    }

    /// Where each primitive's inputs come from: a name refers to the latest earlier primitive with that
    /// `result` (an unknown name counts as unspecified), an unspecified input to the previous primitive's
    /// result (SourceGraphic for the first); feFlood, feTurbulence and feImage read none.
    static func sources(of primitives: [SVGFilterPrimitive]) -> [[Source]] {
        var names: [String: Int] = [:]
        var all: [[Source]] = []
        for (i, p) in primitives.enumerated() {
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
            switch p.kind {
            case .flood, .turbulence, .image: all.append([])
            case .composite, .blend, .displacementMap: all.append([resolve(p.input), resolve(p.input2)])
            case .merge(let nodes): all.append(nodes.map(resolve))
            default: all.append([resolve(p.input)])
            }
            if let name = p.result { names[name] = i }
        }
        return all
    }

    /// Device pixels of `r` (user space) as resvg places them: the origin rounded down and the width and
    /// height rounded up on their own (so a region at 6.72 … 41.28 is pixels 6 ..< 41: its size, 34.56, made
    /// whole), values within 10⁻⁴ of a whole pixel taken as that pixel. Filter Effects 1 leaves the rounding
    /// to the renderer; this one makes region and subregion edges fall where resvg's do. nil when it does
    /// not fit an Int.
    static func pixelRect(_ r: SVGRect, _ t: FilterTransform) -> FilterPixelRect? {
        func snap(_ v: Double, up: Bool) -> Double? {
            let n = v.rounded()
            let s = abs(v - n) < 1e-4 ? n : (up ? v.rounded(.up) : v.rounded(.down))
            return abs(s) < 1e15 ? s : nil
        }
        let xa = r.x * t.scaleX + t.translateX, xb = (r.x + r.width) * t.scaleX + t.translateX
        let ya = r.y * t.scaleY + t.translateY, yb = (r.y + r.height) * t.scaleY + t.translateY
        guard let x0 = snap(min(xa, xb), up: false), let w = snap(abs(xb - xa), up: true),
              let y0 = snap(min(ya, yb), up: false), let h = snap(abs(yb - ya), up: true) else { return nil }
        guard w < 1e12, h < 1e12 else { return nil }
        return FilterPixelRect(x: Int(x0), y: Int(y0), width: Int(w), height: Int(h))
    }

    /// The result of a run: the filter region's pixels (premultiplied sRGB) and what was clamped.
    package struct Output: Sendable {
        package var image: FilterImage
        /// Where `image` goes, in device pixels (the graph's `region`).
        package var region: FilterPixelRect
        package var notes: [FilterNote]
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
        let limit = min(limits.maxMorphologyRadius, max(fullRegion.width, fullRegion.height))
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
