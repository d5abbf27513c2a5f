import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon.json`: a project's icon jobs, declared once, run by `svgicon build` (Docs/project-file.md).
///
/// A job's keys are `svgicon batch`'s own option names without the dashes (`size`, `tint`, `force-tint`,
/// `format`, `out`, …, aliases such as `sizes` too), read through batch's option table and checked by
/// batch's own rules, so every batch option is a project key and means the same. Relative paths are
/// resolved against the file's folder. Every error names the file, line and column, and the key's path
/// (`jobs[1].sise`), and suggests the nearest key.
struct ProjectFile {
    static let fileName = "svgicon.json"

    /// The file as found (for messages).
    var path: String
    /// The jobs in file order.
    var jobs: [Job]
    /// The top level's cache keys (`no-cache`, `cache-dir`, `cache-max`).
    var cache = CacheArguments()
    /// `"golden": {"icons": …, "goldens": …}`: the folders `svgicon golden` uses when given none.
    var goldenIcons: String?
    var goldens: String?

    /// One declared job: a batch per input folder, the same options for each.
    struct Job {
        /// `name`, or `jobs[N]` when the job has none.
        var name: String
        /// `svgicon.json:LINE:COLUMN` of the job's `{`.
        var location: String
        /// One batch per input folder.
        var batches: [BatchCommand]
    }

    /// Batch options a job may not set, and why.
    static let commandLineOnly: [String: String] = [
        "jobs": "how many icons are converted at once depends on the machine, not the project: pass --jobs N to svgicon build",
        "json": "a choice of the command line: pass --json to svgicon build",
        "quiet": "a choice of the command line: pass --quiet to svgicon build",
        "no-cache": "one cache serves every job: put it at the top level of the file (or pass --no-cache to svgicon build)",
        "cache-dir": "one cache serves every job: put it at the top level of the file (or pass --cache-dir to svgicon build)",
        "cache-max": "one cache serves every job: put it at the top level of the file (or pass --cache-max to svgicon build)",
    ]

    /// The keys of the file's top level.
    static let topLevelKeys = ["jobs", "defaults", "golden", "no-cache", "cache-dir", "cache-max"]

    /// The option behind each job key: batch's long names and aliases without `--` (short names aside).
    static let jobOptions: [String: OptionSpec] = {
        var table: [String: OptionSpec] = [:]
        for spec in BatchCommand.spec.groups.flatMap(\.options) {
            for name in spec.allNames where name.hasPrefix("--") && commandLineOnly[String(name.dropFirst(2))] == nil {
                table[String(name.dropFirst(2))] = spec
            }
        }
        return table
    }()

    /// Every key a job takes, in the order the help lists them: `name`, `input`, then batch's options.
    static var jobKeys: [String] {
        ["name", "input"] + BatchCommand.spec.groups.flatMap(\.options).map { String($0.long.dropFirst(2)) }
            .filter { jobOptions[$0] != nil }
    }

    /// Batch's messages with options named as the file's keys: `--rendering … needs --format xcassets`
    /// → `"rendering" … needs "format" xcassets`.
    static func inProjectWords(_ message: String) -> String {
        var text = message
        for spec in BatchCommand.spec.groups.flatMap(\.options) {
            text = text.replacingOccurrences(of: spec.long, with: "\"\(spec.long.dropFirst(2))\"")
        }
        return text
    }

    /// `svgicon.json` in `directory` or the nearest folder above it that has one, as git finds `.git`.
    static func find(from directory: String = FileManager.default.currentDirectoryPath) -> String? {
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Reads and checks the file at `path`; `jobs` is the parallelism every batch gets. Any problem is a
    /// usage error (exit 2: nothing was converted) naming the place.
    static func load(_ path: String, jobs: Int, command: String = BuildCommand.name) throws(CLIError) -> ProjectFile {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path)
        } catch {
            throw CLIError.usage("\(path): \(error.reason)", command: command)
        }
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw CLIError.usage("\(path):\(error.line):\(error.column): \(error.message) (svgicon.json is strict JSON: "
                                     + "double quotes, no comments, no trailing commas)", command: command)
        }
        let folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        var reader = ProjectReader(file: path, folder: folder, parallelism: jobs, command: command)
        return try reader.project(root)
    }
}

/// Turns the JSON of a project file into jobs, with the file's place in every error.
private struct ProjectReader {
    let file: String
    let folder: String
    let parallelism: Int
    /// The command whose help a usage error points to.
    let command: String
    let batch = BatchCommand.spec

    func error(_ node: JSONNode, _ path: String, _ message: String) -> CLIError {
        .usage("\(file):\(node.line):\(node.column): \(path)\(path.isEmpty ? "" : ": ")\(message)", command: command)
    }

    func error(_ member: JSONNode.Member, _ path: String, _ message: String) -> CLIError {
        .usage("\(file):\(member.line):\(member.column): \(path): \(message)", command: command)
    }

    /// The members of an object, comment keys (`"//"`, `"// …"`) left out.
    func members(_ node: JSONNode, _ path: String, what: String) throws(CLIError) -> [JSONNode.Member] {
        guard case .object(let members) = node.value else {
            throw error(node, path, "\(what) is an object ({ … }), not \(node.typeName)")
        }
        return members.filter { !$0.key.hasPrefix("//") }
    }

    func unknownKey(_ member: JSONNode.Member, _ path: String, in keys: [String], what: String) -> CLIError {
        let guess = EditDistance.closest(to: member.key, in: keys).map { "did you mean \"\($0)\"? " } ?? ""
        return error(member, path, "unknown key \"\(member.key)\" \(what); \(guess)keys: \(keys.joined(separator: ", "))")
    }

    mutating func project(_ root: JSONNode) throws(CLIError) -> ProjectFile {
        let top = try members(root, "", what: "the file")
        var defaults: [JSONNode.Member] = []
        var jobsNode: JSONNode? = nil
        var cacheMembers: [JSONNode.Member] = []
        var goldenMember: JSONNode.Member? = nil
        for member in top {
            switch member.key {
            case "jobs": jobsNode = member.value
            case "defaults": defaults = try jobMembers(member.value, "defaults", allowsName: false)
            case "no-cache", "cache-dir", "cache-max": cacheMembers.append(member)
            case "golden": goldenMember = member
            default:
                if let spec = ProjectFile.jobOptions[member.key] {
                    throw error(member, member.key, "\"\(member.key)\" is a job key (\(spec.long)): put it in a job, or in \"defaults\" for every job")
                }
                throw unknownKey(member, member.key, in: ProjectFile.topLevelKeys, what: "at the top level")
            }
        }
        var project = ProjectFile(path: file, jobs: [])
        project.cache = try cacheArguments(cacheMembers)
        if let goldenMember {
            for member in try members(goldenMember.value, "golden", what: "\"golden\"") {
                let path = "golden." + member.key
                switch member.key {
                case "icons": project.goldenIcons = try folder(member.value, path)
                case "goldens": project.goldens = try folder(member.value, path)
                default: throw unknownKey(member, path, in: ["icons", "goldens"], what: "in \"golden\"")
                }
            }
        }
        guard let jobsNode else {
            if goldenMember != nil { return project }
            throw error(root, "", "no \"jobs\": the file needs \"jobs\": [ { \"input\": \"Icons\", \"out\": \"build/png\", \"size\": 24 } ]")
        }
        guard case .array(let list) = jobsNode.value else {
            throw error(jobsNode, "jobs", "\"jobs\" is an array of jobs ([ { … } ]), not \(jobsNode.typeName)")
        }
        guard !list.isEmpty else { throw error(jobsNode, "jobs", "no jobs: add at least one { \"input\": …, \"out\": …, \"size\": … }") }
        for (index, node) in list.enumerated() {
            let job = try self.job(node, index: index, defaults: defaults)
            if let earlier = project.jobs.first(where: { $0.name == job.name }) {
                throw error(node, "jobs[\(index)]", "the name \"\(job.name)\" is taken by the job at \(earlier.location); names pick jobs to run, so each must be its own")
            }
            project.jobs.append(job)
        }
        return project
    }

    /// A job's (or the defaults') members, each key checked against the job keys.
    func jobMembers(_ node: JSONNode, _ path: String, allowsName: Bool) throws(CLIError) -> [JSONNode.Member] {
        let list = try members(node, path, what: path == "defaults" ? "\"defaults\"" : "a job")
        for member in list {
            let key = member.key
            if key == "name" && !allowsName {
                throw error(member, path + ".name", "a name belongs to one job, not to \"defaults\"")
            }
            if key == "name" || key == "input" || ProjectFile.jobOptions[key] != nil { continue }
            if let reason = ProjectFile.commandLineOnly[key] {
                throw error(member, path + "." + key, "\"\(key)\" is not a job key: \(reason)")
            }
            throw unknownKey(member, path + "." + key, in: ProjectFile.jobKeys, what: "in a job")
        }
        return list
    }

    mutating func job(_ node: JSONNode, index: Int, defaults: [JSONNode.Member]) throws(CLIError) -> ProjectFile.Job {
        let path = "jobs[\(index)]"
        let own = try jobMembers(node, path, allowsName: true)
        var name = path
        var label = path
        if let member = own.first(where: { $0.key == "name" }) {
            guard case .string(let text) = member.value.value, !text.isEmpty else {
                throw error(member.value, path + ".name", "a job's name is a non-empty string, not \(member.value.shortText)")
            }
            name = text
            label += " (\(text))"
        }
        // The job's own keys replace the defaults' (an alias counts as its option: "sizes" replaces "size").
        let ownOptions = Set(own.compactMap { ProjectFile.jobOptions[$0.key]?.long })
        let merged = defaults.filter { member in
            !own.contains { $0.key == member.key }
                && !(ProjectFile.jobOptions[member.key].map { ownOptions.contains($0.long) } ?? false)
        } + own
        var parsed = ParsedArguments(command: BatchCommand.name)
        var inputs: [String] = []
        for member in merged where member.key != "name" {
            let keyPath = path + "." + member.key
            if member.key == "input" {
                inputs = try strings(member.value, keyPath, what: "a folder path").map(resolve)
                guard !inputs.isEmpty else { throw error(member.value, keyPath, "no folder given; \"input\": \"Icons\"") }
                continue
            }
            let spec = ProjectFile.jobOptions[member.key]!
            if parsed.values[spec.long] != nil {
                throw error(member, keyPath, "\"\(member.key)\" and another spelling of \(spec.long) are both given; keep one")
            }
            let values = try self.values(member.value, keyPath, spec: spec)
            if !values.isEmpty { parsed.values[spec.long] = values }
        }
        guard !inputs.isEmpty else {
            throw error(node, label, "no \"input\": the folder of icons to convert (\"input\": \"Icons\", or several: [\"Icons\", \"More\"])")
        }
        guard parsed.has("--out") else {
            throw error(node, label, "no \"out\": the folder to write to (\"out\": \"build/png\")")
        }
        let format = parsed.text("--format").flatMap(BatchOutputFormat.init(rawValue:)) ?? .png
        guard parsed.has("--size") || format.iconFile != nil else {
            throw error(node, label, "no \"size\": the icon size in pixels (\"size\": 24, or several: \"size\": [24, 48]); "
                            + "only the ico and icns formats have default sizes")
        }
        var batches: [BatchCommand] = []
        for input in inputs {
            parsed.positionals = [input]
            do throws(CLIError) {
                var command = try BatchCommand.parse(parsed)
                command.request.jobs = parallelism
                batches.append(command)
            } catch {
                throw self.error(node, label, ProjectFile.inProjectWords(error.description))
            }
        }
        try checkCollisions(batches, node: node, path: label)
        return ProjectFile.Job(name: name, location: "\(file):\(node.line):\(node.column)", batches: batches)
    }

    /// Several input folders of one job must not write the same output file.
    func checkCollisions(_ batches: [BatchCommand], node: JSONNode, path: String) throws(CLIError) {
        guard batches.count > 1 else { return }
        var owner: [String: String] = [:]
        for command in batches {
            let planner = BatchOutputPlanner(request: command.request)
            let icons = (try? IconFolderScanner(folder: command.request.inputFolder, excluding: command.request.outputFolder).scan().icons) ?? []
            for icon in icons {
                let source = IconFolderScanner.join(command.request.inputFolder, icon)
                for output in planner.plan(for: icon).writtenPaths {
                    if let other = owner[output] {
                        throw error(node, path, "\(other) and \(source) would both write \(IconFolderScanner.join(command.request.outputFolder, output)); rename one, or give each input its own job")
                    }
                    owner[output] = source
                }
            }
        }
    }

    /// One folder path, resolved.
    func folder(_ node: JSONNode, _ path: String) throws(CLIError) -> String {
        guard case .string(let text) = node.value, !text.isEmpty else {
            throw error(node, path, "expected a folder path (a string), not \(node.typeName) (\(node.shortText))")
        }
        return resolve(text)
    }

    /// A path from the file, resolved against the file's folder when relative.
    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : IconFolderScanner.join(folder, path)
    }

    /// A string, or an array of strings (each checked).
    func strings(_ node: JSONNode, _ path: String, what: String) throws(CLIError) -> [String] {
        switch node.value {
        case .string(let text): return [text]
        case .array(let elements):
            var result: [String] = []
            for (i, element) in elements.enumerated() {
                guard case .string(let text) = element.value else {
                    throw error(element, "\(path)[\(i)]", "expected \(what) (a string), not \(element.shortText)")
                }
                result.append(text)
            }
            return result
        default:
            throw error(node, path, "expected \(what) (a string) or an array of them, not \(node.typeName) (\(node.shortText))")
        }
    }

    /// What the JSON type of `kind`'s values is, for messages.
    static func expected(_ kind: OptionKind) -> String {
        switch kind {
        case .flag: return "true or false"
        case .integer: return "a whole number"
        case .integers: return "a whole number or an array of them"
        case .color: return "a colour string (\"#0a84ff\")"
        case .colors: return "a colour string (\"#0a84ff\") or an array of them"
        case .choice(let words): return "one of the strings " + CommandSpec.orList(words.map { "\"\($0)\"" })
        case .byteSize: return "a size string (\"512M\") or a number of bytes"
        case .file, .folder: return "a path string"
        case .text: return "a string"
        }
    }

    /// The option values `node` holds for `spec`, read by batch's own converter (`false` is none).
    func values(_ node: JSONNode, _ path: String, spec: OptionSpec) throws(CLIError) -> [OptionValue] {
        let kind = spec.kind
        func wrongType(_ bad: JSONNode, _ at: String) -> CLIError {
            error(bad, at, "expected \(Self.expected(kind)), not \(bad.typeName) (\(bad.shortText))")
        }
        func raw(_ element: JSONNode, _ at: String) throws(CLIError) -> String {
            switch (element.value, kind) {
            case (.number(let n, let text), .integer), (.number(let n, let text), .integers), (.number(let n, let text), .byteSize):
                guard n == n.rounded(), abs(n) < 1e15 else { throw error(element, at, "expected \(Self.expected(kind)), not \(text)") }
                return String(Int(n))
            case (.string(let text), .color), (.string(let text), .colors), (.string(let text), .choice),
                 (.string(let text), .byteSize), (.string(let text), .text):
                return text
            case (.string(let text), .file), (.string(let text), .folder):
                return resolve(text)
            default:
                throw wrongType(element, at)
            }
        }
        // One JSON value is one value: a list option's elements are read one at a time.
        let one: OptionKind
        switch kind {
        case .integers(let range): one = .integer(range)
        case .colors(let allowsNone): one = .color(allowsNone: allowsNone)
        default: one = kind
        }
        func converted(_ element: JSONNode, _ at: String) throws(CLIError) -> OptionValue {
            let text = try raw(element, at)
            do throws(CLIError) {
                return try batch.convert(text, option: at, spec: one)
            } catch {
                throw self.error(element, "", error.description)
            }
        }
        if kind == .flag {
            guard case .bool(let on) = node.value else { throw wrongType(node, path) }
            return on ? [.flag] : []
        }
        guard case .array(let elements) = node.value else { return Self.joined([try converted(node, path)], as: kind) }
        let listable: Bool
        switch kind {
        case .integers, .colors: listable = true
        default: listable = spec.repeatable
        }
        guard listable else { throw wrongType(node, path) }
        guard !elements.isEmpty else { throw error(node, path, "an empty array; give at least one value, or leave the key out") }
        var values: [OptionValue] = []
        for (i, element) in elements.enumerated() { values.append(try converted(element, "\(path)[\(i)]")) }
        return Self.joined(values, as: kind)
    }

    /// Single values gathered into the one list value a list option holds (`[24, 48]` → `.integers`).
    static func joined(_ values: [OptionValue], as kind: OptionKind) -> [OptionValue] {
        switch kind {
        case .integers: return [.integers(values.compactMap { if case .integer(let n) = $0 { return n } else { return nil } })]
        case .colors: return [.colors(values.compactMap { if case .color(let c) = $0 { return .some(c) } else { return nil } })]
        default: return values
        }
    }

    /// The top level's cache keys as cache options.
    func cacheArguments(_ members: [JSONNode.Member]) throws(CLIError) -> CacheArguments {
        let options = SharedOptions.cache().options
        var parsed = ParsedArguments(command: command)
        for member in members {
            let spec = options.first { $0.long == "--" + member.key }!
            let values = try self.values(member.value, member.key, spec: spec)
            if !values.isEmpty { parsed.values[spec.long] = values }
        }
        return CacheArguments(parsed)
    }
}
