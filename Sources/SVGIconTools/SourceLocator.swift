import Foundation
import SVGIconCore

/// Finds where in an SVG file a feature a vector writer refuses is (the model keeps no lines), so that a
/// refusal can say `icon.svg:12:` as a compiler would. Shared by `VectorDrawableWriter` and `PDFWriter`.
package struct SourceLocator: Sendable {
    /// The SVG text as read.
    package let source: [UInt8]

    /// A locator over `source` (empty: every line is unknown).
    package init(source: [UInt8]) {
        self.source = source
    }

    /// The resolver's warning that a filter was dropped, when there is one: the model keeps no filters the
    /// renderer cannot draw, so neither vector writer would see it otherwise.
    package static func droppedFilter(in result: SVGParseResult) -> (element: String, line: Int?)? {
        guard let filter = result.warnings.first(where: { $0.message.hasPrefix("filter effects") }) else { return nil }
        return (filter.element, filter.line > 0 ? filter.line : nil)
    }

    /// A regular expression matching `url(#id)` for the ids of every `<element>` in the source, nil when there
    /// is none.
    package func referencePattern(to element: String) -> String? {
        let text = String(decoding: source, as: UTF8.self)
        guard let expression = try? NSRegularExpression(pattern: "<\(element)\\b[^>]*?\\bid\\s*=\\s*[\"']([^\"']+)") else { return nil }
        let ids = expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { NSRegularExpression.escapedPattern(for: String(text[$0])) }
        }
        guard !ids.isEmpty else { return nil }
        return "url\\(\\s*[\"']?#(?:" + ids.joined(separator: "|") + ")[\"']?\\s*\\)"
    }

    /// The 1-based line of the first match of `pattern` (a regular expression over the source) inside a start
    /// tag of `element`, else anywhere, else of the text `fallback`; nil when none is found.
    package func line(matching pattern: String?, in element: String?, fallback: String?) -> Int? {
        let text = String(decoding: source, as: UTF8.self)
        let whole = NSRange(text.startIndex..., in: text)
        func first(_ regex: String) -> String.Index? {
            guard let expression = try? NSRegularExpression(pattern: regex),
                  let match = expression.firstMatch(in: text, range: whole) else { return nil }
            let range = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
            return Range(range, in: text)?.lowerBound
        }
        var found: String.Index? = nil
        if let pattern {
            if let element, element.allSatisfy({ $0.isLetter || $0.isNumber }) {
                found = first("<\(element)\\b[^>]*?(\(pattern))")
            }
            if found == nil { found = first(pattern) }
        }
        if found == nil, let fallback { found = text.range(of: fallback)?.lowerBound }
        guard let found else { return nil }
        return text[..<found].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }
}
