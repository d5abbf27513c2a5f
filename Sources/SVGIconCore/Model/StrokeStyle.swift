/// How a stroke's open ends are drawn.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    case butt, round, square
}

/// How a stroke's corners are drawn (SVG 2 §13.5.3 `stroke-linejoin`). SVG 2's `arcs` is drawn as `miter`, as
/// resvg draws it: between the straight segments svgicon strokes, arcs of zero curvature are the miter's lines.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    /// The outer edges extended until they meet; a bevel where the miter would pass the miter limit.
    case miter
    /// A circular arc of the stroke's half width around the corner.
    case round
    /// The two outer corners joined by a straight line.
    case bevel
    /// SVG 2 `miter-clip`: a miter that, past the miter limit, is cut by the line perpendicular to the
    /// corner's bisector at `miterLimit × width / 2` from the corner instead of becoming a bevel.
    case miterClip = "miter-clip"
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
    /// Limit on the ratio of miter length to stroke width; beyond it a miter join becomes a bevel (a
    /// `miterClip` join is cut there). ≥ 1.
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
