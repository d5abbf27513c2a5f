/// A resolved `<filter>`: what the filter engine (`FilterGraph`) runs.
///
/// Contract with the resolver: every length here is already in the **user space of the filtered element**
/// (`filterUnits` and `primitiveUnits="objectBoundingBox"` have been applied to the element's bounding box,
/// percentages resolved, `href` inheritance of `<filter>` done). Invalid attribute values have been
/// replaced by their defaults as the Filter Effects spec says, with one exception the engine checks
/// itself: a `feConvolveMatrix` whose kernel does not fit its order (that primitive then gives
/// transparent black, with a note). `in`/`in2` references to a `result` name that no earlier primitive
/// has count as unspecified, as the spec says; the engine does that lookup.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGFilter: Hashable, Sendable {
    /// The filter region (`x`, `y`, `width`, `height` of `<filter>`), user space.
    public var region: SVGRect
    /// The primitives in document order; the last one's result is the filter's output.
    public var primitives: [SVGFilterPrimitive]
    /// For diagnostics only: what the `filter` property named (`#shadow`, `blur(2px)`) and the source line
    /// of the element it applies to (0 when unknown).
    public var label: String
    /// The source line of the filtered element, for warnings (0 when unknown).
    public var line: Int
    /// What each feImage draws: primitive `.image(index: k)` draws `images[k]` (an index past the end draws
    /// transparent black, with a note).
    public var images: [SVGFilterImage]

    /// A filter drawing `primitives` inside `region` (user space of the filtered element).
    public init(region: SVGRect, primitives: [SVGFilterPrimitive], label: String = "", line: Int = 0,
                images: [SVGFilterImage] = []) {
        (self.region, self.primitives) = (region, primitives)
        (self.label, self.line, self.images) = (label, line, images)
    }

    /// True when a primitive's colour (`flood-color`, `lighting-color`, a drop shadow's colour) or a paint
    /// of an feImage's picture takes the tint.
    public var usesTint: Bool {
        primitives.contains { $0.colorTakesTint } || images.contains { $0.layers.contains { $0.usesTint } }
    }
}

/// The picture of one feImage (Filter Effects 1 §15.17, as resvg draws it): an image (`data:` URI or file) fitted
/// into the primitive subregion with the feImage's `preserveAspectRatio`, or an element of the document drawn as
/// `use` would draw it. `layers` are in the user space of the filtered element *moved so that its origin is the
/// top-left corner of the primitive subregion* — the whole-pixel corner, as resvg places it: an element at
/// (10, 10) lands 10 units right of and below that corner, like a `use` whose x and y are the subregion's.
/// The resolver's layers are in user space; hand-built ones in bounding-box units are resolved when drawn.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGFilterImage: Hashable, Sendable {
    /// What `href` named, for diagnostics (`#logo`, `logo.png`, `data:image/png` with its length).
    public var source: String
    /// What is drawn; empty when the reference could not be used (transparent black, the resolver warned).
    public var layers: [SVGIconLayer]

    /// A picture of `layers`, named `source` in diagnostics.
    public init(source: String, layers: [SVGIconLayer]) {
        (self.source, self.layers) = (source, layers)
    }
}

/// The colour space a primitive computes in (`color-interpolation-filters`; `auto` resolves to linearRGB).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGFilterColorSpace: Hashable, Sendable {
    case sRGB, linearRGB
}

/// Where a primitive's `in`/`in2` comes from.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGFilterInput: Hashable, Sendable {
    case sourceGraphic, sourceAlpha, backgroundImage, backgroundAlpha, fillPaint, strokePaint
    /// The result of the latest earlier primitive with this `result` name.
    case reference(String)
}

/// One filter primitive: what it computes plus the attributes every primitive shares.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGFilterPrimitive: Hashable, Sendable {
    /// What the primitive computes, with its own attributes.
    public var kind: SVGFilterPrimitiveKind
    /// `in`; nil is the previous primitive's result, or SourceGraphic for the first primitive.
    public var input: SVGFilterInput?
    /// `in2` of feComposite, feBlend and feDisplacementMap; nil as for `input`.
    public var input2: SVGFilterInput?
    /// `x`, `y`, `width`, `height` of the primitive subregion in user space; nil where the attribute was
    /// not given (the default is the union of the referenced results' subregions, or the filter region).
    public var x: Double?, y: Double?, width: Double?, height: Double?
    /// The space it computes in (`color-interpolation-filters`); linearRGB by default.
    public var colorSpace: SVGFilterColorSpace
    /// `result`, or nil.
    public var result: String?
    /// The colour of `.flood`, `.dropShadow` or a lighting primitive is `currentColor` where the file sets no
    /// `color`: the renderer puts the tint's red, green and blue in its place (the stored colour's alpha
    /// stays, so `flood-opacity`-style fading is kept). Without a tint that is black, as SVG says.
    public var colorTakesTint: Bool = false

    /// A primitive with the shared attributes; every default is the one an element without the attribute has.
    public init(_ kind: SVGFilterPrimitiveKind, input: SVGFilterInput? = nil, input2: SVGFilterInput? = nil,
                x: Double? = nil, y: Double? = nil, width: Double? = nil, height: Double? = nil,
                colorSpace: SVGFilterColorSpace = .linearRGB, result: String? = nil) {
        self.kind = kind
        self.input = input
        self.input2 = input2
        self.x = x; self.y = y; self.width = width; self.height = height
        self.colorSpace = colorSpace
        self.result = result
    }
}

