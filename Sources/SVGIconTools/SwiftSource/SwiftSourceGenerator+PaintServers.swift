import SVGIconCore
import SVGIconKit
/// Gradients as Swift: `SVGLinearGradient(…)`, `SVGRadialGradient(…)` and their stops.
extension SwiftSourceGenerator {
    func linearGradient(_ g: SVGLinearGradient) throws(SwiftSourceError) -> SwiftExpression<SVGLinearGradient> {
        let d = SVGLinearGradient(stops: [])
        let x1 = try number(g.x1), y1 = try number(g.y1), x2 = try number(g.x2), y2 = try number(g.y2)
        let units = try enumCase(g.units), transform = try self.transform(g.transform), spread = try enumCase(g.spread)
        let stops = try gradientStops(g.stops)
        return SwiftExpression(
            SVGLinearGradient(x1: x1.value, y1: y1.value, x2: x2.value, y2: y2.value, units: units.value,
                              transform: transform.value, spread: spread.value, stops: stops.value),
            .call("SVGLinearGradient", [x1.argument("x1", default: d.x1), y1.argument("y1", default: d.y1),
                                        x2.argument("x2", default: d.x2), y2.argument("y2", default: d.y2),
                                        units.argument("units", default: d.units),
                                        transform.argument("transform", default: d.transform),
                                        spread.argument("spread", default: d.spread),
                                        stops.argument("stops")].compactMap { $0 }))
    }

    func radialGradient(_ g: SVGRadialGradient) throws(SwiftSourceError) -> SwiftExpression<SVGRadialGradient> {
        let d = SVGRadialGradient(stops: [])
        let cx = try number(g.cx), cy = try number(g.cy), r = try number(g.r), fr = try number(g.fr)
        // The focus defaults to the centre: written only where it differs.
        let fx = try optionalNumber(g.fx == g.cx ? nil : g.fx), fy = try optionalNumber(g.fy == g.cy ? nil : g.fy)
        let units = try enumCase(g.units), transform = try self.transform(g.transform), spread = try enumCase(g.spread)
        let stops = try gradientStops(g.stops)
        return SwiftExpression(
            SVGRadialGradient(cx: cx.value, cy: cy.value, r: r.value, fx: fx.value, fy: fy.value, fr: fr.value,
                              units: units.value, transform: transform.value, spread: spread.value, stops: stops.value),
            .call("SVGRadialGradient", [cx.argument("cx", default: d.cx), cy.argument("cy", default: d.cy),
                                        r.argument("r", default: d.r), fx.argument("fx", default: nil),
                                        fy.argument("fy", default: nil), fr.argument("fr", default: d.fr),
                                        units.argument("units", default: d.units),
                                        transform.argument("transform", default: d.transform),
                                        spread.argument("spread", default: d.spread),
                                        stops.argument("stops")].compactMap { $0 }))
    }

    /// `[SVGGradientStop(offset: 0, color: SVGColor(…)), SVGGradientStop(offset: 1, color: nil, opacity: 0.5)]`;
    /// a nil colour is the tint.
    func gradientStops(_ stops: [SVGGradientStop]) throws(SwiftSourceError) -> SwiftExpression<[SVGGradientStop]> {
        var values: [SVGGradientStop] = [], codes: [SwiftCode] = []
        for stop in stops {
            let offset = try number(stop.offset), opacity = try number(stop.opacity)
            let color = try optional(stop.color, self.color)
            values.append(SVGGradientStop(offset: offset.value, color: color.value, opacity: opacity.value))
            codes.append(.call("SVGGradientStop", [offset.argument("offset"), color.argument("color"),
                                                   opacity.argument("opacity", default: 1)].compactMap { $0 }))
        }
        return SwiftExpression(values, .array(codes))
    }
}
