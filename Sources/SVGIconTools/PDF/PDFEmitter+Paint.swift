import SVGIconCore

/// Shapes and their paints: colours, and gradients as shading patterns (PDF 1.3 axial and radial shadings,
/// ISO 32000-1 §8.7.4.5.3–4) whose functions interpolate the stops in sRGB with straight alpha, as the
/// renderer does (`PaintShader`). Stops of different opacity add a luminosity soft mask of the same
/// shading in grey, holding the alpha. `reflect` and `repeat` widen the shading's domain over every period
/// the page shows and stitch one stop function per period, forwards or backwards: exact, not sampled.
extension PDFEmitter {
    mutating func emitShape(_ shape: SVGShape, alpha: Double, space: PDFSpace, element: String?,
                            into out: inout String) throws(PDFWriter.Refusal) {
        let path = PDFSyntax.pathOperators(shape.path)
        var fillOps = "", strokeOps = ""
        if let fill = shape.fill,
           let paint = try paintOperators(fill.paint, alpha: alpha * fill.opacity, stroking: false, space: space, element: element) {
            fillOps = paint + path + (fill.rule == .evenodd ? "f*\n" : "f\n")
        }
        // PDF has no miter-clip join (ISO 32000-1 §8.4.3.4: miter, round, bevel): such a stroke is outlined.
        if let stroke = shape.stroke, writer.options.pdfStrokes == .outline || stroke.style.join == .miterClip {
            strokeOps = try outlinedStroke(shape.path, stroke, alpha: alpha, space: space, element: element) ?? ""
        } else if let stroke = shape.stroke {
            if stroke.nonScaling {
                throw writer.refusal("non-scaling-stroke", element: element, pattern: #"non-scaling-stroke"#, fallback: nil,
                                     reason: "PDF strokes scale with the transform")
            }
            if let paint = try paintOperators(stroke.paint, alpha: alpha * stroke.opacity, stroking: true, space: space, element: element) {
                strokeOps = paint + PDFSyntax.strokeStyle(stroke.style) + path + "S\n"
            }
        }
        // Each paint in its own q…Q, so one's graphics state does not leak into the other.
        let parts = shape.strokeFirst ? [strokeOps, fillOps] : [fillOps, strokeOps]
        for part in parts where !part.isEmpty { out += "q\n" + part + "Q\n" }
    }

    /// Operators that make `paint` (times `alpha`) the current fill or stroke colour; nil when it shows nothing.
    func paintOperators(_ paint: SVGPaint, alpha: Double, stroking: Bool, space: PDFSpace,
                        element: String?) throws(PDFWriter.Refusal) -> String? {
        switch paint {
        case .color(let c): return solid(c, alpha: alpha, stroking: stroking)
        case .tint: return solid(tint, alpha: alpha, stroking: stroking)
        case .linearGradient(let g):
            let d = SVGPoint(x: g.x2 - g.x1, y: g.y2 - g.y1)
            guard d.x * d.x + d.y * d.y > 0 else { return solid(stopColour(g.stops.last!), alpha: alpha, stroking: stroking) }
            let geometry = PDFGradientGeometry.axial(start: SVGPoint(x: g.x1, y: g.y1), vector: d)
            return try gradient(geometry, transform: g.transform, spread: g.spread, stops: g.stops, alpha: alpha,
                                stroking: stroking, space: space, element: element)
        case .radialGradient(let g):
            let geometry = PDFGradientGeometry.radial(focal: SVGPoint(x: g.fx, y: g.fy), focalRadius: g.fr,
                                                      centre: SVGPoint(x: g.cx, y: g.cy), radius: g.r)
            return try gradient(geometry, transform: g.transform, spread: g.spread, stops: g.stops, alpha: alpha,
                                stroking: stroking, space: space, element: element)
        case .pattern:
            throw writer.refusal("pattern", element: element, pattern: writer.locator.referencePattern(to: "pattern"),
                                 fallback: "<pattern", reason: "tiling patterns are not written yet")
        case .image:
            throw writer.refusal("image", element: element ?? "image", pattern: nil, fallback: "<image", reason: "images are not written yet")
        }
    }

