import Foundation
import Testing
import SVGIconKit
import SVGIconTools
@testable import SVGIconCommands

@Suite("svgicon bench")
struct BenchCommandTests {
    /// A stand-in for Scripts/bench-references: fixed times per set label, so the pooling is checked exactly.
    /// "thorvg" has times for both sets; "partial" only for the first, so it cannot be taken over both.
    private let fakeReferences = """
        #!/usr/bin/env bash
        label=""
        while [ $# -gt 0 ]; do
          if [ "$1" = "--label" ]; then label="$2"; shift; fi
          shift
        done
        case "$label" in
          icons) echo '[{"set": "icons", "size": 24, "renderer": "thorvg", "median_us": 15, "p90_us": 20, "icons": 2, "note": "parse + render", "samples_us": [10, 20]}, {"set": "icons", "size": 24, "renderer": "partial", "median_us": 5, "p90_us": 5, "icons": 1, "note": "", "samples_us": [5]}]' ;;
          icons-2) echo '[{"set": "icons-2", "size": 24, "renderer": "thorvg", "median_us": 30, "p90_us": 30, "icons": 1, "note": "parse + render", "samples_us": [30]}]' ;;
          *) echo "unexpected label '$label'" >&2; exit 3 ;;
        esac
        """

    @Test("--references with several folders adds an all-sets row per renderer: the median over every icon")
    func pooledReferences() throws {
        let scratch = ScratchFolder()
        // Two folders of the same name: their rows are told apart as icons and icons-2.
        let first = scratch.copyIcons(["tab-shop", "tab-cart"], to: "one/icons")
        let second = scratch.copyIcons(["tab-person"], to: "two/icons")
        let script = scratch.write("fake-references", fakeReferences)

        let (code, output) = runCLI(["bench", first, second, "--sizes", "24", "--rounds", "1", "--references",
                                     "--script", script, "--json"])
        #expect(code == 0, "\(output.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.out)) as? [String: Any])
        let svgicon = try #require(object["svgicon"] as? [[String: Any]])
        #expect(svgicon.compactMap { $0["set"] as? String } == ["icons", "icons-2"])
        let references = try #require(object["references"] as? [[String: Any]])
        #expect(references.map { $0["set"] as? String } == ["icons", "icons", "icons-2", "all sets"])
        let pooled = try #require(references.last)
        // 10, 20 and 30 µs: the middle one (not the mean of the two sets' medians, 22.5), and no samples.
        #expect(pooled["renderer"] as? String == "thorvg")
        #expect(pooled["median_us"] as? Double == 20 && pooled["p90_us"] as? Double == 30)
        #expect(pooled["icons"] as? Int == 3 && pooled["size"] as? Int == 24)
        #expect(references.allSatisfy { $0["samples_us"] == nil })

        // The table compares each row with svgicon's row for the same set, the pooled one included.
        let (tableCode, table) = runCLI(["bench", first, second, "--sizes", "24", "--rounds", "1", "--references",
                                         "--script", script])
        #expect(tableCode == 0, "\(table.error)")
        let lines = String(decoding: table.out, as: UTF8.self).split(separator: "\n").map(String.init)
        let allSets = try #require(lines.first { $0.hasPrefix("all sets") && $0.contains("thorvg") })
        let ours = try #require(lines.first { $0.hasPrefix("all sets") && !$0.contains("thorvg") })
        let ourMedian = try #require(Double(ours.split(separator: " ", omittingEmptySubsequences: true)[6]))
        let ratioText = try #require(allSets.split(separator: " ").last)
        let ratio = try #require(Double(ratioText.dropLast()))  // "1.23×"
        #expect(abs(ratio - 20 / ourMedian) < 0.01 * max(1, 20 / ourMedian), "\(allSets) vs \(ours)")
        #expect(!lines.contains { $0.hasPrefix("all sets") && $0.contains("partial") })
    }

    @Test("ReferenceTiming.pooled leaves out a renderer that has no samples for some set")
    func poolingNeedsEverySet() {
        let rows = [
            ReferenceTiming(set: "a", size: 24, renderer: "skia", median: 2, p90: 3, icons: 3, samples: [1, 2, 3]),
            ReferenceTiming(set: "b", size: 24, renderer: "skia", median: 5, p90: 5, icons: 1),
            ReferenceTiming(set: "a", size: 256, renderer: "skia", median: 9, p90: 9, icons: 1, samples: [9]),
            ReferenceTiming(set: "b", size: 256, renderer: "skia", median: 7, p90: 8, icons: 2, samples: [8, 7]),
        ]
        let pooled = ReferenceTiming.pooled(rows, sets: ["a", "b"], label: "all")
        #expect(pooled.map(\.size) == [256])
        #expect(pooled.first?.median == 8 && pooled.first?.p90 == 9 && pooled.first?.samples.count == 3)
        #expect(ReferenceTiming.decode(Data("[{\"set\": \"a\"}]".utf8)) == nil)
        #expect(ReferenceTiming.decode(Data("[]".utf8)) == [])
    }
}
