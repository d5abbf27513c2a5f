extension HelpText {
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
