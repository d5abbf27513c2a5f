import SVGIconCore

extension IconInspection {
    /// `url(#shadow): feOffset, feGaussianBlur, feMerge` — what a filter is and what it runs; an feImage
    /// names what it draws: `feImage(#logo)`, `feImage(photo.png)`, `feImage(data:image/png, 912 characters)`,
    /// `feImage(none)` when it has no usable href.
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
            case .image(let k):
                guard filter.images.indices.contains(k) else { return "feImage" }
                let image = filter.images[k]
                return "feImage(\(image.layers.isEmpty && image.source.isEmpty ? "none" : image.source))"
            }
        }
        return "\(filter.label.isEmpty ? "filter" : filter.label): \(names.joined(separator: ", "))"
    }
}
