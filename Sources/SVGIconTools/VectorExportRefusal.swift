/// Why an icon cannot be written in a vector format (`PDFWriter`, `VectorDrawableWriter`): the feature, where
/// in the file it is, and what exactly cannot be written.
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
package struct VectorExportRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which output refuses, as a message names it ("VectorDrawable", "svgicon's PDF output").
    package var output: String
    /// True when the format itself cannot say it (VectorDrawable has no masks); false when svgicon's writer
    /// does not yet write something the format could hold.
    package var isFormatLimit: Bool
    /// `mask`, `filter`, `pattern`, …
    package var feature: String
    /// 1-based, nil when the file does not show where.
    package var line: Int?
    /// What exactly cannot be written.
    package var reason: String

    /// The message without the place (`path:line:` goes in front, as compilers print it).
    package var description: String {
        "\(output) cannot express \(feature)\(isFormatLimit ? "" : " yet"): \(reason)"
    }
}

extension SourceLocator {
    /// A refusal by `output` naming `feature`, with the line of the first match of `pattern` (a regular
    /// expression over the source) inside a start tag of `element`, else anywhere, else of the text `fallback`;
    /// the reason is prefixed with the element's tag.
    package func refusal(by output: String, isFormatLimit: Bool, _ feature: String, element: String?,
                         pattern: String?, fallback: String?, reason: String) -> VectorExportRefusal {
        VectorExportRefusal(output: output, isFormatLimit: isFormatLimit, feature: feature,
                            line: line(matching: pattern, in: element, fallback: fallback),
                            reason: (element.map { "<\($0)>: " } ?? "") + reason)
    }
}
