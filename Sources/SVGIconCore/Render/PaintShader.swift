/// A paint made ready for one shape on one canvas: a solid premultiplied colour, or a gradient evaluated
/// per pixel centre through the inverse of its device transform.
struct PaintShader {
    enum Kind {
        case solid(PremultipliedColor)
        case linear(start: SVGPoint, direction: SVGPoint, lengthSquared: Double)
        case radial(RadialGeometry)
        case image(ImageSampler)
        /// A pattern's tile, sampled through `inverse` (`PatternShader.swift`).
        case pattern(PatternTile)
    }

    struct RadialGeometry {
        var focal: SVGPoint, focalRadius: Double
        var centreDelta: SVGPoint, radiusDelta: Double
        /// |Δc|² − Δr²: the quadratic's leading coefficient.
        var a: Double
    }

    let kind: Kind
    /// Device pixel → gradient space.
    let inverse: SVGTransform
    let spread: SVGSpreadMethod
    /// Stops with straight-alpha colours in 0…1 (opacity folded in).
    let stops: [(offset: Double, r: Double, g: Double, b: Double, a: Double)]

    /// nil when the paint draws nothing (transparent, or a gradient whose transform cannot be inverted).
    /// Gradients are in user space (`transform` maps it to device pixels): bounding-box units are resolved
    /// before drawing (`SVGIconDefinition.resolvingBoundingBoxUnits()`).
    init?(_ paint: SVGPaint, opacity: Double, tint: SVGColor, transform: SVGTransform) {
        switch paint {
        case .color(let c):
            self.init(solid: PremultipliedColor(c, opacity: opacity))
        case .tint:
            self.init(solid: PremultipliedColor(tint, opacity: opacity))
        case .linearGradient(let g):
            assert(g.units == .userSpaceOnUse, "bounding-box units are resolved before drawing")
            guard let inverse = transform.concatenating(g.transform).inverted() else { return nil }
            let start = SVGPoint(x: g.x1, y: g.y1)
            let direction = SVGPoint(x: g.x2 - g.x1, y: g.y2 - g.y1)
            let stops = PaintShader.prepare(g.stops, opacity: opacity, tint: tint)
            let lengthSquared = direction.dot(direction)
            if lengthSquared == 0 {
                // Zero-length vector: the last stop's colour everywhere.
                guard let last = stops.last else { return nil }
                self.init(solidStraight: last)
                return
            }
            self.init(kind: .linear(start: start, direction: direction, lengthSquared: lengthSquared),
                      inverse: inverse, spread: g.spread, stops: stops)
        case .radialGradient(let g):
            assert(g.units == .userSpaceOnUse, "bounding-box units are resolved before drawing")
            guard let inverse = transform.concatenating(g.transform).inverted() else { return nil }
            let stops = PaintShader.prepare(g.stops, opacity: opacity, tint: tint)
            if g.r <= 0 {
                guard let last = stops.last else { return nil }
                self.init(solidStraight: last)
                return
            }
            let focal = SVGPoint(x: g.fx, y: g.fy)
            let cd = SVGPoint(x: g.cx - g.fx, y: g.cy - g.fy)
            let dr = g.r - g.fr
            self.init(kind: .radial(RadialGeometry(focal: focal, focalRadius: g.fr, centreDelta: cd, radiusDelta: dr,
                                                   a: cd.dot(cd) - dr * dr)),
                      inverse: inverse, spread: g.spread, stops: stops)
        case .image(let image):
            guard let sampler = ImageSampler(image, opacity: opacity, transform: transform) else { return nil }
            self.init(kind: .image(sampler), inverse: sampler.inverse, spread: .pad, stops: [])
        case .pattern:
            return nil  // the renderer draws its tile first (`SVGIconRenderer.patternShader`)
        }
    }

    private init?(solid: PremultipliedColor) {
        guard !solid.isTransparent else { return nil }
        self.init(kind: .solid(solid), inverse: .identity, spread: .pad, stops: [])
    }

    init(kind: Kind, inverse: SVGTransform, spread: SVGSpreadMethod,
                 stops: [(offset: Double, r: Double, g: Double, b: Double, a: Double)]) {
        self.kind = kind
        self.inverse = inverse
        self.spread = spread
        self.stops = stops
    }

