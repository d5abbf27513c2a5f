import Foundation
import SVGIconKit

/// The objects of one PDF file as `PDFWriter` builds it, numbered in the order they are made, and the one
/// resource dictionary every content stream of the file shares (the page's and each form XObject's), whose
/// names are `/A…` (ExtGState), `/P…` (Pattern), `/Sh…` (Shading) and `/Fm…` (XObject).
///
/// Objects 1–5 are fixed: the catalog, the page tree, the page, its content stream and the resources.
package final class PDFObjects {
    /// No objects yet but the page's five.
    package init() {}

    /// The body of each object, object `n` at index `n − 1`; nil until `file` writes the page's.
    package private(set) var bodies: [[UInt8]?] = [nil, nil, nil, nil, nil]
    /// The content of each stream object before compression, by object number (for tests and debugging).
    package private(set) var streamContents: [Int: String] = [:]
    /// Resource entries by category, each `(name, value)` in the order they were added.
    private(set) var extGStates: [(String, String)] = [("S0", "<< /Type /ExtGState /SA false >>")]
    private(set) var patterns: [(String, String)] = []
    private(set) var shadings: [(String, String)] = []
    private(set) var xObjects: [(String, String)] = []

    static let resourcesReference = "5 0 R"

    /// A new object with `body`; its reference (`n 0 R`).
    func add(_ body: String) -> String {
        bodies.append(Array(body.utf8))
        return "\(bodies.count) 0 R"
    }

    /// A new stream object: `dictionary` (without `/Length` and the filter, which this adds) and `content`,
    /// Flate-compressed.
    func addStream(_ dictionary: String, content: String) -> String {
        streamContents[bodies.count + 1] = content
        let compressed = ZlibStream.compress(Array(content.utf8))
        var body = Array("<< \(dictionary) /Length \(compressed.count) /Filter /FlateDecode >>\nstream\n".utf8)
        body += compressed + Array("\nendstream".utf8)
        bodies.append(body)
        return "\(bodies.count) 0 R"
    }

    /// The name of an ExtGState with `entries` (`/ca 0.5 …`), the same name for the same entries.
    func extGState(_ entries: String) -> String {
        name(for: "<< /Type /ExtGState \(entries) >>", prefix: "A", in: &extGStates, offset: -1)
    }

    /// The name of a shading pattern painting `shading` (a reference) through `matrix`.
    func pattern(shading: String, matrix: String) -> String {
        name(for: "<< /Type /Pattern /PatternType 2 /Shading \(shading) /Matrix [\(matrix)] >>", prefix: "P",
             in: &patterns, offset: 0)
    }

    /// The name of `shading` (a reference) for the `sh` operator.
    func shading(_ shading: String) -> String {
        name(for: shading, prefix: "Sh", in: &shadings, offset: 0)
    }

    /// The name of a form XObject (a reference) for `Do`.
    func xObject(_ form: String) -> String {
        name(for: form, prefix: "Fm", in: &xObjects, offset: 0)
    }

    private func name(for value: String, prefix: String, in list: inout [(String, String)], offset: Int) -> String {
        if let existing = list.first(where: { $0.1 == value }) { return existing.0 }
        let name = "\(prefix)\(list.count + offset)"
        list.append((name, value))
        return name
    }

    /// The shared resource dictionary.
    package var resources: String {
        var parts: [String] = []
        for (key, list) in [("ExtGState", extGStates), ("Pattern", patterns), ("Shading", shadings), ("XObject", xObjects)]
        where !list.isEmpty {
            parts.append("/\(key) << " + list.map { "/\($0.0) \($0.1)" }.joined(separator: " ") + " >>")
        }
        return "<< " + parts.joined(separator: " ") + " >>"
    }

    /// The whole file: header, the page objects around `content`, every object made, the cross-reference
    /// table and the trailer.
    func file(width: Int, height: Int, content: String) -> [UInt8] {
        bodies[0] = Array("<< /Type /Catalog /Pages 2 0 R >>".utf8)
        bodies[1] = Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8)
        bodies[2] = Array("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Resources \(Self.resourcesReference) /Contents 4 0 R >>".utf8)
        let compressed = ZlibStream.compress(Array(content.utf8))
        bodies[3] = Array("<< /Length \(compressed.count) /Filter /FlateDecode >>\nstream\n".utf8) + compressed + Array("\nendstream".utf8)
        bodies[4] = Array(resources.utf8)
        var out: [UInt8] = Array("%PDF-1.4\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        var offsets: [Int] = []
        for (index, body) in bodies.enumerated() {
            offsets.append(out.count)
            out += Array("\(index + 1) 0 obj\n".utf8) + (body ?? Array("null".utf8)) + Array("\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Array(table.utf8)
    }
}