    func stopColour(_ stop: SVGGradientStop) -> SVGColor {
        var c = stop.color ?? tint
        c.alpha = max(0, min(1, c.alpha * stop.opacity))
        return c
    }

    func solid(_ c: SVGColor, alpha: Double, stroking: Bool) -> String? {
        let a = alpha * c.alpha
        guard a > 0 else { return nil }
        return alphaState(a, stroking: stroking) + components(c).map(PDFSyntax.number).joined(separator: " ")
            + (gray ? (stroking ? " G\n" : " g\n") : (stroking ? " RG\n" : " rg\n"))
    }

    /// `/An gs` setting the constant alpha of fills or strokes, empty for 1.
    func alphaState(_ a: Double, stroking: Bool, extra: String = "") -> String {
        guard a < 1 || !extra.isEmpty else { return "" }
        var entries = a < 1 ? "/\(stroking ? "CA" : "ca") \(PDFSyntax.number(a))" : ""
        if !extra.isEmpty { entries += (entries.isEmpty ? "" : " ") + extra }
        return "/\(objects.extGState(entries)) gs\n"
    }

    /// The colour's components in the colour space being written: sRGB, or its luminance (the renderer's
    /// weights, `SVGIconRenderer.maskCoverage`) inside a luminance mask.
    func components(_ c: SVGColor) -> [Double] {
        let r = Double(c.red) / 255, g = Double(c.green) / 255, b = Double(c.blue) / 255
        return gray ? [0.2125 * r + 0.7154 * g + 0.0721 * b] : [r, g, b]
    }

    func gradient(_ geometry: PDFGradientGeometry, transform: SVGTransform, spread: SVGSpreadMethod, stops: [SVGGradientStop],
                  alpha: Double, stroking: Bool, space: PDFSpace, element: String?) throws(PDFWriter.Refusal) -> String? {
        let colours = stops.map(stopColour)
        guard alpha > 0, colours.contains(where: { $0.alpha > 0 }) else { return nil }
        let toPage = space.page.concatenating(transform)
        guard let back = toPage.inverted() else { return nil }
        let w = Double(writer.options.width), h = Double(writer.options.height)
        let corners = [SVGPoint(x: 0, y: 0), SVGPoint(x: w, y: 0), SVGPoint(x: 0, y: h), SVGPoint(x: w, y: h)].map(back.apply)
        guard let domain = try geometry.domain(spread: spread, covering: corners, refuse: { reason in
            writer.refusal("spreadMethod=\"\(spread.rawValue)\" here", element: element, pattern: #"spreadMethod"#,
                           fallback: "<radialGradient", reason: reason)
        }) else { return nil }
        let offsets = stops.map(\.offset)
        let colourSpace = gray ? "DeviceGray" : "DeviceRGB"
        let colourFunction = PDFFunctions.periodic(PDFFunctions.stops(offsets, colours.map(components), objects: objects),
                                                   domain: domain, spread: spread)
        let shading = objects.add(geometry.shading(colourSpace: colourSpace, domain: domain, function: colourFunction))
        let pattern = objects.pattern(shading: shading, matrix: PDFSyntax.matrix(space.local.concatenating(transform)))
        let paint = stroking ? "/Pattern CS /\(pattern) SCN\n" : "/Pattern cs /\(pattern) scn\n"
        let alphas = colours.map(\.alpha)
        if alphas.allSatisfy({ $0 == alphas[0] }) { return alphaState(alpha * alphas[0], stroking: stroking) + paint }
        // Straight alpha: the colour shading as it is, its alpha a grey copy of the shading in a soft mask.
        let alphaFunction = PDFFunctions.periodic(PDFFunctions.stops(offsets, alphas.map { [$0] }, objects: objects),
                                                  domain: domain, spread: spread)
        let alphaShading = objects.shading(objects.add(geometry.shading(colourSpace: "DeviceGray", domain: domain, function: alphaFunction)))
        let place = transform.isIdentity ? "" : PDFSyntax.matrix(transform) + " cm\n"
        let maskForm = makeForm(place + "/\(alphaShading) sh\n", space: space, isolated: true,
                                colourSpace: "DeviceGray")
        return alphaState(alpha, stroking: stroking, extra: "/SMask << /Type /Mask /S /Luminosity /G \(maskForm) >>") + paint
    }
}
