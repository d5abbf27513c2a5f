import SVGIconCore

/// PDF functions for gradients (ISO 32000-1 §7.10): Type 2 (exponential, N 1: linear between two colours)
/// and Type 3 (stitching), as dictionary text.
enum PDFFunctions {
    /// The stops as a function of the offset over 0…1: the first colour up to the first offset, linear
    /// between consecutive stops (a zero-length span is a hard edge), the last colour after the last offset,
    /// as the renderer's `PaintShader` does. Written once as an object; its reference.
    static func stops(_ offsets: [Double], _ values: [[Double]], objects: PDFObjects) -> String {
        let offsets = separatedAtEnds(offsets)
        var segments: [(Double, Double, [Double], [Double])] = []
        if offsets[0] > 0 { segments.append((0, offsets[0], values[0], values[0])) }
        for i in offsets.indices.dropFirst() where offsets[i] > offsets[i - 1] {
            segments.append((offsets[i - 1], offsets[i], values[i - 1], values[i]))
        }
        if offsets[offsets.count - 1] < 1 { segments.append((offsets[offsets.count - 1], 1, values[values.count - 1], values[values.count - 1])) }
        if segments.count == 1 { return objects.add(linear(segments[0].2, segments[0].3)) }
        let bounds = segments.dropFirst().map { PDFSyntax.number($0.0) }
        let functions = segments.map { linear($0.2, $0.3) }
        return objects.add("<< /FunctionType 3 /Domain [0 1] /Functions [\(functions.joined(separator: " "))] "
                           + "/Bounds [\(bounds.joined(separator: " "))] /Encode [\(segments.map { _ in "0 1" }.joined(separator: " "))] >>")
    }

    /// How far stops that share offset 0 or 1 are moved apart, as a fraction of the gradient vector: far
    /// below a pixel, and still apart in the 5 decimals `PDFSyntax.number` writes.
    static let endSeparation = 0.00001

    /// `offsets` (in order, within 0…1) with stops that share the offset 0 or 1 moved just apart. A
    /// stitching function has one value at each end, and the shading's extension repeats it, where the
    /// renderer's `PaintShader` (SVG 2 Paint Servers, `spreadMethod` pad) gives the first stop up to 0 and
    /// the last of the stops at 1 from 1 on; without this, stops `[0.5: red, 1: opaque, 1: transparent]`
    /// would pad with the opaque colour. The last stop of a run at 0 moves forwards by `endSeparation`,
    /// the first of a run at 1 (after other stops) back by as much.
    static func separatedAtEnds(_ offsets: [Double]) -> [Double] {
        var offsets = offsets
        let n = offsets.count
        guard n >= 2 else { return offsets }
        if offsets[1] <= 0 {
            let runEnd = offsets.lastIndex { $0 <= 0 } ?? 1
            offsets[runEnd] = runEnd + 1 < n ? min(endSeparation, offsets[runEnd + 1]) : endSeparation
        }
        if offsets[n - 2] >= 1, let runStart = offsets.firstIndex(where: { $0 >= 1 }), runStart > 0 {
            offsets[runStart] = max(1 - endSeparation, offsets[runStart - 1])
        }
        return offsets
    }

    /// From `c0` at 0 to `c1` at 1.
    static func linear(_ c0: [Double], _ c1: [Double]) -> String {
        "<< /FunctionType 2 /Domain [0 1] /C0 [\(c0.map(PDFSyntax.number).joined(separator: " "))] "
            + "/C1 [\(c1.map(PDFSyntax.number).joined(separator: " "))] /N 1 >>"
    }

    /// `function` (over 0…1, a reference) over `domain`: itself for 0…1; else one copy per whole period,
    /// forwards for `repeat`, backwards on odd periods for `reflect`.
    static func periodic(_ function: String, domain: ClosedRange<Double>, spread: SVGSpreadMethod) -> String {
        if spread == .pad || domain == 0...1 { return function }
        var bounds: [Double] = [], encode: [String] = []
        var n = domain.lowerBound.rounded(.down)
        while n < domain.upperBound {
            let lo = max(n, domain.lowerBound), hi = min(n + 1, domain.upperBound)
            let odd = Int(n).isMultiple(of: 2) == false
            let (e0, e1) = spread == .reflect && odd ? (1 - (lo - n), 1 - (hi - n)) : (lo - n, hi - n)
            encode.append(PDFSyntax.number(e0) + " " + PDFSyntax.number(e1))
            if hi < domain.upperBound { bounds.append(hi) }
            n += 1
        }
        let n0 = PDFSyntax.number
        return "<< /FunctionType 3 /Domain [\(n0(domain.lowerBound)) \(n0(domain.upperBound))] "
            + "/Functions [\(Array(repeating: function, count: encode.count).joined(separator: " "))] "
            + "/Bounds [\(bounds.map(n0).joined(separator: " "))] /Encode [\(encode.joined(separator: " "))] >>"
    }
}
