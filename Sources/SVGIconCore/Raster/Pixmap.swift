/// A width × height image of premultiplied RGBA pixels in sRGB, rows top to bottom, no padding.
///
/// Channels are stored as `Float` in 0...1 rather than 8-bit, so that compositing does not round at every
/// step and a pixel painted with one colour keeps exactly that colour when converted to straight alpha
/// for PNG: a tinted icon's pixels are all exactly the tint, at varying alpha, even where alpha is tiny.
///
/// A pixmap whose every pixel has one colour (a one-colour icon: what tintable icon sets are) can hold just
/// that colour and one alpha value per pixel — a quarter of the memory to clear, blend and convert. The
/// renderer chooses this for icons painted in a single solid colour; `uniformColor` tells which form a
/// pixmap has. Both forms describe pixels the same way: `data` always reads as premultiplied RGBA.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct Pixmap: Hashable, Sendable {
    /// Width in pixels (≥ 0).
    public let width: Int
    /// Height in pixels (≥ 0).
    public let height: Int
    /// The colour of every pixel (opaque; each pixel's alpha scales it) when the pixmap holds only alpha,
    /// nil when it holds full RGBA.
    public var uniformColor: SVGColor? { uniform?.color }
    /// The uniform colour's channels in 0…1 (straight) when the pixmap holds only alpha.
    private(set) var uniform: UniformColor?
    /// The stored values: 4 per pixel (premultiplied R, G, B, A) or, with a uniform colour, 1 (alpha).
    /// Reading them from a pixmap whose zeros are still pending (`zerosPending`) gives zeros; changing
    /// them writes the zeros first.
    var samples: [Float] {
        get { zerosPending ? Self.zeros(sampleCount) : storage }
        _modify {
            writePendingZeros()
            yield &storage
        }
        set {
            storage = newValue
            zerosPending = false
        }
    }
    /// The samples as they are stored: empty while `zerosPending`. For per-value loops, which `samples`'
    /// accessor would slow down (a retain and a release per value): read it where `zerosPending` is false,
    /// write it after `writePendingZeros()`.
    var storage: [Float]
    /// True for a blank pixmap whose zeros are not written yet (`init(width:height:uniformColor:zerosPending:)`):
    /// a draw that stores whole rows (`makeRGBA(rows:storingBlank:_:)`) then writes each sample once.
    private(set) var zerosPending = false

    /// `count` values of +0, written by the C library's memset: `[Float](repeating: 0, count:)` where it
    /// is not inlined with its constant (as in `writePendingZeros`) fills with a Swift loop instead, 3–4 %
    /// of a plain 256 px render slower (measured).
    @inline(never)
    static func zeros(_ count: Int) -> [Float] {
        [Float](repeating: 0, count: count)
    }

    /// How many values `samples` holds: width × height, × 4 unless alpha-only.
    var sampleCount: Int { width * height * (uniform == nil ? 4 : 1) }

    /// Writes the pending zeros, if any: a renderer does before it hands a pixmap out, so that pending
    /// zeros never leave a render.
    @inline(__always)
    package mutating func writePendingZeros() {
        guard zerosPending else { return }
        storage = Self.zeros(sampleCount)
        zerosPending = false
    }

    /// The single colour of an alpha-only pixmap.
    struct UniformColor: Hashable, Sendable {
        let color: SVGColor
        let r: Float, g: Float, b: Float

        init(_ color: SVGColor) {
            self.color = SVGColor(red: color.red, green: color.green, blue: color.blue)
            // Computed as `PremultipliedColor` computes its channels, so that `matches` can compare exactly.
            r = Float(color.red) / 255
            g = Float(color.green) / 255
            b = Float(color.blue) / 255
        }

        /// True when `paint` is this colour at some alpha: blending it changes alpha only.
        func matches(_ paint: PremultipliedColor) -> Bool {
            paint.r == r * paint.a && paint.g == g * paint.a && paint.b == b * paint.a
        }
    }

    /// `width * height * 4` values: R, G, B, A per pixel, colour channels premultiplied by alpha. Reading
    /// an alpha-only pixmap's `data` builds the RGBA values; changing it makes the pixmap full RGBA.
    public var data: [Float] {
        get { uniform == nil ? samples : expandedSamples() }
        _modify {
            makeRGBA()
            yield &samples
        }
        set {
            precondition(newValue.count == width * height * 4, "data must hold width × height × 4 values")
            uniform = nil
            samples = newValue
        }
    }

    /// A fully transparent RGBA pixmap. Sizes below zero count as zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.storage = [Float](repeating: 0, count: self.width * self.height * 4)
    }

    /// A full-RGBA pixmap holding `samples` (width × height × 4 premultiplied values), taken as they are.
    package init(width: Int, height: Int, rgba samples: [Float]) {
        precondition(width >= 0 && height >= 0 && samples.count == width * height * 4, "samples must match the size")
        self.width = width
        self.height = height
        self.storage = samples
    }

    /// A fully transparent pixmap whose pixels can only be `color` (its alpha is ignored): one value per
    /// pixel. Painting another colour on it turns it into a full RGBA pixmap first.
    public init(width: Int, height: Int, uniformColor color: SVGColor) {
        self.init(width: width, height: height, uniformColor: color, zerosPending: false)
    }

    /// `init(width:height:uniformColor:)` with its zeros not written yet (`zerosPending`): the same pixels.
    /// For a canvas that a draw may fill by storing whole rows, which then writes each sample once
    /// instead of zeroing the plane first (a drop shadow of another colour on a blank canvas).
    package init(width: Int, height: Int, uniformColor color: SVGColor, zerosPending: Bool) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.uniform = UniformColor(color)
        self.storage = zerosPending ? [] : Self.zeros(self.width * self.height)
        self.zerosPending = zerosPending
    }

    /// A transparent pixmap of the given size in the same form (same uniform colour) as `other`.
    init(width: Int, height: Int, sameFormAs other: Pixmap) {
        self.width = max(0, width)
        self.height = max(0, height)
        uniform = other.uniform
        storage = [Float](repeating: 0, count: self.width * self.height * (other.uniform == nil ? 4 : 1))
    }

    /// Builds a pixmap from straight-alpha RGBA8 (as PNG stores it); nil when the byte count does not
    /// match the size.
    public init?(width: Int, height: Int, straightRGBA bytes: [UInt8]) {
        guard width >= 0, height >= 0, bytes.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        var out = [Float](repeating: 0, count: bytes.count)
        var i = 0
        while i < bytes.count {
            let a = Float(bytes[i + 3]) / 255
            out[i] = Float(bytes[i]) / 255 * a
            out[i + 1] = Float(bytes[i + 1]) / 255 * a
            out[i + 2] = Float(bytes[i + 2]) / 255 * a
            out[i + 3] = a
            i += 4
        }
        self.storage = out
    }

    /// Pixel index p (y · width + x) as premultiplied floats.
    @inline(__always)
    func premultiplied(at p: Int) -> (r: Float, g: Float, b: Float, a: Float) {
        if zerosPending { return (0, 0, 0, 0) }
        if let u = uniform {
            let a = storage[p]
            return (u.r * a, u.g * a, u.b * a, a)
        }
        return (storage[p * 4], storage[p * 4 + 1], storage[p * 4 + 2], storage[p * 4 + 3])
    }

    /// Alpha of pixel index p.
    @inline(__always)
    func alpha(at p: Int) -> Float {
        zerosPending ? 0 : uniform == nil ? storage[p * 4 + 3] : storage[p]
    }

    /// Pixel (x, y) as premultiplied RGBA8, each channel rounded to nearest.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = premultiplied(at: y * width + x)
        return (Self.byte(p.r), Self.byte(p.g), Self.byte(p.b), Self.byte(p.a))
    }

    /// Premultiplied RGBA8 of every pixel (what comparisons between renderers use).
    public func premultipliedRGBA8() -> [UInt8] {
        data.map(Self.byte)
    }

    /// Straight (non-premultiplied) RGBA8, the layout PNG stores: alpha rounded to 8 bits, each colour
    /// channel divided by the unrounded alpha; pixels whose alpha rounds to 0 become 0, 0, 0, 0. An
    /// alpha-only pixmap's pixels are exactly its colour wherever alpha is not 0.
    public func straightAlphaRGBA() -> [UInt8] {
        let count = width * height * 4
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            samples.withUnsafeBufferPointer { px in
                if let u = uniform {
                    let r = Self.byte(u.r), g = Self.byte(u.g), b = Self.byte(u.b)
                    var i = 0
                    for a in px {
                        if a * 255 < 0.5 {
                            out[i] = 0; out[i + 1] = 0; out[i + 2] = 0; out[i + 3] = 0
                        } else {
                            out[i] = r; out[i + 1] = g; out[i + 2] = b; out[i + 3] = Self.byte(a)
                        }
                        i += 4
                    }
                } else if let src = px.baseAddress, let dst = out.baseAddress {
                    var i = 0
                    while i < count {
                        let p = UnsafeRawPointer(src + i).loadUnaligned(as: SIMD4<Float>.self)
                        // Transparent pixels (most of an icon) take the short path.
                        let word = p.w * 255 < 0.5 ? 0 : Self.straightBytes(p)
                        UnsafeMutableRawPointer(dst + i).storeBytes(of: word, as: UInt32.self)
                        i &+= 4
                    }
                }
            }
            initialized = count
        }
    }

    /// Turns an alpha-only pixmap into full RGBA (no change to its pixels).
    public mutating func makeRGBA() {
        guard uniform != nil else { return }
        samples = expandedSamples()
        uniform = nil
    }

    /// Makes this pixmap full RGBA (the values `makeRGBA` gives) a row at a time, calling `body(row, the
    /// row's first sample)` for each of `rows` once that row is RGBA: a draw over the new values while
    /// they are fresh, in one pass. A full RGBA pixmap just calls `body` on those rows.
    package mutating func makeRGBA(rows: Range<Int>, _ body: (Int, UnsafeMutablePointer<Float>) -> Void) {
        makeRGBA(rows: rows) { row, line, _ in body(row, line) }
    }

    /// `makeRGBA(rows:_:)` telling `body` too whether the row is blank: every value of it ±0 (an
    /// alpha-only row of zeros made RGBA; false for a pixmap that was RGBA already, whose rows are not
    /// looked at).
    package mutating func makeRGBA(rows: Range<Int>, _ body: (Int, UnsafeMutablePointer<Float>, Bool) -> Void) {
        makeRGBA(rows: rows, storingBlank: false, body)
    }

    /// `makeRGBA(rows:_:)` for a draw that can store whole rows: with `storingBlank`, a blank row of `rows`
    /// (every alpha value ±0) is not expanded; `body` gets it with `blank` true and must store all of its
    /// `width × 4` samples itself (+0 where it draws nothing, as the expansion would). Each row is then
    /// written once, not zeroed first and drawn over.
    package mutating func makeRGBA(rows: Range<Int>, storingBlank: Bool,
                                   _ body: (Int, UnsafeMutablePointer<Float>, Bool) -> Void) {
        let w = width, h = height
        let rows = rows.clamped(to: 0..<h)
        guard let u = uniform else {
            samples.withUnsafeMutableBufferPointer { px in
                guard let start = px.baseAddress else { return }
                for row in rows { body(row, start + row &* w &* 4, false) }
            }
            return
        }
        let color = SIMD4<Float>(u.r, u.g, u.b, 1)  // × alpha: (u.r·a, u.g·a, u.b·a, a), as `expandedSamples`
        let count = w * h
        if zerosPending {
            // Every row blank: stored by `body` (with `storingBlank`) or as +0s, each sample once.
            samples = [Float](unsafeUninitializedCapacity: count * 4) { out, initialized in
                guard let dst = out.baseAddress else { return }
                for row in 0..<h {
                    let line = dst + row &* w &* 4
                    if !storingBlank || !rows.contains(row) { line.initialize(repeating: 0, count: w &* 4) }
                    if rows.contains(row) { body(row, line, true) }
                }
                initialized = count * 4
            }
            uniform = nil
            return
        }
        let rgba = [Float](unsafeUninitializedCapacity: count * 4) { out, initialized in
            samples.withUnsafeBufferPointer { alpha in
                guard let dst = out.baseAddress, let src = alpha.baseAddress else { return }
                for row in 0..<h {
                    let line = dst + row &* w &* 4, a = src + row &* w
                    if storingBlank, rows.contains(row), Self.isBlank(a, w) {
                        body(row, line, true)
                        continue
                    }
                    let blank = Self.expand(a, line, w, color)
                    if rows.contains(row) { body(row, line, blank) }
                }
            }
            initialized = count * 4
        }
        samples = rgba
        uniform = nil
    }

    /// `n` alpha values as RGBA pixels `color × alpha` (color.w = 1), four at a time: four zeros as four
    /// transparent pixels without a multiply. True when every alpha value was ±0 (the pixels all ±0).
    @inline(__always)
    @discardableResult
    private static func expand(_ a: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ n: Int,
                               _ color: SIMD4<Float>) -> Bool {
        var i = 0, blank = true
        let raw = UnsafeMutableRawPointer(out)
        while i &+ 4 <= n {
            let v = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD4<Float>.self)
            let q = raw + i &* 16
            if v == .zero {
                // color × 0 is (0, 0, 0, 0); for a −0 (which `==` counts as 0) +0 is stored, the same pixel.
                let z = SIMD8<Float>.zero
                q.storeBytes(of: z, as: SIMD8<Float>.self)
                (q + 32).storeBytes(of: z, as: SIMD8<Float>.self)
            } else {
                blank = false
                q.storeBytes(of: color * v[0], as: SIMD4<Float>.self)
                (q + 16).storeBytes(of: color * v[1], as: SIMD4<Float>.self)
                (q + 32).storeBytes(of: color * v[2], as: SIMD4<Float>.self)
                (q + 48).storeBytes(of: color * v[3], as: SIMD4<Float>.self)
            }
            i &+= 4
        }
        while i < n {
            if a[i] != 0 { blank = false }
            (raw + i &* 16).storeBytes(of: color * a[i], as: SIMD4<Float>.self)
            i &+= 1
        }
        return blank
    }

    /// True when all `n` values from `a` are ±0: sixteen at a time, their bit patterns or-ed together as
    /// eight 64-bit pairs and the sign bits masked off (a value is ±0 exactly when its pattern without the
    /// sign bit is 0; NaN is not), then one at a time.
    @inline(__always)
    private static func isBlank(_ a: UnsafePointer<Float>, _ n: Int) -> Bool {
        var i = 0
        let raw = UnsafeRawPointer(a)
        @inline(__always) func pair(_ j: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: j &* 4, as: UInt64.self) }
        while i &+ 16 <= n {
            let bits = ((pair(i) | pair(i &+ 2)) | (pair(i &+ 4) | pair(i &+ 6)))
                | ((pair(i &+ 8) | pair(i &+ 10)) | (pair(i &+ 12) | pair(i &+ 14)))
            if bits & 0x7FFF_FFFF_7FFF_FFFF != 0 { return false }
            i &+= 16
        }
        while i < n {
            if a[i] != 0 { return false }
            i &+= 1
        }
        return true
    }

    /// The premultiplied RGBA values of an alpha-only pixmap.
    private func expandedSamples() -> [Float] {
        guard let u = uniform else { return samples }
        let count = width * height
        if zerosPending { return Self.zeros(count * 4) }
        let alpha = storage
        return [Float](unsafeUninitializedCapacity: count * 4) { out, initialized in
            for p in 0..<count {
                let a = alpha[p]
                out[p * 4] = u.r * a; out[p * 4 + 1] = u.g * a; out[p * 4 + 2] = u.b * a; out[p * 4 + 3] = a
            }
            initialized = count * 4
        }
    }

    /// The straight RGBA8 bytes of premultiplied pixel `p` (alpha p.w not below ½ of an 8-bit step, or
    /// NaN) in memory order: `byte(channel × (1 / α))` for the colours and `byte(α)`, the four conversions
    /// side by side (`bytes`), the same product per lane.
    @inline(__always)
    static func straightBytes(_ p: SIMD4<Float>) -> UInt32 {
        var v = p * (1 / p.w)
        v.w = p.w
        return bytes(v)
    }

    /// `byte(v[k])` of the four lanes, in memory order. The same values: the same v·255 + 0.5 per lane;
    /// `byte`'s clamp (+0 unless above 0, NaN too; 255 from 255 on) as two `replacing(with:where:)`, which
    /// compile to a compare and a blend or a `minps` (hand-written bit masks were lowered lane by lane,
    /// twice as slow: BENCHMARKS.md); and its truncation, exact for 0 ≤ r < 2²³, as `wholeParts`.
    @inline(__always)
    static func bytes(_ v: SIMD4<Float>) -> UInt32 {
        let r = v * 255 + 0.5
        let positive = SIMD4<Float>.zero.replacing(with: r, where: r .> .zero)
        let clamped = positive.replacing(with: 255, where: positive .>= 255)
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: wholeParts(clamped)), to: UInt32.self)
    }

    /// ⌊f⌋ lane by lane for 0 ≤ f < 2²³ (what `Int32(f)` gives there): f + 2²³ rounds f to a whole number n
    /// held in the low bits of its pattern (floats from 2²³ to 2²⁴ are 1 apart), one less where n is
    /// above f (the compare's all-ones lanes are −1).
    @inline(__always)
    static func wholeParts(_ f: SIMD4<Float>) -> SIMD4<Int32> {
        let m = f + 8_388_608
        let over = unsafeBitCast((m - 8_388_608) .> f, to: SIMD4<Int32>.self)
        return (unsafeBitCast(m, to: SIMD4<Int32>.self) &- 0x4B00_0000) &+ over
    }

    @inline(__always)
    static func byte(_ v: Float) -> UInt8 {
        let r = v * 255 + 0.5
        return r >= 255 ? 255 : (r > 0 ? UInt8(truncatingIfNeeded: Int32(r)) : 0)  // NaN → 0, never a trap
    }

    /// Equal when the pixels are: same size and the same premultiplied RGBA values, whichever form each
    /// pixmap has.
    public static func == (lhs: Pixmap, rhs: Pixmap) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        if lhs.uniform == rhs.uniform { return lhs.samples == rhs.samples }
        return lhs.data == rhs.data
    }

    /// Hashes the size and the alpha values (the same in both forms, so equal pixmaps hash alike).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        for p in 0..<(width * height) { hasher.combine(alpha(at: p)) }
    }
}
