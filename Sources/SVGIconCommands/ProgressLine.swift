import Foundation

/// The live line `batch` draws on a terminal's standard error — icons done, rate, time left — redrawn
/// in place at most ten times a second. Lines printed through it appear above the progress line.
/// When standard error is not a terminal it draws nothing and only passes lines through.
final class ProgressLine: @unchecked Sendable {
    private let io: CommandOutput
    private let enabled: Bool
    private let start = Date()
    private var lastDraw: Date? = nil
    private var text = ""
    private let lock = NSLock()

    init(output: CommandOutput, enabled: Bool) {
        io = output
        self.enabled = enabled
    }

    /// `  812/5237 icons  16%  415 icons/s  0:11 left  (2 failed)`
    func update(done: Int, total: Int, failed: Int) {
        lock.withLock {
            guard enabled else { return }
            let now = Date()
            if let lastDraw, now.timeIntervalSince(lastDraw) < 0.1, done < total { return }
            lastDraw = now
            let elapsed = now.timeIntervalSince(start)
            let rate = elapsed > 0 ? Double(done) / elapsed : 0
            var line = "\(done)/\(total) icons  \(total > 0 ? done * 100 / total : 100)%"
            if rate > 0 {
                line += "  \(Int(rate.rounded())) icons/s  \(Self.clock(Double(total - done) / rate)) left"
            }
            if failed > 0 { line += "  (\(failed) failed)" }
            text = line
            io.writeError("\r\u{1B}[K" + line)
        }
    }

    /// Prints `line` on standard error above the progress line.
    func print(_ line: String) {
        lock.withLock {
            if enabled && !text.isEmpty {
                io.writeError("\r\u{1B}[K" + line + "\n" + text)
            } else {
                io.printError(line)
            }
        }
    }

    /// Removes the progress line.
    func clear() {
        lock.withLock {
            if enabled && !text.isEmpty { io.writeError("\r\u{1B}[K") }
            text = ""
        }
    }

    /// `0:07`, `12:40`, `1:02:03`.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        let (h, m, r) = (s / 3600, s / 60 % 60, s % 60)
        let mm = h > 0 && m < 10 ? "0\(m)" : "\(m)"
        return (h > 0 ? "\(h):" : "") + mm + ":" + (r < 10 ? "0\(r)" : "\(r)")
    }
}
