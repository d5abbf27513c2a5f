import SVGIconCore
import SVGIconKit
import Foundation

/// What a golden suite renders and how strictly it compares, stored as `golden.json` in the goldens folder.
package struct GoldenConfiguration: Codable, Hashable, Sendable {
    /// Pixel sizes every icon is rendered at.
    package var sizes: [Int]
    /// Tints: nil (untinted, black) and/or colours like "#0a84ff".
    package var tints: [String?]
    /// Largest allowed difference, in 0–255 levels, of any premultiplied channel of any pixel.
    package var tolerance: Int
    /// Every paint becomes the tint (`--recolor`); absent from `golden.json` means false.
    package var recolor: Bool?
    /// Renders fitted to the pixel grid (`--pixel-fit`); absent from `golden.json` means false.
    package var pixelFit: Bool?
    /// Strokes at most 1 px wide keep their exact outline (`--exact-thin-strokes`); absent means false.
    package var exactThinStrokes: Bool?

    package init(sizes: [Int] = [16, 24, 48], tints: [String?] = [nil, "#0a84ff"], tolerance: Int = 1,
                 recolor: Bool? = nil) {
        self.sizes = sizes
        self.tints = tints
        self.tolerance = tolerance
        self.recolor = recolor
    }

    package static let fileName = "golden.json"
    /// Largest size a golden may have (goldens are icons; this keeps a typo from writing huge files).
    package static let maxSize = 1024

    /// Reads `golden.json` from `folder`, or nil when there is none.
    package static func load(from folder: String) throws(GoldenError) -> GoldenConfiguration? {
        let path = folder + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let configuration: GoldenConfiguration
        do {
            configuration = try JSONDecoder().decode(GoldenConfiguration.self, from: Data(try FileIO.read(path)))
        } catch {
            throw GoldenError("\(path) is not a golden configuration (\(error)); it needs "
                + ##"{"sizes": [16, 24], "tints": [null, "#0a84ff"], "tolerance": 1}"##)
        }
        try configuration.validate(source: path)
        return configuration
    }

    package func save(to folder: String) throws(GoldenError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            var data = try encoder.encode(self)
            data.append(0x0A)
            try FileIO.writeAtomically([UInt8](data), to: folder + "/" + GoldenConfiguration.fileName)
        } catch {
            throw GoldenError("cannot save the golden configuration: \(error)")
        }
    }

    /// Throws when a size, tint or the tolerance is out of range; `source` names where they came from.
    package func validate(source: String) throws(GoldenError) {
        if sizes.isEmpty { throw GoldenError("\(source): sizes is empty; give at least one pixel size") }
        if let bad = sizes.first(where: { !(1...Self.maxSize).contains($0) }) {
            throw GoldenError("\(source): size \(bad) is out of range (1–\(Self.maxSize))")
        }
        if tints.isEmpty { throw GoldenError("\(source): tints is empty; use [null] for untinted only") }
        if let bad = tints.compactMap({ $0 }).first(where: { SVGColor(css: $0) == nil }) {
            throw GoldenError("\(source): tint \"\(bad)\" is not a CSS colour (use \"#0a84ff\", \"rgb(10,132,255)\", a CSS name, or null for untinted)")
        }
        if !(0...255).contains(tolerance) {
            throw GoldenError("\(source): tolerance \(tolerance) is out of range (0–255 levels per channel)")
        }
    }

    /// "sizes 16, 24, 48; tints none, #0a84ff; tolerance 1"
    package var summary: String {
        "sizes \(sizes.map(String.init).joined(separator: ", ")); "
            + "tints \(tints.map { $0 ?? "none" }.joined(separator: ", ")); tolerance \(tolerance)"
            + (recolor == true ? "; recolored" : "") + (pixelFit == true ? "; pixel-fitted" : "")
            + (exactThinStrokes == true ? "; exact thin strokes" : "")
    }
}
