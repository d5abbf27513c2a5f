/// Finds whether a drawing paints in one colour only, so that it can be rendered into an alpha-only
/// `Pixmap`: every fill and stroke a solid colour (or the tint) with the same red, green and blue. Alpha and
/// opacities may differ — they only change coverage. Clip paths paint nothing; a mask's content is drawn
/// into a pixmap of its own and is looked at when that pixmap is made.
enum UniformPaint {
    /// The one colour `layers` paint in (any colour when they paint nothing), nil when they use several
    /// colours or a gradient. With `shadowsApart`, the colour of a filter's last drop shadow (a
    /// feDropShadow, or the shadow of a Figma or Illustrator chain: `FilterDesignerShadow`) does not count:
    /// what a canvas starts as when such a shadow, drawn last from alpha planes, is what turns it RGBA
    /// (`FilterShadowPlanes.draw`, `FilterDesignerShadow.draw`); until then it is drawn alpha-only.
    static func color(of layers: [SVGIconLayer], tint: SVGColor, shadowsApart: Bool = false) -> SVGColor? {
        var found: SVGColor?
        /// False when `paint` is a gradient or a second colour.
        func admit(_ paint: SVGPaint?) -> Bool {
            let color: SVGColor
            switch paint {
            case nil: return true
            case .color(let c)?: color = c
            case .tint?: color = tint
            case .linearGradient?, .radialGradient?, .pattern?, .image?: return false
            }
            if color.alpha <= 0 { return true }  // draws nothing
            guard let f = found else {
                found = color
                return true
            }
            return f.red == color.red && f.green == color.green && f.blue == color.blue
        }
        var pending: [[SVGIconLayer]] = [layers]
        while let list = pending.popLast() {
            for layer in list {
                for filter in layer.filter {  // a filter may make colours of its own
                    guard let added = counted(filter.withTint(tint), shadowsApart: shadowsApart),
                          added.allSatisfy({ admit(.color($0)) }) else { return nil }
                }
                switch layer.content {
                case .group(let children):
                    pending.append(children)
                case .shape(let shape):
                    guard admit(shape.fill?.paint), admit(shape.stroke?.paint) else { return nil }
                }
            }
        }
        return found ?? tint
    }

    /// The colours `filter` adds that `color(of:tint:shadowsApart:)` counts: `addedColors` or, for a
    /// Figma or Illustrator chain, its shadow's colour (`designerShadowColors`); with `shadowsApart` all but
    /// those of a last drop shadow. nil when it may make colours of its own.
    private static func counted(_ filter: SVGFilter, shadowsApart: Bool) -> [SVGColor]? {
        if let added = filter.addedColors {
            guard shadowsApart, case .dropShadow? = filter.primitives.last?.kind else { return added }
            return added.dropLast()  // the last primitive's colour comes last
        }
        if shadowsApart, FilterDesignerShadow(filter.primitives, inputs: FilterGraph.sources(of: filter.primitives)) != nil {
            return []
        }
        return filter.designerShadowColors
    }
}
