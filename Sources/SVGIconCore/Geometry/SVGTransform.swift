/// A 2-D affine transform in SVG's matrix form `[a c e; b d f; 0 0 1]`:
/// x' = a·x + c·y + e, y' = b·x + d·y + f.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGTransform: Hashable, Sendable {
    /// The six coefficients: `a b c d` the linear part, `e f` the translation (in the output space's units).
    public var a: Double, b: Double, c: Double, d: Double, e: Double, f: Double

    /// The matrix with these coefficients, as SVG's `matrix(a b c d e f)` writes them. Not checked: see
    /// `isInvertible`.
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    /// The transform that leaves every point where it is.
    public static let identity = SVGTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    /// Moves every point by (`tx`, `ty`), SVG's `translate(tx ty)`.
    public static func translation(_ tx: Double, _ ty: Double) -> SVGTransform {
        SVGTransform(a: 1, b: 0, c: 0, d: 1, e: tx, f: ty)
    }

    /// Scales about the origin by `sx` horizontally and `sy` vertically, SVG's `scale(sx sy)`.
    public static func scale(_ sx: Double, _ sy: Double) -> SVGTransform {
        SVGTransform(a: sx, b: 0, c: 0, d: sy, e: 0, f: 0)
    }

    /// Rotation by `degrees` (positive turns +x towards +y, clockwise on screen).
    public static func rotation(degrees: Double) -> SVGTransform {
        let r = degrees * Double.pi / 180
        let (s, c) = sineCosine(r)
        return SVGTransform(a: c, b: s, c: -s, d: c, e: 0, f: 0)
    }

    /// SVG's `skewX(degrees)`: x' = x + tan(degrees)·y.
    public static func skewX(degrees: Double) -> SVGTransform {
        SVGTransform(a: 1, b: 0, c: tangent(degrees * Double.pi / 180), d: 1, e: 0, f: 0)
    }

    /// SVG's `skewY(degrees)`: y' = y + tan(degrees)·x.
    public static func skewY(degrees: Double) -> SVGTransform {
        SVGTransform(a: 1, b: tangent(degrees * Double.pi / 180), c: 0, d: 1, e: 0, f: 0)
    }

    /// `self` applied after `inner`: (self ∘ inner)(p) = self(inner(p)).
    /// For SVG's `transform="A B"` the matrix is `A.concatenating(B)`: B applies to the points first.
    @inlinable
    public func concatenating(_ inner: SVGTransform) -> SVGTransform {
        SVGTransform(
            a: a * inner.a + c * inner.b,
            b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d,
            d: b * inner.c + d * inner.d,
            e: a * inner.e + c * inner.f + e,
            f: b * inner.e + d * inner.f + f
        )
    }

    /// The point `p` mapped by this transform (linear part and translation).
    @inlinable
    public func apply(_ p: SVGPoint) -> SVGPoint {
        SVGPoint(x: a * p.x + c * p.y + e, y: b * p.x + d * p.y + f)
    }

    /// Applies only the linear part (for direction vectors).
    @inlinable
    public func applyToVector(_ v: SVGPoint) -> SVGPoint {
        SVGPoint(x: a * v.x + c * v.y, y: b * v.x + d * v.y)
    }

    /// `a·d − b·c`: the factor by which areas scale; negative when the transform mirrors.
    public var determinant: Double { a * d - b * c }

    /// True when every coefficient equals the identity's exactly.
    public var isIdentity: Bool { self == .identity }

    /// Every coefficient is finite and the matrix is invertible.
    public var isInvertible: Bool {
        let det = determinant
        return a.isFinite && b.isFinite && c.isFinite && d.isFinite && e.isFinite && f.isFinite
            && det.isFinite && det != 0
    }

    /// The transform that undoes this one; nil when it is not invertible (see `isInvertible`).
    public func inverted() -> SVGTransform? {
        let det = determinant
        guard isInvertible else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return SVGTransform(a: ia, b: ib, c: ic, d: id,
                            e: -(ia * e + ic * f), f: -(ib * e + id * f))
    }

    /// The largest factor by which this transform stretches a vector (the larger singular value).
    /// Used to turn a device-space flattening tolerance into a user-space one.
    public var maxScale: Double {
        // Singular values of [a c; b d]: sqrt of the eigenvalues of MᵀM.
        let p = a * a + b * b, q = a * c + b * d, r = c * c + d * d
        let mean = (p + r) / 2
        let dev = (((p - r) / 2) * ((p - r) / 2) + q * q).squareRoot()
        return (mean + dev).squareRoot()
    }

    /// The smaller singular value (0 for a degenerate transform).
    public var minScale: Double {
        let p = a * a + b * b, q = a * c + b * d, r = c * c + d * d
        let mean = (p + r) / 2
        let dev = (((p - r) / 2) * ((p - r) / 2) + q * q).squareRoot()
        return max(0, mean - dev).squareRoot()
    }
}
