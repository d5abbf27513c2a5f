extension HelpText {
    static let inspect = """
    USAGE
      svgicon inspect <NAME | FILE.svg | -> [--json] [--icons DIR]

    Shows what svgicon made of an icon: the viewBox and preserveAspectRatio, the document's own size,
    whether it takes a tint, every layer in painting order (element, fill paint and rule, stroke paint,
    width, caps and joins, opacity, transform, bounds in viewBox units before stroking), and every SVG
    feature that was skipped with its line. Use it when a render looks wrong, before reading the SVG.

    Paints: `tint` is currentColor or an unspecified fill (takes --tint); #rrggbb is a colour baked into
    the file; `@0.5` is a fill-opacity or stroke-opacity.

    OPTIONS
      --json                 Write the same facts as JSON for tools (layers flat, with index "2.1" and
                             depth; bounds as minX, minY, maxX, maxY)
      --icons DIR            Folder to look up NAME in (repeatable; default ./Icons)

    EXAMPLES
      svgicon inspect tab-shop
      svgicon inspect downloaded/logo.svg --json | jq '.warnings'
    """
}
