import SVGIconCore
import SVGIconKit
/// Placing images and rectangles on a pixmap, for composed images such as contact sheets.
extension Pixmap {
    /// Draws `image` over this pixmap with its top-left corner at (x, y), source-over; parts outside
    /// are clipped.
    mutating func place(_ image: Pixmap, x: Int, y: Int) {
        let source = image.data  // premultiplied RGBA whichever form the image has
        for row in 0..<image.height where (0..<height).contains(y + row) {
            for column in 0..<image.width where (0..<width).contains(x + column) {
                let s = (row * image.width + column) * 4, d = ((y + row) * width + x + column) * 4
                let keep = 1 - source[s + 3]
                for c in 0..<4 { data[d + c] = source[s + c] + data[d + c] * keep }
            }
        }
    }

    /// Paints an opaque rectangle (clipped to the pixmap).
    mutating func fill(x: Int, y: Int, width w: Int, height h: Int, color: PremultipliedColor) {
        let rows = max(0, y)..<max(max(0, y), min(height, y + h))
        let columns = max(0, x)..<max(max(0, x), min(width, x + w))
        for row in rows {
            for column in columns {
                let i = (row * width + column) * 4
                data[i] = color.r; data[i + 1] = color.g; data[i + 2] = color.b; data[i + 3] = color.a
            }
        }
    }
}
