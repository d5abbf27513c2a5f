// Renders the app's four tab-bar icons — compiled in by SVGIconPlugin from Icons/*.svg — tinted, at 1×, 2×
// and 3×, writes them as PNG and checks what was written.
// Usage: swift run TabBarIcons [OUTPUT-FOLDER]   (default: ./tab-bar-icons)
import Foundation
import SVGIconKit

let tint = try SVGColor(parsing: "#0a84ff")
let output = CommandLine.arguments.dropFirst().first ?? "tab-bar-icons"
try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)

// Typed names: a renamed or deleted SVG is a compile error here, not a nil at run time.
let tabs: [(name: String, icon: SVGIconDefinition)] = [
    ("tab-shop", Icons.tabShop),
    ("tab-cart", Icons.tabCart),
    ("tab-notifications", Icons.tabNotifications),
    ("tab-person", Icons.tabPerson),
]
precondition(Icons.all.count == tabs.count, "Icons.all has \(Icons.all.count) icons, expected \(tabs.count)")

var failures: [String] = []
for (name, icon) in tabs {
    precondition(Icons.all[name] == icon, "Icons.all[\"\(name)\"]")
    for scale in 1...3 {
        let file = "\(output)/\(name)\(scale == 1 ? "" : "@\(scale)x").png"
        let pixmap = icon.render(size: 24, tint: tint, scale: scale)
        try pixmap.writePNG(to: file)

        // Read it back: the size, every painted pixel exactly the tint, and something painted.
        let decoded = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        let rgba = decoded.straightAlphaRGBA()
        var painted = 0, offTint = 0
        for pixel in stride(from: 0, to: rgba.count, by: 4) where rgba[pixel + 3] > 0 {
            painted += 1
            if rgba[pixel] != tint.red || rgba[pixel + 1] != tint.green || rgba[pixel + 2] != tint.blue { offTint += 1 }
        }
        let side = 24 * scale
        if decoded.width != side || decoded.height != side { failures.append("\(file): \(decoded.width)×\(decoded.height), not \(side)×\(side)") }
        if painted < side * side / 20 { failures.append("\(file): only \(painted) painted pixels") }
        if offTint > 0 { failures.append("\(file): \(offTint) painted pixels are not \(tint.hexString)") }
        print("\(file): \(side)×\(side), \(painted) pixels in \(tint.hexString)")
    }
}
if !failures.isEmpty {
    for failure in failures { print("TabBarIcons: FAILED: \(failure)") }
    exit(1)
}
print("TabBarIcons: ok, \(tabs.count * 3) PNGs in \(output)/")
