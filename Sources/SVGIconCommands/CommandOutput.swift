import Foundation

/// Where a command writes: binary standard output, text standard error. Tests capture both.
///
/// Threads: a command writes from the thread that runs it and from batch's workers one at a time (the
/// batch runner serialises its progress calls), so an implementation needs no lock of its own.
public protocol CommandOutput: AnyObject {
    /// Appends bytes to standard output (PNG data, JSON, text).
    func writeOut(_ bytes: [UInt8])
    /// Appends text to standard error (messages, progress).
    func writeError(_ text: String)
    /// Whether standard output is a terminal (PNG bytes are never written to one).
    var outputIsTerminal: Bool { get }
    /// Whether standard error is a terminal (live progress is drawn only there).
    var errorIsTerminal: Bool { get }
}

extension CommandOutput {
    /// `text` and a line break on standard output.
    public func printOut(_ text: String) { writeOut(Array((text + "\n").utf8)) }
    /// `text` and a line break on standard error.
    public func printError(_ text: String) { writeError(text + "\n") }

    /// `value` as pretty-printed JSON with sorted keys on standard output (`--json`).
    func printJSON<T: Encodable>(_ value: T) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(value) { writeOut(Array(data) + [UInt8(ascii: "\n")]) }
    }
}

/// The process's real standard output and error. Threads: each write is one system call, safe from any
/// thread (writes from two threads may interleave at write boundaries).
public final class StandardOutput: CommandOutput {
    /// The process's file descriptors 1 and 2.
    public init() {}

    /// Writes to file descriptor 1.
    public func writeOut(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// Writes to file descriptor 2.
    public func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// `isatty(1)`.
    public var outputIsTerminal: Bool { isatty(1) != 0 }
    /// `isatty(2)`.
    public var errorIsTerminal: Bool { isatty(2) != 0 }
}

/// Collects output in memory (for tests and for embedding the CLI). Threads: not locked; give each
/// command run its own (a run's own writes are never concurrent).
public final class CapturedOutput: CommandOutput {
    /// Everything written to standard output.
    public private(set) var out: [UInt8] = []
    /// Everything written to standard error.
    public private(set) var error = ""
    /// What the command is told standard output is (false: PNG bytes may be written).
    public var outputIsTerminal = false
    /// What the command is told standard error is (true draws the progress line).
    public var errorIsTerminal = false

    /// Empty, not a terminal.
    public init() {}

    /// Appends to `out`.
    public func writeOut(_ bytes: [UInt8]) { out += bytes }
    /// Appends to `error`.
    public func writeError(_ text: String) { error += text }
    /// `out` as UTF-8 text.
    public var outText: String { String(decoding: out, as: UTF8.self) }
}
