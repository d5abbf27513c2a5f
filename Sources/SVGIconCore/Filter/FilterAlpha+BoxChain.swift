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
    init(_ windows: [(Int, Int)], count: Int, ringOnly: Bool = false) {
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
        rereads = !ringOnly && right[0] + right[1] + right[2] >= length[0]
    }

    /// How many values (of the signal's SIMD type) the three rings hold together.
    let ringCount: Int

    /// Whether pass 1 reads the value leaving its sum again from the signal instead of keeping it in its
    /// ring: the value taken `length[0]` steps before is at that step still the input, in place too, when
    /// the output lags the input by at least that many steps (r1 + r2 + r3 ≥ the first window's length,
    /// which holds for every σ ≥ 2: `boxWindows` makes r2 + r3 ≥ l1 + 1). `ringOnly` (for the tests) keeps
    /// the ring always.
    let rereads: Bool

    /// Runs the chain over one signal of SIMD values (lanes: independent signals): `signal.read(j)` gives
    /// its j-th value (in order of first reads; with `rereads`, j inside the signal is read once more
    /// `length[0]` steps later: the value leaving pass 1's sum), `signal.write(y, v)` takes the y-th
    /// output, in order. `write(y, _)` comes after `read(y + r1 + r2 + r3)` (or the last read), and no
    /// read of a value at or before y follows it, so the output may overwrite the input in place. `ring`
    /// holds `ringCount` values, which this sets to 0 first. Pass 1's leaving value read again from the
    /// signal (`rereads`) or kept in its ring gives the sums the same values (a value outside the signal
    /// is +0 in both: the ring starts at 0 and takes zeros past the signal's end). A signal type rather
    /// than closures: its `@inline(__always)` reads and writes are inlined however large the sweep is.
    /// Only signals whose reads fold into the sums' subtractions (`S.rereadsCheaply`) read again: for the
    /// others a second load costs more than the ring's store.
    @inline(__always)
    func run<S: BoxChainSignal>(_ ring: UnsafeMutablePointer<S.Value>, _ signal: S) {
        ring.update(repeating: S.Value(), count: ringCount)
        if S.rereadsCheaply && rereads { sweep(ring, signal, rereading: true) }
        else { sweep(ring, signal, rereading: false) }
    }

    /// `run` after the rings are set to 0, pass 1's leaving value read again from the signal
    /// (`rereading`, which needs `rereads`) or kept in its ring (a constant where this is inlined, so
    /// that each sweep has one of the two and no test).
    @inline(__always)
    private func sweep<S: BoxChainSignal>(_ ring: UnsafeMutablePointer<S.Value>, _ signal: S, rereading: Bool) {
        typealias V = S.Value
        @inline(__always) func read(_ j: Int) -> V { signal.read(j) }
        @inline(__always) func write(_ y: Int, _ v: V) { signal.write(y, v) }
        let n = count
        let (r1, r2, r3) = (right[0], right[1], right[2])
        let (w1, w2, w3) = (length[0], length[1], length[2])
        let m = mask
        let (q1, q2, q3) = (ring + start[0], ring + start[1], ring + start[2])
        let (c1, c2, c3) = (scale[0], scale[1], scale[2])
        var s1 = V(), s2 = V(), s3 = V()
        // Step g: pass 1 takes value g, pass 2 pass 1's output g − r1, pass 3 pass 2's output g − r1 − r2,
        // and pass 3 gives output g − r1 − r2 − r3; past the signal's end a pass passes on zeros. From
        // step r1 + r2 + r3 to step n − 1 every pass is inside the signal (`inside`: no tests; when
        // rereading, value g − w1 is then inside the signal too: g − w1 ≥ r1 + r2 + r3 − w1 ≥ 0).
        // One pass's step: its newest value `v` in, the one it took `w` steps before (from its ring) out.
        // Each pass files its values by step number, so the three rings share one index per step.
        @inline(__always) func take(_ s: inout V, _ v: V, _ q: UnsafeMutablePointer<V>, _ g: Int, _ w: Int) {
            s += v
            s -= q[(g &- w) & m]
            q[g & m] = v
        }
        // Pass 1's step when rereading: value g − w1 leaves from the signal (still the input: the output
        // written so far ends before g − r1 − r2 − r3 ≤ g − w1), +0 outside it, as the ring would hold.
        @inline(__always) func takeInput(_ g: Int, _ inside: Bool) {
            s1 += inside || g < n ? read(g) : V()
            let j = g &- w1
            s1 -= inside || (j >= 0 && j < n) ? read(j) : V()
        }
        @inline(__always) func step(_ g: Int, _ inside: Bool) {
            if rereading { takeInput(g, inside) } else { take(&s1, inside || g < n ? read(g) : V(), q1, g, w1) }
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
            chain.run(ring16, StridedSignal<SIMD16<Float>>(base: p + x, stride: w))
            x &+= 16
        }
        while x &+ 4 <= w {
            chain.run(ring4, StridedSignal<SIMD4<Float>>(base: p + x, stride: w))
            x &+= 4
        }
        if x < w { chain.run(ring4, LeftoverSignal(base: p + x, stride: w, lanes: w &- x)) }
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
                chain.run(ring16, BandSignal(band16))
                band16.withMemoryRebound(to: SIMD4<Float>.self, capacity: w &* 4) { lanes in
                    for k in 0..<4 { scatterBand(lanes + k, 4, 4, w, dst + (y &+ 4 &* k) &* w, w) }
                }
                y &+= 16
            }
        }
        while y < h {
            let rows = min(4, h &- y)
            gatherBand(origin + y &* stride, stride, rows, band, 1, rect.x, valid, w, hard)
            chain.run(ring, BandSignal(band))
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
                (o[0], o[step], o[2 &* step], o[3 &* step]) = transposed(a, b, c, e)
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
                let (a, b, c, e) = transposed(o[0], o[step], o[2 &* step], o[3 &* step])
                store4(a, r0 + x)
                store4(b, r1 + x)
                store4(c, r2 + x)
                store4(e, r3 + x)
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

    /// The 4 × 4 block of rows `a`, `b`, `c`, `e` turned on its diagonal: value i of row k becomes value k
    /// of row i. Built from lane pairs first (an interleave of two rows' low or high halves), then the
    /// 64-bit halves of those, which SSE2 does in 8 shuffles (the same block by single lanes costs 12).
    @inline(__always)
    static func transposed(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>, _ e: SIMD4<Float>)
        -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
        let ab0 = SIMD4(a.x, b.x, a.y, b.y), ce0 = SIMD4(c.x, e.x, c.y, e.y)
        let ab1 = SIMD4(a.z, b.z, a.w, b.w), ce1 = SIMD4(c.z, e.z, c.w, e.w)
        return (halves(ab0, ce0, high: false), halves(ab0, ce0, high: true),
                halves(ab1, ce1, high: false), halves(ab1, ce1, high: true))
    }

    /// The low (or, with `high`, the high) 64 bits of `p`, then those of `q`, moved as 64-bit lanes (kept
    /// apart from the 32-bit shuffles before them, so that the compiler does not merge the two steps).
    @inline(__always)
    private static func halves(_ p: SIMD4<Float>, _ q: SIMD4<Float>, high: Bool) -> SIMD4<Float> {
        let u = unsafeBitCast(p, to: SIMD2<Double>.self), v = unsafeBitCast(q, to: SIMD2<Double>.self)
        return unsafeBitCast(high ? SIMD2(u.y, v.y) : SIMD2(u.x, v.x), to: SIMD4<Float>.self)
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

/// A signal `BoxChain.run` sweeps in place: values read by index and outputs written by index (the
/// sweep's order of reads and writes is `run`'s).
protocol BoxChainSignal {
    /// One value of the signal: a lane per independent signal.
    associatedtype Value: SIMD where Value.Scalar == Float
    /// The j-th value (0 ≤ j < the chain's count).
    func read(_ j: Int) -> Value
    /// Stores the y-th output over the y-th value.
    func write(_ y: Int, _ v: Value)
    /// Whether `BoxChain.run` reads pass 1's leaving value again (when the chain `rereads`) rather than
    /// keeping it in a ring: for aligned values in memory, which the subtraction takes straight from
    /// memory (an unaligned load is an instruction of its own and needs a register).
    static var rereadsCheaply: Bool { get }
}

/// A signal of consecutive values in memory (a band of transposed rows).
struct BandSignal<Value: SIMD>: BoxChainSignal where Value.Scalar == Float {
    /// The first value.
    let values: UnsafeMutablePointer<Value>

    /// The signal starting at `values`.
    init(_ values: UnsafeMutablePointer<Value>) { self.values = values }

    /// Value j.
    @inline(__always) func read(_ j: Int) -> Value { values[j] }

    /// Output y over value y.
    @inline(__always) func write(_ y: Int, _ v: Value) { values[y] = v }

    /// Aligned values: read again.
    static var rereadsCheaply: Bool { true }
}

/// Lanes-wide strips of a plane's columns: value j is row j's `Value.scalarCount` floats from `base`
/// (rows `stride` floats apart, not aligned).
private struct StridedSignal<Value: SIMD>: BoxChainSignal where Value.Scalar == Float {
    /// The strip's top-left float.
    let base: UnsafeMutablePointer<Float>
    /// Floats from one row to the next.
    let stride: Int

    /// Row j's floats of the strip.
    @inline(__always) func read(_ j: Int) -> Value {
        UnsafeRawPointer(base + j &* stride).loadUnaligned(as: Value.self)
    }

    /// Output y over row y's floats of the strip.
    @inline(__always) func write(_ y: Int, _ v: Value) {
        UnsafeMutableRawPointer(base + y &* stride).storeBytes(of: v, as: Value.self)
    }

    /// Unaligned loads: the ring.
    static var rereadsCheaply: Bool { false }
}

/// The last 1 to 3 columns of a plane as a strip of 4 lanes, the lanes past them read as 0 and never
/// written.
private struct LeftoverSignal: BoxChainSignal {
    /// The strip's top-left float.
    let base: UnsafeMutablePointer<Float>
    /// Floats from one row to the next, and how many columns the strip has (1…3).
    let stride: Int, lanes: Int

    /// Row j's columns of the strip, 0 in the lanes past them.
    @inline(__always) func read(_ j: Int) -> SIMD4<Float> {
        var v = SIMD4<Float>()
        for i in 0..<lanes { v[i] = base[j &* stride &+ i] }
        return v
    }

    /// Output y's first `lanes` lanes over row y's columns of the strip.
    @inline(__always) func write(_ y: Int, _ v: SIMD4<Float>) {
        for i in 0..<lanes { base[y &* stride &+ i] = v[i] }
    }

    /// Lane by lane loads: the ring.
    static var rereadsCheaply: Bool { false }
}
