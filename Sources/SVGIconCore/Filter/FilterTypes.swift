/// A rectangle of whole pixels: columns x..<x+width, rows y..<y+height.
package struct FilterPixelRect: Hashable, Sendable {
    package var x: Int, y: Int, width: Int, height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    package var isEmpty: Bool { width == 0 || height == 0 }
    package var pixelCount: Int { width * height }

    func intersection(_ other: FilterPixelRect) -> FilterPixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return FilterPixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Sets to 0 every value of `buffer` (width × height pixels of `channels` values, rows top to bottom)
    /// outside this rectangle; nothing when it covers the whole image.
    func clearOutside(_ buffer: UnsafeMutableBufferPointer<Float>, width w: Int, height h: Int, channels c: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(w, x + width), y1 = min(h, y + height)
        if x0 == 0, y0 == 0, x1 == w, y1 == h { return }
        for row in 0..<h {
            let start = row * w * c, end = (row + 1) * w * c
            if row < y0 || row >= y1 || x1 <= x0 {
                for i in start..<end { buffer[i] = 0 }
                continue
            }
            for i in start..<(start + x0 * c) { buffer[i] = 0 }
            for i in (start + x1 * c)..<end { buffer[i] = 0 }
        }
    }

    func union(_ other: FilterPixelRect) -> FilterPixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return FilterPixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// How the filtered element's user space maps to device pixels: device = user · scale + translate.
/// Filters are computed in a pixel grid aligned with user space, so only scale and translation appear;
/// a renderer facing a rotated or skewed element renders it in such a grid first (see `FilterGraph`).
package struct FilterTransform: Hashable, Sendable {
    package var scaleX: Double, scaleY: Double, translateX: Double, translateY: Double

    package init(scaleX: Double, scaleY: Double, translateX: Double = 0, translateY: Double = 0) {
        self.scaleX = scaleX; self.scaleY = scaleY; self.translateX = translateX; self.translateY = translateY
    }

    package static let identity = FilterTransform(scaleX: 1, scaleY: 1)
}

/// The bounds that keep a filter's time and memory finite whatever the file says. A value beyond a
/// *refusing* limit makes `FilterGraph` throw the named `FilterError`; a value beyond a *clamping* limit is
/// clamped (the picture cannot change visibly, or the spec allows it) and reported as a `FilterNote`.
package struct FilterLimits: Hashable, Sendable {
    /// Refusing: pixels of the filter region (each intermediate image is 16 bytes a pixel).
    package var maxRegionPixels: Int = 1 << 22
    /// Refusing: width or height of the filter region in pixels.
    package var maxRegionSide: Int = 1 << 14
    /// Refusing: number of primitives.
    package var maxPrimitives: Int = 256
    /// Refusing: the sum over all primitives of (region pixels × per-pixel work units: 1 for most,
    /// octaves for feTurbulence, kernel size for feConvolveMatrix) — the time bound.
    package var maxWork: Int = 1 << 28
    /// Refusing: orderX × orderY of feConvolveMatrix.
    package var maxKernelElements: Int = 1024
    /// Clamping: feTurbulence octaves (octave k adds at most 2^-k, far below one 8-bit step at 24).
    package var maxOctaves: Int = 24
    /// Clamping: a blur's standard deviation in pixels (a wider blur of a region this size is flat).
    package var maxBlurDeviation: Double = 16384
    /// Clamping: a morphology radius in pixels (the region side; a wider one changes nothing).
    package var maxMorphologyRadius: Int = 1 << 14
    /// Clamping: a feOffset / feDropShadow / feDisplacementMap distance in pixels.
    package var maxOffset: Double = 1_048_576

    package init() {}
}

/// Why a filter was refused. The renderer reports it and does not draw the element (what the spec asks
/// for a filter in error).
package enum FilterError: Error, Hashable, Sendable, CustomStringConvertible {
    case regionTooLarge(width: Int, height: Int, maxPixels: Int, maxSide: Int)
    case tooManyPrimitives(count: Int, limit: Int)
    case tooMuchWork(work: Int, limit: Int)
    case kernelTooLarge(primitive: Int, orderX: Int, orderY: Int, limit: Int)
    case sourceSizeMismatch(expected: FilterPixelRect, width: Int, height: Int)
    /// A transform or region with a NaN or infinite value.
    case notFinite

    package var description: String {
        switch self {
        case let .regionTooLarge(w, h, maxPixels, maxSide):
            return "filter region \(w)×\(h) px is larger than the limit (\(maxPixels) pixels, \(maxSide) a side)"
        case let .tooManyPrimitives(count, limit):
            return "filter has \(count) primitives, more than the limit of \(limit)"
        case let .tooMuchWork(work, limit):
            return "filter needs \(work) pixel operations, more than the limit of \(limit)"
        case let .kernelTooLarge(i, ox, oy, limit):
            return "feConvolveMatrix (primitive \(i + 1)) order \(ox)×\(oy) exceeds the limit of \(limit) elements"
        case let .sourceSizeMismatch(r, w, h):
            return "SourceGraphic is \(w)×\(h) px but the filter region is \(r.width)×\(r.height) px"
        case .notFinite:
            return "filter region or transform is not a finite number"
        }
    }
}

/// Something the engine clamped, substituted or could not do, for the renderer's warnings.
package struct FilterNote: Hashable, Sendable, CustomStringConvertible {
    /// Index into `SVGFilter.primitives`.
    package var primitive: Int
    package var kind: Kind

    package enum Kind: Hashable, Sendable {
        case octavesClamped(from: Int, to: Int)
        case blurClamped(from: Double, to: Double)
        case morphologyRadiusClamped(from: Double, to: Int)
        case offsetClamped(from: Double, to: Double)
        /// BackgroundImage, BackgroundAlpha, FillPaint or StrokePaint with no pixels supplied: SourceGraphic
        /// was used instead, as resvg 0.44 does (Docs/filter-engine.md).
        case inputUnavailable(SVGFilterInput)
        /// feImage with no pixels supplied: transparent black.
        case imageUnavailable
        /// feConvolveMatrix whose kernel does not fit its order or target: transparent black.
        case invalidKernel
    }

    /// A standard input as SVG spells it (`in="BackgroundImage"`).
    static func name(_ input: SVGFilterInput) -> String {
        switch input {
        case .sourceGraphic: return "SourceGraphic"
        case .sourceAlpha: return "SourceAlpha"
        case .backgroundImage: return "BackgroundImage"
        case .backgroundAlpha: return "BackgroundAlpha"
        case .fillPaint: return "FillPaint"
        case .strokePaint: return "StrokePaint"
        case .reference(let name): return name
        }
    }

    package var description: String {
        let at = "filter primitive \(primitive + 1)"
        switch kind {
        case let .octavesClamped(from, to): return "\(at): numOctaves \(from) clamped to \(to)"
        case let .blurClamped(from, to): return "\(at): blur of \(from) px clamped to \(to) px"
        case let .morphologyRadiusClamped(from, to): return "\(at): morphology radius \(from) px clamped to \(to) px"
        case let .offsetClamped(from, to): return "\(at): offset of \(from) px clamped to \(to) px"
        case let .inputUnavailable(input): return "\(at): input \(Self.name(input)) is not available; SourceGraphic used (as resvg)"
        case .imageUnavailable: return "\(at): feImage has no pixels; transparent black used"
        case .invalidKernel: return "\(at): feConvolveMatrix kernel does not match its order or target, or its divisor is 0; transparent black"
        }
    }
}
