/// The rectangle of user space that an icon's drawing occupies (`viewBox="x y width height"`).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGViewBox: Hashable, Sendable {
    /// The top-left corner and size in user units; see `isValid` for what the renderer can draw.
    public var x: Double, y: Double, width: Double, height: Double

    /// A viewBox of `width` × `height` user units from (`x`, `y`), the origin by default. Not checked.
    public init(x: Double = 0, y: Double = 0, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// A usable viewBox has finite coordinates and a positive width and height.
    public var isValid: Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite && width > 0 && height > 0
    }
}

/// SVG's `preserveAspectRatio`: how a viewBox is fitted into a viewport of another aspect ratio.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct SVGAspectRatio: Hashable, Sendable {
    /// Where the viewBox sits in the viewport on each axis (`xMinYMin` … `xMaxYMax`), or `none`.
    ///
    /// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
    public enum Alignment: Hashable, Sendable {
        /// `none`: stretch to fill, ignoring the aspect ratio.
        case none
        /// x and y alignment: 0 = min, 0.5 = mid, 1 = max.
        case align(x: Double, y: Double)
    }

    /// Alignment on each axis; xMidYMid by default.
    public var alignment: Alignment
    /// `slice` (cover the viewport) instead of `meet` (fit inside it).
    public var slice: Bool

    /// A fit; by default `xMidYMid meet` (centred, fitted inside).
    public init(alignment: Alignment = .align(x: 0.5, y: 0.5), slice: Bool = false) {
        self.alignment = alignment
        self.slice = slice
    }

    /// `xMidYMid meet`, SVG's default.
    public static let `default` = SVGAspectRatio()

    /// The transform that maps `viewBox` into the viewport rectangle (x, y, width, height).
    public func transform(viewBox: SVGViewBox, viewportX: Double = 0, viewportY: Double = 0,
                          viewportWidth: Double, viewportHeight: Double) -> SVGTransform {
        guard viewBox.isValid else { return .identity }
        var sx = viewportWidth / viewBox.width
        var sy = viewportHeight / viewBox.height
        switch alignment {
        case .none:
            return SVGTransform(a: sx, b: 0, c: 0, d: sy,
                                e: viewportX - viewBox.x * sx, f: viewportY - viewBox.y * sy)
        case .align(let ax, let ay):
            let s = slice ? max(sx, sy) : min(sx, sy)
            sx = s; sy = s
            let tx = viewportX - viewBox.x * s + (viewportWidth - viewBox.width * s) * ax
            let ty = viewportY - viewBox.y * s + (viewportHeight - viewBox.height * s) * ay
            return SVGTransform(a: s, b: 0, c: 0, d: s, e: tx, f: ty)
        }
    }
}
