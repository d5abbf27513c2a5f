import Foundation

/// Paths inside the svgicon checkout, found from this source file's location.
enum RepositoryPaths {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static var icons: String { root + "/Icons" }
    static var goldens: String { root + "/Goldens" }
}
