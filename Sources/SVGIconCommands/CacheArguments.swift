import Foundation
import SVGIconKit
import SVGIconTools

/// `--no-cache`, `--cache-dir DIR` and `--cache-max SIZE`, which `render`, `batch` and `cache` share.
struct CacheArguments: Hashable, Sendable {
    var disabled = false
    var directory: String? = nil
    var maxBytes: Int? = nil

    /// The cache these options select: `--cache-dir`, else `$SVGICON_CACHE_DIR`, `$XDG_CACHE_HOME/svgicon`,
    /// `~/.cache/svgicon`; limit `--cache-max`, else `$SVGICON_CACHE_MAX`, else 512 MiB. Nil with
    /// `--no-cache`.
    func open(command: String, environment: [String: String] = RenderCacheLocation.processEnvironment)
        throws(CLIError) -> RenderCache?
    {
        if disabled { return nil }
        var limit = maxBytes ?? RenderCache.defaultMaxBytes
        do {
            if maxBytes == nil, let fromEnvironment = try RenderCacheLocation.maxBytes(environment: environment) {
                limit = fromEnvironment
            }
        } catch {
            throw CLIError.usage(
                "\(RenderCacheLocation.maxSizeVariable)=\"\(error.text)\" is not a size; set it to something like 512M or 2G, or unset it",
                command: command)
        }
        return RenderCache(directory: directory ?? RenderCacheLocation.directory(environment: environment), maxBytes: limit)
    }

    /// Records what this process stored and says, once, if the cache could not be written to.
    static func finish(_ cache: RenderCache?, output io: CommandOutput, quiet: Bool) {
        guard let cache else { return }
        cache.flush()
        if let problem = cache.writeError, !quiet {
            io.printError("svgicon: warning: renders were not cached: \(problem) (set SVGICON_CACHE_DIR or pass --cache-dir DIR or --no-cache)")
        }
    }
}
