extension HelpText {
    static let swift = """
    USAGE
      svgicon swift <NAME | FILE.svg | -> [--name NAME] [--public] [-o FILE]
      svgicon swift <DIR> [--name TYPE] [--public] [-o FILE]

    Writes Swift source that builds the icon with SVGIconCore's public initializers, so an app can compile
    its icons in instead of loading SVG files:

      extension SVGIconDefinition {
          static let tabShop = SVGIconDefinition(layers: [ … ])
      }

    For a folder, one `enum` holds every icon of it (its .svg files, not subfolders) and `all`, the icons
    by file name:  enum Icons { static let tabShop = …; static let all: [String: SVGIconDefinition] }

    The code draws exactly like the file: before writing, svgicon rebuilds the icon from the very values
    the code spells out (numbers read back from their text, path data parsed back) and compares it with
    the parsed file; anything that would differ is an error, and so is any SVG feature svgicon skips
    (`svgicon inspect` lists them). Nothing is written then.

    OPTIONS
      -n, --name NAME        The Swift name (default: from the file name, tab-shop → tabShop; for a
                             folder, from the folder name, Icons → Icons)
      --public               Declare the icons public (for a package that exports them)
      -o, --output FILE      Write to FILE (default: standard output)
      --icons DIR            Folder to look up NAME in (repeatable; default ./Icons)

    EXAMPLES
      svgicon swift tab-shop                                    # prints the Swift code
      svgicon swift Icons --name AppIcons -o Sources/App/AppIcons.swift
      svgicon swift logo.svg --name brandLogo --public -o Sources/Brand/BrandLogo.swift
    """
}
