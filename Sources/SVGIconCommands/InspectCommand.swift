import Foundation
import SVGIconKit
import SVGIconTools

/// `svgicon inspect <NAME | FILE.svg | -> [--json] [--icons DIR]`
struct InspectCommand: ParsableCommand {
    static let spec = CommandSpec(
        name: "inspect",
        summary: "Show what svgicon made of an icon: layers, paints, skipped parts",
        usage: ["inspect <NAME | FILE.svg | -> [--json] [--icons DIR]"],
        description: """
            Shows what svgicon made of an icon: the viewBox and preserveAspectRatio, the document's own size, \
            whether it takes a tint, every layer in painting order (element, fill paint and rule, stroke paint, \
            width, caps and joins, opacity, transform, bounds in viewBox units before stroking), and every SVG \
            feature that was skipped with its line. Use it when a render looks wrong, before reading the SVG.

            Paints: `tint` is currentColor or an unspecified fill (takes --tint); #rrggbb is a colour baked into \
            the file (only --recolor changes it); `@0.5` is a fill-opacity or stroke-opacity.
            """,
        groups: [
            OptionGroup(title: "OPTIONS", options: [
                SharedOptions.json("Write the same facts as JSON for tools (layers flat, with index \"2.1\" and depth; bounds as minX, minY, maxX, maxY)"),
                SharedOptions.iconFolders,
            ]),
        ],
        examples: [
            "svgicon inspect tab-shop",
            "svgicon inspect downloaded/logo.svg --json | jq '.warnings'",
        ])

    var input = ""
    var json = false
    var iconFolders: [String] = []

    static func main(_ arguments: ParsedArguments, output: CommandOutput) throws(CLIError) -> Int32 {
        let command = try parse(arguments)
        let loaded = try IconInput.load(command.input, iconFolders: command.iconFolders)
        let inspection = IconInspection(loaded.result, file: loaded.file)
        if command.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(inspection) else {
                throw CLIError.failed("\(loaded.file): the inspection cannot be written as JSON (a number is not finite)")
            }
            output.writeOut([UInt8](data) + [0x0A])
        } else {
            output.printOut(text(inspection))
        }
        return ExitCode.success
    }

    static func parse(_ parsed: ParsedArguments) throws(CLIError) -> InspectCommand {
        var command = InspectCommand()
        command.json = parsed.flag("--json")
        command.iconFolders = parsed.texts("--icons")
        command.input = try parsed.single(missing: "inspect needs an icon: a name in the icon folder, an .svg file, or -",
                                          what: "icon")
        return command
    }

    /// The human-readable report: a header of facts, a table of layers, the warnings.
    static func text(_ i: IconInspection) -> String {
        var lines = [i.file]
        let shapes = i.layers.filter { $0.kind == "shape" }.count
        func fact(_ label: String, _ value: String) { lines.append("  " + label.padding(10) + value) }
        fact("viewBox", i.viewBox.map(number).joined(separator: " ") + ", " + i.preserveAspectRatio)
        if let w = i.width, let h = i.height {
            fact("size", "\(number(w)) × \(number(h)) px")
        } else {
            fact("size", "not set (width/height absent; renders at the size asked for)")
        }
        fact("tint", i.usesTint ? "used (currentColor or unspecified paint takes it)" : "not used (all colours are in the file)")
        fact("layers", "\(i.layers.count) (\(shapes) shape\(shapes == 1 ? "" : "s"), \(i.layers.count - shapes) group\(i.layers.count - shapes == 1 ? "" : "s"))"
            + (i.bounds.map { ", drawing bounds " + bounds($0) } ?? ", nothing drawn"))
        if !i.layers.isEmpty {
            var rows = [["layer", "element", "fill", "stroke", "bounds", ""]]
            for layer in i.layers {
                let indent = String(repeating: "  ", count: layer.depth)
                var notes: [String] = []
                if layer.opacity != 1 { notes.append("opacity \(number(layer.opacity))") }
                if let t = layer.transform { notes.append("transform matrix(\(t.map(number).joined(separator: " ")))") }
                if let n = layer.children { notes.append("\(n) child\(n == 1 ? "" : "ren")") }
                if layer.strokeFirst == true { notes.append("stroke under fill (paint-order)") }
                if let n = layer.clipPathLayers { notes.append("clip-path of \(n) layer\(n == 1 ? "" : "s")") }
                if let n = layer.maskLayers { notes.append("mask of \(n) layer\(n == 1 ? "" : "s")") }
                if let filters = layer.filters { notes.append("filter " + filters.joined(separator: "; ")) }
                let isGroup = layer.kind == "group"
                rows.append([indent + layer.index, layer.element,
                             isGroup ? "" : layer.fill.map(fill) ?? "none",
                             isGroup ? "" : layer.stroke.map(stroke) ?? "none",
                             layer.bounds.map(bounds) ?? "empty", notes.joined(separator: ", ")])
            }
            lines.append("")
            lines += table(rows).map { "  " + $0 }
        }
        lines.append("")
        if i.warnings.isEmpty {
            lines.append("  skipped   nothing")
        } else {
            lines.append("  skipped   \(i.warnings.count) feature\(i.warnings.count == 1 ? "" : "s") (not drawn):")
            for w in i.warnings {
                lines.append("    " + (w.line > 0 ? "line \(w.line): " : "") + "<\(w.element)>: \(w.message)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Columns padded to their widest cell.
    static func table(_ rows: [[String]]) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line += column == row.count - 1 ? cell : cell.padding(widths[column] + 1)
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    static func fill(_ f: IconInspection.Fill) -> String {
        paint(f.paint, f.opacity) + (f.rule == "nonzero" ? "" : " " + f.rule)
    }

    static func stroke(_ s: IconInspection.Stroke) -> String {
        var text = paint(s.paint, s.opacity) + " \(number(s.width)) \(s.cap)/\(s.join)"
        if (s.join == "miter" || s.join == "miter-clip") && s.miterLimit != 4 { text += " limit \(number(s.miterLimit))" }
        if !s.dashes.isEmpty {
            text += " dash \(s.dashes.map(number).joined(separator: ","))"
            if s.dashOffset != 0 { text += " offset \(number(s.dashOffset))" }
        }
        if s.nonScaling { text += " non-scaling" }
        return text
    }

    static func paint(_ paint: String, _ opacity: Double) -> String {
        opacity == 1 ? paint : "\(paint) @\(number(opacity))"
    }

    static func bounds(_ b: IconInspection.Bounds) -> String {
        "\(number(b.minX)),\(number(b.minY)) – \(number(b.maxX)),\(number(b.maxY))"
    }

    /// Up to three decimals, no trailing zeros: 24, 0.5, 1.333.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "\(v)" }
        let rounded = (v * 1000).rounded() / 1000
        if rounded == rounded.rounded() && rounded.magnitude < 1e15 { return String(Int(rounded)) }
        return "\(rounded)"
    }
}
