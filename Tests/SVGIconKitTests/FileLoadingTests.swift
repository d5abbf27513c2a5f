import Foundation
import Testing
@testable import SVGIconKit

@Suite("Icon lookup, caching and atomic writes")
struct FileLoadingTests {
    let square = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\"/></svg>"
    let circle = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><circle cx=\"2\" cy=\"2\" r=\"1\"/></svg>"

    @Test("Paths are made absolute with . and .. resolved by name, as URL.standardizedFileURL does")
    func absolutePaths() {
        let cwd = FileManager.default.currentDirectoryPath
        for path in ["/a/b/../c/./d.svg", "//a///b/", "/", "/..", "Icons/tab-shop.svg", "./x/../y.svg", "../z"] {
            #expect(FileIO.absolutePath(path) == URL(fileURLWithPath: path).standardizedFileURL.path, "\(path)")
        }
        #expect(FileIO.absolutePath("/a/b/../c/./d.svg") == "/a/c/d.svg")
        #expect(FileIO.absolutePath("Icons/x.svg") == cwd + "/Icons/x.svg")
    }

    @Test("load(named:) finds NAME.svg in the search folders, in order")
    func lookup() throws {
        let a = TemporaryFolder(), b = TemporaryFolder()
        b.write("star.svg", square)
        a.write("star.svg", circle)
        let loader = SVGFileLoader(searchPaths: [a.path, b.path])
        #expect(loader.path(named: "star") == a.path + "/star.svg")
        #expect(try loader.load(named: "star").icon.layers.first?.elementName == "circle")
        #expect(throws: SVGLoadError.self) { try loader.load(named: "nope") }
        do {
            _ = try loader.load(named: "nope")
        } catch {
            #expect(error.description.contains("no icon named \"nope\""))
        }
    }

