import Testing
import Foundation
import SVGIconKit
import SVGIconTools

/// The batch's folder scan: which files are icons, which are listed as ignored, with the folder listing's
/// file types (no `lstat` per file) and links followed to files only.
@Suite("Icon folder scanner")
struct IconFolderScannerTests {
    @Test("Icons at any depth, in any case; other files, links to folders and dangling links are ignored")
    func scan() throws {
        let folder = TemporaryFolder()
        for name in ["a.svg", "B.SVG", "c.svgz", "readme.md", ".hidden.svg"] { folder.write(name, "<svg/>") }
        try FileManager.default.createDirectory(atPath: folder.path + "/sub/deeper", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/.git", withIntermediateDirectories: true)
        folder.write("sub/d.svg", "<svg/>")
        folder.write("sub/deeper/e.SvGz", "<svg/>")
        folder.write(".git/f.svg", "<svg/>")
        #expect(symlink(folder.path + "/a.svg", folder.path + "/link.svg") == 0)
        #expect(symlink(folder.path + "/sub", folder.path + "/folder-link.svg") == 0)
        #expect(symlink(folder.path + "/gone.svg", folder.path + "/dangling.svg") == 0)
        let result = try IconFolderScanner(folder: folder.path).scan()
        #expect(result.icons == ["B.SVG", "a.svg", "c.svgz", "link.svg", "sub/d.svg", "sub/deeper/e.SvGz"])
        #expect(result.ignored == ["dangling.svg", "folder-link.svg", "readme.md"])
    }

    @Test("The output folder inside the input is not scanned; a missing folder is an error")
    func excludedAndMissing() throws {
        let folder = TemporaryFolder()
        folder.write("a.svg", "<svg/>")
        try FileManager.default.createDirectory(atPath: folder.path + "/out", withIntermediateDirectories: true)
        folder.write("out/b.svg", "<svg/>")
        let result = try IconFolderScanner(folder: folder.path, excluding: folder.path + "/out").scan()
        #expect(result.icons == ["a.svg"])
        #expect(throws: SVGLoadError.self) { try IconFolderScanner(folder: folder.path + "/none").scan() }
    }

    @Test("Icon names: .svg and .svgz in any case, nothing else")
    func iconNames() {
        #expect(IconFolderScanner.isIconName("a.svg") && IconFolderScanner.isIconName("A.SVGZ"))
        #expect(IconFolderScanner.isIconName(".svg") && IconFolderScanner.isIconName("ä.Svg"))
        #expect(!IconFolderScanner.isIconName("svg") && !IconFolderScanner.isIconName("a.svg.png"))
        #expect(!IconFolderScanner.isIconName("a.sv") && !IconFolderScanner.isIconName("a.svgzz"))
    }
}
