import SVGIconTools

/// What `svgicon render` writes.
enum RenderFormat: String, CaseIterable, Sendable {
    case png, ico, icns
    case vectorDrawable = "vector-drawable"
    case pdf

    var iconFile: IconFileFormat? {
        switch self {
        case .png: return nil
        case .ico: return .ico
        case .icns: return .icns
        case .vectorDrawable, .pdf: return nil
        }
    }

    /// The format an output path's extension names, nil for any other (a PNG is written).
    init?(extensionOf path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".ico") { self = .ico } else if lower.hasSuffix(".icns") { self = .icns }
        else if lower.hasSuffix(".xml") { self = .vectorDrawable } else if lower.hasSuffix(".pdf") { self = .pdf }
        else { return nil }
    }
}
