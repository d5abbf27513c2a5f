import Foundation

// PNG output on the render result itself: `icon.render(size: 24).writePNG(to: "shop.png")`.

extension Pixmap {
    /// The pixmap as PNG bytes, as `PNGCodec.encode(_:compression:)` makes them: 8-bit, straight alpha, in
    /// the smallest colour type that holds the pixels exactly. Bytes (`[UInt8]`) as everywhere in svgicon;
    /// `Data(pixmap.pngData())` where Foundation's type is wanted.
    public func pngData(compression: PNGCodec.Compression = .default) throws(PNGError) -> [UInt8] {
        try PNGCodec.encode(self, compression: compression)
    }

    /// Encodes the pixmap and writes it to `path` atomically (a temporary file in the same folder renamed
    /// into place: a reader never sees half a PNG, a failed write leaves nothing behind). The folder must
    /// exist; the error names the file.
    public func writePNG(to path: String, compression: PNGCodec.Compression = .default) throws(PNGError) {
        try PNGCodec.write(self, to: path, compression: compression)
    }

    /// `writePNG(to:)` for a file URL.
    public func writePNG(to url: URL, compression: PNGCodec.Compression = .default) throws(PNGError) {
        guard url.isFileURL else { throw PNGError(reason: "\(url.absoluteString): not a file URL") }
        try PNGCodec.write(self, to: url.path, compression: compression)
    }
}
