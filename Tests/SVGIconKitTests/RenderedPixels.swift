import SVGIconCore
@testable import SVGIconKit

/// An SVG body drawn in a `size` × `size` viewBox at `size` × `size` pixels (1 px per user unit), as straight
/// RGBA bytes, for tests that check exact pixels.
struct RenderedPixels {
    /// The straight RGBA bytes, row by row.
    let bytes: [UInt8]
    /// Width and height in pixels.
    let size: Int

    /// Parses `<svg viewBox='0 0 size size'>body</svg>` and renders it.
    init(_ body: String, size: Int) throws {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 \(size) \(size)'>\(body)</svg>"
        bytes = try SVGDocumentParser.parse(Array(svg.utf8)).icon
            .render(options: RenderOptions(width: size, height: size)).straightAlphaRGBA()
        self.size = size
    }

    /// The RGBA bytes of pixel (x, y).
    subscript(x: Int, y: Int) -> [UInt8] {
        Array(bytes[(y * size + x) * 4..<(y * size + x) * 4 + 4])
    }
}
