/// A command-line failure and the exit code it maps to. A value: `Sendable`, safe on any thread.
public enum CLIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The command line itself is wrong (exit 2): unknown option, missing value, bad number…
    case usage(String, command: String?)
    /// An input could not be turned into output (exit 1): missing file, malformed SVG, write failure.
    case failed(String)

    /// 2 for `.usage`, 1 for `.failed`.
    public var exitCode: Int32 {
        switch self {
        case .usage: return ExitCode.usage
        case .failed: return ExitCode.failure
        }
    }

    /// The message, as printed after `svgicon: error: `.
    public var description: String {
        switch self {
        case .usage(let message, _), .failed(let message): return message
        }
    }
}

/// Exit codes scripts can rely on. Constants only: safe on any thread.
public enum ExitCode {
    /// Everything asked for was written.
    public static let success: Int32 = 0
    /// Some input failed (missing or malformed file, unwritable output); the rest was still done.
    public static let failure: Int32 = 1
    /// The command line was wrong; nothing was done.
    public static let usage: Int32 = 2
}
