/// How a stroke's open ends are drawn.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    case butt, round, square
}

/// How a stroke's corners are drawn. SVG 2's `miter-clip` and `arcs` are drawn as `miter`.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    case miter, round, bevel
}

/// The geometry of a stroke, in the user space of the element it belongs to.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public struct StrokeStyle: Hashable, Sendable {
    /// Positive and finite in resolver output (a stroke of zero width is no stroke; the renderer skips one).
    public var width: Double
    /// How open subpaths end (and dashes); `butt` by default.
    public var cap: LineCap
    /// How segments meet; `miter` by default.
    public var join: LineJoin
    /// Limit on the ratio of miter length to stroke width; beyond it a miter join becomes a bevel. ≥ 1.
    public var miterLimit: Double
    /// Dash and gap lengths (already normalised: even count, no negatives); empty for a solid stroke.
    public var dashes: [Double]
    /// How far into the dash pattern the stroke starts, in user units (`stroke-dashoffset`); may be negative.
    public var dashOffset: Double

    /// A stroke geometry; the defaults are SVG's. Values are stored as given: the resolver normalises the ones it
    /// reads from files.
    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4,
                dashes: [Double] = [], dashOffset: Double = 0) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashOffset = dashOffset
    }
}
