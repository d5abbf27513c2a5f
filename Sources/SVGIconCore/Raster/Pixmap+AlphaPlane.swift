extension Pixmap {
    /// A one-colour pixmap as a PNG encoder wants it: the colour's straight 8-bit channels and each
    /// pixel's alpha rounded to 8 bits. Pixel by pixel this is what `straightAlphaRGBA()` gives — the
    /// colour where the alpha byte is not 0, else (0, 0, 0, 0) — in a quarter of the bytes. Nil for a full
    /// RGBA pixmap.
    package func straightAlphaPlane() -> (red: UInt8, green: UInt8, blue: UInt8, alpha: [UInt8])? {
        guard let u = uniform else { return nil }
        let count = width * height
        let alpha = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            samples.withUnsafeBufferPointer { px in
                guard let src = px.baseAddress, let dst = out.baseAddress else { return }
                var i = 0
                while i &+ 4 <= count {
                    let four = Self.bytes(UnsafeRawPointer(src + i).loadUnaligned(as: SIMD4<Float>.self))
                    UnsafeMutableRawPointer(dst + i).storeBytes(of: four, as: UInt32.self)
                    i &+= 4
                }
                while i < count {
                    dst[i] = Self.byte(src[i])
                    i &+= 1
                }
            }
            initialized = count
        }
        return (Self.byte(u.r), Self.byte(u.g), Self.byte(u.b), alpha)
    }
}
