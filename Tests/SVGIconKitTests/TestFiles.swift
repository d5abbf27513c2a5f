import Foundation

/// A fresh temporary folder for one test, removed when the test's scope ends.
final class TemporaryFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "svgicon-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let file = path + "/" + name
        try! text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    var files: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? [] }
}
