/// feImage (Filter Effects 1 §15.17): the picture an feImage draws, as resvg draws it.
///
/// - The subregion: x, y, width, height as given; where absent, the filter region (userSpaceOnUse) or —
///   resvg's choice for `primitiveUnits="objectBoundingBox"` — the element's bounding box (the spec says the
///   filter region there too). The resolver always sets all four, so the renderer knows where to draw.
/// - `href` (or `xlink:href`) naming an image (`data:` PNG, JPEG or SVG, or a file read under `<image>`'s
///   rules and limits): the image fitted into the subregion with the feImage's `preserveAspectRatio` and
///   `image-rendering`, by the same code as `<image>` (`placedImage`).
/// - `href="#id"`: the element drawn as `use` would draw it — styled where it is defined, its own transform
///   honoured — in the filtered element's user space moved to the subregion's corner (resvg; a `use` whose x
///   and y are the subregion's). An element that is not drawn (a `symbol`, `display: none`) draws nothing.
/// - No href, an href naming nothing, or an image that cannot be read: transparent black, with a warning
///   naming the href. An element whose drawing leads back to the filter being applied (the filtered element
///   itself, a group holding it, a `use` of either) is a cycle: transparent black, with a warning.
extension SVGResolver {
    /// The picture of the feImage at `index` (a primitive of the filter element `filter`), and its subregion
    /// completed in `p`.
    mutating func filterImage(_ index: Int, primitive p: inout SVGFilterPrimitive, region: SVGRect, units: SVGUnits,
                              box: SVGRect, filter: Int) -> SVGFilterImage {
        let base = units == .objectBoundingBox ? box : region
        p.x = p.x ?? base.x
        p.y = p.y ?? base.y
        p.width = p.width ?? base.width
        p.height = p.height ?? base.height
        let node = tree.nodes[index]
        guard let raw = node.attribute("href") ?? node.attribute("xlink:href"),
              !raw.trimmingCSSWhitespace.isEmpty else {
            warnOnce(index, "has no href; it gives transparent black", key: "fe-image-\(index)")
            return SVGFilterImage(source: "", layers: [])
        }
        let href = String(raw.trimmingCSSWhitespace)
        if href.hasPrefix("#") {
            return SVGFilterImage(source: href, layers: elementPicture(index, href: href, filter: filter))
        }
        let source = Self.imageSourceName(href)
        guard let w = p.width, let h = p.height, w > 0, h > 0, let loaded = cachedImage(index, href: href) else {
            return SVGFilterImage(source: source, layers: [])
        }
        let content = placedImage(loaded, index, viewport: SVGRect(x: 0, y: 0, width: w, height: h))
        return SVGFilterImage(source: source, layers: [SVGIconLayer(content: content, elementName: "feImage")])
    }

    /// `photo.png` as written; a `data:` URI as its media type and length (`data:image/png, 1234 characters`).
    static func imageSourceName(_ href: String) -> String {
        guard DataURI.isDataURI(href) else { return href }
        let head = href.prefix { $0 != ";" && $0 != "," }
        return "\(head), \(href.utf8.count) characters"
    }

    /// The element `href` names, drawn for the feImage at `index` of the filter element `filter`; empty
    /// (with a warning) when it names nothing or leads back to a filter being applied (this one, or one it is
    /// drawn for: two filters whose feImages draw each other's elements).
    private mutating func elementPicture(_ index: Int, href: String, filter: Int) -> [SVGIconLayer] {
        guard let target = tree.node(id: String(href.dropFirst())) else {
            warnOnce(index, "href=\"\(href)\" names no element in this file; it gives transparent black",
                     key: "fe-image-\(index)")
            return []
        }
        guard activeReferences.count < SVGResolver.maxReferenceDepth else {
            warnOnce(index, "href=\"\(href)\": feImages, markers, patterns, clip paths and masks refer to each other more than \(SVGResolver.maxReferenceDepth) deep; it gives transparent black",
                     key: "fe-image-\(index)")
            return []
        }
        let saved = (feImageCycle, clipMode)
        feImageCycle = false
        clipMode = false
        activeReferences.insert(filter)
        let parentStyle = tree.nodes[target].parent.map { documentStyle(of: $0) } ?? SVGStyle()
        let layer = resolveNode(target, parentStyle: parentStyle)
        activeReferences.remove(filter)
        let cycle = feImageCycle
        (feImageCycle, clipMode) = saved
        if cycle {
            warnOnce(index, "href=\"\(href)\" leads back to the filter being applied (a cycle); it gives transparent black",
                     key: "fe-image-\(index)")
            return []
        }
        guard let layer else { return [] }
        var layers = [layer]
        BoundingBoxUnits.resolve(&layers)
        return layers
    }
}
