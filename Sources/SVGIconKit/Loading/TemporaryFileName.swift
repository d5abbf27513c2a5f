import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names `FileIO.writeAtomically` gives its temporary files, and the clean-up of ones left behind.
///
/// A temporary file is `.NAME.svgicon-PID-RANDOM.tmp` in the folder of the file it will become: hidden,
/// marked as svgicon's, and carrying the writing process's id. It lives from `open` to `rename`, a few
/// milliseconds; only a process killed in between (SIGKILL, power loss) leaves one behind.
package enum TemporaryFileName {
    static let marker = ".svgicon-"
    static let suffix = ".tmp"

    /// A temporary name for `fileName`: unique to this process and thread (so to one write at a time:
    /// a thread renames its file away before it writes the next), or with a fresh random number when
    /// `random` is set, for retrying after a name turned out to be taken. A long `fileName` is shortened
    /// (at a character boundary) so that the whole name stays within the 255 bytes a file name may have.
    ///
    /// The number is a per-process random number (drawn once: drawing one per file was one of a batch's
    /// ten system calls per PNG) combined with the thread's id.
    package static func make(for fileName: String, random: Bool = false) -> String {
        let tag = random ? UInt64.random(in: 0...UInt64.max) : processTag ^ threadTag
        let tail = marker + "\(processID)-" + String(tag, radix: 16) + suffix
        let room = maxNameBytes - 1 - tail.utf8.count
        var name = Substring(fileName)
        while name.utf8.count > room { name = name.dropLast() }
        return "." + name + tail
    }

    /// This process's id, asked for once (a `getpid` per file was one of a batch's system calls per PNG;
    /// svgicon never forks).
    private static let processID = getpid()

    /// The longest file name most file systems take, in bytes.
    static let maxNameBytes = 255

    /// Random per process: names from two processes with the same id (in two containers, or on two
    /// machines, sharing a folder) still differ.
    private static let processTag = UInt64.random(in: 0...UInt64.max)

    /// The calling thread, as a number (unique among the process's running threads).
    private static var threadTag: UInt64 {
        #if canImport(Darwin)
        UInt64(UInt(bitPattern: pthread_self()))
        #else
        UInt64(pthread_self())
        #endif
    }

    /// The id of the process that created the temporary file `name`, or nil when `name` is not one of
    /// svgicon's temporary names.
    package static func writerProcess(of name: String) -> Int32? {
        guard name.hasPrefix("."), name.hasSuffix(suffix), let marked = name.range(of: marker, options: .backwards)
        else { return nil }
        let tail = name[marked.upperBound...].dropLast(suffix.count)
        let parts = tail.split(separator: "-")
        guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, UInt64(parts[1], radix: 16) != nil else {
            return nil
        }
        return pid
    }

    /// How old a temporary file must be before it counts as abandoned even when a process with its
    /// writer's id is alive (that id may belong to another machine sharing the folder, or be reused).
    package static let abandonedAfterSeconds: Double = 3600

    /// Removes svgicon's temporary files in `folder` (not below it) whose writer is no longer running or
    /// that are more than an hour old. Files of running writers are left alone, so two processes writing
    /// into one folder never remove each other's work. Returns how many were removed.
    @discardableResult
    package static func removeAbandoned(in folder: String) -> Int {
        removeAbandonedListing(in: folder).removed
    }

    /// `removeAbandoned(in:)`, also returning the names of the other entries in `folder` (nil when it
    /// cannot be read): a batch checks whether an output is up to date only when its name is there.
    package static func removeAbandonedListing(in folder: String) -> (removed: Int, names: Set<String>?) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return (0, nil) }
        var removed = 0
        var others = Set<String>()
        for name in names {
            guard let pid = writerProcess(of: name) else {
                others.insert(name)
                continue
            }
            let path = folder + "/" + name
            if isAbandoned(path: path, writer: pid), unlink(path) == 0 { removed += 1 }
        }
        return (removed, others)
    }

    static func isAbandoned(path: String, writer pid: Int32) -> Bool {
        if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { return true }
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        let age = Date().timeIntervalSince1970 - info.modificationTime
        return age > abandonedAfterSeconds
    }
}
