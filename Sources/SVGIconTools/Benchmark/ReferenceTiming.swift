import SVGIconCore
import SVGIconKit
import Foundation

/// One reference renderer's times on one set at one size, as `Scripts/bench-references` reports them
/// (microseconds per icon, each icon's fastest round), so that `svgicon bench` can print them beside its
/// own and take several sets together as it does its own.
package struct ReferenceTiming: Hashable, Sendable {
    package var set: String
    package var size: Int
    package var renderer: String
    package var median: Double
    package var p90: Double
    package var icons: Int
    package var note: String
    /// Every icon's time; empty when the script did not report them (then the row cannot be pooled).
    package var samples: [Double]

    package init(set: String, size: Int, renderer: String, median: Double, p90: Double, icons: Int,
                note: String = "", samples: [Double] = []) {
        self.set = set
        self.size = size
        self.renderer = renderer
        self.median = median
        self.p90 = p90
        self.icons = icons
        self.note = note
        self.samples = samples
    }

    /// Reads the script's JSON: an array of objects with set, size, renderer, median_us, p90_us, icons, and
    /// optionally note and samples_us. Nil when it is not that.
    package static func decode(_ data: Data) -> [ReferenceTiming]? {
        guard let rows = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] else { return nil }
        var result: [ReferenceTiming] = []
        for row in rows {
            guard let set = row["set"] as? String, let size = (row["size"] as? NSNumber)?.intValue,
                  let renderer = row["renderer"] as? String,
                  let median = (row["median_us"] as? NSNumber)?.doubleValue,
                  let p90 = (row["p90_us"] as? NSNumber)?.doubleValue else { return nil }
            let samples = (row["samples_us"] as? [NSNumber])?.map(\.doubleValue) ?? []
            result.append(ReferenceTiming(set: set, size: size, renderer: renderer, median: median, p90: p90,
                                          icons: (row["icons"] as? NSNumber)?.intValue ?? samples.count,
                                          note: row["note"] as? String ?? "", samples: samples))
        }
        return result
    }

    /// The row as JSON for `svgicon bench --json` (without the per-icon samples).
    package var jsonObject: [String: Any] {
        ["set": set, "size": size, "renderer": renderer, "median_us": median, "p90_us": p90, "icons": icons,
         "note": note]
    }

    /// Each renderer's times at each size over all of `sets` taken together, labelled `label`: the median and
    /// p90 over every icon, computed as svgicon's own pooled row is (`IconBenchmark.Stage`), so the two are
    /// compared like for like. A renderer and size is left out unless every set has a row for it with its
    /// samples (a renderer that failed on one set cannot be pooled over all of them).
    package static func pooled(_ rows: [ReferenceTiming], sets: [String], label: String) -> [ReferenceTiming] {
        var result: [ReferenceTiming] = []
        var seen = Set<[String]>()
        for row in rows where seen.insert([row.renderer, String(row.size)]).inserted {
            var samples: [Double] = []
            var complete = true
            for set in sets {
                guard let match = rows.first(where: { $0.set == set && $0.size == row.size && $0.renderer == row.renderer }),
                      !match.samples.isEmpty else {
                    complete = false
                    break
                }
                samples += match.samples
            }
            guard complete else { continue }
            let stage = IconBenchmark.Stage(samples)
            result.append(ReferenceTiming(set: label, size: row.size, renderer: row.renderer, median: stage.median,
                                          p90: stage.p90, icons: samples.count, note: row.note, samples: samples))
        }
        return result
    }
}
