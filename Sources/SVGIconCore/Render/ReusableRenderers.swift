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
        let pixmap = withRenderer(for: options) { $0.render(icon) }
        if let reason = lastLimit { throw SVGRenderLimitError(reason: reason) }
        return pixmap
    }

    /// Why the last `withRenderer` call's render stopped early (`SVGIconRenderer.limitExceeded`), nil
    /// when it finished.
    package private(set) var lastLimit: String?

    /// Runs `body` with the kept renderer for `options` (a new one when none is kept), then keeps it and
    /// notes its warnings (`lastWarnings`) and limit (`lastLimit`).
    package mutating func withRenderer<T>(for options: RenderOptions, _ body: (inout SVGIconRenderer) -> T) -> T {
        var renderer: SVGIconRenderer
        if let kept = renderers.removeValue(forKey: options) {
            renderer = kept
        } else {
            if renderers.count >= Self.capacity { renderers.removeAll() }
            renderer = SVGIconRenderer(options: options)
        }
        let result = body(&renderer)
        lastLimit = renderer.limitExceeded
        lastWarnings = renderer.warnings
        renderers[options] = renderer
        return result
    }
}
