import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rendered PNGs on disk, filed under their `RenderCacheKey`, shared by every svgicon process.
///
/// Layout under `directory`:
///
///     CACHEDIR.TAG               tells backup tools to skip the folder
///     renders-v1/usage           the recorded total size (`CacheUsageLedger`), also the eviction lock
///     renders-v1/ab/abcd….entry  one `RenderCacheEntry` per key, in 256 folders by the key's first byte
///
/// - Entries are written to a temporary file in their folder and renamed into place, so a reader sees a
///   whole entry or none, and two processes storing the same key both succeed (the bytes are the same).
/// - Every read checks the entry (`RenderCacheEntry.decode`); a damaged one is deleted and reported as a
///   miss, so the caller renders again and stores a good one.
/// - An entry's modification time is its last use: a hit touches it (at most once a minute). When the
///   recorded size passes `maxBytes`, the least recently used entries are deleted until the cache is at
///   90 % of it. Sizes count whole 4 KiB blocks, as disks store small files.
/// - Nothing here fails a render: a cache that cannot be written (read-only, full disk) is skipped and
///   the first reason is kept in `writeError`.
///
/// Thread-safe; one instance serves all of a process's threads.
public final class RenderCache: @unchecked Sendable {
    /// The cache's root folder.
    public let directory: String
    /// Size limit in bytes (4 KiB blocks counted).
    public let maxBytes: Int

    /// The default size limit, 512 MiB.
    public static let defaultMaxBytes = 512 << 20
    static let blockSize = 4096
    /// A hit touches its entry only when the last touch is older than this, to spare the disk a write
    /// per hit; last-use times are therefore accurate to about a minute.
    static let touchInterval: Double = 60

    let storeDirectory: String
    private let ledger: CacheUsageLedger
    private let lock = NSLock()
    private var counters = Counters()
    private var unrecordedBytes = 0
    private var firstWriteError: String?

    /// What this instance did, for summaries.
    ///
    /// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
    public struct Counters: Hashable, Sendable, Codable {
        /// Lookups served from a verified entry.
        public var hits = 0
        /// Lookups that found no usable entry (damaged ones included).
        public var misses = 0
        /// Entries written.
        public var stored = 0
        /// Entries that failed verification and were deleted.
        public var dropped = 0
        /// Entries deleted to stay under the size limit.
        public var evicted = 0
    }

    /// A cache in `directory` (created on first store), holding up to `maxBytes` (negative counts as 0). Opening
    /// touches nothing on disk; any number of instances and processes may share one directory.
    public init(directory: String, maxBytes: Int = RenderCache.defaultMaxBytes) {
        self.directory = directory
        self.maxBytes = max(0, maxBytes)
        storeDirectory = directory + "/renders-v1"
        ledger = CacheUsageLedger(path: storeDirectory + "/usage")
    }

    /// What this instance has done so far (a consistent snapshot; safe from any thread).
    public var statistics: Counters { lock.withLock { counters } }

    /// Why storing failed the first time it did, if it did.
    public var writeError: String? { lock.withLock { firstWriteError } }

    func path(for key: RenderCacheKey) -> String {
        let hex = key.hex
        return storeDirectory + "/" + hex.prefix(2) + "/" + hex + ".entry"
    }

    // MARK: - Reading

    /// The verified entry for `key`, or nil (not cached, or damaged and now deleted).
    package func entry(for key: RenderCacheKey) -> RenderCacheEntry? {
        let path = path(for: key)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            lock.withLock { counters.misses += 1 }
            return nil
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, let bytes = FileIO.readAll(fd, expectedCount: Int(info.st_size)) else {
            lock.withLock { counters.misses += 1 }
            return nil
        }
        switch RenderCacheEntry.decode(bytes, for: key) {
        case .success(let entry):
            if Date().timeIntervalSince1970 - info.modificationTime > Self.touchInterval {
                futimens(fd, nil)
            }
            lock.withLock { counters.hits += 1 }
            return entry
        case .failure:
            // Delete only the file that was read: another process may have just renamed a good entry over it.
            var current = stat()
            if lstat(path, &current) == 0, current.st_ino == info.st_ino, current.st_dev == info.st_dev {
                unlink(path)
            }
            lock.withLock {
                counters.dropped += 1
                counters.misses += 1
            }
            return nil
        }
    }

    // MARK: - Writing

