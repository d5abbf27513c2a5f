/// The `filter` property: `<filter>` elements and CSS filter functions resolved into `SVGFilter`s in the user
/// space of the filtered element (Docs/model.md, "Filters").
///
/// Bounding-box units (`filterUnits`, default objectBoundingBox; `primitiveUnits="objectBoundingBox"`) are
/// resolved here, against the element's bounding box as the bounding-box pass measures it
/// (`LayerBounds.bounds(of:)`: its geometry without stroke, in its own user space). The element's layer is
/// complete when its filter is resolved, and a filter never changes geometry, so the box is final.
///
/// What happens to an element whose filter cannot be used follows resvg (and SVG 2, where it says anything):
/// a `url()` naming no `<filter>`, a filter without primitives, a region without width or height, or
/// bounding-box units on an element whose box has no width or height make the element not drawn — unless
/// another entry of the same list is usable; a list that does not parse is ignored (drawn unfiltered).
extension SVGResolver {
    /// feComposite's `operator` keywords (anything else is the default, `over`).
    static let compositeOperators: [String: SVGCompositeOperator] = [
        "over": .over, "in": .in, "out": .out, "atop": .atop, "xor": .xor, "lighter": .lighter,
        "arithmetic": .arithmetic,
    ]

    /// The filters of the element at `index` (whose layer, without filter, is `layer`); empty for `none`,
    /// nil when the element must not be drawn.
    @inline(never)
    mutating func resolveFilterProperty(_ value: String, node index: Int, layer: SVGIconLayer) -> [SVGFilter]? {
        let text = value.trimmingCSSWhitespace
        if text.isEmpty || cssKeyword(value) == "none" { return [] }
        guard let items = FilterFunctionList.parse(String(text)) else {
            warnOnce(index, "filter=\"\(value)\" does not parse; drawn without a filter", key: "bad-filter")
            return []
        }
        let bbox = LayerBounds.bounds(of: layer).flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        let line = tree.nodes[index].line
        var filters: [SVGFilter] = []
        var invalidURL = false
        for item in items {
            switch item {
            case .url(let id):
                guard let target = tree.node(id: id), tree.nodes[target].isSVG, tree.nodes[target].name == "filter" else {
                    warnOnce(index, "filter=\"\(value)\": url(#\(id)) names no <filter>", key: "bad-filter-ref")
                    invalidURL = true
                    continue
                }
                if activeReferences.contains(target) {
                    // An feImage of this filter draws this element: the feImage reports the cycle.
                    feImageCycle = true
                    return nil
                }
                guard var filter = filterElement(target, bbox: bbox, user: index) else {
                    invalidURL = true
                    continue
                }
                filter.label = "url(#\(id))"
                filter.line = line
                filters.append(filter)
            case .function(let function):
                guard let bbox else {
                    warnOnce(index, "filter function \(function.text) on an element without width or height; ignored",
                             key: "filter-function-bbox")
                    continue
                }
                filters.append(cssFilter(function, bbox: bbox, node: index, line: line))
            }
        }
        if filters.isEmpty && invalidURL {
            warnOnce(index, "filter=\"\(value)\" has no usable filter; the element is not drawn", key: "filter-unusable")
            return nil
        }
        return filters
    }

    // MARK: <filter>

