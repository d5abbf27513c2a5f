extension HelpText {
    static let sheet = """
    USAGE
      svgicon sheet <DIR | FILE.svg>… [-o FILE] [--size N] [--tint COLOR] [--columns N] [--limit N]

    Draws every icon of the given folders (their .svg files in name order, not subfolders) and files
    (in the order given) into one PNG: a grid of cells, each holding the icon twice, on a light tile and
    on a dark tile, so a whole set can be eyeballed at once. Every fifth grid line is darker, to count
    rows and columns by. An icon that fails to load is drawn as a red cross and makes the exit code 1.

    svgicon draws no text, so the sheet is identified by its order: the names are printed row by row on
    standard output ("row 3: bell, bookmark, …"), and --index writes the same grid as a Markdown table.

    OPTIONS
      -o, --output FILE      The PNG to write (default sheet.png)
      -s, --size N           Icon size in pixels, 1–512 (default 24); tiles add padding around it
      -t, --tint COLOR       Colour for currentColor and unspecified fills on both tiles (default black on
                             the light tile, white on the dark one); colours written in a file stay
      -c, --columns N        Cells per row (default: a landscape grid about 2.5 times as wide as high)
      --limit N              Only the first N icons
      --index FILE           Also write the grid of names as a Markdown table (FILE.md)
      -q, --quiet            Print nothing but errors

    EXAMPLES
      svgicon sheet Icons -o icons.png
      svgicon sheet Icons --size 48 --tint '#0a84ff' --columns 6 -o icons-48.png --index icons-48.md
      svgicon sheet node_modules/lucide-static/icons --limit 200 -o lucide.png
    """
}
