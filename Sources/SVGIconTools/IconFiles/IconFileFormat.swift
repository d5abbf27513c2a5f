/// Windows `.ico` and macOS `.icns` files: several PNG-compressed renders of one icon in one container.
///
/// Both formats store each entry as a whole PNG file (ICO since Windows Vista, ICNS since Mac OS X 10.5 for
/// the types below), so the entries are exactly the PNGs `svgicon render` writes at those sizes, byte for
/// byte, and a reader that extracts them gets those files back.
package enum IconFileFormat: String, CaseIterable, Hashable, Sendable, Codable {
    case ico
    case icns

    /// The file extension, without the dot.
    package var fileExtension: String { rawValue }

    /// The pixel sizes written when none are asked for: what Windows' shell and macOS' Finder pick from.
    package var defaultSizes: [Int] {
        switch self {
        case .ico: return [16, 24, 32, 48, 64, 256]
        case .icns: return [16, 32, 64, 128, 256, 512, 1024]
        }
    }

    /// Sizes the format can hold: ICO 1–256 (its directory stores a size in one byte, 0 meaning 256);
    /// ICNS only the sizes its PNG types name (`icnsTypes`).
    package func accepts(_ size: Int) -> Bool {
        switch self {
        case .ico: return (1...256).contains(size)
        case .icns: return Self.icnsTypes.contains { $0.pixels == size }
        }
    }

    /// A sentence saying which sizes the format holds, for error messages.
    package var sizeRule: String {
        switch self {
        case .ico: return "an .ico entry is 1 to 256 pixels square"
        case .icns: return "an .icns file holds PNGs of 16, 32, 64, 128, 256, 512 and 1024 pixels"
        }
    }

    /// The ICNS element types that hold a PNG, with their size in pixels, in the order written: each point
    /// size at 1x and then its @2x twin (Apple's `iconutil` and libicns use these codes; `icp4`–`icp6` since
    /// 10.7, `ic11`–`ic14` the @2x "retina" types since 10.8).
    package static let icnsTypes: [(code: String, pixels: Int, meaning: String)] = [
        ("icp4", 16, "16×16"), ("ic11", 32, "16×16@2x"),
        ("icp5", 32, "32×32"), ("ic12", 64, "32×32@2x"),
        ("icp6", 64, "64×64"),
        ("ic07", 128, "128×128"), ("ic13", 256, "128×128@2x"),
        ("ic08", 256, "256×256"), ("ic14", 512, "256×256@2x"),
        ("ic09", 512, "512×512"), ("ic10", 1024, "512×512@2x"),
    ]
}

/// Packs PNG files into `.ico` and `.icns` containers.
package enum IconFileWriter {
    /// One entry: a square PNG of `size` pixels.
    package struct Entry: Hashable, Sendable {
        package var size: Int
        package var png: [UInt8]

        package init(size: Int, png: [UInt8]) {
            self.size = size
            self.png = png
        }
    }

    package static func write(_ format: IconFileFormat, _ entries: [Entry]) -> [UInt8] {
        switch format {
        case .ico: return ico(entries)
        case .icns: return icns(entries)
        }
    }

    /// An ICO file: the 6-byte `ICONDIR` header (reserved 0, type 1 = icon, count), one 16-byte
    /// `ICONDIRENTRY` per image (width and height in one byte each, 0 meaning 256; no palette; 1 plane;
    /// 32 bits per pixel; the PNG's length and offset), then the PNGs in the same order. Little-endian.
    /// Entries are sorted by size, smallest first; sizes outside 1…256 are a programming error.
    package static func ico(_ entries: [Entry]) -> [UInt8] {
        let sorted = entries.sorted { $0.size < $1.size }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(6 + 16 * sorted.count + sorted.reduce(0) { $0 + $1.png.count })
        append16(&bytes, 0)
        append16(&bytes, 1)
        append16(&bytes, UInt16(sorted.count))
        var offset = 6 + 16 * sorted.count
        for entry in sorted {
            precondition((1...256).contains(entry.size), "an ICO entry is 1…256 pixels")
            let side = UInt8(entry.size & 0xFF)  // 256 → 0
            bytes += [side, side, 0, 0]
            append16(&bytes, 1)   // colour planes
            append16(&bytes, 32)  // bits per pixel
            append32le(&bytes, UInt32(entry.png.count))
            append32le(&bytes, UInt32(offset))
            offset += entry.png.count
        }
        for entry in sorted { bytes += entry.png }
        return bytes
    }

    /// An ICNS file: `icns` and the file's length (big-endian), then one element per PNG type whose size
    /// is among the entries (`IconFileFormat.icnsTypes`, in that order): its four-letter code, its length
    /// including the 8-byte element header, and the PNG. A size with two types (32 px is `icp5` and
    /// `ic11`) is stored under both, so 1x and @2x lookups both find it.
    package static func icns(_ entries: [Entry]) -> [UInt8] {
        var body: [UInt8] = []
        for type in IconFileFormat.icnsTypes {
            guard let entry = entries.first(where: { $0.size == type.pixels }) else { continue }
            body += Array(type.code.utf8)
            append32be(&body, UInt32(8 + entry.png.count))
            body += entry.png
        }
        var bytes = Array("icns".utf8)
        append32be(&bytes, UInt32(8 + body.count))
        return bytes + body
    }

    private static func append16(_ bytes: inout [UInt8], _ value: UInt16) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private static func append32le(_ bytes: inout [UInt8], _ value: UInt32) {
        bytes += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }

    private static func append32be(_ bytes: inout [UInt8], _ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
