// Trigonometry without Foundation: the core must not import Foundation or C, so sin/cos/atan2/tan come
// from these small, accurate-enough (≈1e-15 relative) implementations. They are used for transforms, arcs
// and round joins — never per pixel.

/// sin(x) by reduction to [-π/4, π/4] and Taylor series.
@usableFromInline
func sine(_ x: Double) -> Double {
    guard x.isFinite else { return .nan }
    let (q, r) = reduceQuarterTurns(x)
    return sine(quarterTurns: q, plus: r)
}

/// cos(x) = sin(x + π/2): the same reduction, one quarter turn further.
@usableFromInline
func cosine(_ x: Double) -> Double {
    guard x.isFinite else { return .nan }
    let (q, r) = reduceQuarterTurns(x)
    return sine(quarterTurns: q + 1, plus: r)
}

/// sin(q·π/2 + r) for |r| ≤ π/4.
@inline(__always)
private func sine(quarterTurns q: Int, plus r: Double) -> Double {
    switch q & 3 {
    case 0: return sinKernel(r)
    case 1: return cosKernel(r)
    case 2: return -sinKernel(r)
    default: return -cosKernel(r)
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
    let x2 = x * x
    return x + x * x2 * horner(x2, sinCoefficients)
}

private func cosKernel(_ x: Double) -> Double {
    let x2 = x * x
    return 1 - x2 * horner(x2, cosCoefficients)
}

/// c₀·tⁿ⁻¹ + c₁·tⁿ⁻² + … + cₙ₋₁ in Horner form, highest power first.
@inline(__always)
private func horner(_ t: Double, _ coefficients: [Double]) -> Double {
    var p = coefficients[0]
    for i in 1..<coefficients.count { p = p * t + coefficients[i] }
    return p
}

/// sin x = x + x³·P(x²): P's coefficients, −1/19! … −1/3! (x − x³/3! + x⁵/5! − … + x¹⁹/19!).
private let sinCoefficients: [Double] = [
    -1.0 / 121_645_100_408_832_000, 1.0 / 355_687_428_096_000, -1.0 / 1_307_674_368_000, 1.0 / 6_227_020_800,
    -1.0 / 39_916_800, 1.0 / 362_880, -1.0 / 5_040, 1.0 / 120, -1.0 / 6,
]

/// cos x = 1 − x²·P(x²): P's coefficients, 1/18! … 1/2! (1 − x²/2! + x⁴/4! − … + x¹⁸/18!).
private let cosCoefficients: [Double] = [
    1.0 / 6_402_373_705_728_000, -1.0 / 20_922_789_888_000, 1.0 / 87_178_291_200, -1.0 / 479_001_600,
    1.0 / 3_628_800, -1.0 / 40_320, 1.0 / 720, -1.0 / 24, 1.0 / 2,
]

/// atan y = y + y³·P(y²) for small y: P's coefficients, 1/29 … −1/3 (y − y³/3 + y⁵/5 − … + y²⁹/29).
private let arctangentCoefficients: [Double] = [
    1.0 / 29, -1.0 / 27, 1.0 / 25, -1.0 / 23, 1.0 / 21, -1.0 / 19, 1.0 / 17, -1.0 / 15,
    1.0 / 13, -1.0 / 11, 1.0 / 9, -1.0 / 7, 1.0 / 5, -1.0 / 3,
]

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
    let y2 = y * y
    let p = horner(y2, arctangentCoefficients)
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