    @Test("A changed file is parsed again, an unchanged one comes from memory")
    func staleness() throws {
        let folder = TemporaryFolder()
        let file = folder.write("icon.svg", square)
        let loader = SVGFileLoader(searchPaths: [folder.path])
        #expect(try loader.load(named: "icon").icon.layers.first?.elementName == "rect")
        // Same size is not enough to fool it: pad the circle to the square's length and move the clock.
        var replacement = circle
        while replacement.utf8.count < square.utf8.count { replacement = replacement.replacingOccurrences(of: "<svg ", with: "<svg  ") }
        try replacement.write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: file)
        #expect(try loader.load(named: "icon").icon.layers.first?.elementName == "circle")
    }

    @Test("An icon that reads an image file sees that file's edits though its own bytes are unchanged")
    func imageFileEdits() throws {
        let folder = TemporaryFolder()
        let inner = { (fill: String) in
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\" fill=\"\(fill)\"/></svg>"
        }
        folder.write("inner.svg", inner("red"))
        folder.write("icon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><image href=\"inner.svg\" width=\"4\" height=\"4\"/></svg>")
        let loader = SVGFileLoader(searchPaths: [folder.path])
        let before = try loader.load(named: "icon")
        #expect(before.imageFiles.map(SVGImageOptions.fileName) == ["inner.svg"])
        #expect(try loader.load(named: "icon").icon == before.icon)
        folder.write("inner.svg", inner("blue"))
        let after = try loader.load(named: "icon")
        #expect(after.icon != before.icon)
        #expect(after.imageFiles == before.imageFiles)
    }

    @Test("Many threads can load at once")
    func concurrentLoads() async throws {
        let folder = TemporaryFolder()
        for i in 0..<8 { folder.write("i\(i).svg", i % 2 == 0 ? square : circle) }
        let loader = SVGFileLoader(searchPaths: [folder.path])
        try await withThrowingTaskGroup(of: Int.self) { group in
            for k in 0..<64 {
                group.addTask { try loader.load(named: "i\(k % 8)").icon.layers.count }
            }
            for try await count in group { #expect(count == 1) }
        }
    }

    @Test("Atomic writes replace the file whole and leave no temporary file")
    func atomicWrite() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/out.png"
        try FileIO.writeAtomically([1, 2, 3], to: path)
        try FileIO.writeAtomically([4, 5], to: path)
        #expect(try FileIO.read(path) == [4, 5])
        #expect(folder.files == ["out.png"])
        do {
            try FileIO.writeAtomically([1], to: folder.path + "/missing/out.png")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == folder.path + "/missing/out.png: cannot write: the folder \(folder.path)/missing does not exist")
        }
        // A file where the folder should be is no folder either.
        folder.write("plain", "x")
        do {
            try FileIO.writeAtomically([1], to: folder.path + "/plain/out.png")
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == "the folder \(folder.path)/plain does not exist")
        }
        #expect(folder.files == ["out.png", "plain"])
    }

    @Test("An atomic write whose temporary name is taken picks another and leaves the other file alone")
    func temporaryNameTaken() throws {
        let folder = TemporaryFolder()
        // The name this thread would use first (the same for every write of out.png from this thread).
        let taken = TemporaryFileName.make(for: "out.png")
        #expect(TemporaryFileName.make(for: "out.png") == taken)
        #expect(TemporaryFileName.make(for: "out.png", random: true) != taken)
        #expect(TemporaryFileName.writerProcess(of: TemporaryFileName.make(for: "out.png", random: true)) == getpid())
        folder.write(taken, "someone else's")
        try FileIO.writeAtomically([7, 8, 9], to: folder.path + "/out.png")
        #expect(try FileIO.read(folder.path + "/out.png") == [7, 8, 9])
        #expect(try FileIO.read(folder.path + "/" + taken) == Array("someone else's".utf8))
        #expect(folder.files == [taken, "out.png"].sorted())
    }

    @Test("Two threads alive at once get different temporary names for the same file")
    func temporaryNamesPerThread() {
        // Both threads stay alive until both have their names: a thread's id can be reused once it ends.
        let names = NamesMade()
        let made = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), ended = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            Thread.detachNewThread {
                names.add(TemporaryFileName.make(for: "a.png"))
                made.signal()
                release.wait()
                ended.signal()
            }
        }
        made.wait(); made.wait()
        release.signal(); release.signal()
        ended.wait(); ended.wait()
        #expect(names.all.count == 2)
        #expect(Set(names.all).count == 2)
    }

    @Test("Names too long for a temporary file are shortened; the write still lands under the full name")
    func longNames() throws {
        let folder = TemporaryFolder()
        let name = String(repeating: "é", count: 120) + ".png"  // 244 bytes
        #expect(TemporaryFileName.make(for: name).utf8.count <= 255)
        #expect(TemporaryFileName.make(for: name).unicodeScalars.allSatisfy { $0 != "\u{FFFD}" })
        try FileIO.writeAtomically([1, 2], to: folder.path + "/" + name)
        #expect(folder.files == [name])
        #expect(TemporaryFileName.writerProcess(of: TemporaryFileName.make(for: name)) == getpid())
    }

    #if os(Linux)
    @Test("A file whose size is unknown up front (/proc reports 0) is still read to its end")
    func readPastReportedSize() throws {
        let bytes = try FileIO.read("/proc/self/cmdline")
        let expected: [UInt8] = CommandLine.arguments.flatMap { Array($0.utf8) + [UInt8(0)] }
        #expect(bytes == expected)
    }
    #endif

    @Test("Files are read whole: empty, small, exactly at the limit; one byte over is refused")
    func readSizes() throws {
        let folder = TemporaryFolder()
        for size in [0, 1, 4095, 70_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let path = folder.path + "/f\(size)"
            try FileIO.writeAtomically(bytes, to: path)
            #expect(try FileIO.read(path) == bytes, "\(size) bytes")
            #expect(try FileIO.read(path, limit: size) == bytes, "\(size) bytes at a limit of \(size)")
            if size > 0 {
                do {
                    _ = try FileIO.read(path, limit: size - 1)
                    Issue.record("expected an error for \(size) bytes")
                } catch {
                    #expect(error.kind == .limitExceeded)
                }
            }
        }
    }

    @Test("Reading a folder or a missing file says so")
    func readErrors() {
        let folder = TemporaryFolder()
        do {
            _ = try FileIO.read(folder.path)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == "is a folder, not an SVG file")
        }
        do {
            _ = try FileIO.read(folder.path + "/none.svg")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == folder.path + "/none.svg: no such file")
        }
    }
}

@Suite("SVGFileLoader never serves a stale parse")
struct FileLoaderStalenessTests {
    @Test("An edit with the same size and the same modification time is still seen")
    func sameSizeSameTime() throws {
        let folder = TemporaryFolder()
        let a = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\"/></svg>"
        let b = a.replacingOccurrences(of: "rect width=\"4\"", with: "rect width=\"2\"")
        #expect(a.utf8.count == b.utf8.count)
        let file = folder.write("icon.svg", a)
        let stamp = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as! Date
        let loader = SVGFileLoader(searchPaths: [folder.path])
        let first = try loader.loadWithBytes(named: "icon")
        #expect(first.bytes == Array(a.utf8))
        try b.write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: file)
        let second = try loader.loadWithBytes(named: "icon")
        #expect(second.bytes == Array(b.utf8))
        #expect(second.result != first.result)
        #expect(try loader.load(named: "icon") == second.result)
    }
}

/// Names made on several threads, collected under a lock.
private final class NamesMade: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    func add(_ name: String) { lock.withLock { names.append(name) } }
    var all: [String] { lock.withLock { names } }
}
