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

@usableFromInline
func tangent(_ x: Double) -> Double {
    let c = cosine(x)
    return c == 0 ? (sine(x) >= 0 ? .infinity : -.infinity) : sine(x) / c
}

/// x = q·(π/2) + r with |r| ≤ π/4.
private func reduceQuarterTurns(_ x: Double) -> (Int, Double) {
    let halfPi = Double.pi / 2
    let qd = (x / halfPi).rounded()
    if qd.magnitude > 1e15 { return (0, 0) }
    // Two-part π/2 for extra precision in the reduction.
    let hi = 1.5707963267948966
    let lo = 6.123233995736766e-17
    let r = (x - qd * hi) - qd * lo
    return (Int(qd), r)
}

private func sinKernel(_ x: Double) -> Double { taylor(x, first: x, power: 1) }

private func cosKernel(_ x: Double) -> Double { taylor(x, first: 1, power: 0) }

/// Σ (−1)^k x^(power + 2k) / (power + 2k)! to ten terms: |x| ≤ π/4 gives error < 1e-17.
private func taylor(_ x: Double, first: Double, power: Double) -> Double {
    let x2 = x * x
    var term = first
    var sum = first
    var n = power
    for _ in 0..<9 {
        term *= -x2 / ((n + 1) * (n + 2))
        n += 2
        sum += term
    }
    return sum
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
    let y2 = y * y
    var term = y
    var sum = y
    var k = 1.0
    for _ in 0..<14 {
        term *= -y2
        k += 2
        sum += term / k
    }
    return sum * factor
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
