import SVGIconKit
import SVGIconTools

extension HelpText {
    static let golden = """
    USAGE
      svgicon golden check  [--icons DIR] [--goldens DIR] [--sizes N,…] [--tints C,…] [--tolerance N]
      svgicon golden update [--icons DIR] [--goldens DIR] [--sizes N,…] [--tints C,…] [--tolerance N]

    Golden-image testing for a folder of icons: every .svg in the icon folder is rendered at each size and
    tint and compared, pixel by pixel on premultiplied RGBA, with the PNG recorded for it in the goldens
    folder (NAME-24.png untinted, NAME-24-0a84ff.png tinted). The sizes, tints and tolerance are stored in
    GOLDENS/golden.json by `update`, so `check` needs no options; options given to `check` override the
    file for that run only.

    ACTIONS
      check    Compare. Each failing golden gets one line: how many pixels differ by more than the
               tolerance and the largest difference (0–255), and an expected | difference | actual image
               in GOLDENS/_failures/NAME-SIZE.diff.png. Missing goldens and goldens no icon renders any
               more (extra) fail too. Exit 1 on any failure.
      update   Render everything and write the goldens that are missing or differ beyond the tolerance
               (goldens within it are left untouched); delete extra goldens; save golden.json. Prints one
               line per changed file and how much it changed.

    OPTIONS
      --icons DIR            Icon folder (default ./Icons); its .svg files, not subfolders
      --goldens DIR          Goldens folder (default ./Goldens), created by update
      --sizes N[,N…]         Pixel sizes, 1–\(GoldenConfiguration.maxSize) (default 16,24,48)
      --tints C[,C…]         Tints; `none` is untinted (black, SVG's default). Default none,#0a84ff
      --tolerance N          Largest allowed difference per premultiplied channel, 0–255 (default 1)

    Typical loop: change the renderer or an icon, run `svgicon golden check`, open the difference
    images, and if the new renders are right run `svgicon golden update` and commit the goldens.

    EXAMPLES
      svgicon golden update --sizes 20,28 --tints none,0a84ff     # first recording
      svgicon golden check                                      # in CI: exit 1 on any difference
      svgicon golden check --icons Assets/Icons --goldens Tests/Goldens
    """
}
