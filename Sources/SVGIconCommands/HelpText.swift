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
      svgicon render tab-shop --size 24 --tint '#0a84ff'  # Icons/tab-shop.svg
      svgicon render logo.svg --size 64 --scale 1,2,3    # logo.png, logo@2x.png…
      cat icon.svg | svgicon render - --size 48 -o - > icon.png
      svgicon batch icons/ --out png/ --size 24,48        # a folder, on all cores
      svgicon sheet Icons --size 24 -o sheet.png          # on light and dark
      svgicon golden check                                # Icons/ against Goldens/
      svgicon completions bash > ~/.local/share/bash-completion/completions/svgicon

    EXIT CODES
      0  everything was written
      1  an input failed (missing or malformed file, unwritable output), or
         golden check found a render that differs from its golden
      2  the command line was wrong; nothing was done

    OPTIONS (every command takes these too)
      -h, --help     Show this help (svgicon COMMAND --help: that command's)
      -V, --version  Show the version

    ENVIRONMENT
      SVGICON_PAGER, PAGER  What help is shown through on a terminal (default
                            less, with LESS=FRX when LESS is unset)
      SVGICON_NO_PAGER      Set: print help straight, never paged (a pipe or a
                            file is never paged either)
    """ }
}
