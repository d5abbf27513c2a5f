import Foundation
import PackagePlugin

/// A build-tool plugin: a target that lists it gets its SVG icons as Swift code, generated at build time by
/// `svgicon swift` (the same generator, with its exactness check):
///
///     .executableTarget(name: "App", dependencies: [.product(name: "SVGIconKit", package: "svgicon")],
///                       plugins: [.plugin(name: "SVGIconPlugin", package: "svgicon")])
///
/// The icons are the `.svg` files of the target's `Icons/` folder when it has one, else of the target's own
/// folder (not of other subfolders). They become `Icons.swift`, one `enum Icons` with a `static let` per icon
/// (`tab-shop.svg` → `Icons.tabShop`, an `SVGIconDefinition`) and `Icons.all` by file name. Every icon is an
/// input and the file the output, so the command runs again only when an icon changes (or one is added or
/// removed, which re-plans the build). Two files that would give the same name, a malformed SVG, or an SVG
/// feature svgicon skips fail the build with `FILE:LINE:COLUMN: error: …`, which swift build and Xcode show
/// on the file. The generated code imports `SVGIconCore`, so the target depends on `SVGIconCore` or
/// `SVGIconKit`.
@main
struct SVGIconPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // `directoryURL` needs tools 6.1; `Path.string` is deprecated; its description is the path.
        let root = URL(fileURLWithPath: String(describing: target.directory), isDirectory: true).standardizedFileURL
        let svgs = target.sourceFiles.map(\.url.standardizedFileURL).filter { $0.pathExtension.lowercased() == "svg" }
        let iconsFolder = root.appendingPathComponent("Icons", isDirectory: true).standardizedFileURL
        func folder(of file: URL) -> String { file.deletingLastPathComponent().standardizedFileURL.path }
        let inIcons = svgs.filter { folder(of: $0) == iconsFolder.path }
        let (source, inputs) = inIcons.isEmpty
            ? (root, svgs.filter { folder(of: $0) == root.path })
            : (iconsFolder, inIcons)
        guard !inputs.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Icons.swift")
        return [
            .buildCommand(
                displayName: "svgicon swift: \(inputs.count) icon\(inputs.count == 1 ? "" : "s") of \(target.name) → Icons.swift",
                executable: try context.tool(named: "svgicon").url,
                arguments: ["swift", source.path, "--name", "Icons", "--build-tool", "-o", output.path],
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output]
            ),
        ]
    }
}
