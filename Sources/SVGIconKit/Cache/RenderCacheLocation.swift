import Foundation

/// Where the render cache lives and how large it may grow, from the environment.
///
/// Thread safety: static members only; they read the environment, so call them from any thread but do not
/// change the environment meanwhile.
public enum RenderCacheLocation {
    /// The variables the cache reads, from the process environment (read one by one: building the whole
    /// environment dictionary costs more than the rest of a cached `svgicon render`).
    public static var processEnvironment: [String: String] {
        var result: [String: String] = [:]
        for name in ["SVGICON_CACHE_DIR", "XDG_CACHE_HOME", "HOME", maxSizeVariable] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }

    /// `$SVGICON_CACHE_DIR`, else `$XDG_CACHE_HOME/svgicon` (when absolute, as the XDG spec requires),
    /// else `~/.cache/svgicon`.
    public static func directory(environment: [String: String] = RenderCacheLocation.processEnvironment) -> String {
        if let dir = environment["SVGICON_CACHE_DIR"], !dir.isEmpty { return dir }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/svgicon" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/svgicon"
    }

    /// The environment variable that sets the size limit (`512M`, `2G`, bytes).
    public static let maxSizeVariable = "SVGICON_CACHE_MAX"

    /// The limit from `$SVGICON_CACHE_MAX`; nil when unset. Throws the variable's text when it is not a size.
    public static func maxBytes(environment: [String: String] = RenderCacheLocation.processEnvironment)
        throws(InvalidSize) -> Int?
    {
        guard let text = environment[maxSizeVariable], !text.isEmpty else { return nil }
        guard let bytes = ByteSize.parse(text) else { throw InvalidSize(text: text) }
        return bytes
    }

    /// `$SVGICON_CACHE_MAX` holds something that is not a size.
    ///
    /// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
    public struct InvalidSize: Error, Hashable, Sendable {
        /// The variable's text as found.
        public var text: String
    }
}
