// MARK: - One primitive of a run

extension FilterRun {
    /// Primitive i's result (not yet cut to its subregion `sub`) and the colour space it is in.
    mutating func evaluate(_ i: Int, _ sub: FilterPixelRect) -> (value: Value, space: SVGFilterColorSpace) {
        let p = graph.filter.primitives[i]
        switch p.kind {
        case .gaussianBlur, .offset, .flood, .merge, .dropShadow:
            return (evaluateKeepingPlanes(i, sub), p.colorSpace)
        case .displacementMap:
            return evaluateDisplacement(i)
        case .image(let index):
            if let img = image(index, sub), img.width == width, img.height == height { return (.rgba(img), .sRGB) }
            notes.append(FilterNote(primitive: i, kind: .imageUnavailable))
            return (.alpha(FilterAlpha(width: width, height: height)), .sRGB)
        default:
            return (.rgba(evaluateColor(i, sub)), p.colorSpace)
        }
    }

    /// The primitives that keep an alpha plane a plane: blur, offset, merge of planes, a black flood, a black
    /// shadow of a plane (every operation does on the plane what the RGBA one does on the alpha channel).
    mutating func evaluateKeepingPlanes(_ i: Int, _ sub: FilterPixelRect) -> Value {
        let p = graph.filter.primitives[i], space = p.colorSpace, sources = graph.inputs[i]
        switch p.kind {
        case let .gaussianBlur(sx, sy):
            let (dx, dy) = graph.blurDeviation(sx, sy, i, &notes)
            switch fetchValue(sources[0], space, i) {
            case .alpha(let plane): return .alpha(FilterOps.gaussianBlur(plane, dx, dy))
            case .rgba(let input): return .rgba(FilterOps.gaussianBlur(input, dx, dy, within: sub))
            }
        case let .offset(dx, dy):
            let ox = graph.offsetPixels(dx * graph.transform.scaleX, i, &notes)
            let oy = graph.offsetPixels(dy * graph.transform.scaleY, i, &notes)
            switch fetchValue(sources[0], space, i) {
            case .alpha(let plane): return .alpha(FilterOps.offset(plane, dx: ox, dy: oy))
            case .rgba(let input): return .rgba(FilterOps.offset(input, dx: ox, dy: oy))
            }
        case let .flood(color, opacity):
            if color.red == 0, color.green == 0, color.blue == 0 {
                return .alpha(FilterOps.flood(width: width, height: height, alpha: color.alpha, opacity: opacity,
                                              within: sub))
            }
            return .rgba(FilterOps.flood(width: width, height: height, color: color, opacity: opacity,
                                         space: space, within: sub))
        case .merge:
            return merge(i)
        case let .dropShadow(dx, dy, sx, sy, color, opacity):
            let input = fetchValue(sources[0], space, i)
            let (bx, by) = graph.blurDeviation(sx, sy, i, &notes)
            let ox = graph.offsetPixels(dx * graph.transform.scaleX, i, &notes)
            let oy = graph.offsetPixels(dy * graph.transform.scaleY, i, &notes)
            switch input {
            case .alpha(let plane) where color.red == 0 && color.green == 0 && color.blue == 0:
                let (shadow, mx, my) = shadowPlane(plane, bx, by, ox, oy)
                return .alpha(FilterOps.shadow(shadow, movedBy: mx, my, under: plane, alpha: color.alpha,
                                               opacity: opacity))
            default:
                var image = input.rgba
                let (shadow, mx, my) = shadowPlane(FilterAlpha(image), bx, by, ox, oy)
                FilterOps.shadow(shadow, movedBy: mx, my, under: &image, color: color, opacity: opacity, space: space)
                return .rgba(image)
            }
        default:
            return .rgba(evaluateColor(i, sub))
        }
    }

    /// A drop shadow's blurred alpha and the whole pixels it is still to move by: a fractional offset is
    /// applied here (interpolated copy), a whole one left to the compositing step (no copy).
    func shadowPlane(_ alpha: FilterAlpha, _ bx: Double, _ by: Double, _ ox: Double, _ oy: Double)
        -> (plane: FilterAlpha, dx: Int, dy: Int) {
        let blurred = FilterOps.gaussianBlur(alpha, bx, by)
        if let ix = FilterOps.wholePixels(ox), let iy = FilterOps.wholePixels(oy) { return (blurred, ix, iy) }
        return (FilterOps.offset(blurred, dx: ox, dy: oy), 0, 0)
    }

