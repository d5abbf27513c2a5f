import SVGIconCore
import SVGIconKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the icons of a folder tree: every file whose name ends in `.svg` or `.svgz` (gzip-compressed SVG;
/// any case), below any depth.
///
/// Hidden files and folders (`.git`, editor files) are skipped, and so is `excluding` (an output folder
/// inside the input). Symbolic links to files are followed; links to folders are not, so a link cycle
/// cannot loop. Other files (`README.md`, `preview.png`) are not icons: they are listed in `ignored`, not
/// reported as failures.
package struct IconFolderScanner: Sendable {
    package var folder: String
    package var excluding: String?

    package init(folder: String, excluding: String? = nil) {
        self.folder = folder
        self.excluding = excluding
    }

    package struct Result: Hashable, Sendable {
        /// Icon paths relative to the folder, `/`-separated, sorted.
        package var icons: [String]
        /// Files that are not `.svg` or `.svgz`, relative, sorted.
        package var ignored: [String]
    }

    package func scan() throws(SVGLoadError) -> Result {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw SVGLoadError(kind: .notFound, file: folder, reason: "no such folder")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw SVGLoadError(kind: .unreadable, file: folder,
                               reason: "is a file, not a folder (use `svgicon render` for one icon)")
        }
        let skipped = excluding.map(FileIO.absolutePath)
        var result = Result(icons: [], ignored: [])
        var pending = [""]
        while let relative = pending.popLast() {
            let path = relative.isEmpty ? folder : Self.join(folder, relative)
            // The output folder inside the input is skipped; the input folder itself never is (`--out .`).
            if let skipped, !relative.isEmpty, FileIO.absolutePath(path) == skipped { continue }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                if relative.isEmpty {
                    throw SVGLoadError(kind: .unreadable, file: folder, reason: "cannot list the folder (permissions?)")
                }
                result.ignored.append(relative + "/")
                continue
            }
            for name in names where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                var entry = stat()
                guard lstat(Self.join(folder, child), &entry) == 0 else { continue }
                switch entry.st_mode & S_IFMT {
                case S_IFDIR:
                    pending.append(child)
                case S_IFREG where Self.isIconName(name):
                    result.icons.append(child)
                case S_IFLNK where Self.isIconName(name):
                    var target = stat()
                    if stat(Self.join(folder, child), &target) == 0, (target.st_mode & S_IFMT) == S_IFREG {
                        result.icons.append(child)
                    } else {
                        result.ignored.append(child)
                    }
                default:
                    result.ignored.append(child)
                }
            }
        }
        result.icons.sort()
        result.ignored.sort()
        return result
    }

    /// True for `a.svg` and `a.svgz`, in any case: the names every command treats as icons.
    package static func isIconName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".svg") || lower.hasSuffix(".svgz")
    }

    /// `folder/relative` without a doubled slash.
    package static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
