import SVGIconCore

/// A gradient's geometry in gradient space, and the shading dictionary that draws it over a domain of the
/// gradient parameter (offset 0 at the start, 1 at the end, beyond for `reflect`/`repeat`).
enum PDFGradientGeometry {
    /// Offset 0 at `start`, 1 at `start + vector`.
    case axial(start: SVGPoint, vector: SVGPoint)
    /// Offset s on the circle with centre `focal + s·(centre − focal)` and radius `focalRadius + s·(radius − focalRadius)`.
    case radial(focal: SVGPoint, focalRadius: Double, centre: SVGPoint, radius: Double)

    /// The most periods a reflected or repeated gradient may show on the page.
    static let maxPeriods = 4096.0

    /// The parameter range to write: 0…1 for `pad` (the ends are extended), else a range covering every
    /// point of the page (`corners`, in gradient space). nil when the page shows none of it.
    func domain(spread: SVGSpreadMethod, covering corners: [SVGPoint],
                refuse: (String) -> PDFWriter.Refusal) throws(PDFWriter.Refusal) -> ClosedRange<Double>? {
        guard spread != .pad else { return 0...1 }
        switch self {
        case .axial(let start, let d):
            let ts = corners.map { ($0 - start).dot(d) / d.dot(d) }
            let low = ts.min()!.rounded(.down), high = max(ts.max()!.rounded(.up), low + 1)
            guard high - low <= Self.maxPeriods else { throw refuse("it repeats more than \(Int(Self.maxPeriods)) times across the page") }
            return low...high
        case .radial(let focal, let fr, let centre, let r):
            let dc = centre - focal, dr = r - fr
            // With the focal circle strictly inside the end circle each point lies on exactly one circle, and
            // the largest parameter over the page is at a corner; otherwise the periods cannot be bounded so.
            guard dr > dc.dot(dc).squareRoot() else {
                throw refuse("the focal circle is not inside the end circle, so the repeated circles cannot be bounded")
            }
            let a = dc.dot(dc) - dr * dr
            let sMax = corners.map { p -> Double in
                let pd = p - focal
                let b = pd.dot(dc) + fr * dr, c = pd.dot(pd) - fr * fr
                return (b - (b * b - a * c).squareRoot()) / a  // a < 0: the larger root
            }.max()!
            let low = -fr / dr, high = max(1, sMax.rounded(.up))
            guard high - low <= Self.maxPeriods else { throw refuse("it repeats more than \(Int(Self.maxPeriods)) times across the page") }
            return low...high
        }
    }

    /// The shading dictionary over `domain`, both ends extended.
    func shading(colourSpace: String, domain: ClosedRange<Double>, function: String) -> String {
        let n = PDFSyntax.number
        let coords: [Double]
        let type: Int
        switch self {
        case .axial(let start, let d):
            type = 2
            coords = [start.x + domain.lowerBound * d.x, start.y + domain.lowerBound * d.y,
                      start.x + domain.upperBound * d.x, start.y + domain.upperBound * d.y]
        case .radial(let focal, let fr, let centre, let r):
            type = 3
            func circle(_ s: Double) -> [Double] {
                [focal.x + s * (centre.x - focal.x), focal.y + s * (centre.y - focal.y), max(0, fr + s * (r - fr))]
            }
            coords = circle(domain.lowerBound) + circle(domain.upperBound)
        }
        return "<< /ShadingType \(type) /ColorSpace /\(colourSpace) /Coords [\(coords.map(n).joined(separator: " "))] "
            + "/Domain [\(n(domain.lowerBound)) \(n(domain.upperBound))] /Function \(function) /Extend [true true] >>"
    }
}
