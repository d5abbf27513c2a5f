/// What the resolver notes on a layer beyond what it draws, for measuring bounding boxes
/// (`LayerBounds`). Not part of a layer's equality or hash: two layers that draw the same are equal
/// (`svgicon swift` rebuilds layers without notes and checks they are equal), and the resolver's output has
/// no bounding-box units left for the notes to matter to.
struct LayerNotes: Hashable, Sendable {
    /// The layer is a marker instance placed on a shape (`SVGResolver+Markers.swift`): drawn like any
    /// group, but no part of its parent's boxes, since an object bounding box is the fill geometry alone —
    /// markers left out (SVG 2 §8.10 "Bounding boxes", `getBBox`'s `markers: false`), and so are CSS
    /// Transforms 1's fill and stroke boxes.
    var isMarkerInstance = false
    /// The content's fill and stroke boxes once the resolver has measured them (`LayerBounds.boxes`), so
    /// that measuring the layers above does not walk this one's content again. Cleared whenever the layer's
    /// `content` changes; a box does not depend on the layer's own transform, clip path, mask or filter.
    var boxes: NotedBoxes?

    /// Equal whatever they hold: notes are not what a layer draws.
    static func == (lhs: LayerNotes, rhs: LayerNotes) -> Bool { true }

    /// Hashes nothing, as `==` compares nothing.
    func hash(into hasher: inout Hasher) {}
}

/// A layer's content boxes as `LayerBounds.boxes(of:steps:)` measured them (`LayerNotes.boxes`); held by
/// reference so that a layer without them stays small.
final class NotedBoxes: Sendable {
    let fill: SVGRect?
    let stroke: SVGRect?

    init(fill: SVGRect?, stroke: SVGRect?) {
        (self.fill, self.stroke) = (fill, stroke)
    }
}
