import Testing
@testable import SVGIconCore

/// Boxes measured for transform-box, filters, clip paths and masks are noted on the layer (`LayerNotes.boxes`),
/// so a nest of such elements measures each layer once, not the content below every level again.
@Suite("Box measures stay linear in nested content")
struct BoxMeasureCostTests {
    private func el(_ name: String, _ attributes: [(String, String)] = [], _ children: [SVGElement] = []) -> SVGElement {
        SVGElement(name: name, attributes: attributes.map { (name: $0.0, value: $0.1) }, children: children)
    }

    @Test("Nested transform-box and filters walk each layer once; the boxes are those of a walk without notes")
    func nestedBoxesLinear() throws {
        let depth = 100, leaves = 500
        // 500 unit squares in a 50 × 10 grid: the box is (0, 0, 50, 10), its centre (25, 5).
        var inner = el("g", [], (0..<leaves).map { i in
            el("rect", [("x", "\(i % 50)"), ("y", "\(i / 50)"), ("width", "1"), ("height", "1")])
        })
        // Each level turns half a turn about its box's centre, every other one filtered too: each level's box
        // is the grid's again, and an even number of half turns puts every square back.
        for level in 0..<depth {
            var attributes = [("transform", "rotate(180)"), ("style", "transform-box: fill-box; transform-origin: center")]
            if level % 2 == 1 { attributes.append(("filter", "url(#f)")) }
            inner = el("g", attributes, [inner])
        }
        let root = el("svg", [("viewBox", "0 0 50 10")], [el("filter", [("id", "f")], [el("feOffset")]), inner])
        let (result, work) = try SVGResolver.resolveCountingWork(root)
        // Walking the content below every level again: about depth × leaves = 50 000 layers; noted, each once.
        #expect(work.boxLayers <= depth + leaves + 1, "\(work.boxLayers) layers walked")
        // The outermost layer: its box is the grid's, its transform (about (25, 5)) maps the grid onto itself.
        let outer = try #require(result.icon.layers.first)
        let box = try #require(LayerBounds.bounds(of: outer)?.transformed(by: outer.transform))
        for (got, expected) in zip([box.x, box.y, box.width, box.height], [0.0, 0, 50, 10]) {
            #expect(abs(got - expected) < 1e-9, "\(box)")
        }
        // The notes give what a walk without them gives.
        func forgetting(_ layer: SVGIconLayer) -> SVGIconLayer {
            var copy = layer
            if case .group(let children) = layer.content { copy.content = .group(children.map(forgetting)) }
            copy.notes.boxes = nil
            return copy
        }
        #expect(outer.notes.boxes != nil)
        let plain = forgetting(outer)
        #expect(plain.notes.boxes == nil)
        #expect(LayerBounds.bounds(of: plain) == LayerBounds.bounds(of: outer))
        #expect(LayerBounds.strokeBounds(of: plain) == LayerBounds.strokeBounds(of: outer))
        var steps = 0
        _ = LayerBounds.boxes(of: plain, steps: &steps)
        #expect(steps == depth + 1 + leaves, "\(steps)")  // the walk without notes: every layer once, here
    }

    @Test("A layer's noted boxes are cleared when its content changes")
    func notesClearedOnChange() {
        var layer = SVGIconLayer(content: .group([.rect(x: 0, y: 0, width: 2, height: 2)]))
        var steps = 0
        #expect(LayerBounds.noteBoxes(of: &layer, steps: &steps).fill == SVGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(layer.notes.boxes?.fill == SVGRect(x: 0, y: 0, width: 2, height: 2))
        layer.content = .group([.rect(x: 0, y: 0, width: 4, height: 3)])
        #expect(layer.notes.boxes == nil)
        #expect(LayerBounds.bounds(of: layer) == SVGRect(x: 0, y: 0, width: 4, height: 3))
        // Notes are not part of equality: the same drawing with and without them is equal.
        var noted = layer
        _ = LayerBounds.noteBoxes(of: &noted, steps: &steps)
        #expect(noted == layer && noted.notes.boxes != nil)
    }
}
