/// An axis-aligned rectangle.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGRect: Hashable, Sendable {
    /// Top-left corner (`x`, `y`) and size, in the units of the space it is used in. `width` and `height` are not
    /// checked: zero or negative sizes are representable, and code that needs an area checks for it.
    public var x: Double, y: Double, width: Double, height: Double

    /// The rectangle from (`x`, `y`) spanning `width` × `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The smallest rectangle holding both.
    public func union(_ other: SVGRect) -> SVGRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return SVGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The bounds of this rectangle's four corners after `transform`.
    public func transformed(by t: SVGTransform) -> SVGRect {
        let corners = [SVGPoint(x: x, y: y), SVGPoint(x: x + width, y: y),
                       SVGPoint(x: x, y: y + height), SVGPoint(x: x + width, y: y + height)].map(t.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return SVGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
