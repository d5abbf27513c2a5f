/// JPEG decoding (placeholder until the libjpeg target lands).
enum JPEGDecoder {
    static func decode(_ data: [UInt8]) -> Result<SVGImagePixels, SVGImageLoadFailure> {
        .failure(SVGImageLoadFailure("JPEG images are not decoded by this build"))
    }
}
