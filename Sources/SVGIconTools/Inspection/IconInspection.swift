import SVGIconCore
import SVGIconKit
/// What an icon file turned into: its viewBox and size, every layer with its paints and bounds, and every
/// feature the parser skipped. Built from an `SVGParseResult`; `Codable` so that tools can read it as
/// JSON (`svgicon inspect --json`).
///
/// Layers are listed flat, in painting order, parents before their children; `index` gives the position
/// in the tree (`"3.1"` is the first child of the third top-level layer).
package struct IconInspection: Codable, Hashable, Sendable {
    package var file: String
    /// x, y, width, height of the viewBox (the one used for rendering, synthesised from width/height when
    /// the file has none).
    package var viewBox: [Double]
    /// `xMidYMid meet`, `none`, `xMinYMax slice`, …
    package var preserveAspectRatio: String
    /// The document's own width and height in px, when it states them.
    package var width: Double?
    package var height: Double?
    /// True when some paint takes the tint (`currentColor` or an unspecified fill).
    package var usesTint: Bool
    /// Bounds of all the geometry, in viewBox units (before stroking); nil when nothing is drawn.
    package var bounds: Bounds?
    package var layers: [Layer]
    /// Features that were skipped or repaired, with their line.
    package var warnings: [Warning]

    package struct Layer: Codable, Hashable, Sendable {
        package var index: String
        /// 0 for top-level layers.
        package var depth: Int
        /// The SVG element it came from (`path`, `circle`, `g`, …).
        package var element: String
        /// `shape` or `group`.
        package var kind: String
        /// a, b, c, d, e, f of the layer's own transform; nil when it is the identity.
        package var transform: [Double]?
        package var opacity: Double
        package var fill: Fill?
        package var stroke: Stroke?
        /// Number of child layers (groups only).
        package var children: Int?
        /// True when the stroke is painted under the fill (`paint-order: stroke`); nil otherwise.
        package var strokeFirst: Bool?
        /// Number of layers in the layer's clip path, when it has one.
        package var clipPathLayers: Int?
        /// Number of layers in the layer's mask, when it has one.
        package var maskLayers: Int?
        /// The layer's filters, in order, each as `url(#id)` or the CSS function, with its primitives
        /// (`url(#shadow): feOffset, feGaussianBlur, feMerge`); nil when it has none.
        package var filters: [String]?
        /// Geometry bounds in viewBox units (all transforms applied, before stroking).
        package var bounds: Bounds?
    }

    package struct Fill: Codable, Hashable, Sendable {
        /// `tint`, or the colour as `#rrggbb` / `#rrggbbaa`.
        package var paint: String
        package var opacity: Double
        /// `nonzero` or `evenodd`.
        package var rule: String
    }

    package struct Stroke: Codable, Hashable, Sendable {
        package var paint: String
        package var opacity: Double
        package var width: Double
        package var cap: String
        package var join: String
        package var miterLimit: Double
        package var dashes: [Double]
        package var dashOffset: Double
        /// `vector-effect: non-scaling-stroke`: the width is in output pixels.
        package var nonScaling: Bool
    }

    package struct Bounds: Codable, Hashable, Sendable {
        package var minX: Double, minY: Double, maxX: Double, maxY: Double

        func union(_ other: Bounds?) -> Bounds {
            guard let other else { return self }
            return Bounds(minX: min(minX, other.minX), minY: min(minY, other.minY),
                          maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
        }
    }

    package struct Warning: Codable, Hashable, Sendable {
        /// 1-based, 0 when unknown.
        package var line: Int
        package var element: String
        package var message: String
    }

    /// Curves are flattened to this many viewBox units to measure bounds.
    static let boundsTolerance = 0.001

    package init(_ result: SVGParseResult, file: String) {
        let icon = result.icon
        self.file = file
        viewBox = [icon.viewBox.x, icon.viewBox.y, icon.viewBox.width, icon.viewBox.height]
        preserveAspectRatio = Self.describe(icon.aspectRatio)
        width = icon.intrinsicWidth
        height = icon.intrinsicHeight
        usesTint = icon.usesTint
        layers = []
        warnings = result.warnings.map { Warning(line: $0.line, element: $0.element, message: $0.message) }
        bounds = add(icon.layers, parentIndex: "", depth: 0, transform: .identity)
    }

    /// Appends `layers` (and their children) and returns their combined bounds.
    private mutating func add(_ children: [SVGIconLayer], parentIndex: String, depth: Int,
                              transform parent: SVGTransform) -> Bounds? {
        var total: Bounds? = nil
        for (n, layer) in children.enumerated() {
            let index = parentIndex.isEmpty ? "\(n + 1)" : "\(parentIndex).\(n + 1)"
            let transform = parent.concatenating(layer.transform)
            let t = layer.transform
            var entry = Layer(index: index, depth: depth, element: layer.elementName ?? "?", kind: "shape",
                              transform: t.isIdentity ? nil : [t.a, t.b, t.c, t.d, t.e, t.f], opacity: layer.opacity)
            entry.clipPathLayers = layer.clipPath?.layers.count
            entry.maskLayers = layer.mask?.layers.count
            if !layer.filter.isEmpty { entry.filters = layer.filter.map(Self.describe) }
            let position = layers.count
            layers.append(entry)
            switch layer.content {
            case .shape(let shape):
                entry.fill = shape.fill.map {
                    Fill(paint: Self.describe($0.paint), opacity: $0.opacity, rule: $0.rule.rawValue)
                }
                entry.stroke = shape.stroke.map {
                    Stroke(paint: Self.describe($0.paint), opacity: $0.opacity, width: $0.style.width,
                           cap: $0.style.cap.rawValue, join: $0.style.join.rawValue, miterLimit: $0.style.miterLimit,
                           dashes: $0.style.dashes, dashOffset: $0.style.dashOffset, nonScaling: $0.nonScaling)
                }
                entry.bounds = Self.bounds(of: shape.path, transform: transform)
                entry.strokeFirst = shape.strokeFirst ? true : nil
            case .group(let grandchildren):
                entry.kind = "group"
                entry.children = grandchildren.count
                entry.bounds = add(grandchildren, parentIndex: index, depth: depth + 1, transform: transform)
            }
            layers[position] = entry
            total = entry.bounds.map { $0.union(total) } ?? total
        }
        return total
    }

    static func bounds(of path: SVGPath, transform: SVGTransform) -> Bounds? {
        let points = PathFlattener.contours(of: path.transformed(by: transform), tolerance: boundsTolerance, straddle: false)
            .flatMap(\.points)
        guard let first = points.first else { return nil }
        var b = Bounds(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        for p in points {
            b.minX = min(b.minX, p.x); b.minY = min(b.minY, p.y)
            b.maxX = max(b.maxX, p.x); b.maxY = max(b.maxY, p.y)
        }
        return b
    }

    /// `tint` or `#rrggbb`; a paint kind this file does not know yet is described by Swift (so that new
    /// kinds in the model show up here before they get a name of their own).
    static func describe(_ paint: SVGPaint) -> String {
        if paint == .tint { return "tint" }
        if case .color(let color) = paint { return color.hexString }
        if case .linearGradient(let g) = paint { return "linear-gradient(\(describe(g.stops)))" }
        if case .radialGradient(let g) = paint { return "radial-gradient(\(describe(g.stops)))" }
        if case .pattern(let p) = paint {
            let n = p.layers.count
            return "pattern(\(number(p.width))×\(number(p.height)) tile at \(number(p.x)),\(number(p.y)), \(n) layer\(n == 1 ? "" : "s")"
                + (p.transform.isIdentity ? "" : ", transformed") + ")"
        }
        return String(describing: paint)
    }

    /// A number as short as it reads: `4`, `2.5`, `0.333`.
    static func number(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() && r.magnitude < 1e9 ? "\(Int(r))" : "\(r)"
    }

    /// `tint 0%, #ffffff 100%`: each stop's colour and offset (`@0.5` for a stop-opacity).
    static func describe(_ stops: [SVGGradientStop]) -> String {
        stops.map { stop in
            let percent = (stop.offset * 1000).rounded() / 10
            let offset = percent == percent.rounded() && percent.magnitude < 1e9 ? "\(Int(percent))%" : "\(percent)%"
            return (stop.color?.hexString ?? "tint") + (stop.opacity == 1 ? "" : "@\(stop.opacity)") + " " + offset
        }.joined(separator: ", ")
    }

    static func describe(_ aspect: SVGAspectRatio) -> String {
        switch aspect.alignment {
        case .none:
            return "none"
        case .align(let x, let y):
            func name(_ v: Double) -> String { v == 0 ? "Min" : (v == 1 ? "Max" : "Mid") }
            return "x\(name(x))Y\(name(y)) " + (aspect.slice ? "slice" : "meet")
        }
    }
}
