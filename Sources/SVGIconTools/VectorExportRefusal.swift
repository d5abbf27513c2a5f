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

/// What both vector writers (`PDFWriter`, `VectorDrawableWriter`) are made of and share: the options, the
/// SVG text's lines for refusals, and how a refusal names the output.
package protocol VectorExportWriter {
    /// How refusals name the output ("VectorDrawable", "svgicon's PDF output").
    static var output: String { get }
    /// True when what the writer refuses is beyond the format itself; false when it is beyond svgicon's
    /// writer for now (the message then says "yet").
    static var refusesFormatLimits: Bool { get }
    /// The options and the source's lines.
    var setup: VectorExportSetup { get }
    /// A writer made of `setup`.
    init(setup: VectorExportSetup)
}

/// A vector writer's options and the SVG text's lines (the model keeps no lines).
///
/// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
package struct VectorExportSetup: Sendable {
    /// Size, tint and recolouring (the size in the format's unit: dp, PDF points).
    package var options: VectorExportOptions
    /// Finds the line of a refused feature in the SVG text.
    package var locator: SourceLocator
}

extension VectorExportWriter {
    /// Size, tint and recolouring of the output (`VectorExportOptions`).
    package typealias Options = VectorExportOptions
    /// Why an icon cannot be written in this format: the feature and where in the file it is.
    package typealias Refusal = VectorExportRefusal

    /// A writer with `options`; `source` is the SVG text, for the lines of refusals.
    package init(options: Options, source: [UInt8] = []) {
        self.init(setup: VectorExportSetup(options: options, locator: SourceLocator(source: source)))
    }

    /// What the output is made with.
    package var options: Options { setup.options }
    /// Finds the line of a refused feature in the SVG text.
    var locator: SourceLocator { setup.locator }

    /// A refusal naming `feature`, with the line of the first match of `pattern` (a regular expression over
    /// the source) inside a start tag of `element`, else anywhere, else of the text `fallback`.
    func refusal(_ feature: String, element: String?, pattern: String?, fallback: String?, reason: String) -> Refusal {
        locator.refusal(by: Self.output, isFormatLimit: Self.refusesFormatLimits, feature, element: element,
                        pattern: pattern, fallback: fallback, reason: reason)
    }

    /// A refusal naming `feature` at a line already known.
    func refusal(_ feature: String, line: Int?, reason: String) -> Refusal {
        Refusal(output: Self.output, isFormatLimit: Self.refusesFormatLimits, feature: feature, line: line, reason: reason)
    }
}
