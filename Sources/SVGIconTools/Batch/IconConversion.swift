import SVGIconCore
import SVGIconKit

/// One icon of a batch turned into all its planned files: the rasters, the ICO/ICNS files, the vector
/// files (PDF, VectorDrawable) and the asset catalog's `Contents.json`, in that order.
///
/// The file is read once, hashed only when the cache is asked, parsed at most once and only when something
/// needs the model, and each distinct set of render options is rendered once (24 px @2x and 48 px @1x share
/// their PNG). The first failure ends the icon: the files written before it stay, nothing after it is
/// attempted. Used by one worker thread at a time.
struct IconConversion {
    private let runner: BatchRunner
    private let plan: BatchOutputPlanner.IconPlan
    private let folderErrors: [String: String]
    private let path: String
    private var bytes: [UInt8] = []
    private var digest: SHA256.Digest? = nil
    private var parsed: SVGParseResult? = nil
    private var byOptions: [RenderOptions: CachedIconRenderer.Output] = [:]
    /// Some paint takes the tint, as the last rendered or parsed output found.
    private var usesTint = false
    private var outcome = BatchRunner.IconOutcome()

    private init(runner: BatchRunner, plan: BatchOutputPlanner.IconPlan, folderErrors: [String: String]) {
        self.runner = runner
        self.plan = plan
        self.folderErrors = folderErrors
        self.path = runner.inputPath(plan.icon)
    }

    /// Converts `plan`'s icon, writing through `runner`, with this worker's reusable `renderers`.
    static func convert(_ plan: BatchOutputPlanner.IconPlan, runner: BatchRunner, folderErrors: [String: String],
                        renderers: inout ReusableRenderers) -> BatchRunner.IconOutcome {
        var conversion = IconConversion(runner: runner, plan: plan, folderErrors: folderErrors)
        conversion.run(renderers: &renderers)
        return conversion.outcome
    }

    private mutating func run(renderers: inout ReusableRenderers) {
        do {
            bytes = try FileIO.read(path)
        } catch {
            outcome.failure = BatchFailure(error)
            return
        }
        guard writeRasters(renderers: &renderers), writeIconFiles(renderers: &renderers),
              writeVectorFiles() else { return }
        // Set after every format's files: the vector formats learn it from the parsed icon only.
        outcome.usesTint = usesTint
        writeImageSets()
    }

    // MARK: - Formats

    private mutating func writeRasters(renderers: inout ReusableRenderers) -> Bool {
        for output in plan.outputs {
            guard let rendered = render(output.options, renderers: &renderers),
                  write(rendered.png, to: output.relativePath) else { return false }
        }
        return true
    }

    private mutating func writeIconFiles(renderers: inout ReusableRenderers) -> Bool {
        for file in plan.iconFiles {
            var entries: [IconFileWriter.Entry] = []
            for entry in file.entries {
                guard let rendered = render(entry.options, renderers: &renderers) else { return false }
                entries.append(.init(size: entry.options.width, png: rendered.png))
            }
            guard write(IconFileWriter.write(file.format, entries), to: file.relativePath) else { return false }
        }
        return true
    }

    private mutating func writeVectorFiles() -> Bool {
        for file in plan.vectorFiles + plan.pdfFiles {
            let result: SVGParseResult
            do throws(SVGLoadError) {
                result = try parse()
            } catch {
                outcome.failure = BatchFailure(error)
                return false
            }
            guard let written = vectorBytes(file, result) else { return false }
            if outcome.warnings.isEmpty { outcome.warnings = result.warnings }
            usesTint = runner.request.recolor || result.icon.usesTint
            guard write(written, to: file.relativePath) else { return false }
        }
        return true
    }

