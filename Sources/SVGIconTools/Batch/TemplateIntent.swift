import SVGIconCore

/// How an asset catalog image set asks UIKit/SwiftUI to draw it (`template-rendering-intent`).
package enum RenderingIntent: String, CaseIterable, Hashable, Sendable, Codable {
    /// Only the alpha is used, coloured with the view's tint: right for an icon drawn in one tint.
    case template
    /// Drawn in its own colours.
    case original
}

extension SVGIconDefinition {
    /// True when the icon draws something and **every** paint that can show takes the tint: then using only
    /// its alpha, tinted (what `template` rendering does), draws what svgicon draws. An icon with one
    /// fixed-colour paint beside tinted ones (Papirus `22x22/apps/aurees`: red, green and purple shapes over a
    /// translucent `currentColor` shadow) is `false`, since a template would flatten it into a silhouette.
    ///
    /// Paints that cannot show are not counted: a layer or paint with opacity 0, a colour with alpha 0, a
    /// gradient stop with opacity or alpha 0. Mask and clip path content only shape the alpha, so their
    /// paints are not counted either. Images never take the tint; pattern tiles count their own paints.
    package var everyVisiblePaintTakesTint: Bool {
        var tinted = 0
        var fixed = 0
        for layer in layers { Self.countPaints(layer, tinted: &tinted, fixed: &fixed) }
        return tinted > 0 && fixed == 0
    }

    private static func countPaints(_ layer: SVGIconLayer, tinted: inout Int, fixed: inout Int) {
        guard layer.opacity > 0 else { return }
        switch layer.content {
        case .group(let children):
            for child in children { countPaints(child, tinted: &tinted, fixed: &fixed) }
        case .shape(let shape):
            if let fill = shape.fill, fill.opacity > 0 { countPaint(fill.paint, tinted: &tinted, fixed: &fixed) }
            if let stroke = shape.stroke, stroke.opacity > 0 { countPaint(stroke.paint, tinted: &tinted, fixed: &fixed) }
        }
    }

    private static func countPaint(_ paint: SVGPaint, tinted: inout Int, fixed: inout Int) {
        switch paint {
        case .tint:
            tinted += 1
        case .color(let c):
            if c.alpha > 0 { fixed += 1 }
        case .linearGradient(let g):
            countStops(g.stops, tinted: &tinted, fixed: &fixed)
        case .radialGradient(let g):
            countStops(g.stops, tinted: &tinted, fixed: &fixed)
        case .pattern(let p):
            for layer in p.layers { countPaints(layer, tinted: &tinted, fixed: &fixed) }
        case .image:
            fixed += 1
        }
    }

    private static func countStops(_ stops: [SVGGradientStop], tinted: inout Int, fixed: inout Int) {
        for stop in stops where stop.opacity > 0 {
            if let color = stop.color {
                if color.alpha > 0 { fixed += 1 }
            } else {
                tinted += 1
            }
        }
    }
}
