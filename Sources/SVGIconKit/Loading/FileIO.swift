import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File reading and atomic writing for the edges.
package enum FileIO {
    /// Largest file svgicon will read as an SVG (icons are kilobytes; this stops a stray video).
    package static let maxInputBytes = 32 << 20

    /// Reads a whole regular file, with an error a person can act on. Never blocks on a FIFO or a device
    /// (a stray `icon.svg` that is a named pipe in a folder being rendered), and never reads more than
    /// `limit` + 1 bytes.
    package static func read(_ path: String, limit: Int = FileIO.maxInputBytes) throws(SVGLoadError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO with no writer must not wait; what was opened is checked with fstat,
        // so a file swapped between a check and the open cannot slip through.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason: String
            switch errno {
            case ENOENT, ENOTDIR: reason = "no such file"
            case EACCES, EPERM: reason = "cannot open the file for reading (permissions?)"
            default: reason = "cannot open: \(String(cString: strerror(errno)))"
            }
            throw SVGLoadError(kind: .unreadable, file: path, reason: reason)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw SVGLoadError(kind: .unreadable, file: path, reason: "cannot read: \(String(cString: strerror(errno)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw SVGLoadError(kind: .unreadable, file: path, reason: "is a folder, not an SVG file")
        default: throw SVGLoadError(kind: .unreadable, file: path, reason: "is not a regular file (a pipe, socket or device)")
        }
        if Int(info.st_size) > limit {
            throw SVGLoadError(kind: .limitExceeded, file: path, reason: "file is larger than \(describe(limit)); not an icon")
        }
        let bytes = try readAll(fd, limit: limit, file: path, expected: Int(info.st_size))
        if bytes.count > limit {
            throw SVGLoadError(kind: .limitExceeded, file: path, reason: "file is larger than \(describe(limit)); not an icon")
        }
        return bytes
    }

    /// Reads standard input to its end, or to `limit` + 1 bytes, whichever comes first.
    package static func readStandardInput(limit: Int = FileIO.maxInputBytes) throws(SVGLoadError) -> [UInt8] {
        let bytes = try readAll(STDIN_FILENO, limit: limit, file: "<stdin>")
        if bytes.count > limit {
            throw SVGLoadError(kind: .limitExceeded, file: "<stdin>",
                               reason: "input is larger than \(describe(limit)); not an icon")
        }
        return bytes
    }

    /// "32 MiB", or "1000 bytes" for limits below a MiB.
    private static func describe(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// Up to `limit` + 1 bytes from `fd` (blocking reads on a regular file or a pipe being written), with
    /// an error naming `file`. `expected`: see `readAll(_:expectedCount:limit:)`.
    private static func readAll(_ fd: Int32, limit: Int, file: String, expected: Int = 0) throws(SVGLoadError) -> [UInt8] {
        let (bytes, failure) = readToEnd(fd, expectedCount: expected, limit: limit)
        if failure != 0 {
            throw SVGLoadError(kind: .unreadable, file: file, reason: "read failed: \(String(cString: strerror(failure)))")
        }
        return bytes
    }

    /// Writes `bytes` to `path` so that readers only ever see the old file or the complete new one:
    /// the bytes go to a temporary file in the same folder, which is then renamed over `path`.
    /// Nothing is left behind on failure.
    ///
    /// A batch writes thousands of these, so the path is split by hand and the folder is only looked at
    /// when creating the temporary file fails: the happy path is open, write, close, rename.
    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let name = slash.map { String(path[path.utf8.index(after: $0)...]) } ?? path
        let prefix = slash.map { String(path[...$0]) } ?? ""
        var temporary = prefix + TemporaryFileName.make(for: name)
        var fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        // Another writer's file by that name (another machine sharing the folder, say): a random name.
        var attempts = 0
        while fd < 0 && errno == EEXIST && attempts < 8 {
            attempts += 1
            temporary = prefix + TemporaryFileName.make(for: name, random: true)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else {
            let code = errno
            let folder = slash.map { $0 == path.utf8.startIndex ? "/" : String(path[..<$0]) } ?? "."
            var info = stat()
            if stat(folder, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
                throw FileWriteError(path: path, reason: "the folder \(folder) does not exist")
            }
            throw FileWriteError(path: path, reason: "cannot create a file there: \(String(cString: strerror(code)))")
        }
        var offset = 0
        var failure: String? = nil
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw FileWriteError(path: path, reason: failure)
        }
    }

    /// `path` made absolute (against the working directory) with `.`, `..` and repeated slashes resolved
    /// by name, the way `URL.standardizedFileURL` does, without Foundation's URL machinery.
    package static func absolutePath(_ path: String) -> String {
        var full = path
        if !path.hasPrefix("/") {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let found = buffer.withUnsafeMutableBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { getcwd($0.baseAddress, $0.count) != nil }
            }
            if found, let end = buffer.firstIndex(of: 0) {
                full = String(decoding: buffer[..<end], as: UTF8.self) + "/" + path
            }
        }
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// True when `path` is a regular file holding exactly `bytes` (so rewriting it would change nothing but
    /// its modification time).
    package static func fileHasContents(_ path: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes.count else {
            return false
        }
        guard let existing = readAll(fd, expectedCount: bytes.count) else { return false }
        return existing == bytes
    }

    /// Reads an open file from its current offset to its end, or to `limit` + 1 bytes; `expectedCount`
    /// sizes the buffer. Nil on a read error.
    static func readAll(_ fd: Int32, expectedCount: Int, limit: Int = .max - 1) -> [UInt8]? {
        let (bytes, failure) = readToEnd(fd, expectedCount: expectedCount, limit: limit)
        return failure == 0 ? bytes : nil
    }

    /// The bytes from `fd` to its end or to `limit` + 1 of them, and the `errno` of a failed read (0 when
    /// none failed). `expectedCount` bytes plus one are read straight into the array (plus one: a file
    /// that grew since its size was taken is still read on to its end, in 64 KiB steps).
    private static func readToEnd(_ fd: Int32, expectedCount: Int, limit: Int) -> (bytes: [UInt8], errorNumber: Int32) {
        let first = min(max(expectedCount, 0), limit) + 1
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: first) { buffer, initialized in
            while initialized < first {
                let n = readSome(fd, buffer.baseAddress! + initialized, first - initialized)
                if n < 0 { failure = errno }
                if n <= 0 { return }
                initialized += n
            }
        }
        // Filled: the file may go on.
        if failure == 0 && bytes.count == first {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while bytes.count <= limit {
                let want = min(chunk.count, limit - bytes.count + 1)
                let n = chunk.withUnsafeMutableBytes { readSome(fd, $0.baseAddress!, want) }
                if n < 0 { failure = errno }
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
        }
        return (bytes, failure)
    }
}

/// One `read(2)` of up to `count` bytes: the bytes read, 0 at the end, or −1 with `errno` set. An
/// interrupted read is retried; a pipe opened without blocking is waited on until its writer writes.
private func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    while true {
        let n = read(fd, buffer, count)
        if n >= 0 || errno != EINTR && errno != EAGAIN { return n }
        if errno == EAGAIN {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, -1)
        }
    }
}

/// Writing an output file failed.
package struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var description: String { "\(path): cannot write: \(reason)" }
}

extension stat {
    /// Modification time in seconds since 1970.
    var modificationTime: Double {
        #if canImport(Darwin)
        Double(st_mtimespec.tv_sec) + Double(st_mtimespec.tv_nsec) / 1e9
        #else
        Double(st_mtim.tv_sec) + Double(st_mtim.tv_nsec) / 1e9
        #endif
    }
}