    /// A `<filter>` element (with its `href` chain) for an element whose bounding box is `bbox`; nil when it
    /// cannot be used (the element is then not drawn). `user` is the filtered element (for warnings).
    private mutating func filterElement(_ index: Int, bbox: SVGRect?, user: Int) -> SVGFilter? {
        // The href chain: attributes come from the first element that has them, primitives from the first
        // that has element children (SVG 1.1 §15.7.2).
        var chain = [index]
        var next = index
        while chain.count <= SVGResolver.maxReferenceDepth,
              let href = tree.nodes[next].attribute("href") ?? tree.nodes[next].attribute("xlink:href") {
            guard href.hasPrefix("#"), let target = tree.node(id: String(href.dropFirst())) else { break }
            guard tree.nodes[target].isSVG, tree.nodes[target].name == "filter" else {
                warnOnce(index, "href=\"\(href)\" on a filter names no <filter>; the filter is not used", key: "filter-href")
                return nil
            }
            if chain.contains(target) {
                warnOnce(index, "href=\"\(href)\" on a filter refers back to itself (a cycle); that link is ignored",
                         key: "filter-href-cycle")
                break
            }
            chain.append(target)
            next = target
        }
        func attribute(_ name: String) -> String? {
            for n in chain { if let v = tree.nodes[n].attribute(name) { return v } }
            return nil
        }
        let units: SVGUnits = attribute("filterUnits") == "userSpaceOnUse" ? .userSpaceOnUse : .objectBoundingBox
        let primitiveUnits: SVGUnits = attribute("primitiveUnits") == "objectBoundingBox" ? .objectBoundingBox : .userSpaceOnUse
        if (units == .objectBoundingBox || primitiveUnits == .objectBoundingBox) && bbox == nil {
            warnOnce(user, "a filter in objectBoundingBox units on an element without width or height; the element is not drawn",
                     key: "filter-bbox")
            return nil
        }
        let box = bbox ?? SVGRect(x: 0, y: 0, width: 1, height: 1)
        func regionValue(_ name: String, _ axis: Axis, _ fraction: Double) -> Double {
            let raw = attribute(name)
            let l = raw.flatMap { SVGLength.parse($0) }.flatMap { $0.value.isFinite ? $0 : nil }
            if raw != nil && l == nil { warnOnce(index, "ignoring invalid \(name)=\"\(raw!)\"", key: "filter-" + name) }
            return filterLength(l, axis: axis, units: units, box: box, isPosition: name == "x" || name == "y",
                                default: fraction)
        }
        let region = SVGRect(x: regionValue("x", .x, -0.1), y: regionValue("y", .y, -0.1),
                             width: regionValue("width", .x, 1.2), height: regionValue("height", .y, 1.2))
        guard region.width > 0, region.height > 0 else {
            warnOnce(index, "the filter region has no width or height; the element using it is not drawn", key: "filter-region")
            return nil
        }
        guard let source = chain.first(where: { n in tree.children(of: n).contains { tree.nodes[$0].isSVG } }) else {
            warnOnce(index, "the filter has no primitives; the element using it is not drawn", key: "filter-empty")
            return nil
        }
        var primitives: [SVGFilterPrimitive] = []
        var images: [SVGFilterImage] = []
        for child in tree.children(of: source) where tree.nodes[child].isSVG {
            var imageIndex = images.count
            guard var p = primitive(child, units: primitiveUnits, box: box, imageIndex: &imageIndex) else { continue }
            p.colorSpace = colorInterpolationFilters(child)
            if let r = tree.nodes[child].attribute("result"), !r.isEmpty { p.result = r }
            subregion(of: &p, child, units: primitiveUnits, box: box)
            if case .image = p.kind {
                images.append(filterImage(child, primitive: &p, region: region, units: primitiveUnits, box: box,
                                          filter: index))
            }
            primitives.append(p)
        }
        guard !primitives.isEmpty else {
            warnOnce(index, "the filter has no primitives; the element using it is not drawn", key: "filter-empty")
            return nil
        }
        return SVGFilter(region: region, primitives: primitives, images: images)
    }

    /// A length of the filter region or a primitive subregion in user space: in objectBoundingBox units a
    /// fraction (or percentage) of the box, offset by its corner for positions; otherwise a length whose
    /// percentages are of the viewport. `default` is the bounding-box fraction used when absent.
    private func filterLength(_ l: SVGLength?, axis: Axis, units: SVGUnits, box: SVGRect, isPosition: Bool,
                              default fraction: Double) -> Double {
        let size = axis == .x ? box.width : box.height
        let origin = isPosition ? (axis == .x ? box.x : box.y) : 0
        guard let l else {
            // userSpaceOnUse defaults are percentages of the viewport (-10 %, 120 %).
            return units == .objectBoundingBox ? origin + fraction * size : fraction * percentBase(axis)
        }
        if units == .objectBoundingBox {
            let f = l.unit == .percent ? l.value / 100 : l.value
            return origin + f * size
        }
        return l.pixels(percentBase: percentBase(axis))
    }

