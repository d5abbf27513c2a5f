/// The pixels a filter reads and writes: width × height premultiplied RGBA, channels `Float` in 0…1, rows
/// top to bottom, no padding — the layout of a full-RGBA `Pixmap`. Unless a `FilterGraph` says otherwise
/// the colours are sRGB; inside the graph an image may hold linearRGB (the graph keeps track of which).
package struct FilterImage: Hashable, Sendable {
    package let width: Int
    package let height: Int
    /// width × height × 4 values (R, G, B, A, colour premultiplied by alpha).
    package var pixels: [Float]

    /// A transparent image; sizes below zero count as zero.
    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [Float](repeating: 0, count: self.width * self.height * 4)
    }

    /// nil when `pixels` does not hold width × height × 4 values.
    package init?(width: Int, height: Int, pixels: [Float]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixmap's premultiplied RGBA values (an alpha-only pixmap is expanded).
    package init(_ pixmap: Pixmap) {
        width = pixmap.width
        height = pixmap.height
        pixels = pixmap.data
    }

    /// The image as a full-RGBA pixmap.
    package var pixmap: Pixmap {
        var result = Pixmap(width: width, height: height)
        result.data = pixels
        return result
    }

    var isEmpty: Bool { width == 0 || height == 0 }

    /// Premultiplied RGBA of (x, y); transparent outside the image.
    @inline(__always)
    func pixel(_ x: Int, _ y: Int) -> (Float, Float, Float, Float) {
        guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Clears every pixel outside `rect` (image coordinates) to transparent.
    mutating func clear(outside rect: FilterPixelRect) {
        let (w, h) = (width, height)
        pixels.withUnsafeMutableBufferPointer { rect.clearOutside($0, width: w, height: h, channels: 4) }
    }
}
