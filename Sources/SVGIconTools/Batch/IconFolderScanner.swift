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
            guard let entries = Self.entries(of: path) else {
                if relative.isEmpty {
                    throw SVGLoadError(kind: .unreadable, file: folder, reason: "cannot list the folder (permissions?)")
                }
                result.ignored.append(relative + "/")
                continue
            }
            for (name, listedType) in entries where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                switch listedType ?? Self.type(of: Self.join(folder, child)) {
                case S_IFDIR?:
                    pending.append(child)
                case S_IFREG? where Self.isIconName(name):
                    result.icons.append(child)
                case S_IFLNK? where Self.isIconName(name):
                    var target = stat()
                    if stat(Self.join(folder, child), &target) == 0, (target.st_mode & S_IFMT) == S_IFREG {
                        result.icons.append(child)
                    } else {
                        result.ignored.append(child)
                    }
                case nil:
                    continue
                default:
                    result.ignored.append(child)
                }
            }
        }
        result.icons.sort()
        result.ignored.sort()
        return result
    }

    /// The names in the folder at `path` (without `.` and `..`), each with its file type (`S_IFDIR`,
    /// `S_IFREG`, `S_IFLNK`, …) where the listing tells it, nil where it does not (some file systems):
    /// the listing's types spare one `lstat` per file, most of a large folder's scan. Nil when the folder
    /// cannot be listed.
    static func entries(of path: String) -> [(name: String, type: mode_t?)]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var entries: [(name: String, type: mode_t?)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            entries.append((name, fileType(listed: entry.pointee.d_type)))
        }
        return entries
    }

    /// The `st_mode` file type for a listing's `d_type`; nil for `DT_UNKNOWN` and anything unexpected.
    static func fileType(listed type: UInt8) -> mode_t? {
        switch Int32(type) {
        case Int32(DT_DIR): return S_IFDIR
        case Int32(DT_REG): return S_IFREG
        case Int32(DT_LNK): return S_IFLNK
        case Int32(DT_UNKNOWN): return nil
        default: return S_IFSOCK  // a device, pipe or socket: not an icon, and not a folder to enter
        }
    }

    /// The file type of `path` itself (a link is not followed), nil when it cannot be read.
    static func type(of path: String) -> mode_t? {
        var entry = stat()
        guard lstat(path, &entry) == 0 else { return nil }
        return entry.st_mode & S_IFMT
    }

    /// True for `a.svg` and `a.svgz`, in any case: the names every command treats as icons.
    package static func isIconName(_ name: String) -> Bool {
        // ASCII case folding on the last bytes: no lowercased copy of every name in a large folder.
        let tail = name.utf8.suffix(5).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return tail.suffix(4).elementsEqual(".svg".utf8) || tail.elementsEqual(".svgz".utf8)
    }

    /// `folder/relative` without a doubled slash.
    package static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