    /// Stores `entry` under `key`. Returns false (and keeps the reason in `writeError`) when it could not.
    /// An entry larger than half the limit is not kept (it would push out most of the others).
    @discardableResult
    package func store(_ entry: RenderCacheEntry, for key: RenderCacheKey) -> Bool {
        let bytes = entry.encoded(for: key)
        guard Self.blocks(bytes.count) <= maxBytes / 2 else { return false }
        let path = path(for: key)
        do {
            do {
                try FileIO.writeAtomically(bytes, to: path)
            } catch {
                // The first store into a fresh (or just cleared) cache: make the folders, then try again.
                try makeFolders(for: path)
                try FileIO.writeAtomically(bytes, to: path)
            }
        } catch {
            lock.withLock { if firstWriteError == nil { firstWriteError = error.description } }
            return false
        }
        let flushNow = lock.withLock { () -> Bool in
            counters.stored += 1
            unrecordedBytes += Self.blocks(bytes.count)
            return unrecordedBytes >= max(maxBytes / 16, Self.blockSize)
        }
        if flushNow { flush() }
        return true
    }

    /// Adds what this process stored to the shared size record and, when the cache is over its limit
    /// (also when nothing was added but the limit is now lower), deletes least recently used entries.
    /// Called by `store` from time to time; call it once more when done.
    public func flush() {
        let added = lock.withLock { () -> Int in
            defer { unrecordedBytes = 0 }
            return unrecordedBytes
        }
        ledger.update { recorded in
            guard let recorded, recorded + added <= maxBytes else {
                return evict(downTo: maxBytes / 10 * 9)
            }
            return recorded + added
        }
    }

    private func makeFolders(for entryPath: String) throws(FileWriteError) {
        let folder = String(entryPath[..<entryPath.lastIndex(of: "/")!])
        do {
            try FileIO.makeFolders(folder)
        } catch {
            throw FileWriteError(path: directory, reason: error.reason)
        }
        let tag = directory + "/CACHEDIR.TAG"
        if !FileManager.default.fileExists(atPath: tag) {
            try? FileIO.writeAtomically(Array("""
                Signature: 8a477f597d28d172789f06886806bc55
                # This file is a cache directory tag created by svgicon (rendered icons; safe to delete).
                # For information about cache directory tags see https://bford.info/cachedir/

                """.utf8), to: tag)
        }
    }

    // MARK: - Size, eviction, clearing

    /// One entry file found by a scan.
    struct ScannedEntry {
        var path: String
        var lastUse: Double
        var bytes: Int
    }

    /// Every entry on disk. Removes abandoned temporary files on the way.
    func scan() -> [ScannedEntry] {
        let fm = FileManager.default
        guard let shards = try? fm.contentsOfDirectory(atPath: storeDirectory) else { return [] }
        var entries: [ScannedEntry] = []
        for shard in shards where shard.count == 2 && shard.allSatisfy(\.isHexDigit) {
            let folder = storeDirectory + "/" + shard
            TemporaryFileName.removeAbandoned(in: folder)
            guard let names = try? fm.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where name.hasSuffix(".entry") {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                entries.append(ScannedEntry(path: path, lastUse: info.modificationTime, bytes: Self.blocks(Int(info.st_size))))
            }
        }
        return entries
    }

    /// Deletes least recently used entries until the cache holds at most `target` bytes; returns what
    /// it holds then.
    @discardableResult
    func evict(downTo target: Int) -> Int {
        let entries = scan().sorted { $0.lastUse < $1.lastUse }
        var total = entries.reduce(0) { $0 + $1.bytes }
        var removed = 0
        for entry in entries where total > target {
            if unlink(entry.path) == 0 || errno == ENOENT {
                total -= entry.bytes
                removed += 1
            }
        }
        lock.withLock { counters.evicted += removed }
        return total
    }

    /// What is on disk now.
    ///
    /// Thread safety: a `Sendable` value; copies can be used and passed between threads freely.
    public struct Usage: Hashable, Sendable {
        /// Number of entries.
        public var entries: Int
        /// Their size on disk, in bytes, counted in whole 4 KiB blocks.
        public var bytes: Int
        /// Last use of the least and the most recently used entry (seconds since 1970).
        public var oldestUse: Double?
        /// See `oldestUse`; nil when the cache is empty.
        public var newestUse: Double?
    }

    /// Measures the cache (a scan of every entry; no entry is read or changed).
    public func usage() -> Usage {
        Self.usage(of: scan())
    }

    /// Deletes every entry; returns what was deleted. Files in `directory` that are not svgicon's are
    /// left alone.
    @discardableResult
    public func clear() -> Usage {
        var deleted = Usage(entries: 0, bytes: 0)
        ledger.update { _ in
            let entries = scan()
            deleted = Self.usage(of: entries)
            for entry in entries { unlink(entry.path) }
            return 0
        }
        return deleted
    }

    private static func usage(of entries: [ScannedEntry]) -> Usage {
        Usage(entries: entries.count, bytes: entries.reduce(0) { $0 + $1.bytes },
              oldestUse: entries.map(\.lastUse).min(), newestUse: entries.map(\.lastUse).max())
    }

    static func blocks(_ bytes: Int) -> Int {
        (bytes + blockSize - 1) / blockSize * blockSize
    }
}
