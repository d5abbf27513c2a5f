/// Which colours a filter paints, for drawing a one-colour layer's filter on alpha planes only.
extension SVGFilter {
    /// The filter with the tint in place of the colours that take it (`currentColor` floods, shadows and
    /// lighting colours; the tint's alpha multiplies the colour's).
    func withTint(_ tint: SVGColor) -> SVGFilter {
        guard usesTint else { return self }
        var f = self
        func color(_ c: SVGColor) -> SVGColor { SVGColor(red: tint.red, green: tint.green, blue: tint.blue, alpha: c.alpha * tint.alpha) }
        for i in f.primitives.indices where f.primitives[i].colorTakesTint {
            switch f.primitives[i].kind {
            case .flood(let c, let o): f.primitives[i].kind = .flood(color: color(c), opacity: o)
            case .dropShadow(let dx, let dy, let sx, let sy, let c, let o):
                f.primitives[i].kind = .dropShadow(dx: dx, dy: dy, stdDeviationX: sx, stdDeviationY: sy, color: color(c), opacity: o)
            case .diffuseLighting(var l): l.color = color(l.color); f.primitives[i].kind = .diffuseLighting(l)
            case .specularLighting(var l): l.color = color(l.color); f.primitives[i].kind = .specularLighting(l)
            default: break
            }
        }
        return f
    }

    /// The colours the filter adds to its SourceGraphic's — flood and shadow colours, opaque black where
    /// SourceAlpha is read — when it only moves, blurs, merges, floods and shadows alpha (feGaussianBlur,
    /// feOffset, feMerge, feFlood, feDropShadow reading SourceGraphic, SourceAlpha or earlier results). nil
    /// for any other primitive or input: those may make colours of their own. In primitive order, a
    /// primitive's input colour (black for SourceAlpha) before its own, so a last feDropShadow's colour is
    /// the last one (`UniformPaint` leaves it out for a canvas the shadow turns RGBA).
    var addedColors: [SVGColor]? {
        var colors: [SVGColor] = []
        func admit(_ input: SVGFilterInput?) -> Bool {
            switch input {
            case nil, .sourceGraphic?, .reference?: return true
            case .sourceAlpha?:
                colors.append(SVGColor(red: 0, green: 0, blue: 0))
                return true
            default: return false
            }
        }
        for p in primitives {
            switch p.kind {
            case .gaussianBlur, .offset:
                guard admit(p.input) else { return nil }
            case .merge(let nodes):
                guard nodes.allSatisfy(admit) else { return nil }
            case .flood(let c, let o):
                colors.append(SVGColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * FilterOps.clamp01(o)))
            case .dropShadow(_, _, _, _, let c, let o):
                guard admit(p.input) else { return nil }
                colors.append(SVGColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * FilterOps.clamp01(o)))
            default:
                return nil
            }
        }
        return colors
    }

    /// The filter with every flood and shadow colour black (alpha kept): what `FilterGraph.runAlpha` runs
    /// for a layer of one colour whose filter adds only that colour (`addedColors`).
    var colorless: SVGFilter {
        var f = self
        func black(_ c: SVGColor) -> SVGColor { SVGColor(red: 0, green: 0, blue: 0, alpha: c.alpha) }
        for i in f.primitives.indices {
            switch f.primitives[i].kind {
            case .flood(let c, let o): f.primitives[i].kind = .flood(color: black(c), opacity: o)
            case .dropShadow(let dx, let dy, let sx, let sy, let c, let o):
                f.primitives[i].kind = .dropShadow(dx: dx, dy: dy, stdDeviationX: sx, stdDeviationY: sy, color: black(c), opacity: o)
            default: break
            }
        }
        return f
    }
}