/// What each primitive computes, with its own attributes (user-space lengths).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGFilterPrimitiveKind: Hashable, Sendable {
    /// `stdDeviation` per axis; zero in one axis blurs only the other, zero (or less) in both passes the
    /// input through.
    case gaussianBlur(stdDeviationX: Double, stdDeviationY: Double)
    case offset(dx: Double, dy: Double)
    /// `flood-color` (its alpha included) and `flood-opacity`.
    case flood(color: SVGColor, opacity: Double)
    case colorMatrix(SVGColorMatrix)
    /// k1…k4 are used by `.arithmetic` only.
    case composite(SVGCompositeOperator, k1: Double, k2: Double, k3: Double, k4: Double)
    /// The `in` of each `feMergeNode` (nil: previous result / SourceGraphic).
    case merge([SVGFilterInput?])
    case blend(SVGBlendMode)
    case dropShadow(dx: Double, dy: Double, stdDeviationX: Double, stdDeviationY: Double,
                    color: SVGColor, opacity: Double)
    case morphology(SVGMorphologyOperator, radiusX: Double, radiusY: Double)
    case componentTransfer(red: SVGTransferFunction, green: SVGTransferFunction,
                           blue: SVGTransferFunction, alpha: SVGTransferFunction)
    case tile
    case turbulence(SVGTurbulence)
    case convolveMatrix(SVGConvolveMatrix)
    /// `scale` in user space (in bounding-box units, `scale` times the box's width), and which channel of
    /// `in2` moves x and y.
    case displacementMap(scale: Double, xChannel: SVGColorChannel, yChannel: SVGColorChannel)
    case diffuseLighting(SVGLighting)
    case specularLighting(SVGLighting)
    /// feImage: draws `SVGFilter.images[index]` (the renderer supplies the pixels through
    /// `FilterGraph.run`'s `image` closure). Its subregion's x, y, width and height are always set by the
    /// resolver: the picture is placed there.
    case image(index: Int)
}

/// The matrix of `feColorMatrix`, by its `type`.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGColorMatrix: Hashable, Sendable {
    /// 20 values, row-major (a 4×5 matrix); any other count means identity.
    case matrix([Double])
    case saturate(Double)
    /// Degrees.
    case hueRotate(Double)
    case luminanceToAlpha
}

/// `feComposite`'s `operator`: the Porter-Duff operators, `lighter`, and `arithmetic` (k1·i1·i2 + k2·i1 +
/// k3·i2 + k4, with the k's of `SVGFilterPrimitiveKind.composite`).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGCompositeOperator: Hashable, Sendable {
    case over, `in`, out, atop, xor, lighter, arithmetic
}

/// `feBlend`'s `mode`: the blend modes of Compositing and Blending Level 1.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGBlendMode: Hashable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, hue, saturation, color, luminosity
}

/// `feMorphology`'s `operator`: `erode` takes the minimum over the radius, `dilate` the maximum.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGMorphologyOperator: Hashable, Sendable {
    case erode, dilate
}

/// One `feFuncR/G/B/A`.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGTransferFunction: Hashable, Sendable {
    case identity
    /// An empty table means identity.
    case table([Double])
    case discrete([Double])
    case linear(slope: Double, intercept: Double)
    case gamma(amplitude: Double, exponent: Double, offset: Double)
}

