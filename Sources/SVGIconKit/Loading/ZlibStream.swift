import CZlib

/// zlib (RFC 1950) compression, for PDF's `/FlateDecode` streams.
package enum ZlibStream {
    /// `bytes` compressed at zlib's level 9.
    package static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                compress2(output.baseAddress, &length, input.baseAddress, uLong(input.count), 9)
            }
        }
        precondition(status == Z_OK, "compress2 failed (\(status)) with a buffer of compressBound's size")
        return Array(out.prefix(Int(length)))
    }
}
