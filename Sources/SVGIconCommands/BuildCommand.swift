import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon build [JOB…] [--project FILE] [--json] [--quiet] [--jobs N] [cache options]`: runs the jobs of
/// a project's `svgicon.json`, each through `svgicon batch`'s own code.
struct BuildCommand: RunnableCommand {
    static let spec = CommandSpec(
        name: "build",
        summary: "Run the icon jobs declared in svgicon.json (batch, once per job)",
        usage: ["build [JOB…] [--project FILE] [--json] [--quiet] [--jobs N]"],
        positionals: .none,
        description: """
            Reads svgicon.json — in this folder or the nearest one above it, as git finds .git, or the file \
            given with --project — and runs each of its jobs as `svgicon batch` would: the same outputs, the \
            same cache, the same messages. JOB names pick jobs to run (default: all). A job's keys are \
            batch's options without the dashes ("size", "tint", "force-tint", "format", "out", …) plus \
            "name" and "input" (a folder, or several); "defaults" holds keys for every job, and "golden" \
            the folders `svgicon golden` uses ({"icons": …, "goldens": …}). Relative paths \
            are taken from the file's folder, so the build does the same from anywhere in the project. The \
            file is checked whole before anything is converted: an unknown key, a wrong type or a bad value \
            is an error naming FILE:LINE:COLUMN and the key's path (jobs[1].size). The format is in \
            Docs/project-file.md.

              {
                "defaults": { "tint": "#0a84ff" },
                "jobs": [
                  { "name": "ios", "input": "Icons", "format": "xcassets",
                    "out": "App/Assets.xcassets", "size": 24 },
                  { "name": "android", "input": "Icons", "format": "android-vector",
                    "out": "app/src/main/res", "size": 24 }
                ]
              }
            """,
        groups: [
            OptionGroup(title: "OPTIONS", options: [
                OptionSpec(names: ["--project", "-p"], kind: .file, placeholder: "FILE",
                           help: "The project file (default: svgicon.json here or in the nearest folder above)"),
                SharedOptions.json("Print one JSON summary on standard output: per job, batch's --json report for each input"),
                SharedOptions.quiet("Print only the failures"),
                OptionSpec(names: ["--jobs", "-j"], kind: .integer(1...256), placeholder: "N",
                           help: "Icons converted at once (default: the number of cores)"),
            ]),
            SharedOptions.cache(),
        ],
        notes: """
            The command line's cache options override the file's top-level "no-cache", "cache-dir" and \
            "cache-max".

            EXIT CODES
              0  every icon of every job was converted
              1  some icons failed (each is listed; everything else was written), an
                 output folder cannot be written, or an input holds no icons
              2  the command line or svgicon.json is wrong; nothing was converted
            """,
        examples: [
            "svgicon build                    # every job of ./svgicon.json",
            "svgicon build ios android        # only these jobs",
            "svgicon build --project Design/svgicon.json --json > build.json",
        ])

    /// What `--json` prints.
    struct Report: Encodable {
        /// One job's batches.
        struct Job: Encodable {
            var name: String
            /// One report per input folder that ran.
            var batches: [BatchReport]
            /// Why a batch stopped before converting (its output folder, an empty input), if one did.
            var errors: [String]
        }

        var project: String
        var icons = 0
        var failed = 0
        var jobs: [Job] = []
    }

    var projectPath: String?
    var selected: [String] = []
    var json = false
    var quiet = false
    var parallelism = ProcessInfo.processInfo.activeProcessorCount
    /// Which of the cache options the command line gave (they override the file's).
    var givenCacheOptions: ParsedArguments

    static func parse(_ parsed: ParsedArguments) throws(CLIError) -> BuildCommand {
        var command = BuildCommand(givenCacheOptions: parsed)
        command.projectPath = parsed.text("--project")
        command.selected = parsed.positionals
        command.json = parsed.flag("--json")
        command.quiet = parsed.flag("--quiet")
        if let jobs = parsed.integer("--jobs") { command.parallelism = jobs }
        return command
    }

    /// The file's cache options with the command line's on top.
    func cacheArguments(_ project: ProjectFile) -> CacheArguments {
        var result = project.cache
        let given = CacheArguments(givenCacheOptions)
        if givenCacheOptions.flag("--no-cache") { result.disabled = true }
        if let directory = given.directory { result.directory = directory }
        if let maxBytes = given.maxBytes { result.maxBytes = maxBytes }
        return result
    }

    /// The project file's jobs, narrowed to the JOB names given.
    func jobs(of project: ProjectFile) throws(CLIError) -> [ProjectFile.Job] {
        if selected.isEmpty { return project.jobs }
        let names = project.jobs.map(\.name)
        return try selected.map { (wanted: String) throws(CLIError) -> ProjectFile.Job in
            guard let job = project.jobs.first(where: { $0.name == wanted }) else {
                let guess = EditDistance.closest(to: wanted, in: names).map { "did you mean \($0)? " } ?? ""
                throw CLIError.usage("\(project.path) has no job named \"\(wanted)\"; \(guess)jobs: \(names.joined(separator: ", "))",
                                     command: Self.name)
            }
            return job
        }
    }

    func run(_ io: CommandOutput) throws(CLIError) -> Int32 {
        guard let path = projectPath ?? ProjectFile.find() else {
            throw CLIError.usage("no \(ProjectFile.fileName) here or in any folder above "
                + "(\(FileManager.default.currentDirectoryPath)); write one (Docs/project-file.md), pass --project FILE, "
                + "or convert one folder with svgicon batch", command: Self.name)
        }
        let project = try ProjectFile.load(path, jobs: parallelism)
        guard !project.jobs.isEmpty else {
            throw CLIError.usage("\(path) declares no \"jobs\", only \"golden\"; add \"jobs\": [ { \"input\": \"Icons\", \"out\": \"build/png\", \"size\": 24 } ]",
                                 command: Self.name)
        }
        let chosen = try jobs(of: project)
        let renderCache = try cacheArguments(project).open(command: Self.name)
        var report = Report(project: path)
        for job in chosen {
            var done = Report.Job(name: job.name, batches: [], errors: [])
            for var batch in job.batches {
                batch.quiet = quiet
                do throws(CLIError) {
                    let result = try batch.convert(io, cache: renderCache, wording: ProjectFile.inProjectWords)
                    done.batches.append(result)
                    report.icons += result.icons
                    report.failed += result.failed
                    if let problem = batch.emptyInputProblem(result) { throw CLIError.failed(problem) }
                    if !json && !quiet { io.writeError(BatchCommand.summary(of: result, title: "svgicon build: \(job.name)")) }
                } catch {
                    io.printError("svgicon: error: \(job.name): \(error.description)")
                    done.errors.append(error.description)
                }
            }
            report.jobs.append(done)
        }
        CacheArguments.finish(renderCache, output: io, quiet: quiet)
        if json { io.printJSON(report) }
        let errors = report.jobs.reduce(0) { $0 + $1.errors.count }
        return report.failed > 0 || errors > 0 ? ExitCode.failure : ExitCode.success
    }
}
