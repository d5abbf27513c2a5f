import Foundation
import Testing
import SVGIconKit
import SVGIconTools
#if canImport(Glibc)
import Glibc
#endif

/// What a folder nobody has read may hold besides SVG files.
@Suite("Reading files that are not what their name says")
struct HostileFileTests {
    @Test("A named pipe, a device and a folder called .svg are refused at once, never waited on")
    func notRegularFiles() throws {
        let folder = TemporaryFolder()
        let fifo = folder.path + "/pipe.svg"
        #expect(mkfifo(fifo, 0o644) == 0)
        for (path, reason) in [(fifo, "is not a regular file (a pipe, socket or device)"),
                               ("/dev/zero", "is not a regular file (a pipe, socket or device)"),
                               (folder.path, "is a folder, not an SVG file"),
                               (folder.path + "/missing.svg", "no such file")] {
            let kind: SVGLoadError.Kind = reason == "no such file" ? .notFound : .unreadable
            #expect(throws: SVGLoadError(kind: kind, file: path, reason: reason)) { try FileIO.read(path) }
        }
    }

    @Test("A file past the size limit is refused before it is read")
    func tooLarge() throws {
        let folder = TemporaryFolder()
        let path = folder.write("big.svg", String(repeating: " ", count: 2048))
        #expect(throws: SVGLoadError(kind: .limitExceeded, file: path, reason: "file is larger than 1024 bytes; not an icon")) {
            try FileIO.read(path, limit: 1024)
        }
        #expect(try FileIO.read(path, limit: 2048).count == 2048)
    }
}
