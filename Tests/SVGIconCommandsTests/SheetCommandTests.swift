import Foundation
import Testing
import SVGIconKit
import SVGIconTools

@Suite("svgicon sheet")
struct SheetCommandTests {
    @Test("A folder becomes a grid of light | dark cells, named row by row on standard output")
    func grid() throws {
        let scratch = ScratchFolder()
        let icons = scratch.copyIcons(["tab-shop", "tab-cart", "colors-explicit"])
        let out = scratch.path + "/sheet.png"
        let (code, output) = runCLI(["sheet", icons, "-o", out, "--size", "16", "--columns", "2", "--index", scratch.path + "/sheet.md"])
        #expect(code == 0, "\(output.error)")
        #expect(output.outText == """
            \(out): 3 icons, 2 columns × 2 rows at 16 px, each cell light | dark, a darker grid line every 5 rows and columns
            row 1: colors-explicit, tab-cart
            row 2: tab-shop

            """)
        #expect(output.error == "wrote \(out) (102×54)\n")
        // 16 px icons in 24 px tiles (4 px padding), 2 px grid lines: 2·(2·24) + 3·2 by 2·24 + 3·2.
        let sheet = try PNGCodec.decode(try FileIO.read(out))
        #expect(sheet.width == 102 && sheet.height == 54)
        #expect(sheet.pixel(x: 3, y: 3) == (0xf2, 0xf2, 0xf7, 255), "light tile of the first cell")
        #expect(sheet.pixel(x: 27, y: 3) == (0x1c, 0x1c, 0x1e, 255), "dark tile of the first cell")
        #expect(sheet.pixel(x: 80, y: 40) == (0xc7, 0xc7, 0xcc, 255), "the empty fourth cell shows the grid colour")
        #expect(sheet.pixel(x: 0, y: 30) == (0x8e, 0x8e, 0x93, 255), "the first grid line is a darker guide")
        // tab-cart (second cell, x from 52) is black on its light tile and white on its dark tile.
        func colours(x: Int) -> Set<String> {
            var found = Set<String>()
            for y in 6..<22 {
                for dx in 0..<16 {
                    let p = sheet.pixel(x: x + dx, y: y)
                    found.insert("\(p.r),\(p.g),\(p.b)")
                }
            }
            return found
        }
        #expect(colours(x: 56).contains("0,0,0"))
        #expect(colours(x: 80).contains("255,255,255"))
        let index = try String(contentsOfFile: scratch.path + "/sheet.md", encoding: .utf8)
        #expect(index == "| row | 1 | 2 |\n|---|---|---|\n| 1 | `colors-explicit` | `tab-cart` |\n| 2 | `tab-shop` |  |\n")
    }

    @Test("An icon that fails to load is drawn as a red cross and makes the exit code 1; the sheet is still written")
    func failure() throws {
        let scratch = ScratchFolder()
        let broken = scratch.write("broken.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><g></svg>")
        let out = scratch.path + "/sheet.png"
        let (code, output) = runCLI(["sheet", RepositoryPaths.icons + "/tab-shop.svg", broken, "-o", out, "-q"])
        #expect(code == 1)
        #expect(output.outText.isEmpty)
        #expect(output.error.hasPrefix("svgicon: error: \(broken):1:"))
        #expect(output.error.hasSuffix("(drawn as a red cross)\n"))
        let sheet = try PNGCodec.decode(try FileIO.read(out))
        // Second cell's light tile: failure background at its corner.
        let style = ContactSheet.Style(size: 24)
        #expect(sheet.pixel(x: style.gap * 2 + style.tile * 2 + 1, y: style.gap + 1) == (0xff, 0xd9, 0xd6, 255))
    }

    @Test("Usage errors exit 2", arguments: [
        (["sheet"], "sheet needs a folder of icons"),
        (["sheet", "Icons", "--size", "0"], "--size takes a whole number from 1 to 512"),
        (["sheet", "Icons", "--columns", "x"], "--columns takes a whole number"),
    ] as [([String], String)])
    func usage(arguments: [String], message: String) {
        expectUsageError(arguments, message)
    }

    @Test("A sheet larger than the limit is refused before anything is drawn")
    func tooLarge() {
        let scratch = ScratchFolder()
        let (code, output) = runCLI(["sheet", RepositoryPaths.icons, "--size", "512", "--columns", "24", "-o", scratch.path + "/big.png"])
        #expect(code == 2)
        #expect(output.error.contains("the largest side is 16384. Use a smaller --size, other --columns, or --limit N icons"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/big.png"))
    }

    @Test("Default columns give a landscape grid")
    func defaultColumns() {
        #expect(ContactSheet.defaultColumns(count: 1) == 1)
        #expect(ContactSheet.defaultColumns(count: 24) == 5)
        #expect(ContactSheet.defaultColumns(count: 200) == 16)
    }
}
