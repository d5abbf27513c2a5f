import SVGIconCore
import SVGIconKit
/// Clip paths and masks as Swift: `SVGClipPath(…)` and `SVGMask(…)`, their layers written like the icon's.
extension SwiftSourceGenerator {
    func clipPath(_ clip: SVGClipPath, index: String, source: String) throws(SwiftSourceError) -> SwiftExpression<SVGClipPath> {
        let d = SVGClipPath(layers: [])
        let place = index + " clip-path"
        let layers = try layerArray(clip.layers, parent: place, source: source)
        let units = try enumCase(clip.units), transform = try self.transform(clip.transform)
        let outer = try optional(clip.clipPath) { (c) throws(SwiftSourceError) in try clipPath(c, index: place, source: source) }
        return SwiftExpression(
            SVGClipPath(layers: layers.value, units: units.value, transform: transform.value, clipPath: outer.value),
            .call("SVGClipPath", [layers.argument("layers"), units.argument("units", default: d.units),
                                  transform.argument("transform", default: d.transform),
                                  outer.argument("clipPath", default: nil)].compactMap { $0 }))
    }

    func mask(_ mask: SVGMask, index: String, source: String) throws(SwiftSourceError) -> SwiftExpression<SVGMask> {
        let d = SVGMask(layers: [])
        let place = index + " mask"
        let layers = try layerArray(mask.layers, parent: place, source: source)
        let units = try enumCase(mask.units), contentUnits = try enumCase(mask.contentUnits)
        let x = try number(mask.x), y = try number(mask.y), width = try number(mask.width), height = try number(mask.height)
        let usesAlpha = boolean(mask.usesAlpha)
        let outer = try optional(mask.mask) { (m) throws(SwiftSourceError) in try self.mask(m, index: place, source: source) }
        return SwiftExpression(
            SVGMask(layers: layers.value, units: units.value, x: x.value, y: y.value, width: width.value,
                    height: height.value, contentUnits: contentUnits.value, usesAlpha: usesAlpha.value, mask: outer.value),
            .call("SVGMask", [layers.argument("layers"), units.argument("units", default: d.units),
                              x.argument("x", default: d.x), y.argument("y", default: d.y),
                              width.argument("width", default: d.width), height.argument("height", default: d.height),
                              contentUnits.argument("contentUnits", default: d.contentUnits),
                              usesAlpha.argument("usesAlpha", default: d.usesAlpha),
                              outer.argument("mask", default: nil)].compactMap { $0 }))
    }
}