/// The attributes of `feTurbulence` (Perlin noise as the Filter Effects spec gives it).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGTurbulence: Hashable, Sendable {
    /// `baseFrequency` per axis, in cycles per user-space unit; negative values count as 0 (no noise).
    public var baseFrequencyX: Double, baseFrequencyY: Double
    /// How many octaves of noise are summed; the engine clamps it to `FilterLimits.maxOctaves` (with a note).
    public var numOctaves: Int
    /// `seed` as written; the engine truncates it toward zero, as the spec says.
    public var seed: Double
    /// `stitchTiles="stitch"`: frequencies are adjusted so the noise tiles seamlessly across the primitive
    /// subregion.
    public var stitchTiles: Bool
    /// true for `type="fractalNoise"`, false for `turbulence` (the default).
    public var fractalNoise: Bool

    /// The noise with these attributes; the defaults are the spec's.
    public init(baseFrequencyX: Double, baseFrequencyY: Double, numOctaves: Int = 1, seed: Double = 0,
                stitchTiles: Bool = false, fractalNoise: Bool = false) {
        self.baseFrequencyX = baseFrequencyX; self.baseFrequencyY = baseFrequencyY
        self.numOctaves = numOctaves; self.seed = seed
        self.stitchTiles = stitchTiles; self.fractalNoise = fractalNoise
    }
}

/// How `feConvolveMatrix` reads pixels beyond the input's edge: repeat the edge pixel, wrap around, or
/// transparent black.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGEdgeMode: Hashable, Sendable {
    case duplicate, wrap, none
}

/// The attributes of `feConvolveMatrix`.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGConvolveMatrix: Hashable, Sendable {
    /// `order`: the kernel's width and height in pixels (the spec requires both ≥ 1).
    public var orderX: Int, orderY: Int
    /// orderX × orderY values, row-major.
    public var kernel: [Double]
    /// nil: the kernel's sum, or 1 when that is 0. An explicit 0 is an error: transparent black (resvg 0.44
    /// and Chrome; Filter Effects 1 would take the default).
    public var divisor: Double?
    /// Added to each result, in the 0…1 range of a channel.
    public var bias: Double
    /// nil: floor(order / 2).
    public var targetX: Int?, targetY: Int?
    /// What lies beyond the input's edge; `duplicate` by default.
    public var edgeMode: SVGEdgeMode
    /// True: alpha passes through unchanged and only the colour channels are convolved.
    public var preserveAlpha: Bool

    /// A convolution with these attributes; the defaults are the spec's. A kernel whose count is not
    /// `orderX × orderY` is kept as given: the engine then outputs transparent black, with a note.
    public init(orderX: Int, orderY: Int, kernel: [Double], divisor: Double? = nil, bias: Double = 0,
                targetX: Int? = nil, targetY: Int? = nil, edgeMode: SVGEdgeMode = .duplicate,
                preserveAlpha: Bool = false) {
        self.orderX = orderX; self.orderY = orderY; self.kernel = kernel
        self.divisor = divisor; self.bias = bias
        self.targetX = targetX; self.targetY = targetY
        self.edgeMode = edgeMode; self.preserveAlpha = preserveAlpha
    }
}

/// A channel of `feDisplacementMap`'s `xChannelSelector` / `yChannelSelector`.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGColorChannel: Hashable, Sendable {
    case r, g, b, a
}

/// The light source of feDiffuseLighting / feSpecularLighting; positions in user space.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum SVGLightSource: Hashable, Sendable {
    /// Degrees.
    case distant(azimuth: Double, elevation: Double)
    case point(x: Double, y: Double, z: Double)
    /// `limitingConeAngle` in degrees, nil when not given.
    case spot(x: Double, y: Double, z: Double, pointsAtX: Double, pointsAtY: Double, pointsAtZ: Double,
              specularExponent: Double, limitingConeAngle: Double?)
}

/// The attributes of both lighting primitives (`specularConstant`/`specularExponent` are read by
/// feSpecularLighting only, `diffuseConstant` by feDiffuseLighting only). `kernelUnitLength` is not
/// modelled: the surface normal is always taken over one pixel, the spec's default.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGLighting: Hashable, Sendable {
    /// Where the light comes from.
    public var light: SVGLightSource
    /// `lighting-color` (its alpha is ignored).
    public var color: SVGColor
    /// Height of the alpha surface at alpha 1 (`surfaceScale`); 1 by default.
    public var surfaceScale: Double
    /// `diffuseConstant` (kd) of feDiffuseLighting; 1 by default.
    public var diffuseConstant: Double
    /// `specularConstant` (ks) of feSpecularLighting; 1 by default.
    public var specularConstant: Double
    /// `specularExponent` of feSpecularLighting (the shininess); 1 by default.
    public var specularExponent: Double

    /// Lighting with these attributes; the defaults are the spec's.
    public init(light: SVGLightSource, color: SVGColor = .white, surfaceScale: Double = 1,
                diffuseConstant: Double = 1, specularConstant: Double = 1, specularExponent: Double = 1) {
        self.light = light; self.color = color; self.surfaceScale = surfaceScale
        self.diffuseConstant = diffuseConstant; self.specularConstant = specularConstant
        self.specularExponent = specularExponent
    }
}
