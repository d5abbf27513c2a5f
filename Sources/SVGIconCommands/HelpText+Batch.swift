extension HelpText {
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
    \(ImageArguments.help)

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
}
