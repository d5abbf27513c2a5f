import SVGIconCore
import SVGIconKit
/// Patterns as Swift: `SVGPattern(…)`, its tile's layers written like the icon's.
extension SwiftSourceGenerator {
    func pattern(_ p: SVGPattern) throws(SwiftSourceError) -> SwiftExpression<SVGPattern> {
        let d = SVGPattern(layers: [], width: 1, height: 1)
        let layers = try layerArray(p.layers, parent: "pattern", source: "a pattern")
        let units = try enumCase(p.units), contentUnits = try enumCase(p.contentUnits)
        let x = try number(p.x), y = try number(p.y), width = try number(p.width), height = try number(p.height)
        let viewBox = try optional(p.viewBox) { (v) throws(SwiftSourceError) in try self.viewBox(v) }
        let aspect = try aspectRatio(p.aspectRatio)
        let content = try transform(p.contentTransform), transform = try self.transform(p.transform)
        return SwiftExpression(
            SVGPattern(layers: layers.value, units: units.value, contentUnits: contentUnits.value, x: x.value, y: y.value,
                       width: width.value, height: height.value, viewBox: viewBox.value, aspectRatio: aspect.value,
                       contentTransform: content.value, transform: transform.value),
            .call("SVGPattern", [layers.argument("layers"), units.argument("units", default: d.units),
                                 contentUnits.argument("contentUnits", default: d.contentUnits),
                                 x.argument("x", default: d.x), y.argument("y", default: d.y),
                                 width.argument("width"), height.argument("height"),
                                 viewBox.argument("viewBox", default: nil),
                                 aspect.argument("aspectRatio", default: d.aspectRatio),
                                 content.argument("contentTransform", default: d.contentTransform),
                                 transform.argument("transform", default: d.transform)].compactMap { $0 }))
    }
}
