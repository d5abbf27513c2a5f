import Testing
@testable import SVGIconKit

@Suite("Names read from libxml2's bytes")
struct KnownNamesTests {
    private func read(_ name: String) -> String {
        var bytes = Array(name.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { KnownNames.string($0.baseAddress!) }
    }

    @Test("Known names, near misses and unknown ones all come back as written", arguments: [
        "svg", "g", "d", "r", "x2", "path", "stroke-width", "stroke-linejoin", "stroke-dashoffset",
        "preserveAspectRatio", "gradientTransform",
        // near misses: same length and first byte, a different last byte, other case, a prefix or extension
        "sva", "pathx", "stroke-widtH", "Stroke-width", "stroke-widt", "stroke-width2", "xmlnss", "e",
        "preserveAspectRatiO", "preserveAspectRatios", "a-name-longer-than-twenty-bytes", "",
        "ünïcode", "stroke-linejoim",
    ])
    func roundTrip(name: String) {
        #expect(read(name) == name)
    }
}
