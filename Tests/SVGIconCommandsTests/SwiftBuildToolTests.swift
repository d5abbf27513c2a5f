import Foundation
import Testing
import SVGIconKit
@testable import SVGIconCommands

/// What SVGIconPlugin relies on: `svgicon swift DIR --build-tool` prints errors in the compiler's form
/// (`FILE:LINE:COLUMN: error: …`) so that swift build and Xcode attach them to the file.
@Suite("svgicon swift --build-tool (SVGIconPlugin's errors)")
struct SwiftBuildToolTests {
    @Test("A malformed SVG is FILE:LINE:COLUMN: error: …, exit 1, and nothing is written")
    func malformed() {
        let scratch = ScratchFolder()
        let icons = scratch.copyIcons(["tab-shop"])
        let broken = scratch.write("Icons/tab-broken.svg",
                                   "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <path d=\"M0 0h4\">\n</svg>\n")
        let out = scratch.path + "/Icons.swift"
        let (code, output) = runCLI(["swift", icons, "--name", "Icons", "--build-tool", "-o", out])
        #expect(code == 1)
        #expect(output.error.hasPrefix("\(broken):3:7: error: malformed XML: "), "\(output.error)")
        #expect(!output.error.contains("svgicon: error"), "\(output.error)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("Two files that make one Swift name fail on the second, naming both files")
    func collision() {
        let scratch = ScratchFolder()
        let icons = scratch.copyIcons(["tab-shop"])
        try! FileManager.default.copyItem(atPath: icons + "/tab-shop.svg", toPath: icons + "/tab_shop.svg")
        let (code, output) = runCLI(["swift", icons, "--build-tool", "-o", scratch.path + "/Icons.swift"])
        #expect(code == 1)
        #expect(output.error == "\(icons)/tab_shop.svg: error: \(icons)/tab-shop.svg and \(icons)/tab_shop.svg "
                + "would both be called tabShop in Swift; rename one of the files\n", "\(output.error)")
        // Without --build-tool, the same message in the command line's own form.
        let (plain, plainOutput) = runCLI(["swift", icons])
        #expect(plain == 1)
        #expect(plainOutput.error.hasPrefix("svgicon: error: \(icons)/tab_shop.svg: \(icons)/tab-shop.svg and "), "\(plainOutput.error)")
    }

    @Test("The compiler form: a place keeps its line and column, a message without one is a bare error", arguments: [
        ("a/b.svg:3:7: malformed XML", "a/b.svg:3:7: error: malformed XML"),
        ("a/b.svg:12: <filter>: not applied", "a/b.svg:12: error: <filter>: not applied"),
        ("Icons/: no such folder", "Icons/: error: no such folder"),
        ("x.svg: no such file", "x.svg: error: no such file"),
        ("the generated code would not rebuild: sorry", "error: the generated code would not rebuild: sorry"),
        ("no place at all", "error: no place at all"),
    ])
    func compilerForm(message: String, expected: String) {
        #expect(SwiftCommand.compilerDiagnostic(message) == expected)
    }

    @Test("Usage errors stay usage errors (exit 2) with --build-tool")
    func usage() {
        let (code, output) = runCLI(["swift", "--build-tool", "--name", "2fa", "Icons"])
        #expect(code == 2, "\(output.error)")
    }
}
