import Foundation
import SVGIconKit

/// How `svgicon render` sizes and names its outputs, and the document it parses at most once.
extension RenderCommand {
    /// The document, parsed the first time something asks for it.
    final class LazyDocument {
        let source: IconInput.Source
        let options: SVGResolver.Options
        private var result: SVGParseResult?

        init(source: IconInput.Source, options: SVGResolver.Options) {
            self.source = source
            self.options = options
        }

        func parsed() throws(SVGLoadError) -> SVGParseResult {
            if let result { return result }
            let parsed = try SVGDocumentParser.parse(source.bytes, file: source.file, options: options)
            result = parsed
            return parsed
        }

        /// `parsed()` with a load error as the command reports it.
        @discardableResult
        func load() throws(CLIError) -> SVGParseResult {
            do {
                return try parsed()
            } catch {
                throw CLIError.failed(error.description)
            }
        }
    }

    /// Pixel size at scale 1: `--size` square; `--width`/`--height` with the other side from the aspect
    /// ratio; neither: the document's own width/height (else its viewBox), rounded up.
    func outputSize(for icon: SVGIconDefinition) -> (Int, Int) {
        if let size { return (size, size) }
        let aspect = icon.aspect
        // Sides beyond the limit stay beyond it (capped so that scaling cannot overflow); NaN and infinity
        // from absurd documents count as too large.
        func clamp(_ v: Double) -> Int {
            guard v.isFinite else { return Self.maxSide * 16 }
            return Int(max(1, min(Double(Self.maxSide * 16), v.rounded(.up))))
        }
        switch (width, height) {
        case let (w?, h?): return (w, h)
        case let (w?, nil): return (w, clamp(Double(w) / aspect))
        case let (nil, h?): return (clamp(Double(h) * aspect), h)
        case (nil, nil):
            let w = icon.intrinsicWidth ?? (icon.viewBox.isValid ? icon.viewBox.width : 100)
            let h = icon.intrinsicHeight ?? (icon.viewBox.isValid ? icon.viewBox.height : 100)
            return (clamp(w), clamp(h))
        }
    }

    /// The warning for a tint nothing in the icon takes: what happened, and what to do.
    static func tintNotTaken(file: String, forceTint: Bool) -> String {
        "\(file): no paint takes the tint (every colour is written in the file, e.g. fill=\"black\"), so it "
            + "renders in its own colours. "
            + (forceTint ? "" : "Add --force-tint if the file sets `color` for currentColor, or ")
            + (forceTint ? "Use " : "use ") + "--recolor to paint every shape in the tint."
    }

    /// True when `path` names a folder: it ends in `/`, is `.` or `..`, or is an existing folder.
    static func isFolder(_ path: String) -> Bool {
        if path.hasSuffix("/") || path == "." || path == ".." || path.hasSuffix("/.") || path.hasSuffix("/..") { return true }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `NAME.png`, `NAME@2x.png`; with `-o FILE` and several scales, `FILE` for the first scale's name
    /// pattern: `out.png` → `out.png`, `out@2x.png`, `out@3x.png` (scale 1 keeps the plain name); with
    /// `-o DIR` (`isFolder`), `DIR/NAME.png`, `DIR/NAME@2x.png`.
    static func outputPath(output: String?, stem: String, scale: Int, scaleCount: Int,
                           isFolder: (String) -> Bool = { _ in false }) -> String {
        let suffix = scale == 1 ? "" : "@\(scale)x"
        guard let output else { return "\(stem)\(suffix).png" }
        if isFolder(output) {
            return (output.hasSuffix("/") ? output : output + "/") + "\(stem)\(suffix).png"
        }
        if scaleCount == 1 { return output }
        if output.hasSuffix(".png") { return String(output.dropLast(4)) + suffix + ".png" }
        return output + suffix
    }
}
