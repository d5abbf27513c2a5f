import Foundation

/// Golden-image testing: render every icon of a folder at the configured sizes and tints and compare each
/// result with the PNG recorded for it. The same engine serves `swift test` for svgicon's own `Icons/`
/// and, for users, `svgicon golden`.
public struct GoldenSuite: Sendable {
    public var iconsFolder: String
    public var goldensFolder: String
    public var configuration: GoldenConfiguration

    public init(iconsFolder: String, goldensFolder: String, configuration: GoldenConfiguration) {
        self.iconsFolder = iconsFolder
        self.goldensFolder = goldensFolder
        self.configuration = configuration
    }

    /// One render to check: an icon at a size and tint, and the golden file it is compared with.
    public struct Case: Hashable, Sendable {
        public var iconPath: String
        public var iconName: String
        public var size: Int
        /// The tint as written in the configuration (nil: untinted).
        public var tint: String?
        public var goldenFileName: String
    }

    /// The outcome of checking one case.
    public struct Mismatch: Hashable, Sendable, CustomStringConvertible {
        public var goldenFileName: String
        /// Pixels with a channel difference above the tolerance.
        public var pixelsOverTolerance: Int
        public var totalPixels: Int
        public var maxDifference: Int
        /// expected | difference | actual, written next to the goldens.
        public var diffImagePath: String?
        /// Set instead of the numbers when the golden is missing or unreadable, or the icon fails.
        public var problem: String?

        public var description: String {
            if let problem { return "\(goldenFileName): \(problem)" }
            var text = "\(goldenFileName): \(pixelsOverTolerance) of \(totalPixels) pixels differ by more than the tolerance (max difference \(maxDifference))"
            if let diffImagePath { text += "; see \(diffImagePath)" }
            return text
        }
    }

    public struct Report: Hashable, Sendable {
        public var checked: Int
        public var mismatches: [Mismatch]
        /// Golden PNGs with no icon/size/tint that produces them.
        public var extraGoldens: [String]
        public var passed: Bool { mismatches.isEmpty && extraGoldens.isEmpty }
    }

    /// Every (icon, size, tint) the configuration asks for, icons sorted by name.
    public func cases() throws -> [Case] {
        let names = try FileManager.default.contentsOfDirectory(atPath: iconsFolder)
            .filter { $0.hasSuffix(".svg") }
            .sorted()
        var result: [Case] = []
        for file in names {
            let name = String(file.dropLast(4))
            for size in configuration.sizes {
                for tint in configuration.tints {
                    result.append(Case(iconPath: iconsFolder + "/" + file, iconName: name, size: size, tint: tint,
                                       goldenFileName: Self.goldenFileName(icon: name, size: size, tint: tint)))
                }
            }
        }
        return result
    }

    /// `NAME-24.png`, `NAME-24-0a84ff.png` (the tint's hex digits without `#`).
    public static func goldenFileName(icon: String, size: Int, tint: String?) -> String {
        guard let tint else { return "\(icon)-\(size).png" }
        let label = SVGColor(css: tint)?.hexString.dropFirst() ?? Substring(tint.filter { $0.isLetter || $0.isNumber })
        return "\(icon)-\(size)-\(label).png"
    }

    /// Renders one case.
    public func render(_ c: Case) throws -> Pixmap {
        let icon = try SVGDocumentParser.parse(try FileIO.read(c.iconPath), file: c.iconPath).icon
        let tint = c.tint.flatMap { SVGColor(css: $0) } ?? .black
        return icon.render(options: RenderOptions(width: c.size, height: c.size, tint: tint))
    }

