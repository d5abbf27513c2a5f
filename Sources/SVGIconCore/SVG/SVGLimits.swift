/// The safety limits on one document, stated once: the XML reader (SVGIconKit) stops a file at them while
/// libxml2 parses it, the document tree stops trees built in code (`SVGElement`) at the same ones, and the
/// resolver applies them again once `use` references are expanded. Error messages quote these values.
///
/// Past a limit marked *refused* the document is an error; past one marked *skipped* only what lies beyond
/// it is dropped, with a warning, and the rest of the icon is drawn.
///
/// Thread safety: static members only, no shared mutable state; call them from any thread at once.
public enum SVGLimits {
    /// Elements one document may have (icons have tens to thousands), refused: as read, and as produced
    /// once `use` references are expanded.
    public static let elements = 50_000
    /// How deeply elements may nest (icons rarely go past 20): deeper files are refused as read, and
    /// content nested deeper once `use` references are expanded (each `use` adds the depth of what it
    /// draws) is skipped. Bounds the reader's, resolver's and renderer's recursion: at this depth a release
    /// build needs under 512 KiB of stack (the smallest thread stacks, Apple's dispatch queues, have 512 KiB).
    public static let depth = 128
    /// Attributes one element may have, refused. libxml2 2.9 checks and stores an element's attributes in
    /// quadratic time, and parses a whole start tag before svgicon hears of it, so the bytes are scanned
    /// for this one before parsing.
    public static let attributes = 10_000
    /// Bytes that entity references may expand to in one document, all references together, refused.
    public static let entityExpansion = 1 << 20
    /// How deeply entities may refer to other entities, refused.
    public static let entityNesting = 16
    /// How deeply `use` may reference `use`; deeper references are skipped.
    public static let useDepth = 24
    /// Path segments (`path`, basic shapes and polylines, after `use` expansion) one document may have,
    /// refused.
    public static let pathSegments = 1_000_000
    /// Steps styling a document may take, refused: a presentation attribute or `style` declaration read,
    /// a compound selector tested against an element, a style sheet declaration kept for an element, and a
    /// step per `DocumentTree.cssBytesPerStep` bytes of CSS text. Far more than icons need, few enough to
    /// take well under a second.
    public static let cascadeWork = 500_000
    /// Stops one gradient may have; later stops are skipped.
    public static let gradientStops = 256
    /// Marker instances (one per marked vertex) one document may place, skipped beyond; each also counts
    /// its content's elements against `elements`.
    public static let markerInstances = 10_000
    /// Warnings kept per document; one last warning says how many more there were.
    public static let warnings = 100
}
