/// An image whose colour channels are all zero (SourceAlpha, and what blur and offset make of it): one
/// `Float` a pixel instead of four. The graph keeps such results in this form until a primitive needs
/// colours, so a shadow's blur, offset and flood-in touch a quarter of the memory. Every operation here
/// does, per pixel, exactly the arithmetic the RGBA operation does on the alpha channel, so the values are
/// the same (the colour channels would be 0 + 0 · … = 0 there too; colour-space conversion leaves 0).
struct FilterAlpha: Sendable {
    let width: Int
    let height: Int
    var alpha: [Float]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        alpha = [Float](repeating: 0, count: width * height)
    }

    /// A plane holding `alpha` (width × height values), taken as it is.
    init(width: Int, height: Int, alpha: [Float]) {
        precondition(alpha.count == width * height, "alpha must hold width × height values")
        self.width = width
        self.height = height
        self.alpha = alpha
    }

    /// The alpha channel of `image`.
    init(_ image: FilterImage) {
        width = image.width
        height = image.height
        let n = width * height
        alpha = [Float](unsafeUninitializedCapacity: n) { buf, count in
            image.pixels.withUnsafeBufferPointer { px in
                for p in 0..<n { buf[p] = px[p * 4 + 3] }
            }
            count = n
        }
    }

    /// As an RGBA image with zero colour channels.
    var rgba: FilterImage {
        var out = FilterImage(width: width, height: height)
        out.pixels.withUnsafeMutableBufferPointer { px in
            alpha.withUnsafeBufferPointer { a in
                for p in 0..<a.count { px[p * 4 + 3] = a[p] }
            }
        }
        return out
    }

    /// Clears every pixel outside `rect` (image coordinates).
    mutating func clear(outside rect: FilterPixelRect) {
        let (w, h) = (width, height)
        alpha.withUnsafeMutableBufferPointer { rect.clearOutside($0, width: w, height: h, channels: 1) }
    }

    /// The plane with rows and columns swapped.
    func transposed() -> FilterAlpha { transposed(FilterPixelRect(x: 0, y: 0, width: width, height: height)) }

    /// The values of `rect` (inside the plane) with rows and columns swapped: `cropped(rect).transposed()`
    /// without the cropped copy.
    func transposed(_ rect: FilterPixelRect) -> FilterAlpha {
        let w = rect.width, h = rect.height, stride = width
        // Every value is written below.
        var out = FilterAlpha(width: h, height: w,
                              alpha: [Float](unsafeUninitializedCapacity: w * h) { _, count in count = w * h })
        alpha.withUnsafeBufferPointer { src in
            out.alpha.withUnsafeMutableBufferPointer { dst in
                guard let base = src.baseAddress, let d = dst.baseAddress else { return }
                let s = base + (rect.y &* stride &+ rect.x)
                @inline(__always) func load(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
                    UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
                }
                @inline(__always) func store(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>) {
                    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
                }
                // Blocks of 4 × 4: four rows read four values at a time, written as four columns.
                var y = 0
                while y &+ 4 <= h {
                    let r0 = s + y &* stride, r1 = r0 + stride, r2 = r1 + stride, r3 = r2 + stride
                    var x = 0
                    while x &+ 4 <= w {
                        let a = load(r0 + x), b = load(r1 + x), c = load(r2 + x), e = load(r3 + x)
                        let o = d + (x &* h &+ y)
                        store(SIMD4(a.x, b.x, c.x, e.x), o)
                        store(SIMD4(a.y, b.y, c.y, e.y), o + h)
                        store(SIMD4(a.z, b.z, c.z, e.z), o + 2 &* h)
                        store(SIMD4(a.w, b.w, c.w, e.w), o + 3 &* h)
                        x &+= 4
                    }
                    while x < w {
                        let o = d + (x &* h &+ y)
                        o[0] = r0[x]; o[1] = r1[x]; o[2] = r2[x]; o[3] = r3[x]
                        x &+= 1
                    }
                    y &+= 4
                }
                while y < h {
                    for x in 0..<w { d[x &* h &+ y] = s[y &* stride &+ x] }
                    y &+= 1
                }
            }
        }
        return out
    }
}

