@testable import SVGIconCore

/// The plane blur as it was before the box passes were chained (`BoxChain`): rows through a transpose,
/// the three box passes one after the other over whole planes (strips of 16, 4 and 1 columns), columns
/// likewise. Kept here as the reference the chained blur must equal bit for bit.
enum ReferenceBlur {
    /// `FilterOps.blurWhole(input, sx, sy, within: area)` the old way.
    static func blurWhole(_ input: FilterAlpha, _ sx: Double, _ sy: Double, within area: FilterPixelRect) -> FilterAlpha {
        // Rows of the area are columns of its transpose (transposed twice when sx = 0: the area's values).
        var turned = input.transposed(area)
        if sx > 0 { columns(&turned, sx) }
        var image = turned.transposed()
        if sy > 0 { columns(&image, sy) }
        return image
    }

    /// Every column of `plane` blurred: for σ ≥ 2 the three box passes over the whole plane in turn, for
    /// σ < 2 the kernel (`FilterOps.blurColumns`, unchanged).
    static func columns(_ plane: inout FilterAlpha, _ sigma: Double) {
        guard sigma >= 2, !plane.alpha.isEmpty else { return FilterOps.blurColumns(&plane, sigma) }
        let w = plane.width, h = plane.height
        // Every value of the scratch plane is written by the first pass before it is read.
        var scratch = [Float](unsafeUninitializedCapacity: w * h) { _, count in count = w * h }
        let windows = FilterOps.boxWindows(sigma)
        plane.alpha.withUnsafeMutableBufferPointer { px in
            scratch.withUnsafeMutableBufferPointer { tmp in
                guard let p = px.baseAddress, let t = tmp.baseAddress else { return }
                boxColumns(from: p, to: t, w, h, windows[0])
                boxColumns(from: t, to: p, w, h, windows[1])
                boxColumns(from: p, to: t, w, h, windows[2])
            }
        }
        plane.alpha = scratch
    }

    /// One box blur down every column: out[y] = mean of in[y − left … y + right], zero outside (as
    /// `boxPass` along a row: a `Float` running sum per column, the output its product with `boxScale`).
    /// Strips of 16 columns go down the plane with their sums in registers (a strip's row is one
    /// cache line), then strips of 4, then single columns; each column's sums are the same.
    static func boxColumns(from src: UnsafeMutablePointer<Float>, to dst: UnsafeMutablePointer<Float>,
                           _ w: Int, _ n: Int, _ window: (Int, Int)) {
        var x = 0
        while x &+ 16 <= w {
            boxStrip16(src + x, dst + x, w, n, window)
            x &+= 16
        }
        while x &+ 4 <= w {
            boxStrip4(src + x, dst + x, w, n, window)
            x &+= 4
        }
        while x < w {
            boxColumn(src + x, dst + x, w, n, window)
            x &+= 1
        }
    }

    @inline(__always)
    static func load4(_ p: UnsafeMutablePointer<Float>) -> SIMD4<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
    }

    @inline(__always)
    static func store4(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
    }

    /// `boxColumns` on the 16 columns from `s` (row stride `w`).
    static func boxStrip16(_ s: UnsafeMutablePointer<Float>, _ d: UnsafeMutablePointer<Float>,
                                   _ w: Int, _ n: Int, _ window: (Int, Int)) {
        let (left, right) = window
        let scale = FilterOps.boxScale(window)
        var a = SIMD4<Float>(repeating: 0), b = a, c = a, e = a
        var k = 0
        while k <= min(right, n &- 1) {
            let p = s + k &* w
            a += load4(p); b += load4(p + 4); c += load4(p + 8); e += load4(p + 12)
            k &+= 1
        }
        for y in 0..<n {
            let o = d + y &* w
            store4(a * scale, o); store4(b * scale, o + 4); store4(c * scale, o + 8); store4(e * scale, o + 12)
            let add = y &+ 1 &+ right
            if add < n {
                let p = s + add &* w
                a += load4(p); b += load4(p + 4); c += load4(p + 8); e += load4(p + 12)
            }
            let remove = y &- left
            if remove >= 0 {
                let p = s + remove &* w
                a -= load4(p); b -= load4(p + 4); c -= load4(p + 8); e -= load4(p + 12)
            }
        }
    }

    /// `boxColumns` on the 4 columns from `s` (row stride `w`).
    static func boxStrip4(_ s: UnsafeMutablePointer<Float>, _ d: UnsafeMutablePointer<Float>,
                                  _ w: Int, _ n: Int, _ window: (Int, Int)) {
        let (left, right) = window
        let scale = FilterOps.boxScale(window)
        var a = SIMD4<Float>(repeating: 0)
        var k = 0
        while k <= min(right, n &- 1) {
            a += load4(s + k &* w)
            k &+= 1
        }
        for y in 0..<n {
            store4(a * scale, d + y &* w)
            let add = y &+ 1 &+ right
            if add < n { a += load4(s + add &* w) }
            let remove = y &- left
            if remove >= 0 { a -= load4(s + remove &* w) }
        }
    }

    /// `boxColumns` on the one column from `s` (row stride `w`).
    static func boxColumn(_ s: UnsafeMutablePointer<Float>, _ d: UnsafeMutablePointer<Float>,
                                  _ w: Int, _ n: Int, _ window: (Int, Int)) {
        let (left, right) = window
        let scale = FilterOps.boxScale(window)
        var a: Float = 0
        var k = 0
        while k <= min(right, n &- 1) {
            a += s[k &* w]
            k &+= 1
        }
        for y in 0..<n {
            d[y &* w] = a * scale
            let add = y &+ 1 &+ right
            if add < n { a += s[add &* w] }
            let remove = y &- left
            if remove >= 0 { a -= s[remove &* w] }
        }
    }
}
