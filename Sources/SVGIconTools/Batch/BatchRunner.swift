import SVGIconCore
import SVGIconKit
import Dispatch
import Foundation

/// Converts a folder of icons: finds them, plans their outputs, then renders on `jobs` threads at once,
/// one icon per task, each icon parsed at most once and only when the cache lacks one of its outputs.
///
/// A failing icon is recorded and the others go on. Every file is written under a temporary name and
/// renamed into place, and a file that already holds the same bytes is left as it is. Temporary files
/// abandoned in the output folders by a killed run are removed before writing.
package final class BatchRunner: @unchecked Sendable {
    package let request: BatchRequest
    package let renderer: CachedIconRenderer

    /// Progress after each icon: icons done, icons in all, failures so far. Called on worker threads, one
    /// call at a time.
    package var onProgress: (@Sendable (_ done: Int, _ total: Int, _ failed: Int) -> Void)?
    /// Each failure as it happens (same threading as `onProgress`).
    package var onFailure: (@Sendable (BatchFailure) -> Void)?

    /// The names in each output folder (relative to the output root) before converting, nil where it could
    /// not be listed: an output whose name is not there cannot be up to date, so it is written without
    /// first trying to open it (that failing `open` was one system call per PNG). Set before the workers
    /// start, only read by them.
    private var existingNames: [String: Set<String>?] = [:]

    package init(request: BatchRequest, renderer: CachedIconRenderer) {
        self.request = request
        self.renderer = renderer
    }

    /// What happened to one icon.
    struct IconOutcome {
        var failure: BatchFailure?
        var files = BatchReport.Files()
        var warnings: [SVGWarning] = []
        /// Some paint takes the tint (or everything does: `--recolor`).
        var usesTint = true
    }

    /// Runs the whole batch. Throws only when the input folder cannot be read; everything else ends up in
    /// the report.
    package func run() throws(SVGLoadError) -> BatchReport {
        let start = ContinuousClock.now
        let outputRoot = request.outputFolder
        let found = try IconFolderScanner(folder: request.inputFolder, excluding: outputRoot).scan()
        let planner = BatchOutputPlanner(request: request)
        var failures: [BatchFailure] = []
        let plans = withoutCollisions(found.icons.map(planner.plan(for:)), failures: &failures)
        for failure in failures { onFailure?(failure) }
        var catalogFiles = BatchReport.Files()
        let folderErrors = prepareFolders(for: plans, planner: planner, files: &catalogFiles)
        let scanned = ContinuousClock.now

        // Convert, `jobs` icons at a time.
        let collisions = failures.count
        // Each process starts at its own place in the list and wraps around, so two processes converting
        // the same folder into one cache split the work instead of both rendering everything.
        let progress = Progress(count: plans.count, failed: collisions,
                                start: plans.isEmpty ? 0 : Int(ProcessInfo.processInfo.processIdentifier) &* 7919 % plans.count)
        let total = found.icons.count
        DispatchQueue.concurrentPerform(iterations: max(1, min(request.jobs, plans.count))) { _ in
            var renderers = ReusableRenderers()  // this worker's: buffers reused from icon to icon
            while let index = progress.claim() {
                let outcome = IconConversion.convert(plans[index], runner: self, folderErrors: folderErrors,
                                                     renderers: &renderers)
                progress.finish(index, outcome) { done, failed in
                    if let failure = outcome.failure { onFailure?(failure) }
                    onProgress?(done + collisions, total, failed)
                }
            }
        }
        let outcomes = progress.outcomes
        renderer.cache?.flush()
        let finished = ContinuousClock.now

        var report = BatchReport(
            input: request.inputFolder, output: outputRoot, format: request.format, jobs: request.jobs,
            icons: total, succeeded: 0, failed: 0, iconsRendered: 0, iconsFromCache: 0, files: .init(),
            ignored: found.ignored, failures: failures, warnings: [],
            seconds: .init(scan: Self.seconds(scanned - start), convert: Self.seconds(finished - scanned),
                           total: Self.seconds(finished - start)),
            iconsPerSecond: 0, cache: nil)
        report.files = catalogFiles
        report.files.list.reserveCapacity(catalogFiles.list.count + plans.count)
        for (plan, outcome) in zip(plans, outcomes) {
            guard let outcome else { continue }
            report.files.rendered += outcome.files.rendered
            report.files.fromCache += outcome.files.fromCache
            report.files.written += outcome.files.written
            report.files.unchanged += outcome.files.unchanged
            report.files.list += outcome.files.list
            if let failure = outcome.failure {
                report.failures.append(failure)
            } else if outcome.files.rendered > 0 {
                report.iconsRendered += 1
            } else if outcome.files.fromCache > 0 {
                report.iconsFromCache += 1
            }  // else only vector files (PDF, VectorDrawable): no image, so neither
            if !request.tints.isEmpty, outcome.failure == nil, !outcome.usesTint {
                report.tintNotTaken.append(inputPath(plan.icon))
            }
            if !outcome.warnings.isEmpty {
                let path = inputPath(plan.icon)  // joined only when needed: this loop runs after all the work
                report.warnings += outcome.warnings.map {
                    BatchReport.IconWarning(path: path, line: $0.line, element: $0.element, message: $0.message)
                }
            }
        }
        report.failures.sort { $0.path < $1.path }
        report.files.list.sort { $0.path < $1.path }
        report.failed = report.failures.count
        report.succeeded = total - report.failed
        report.iconsPerSecond = report.seconds.total > 0 ? (Double(total) / report.seconds.total * 10).rounded() / 10 : 0
        if let cache = renderer.cache {
            report.cache = .init(directory: cache.directory, counters: cache.statistics, writeError: cache.writeError)
        }
        return report
    }

    /// The work queue and the results, shared by the worker threads.
    private final class Progress: @unchecked Sendable {
        private let lock = NSLock()
        private var claimed = 0
        private let start: Int
        private var done = 0
        private var failed: Int
        private(set) var outcomes: [IconOutcome?]

        init(count: Int, failed: Int, start: Int) {
            outcomes = Array(repeating: nil, count: count)
            self.failed = failed
            self.start = start
        }

        /// The next icon to convert, nil when all are taken.
        func claim() -> Int? {
            lock.withLock {
                guard claimed < outcomes.count else { return nil }
                defer { claimed += 1 }
                return (start + claimed) % outcomes.count
            }
        }

        /// Records an outcome; `report` runs under the lock with the icons done and failed so far.
        func finish(_ index: Int, _ outcome: IconOutcome, report: (Int, Int) -> Void) {
            lock.withLock {
                outcomes[index] = outcome
                done += 1
                if outcome.failure != nil { failed += 1 }
                report(done, failed)
            }
        }
    }

    // MARK: - Writing

    /// Writes `bytes` to `relativePath` in the output folder unless it already holds them.
    func write(_ bytes: [UInt8], to relativePath: String, icon: String, folderErrors: [String: String],
                       files: inout BatchReport.Files) -> BatchFailure? {
        let target = IconFolderScanner.join(request.outputFolder, relativePath)
        let folder = Self.folder(of: relativePath)
        let name = relativePath.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(relativePath[relativePath.index(after: $0)...]) } ?? relativePath
        let mayExist = existingNames[folder].map { $0?.contains(name) ?? true } ?? true
        let listed = BatchReport.OutputFile(path: target, format: BatchReport.OutputFile.format(of: relativePath),
                                            bytes: bytes.count, unchanged: true)
        if mayExist, FileIO.fileHasContents(target, bytes) {
            files.unchanged += 1
            files.list.append(listed)
            return nil
        }
        if let error = folderErrors[folder] {
            return BatchFailure(path: icon, reason: error)
        }
        do {
            try FileIO.writeAtomically(bytes, to: target)
        } catch {
            return BatchFailure(path: icon, reason: error.description)
        }
        files.written += 1
        var written = listed
        written.unchanged = false
        files.list.append(written)
        return nil
    }

    // MARK: - Before converting

    /// Drops (and reports) icons that would write a file another icon writes, such as `a@2x.svg` and
    /// `a.svg` at `--scale 2`; the first icon in path order keeps the name.
    private func withoutCollisions(_ plans: [BatchOutputPlanner.IconPlan],
                                   failures: inout [BatchFailure]) -> [BatchOutputPlanner.IconPlan] {
        var owner: [String: String] = [:]
        owner.reserveCapacity(plans.count)
        var kept: [BatchOutputPlanner.IconPlan] = []
        kept.reserveCapacity(plans.count)
        for plan in plans {
            let paths = plan.writtenPaths
            if let clash = paths.first(where: { owner[$0] != nil }), let other = owner[clash] {
                failures.append(BatchFailure(
                    path: inputPath(plan.icon),
                    reason: "would write \(IconFolderScanner.join(request.outputFolder, clash)), which \(inputPath(other)) writes too; rename one of them"))
                continue
            }
            for path in paths { owner[path] = plan.icon }
            kept.append(plan)
        }
        return kept
    }

    /// Creates every output folder, removes temporary files a killed run left in them, and writes the
    /// asset catalog's folder `Contents.json` files (counted and listed in `files`). Returns the folders
    /// that could not be created, with the reason.
    private func prepareFolders(for plans: [BatchOutputPlanner.IconPlan], planner: BatchOutputPlanner,
                                files: inout BatchReport.Files) -> [String: String] {
        var folders = Set(plans.flatMap { $0.outputs.map { Self.folder(of: $0.relativePath) } })
        folders.formUnion(plans.flatMap { $0.iconFiles.map { Self.folder(of: $0.relativePath) } })
        folders.formUnion(plans.flatMap { ($0.vectorFiles + $0.pdfFiles).map { Self.folder(of: $0.relativePath) } })
        let groups = request.format == .xcassets ? planner.catalogGroups(for: plans.map(\.icon)) : []
        folders.formUnion(groups)
        var errors: [String: String] = [:]
        existingNames = [:]
        for folder in folders.sorted() {
            let path = folder.isEmpty ? request.outputFolder : IconFolderScanner.join(request.outputFolder, folder)
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                errors[folder] = "cannot create the folder \(path): \((error as NSError).localizedDescription)"
                continue
            }
            existingNames[folder] = TemporaryFileName.removeAbandonedListing(in: path).names
        }
        let contents = Array(AssetCatalogImageSet.folderContentsJSON.utf8)
        for group in groups where errors[group] == nil {
            // Through `write`, as every other file: counted and listed. Without it Xcode does not see the
            // group, so a failure is that of every image set inside it.
            guard let failure = write(contents, to: group.isEmpty ? "Contents.json" : group + "/Contents.json",
                                      icon: request.inputFolder, folderErrors: errors, files: &files) else { continue }
            for folder in folders where group.isEmpty || folder == group || folder.hasPrefix(group + "/") {
                errors[folder] = errors[folder] ?? "the catalog is incomplete: \(failure.reason)"
            }
        }
        return errors
    }

    /// The input folder joined with an icon's relative path, as the user would type it.
    func inputPath(_ relative: String) -> String {
        IconFolderScanner.join(request.inputFolder, relative)
    }

    static func folder(of relativePath: String) -> String {
        relativePath.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(relativePath[..<$0]) } ?? ""
    }

    static func seconds(_ duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return ((Double(whole) + Double(attoseconds) / 1e18) * 1000).rounded() / 1000
    }
}