extension FilterOps {
    /// feOffset of an alpha plane (as `offset`).
    static func offset(_ input: FilterAlpha, dx: Double, dy: Double) -> FilterAlpha {
        let (ix, fx) = splitOffset(dx), (iy, fy) = splitOffset(dy)
        var out = wholeOffset(input, dx: ix, dy: iy)
        let w = out.width, h = out.height
        // (1 − t)·a + t·b with b = a moved one pixel right / down (transparent where it moved in from).
        if fx > 0 {
            out.alpha.withUnsafeMutableBufferPointer { buf in
                for y in 0..<h {
                    let o = buf.baseAddress! + y &* w
                    var x = w &- 1
                    while x > 0 {
                        o[x] += (o[x &- 1] - o[x]) * fx
                        x &-= 1
                    }
                    if w > 0 { o[0] += (0 - o[0]) * fx }
                }
            }
        }
        if fy > 0 {
            out.alpha.withUnsafeMutableBufferPointer { buf in
                var y = h &- 1
                while y >= 0 {
                    let o = buf.baseAddress! + y &* w
                    if y > 0 {
                        let q = o - w
                        var x = 0
                        while x < w { o[x] += (q[x] - o[x]) * fy; x &+= 1 }
                    } else {
                        var x = 0
                        while x < w { o[x] += (0 - o[x]) * fy; x &+= 1 }
                    }
                    y &-= 1
                }
            }
        }
        return out
    }

    /// The plane moved by whole pixels.
    static func wholeOffset(_ input: FilterAlpha, dx ox: Int, dy oy: Int) -> FilterAlpha {
        FilterAlpha(width: input.width, height: input.height,
                    alpha: moved(input.alpha, width: input.width, height: input.height, channels: 1, ox, oy))
    }

    /// `top` (an alpha plane, colour 0) source-over `image`: s + d·(1 − αs) per channel.
    static func sourceOver(_ top: FilterAlpha, onto image: inout FilterImage) {
        image.pixels.withUnsafeMutableBufferPointer { d in
            top.alpha.withUnsafeBufferPointer { s in
                for p in 0..<s.count {
                    let a = s[p], keep = 1 - a, i = p * 4
                    d[i] = 0 + d[i] * keep; d[i + 1] = 0 + d[i + 1] * keep
                    d[i + 2] = 0 + d[i + 2] * keep; d[i + 3] = a + d[i + 3] * keep
                }
            }
        }
    }

    /// feDropShadow's last steps at once: the shadow (`shadow`'s alpha moved by whole pixels (dx, dy) ×
    /// the colour's alpha × opacity, in the colour) under `input`, written into `input`:
    /// input + shadow · (1 − α input). Where the moved shadow is outside its plane it is 0, which leaves the
    /// input as it is, so only the rows and columns it lands on are visited.
    static func shadow(_ shadow: FilterAlpha, movedBy dx: Int = 0, _ dy: Int = 0, under input: inout FilterImage,
                       color: SVGColor, opacity: Double, space: SVGFilterColorSpace) {
        let (r, g, b, ca) = straight(color, opacity: opacity, space: space)
        let w = shadow.width, h = shadow.height
        guard abs(dx) < w, abs(dy) < h else { return }
        let x0 = max(0, dx), x1 = min(w, w + dx)
        input.pixels.withUnsafeMutableBufferPointer { px in
            shadow.alpha.withUnsafeBufferPointer { sh in
                for y in max(0, dy)..<min(h, h + dy) {
                    let s = (y - dy) * w - dx
                    for x in x0..<x1 {
                        let i = (y * w + x) * 4
                        let a = sh[s + x] * ca
                        let keep = 1 - px[i + 3]
                        px[i] = px[i] + (r * a) * keep
                        px[i + 1] = px[i + 1] + (g * a) * keep
                        px[i + 2] = px[i + 2] + (b * a) * keep
                        px[i + 3] = px[i + 3] + a * keep
                    }
                }
            }
        }
    }
}
