import Foundation
import SVGIconCore

/// Writes an icon as an Android `VectorDrawable` (`res/drawable/name.xml`), from the resolved model
/// (`Docs/model.md`: everything in user space), exactly or not at all (DESIGN.md §7).
///
/// What maps directly: the viewBox (`android:viewportWidth/Height`, a group for its origin or its fit into
/// the dp size), layer transforms as `<group>` translate/rotate/scale (a transform with a skew, and
/// everything below it, is baked into the path data instead), paths (`M L Q C Z`, absolute), fill and stroke
/// colours with their alpha, `fillType`, caps, joins, miter limit, a clip path of one nonzero shape
/// (`<clip-path>`), linear and radial gradients (`aapt:attr`, API 24+), and the tint: when every visible paint
/// takes it, those paints are white and `android:tint` is the tint (tinting at run time works); otherwise the
/// tint colour is written into each paint.
///
/// What is converted exactly: a stroke VectorDrawable cannot draw the same way (dashed, `miter-clip`, under a skew or a
/// non-uniform scale, `non-scaling-stroke`) becomes a filled path of its outline (svgicon's own stroker,
/// flattened to 1/10 000 of the icon: `StrokeOutline`); a group's opacity is pushed down to its shapes when no two of them
/// overlap; opacity on a one-paint shape goes into that paint's alpha; `paint-order: stroke` becomes two paths.
///
/// What is refused, naming the feature and its line: masks, filters, images, patterns, opacity over
/// overlapping shapes (or a shape with fill and stroke), clip paths VectorDrawable cannot say (several shapes,
/// evenodd, clipped clip paths), radial gradients with a focal point or stretched by their transform.
package struct VectorDrawableWriter: VectorExportWriter {
    package static let output = "VectorDrawable"
    package static let refusesFormatLimits = true
    package let setup: VectorExportSetup
    package init(setup: VectorExportSetup) { self.setup = setup }

    /// The VectorDrawable XML for `result`, or the first feature it cannot express.
    package func write(_ result: SVGParseResult) throws(Refusal) -> String {
        if let filter = SourceLocator.droppedFilter(in: result) {
            throw refusal("filter", line: filter.line,
                          reason: "<\(filter.element)> uses a filter; VectorDrawable has no filter effects (render a PNG instead)")
        }
        var icon = result.icon
        if options.recolor { icon = icon.recolored() }
        var state = State(writer: self, tintMode: icon.everyVisiblePaintTakesTint,
                          tolerance: max(icon.viewBox.width, icon.viewBox.height) * StrokeOutline.relativeTolerance)
        // The viewport: the viewBox itself when its aspect is the drawable's, else the dp box with the
        // viewBox fitted into it (preserveAspectRatio) by a group.
        let box = icon.viewBox.isValid ? icon.viewBox : SVGViewBox(width: icon.intrinsicWidth ?? 100, height: icon.intrinsicHeight ?? 100)
        let sameAspect = abs(box.width / box.height - Double(options.width) / Double(options.height)) < 1e-9
        let viewportWidth = sameAspect ? box.width : Double(options.width)
        let viewportHeight = sameAspect ? box.height : Double(options.height)
        let fit: SVGTransform
        if sameAspect {
            fit = .translation(-box.x, -box.y)
        } else {
            var fitted = icon
            fitted.viewBox = box
            fit = SVGIconRenderer.fitTransform(fitted, width: options.width, height: options.height)
        }
        var body = ""
        try state.emit(icon.layers, transform: fit, bake: .identity, alpha: 1, depth: 1, into: &body)
        var head = "<vector xmlns:android=\"http://schemas.android.com/apk/res/android\""
        if state.usesAapt { head += "\n    xmlns:aapt=\"http://schemas.android.com/aapt\"" }
        head += "\n    android:width=\"\(options.width)dp\"\n    android:height=\"\(options.height)dp\""
        head += "\n    android:viewportWidth=\"\(Self.number(viewportWidth))\"\n    android:viewportHeight=\"\(Self.number(viewportHeight))\""
        if state.tintMode && state.wroteTint {
            head += "\n    android:tint=\"\(Self.argb(options.tint ?? .black, alpha: (options.tint ?? .black).alpha))\""
        }
        return head + ">\n" + body + "</vector>\n"
    }

    /// Attributes of a `<path>` and child elements (a gradient's `aapt:attr`).
    struct Part {
        var attributes: [(String, String)] = []
        var children = ""

        static func + (lhs: Part, rhs: Part) -> Part {
            Part(attributes: lhs.attributes + rhs.attributes, children: lhs.children + rhs.children)
        }
    }

    /// A valid Android resource name for a file stem (`a-z 0-9 _`, starting with a letter).
    package static func resourceName(_ stem: String) -> String {
        BatchOutputPlanner.androidResourceName(stem)
    }
}
