import Foundation

/// Where a command writes: binary standard output, text standard error. Tests capture both.
public protocol CommandOutput: AnyObject {
    func writeOut(_ bytes: [UInt8])
    func writeError(_ text: String)
    /// Whether standard output is a terminal (PNG bytes are never written to one).
    var outputIsTerminal: Bool { get }
    /// Whether standard error is a terminal (live progress is drawn only there).
    var errorIsTerminal: Bool { get }
}

extension CommandOutput {
    public func printOut(_ text: String) { writeOut(Array((text + "\n").utf8)) }
    public func printError(_ text: String) { writeError(text + "\n") }

    /// `value` as pretty-printed JSON with sorted keys on standard output (`--json`).
    func printJSON<T: Encodable>(_ value: T) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(value) { writeOut(Array(data) + [UInt8(ascii: "\n")]) }
    }
}

/// The process's real standard output and error.
public final class StandardOutput: CommandOutput {
    public init() {}

    public func writeOut(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    public func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    public var outputIsTerminal: Bool { isatty(1) != 0 }
    public var errorIsTerminal: Bool { isatty(2) != 0 }
}

/// Collects output in memory (for tests and for embedding the CLI).
public final class CapturedOutput: CommandOutput {
    public private(set) var out: [UInt8] = []
    public private(set) var error = ""
    public var outputIsTerminal = false
    public var errorIsTerminal = false

    public init() {}

    public func writeOut(_ bytes: [UInt8]) { out += bytes }
    public func writeError(_ text: String) { error += text }
    public var outText: String { String(decoding: out, as: UTF8.self) }
}
