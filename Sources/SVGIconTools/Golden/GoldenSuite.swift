import SVGIconCore
import SVGIconKit
import Foundation

/// Golden-image testing: render every icon of a folder at the configured sizes and tints and compare each
/// result with the PNG recorded for it. The same engine serves `swift test` for svgicon's own `Icons/`
/// and, for users, `svgicon golden check|update`.
///
/// The icons are found as `svgicon batch` finds them (`.svg` and `.svgz` at any depth, hidden folders
/// skipped). Goldens are `NAME-SIZE.png` (untinted) and `NAME-SIZE-RRGGBB.png`, in the goldens folder's
/// copy of the icon's subfolder (`nav/bell.svg` → `nav/bell-24.png`), beside a top-level `golden.json`. Checking never writes a golden; it writes an `expected | difference | actual` image for
/// every render that differs into the failures folder (`_failures/` in the goldens folder by default).
package struct GoldenSuite: Sendable {
    package var iconsFolder: String
    package var goldensFolder: String
    package var configuration: GoldenConfiguration

    /// Folder inside the goldens folder that `check` writes its difference images to.
    package static let failuresFolderName = "_failures"

    package init(iconsFolder: String, goldensFolder: String, configuration: GoldenConfiguration) {
        self.iconsFolder = iconsFolder
        self.goldensFolder = goldensFolder
        self.configuration = configuration
    }

    /// The icons the suite covers, relative to the icon folder (`nav/bell.svg`), sorted: every `.svg`
    /// and `.svgz` below it. A goldens folder inside the icon folder is skipped. An empty or missing
    /// folder is an error, so a wrong path never passes as "nothing to check".
    package func iconFiles() throws(GoldenError) -> [String] {
        let files: [String]
        do {
            files = try IconFolderScanner(folder: iconsFolder, excluding: goldensFolder).scan().icons
        } catch {
            throw GoldenError("icon folder \(error.description)")
        }
        if files.isEmpty { throw GoldenError("\(iconsFolder) holds no .svg or .svgz files at any depth; nothing to check") }
        return files
    }

    /// Every (icon, size, tint) the configuration asks for, icons sorted by relative path.
    package func cases() throws(GoldenError) -> [GoldenCase] {
        try configuration.validate(source: goldensFolder + "/" + GoldenConfiguration.fileName)
        return try iconFiles().flatMap { relative in
            configuration.sizes.flatMap { size in
                configuration.tints.map {
                    GoldenCase(iconPath: IconFolderScanner.join(iconsFolder, relative), relativePath: relative,
                               size: size, tint: $0)
                }
            }
        }
    }

    /// Renders one case.
    package func render(_ c: GoldenCase) throws(SVGLoadError) -> Pixmap {
        let icon = try SVGDocumentParser.parse(try FileIO.read(c.iconPath), file: c.iconPath).icon
        return render(icon, c)
    }

    private func render(_ icon: SVGIconDefinition, _ c: GoldenCase) -> Pixmap {
        icon.render(options: RenderOptions(width: c.size, height: c.size, tint: c.tintColor,
                                           recolor: configuration.recolor == true,
                                           pixelFit: configuration.pixelFit == true,
                                           exactThinStrokes: configuration.exactThinStrokes == true))
    }

    /// Loads each icon once and hands every case of it, with its render, to `body`; an icon that does
    /// not load gets its cases with the error instead.
    private func forEachRender(_ all: [GoldenCase],
                               _ body: (GoldenCase, Result<Pixmap, SVGLoadError>) throws(GoldenError) -> Void)
        throws(GoldenError) {
        var loaded: (path: String, icon: Result<SVGIconDefinition, SVGLoadError>)? = nil
        for c in all {
            if loaded?.path != c.iconPath {
                let result = Result { () throws(SVGLoadError) -> SVGIconDefinition in
                    try SVGDocumentParser.parse(try FileIO.read(c.iconPath), file: c.iconPath).icon
                }
                loaded = (c.iconPath, result)
            }
            try body(c, loaded!.icon.map { render($0, c) })
        }
    }

    /// PNG files in the goldens folder (at any depth, the failures folder aside) that no case produces.
    private func extraGoldens(besides all: [GoldenCase]) -> [String] {
        let expected = Set(all.map(\.goldenFileName))
        return pngFiles(below: goldensFolder, skipping: Self.failuresFolderName).filter { !expected.contains($0) }
    }

    /// The `.png` files below `folder`, relative and sorted; hidden entries and the `skipping` subfolder
    /// of the top level are left out.
    private func pngFiles(below folder: String, skipping: String? = nil) -> [String] {
        let all = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        return all.filter { path in
            path.hasSuffix(".png") && !path.split(separator: "/").contains { $0.hasPrefix(".") }
                && !(skipping.map { path.hasPrefix($0 + "/") } ?? false)
        }.sorted()
    }

    /// Compares every case with its golden. Differences get an `expected | difference | actual` image in
    /// `failuresFolder` (default `<goldens>/_failures`), whose old difference images are removed first so
    /// that what is there belongs to this check. Missing and extra goldens are mismatches too.
    package func check(failuresFolder: String? = nil) throws(GoldenError) -> GoldenReport {
        let failures = failuresFolder ?? goldensFolder + "/" + Self.failuresFolderName
        let all = try cases()
        removeOldDiffImages(in: failures)
        var mismatches: [GoldenMismatch] = []
        try forEachRender(all) { c, render throws(GoldenError) in
            if let mismatch = try compare(c, render, failuresFolder: failures) { mismatches.append(mismatch) }
        }
        mismatches += extraGoldens(besides: all).map { GoldenMismatch(goldenFileName: $0, kind: .extra) }
        return GoldenReport(checked: all.count, mismatches: mismatches)
    }

    private func compare(_ c: GoldenCase, _ render: Result<Pixmap, SVGLoadError>,
                         failuresFolder: String) throws(GoldenError) -> GoldenMismatch? {
        let actual: Pixmap
        switch render {
        case .success(let pixmap): actual = pixmap
        case .failure(let error):
            return GoldenMismatch(goldenFileName: c.goldenFileName, kind: .iconFailed(reason: error.description))
        }
        let goldenPath = goldensFolder + "/" + c.goldenFileName
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            return GoldenMismatch(goldenFileName: c.goldenFileName, kind: .missing)
        }
        let expected: Pixmap
        do {
            expected = try PNGCodec.decode(try FileIO.read(goldenPath))
        } catch {
            return GoldenMismatch(goldenFileName: c.goldenFileName, kind: .unreadable(reason: "\(error)"))
        }
        guard expected.width == actual.width, expected.height == actual.height else {
            return GoldenMismatch(goldenFileName: c.goldenFileName,
                                  kind: .sizeChanged(golden: "\(expected.width)×\(expected.height)",
                                                     render: "\(actual.width)×\(actual.height)"))
        }
        let comparison = ImageComparison(expected: expected, actual: actual, tolerance: configuration.tolerance)
        guard comparison.pixelsOverTolerance > 0 else { return nil }
        let diffPath = failuresFolder + "/" + c.diffFileName
        do {
            try FileManager.default.createDirectory(atPath: (diffPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileIO.writeAtomically(try PNGCodec.encode(comparison.sideBySide()), to: diffPath)
        } catch {
            throw GoldenError("cannot write the difference image \(diffPath): \(error)")
        }
        return GoldenMismatch(goldenFileName: c.goldenFileName,
                              kind: .differs(pixelsOverTolerance: comparison.pixelsOverTolerance,
                                             totalPixels: actual.width * actual.height,
                                             maxDifference: comparison.maxDifference,
                                             tolerance: configuration.tolerance),
                              diffImagePath: diffPath)
    }

    private func removeOldDiffImages(in folder: String) {
        for name in pngFiles(below: folder) where name.hasSuffix(".diff.png") {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    /// Renders every case and writes the goldens that are missing or differ beyond the tolerance (a golden
    /// within the tolerance is left byte for byte as it was); removes goldens no case produces. Returns
    /// what changed, one entry per file. An icon that does not load keeps its goldens and is reported as
    /// `.failed`.
    package func record() throws(GoldenError) -> [GoldenChange] {
        let all = try cases()
        do {
            try FileManager.default.createDirectory(atPath: goldensFolder, withIntermediateDirectories: true)
        } catch {
            throw GoldenError("cannot create the goldens folder \(goldensFolder): \(error.localizedDescription)")
        }
        var changes: [GoldenChange] = []
        try forEachRender(all) { c, render throws(GoldenError) in
            if let change = try record(c, render) { changes.append(change) }
        }
        for file in extraGoldens(besides: all) {
            do {
                try FileManager.default.removeItem(atPath: goldensFolder + "/" + file)
            } catch {
                throw GoldenError("cannot remove \(goldensFolder)/\(file): \(error.localizedDescription)")
            }
            changes.append(GoldenChange(goldenFileName: file, kind: .removed))
        }
        return changes
    }

    private func record(_ c: GoldenCase, _ render: Result<Pixmap, SVGLoadError>) throws(GoldenError) -> GoldenChange? {
        let actual: Pixmap
        switch render {
        case .success(let pixmap): actual = pixmap
        case .failure(let error): return GoldenChange(goldenFileName: c.goldenFileName, kind: .failed(reason: error.description))
        }
        let path = goldensFolder + "/" + c.goldenFileName
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw GoldenError("cannot create the folder for \(path): \(error.localizedDescription)")
        }
        let change: GoldenChange
        if let data = try? FileIO.read(path), let old = try? PNGCodec.decode(data) {
            if old.width == actual.width, old.height == actual.height {
                let comparison = ImageComparison(expected: old, actual: actual, tolerance: configuration.tolerance)
                if comparison.pixelsOverTolerance == 0 { return nil }
                change = GoldenChange(goldenFileName: c.goldenFileName,
                                      kind: .updated(pixelsChanged: comparison.pixelsOverTolerance,
                                                     maxDifference: comparison.maxDifference))
            } else {
                change = GoldenChange(goldenFileName: c.goldenFileName,
                                      kind: .updated(pixelsChanged: actual.width * actual.height, maxDifference: 255))
            }
        } else {
            change = GoldenChange(goldenFileName: c.goldenFileName, kind: .recorded)
        }
        do {
            try FileIO.writeAtomically(try PNGCodec.encode(actual), to: path)
        } catch {
            throw GoldenError("cannot write \(path): \(error)")
        }
        return change
    }
}
