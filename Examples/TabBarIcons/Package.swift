// swift-tools-version:6.0
import Foundation
import PackageDescription

// svgicon by relative path, as a package in the same repository would. A package's identity is the last
// component of its path or URL (here the folder this repository was cloned into: "svgicon", or whatever it
// is called), and products are named by identity, so it is worked out rather than spelled. An app that
// depends by URL writes `package: "svgicon"`.
let svgiconPath = "../.."
let svgicon = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent(svgiconPath).standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "TabBarIcons",
    dependencies: [.package(path: svgiconPath)],
    targets: [
        // Sources/TabBarIcons/Icons/*.svg become `Icons.tabShop`, `Icons.tabCart`, … at build time.
        .executableTarget(
            name: "TabBarIcons",
            dependencies: [.product(name: "SVGIconKit", package: svgicon)],
            plugins: [.plugin(name: "SVGIconPlugin", package: svgicon)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
