import Foundation

/// What a golden suite renders and how strictly it compares, stored as `golden.json` in the goldens folder.
public struct GoldenConfiguration: Codable, Hashable, Sendable {
    /// Pixel sizes every icon is rendered at.
    public var sizes: [Int]
    /// Tints: nil (untinted, black) and/or colours like "#0a84ff".
    public var tints: [String?]
    /// Largest allowed difference, in 0–255 levels, of any premultiplied channel of any pixel.
    public var tolerance: Int

    public init(sizes: [Int] = [16, 24, 48], tints: [String?] = [nil, "#0a84ff"], tolerance: Int = 1) {
        self.sizes = sizes
        self.tints = tints
        self.tolerance = tolerance
    }

    public static let fileName = "golden.json"

    /// Reads `golden.json` from `folder`, or nil when there is none.
    public static func load(from folder: String) throws -> GoldenConfiguration? {
        let path = folder + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try JSONDecoder().decode(GoldenConfiguration.self, from: data)
    }

    public func save(to folder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var data = try encoder.encode(self)
        data.append(0x0A)
        try FileIO.writeAtomically([UInt8](data), to: folder + "/" + GoldenConfiguration.fileName)
    }
}
