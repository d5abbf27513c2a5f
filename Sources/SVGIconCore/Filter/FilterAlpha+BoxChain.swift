// MARK: - The three box passes of a blur axis in one sweep, without transposes (σ ≥ 2)

/// The three box passes of one axis (σ ≥ 2) chained in one sweep over signals of `count` values: each
/// pass's running sum takes the value the pass before it has just made, and a small ring per pass keeps the
/// values its sum still has to subtract. Every sum gets exactly the adds and subtracts, in the same order,
/// that `FilterOps.boxPass` makes over a whole row (its zeros outside the signal are adds and subtracts of
/// +0, which leave a sum as it is: a running sum that starts at +0 is never −0), and each output is the
/// same product with `boxScale` — so the values are bit for bit those of three separate passes.
struct BoxChain {
    /// The signal's length.
    let count: Int
    /// Per pass: the values right of the output its sum already holds (the window's right side, at most
    /// `count`), the window's length with its left side cut to at most `count` (a value leaves the sum
    /// that many steps after it came in), and 1 / the uncut window's size.
    let right: SIMD3<Int>, length: SIMD3<Int>, scale: SIMD3<Float>
    /// Where each pass's ring starts in the chain's ring storage, and their common size − 1 (a power of
    /// two − 1, at least the longest window's length − 1): value j of a pass sits in its ring at j & mask.
    let start: SIMD3<Int>, mask: Int

    /// The chain of `windows` (three, from `FilterOps.boxWindows`) over signals of `count` values. Cutting
    /// a side to `count` changes no sum: a value that far out is never inside the signal.
    init(_ windows: [(Int, Int)], count: Int) {
        self.count = count
        var right = SIMD3<Int>(), length = SIMD3<Int>(), scale = SIMD3<Float>(), start = SIMD3<Int>()
        var size = 1
        for k in 0..<3 {
            let (l, r) = (min(windows[k].0, count), min(windows[k].1, count))
            right[k] = r
            length[k] = l + r + 1
            scale[k] = FilterOps.boxScale(windows[k])
            while size < length[k] { size <<= 1 }
        }
        start = SIMD3(0, size, 2 * size)
        (self.right, self.length, self.scale, self.start, mask) = (right, length, scale, start, size - 1)
        ringCount = 3 * size
    }

    /// How many values (of the signal's SIMD type) the three rings hold together.
    let ringCount: Int

    /// Runs the chain over one signal of SIMD values (lanes: independent signals): `read(j)` gives its
    /// j-th value (each j once, in order), `write(y, v)` takes the y-th output, in order. `write(y, _)`
    /// comes after `read(y + r1 + r2 + r3)` (or the last read), and no read of a value at or before y
    /// follows it, so the output may overwrite the input in place. `ring` holds `ringCount` values, which
    /// this sets to 0 first.
    @inline(__always)
    func run<V: SIMD>(_ ring: UnsafeMutablePointer<V>, read: (Int) -> V, write: (Int, V) -> Void)
        where V.Scalar == Float {
        ring.update(repeating: V(), count: ringCount)
        let n = count
        let (r1, r2, r3) = (right[0], right[1], right[2])
        let (w1, w2, w3) = (length[0], length[1], length[2])
        let m = mask
        let (q1, q2, q3) = (ring + start[0], ring + start[1], ring + start[2])
        let (c1, c2, c3) = (scale[0], scale[1], scale[2])
        var s1 = V(), s2 = V(), s3 = V()
        // Step g: pass 1 takes value g, pass 2 pass 1's output g − r1, pass 3 pass 2's output g − r1 − r2,
        // and pass 3 gives output g − r1 − r2 − r3; past the signal's end a pass passes on zeros. From
        // step r1 + r2 + r3 to step n − 1 every pass is inside the signal (`inside`: no tests).
        // One pass's step: its newest value `v` in, the one it took `w` steps before (from its ring) out.
        // Each pass files its values by step number, so the three rings share one index per step.
        @inline(__always) func take(_ s: inout V, _ v: V, _ q: UnsafeMutablePointer<V>, _ g: Int, _ w: Int) {
            s += v
            s -= q[(g &- w) & m]
            q[g & m] = v
        }
        @inline(__always) func step(_ g: Int, _ inside: Bool) {
            take(&s1, inside || g < n ? read(g) : V(), q1, g, w1)
            let j2 = g &- r1
            if !inside, j2 < 0 { return }
            take(&s2, inside || j2 < n ? s1 * c1 : V(), q2, g, w2)
            let j3 = j2 &- r2
            if !inside, j3 < 0 { return }
            take(&s3, inside || j3 < n ? s2 * c2 : V(), q3, g, w3)
            let y = j3 &- r3
            if inside || y >= 0 { write(y, s3 * c3) }
        }
        let reach = r1 &+ r2 &+ r3, end = n &+ reach
        var g = 0
        while g < min(reach, n) { step(g, false); g &+= 1 }
        while g < n { step(g, true); g &+= 1 }
        while g < end { step(g, false); g &+= 1 }
    }
}

