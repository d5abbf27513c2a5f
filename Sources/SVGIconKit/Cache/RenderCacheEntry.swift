/// One cached render: the PNG bytes and what the renderer learned about the icon on the way (whether it
/// takes a tint, the parser's warnings), so a cache hit needs no parsing at all.
///
/// On disk (all integers little-endian):
///
/// | bytes | holds |
/// |---|---|
/// | 0 ..< 8 | magic `SVGICNC1` |
/// | 8 ..< 40 | the entry's own key (a file copied or renamed onto another key is caught) |
/// | 40 ..< 72 | SHA-256 of every byte from offset 72 to the end |
/// | 72 ..< 76 | metadata length M |
/// | 76 ..< 76+M | metadata: UTF-8 lines, `template 0|1` and `warning<TAB>LINE<TAB>ELEMENT<TAB>MESSAGE` |
/// | 76+M ..< end | the PNG |
///
/// `decode` checks all of it, so a truncated, padded, bit-flipped or misplaced entry is refused.
package struct RenderCacheEntry: Hashable, Sendable {
    package var png: [UInt8]
    /// The icon has paints that take the tint (`SVGIconDefinition.usesTint`).
    package var usesTint: Bool
    /// What the parser skipped or repaired.
    package var warnings: [SVGWarning]

    package init(png: [UInt8], usesTint: Bool, warnings: [SVGWarning] = []) {
        self.png = png
        self.usesTint = usesTint
        self.warnings = warnings
    }

    static let magic = Array("SVGICNC1".utf8)
    static let headerSize = 76
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Why stored bytes were refused.
    package enum Defect: String, Error, Hashable, Sendable {
        case tooShort = "shorter than its header"
        case badMagic = "not a svgicon cache entry"
        case wrongKey = "filed under another key"
        case checksumMismatch = "contents do not match their SHA-256 (truncated or altered)"
        case badMetadata = "metadata is malformed"
        case notPNG = "payload is not a PNG"
    }

    /// The bytes stored on disk for this entry under `key`.
    package func encoded(for key: RenderCacheKey) -> [UInt8] {
        var metadata = "template \(usesTint ? 1 : 0)\n"
        for w in warnings {
            metadata += "warning\t\(w.line)\t\(Self.oneLine(w.element))\t\(Self.oneLine(w.message))\n"
        }
        var body: [UInt8] = []
        let metadataBytes = Array(metadata.utf8)
        body.reserveCapacity(4 + metadataBytes.count + png.count)
        let m = UInt32(metadataBytes.count)
        body += [UInt8(truncatingIfNeeded: m), UInt8(truncatingIfNeeded: m >> 8),
                 UInt8(truncatingIfNeeded: m >> 16), UInt8(truncatingIfNeeded: m >> 24)]
        body += metadataBytes
        body += png
        return Self.magic + key.digest.bytes + SHA256.hash(body).bytes + body
    }

    /// The entry stored in `bytes` under `key`, or why the bytes cannot be trusted.
    package static func decode(_ bytes: [UInt8], for key: RenderCacheKey) -> Result<RenderCacheEntry, Defect> {
        guard bytes.count >= headerSize else { return .failure(.tooShort) }
        guard bytes[0..<8].elementsEqual(magic) else { return .failure(.badMagic) }
        guard bytes[8..<40].elementsEqual(key.digest.bytes) else { return .failure(.wrongKey) }
        guard bytes[40..<72].elementsEqual(SHA256.hash(bytes[72...]).bytes) else { return .failure(.checksumMismatch) }
        let m = Int(bytes[72]) | Int(bytes[73]) << 8 | Int(bytes[74]) << 16 | Int(bytes[75]) << 24
        guard m <= bytes.count - headerSize else { return .failure(.badMetadata) }
        let png = Array(bytes[(headerSize + m)...])
        guard png.starts(with: pngSignature) else { return .failure(.notPNG) }
        var usesTint: Bool? = nil
        var warnings: [SVGWarning] = []
        let metadata = String(decoding: bytes[headerSize..<(headerSize + m)], as: UTF8.self)
        for line in metadata.split(separator: "\n") {
            if line == "template 0" || line == "template 1" {
                usesTint = line == "template 1"
                continue
            }
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, fields[0] == "warning", let number = Int(fields[1]) else {
                return .failure(.badMetadata)
            }
            warnings.append(SVGWarning(line: number, element: String(fields[2]), message: String(fields[3])))
        }
        guard let usesTint else { return .failure(.badMetadata) }
        return .success(RenderCacheEntry(png: png, usesTint: usesTint, warnings: warnings))
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