    /// `x`, `y`, `width`, `height` of a primitive: nil where absent (the engine's default).
    private mutating func subregion(of p: inout SVGFilterPrimitive, _ index: Int, units: SVGUnits, box: SVGRect) {
        func value(_ name: String, _ axis: Axis) -> Double? {
            guard let raw = tree.nodes[index].attribute(name) else { return nil }
            guard let l = SVGLength.parse(raw), l.value.isFinite else {
                warnOnce(index, "ignoring invalid \(name)=\"\(raw)\"", key: "fe-" + name)
                return nil
            }
            return filterLength(l, axis: axis, units: units, box: box, isPosition: name == "x" || name == "y", default: 0)
        }
        p.x = value("x", .x); p.y = value("y", .y)
        p.width = value("width", .x); p.height = value("height", .y)
    }

    /// `color-interpolation-filters` in effect at `index` (inherited; `auto` and `initial` are linearRGB;
    /// `inherit`, `unset` and values that are not the property's take the parent's; keywords in any case).
    private mutating func colorInterpolationFilters(_ index: Int) -> SVGFilterColorSpace {
        var n: Int? = index
        while let i = n {
            if let raw = tree.value("color-interpolation-filters", of: i) {
                let v = cssKeyword(raw)
                if v == "srgb" { return .sRGB }
                if v == "linearrgb" || v == "auto" || v == "initial" { return .linearRGB }
            }
            n = tree.nodes[i].parent
        }
        return .linearRGB
    }

    /// A colour property (`flood-color`, `lighting-color`) of a primitive: the colour and whether it is
    /// `currentColor` taking the tint (where the document sets no `color` there).
    private mutating func colorProperty(_ name: String, of index: Int, default def: SVGColor) -> (SVGColor, Bool) {
        guard let raw = nonInheritedValue(name, of: index)?.trimmingCSSWhitespace, !raw.isEmpty else {
            return (def, false)
        }
        if asciiEqualsIgnoringCase(String(raw), "currentcolor") {
            if let c = documentStyle(of: index).color { return (c, false) }
            return (.black, true)
        }
        if let c = SVGColor(css: String(raw)) { return (c, false) }
        warnOnce(index, "ignoring invalid \(name)=\"\(raw)\"", key: "fe-" + name)
        return (def, false)
    }

    /// `flood-opacity`: a number or percentage, clamped to 0…1; default 1.
    private mutating func floodOpacity(_ index: Int) -> Double {
        guard let raw = nonInheritedValue("flood-opacity", of: index)?.trimmingCSSWhitespace else { return 1 }
        var text = String(raw), scale = 1.0
        if text.hasSuffix("%") { text.removeLast(); scale = 0.01 }
        guard let v = NumberScanner.leadingNumbers(text).first, v.isFinite else { return 1 }
        return min(1, max(0, v * scale))
    }

    /// The attribute's list of numbers; nil when absent or when it is not a number list throughout
    /// (`dx="20%"`, `k2="1px"`): a value that does not parse is as if unspecified (SVG 2 §"Attribute
    /// syntax"), so the primitive takes its default.
    private func numbers(_ index: Int, _ name: String) -> [Double]? {
        tree.nodes[index].attribute(name).flatMap { NumberScanner.numberList($0) }.map { $0.filter(\.isFinite) }
    }

    private func number(_ index: Int, _ name: String, _ def: Double) -> Double {
        numbers(index, name)?.first ?? def
    }

    /// A number-optional-number attribute (`stdDeviation`, `radius`, `baseFrequency`, `order`): one value
    /// for both, two for x and y; anything else is `def`.
    private func pair(_ index: Int, _ name: String, _ def: (Double, Double)) -> (Double, Double) {
        guard let list = numbers(index, name) else { return def }
        switch list.count {
        case 1: return (list[0], list[0])
        case 2: return (list[0], list[1])
        default: return def
        }
    }

