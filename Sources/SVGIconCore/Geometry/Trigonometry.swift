// Trigonometry without Foundation: the core must not import Foundation or C, so sin/cos/atan2/tan come
// from these small, accurate-enough (≈1e-15 relative) implementations. They are used for transforms, arcs
// and round joins — never per pixel.

/// sin(x) by reduction to [-π/4, π/4] and Taylor series.
@usableFromInline
func sine(_ x: Double) -> Double {
    guard x.isFinite else { return .nan }
    let (q, r) = reduceQuarterTurns(x)
    switch q & 3 {
    case 0: return sinKernel(r)
    case 1: return cosKernel(r)
    case 2: return -sinKernel(r)
    default: return -cosKernel(r)
    }
}

@usableFromInline
func cosine(_ x: Double) -> Double {
    guard x.isFinite else { return .nan }
    let (q, r) = reduceQuarterTurns(x)
    switch q & 3 {
    case 0: return cosKernel(r)
    case 1: return -sinKernel(r)
    case 2: return -cosKernel(r)
    default: return sinKernel(r)
    }
}

/// sin(x) and cos(x) with one reduction: the same values as `sine(x)` and `cosine(x)`, for about the
/// price of one of them.
@usableFromInline
func sineCosine(_ x: Double) -> (sin: Double, cos: Double) {
    guard x.isFinite else { return (.nan, .nan) }
    let (q, r) = reduceQuarterTurns(x)
    let s = sinKernel(r), c = cosKernel(r)
    switch q & 3 {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}

@usableFromInline
func tangent(_ x: Double) -> Double {
    let (s, c) = sineCosine(x)
    return c == 0 ? (s >= 0 ? .infinity : -.infinity) : s / c
}

/// x = q·(π/2) + r with |r| ≤ π/4 (for finite x; q = 0, r = 0 when |q| would pass 10¹⁵).
func reduceQuarterTurns(_ x: Double) -> (Int, Double) {
    let halfPi = Double.pi / 2
    let t = x / halfPi
    // q = t rounded half away from zero, as `rounded()` does, without a call into the C library:
    // truncated, then moved by one when the (exactly computed) fraction is a half or more.
    guard t.magnitude < 0x1p62 else { return (0, 0) }
    var q = Int(t)
    let fraction = t - Double(q)
    if fraction >= 0.5 { q += 1 } else if fraction <= -0.5 { q -= 1 }
    if q.magnitude > 1_000_000_000_000_000 { return (0, 0) }
    let qd = Double(q)
    // Two-part π/2 for extra precision in the reduction.
    let hi = 1.5707963267948966
    let lo = 6.123233995736766e-17
    let r = (x - qd * hi) - qd * lo
    return (q, r)
}

private func sinKernel(_ x: Double) -> Double {
    // x − x³/3! + x⁵/5! − … + x¹⁹/19!, in Horner form.
    let x2 = x * x
    var p = -1.0 / 121_645_100_408_832_000  // −1/19!
    p = p * x2 + 1.0 / 355_687_428_096_000  // 1/17!
    p = p * x2 - 1.0 / 1_307_674_368_000  // −1/15!
    p = p * x2 + 1.0 / 6_227_020_800  // 1/13!
    p = p * x2 - 1.0 / 39_916_800  // −1/11!
    p = p * x2 + 1.0 / 362_880
    p = p * x2 - 1.0 / 5_040
    p = p * x2 + 1.0 / 120
    p = p * x2 - 1.0 / 6
    return x + x * x2 * p
}

private func cosKernel(_ x: Double) -> Double {
    // 1 − x²/2! + x⁴/4! − … + x¹⁸/18!, in Horner form.
    let x2 = x * x
    var p = 1.0 / 6_402_373_705_728_000  // 1/18!
    p = p * x2 - 1.0 / 20_922_789_888_000  // −1/16!
    p = p * x2 + 1.0 / 87_178_291_200  // 1/14!
    p = p * x2 - 1.0 / 479_001_600  // −1/12!
    p = p * x2 + 1.0 / 3_628_800
    p = p * x2 - 1.0 / 40_320
    p = p * x2 + 1.0 / 720
    p = p * x2 - 1.0 / 24
    p = p * x2 + 1.0 / 2
    return 1 - x2 * p
}

/// atan(x) for any x, via argument halving and a series.
@usableFromInline
func arctangent(_ x: Double) -> Double {
    if x.isNaN { return .nan }
    if x.isInfinite { return x > 0 ? Double.pi / 2 : -Double.pi / 2 }
    if x < 0 { return -arctangent(-x) }
    if x > 1 { return Double.pi / 2 - arctangent(1 / x) }
    // Reduce twice with atan(x) = 2·atan(x / (1 + sqrt(1 + x²))) so |x| ≤ tan(π/16) ≈ 0.2.
    var y = x
    var factor = 1.0
    for _ in 0..<2 {
        y = y / (1 + (1 + y * y).squareRoot())
        factor *= 2
    }
    // y − y³/3 + y⁵/5 − … + y²⁹/29, in Horner form.
    let y2 = y * y
    var p = 1.0 / 29
    p = p * y2 - 1.0 / 27
    p = p * y2 + 1.0 / 25
    p = p * y2 - 1.0 / 23
    p = p * y2 + 1.0 / 21
    p = p * y2 - 1.0 / 19
    p = p * y2 + 1.0 / 17
    p = p * y2 - 1.0 / 15
    p = p * y2 + 1.0 / 13
    p = p * y2 - 1.0 / 11
    p = p * y2 + 1.0 / 9
    p = p * y2 - 1.0 / 7
    p = p * y2 + 1.0 / 5
    p = p * y2 - 1.0 / 3
    return (y + y * y2 * p) * factor
}

@usableFromInline
func arctangent2(_ y: Double, _ x: Double) -> Double {
    if x > 0 { return arctangent(y / x) }
    if x < 0 { return y >= 0 ? arctangent(y / x) + Double.pi : arctangent(y / x) - Double.pi }
    if y > 0 { return Double.pi / 2 }
    if y < 0 { return -Double.pi / 2 }
    return 0
}

@usableFromInline
func arccosine(_ x: Double) -> Double {
    let c = min(1, max(-1, x))
    return arctangent2((1 - c * c).squareRoot(), c)
}
