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
            var kind = SVGLoadError.Kind.unreadable
            switch errno {
            case ENOENT, ENOTDIR: reason = "no such file"; kind = .notFound
            case EACCES, EPERM: reason = "cannot open the file for reading (permissions?)"
            default: reason = "cannot open: \(String(cString: strerror(errno)))"
            }
            throw SVGLoadError(kind: kind, file: path, reason: reason)
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

    /// Writes an output file the user named, so that what they named gets the bytes and nothing else is
    /// disturbed:
    /// - a new name or an existing regular file: `writeAtomically` (temporary file, then rename);
    /// - a symbolic link: the file it points to, atomically when that is a regular file (the link stays a
    ///   link); a dangling link creates its target;
    /// - `/dev/stdout`, `/dev/stderr` (and their `/dev/fd`, `/proc/self/fd` names): the process's own
    ///   standard output or error, written in place;
    /// - a device, FIFO or socket: opened and written, never replaced by a regular file;
    /// - a folder: an error (callers that accept a folder put a file name in it first).
    package static func writeOutput(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        if let fd = standardStreamDescriptor(path) {
            return try writeAll(bytes, to: fd, path: path)
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { return try writeAtomically(bytes, to: path) }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            try writeAtomically(bytes, to: path)
        case S_IFDIR:
            throw FileWriteError(path: path, reason: "is a folder")
        case S_IFLNK:
            // Pseudo-files (/proc/…/fd/N, /dev/…) are written through, never resolved and replaced.
            let absolute = absolutePath(path)
            if absolute.hasPrefix("/proc/") || absolute.hasPrefix("/dev/") {
                return try writeDirectly(bytes, to: path, create: false)
            }
            guard let resolved = realPath(path) else {
                // Dangling: create the file the link names, through the link.
                return try writeDirectly(bytes, to: path, create: true)
            }
            var target = stat()
            guard stat(resolved, &target) == 0 else { return try writeDirectly(bytes, to: path, create: true) }
            switch target.st_mode & S_IFMT {
            case S_IFREG: try writeAtomically(bytes, to: resolved)
            case S_IFDIR: throw FileWriteError(path: path, reason: "is a link to a folder")
            default: try writeDirectly(bytes, to: path, create: false)
            }
        default:
            try writeDirectly(bytes, to: path, create: false)
        }
    }

    /// Makes sure `folder` exists (creating it and its parents) and that files can be created in it,
    /// with an error in svgicon's words naming the part that fails.
    package static func prepareOutputFolder(_ folder: String) throws(FileWriteError) {
        try makeFolders(folder)
        // A probe file: catches read-only mounts and permissions as root sees them too.
        let probe = (folder.hasSuffix("/") ? folder : folder + "/") + TemporaryFileName.make(for: "probe", random: true)
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw FileWriteError(path: folder, reason: "cannot create files in this folder (\(describe(errno: errno)))")
        }
        close(fd)
        unlink(probe)
    }

    /// Creates `folder` and any missing parents (`mkdir -p`); an error names the part that cannot be made
    /// and why, in svgicon's words.
    package static func makeFolders(_ folder: String) throws(FileWriteError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw FileWriteError(path: folder, reason: "is a file, not a folder")
            }
            return
        }
        let absolute = absolutePath(folder)
        var current = ""
        for part in absolute.split(separator: "/") {
            let parent = current.isEmpty ? "/" : current
            current += "/" + part
            if stat(current, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw FileWriteError(path: folder, reason: "cannot create the folder: \(current) is a file")
                }
                continue
            }
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                let code = errno
                throw FileWriteError(path: folder, reason: "cannot create the folder: "
                    + (code == EACCES || code == EPERM || code == EROFS || code == ENOENT
                        ? "\(parent) does not allow new folders (\(describe(errno: code)))"
                        : describe(errno: code)))
            }
        }
    }

    /// `strerror` in lower case ("permission denied", "read-only file system").
    private static func describe(errno code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// 1 for `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`; 2 for the standard-error names; nil otherwise.
    private static func standardStreamDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": return STDOUT_FILENO
        case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": return STDERR_FILENO
        default: return nil
        }
    }

    /// The canonical path of `path` with every link resolved, nil when it does not resolve.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Opens `path` (following links) and writes `bytes` in place: for devices, FIFOs and links to them.
    private static func writeDirectly(_ bytes: [UInt8], to path: String, create: Bool) throws(FileWriteError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (create ? O_CREAT | O_TRUNC : 0), 0o644)
        guard fd >= 0 else { throw FileWriteError(path: path, reason: describe(errno: errno)) }
        var failure: FileWriteError? = nil
        do {
            try writeAll(bytes, to: fd, path: path)
        } catch {
            failure = error
        }
        if close(fd) != 0, failure == nil { failure = FileWriteError(path: path, reason: describe(errno: errno)) }
        if let failure { throw failure }
    }

    /// `write(2)` until every byte is written.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(FileWriteError) {
        var offset = 0
        var code: Int32 = 0
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    code = errno
                    return
                }
                offset += n
            }
        }
        if code != 0 { throw FileWriteError(path: path, reason: describe(errno: code)) }
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
        return SVGImageOptions.normalized(full)
    }

    /// True when `path` is a regular file holding exactly `bytes` (so rewriting it would change nothing but
    /// its modification time).
    package static func fileHasContents(_ path: String, _ bytes: [UInt8]) -> Bool {
        // O_NONBLOCK: opening a FIFO given as the output must not wait for a writer (it is not a
        // regular file, so the answer is false anyway).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
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
