#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cache's size as last recorded, in a small text file that every process reads and rewrites under
/// an exclusive `flock` on that file. Processes add what they stored; the one that finds the total over
/// the limit evicts while it still holds the lock, so evictions never run twice at once.
///
/// The number is bookkeeping, not truth: an entry two processes both stored is counted twice, a file
/// removed by hand is still counted. Every eviction scan measures the real size and records it, which
/// corrects the drift; a missing or unreadable ledger reads as unknown, which forces such a scan.
struct CacheUsageLedger {
    let path: String

    /// Calls `body` with the recorded total (nil when unknown) while holding the lock, and records the
    /// total it returns. False when the ledger cannot be opened or locked (the cache's folder is missing
    /// or read-only); `body` is not called then.
    @discardableResult
    func update(_ body: (Int?) -> Int) -> Bool {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { return false }
        }
        defer { flock(fd, LOCK_UN) }
        let text = FileIO.readAll(fd, expectedCount: 32).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let recorded = Int(text.filter { !$0.isWhitespace })
        let known = recorded.flatMap { $0 >= 0 ? $0 : nil }
        let total = max(0, body(known))
        // Unchanged (a run that only read the cache): nothing to write, and truncating a file costs more
        // than the rest of a cached `svgicon render`.
        if total == known { return true }
        let bytes = Array("\(total)\n".utf8)
        guard ftruncate(fd, 0) == 0 else { return true }
        _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        return true
    }
}
