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

    EXIT CODES
      0  everything was written
      1  an input failed (missing or malformed file, unwritable output)
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

    INPUT AND OUTPUT
      --icons DIR            Folder to look up NAME in (repeatable; default ./Icons)
      -o, --output FILE|-    Where to write (default NAME.png, NAME@2x.png, … in the current folder);
                             - writes the PNG to standard output. Files are written to a temporary name
                             and renamed, so a reader never sees half a PNG.
      -q, --quiet            Do not print warnings or the "wrote" line

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

    static let batch = """
    USAGE
      svgicon batch <DIR> --out <DIR> --size N[,N…] [options]

    Converts every .svg file below DIR (any depth) on all cores. Icons already rendered with the same
    bytes and options come from the render cache, and output files that already hold the right bytes are
    left untouched, so a second run only does what changed. A broken icon is reported and skipped; every
    other icon is still written.

    WHAT TO RENDER
      -s, --size N[,N…]      Icon size(s) in pixels at scale 1 (required)
      --scale S[,S…]         Scale factors (1–16; default 1, for xcassets 1,2,3)
      -t, --tint C[,C…]      Colour(s) for currentColor and unspecified fills (default black);
                             'rgb(10,132,255)' keeps its commas. Quote colours that start with #.
      -b, --background COLOR Paint a background (default transparent)
      --force-tint           currentColor takes the tint even where a file sets its own `color`

    WHERE IT GOES
      -o, --out DIR          Output folder (created if missing)
      -f, --format FORMAT    png       DIR mirrors the input tree: a/b.svg → a/b.png, a/b@2x.png  (default)
                             xcassets  DIR is an asset catalog (its name must end in .xcassets): one
                                       a/b.imageset per icon with b.png, b@2x.png, b@3x.png and a
                                       Contents.json; template rendering when the icon takes the tint
                             android   DIR/drawable-mdpi … drawable-xxxhdpi (1, 1.5, 2, 3, 4×), one
                                       a_b.png per icon in each (names reduced to a-z 0-9 _)
                             Several sizes or tints add a suffix: b-24.png, b-48.png; b-0a84ff.png;
                             b-24-0a84ff@2x.png (android: b_24, b_0a84ff).

    HOW
      -j, --jobs N           Icons converted at once (default: the number of cores)
      --json                 Print a JSON summary on standard output: counts (rendered vs from the cache,
                             written vs already up to date), failures with reasons, warnings, timings
      -q, --quiet            Print only the failures
      --no-cache, --cache-dir DIR, --cache-max SIZE    As for render (svgicon help cache)

    On a terminal a progress line shows icons done, rate and time left; otherwise only failures (one
    line each: FILE[:LINE:COLUMN]: reason) and a final summary are printed, on standard error. Files that
    are not .svg and hidden files are skipped. Every file is written under a temporary name and renamed
    into place: a killed run leaves whole files or none, and the next run removes its temporary files.

    EXIT CODES
      0  every icon was converted
      1  some icons failed (each is listed); all the others were written
      2  the command line was wrong; nothing was done

    EXAMPLES
      svgicon batch icons/ --out build/png --size 24,48 --scale 1,2,3
      svgicon batch icons/ --out App/Icons.xcassets --format xcassets --size 24
      svgicon batch icons/ --out app/src/main/res --format android --size 24 --tint '#0a84ff'
      svgicon batch icons/ --out png/ --size 16 --tint black,white --json > report.json
    """

    static let cache = """
    USAGE
      svgicon cache stats|clear|path [--cache-dir DIR] [--cache-max SIZE] [--json]

    render and batch keep every PNG they render in a cache, filed under a SHA-256 of the SVG's bytes, every
    option that changes pixels (size × scale, tint, background, --force-tint) and the renderer version — not
    under the file's name, so a moved icon is still cached and an edited one is rendered again.

      stats                  Where the cache is, how many entries, their size against the limit
      clear                  Delete every entry (only svgicon's files are touched)
      path                   Print the cache folder

    WHERE AND HOW LARGE
      --cache-dir DIR        The folder; default $SVGICON_CACHE_DIR, else $XDG_CACHE_HOME/svgicon,
                             else ~/.cache/svgicon
      --cache-max SIZE       Size limit (512M, 2G, bytes); default $SVGICON_CACHE_MAX, else 512 MiB.
                             Past it the least recently used entries are deleted down to 90 %.
      --json                 stats as JSON

    Entries are written under a temporary name and renamed, so processes can share one cache. Each entry
    carries the SHA-256 of its contents and is checked on every read: a truncated or damaged entry is
    deleted and the icon rendered again, never served. --no-cache on render or batch bypasses the cache.

    EXAMPLES
      svgicon cache stats
      SVGICON_CACHE_DIR=.svgicon-cache svgicon batch icons/ --out png/ --size 24   # a cache per project (CI)
      svgicon cache clear
    """
}