    /// Compares every case with its golden. Mismatches get a diff image in `failuresFolder`
    /// (default `<goldens>/_failures`).
    public func check(failuresFolder: String? = nil) throws -> Report {
        let failures = failuresFolder ?? goldensFolder + "/_failures"
        let all = try cases()
        var mismatches: [Mismatch] = []
        for c in all {
            let actual: Pixmap
            do {
                actual = try render(c)
            } catch {
                mismatches.append(Mismatch(goldenFileName: c.goldenFileName, pixelsOverTolerance: 0, totalPixels: 0,
                                           maxDifference: 0, problem: "rendering \(c.iconPath) failed: \(error)"))
                continue
            }
            let goldenPath = goldensFolder + "/" + c.goldenFileName
            guard FileManager.default.fileExists(atPath: goldenPath) else {
                mismatches.append(Mismatch(goldenFileName: c.goldenFileName, pixelsOverTolerance: 0, totalPixels: 0,
                                           maxDifference: 0, problem: "no golden recorded (run the update to record it)"))
                continue
            }
            let expected: Pixmap
            do {
                expected = try PNGCodec.decode(try FileIO.read(goldenPath))
            } catch {
                mismatches.append(Mismatch(goldenFileName: c.goldenFileName, pixelsOverTolerance: 0, totalPixels: 0,
                                           maxDifference: 0, problem: "golden is unreadable: \(error)"))
                continue
            }
            guard expected.width == actual.width, expected.height == actual.height else {
                mismatches.append(Mismatch(goldenFileName: c.goldenFileName, pixelsOverTolerance: 0, totalPixels: 0,
                                           maxDifference: 0,
                                           problem: "golden is \(expected.width)×\(expected.height), render is \(actual.width)×\(actual.height)"))
                continue
            }
            let comparison = ImageComparison(expected: expected, actual: actual, tolerance: configuration.tolerance)
            if comparison.pixelsOverTolerance > 0 {
                var diffPath: String? = failures + "/" + c.goldenFileName.replacingOccurrences(of: ".png", with: ".diff.png")
                do {
                    try FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
                    try FileIO.writeAtomically(try PNGCodec.encode(comparison.sideBySide()), to: diffPath!)
                } catch {
                    diffPath = nil
                }
                mismatches.append(Mismatch(goldenFileName: c.goldenFileName,
                                           pixelsOverTolerance: comparison.pixelsOverTolerance,
                                           totalPixels: actual.width * actual.height,
                                           maxDifference: comparison.maxDifference, diffImagePath: diffPath))
            }
        }
        let expectedNames = Set(all.map(\.goldenFileName))
        let present = (try? FileManager.default.contentsOfDirectory(atPath: goldensFolder)) ?? []
        let extra = present.filter { $0.hasSuffix(".png") && !expectedNames.contains($0) }.sorted()
        return Report(checked: all.count, mismatches: mismatches, extraGoldens: extra)
    }

    /// Renders every case and writes the goldens that are missing or differ beyond the tolerance;
    /// removes goldens no case produces. Returns what changed, one line per file.
    public func record() throws -> [String] {
        try FileManager.default.createDirectory(atPath: goldensFolder, withIntermediateDirectories: true)
        var changes: [String] = []
        let all = try cases()
        for c in all {
            let actual = try render(c)
            let path = goldensFolder + "/" + c.goldenFileName
            if let data = try? FileIO.read(path), let old = try? PNGCodec.decode(data),
               old.width == actual.width, old.height == actual.height {
                let comparison = ImageComparison(expected: old, actual: actual, tolerance: configuration.tolerance)
                if comparison.pixelsOverTolerance == 0 { continue }
                changes.append("updated \(c.goldenFileName) (\(comparison.pixelsOverTolerance) pixels changed, max difference \(comparison.maxDifference))")
            } else {
                changes.append("recorded \(c.goldenFileName)")
            }
            try FileIO.writeAtomically(try PNGCodec.encode(actual), to: path)
        }
        let expectedNames = Set(all.map(\.goldenFileName))
        for file in try FileManager.default.contentsOfDirectory(atPath: goldensFolder)
        where file.hasSuffix(".png") && !expectedNames.contains(file) {
            try FileManager.default.removeItem(atPath: goldensFolder + "/" + file)
            changes.append("removed \(file) (no icon renders it any more)")
        }
        return changes.sorted()
    }
}
