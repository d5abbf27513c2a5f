/// The version of the pixels the renderer produces. Caches key their entries on it, so a render cached
/// by an older renderer is never served by a newer one.
///
/// Bump `current` whenever a change alters any output pixel (a golden re-recording is the usual sign).
///
/// Thread safety: static members only, no shared mutable state; call them from any thread at once.
public enum RendererVersion {
    /// The version of this build's renderer, an opaque string compared for equality only.
    public static let current = "svgicon-render-17"
}
