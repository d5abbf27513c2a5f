import Foundation
import Testing
@testable import SVGIconKit

@Suite("Library ergonomics: .notFound, bundles, PNG on the pixmap")
struct LibraryErgonomicsTests {
    let square = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\"/></svg>"

    @Test("A missing icon is .notFound, with a message naming what was looked for where")
    func missingIconIsNotFound() {
        let folder = TemporaryFolder()
        let loader = SVGFileLoader(searchPaths: [folder.path])
        #expect(throws: SVGLoadError(kind: .notFound, file: "nope",
                                     reason: "no icon named \"nope\" (looked for nope.svg in \(folder.path)/)")) {
            try loader.load(named: "nope")
        }
        #expect(throws: SVGLoadError(kind: .notFound, file: folder.path + "/gone.svg", reason: "no such file")) {
            try loader.load(file: folder.path + "/gone.svg")
        }
    }

    @Test("A file that is there but cannot be read stays .unreadable")
    func folderIsUnreadable() {
        let folder = TemporaryFolder()
        try! FileManager.default.createDirectory(atPath: folder.path + "/dir.svg", withIntermediateDirectories: false)
        #expect(throws: SVGLoadError(kind: .unreadable, file: folder.path + "/dir.svg", reason: "is a folder, not an SVG file")) {
            try SVGFileLoader(searchPaths: []).load(file: folder.path + "/dir.svg")
        }
    }

    @Test("Icons are found in a resource bundle's subfolder (Bundle.module), nested names too")
    func bundleLookup() throws {
        let loader = SVGFileLoader(bundle: .module, subdirectory: "BundleIcons")
        let shop = try #require(loader.path(named: "tab-shop"))
        #expect(shop.hasSuffix("/BundleIcons/tab-shop.svg"))
        #expect(try loader.load(named: "tab-shop").icon.layers.isEmpty == false)
        #expect(try loader.load(named: "nav/tab-cart").icon.layers.isEmpty == false)
        #expect(loader.path(named: "tab-cart") == nil, "not at the top of the subfolder")
        do {
            _ = try loader.load(named: "tab-missing")
            Issue.record("a missing icon must throw")
        } catch {
            #expect(error.kind == .notFound)
            #expect(error.reason.hasSuffix("(looked for tab-missing.svg in \(Bundle.module.bundleURL.lastPathComponent)/BundleIcons/)"),
                    "\(error.reason)")
        }
    }

    @Test("Bundle first, then explicit folders, in the order given")
    func bundleThenFolders() throws {
        let folder = TemporaryFolder()
        folder.write("tab-shop.svg", square)
        folder.write("only-here.svg", square)
        let loader = SVGFileLoader(bundle: .module, subdirectory: "BundleIcons", folders: [folder.path])
        #expect(loader.path(named: "tab-shop")?.hasSuffix("/BundleIcons/tab-shop.svg") == true)
        #expect(loader.path(named: "only-here") == folder.path + "/only-here.svg")
        let reversed = SVGFileLoader(locations: [.folder(folder.path), .bundle(.module, subdirectory: "BundleIcons")])
        #expect(reversed.path(named: "tab-shop") == folder.path + "/tab-shop.svg")
        #expect(reversed.searchPaths.count == 2)
    }

    @Test("pngData() decodes back to the pixmap's pixels; writePNG writes those bytes")
    func pngRoundTrip() throws {
        let icon = try SVGFileLoader(bundle: .module, subdirectory: "BundleIcons").load(named: "tab-shop").icon
        let pixmap = icon.render(size: 24, tint: try SVGColor(parsing: "#0a84ff"), scale: 2)
        let png = try pixmap.pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let decoded = try PNGCodec.decode(png)
        #expect(decoded.width == 48 && decoded.height == 48)
        #expect(decoded.straightAlphaRGBA() == pixmap.straightAlphaRGBA())

        let folder = TemporaryFolder()
        try pixmap.writePNG(to: folder.path + "/shop.png")
        #expect(Array(FileManager.default.contents(atPath: folder.path + "/shop.png") ?? Data()) == png)
        try pixmap.writePNG(to: URL(fileURLWithPath: folder.path + "/shop-url.png"))
        #expect(Array(FileManager.default.contents(atPath: folder.path + "/shop-url.png") ?? Data()) == png)
        #expect(folder.files == ["shop-url.png", "shop.png"], "no temporary file left")
    }

    @Test("writePNG into a missing folder fails naming the file; a web URL is refused")
    func writeErrors() throws {
        let pixmap = SVGIconDefinition(layers: [.circle(cx: 12, cy: 12, r: 4)]).render(size: 8)
        let folder = TemporaryFolder()
        do {
            try pixmap.writePNG(to: folder.path + "/missing/x.png")
            Issue.record("writing into a missing folder must throw")
        } catch {
            #expect(error.reason.contains(folder.path + "/missing/x.png"), "\(error.reason)")
        }
        #expect(throws: PNGError(reason: "https://example.com/x.png: not a file URL")) {
            try pixmap.writePNG(to: URL(string: "https://example.com/x.png")!)
        }
    }
}
