import SVGIconCore

/// Paints as VectorDrawable attributes: colours and alpha, the tint, and gradients (`aapt:attr`, API 24+).
extension VectorDrawableWriter.State {
    /// `fillColor`/`fillAlpha` (or stroke's) for a paint; nil for a paint that shows nothing. A
    /// gradient is an `aapt:attr` child.
    mutating func paintAttributes(_ paint: SVGPaint, prefix: String, alpha: Double, bake: SVGTransform,
                                  element: String?) throws(Refusal) -> Part? {
        switch paint {
        case .color(let c):
            let a = alpha * c.alpha
            guard a > 0 else { return nil }
            return Part(attributes: [("\(prefix)Color", VectorDrawableWriter.rgb(c))] + alphaAttribute(prefix, a))
        case .tint:
            let a = alpha * (tintMode ? 1 : tint.alpha)
            guard a > 0 else { return nil }
            if tintMode { wroteTint = true }
            return Part(attributes: [("\(prefix)Color", tintMode ? "#FFFFFF" : VectorDrawableWriter.rgb(tint))] + alphaAttribute(prefix, a))
        case .linearGradient(let g):
            let m = bake.concatenating(g.transform)
            let p1 = m.apply(SVGPoint(x: g.x1, y: g.y1))
            // An affine image of a linear gradient is linear: its vector is the image of the original
            // vector's normal direction's dual — worked out from where iso-lines land.
            let d = SVGPoint(x: g.x2 - g.x1, y: g.y2 - g.y1)
            let len2 = d.x * d.x + d.y * d.y
            guard len2 > 0 else {
                return try paintAttributes(stopPaint(g.stops.last!), prefix: prefix, alpha: alpha, bake: bake, element: element)
            }
            // In gradient space t(p) = dot(p - p1, d) / |d|². After m: t(q) = dot(m⁻¹q - p1, d)/|d|²,
            // a linear function of q whose gradient is m⁻ᵀ d / |d|²; the new end point is p1' + g'/|g'|².
            guard let inv = m.inverted() else { return nil }
            let gx = (inv.a * d.x + inv.b * d.y) / len2
            let gy = (inv.c * d.x + inv.d * d.y) / len2
            let gl2 = gx * gx + gy * gy
            guard gl2 > 0 else { return nil }
            let p2 = SVGPoint(x: p1.x + gx / gl2, y: p1.y + gy / gl2)
            return gradient(prefix: prefix, alpha: alpha, type: "linear",
                            geometry: ["startX": p1.x, "startY": p1.y, "endX": p2.x, "endY": p2.y],
                            spread: g.spread, stops: g.stops)
        case .radialGradient(let g):
            let m = bake.concatenating(g.transform)
            guard g.fx == g.cx, g.fy == g.cy, g.fr == 0 else {
                throw writer.refusal("a radial gradient with a focal point", element: element, pattern: #"\bf[xyr]\s*="#,
                                     fallback: "<radialGradient", reason: "VectorDrawable's radial gradient has one centre and no focal radius")
            }
            guard let scale = VectorDrawableWriter.similarityScale(m) else {
                throw writer.refusal("a stretched radial gradient", element: element, pattern: #"gradientTransform"#,
                                     fallback: "<radialGradient", reason: "its gradientTransform (or the element's skew) makes the circles ellipses, which VectorDrawable cannot draw")
            }
            let c = m.apply(SVGPoint(x: g.cx, y: g.cy))
            return gradient(prefix: prefix, alpha: alpha, type: "radial",
                            geometry: ["centerX": c.x, "centerY": c.y, "gradientRadius": g.r * scale],
                            spread: g.spread, stops: g.stops)
        case .pattern:
            throw writer.refusal("pattern", element: element, pattern: writer.locator.referencePattern(to: "pattern"), fallback: "<pattern",
                                 reason: "VectorDrawable has no pattern fills")
        case .image:
            throw writer.refusal("image", element: element ?? "image", pattern: nil, fallback: "<image",
                                 reason: "VectorDrawable holds only paths")
        }
    }

    func stopPaint(_ stop: SVGGradientStop) -> SVGPaint {
        guard let c = stop.color else { return .tint }
        var color = c
        color.alpha *= stop.opacity
        return .color(color)
    }

    func alphaAttribute(_ prefix: String, _ a: Double) -> [(String, String)] {
        a >= 1 ? [] : [("\(prefix)Alpha", VectorDrawableWriter.number(a))]
    }

    mutating func gradient(prefix: String, alpha: Double, type: String, geometry: [String: Double],
                           spread: SVGSpreadMethod, stops: [SVGGradientStop]) -> Part {
        usesAapt = true
        var xml = "<aapt:attr name=\"android:\(prefix)Color\">\n"
        xml += "    <gradient\n        android:type=\"\(type)\""
        for key in ["startX", "startY", "endX", "endY", "centerX", "centerY", "gradientRadius"] {
            if let v = geometry[key] { xml += "\n        android:\(key)=\"\(VectorDrawableWriter.number(v))\"" }
        }
        switch spread {
        case .pad: break
        case .reflect: xml += "\n        android:tileMode=\"mirror\""
        case .repeat: xml += "\n        android:tileMode=\"repeat\""
        }
        xml += ">\n"
        for stop in stops {
            let color: SVGColor
            var a = stop.opacity
            if let c = stop.color {
                color = c
                a *= c.alpha
            } else if tintMode {
                wroteTint = true
                color = .white
            } else {
                color = tint
                a *= tint.alpha
            }
            xml += "        <item android:offset=\"\(VectorDrawableWriter.number(stop.offset))\" android:color=\"\(VectorDrawableWriter.argb(color, alpha: a))\"/>\n"
        }
        xml += "    </gradient>\n</aapt:attr>\n"
        return Part(attributes: alphaAttribute(prefix, alpha), children: xml)
    }
}