    /// feMorphology's radius as resvg 0.44 and Chrome read it: one or two numbers (any other count reads
    /// as 0 0); a zero in one axis becomes 1, both zero become 1 1, and a negative value in either axis
    /// gives the default 1 1. (Filter Effects 1 would disable the primitive for zero or negative radii.)
    private func morphologyRadius(_ index: Int) -> (Double, Double) {
        guard let list = numbers(index, "radius") else { return (1, 1) }
        var (x, y) = list.count == 1 ? (list[0], list[0]) : list.count == 2 ? (list[0], list[1]) : (0, 0)
        if x == 0 { x = 1 }
        if y == 0 { y = 1 }
        guard x > 0, y > 0 else { return (1, 1) }
        return (x, y)
    }

    private func input(_ index: Int, _ name: String) -> SVGFilterInput? {
        guard let raw = tree.nodes[index].attribute(name)?.trimmingCSSWhitespace, !raw.isEmpty else { return nil }
        switch raw {
        case "SourceGraphic": return .sourceGraphic
        case "SourceAlpha": return .sourceAlpha
        case "BackgroundImage": return .backgroundImage
        case "BackgroundAlpha": return .backgroundAlpha
        case "FillPaint": return .fillPaint
        case "StrokePaint": return .strokePaint
        default: return .reference(String(raw))
        }
    }