    /// The PDF or VectorDrawable bytes of `file`, or nil with the failure recorded.
    private mutating func vectorBytes(_ file: BatchOutputPlanner.Output, _ result: SVGParseResult) -> [UInt8]? {
        let request = runner.request
        let tint = request.tints.isEmpty && request.darkTint == nil ? nil : file.options.tint
        let width = file.options.width, height = file.options.height
        if file.relativePath.hasSuffix(".pdf") {
            let writer = PDFWriter(options: .init(width: width, height: height, tint: tint,
                                                  recolor: request.recolor, pdfStrokes: request.pdfStrokes),
                                   source: bytes)
            do {
                return try writer.write(result)
            } catch {
                outcome.failure = BatchFailure(path: path, line: error.line, reason: error.description)
                return nil
            }
        }
        let writer = VectorDrawableWriter(options: .init(width: width, height: height, tint: tint,
                                                         recolor: request.recolor), source: bytes)
        do {
            return Array(try writer.write(result).utf8)
        } catch {
            outcome.failure = BatchFailure(path: path, line: error.line, reason: error.description)
            return nil
        }
    }

    private mutating func writeImageSets() {
        guard !plan.imageSets.isEmpty, let template = templateIntent() else { return }
        for imageSet in plan.imageSets {
            let contents = Array(imageSet.contentsJSON(template: template).utf8)
            guard write(contents, to: imageSet.folder + "/Contents.json") else { return }
        }
    }

    /// Whether the image sets are template images: `--rendering` if given, always with `--recolor`, else
    /// when every visible paint takes the tint. Nil with the failure recorded when the file cannot be parsed.
    private mutating func templateIntent() -> Bool? {
        let request = runner.request
        if let forced = request.rendering { return forced == .template }
        if request.recolor { return true }
        // Cached renders did not parse the file; the intent needs the model.
        do throws(SVGLoadError) {
            return try parse().icon.everyVisiblePaintTakesTint
        } catch {
            outcome.failure = BatchFailure(error)
            return nil
        }
    }

    // MARK: - Steps

    /// The PNG for `options`, or nil with the failure recorded.
    private mutating func render(_ options: RenderOptions,
                                 renderers: inout ReusableRenderers) -> CachedIconRenderer.Output? {
        if let same = byOptions[options] {
            count(same)
            return same
        }
        let rendered: CachedIconRenderer.Output
        do {
            rendered = try runner.renderer.png(svgDigest: svgDigest(), options: options,
                                               parsing: runner.request.parsing, renderers: &renderers) {
                () throws(SVGLoadError) in try parse()
            }
        } catch {
            switch error {
            case .load(let loadError): outcome.failure = BatchFailure(loadError)
            case .encode, .tooComplex: outcome.failure = BatchFailure(path: path, reason: error.description)
            }
            return nil
        }
        byOptions[options] = rendered
        count(rendered)
        if outcome.warnings.isEmpty { outcome.warnings = rendered.warnings }
        usesTint = rendered.usesTint
        return rendered
    }

    private mutating func count(_ output: CachedIconRenderer.Output) {
        if output.fromCache { outcome.files.fromCache += 1 } else { outcome.files.rendered += 1 }
    }

    /// The file's hash, computed on first use (only the cache asks for it).
    private mutating func svgDigest() -> SHA256.Digest {
        if let digest { return digest }
        let hashed = SHA256.hash(bytes)
        digest = hashed
        return hashed
    }

    /// The parsed file, parsed on first use.
    private mutating func parse() throws(SVGLoadError) -> SVGParseResult {
        if let parsed { return parsed }
        let result = try SVGDocumentParser.parse(bytes, file: path, options: runner.request.parsing)
        parsed = result
        return result
    }

    /// Writes `contents` to `relativePath` below the output folder; false with the failure recorded.
    private mutating func write(_ contents: [UInt8], to relativePath: String) -> Bool {
        guard let failure = runner.write(contents, to: relativePath, icon: path, folderErrors: folderErrors,
                                         files: &outcome.files) else { return true }
        outcome.failure = failure
        return false
    }
}