    private init?(solidStraight s: (offset: Double, r: Double, g: Double, b: Double, a: Double)) {
        let c = PremultipliedColor(r: Float(s.r * s.a), g: Float(s.g * s.a), b: Float(s.b * s.a), a: Float(s.a))
        self.init(solid: c)
    }

    private static func prepare(_ stops: [SVGGradientStop], opacity: Double, tint: SVGColor)
        -> [(offset: Double, r: Double, g: Double, b: Double, a: Double)] {
        stops.map { stop in
            let c = stop.color ?? tint
            let a = max(0, min(1, c.alpha * stop.opacity * opacity))
            return (stop.offset, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255, a)
        }
    }

    /// The premultiplied colour at device pixel centre (x + 0.5, y + 0.5); nil where a radial gradient
    /// is undefined (outside its cone).
    func color(x: Int, y: Int) -> PremultipliedColor? {
        switch kind {
        case .solid(let c):
            return c
        case .linear(let start, let direction, let lengthSquared):
            let p = inverse.apply(SVGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
            return color(at: (p - start).dot(direction) / lengthSquared)
        case .image(let sampler):
            return sampler.color(x: x, y: y)
        case .radial(let g):
            let p = inverse.apply(SVGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
            let pd = p - g.focal
            // Largest s with |pd − s·Δc| = fr + s·Δr and fr + s·Δr ≥ 0.
            let b = pd.dot(g.centreDelta) + g.focalRadius * g.radiusDelta
            let c = pd.dot(pd) - g.focalRadius * g.focalRadius
            var s: Double
            if abs(g.a) < 1e-12 {
                // The focal circle touches the end circle from inside: one root, which is defined only
                // where its circle's radius is not negative (beyond the touching point, nothing is drawn).
                guard b != 0 else { return nil }
                s = c / (2 * b)
                guard g.focalRadius + s * g.radiusDelta >= 0 else { return nil }
            } else {
                let disc = b * b - g.a * c
                guard disc >= 0 else { return nil }
                let root = disc.squareRoot()
                let s1 = (b + root) / g.a, s2 = (b - root) / g.a
                s = max(s1, s2)
                if g.focalRadius + s * g.radiusDelta < 0 {
                    s = min(s1, s2)
                    guard g.focalRadius + s * g.radiusDelta >= 0 else { return nil }
                }
            }
            return color(at: s)
        case .pattern(let tile):
            return tile.color(at: inverse.apply(SVGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)))
        }
    }

    /// Colour at gradient position t after the spread method, interpolated between stops in straight
    /// alpha (as browsers and resvg do for SVG gradients), then premultiplied. Stop i covers offsets from
    /// its own up to (not including) the next stop's, so where stops share an offset the later one starts
    /// there, and at and past the last offset the colour is the last stop's (SVG 2 Paint Servers,
    /// `spreadMethod`: `pad` extends the terminal colour; a second stop at offset 1 is the terminal one, as
    /// resvg and Chromium draw it).
    private func color(at rawT: Double) -> PremultipliedColor {
        var t = rawT.isFinite ? rawT : 0
        switch spread {
        case .pad:
            t = min(1, max(0, t))
        case .repeat:
            t -= t.rounded(.down)
        case .reflect:
            var m = t.truncatingRemainder(dividingBy: 2)
            if m < 0 { m += 2 }
            t = m > 1 ? 2 - m : m
        }
        let first = stops[0]
        var r = first.r, g = first.g, b = first.b, a = first.a
        if t > first.offset {
            var matched = false
            for i in 1..<stops.count where t < stops[i].offset {
                let s0 = stops[i - 1], s1 = stops[i]
                // Positive for offsets in order; the guard keeps stops built in code with NaN offsets finite.
                let span = s1.offset - s0.offset
                let f = span > 0 ? (t - s0.offset) / span : 1
                r = s0.r + (s1.r - s0.r) * f
                g = s0.g + (s1.g - s0.g) * f
                b = s0.b + (s1.b - s0.b) * f
                a = s0.a + (s1.a - s0.a) * f
                matched = true
                break
            }
            if !matched {
                let last = stops[stops.count - 1]
                r = last.r; g = last.g; b = last.b; a = last.a
            }
        }
        return PremultipliedColor(r: Float(r * a), g: Float(g * a), b: Float(b * a), a: Float(a))
    }
}