    /// One filter primitive element; nil (with a warning) for an element that is not one.
    private mutating func primitive(_ index: Int, units: SVGUnits, box: SVGRect, imageIndex: inout Int) -> SVGFilterPrimitive? {
        let name = tree.nodes[index].name
        let bb = units == .objectBoundingBox
        let sx = bb ? box.width : 1, sy = bb ? box.height : 1
        let sd = bb ? ((box.width * box.width + box.height * box.height) / 2).squareRoot() : 1
        var tinted = false
        let kind: SVGFilterPrimitiveKind
        switch name {
        case "feGaussianBlur":
            let (x, y) = pair(index, "stdDeviation", (0, 0))
            kind = .gaussianBlur(stdDeviationX: max(0, x) * sx, stdDeviationY: max(0, y) * sy)
        case "feOffset":
            kind = .offset(dx: number(index, "dx", 0) * sx, dy: number(index, "dy", 0) * sy)
        case "feDropShadow":
            let (x, y) = pair(index, "stdDeviation", (2, 2))
            let (color, tint) = colorProperty("flood-color", of: index, default: .black)
            tinted = tint
            kind = .dropShadow(dx: number(index, "dx", 2) * sx, dy: number(index, "dy", 2) * sy,
                               stdDeviationX: max(0, x) * sx, stdDeviationY: max(0, y) * sy,
                               color: color, opacity: floodOpacity(index))
        case "feFlood":
            let (color, tint) = colorProperty("flood-color", of: index, default: .black)
            tinted = tint
            kind = .flood(color: color, opacity: floodOpacity(index))
        case "feColorMatrix":
            // A `values` that is not a list of numbers ("20%") is in error: the type's lacuna value is used.
            let values = tree.nodes[index].attribute("values").flatMap { NumberScanner.numberList($0) }?.filter(\.isFinite)
            switch tree.nodes[index].attribute("type")?.trimmingCSSWhitespace ?? "matrix" {
            case "saturate": kind = .colorMatrix(.saturate(max(0, values?.first ?? 1)))
            case "hueRotate": kind = .colorMatrix(.hueRotate(values?.first ?? 0))
            case "luminanceToAlpha": kind = .colorMatrix(.luminanceToAlpha)
            default: kind = .colorMatrix(.matrix(values?.count == 20 ? values! : []))
            }
        case "feComposite":
            let op = tree.nodes[index].attribute("operator").flatMap {
                Self.compositeOperators[String($0.trimmingCSSWhitespace)]
            } ?? .over
            kind = .composite(op, k1: number(index, "k1", 0), k2: number(index, "k2", 0),
                              k3: number(index, "k3", 0), k4: number(index, "k4", 0))
        case "feMerge":
            kind = .merge(tree.children(of: index).filter { tree.nodes[$0].isSVG && tree.nodes[$0].name == "feMergeNode" }
                .map { input($0, "in") })
        case "feBlend":
            kind = .blend(SVGResolver.blendMode(tree.nodes[index].attribute("mode")?.trimmingCSSWhitespace ?? "normal"))
        case "feMorphology":
            let (x, y) = morphologyRadius(index)
            let op: SVGMorphologyOperator = tree.nodes[index].attribute("operator")?.trimmingCSSWhitespace == "dilate" ? .dilate : .erode
            kind = .morphology(op, radiusX: x * sx, radiusY: y * sy)
        case "feComponentTransfer":
            var f: [String: SVGTransferFunction] = [:]
            for c in tree.children(of: index) where tree.nodes[c].isSVG {
                let n = tree.nodes[c].name
                guard ["feFuncR", "feFuncG", "feFuncB", "feFuncA"].contains(n) else { continue }
                let table = numbers(c, "tableValues") ?? []
                switch tree.nodes[c].attribute("type")?.trimmingCSSWhitespace {
                case "table"?: f[n] = .table(table)
                case "discrete"?: f[n] = .discrete(table)
                case "linear"?: f[n] = .linear(slope: number(c, "slope", 1), intercept: number(c, "intercept", 0))
                case "gamma"?: f[n] = .gamma(amplitude: number(c, "amplitude", 1), exponent: number(c, "exponent", 1),
                                             offset: number(c, "offset", 0))
                case "identity"?: f[n] = .identity
                default: continue
                }
            }
            kind = .componentTransfer(red: f["feFuncR"] ?? .identity, green: f["feFuncG"] ?? .identity,
                                      blue: f["feFuncB"] ?? .identity, alpha: f["feFuncA"] ?? .identity)
        case "feTile":
            kind = .tile
        case "feTurbulence":
            var (fx, fy) = pair(index, "baseFrequency", (0, 0))
            if fx < 0 || fy < 0 { (fx, fy) = (0, 0) }
            let octaves = number(index, "numOctaves", 1)
            let type = tree.nodes[index].attribute("type")?.trimmingCSSWhitespace
            kind = .turbulence(SVGTurbulence(baseFrequencyX: fx, baseFrequencyY: fy,
                                             numOctaves: Int(min(max(octaves, 0), 1e9).rounded()),
                                             seed: number(index, "seed", 0),
                                             stitchTiles: tree.nodes[index].attribute("stitchTiles")?.trimmingCSSWhitespace == "stitch",
                                             fractalNoise: type == "fractalNoise"))
        case "feConvolveMatrix":
            // Fractional orders are truncated towards zero (Filter Effects 1); an order that is then below 1
            // is invalid, and an invalid value is the lacuna value, 3 (as resvg).
            var (ox, oy) = pair(index, "order", (3, 3))
            (ox, oy) = (ox.rounded(.towardZero), oy.rounded(.towardZero))
            if !(ox >= 1 && oy >= 1) { (ox, oy) = (3, 3) }
            let orderX = Int(min(ox, 1e6)), orderY = Int(min(oy, 1e6))
            let divisor = numbers(index, "divisor")?.first  // 0 stays: the engine's "in error" (as resvg, Chrome)
            func target(_ name: String) -> Int? {
                guard let v = numbers(index, name)?.first else { return nil }
                return Int(max(-1, min(v, 1e6)))
            }
            kind = .convolveMatrix(SVGConvolveMatrix(
                orderX: orderX, orderY: orderY, kernel: numbers(index, "kernelMatrix") ?? [], divisor: divisor,
                bias: number(index, "bias", 0), targetX: target("targetX"), targetY: target("targetY"),
                edgeMode: SVGResolver.edgeMode(tree.nodes[index].attribute("edgeMode")?.trimmingCSSWhitespace),
                preserveAlpha: tree.nodes[index].attribute("preserveAlpha")?.trimmingCSSWhitespace == "true"))
        case "feDisplacementMap":
            func channel(_ n: String) -> SVGColorChannel {
                switch tree.nodes[index].attribute(n)?.trimmingCSSWhitespace {
                case "R"?: return .r
                case "G"?: return .g
                case "B"?: return .b
                default: return .a
                }
            }
            // Filter Effects 1: scale "is expressed in the coordinate system established by attribute
            // primitiveUnits", which does not say how one number maps into a box of another width and
            // height. In bounding-box units it is a fraction of the box's width along both axes, as Chromium
            // 156 draws it (measured on displacement-bbox-nonsquare: a 4 × 16 box moves 1 left and 1 down;
            // resvg draws a fragment there).
            kind = .displacementMap(scale: number(index, "scale", 0) * sx,
                                    xChannel: channel("xChannelSelector"), yChannel: channel("yChannelSelector"))
        case "feDiffuseLighting", "feSpecularLighting":
            let (color, tint) = colorProperty("lighting-color", of: index, default: .white)
            tinted = tint
            guard let light = lightSource(index, bb: bb, box: box, sd: sd) else {
                warnOnce(index, "no light source; the primitive gives transparent black", key: "fe-light")
                kind = .flood(color: .transparent, opacity: 0)
                break
            }
            let exponent = number(index, "specularExponent", 1)
            if name == "feSpecularLighting" && !(1...128).contains(exponent) {
                warnOnce(index, "specularExponent=\"\(exponent)\" is outside 1…128; the primitive gives transparent black",
                         key: "fe-exponent")
                kind = .flood(color: .transparent, opacity: 0)
                break
            }
            let lighting = SVGLighting(light: light, color: color, surfaceScale: number(index, "surfaceScale", 1),
                                       diffuseConstant: number(index, "diffuseConstant", 1),
                                       specularConstant: number(index, "specularConstant", 1),
                                       specularExponent: exponent)
            kind = name == "feDiffuseLighting" ? .diffuseLighting(lighting) : .specularLighting(lighting)
        case "feImage":
            kind = .image(index: imageIndex)  // its picture: SVGResolver+FilterImages.swift
            imageIndex += 1
        default:
            warnOnce(index, "not a filter primitive; skipped", key: "fe-unknown")
            return nil
        }
        var p = SVGFilterPrimitive(kind, input: input(index, "in"), input2: input(index, "in2"))
        p.colorTakesTint = tinted
        return p
    }

