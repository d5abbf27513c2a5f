/// A rectangle of whole pixels: columns x..<x+width, rows y..<y+height of the output image.
struct PixelRegion: Hashable, Sendable {
    var x: Int, y: Int, width: Int, height: Int

    var pixelCount: Int { max(0, width) * max(0, height) }

    /// The pixels touched by the area lo…hi (device coordinates), widened by `margin` pixels on every side
    /// and cut to `bounds`; nil when nothing is left or a coordinate is not a number.
    init?(covering lo: SVGPoint, _ hi: SVGPoint, margin: Int, within bounds: PixelRegion) {
        guard !(lo.x.isNaN || lo.y.isNaN || hi.x.isNaN || hi.y.isNaN) else { return nil }
        // Clamped before conversion so that huge or infinite coordinates cannot trap.
        func clamp(_ v: Double, _ low: Int, _ high: Int) -> Int {
            Int(min(max(v, Double(low)), Double(high)))
        }
        let x0 = clamp((lo.x).rounded(.down) - Double(margin), bounds.x, bounds.x + bounds.width)
        let y0 = clamp((lo.y).rounded(.down) - Double(margin), bounds.y, bounds.y + bounds.height)
        let x1 = clamp((hi.x).rounded(.up) + Double(margin), bounds.x, bounds.x + bounds.width)
        let y1 = clamp((hi.y).rounded(.up) + Double(margin), bounds.y, bounds.y + bounds.height)
        guard x1 > x0, y1 > y0 else { return nil }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}