extension FilterOps {
    /// The box passes of `sigma` (≥ 2) down every column of the w × h plane at `p`, in place: strips of 16
    /// columns (one SIMD value a row), then of 4, then the last 1 to 3 columns in a strip of 4 whose other
    /// lanes are 0. Per column the values of three box passes down it, one after the other.
    static func boxChainColumns(_ p: UnsafeMutablePointer<Float>, _ w: Int, _ h: Int, _ sigma: Double) {
        guard w > 0, h > 0 else { return }
        let chain = BoxChain(boxWindows(sigma), count: h)
        let ring16 = UnsafeMutablePointer<SIMD16<Float>>.allocate(capacity: chain.ringCount)
        let ring4 = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: chain.ringCount)
        defer { ring16.deallocate(); ring4.deallocate() }
        var x = 0
        while x &+ 16 <= w {
            let s = p + x
            chain.run(ring16, read: { UnsafeRawPointer(s + $0 &* w).loadUnaligned(as: SIMD16<Float>.self) },
                      write: { UnsafeMutableRawPointer(s + $0 &* w).storeBytes(of: $1, as: SIMD16<Float>.self) })
            x &+= 16
        }
        while x &+ 4 <= w {
            let s = p + x
            chain.run(ring4, read: { UnsafeRawPointer(s + $0 &* w).loadUnaligned(as: SIMD4<Float>.self) },
                      write: { UnsafeMutableRawPointer(s + $0 &* w).storeBytes(of: $1, as: SIMD4<Float>.self) })
            x &+= 4
        }
        if x < w {
            let s = p + x, lanes = w &- x
            chain.run(ring4, read: { j in
                var v = SIMD4<Float>()
                for i in 0..<lanes { v[i] = s[j &* w &+ i] }
                return v
            }, write: { y, v in
                for i in 0..<lanes { s[y &* w &+ i] = v[i] }
            })
        }
    }

    /// The box passes of `sigma` (≥ 2) along every row of `rect` (inside the plane at `src`, `stride` values
    /// a row), written to the rect.width × rect.height plane at `dst` (every value of it): bands of 4 rows
    /// go through a row of 4-lane values (lane k: the band's row k; 4 × 4 blocks swapped in registers),
    /// blurred there in place and swapped back. Per row the values `blurRows` gives. With `hard`, each value
    /// v is read as `FilterDesignerShadow.alphaRow(hard, v)` (k·v clamped to 0…1): the blur of that plane
    /// without making it, and `rect` may then reach past the plane's sides: its columns outside
    /// 0..<stride are read as 0 (its rows must be inside the plane).
    static func boxChainRows(_ src: UnsafePointer<Float>, stride: Int, _ rect: FilterPixelRect,
                             to dst: UnsafeMutablePointer<Float>, _ sigma: Double, hard: Float? = nil) {
        let w = rect.width, h = rect.height
        guard w > 0, h > 0 else { return }
        let lo = min(w, max(0, -rect.x)), valid = lo..<max(lo, min(w, stride &- rect.x))
        let chain = BoxChain(boxWindows(sigma), count: w)
        let ring = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: chain.ringCount)
        let band = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w)
        defer { ring.deallocate(); band.deallocate() }
        let origin = src + rect.y &* stride  // the first row's start; columns from rect.x on
        var y = 0
        if h >= 16 {
            let ring16 = UnsafeMutablePointer<SIMD16<Float>>.allocate(capacity: chain.ringCount)
            let band16 = UnsafeMutablePointer<SIMD16<Float>>.allocate(capacity: w)
            defer { ring16.deallocate(); band16.deallocate() }
            while y &+ 16 <= h {
                band16.withMemoryRebound(to: SIMD4<Float>.self, capacity: w &* 4) { lanes in
                    for k in 0..<4 {
                        gatherBand(origin + (y &+ 4 &* k) &* stride, stride, 4, lanes + k, 4, rect.x, valid, w, hard)
                    }
                }
                chain.run(ring16, read: { band16[$0] }, write: { band16[$0] = $1 })
                band16.withMemoryRebound(to: SIMD4<Float>.self, capacity: w &* 4) { lanes in
                    for k in 0..<4 { scatterBand(lanes + k, 4, 4, w, dst + (y &+ 4 &* k) &* w, w) }
                }
                y &+= 16
            }
        }
        while y < h {
            let rows = min(4, h &- y)
            gatherBand(origin + y &* stride, stride, rows, band, 1, rect.x, valid, w, hard)
            chain.run(ring, read: { band[$0] }, write: { band[$0] = $1 })
            scatterBand(band, 1, rows, w, dst + y &* w, w)
            y &+= 4
        }
    }

    /// Lane k of `band[x · step]` = row k's value x0 + x (rows from `s`, `stride` apart; lanes from `rows`
    /// on are 0) for x in `valid`, 0 for the others of 0..<w; each read through `hardened(hard, ·)` when
    /// `hard` is given.
    @inline(__always)
    private static func gatherBand(_ s: UnsafePointer<Float>, _ stride: Int, _ rows: Int,
                                   _ band: UnsafeMutablePointer<SIMD4<Float>>, _ step: Int, _ x0: Int,
                                   _ valid: Range<Int>, _ w: Int, _ hard: Float?) {
        for x in 0..<valid.lowerBound { band[x &* step] = SIMD4() }
        var x = valid.lowerBound
        let end = valid.upperBound
        if rows == 4 {
            let r0 = s, r1 = s + stride, r2 = r1 + stride, r3 = r2 + stride
            while x &+ 4 <= end {
                let i = x0 &+ x  // ≥ 0 inside `valid`
                var a = load4(r0 + i), b = load4(r1 + i), c = load4(r2 + i), e = load4(r3 + i)
                if let hard {
                    (a, b, c, e) = (hardened(hard, a), hardened(hard, b), hardened(hard, c), hardened(hard, e))
                }
                let o = band + x &* step
                o[0] = SIMD4(a.x, b.x, c.x, e.x)
                o[step] = SIMD4(a.y, b.y, c.y, e.y)
                o[2 &* step] = SIMD4(a.z, b.z, c.z, e.z)
                o[3 &* step] = SIMD4(a.w, b.w, c.w, e.w)
                x &+= 4
            }
        }
        while x < end {
            var v = SIMD4<Float>()
            for k in 0..<rows { v[k] = s[k &* stride &+ x0 &+ x] }
            band[x &* step] = hard.map { hardened($0, v) } ?? v
            x &+= 1
        }
        for x in end..<w { band[x &* step] = SIMD4() }
    }

    /// Row k (from `d`, `stride` apart, k < `rows`) value x = lane k of `band[x · step]`.
    @inline(__always)
    private static func scatterBand(_ band: UnsafeMutablePointer<SIMD4<Float>>, _ step: Int, _ rows: Int, _ w: Int,
                                    _ d: UnsafeMutablePointer<Float>, _ stride: Int) {
        var x = 0
        if rows == 4 {
            let r0 = d, r1 = d + stride, r2 = r1 + stride, r3 = r2 + stride
            while x &+ 4 <= w {
                let o = band + x &* step
                let a = o[0], b = o[step], c = o[2 &* step], e = o[3 &* step]
                store4(SIMD4(a.x, b.x, c.x, e.x), r0 + x)
                store4(SIMD4(a.y, b.y, c.y, e.y), r1 + x)
                store4(SIMD4(a.z, b.z, c.z, e.z), r2 + x)
                store4(SIMD4(a.w, b.w, c.w, e.w), r3 + x)
                x &+= 4
            }
        }
        while x < w {
            let v = band[x &* step]
            for k in 0..<rows { d[k &* stride &+ x] = v[k] }
            x &+= 1
        }
    }

    /// k·v clamped to 0…1 lane by lane: `FilterDesignerShadow.alphaRow(k, v)` (+0 for 0 and −0), as
    /// `FilterDesignerShadow.hardMoved` computes it.
    @inline(__always)
    static func hardened(_ k: Float, _ v: SIMD4<Float>) -> SIMD4<Float> {
        let t = k * v, one = SIMD4<Float>(repeating: 1)
        return SIMD4<Float>.zero.replacing(with: one.replacing(with: t, where: t .< one), where: t .> .zero)
    }

    @inline(__always)
    private static func load4(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
    }

    @inline(__always)
    private static func store4(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
    }
}