    /// `shadowPlane` without the zeros around the blurred values when the offset is whole pixels: their
    /// rectangle as a plane of its own (`FilterOps.gaussianBlurPart`) and where its top-left value lands
    /// in the result (its place plus the offset); for a fractional offset the whole moved plane, at (0, 0).
    func shadowPart(_ alpha: FilterAlpha, _ bx: Double, _ by: Double, _ ox: Double, _ oy: Double)
        -> (plane: FilterAlpha, x: Int, y: Int) {
        if let ix = FilterOps.wholePixels(ox), let iy = FilterOps.wholePixels(oy) {
            let (part, x, y) = FilterOps.gaussianBlurPart(alpha, bx, by)
            return (part, x + ix, y + iy)
        }
        return (FilterOps.offset(FilterOps.gaussianBlur(alpha, bx, by), dx: ox, dy: oy), 0, 0)
    }

    /// feMerge: the inputs source-over in order; a plane while every input is one.
    mutating func merge(_ i: Int) -> Value {
        let space = graph.filter.primitives[i].colorSpace
        var values: [Value] = []
        for s in graph.inputs[i] { values.append(fetchValue(s, space, i)) }
        if values.allSatisfy({ $0.plane != nil }) {
            var out = FilterAlpha(width: width, height: height)
            for case .alpha(let plane) in values { FilterOps.sourceOver(plane, onto: &out) }
            return .alpha(out)
        }
        var out = FilterImage(width: width, height: height)
        for value in values {
            switch value {
            case .alpha(let plane): FilterOps.sourceOver(plane, onto: &out)
            case .rgba(let image): FilterOps.sourceOver(image, onto: &out)
            }
        }
        return .rgba(out)
    }

    /// The primitives that work on RGBA in the primitive's colour space.
    mutating func evaluateColor(_ i: Int, _ sub: FilterPixelRect) -> FilterImage {
        let p = graph.filter.primitives[i], space = p.colorSpace, sources = graph.inputs[i]
        let t = graph.transform
        switch p.kind {
        case .colorMatrix(let m):
            return FilterOps.colorMatrix(fetch(sources[0], space, i), m)
        case let .composite(op, k1, k2, k3, k4):
            let a = fetch(sources[0], space, i), b = fetch(sources[1], space, i)
            return FilterOps.composite(a, b, op, k1: k1, k2: k2, k3: k3, k4: k4)
        case .blend(let mode):
            let a = fetch(sources[0], space, i), b = fetch(sources[1], space, i)
            return FilterOps.blend(a, b, mode)
        case let .morphology(op, rx, ry):
            let input = fetch(sources[0], space, i)
            return FilterOps.morphology(input, op, rx: graph.morphologyRadius(rx * t.scaleX, i, &notes),
                                        ry: graph.morphologyRadius(ry * t.scaleY, i, &notes))
        case let .componentTransfer(r, g, b, a):
            return FilterOps.componentTransfer(fetch(sources[0], space, i), r, g, b, a)
        case .tile:
            let tileRect: FilterPixelRect
            if case .result(let j) = sources[0] { tileRect = graph.subregions[j] } else {
                tileRect = FilterPixelRect(x: 0, y: 0, width: width, height: height)
            }
            return FilterOps.tile(fetch(sources[0], space, i), tile: tileRect, within: sub)
        case .turbulence(let tb):
            let octaves = min(max(0, tb.numOctaves), graph.limits.maxOctaves)
            return FilterOps.turbulence(width: width, height: height, tb, octaves: octaves, within: sub,
                                        transform: t, origin: (graph.region.x, graph.region.y),
                                        tile: graph.userSubregion(i))
        case .convolveMatrix(let m):
            if let r = FilterOps.convolve(fetch(sources[0], space, i), m) { return r }
            notes.append(FilterNote(primitive: i, kind: .invalidKernel))
            return FilterImage(width: width, height: height)
        case .diffuseLighting(let l):
            return FilterOps.lighting(fetch(sources[0], space, i), l, specular: false, space: space,
                                      light: graph.lightInPixels(l.light))
        case .specularLighting(let l):
            return FilterOps.lighting(fetch(sources[0], space, i), l, specular: true, space: space,
                                      light: graph.lightInPixels(l.light))
        default:
            return evaluateKeepingPlanes(i, sub).rgba
        }
    }

    /// feDisplacementMap: `in` is used as it is (its own colour space); only in2 is converted.
    mutating func evaluateDisplacement(_ i: Int) -> (value: Value, space: SVGFilterColorSpace) {
        guard case let .displacementMap(scale, xc, yc) = graph.filter.primitives[i].kind else {
            return (.alpha(FilterAlpha(width: width, height: height)), .sRGB)
        }
        let space = graph.filter.primitives[i].colorSpace, sources = graph.inputs[i], t = graph.transform
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
        let out = FilterOps.displacementMap(input, map: map,
                                            scaleX: graph.offsetPixels(scale * t.scaleX, i, &notes),
                                            scaleY: graph.offsetPixels(scale * t.scaleY, i, &notes),
                                            xChannel: xc, yChannel: yc)
        return (.rgba(out), spaceOfInput)
    }
}
