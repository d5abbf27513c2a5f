import Foundation
import PackagePlugin

/// A command plugin: `swift package --allow-writing-to-package-directory svgicon-batch [JOB…] [options]`
/// runs `svgicon build` on the `svgicon.json` at the package's root (Docs/project-file.md), writing what
/// its jobs declare. Arguments after the verb go to `svgicon build` as they are (job names, `--json`,
/// `--quiet`, `--jobs N`, cache options).
///
/// The render cache is the plugin's work folder (inside `.build`), unless the file or the arguments name
/// another, so the plugin writes nowhere outside the package by itself. SwiftPM asks for the permission
/// to write to the package folder; `--allow-writing-to-package-directory` grants it without asking.
@main
struct SVGIconBatchPlugin: CommandPlugin {
    /// Why the plugin stopped.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // `directoryURL` needs tools 6.1; `Path.string` is deprecated; its description is the path.
        let root = URL(fileURLWithPath: String(describing: context.package.directory), isDirectory: true)
        let project = root.appendingPathComponent("svgicon.json")
        guard FileManager.default.fileExists(atPath: project.path) else {
            throw Failure(description: "no svgicon.json in \(root.path): write one (svgicon's Docs/project-file.md) "
                + "declaring the icon jobs, e.g. {\"jobs\": [{\"input\": \"Icons\", \"out\": \"Generated/png\", \"size\": 24}]}")
        }
        let process = Process()
        process.executableURL = try context.tool(named: "svgicon").url
        process.arguments = ["build", "--project", project.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        if environment["SVGICON_CACHE_DIR"] == nil {
            environment["SVGICON_CACHE_DIR"] = context.pluginWorkDirectoryURL.appendingPathComponent("cache").path
        }
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "svgicon build --project \(project.path) failed (exit \(process.terminationStatus)); its messages are above")
        }
    }
}
