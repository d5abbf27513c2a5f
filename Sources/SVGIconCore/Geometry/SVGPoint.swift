/// A point or vector in a 2-D coordinate space (user space, viewBox space or device pixels,
/// depending on where it is used).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGPoint: Hashable, Sendable {
    /// Horizontal coordinate; +x points right.
    public var x: Double
    /// Vertical coordinate; +y points down, as in SVG.
    public var y: Double

    /// The point (`x`, `y`).
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0).
    public static let zero = SVGPoint(x: 0, y: 0)

    /// Component-wise sum (a point moved by a vector, or two vectors added).
    @inlinable public static func + (a: SVGPoint, b: SVGPoint) -> SVGPoint { SVGPoint(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference: the vector from `b` to `a`.
    @inlinable public static func - (a: SVGPoint, b: SVGPoint) -> SVGPoint { SVGPoint(x: a.x - b.x, y: a.y - b.y) }
    /// The vector scaled by `s` in both axes.
    @inlinable public static func * (a: SVGPoint, s: Double) -> SVGPoint { SVGPoint(x: a.x * s, y: a.y * s) }
    /// The vector pointing the other way.
    @inlinable public static prefix func - (a: SVGPoint) -> SVGPoint { SVGPoint(x: -a.x, y: -a.y) }

    /// Euclidean length of the vector.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// z component of the cross product (positive when `other` turns counter-clockwise in a y-up frame,
    /// clockwise on screen where y points down).
    @inlinable public func cross(_ other: SVGPoint) -> Double { x * other.y - y * other.x }
    @inlinable public func dot(_ other: SVGPoint) -> Double { x * other.x + y * other.y }
    /// Both coordinates are finite (neither NaN nor infinite).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Linear interpolation between `a` (t = 0) and `b` (t = 1).
    @inlinable
    public static func lerp(_ a: SVGPoint, _ b: SVGPoint, _ t: Double) -> SVGPoint {
        SVGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
}
