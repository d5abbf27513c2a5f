/// The text of `--help` for svgicon and each subcommand.
enum HelpText {
    static var overview: String { """
    svgicon \(SVGIconCLI.version) — SVG icons to exact, tintable PNGs.

    USAGE
      svgicon <command> [options]

    COMMANDS
    \(SVGIconCLI.commandList)
      help      Show help for a command (svgicon help render)

    EXAMPLES
      svgicon render tab-shop --size 24 --tint '#0a84ff'      # Icons/tab-shop.svg → tab-shop.png
      svgicon render logo.svg --size 64 --scale 1,2,3        # logo.png, logo@2x.png, logo@3x.png
      cat icon.svg | svgicon render - --size 48 -o - > icon.png
      svgicon batch icons/ --out png/ --size 24,48 --scale 1,2,3  # a whole folder, on every core
      svgicon sheet Icons --size 24 -o sheet.png             # every icon, on light and dark
      svgicon golden check                                   # Icons/ against Goldens/, exit 1 on a difference

    EXIT CODES
      0  everything was written
      1  an input failed (missing or malformed file, unwritable output), or golden check
         found a render that differs from its golden
      2  the command line was wrong; nothing was done

    OPTIONS
      -h, --help     Show this help
      --version      Show the version
    """ }

    static let render = """
    USAGE
      svgicon render <NAME | FILE.svg | -> [options]

    Renders one icon to a PNG (8-bit RGBA, straight alpha). NAME is looked up as NAME.svg in the icon
    folders (--icons, default ./Icons); a path to an .svg file is used as is; - reads standard input.
    Paints that are currentColor or unspecified take the tint; colours written in the file stay as they are.

    SIZE (pick one; default: the document's own width × height, else its viewBox)
      -s, --size N           N × N pixels, the drawing fitted and centred like an icon
      -w, --width W          W pixels wide, the height following the drawing's aspect ratio
      -h, --height H         H pixels high, the width following (give both for an exact W × H)
      --scale S[,S…]         Multiply the size (1–16): --scale 1,2,3 writes NAME.png, NAME@2x.png, NAME@3x.png
                             Largest side after scaling: \(RenderCommand.maxSide) pixels.

    COLOUR
      -t, --tint COLOR       Colour for currentColor and unspecified fills (default black)
      -b, --background COLOR Paint a background (default transparent)
                             COLOR: '#0a84ff', 0a84ff, '#08f', 'rgb(10,132,255)', 'hsl(211,100%,52%)', dodgerblue.
                             Quote colours that start with # — an unquoted # starts a shell comment.
      --force-tint           currentColor takes the tint even where the file sets its own `color`
                             (KDE/Papirus ColorScheme classes do); by default the file's colour wins
    \(ImageArguments.help)

    INPUT AND OUTPUT
      --icons DIR            Folder to look up NAME in (repeatable; default ./Icons)
      -o, --output FILE|-    Where to write (default NAME.png, NAME@2x.png, … in the current folder);
                             - writes the PNG to standard output. Files are written to a temporary name
                             and renamed, so a reader never sees half a PNG; a file that already holds
                             the same bytes is left untouched ("up to date").
      -q, --quiet            Do not print warnings or the "wrote" / "up to date" line

    CACHE (see svgicon help cache)
      --no-cache             Render without reading or filling the render cache
      --cache-dir DIR        Use this cache folder instead of the default
      --cache-max SIZE       Cache size limit (512M, 2G; default $SVGICON_CACHE_MAX or 512 MiB)

    Unsupported SVG features are skipped with a warning on standard error naming the element; the rest of
    the icon still renders. Malformed XML fails with the file, line and column.

    EXAMPLES
      svgicon render tab-shop --size 24 --tint '#0a84ff'
      svgicon render Icons/tab-cart.svg --width 48 -o cart.png
      svgicon render tab-person --size 24 --scale 2,3 --tint white --background black
    """
}
