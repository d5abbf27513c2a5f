import Foundation

/// Where a command writes: binary standard output, text standard error. Tests capture both.
public protocol CommandOutput: AnyObject {
    func writeOut(_ bytes: [UInt8])
    func writeError(_ text: String)
    /// Whether standard output is a terminal (PNG bytes are never written to one).
    var outputIsTerminal: Bool { get }
}

extension CommandOutput {
    public func printOut(_ text: String) { writeOut(Array((text + "\n").utf8)) }
    public func printError(_ text: String) { writeError(text + "\n") }
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
}

/// Collects output in memory (for tests and for embedding the CLI).
public final class CapturedOutput: CommandOutput {
    public private(set) var out: [UInt8] = []
    public private(set) var error = ""
    public var outputIsTerminal = false

    public init() {}

    public func writeOut(_ bytes: [UInt8]) { out += bytes }
    public func writeError(_ text: String) { error += text }
    public var outText: String { String(decoding: out, as: UTF8.self) }
}
