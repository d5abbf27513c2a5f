/// Which points are inside a path whose contours overlap or nest.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
public enum FillRule: String, Hashable, Sendable {
    /// Inside where the winding number is not zero (SVG's default).
    case nonzero
    /// Inside where the winding number is odd.
    case evenodd
}
