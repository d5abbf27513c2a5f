import Testing
@testable import SVGIconCore

@Suite("--recolor: every paint becomes the tint, alpha kept")
struct RecolorTests {
    @Test("Colours become the tint with their alpha moved into the opacity; gradient stops too; masks stay")
    func recolored() {
        let half = SVGColor(red: 46, green: 52, blue: 54, alpha: 0.5)
        let gradient = SVGLinearGradient(stops: [SVGGradientStop(offset: 0, color: .black, opacity: 0.25),
                                                 SVGGradientStop(offset: 1, color: nil)])
        var masked = SVGIconLayer.rect(x: 0, y: 0, width: 4, height: 4, color: .black)
        masked.mask = SVGMask(layers: [.rect(x: 0, y: 0, width: 2, height: 2, color: .white)])
        let icon = SVGIconDefinition(layers: [
            SVGIconLayer(shape: SVGShape(path: SVGPath(), fill: SVGFill(paint: .color(half), opacity: 0.8),
                                         stroke: SVGStroke(paint: .linearGradient(gradient)))),
            .group([.circle(cx: 1, cy: 1, r: 1, color: .white)], opacity: 0.5),
            masked,
        ])
        let result = icon.recolored()
        guard case .shape(let shape) = result.layers[0].content else { Issue.record("not a shape"); return }
        #expect(shape.fill?.paint == .tint)
        #expect(abs((shape.fill?.opacity ?? 0) - 0.4) < 1e-12)
        guard case .linearGradient(let g)? = shape.stroke?.paint else { Issue.record("not a gradient"); return }
        #expect(g.stops.map(\.color) == [nil, nil])
        #expect(g.stops.map(\.opacity) == [0.25, 1])
        guard case .group(let children) = result.layers[1].content, case .shape(let circle) = children[0].content else {
            Issue.record("not a group"); return
        }
        #expect(circle.fill?.paint == .tint)
        #expect(result.layers[1].opacity == 0.5)
        #expect(result.layers[2].mask == masked.mask)
        #expect(result.usesTint && !icon.layers[2].usesTint)
    }

    @Test("A single-colour design renders exactly as the tint")
    func singleColour() {
        let icon = SVGIconDefinition(layers: [.rect(x: 2, y: 2, width: 20, height: 20, color: SVGColor(red: 46, green: 52, blue: 54))])
        let red = SVGColor(red: 255, green: 0, blue: 0)
        let recolored = icon.render(options: RenderOptions(width: 24, height: 24, tint: red, recolor: true))
        let tinted = SVGIconDefinition(layers: [.rect(x: 2, y: 2, width: 20, height: 20)])
            .render(options: RenderOptions(width: 24, height: 24, tint: red))
        #expect(recolored.straightAlphaRGBA() == tinted.straightAlphaRGBA())
    }
}
