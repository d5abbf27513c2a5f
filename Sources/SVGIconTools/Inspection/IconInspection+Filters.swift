import SVGIconCore

extension IconInspection {
    /// `url(#shadow): feOffset, feGaussianBlur, feMerge` — what a filter is and what it runs.
    static func describe(_ filter: SVGFilter) -> String {
        let names = filter.primitives.map { p -> String in
            switch p.kind {
            case .gaussianBlur: return "feGaussianBlur"
            case .offset: return "feOffset"
            case .flood: return "feFlood"
            case .colorMatrix: return "feColorMatrix"
            case .composite: return "feComposite"
            case .merge: return "feMerge"
            case .blend: return "feBlend"
            case .dropShadow: return "feDropShadow"
            case .morphology: return "feMorphology"
            case .componentTransfer: return "feComponentTransfer"
            case .tile: return "feTile"
            case .turbulence: return "feTurbulence"
            case .convolveMatrix: return "feConvolveMatrix"
            case .displacementMap: return "feDisplacementMap"
            case .diffuseLighting: return "feDiffuseLighting"
            case .specularLighting: return "feSpecularLighting"
            case .image: return "feImage"
            }
        }
        return "\(filter.label.isEmpty ? "filter" : filter.label): \(names.joined(separator: ", "))"
    }
}
