/// Renderers kept by their options, for a worker that renders many icons at a few sizes: each render
/// reuses the scratch buffers (coverage cells, edge lists, stroke outlines) its renderer grew for the
/// icons before, instead of allocating them afresh. Not shared between threads: give each worker its own.
package struct ReusableRenderers {
    private var renderers: [RenderOptions: SVGIconRenderer] = [:]
    /// Renderers kept at most (a batch asks for a handful of sizes); past it the kept ones are dropped,
    /// so a caller cycling through many sizes holds at most this many sets of buffers.
    package static let capacity = 8

    /// What the last `renderChecked` skipped or clamped while drawing (`SVGIconRenderer.warnings`).
    package private(set) var lastWarnings: [SVGWarning] = []

    package init() {}

    /// Renders `icon` with `options`, or throws when drawing it would pass the renderer's work or offscreen
    /// memory limits (as `SVGIconDefinition.renderChecked(options:)`).
    package mutating func renderChecked(_ icon: SVGIconDefinition, options: RenderOptions) throws(SVGRenderLimitError) -> Pixmap {
        var renderer: SVGIconRenderer
        if let kept = renderers.removeValue(forKey: options) {
            renderer = kept
        } else {
            if renderers.count >= Self.capacity { renderers.removeAll() }
            renderer = SVGIconRenderer(options: options)
        }
        let pixmap = renderer.render(icon)
        let reason = renderer.limitExceeded
        lastWarnings = renderer.warnings
        renderers[options] = renderer
        if let reason { throw SVGRenderLimitError(reason: reason) }
        return pixmap
    }
}
