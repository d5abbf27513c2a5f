import Foundation
import Testing
import SVGIconKit
import SVGIconTools
@testable import SVGIconCommands

/// Runs `svgicon ARGS…` in process and returns the exit code and what it wrote.
func runCLI(_ arguments: [String]) -> (code: Int32, output: CapturedOutput) {
    let output = CapturedOutput()
    let code = SVGIconCLI.run(arguments, output: output)
    return (code, output)
}

/// Expects `svgicon ARGS…` to be a usage error (exit 2) whose message contains `message`.
func expectUsageError(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let (code, output) = runCLI(arguments)
    #expect(code == 2, sourceLocation: sourceLocation)
    #expect(output.error.contains(message), "\(output.error)", sourceLocation: sourceLocation)
}

/// A fresh temporary folder for one test, removed when the value goes away.
final class ScratchFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "svgicon-cli-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Copies icons from the repository's Icons/ into `folder` (created), returning its path.
    @discardableResult
    func copyIcons(_ names: [String], to folder: String = "Icons") -> String {
        let target = path + "/" + folder
        try! FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        for name in names {
            try! FileManager.default.copyItem(atPath: RepositoryPaths.icons + "/\(name).svg", toPath: target + "/\(name).svg")
        }
        return target
    }

    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let file = path + "/" + name
        try! text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}

/// Writes `source` gzip-compressed to `target` (folders created), as an `.svgz` is.
func gzip(_ source: String, to target: String) throws {
    try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                            withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -c -n \"$0\" > \"$1\"", source, target]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
}
