import Foundation

/// The `.svg` files of a folder (not its subfolders), in name order: what `svgicon golden`, `sheet` and
/// `swift` treat as "the icons of a folder".
package enum IconFolder {
    /// Full paths of the folder's `.svg` files, sorted by file name. A missing folder, or a file where a
    /// folder was expected, is an error that names it.
    package static func svgFiles(in folder: String) throws(SVGLoadError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw SVGLoadError(kind: .notFound, file: folder, reason: "no such folder")
        }
        guard isDirectory.boolValue else {
            throw SVGLoadError(kind: .unreadable, file: folder, reason: "is a file, not a folder of icons")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw SVGLoadError(kind: .unreadable, file: folder, reason: "cannot list the folder (permissions?)")
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        // Sorted by icon name, so that `arrow` comes before `arrow-up` (file names would put `-` before `.`).
        return names.filter { $0.lowercased().hasSuffix(".svg") && !$0.hasPrefix(".") }
            .sorted { $0.dropLast(4) < $1.dropLast(4) }
            .map { prefix + $0 }
    }

    /// `tab-shop` for `Icons/tab-shop.svg` (also `.SVG`, `.svgz`).
    package static func iconName(of path: String) -> String {
        var name = Substring(path)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        let lower = name.lowercased()
        if lower.hasSuffix(".svg") { name = name.dropLast(4) } else if lower.hasSuffix(".svgz") { name = name.dropLast(5) }
        return String(name)
    }
}