    private func lightSource(_ index: Int, bb: Bool, box: SVGRect, sd: Double) -> SVGLightSource? {
        guard let light = tree.children(of: index).first(where: {
            tree.nodes[$0].isSVG && ["feDistantLight", "fePointLight", "feSpotLight"].contains(tree.nodes[$0].name)
        }) else { return nil }
        func x(_ n: String) -> Double { bb ? box.x + number(light, n, 0) * box.width : number(light, n, 0) }
        func y(_ n: String) -> Double { bb ? box.y + number(light, n, 0) * box.height : number(light, n, 0) }
        func z(_ n: String) -> Double { number(light, n, 0) * sd }
        switch tree.nodes[light].name {
        case "feDistantLight":
            return .distant(azimuth: number(light, "azimuth", 0), elevation: number(light, "elevation", 0))
        case "fePointLight":
            return .point(x: x("x"), y: y("y"), z: z("z"))
        default:
            let e = number(light, "specularExponent", 1)
            return .spot(x: x("x"), y: y("y"), z: z("z"), pointsAtX: x("pointsAtX"), pointsAtY: y("pointsAtY"),
                         pointsAtZ: z("pointsAtZ"), specularExponent: e > 0 ? e : 1,
                         limitingConeAngle: numbers(light, "limitingConeAngle")?.first)
        }
    }

    /// feBlend's `mode` (the keywords of `mix-blend-mode`); an unknown mode is `normal`.
    static func blendMode(_ v: Substring) -> SVGBlendMode {
        blendMode(String(v)) ?? .normal
    }

    static func edgeMode(_ v: Substring?) -> SVGEdgeMode {
        switch v {
        case "wrap"?: return .wrap
        case "none"?: return .none
        default: return .duplicate
        }
    }
}
