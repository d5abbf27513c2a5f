import Foundation
import Testing
import SVGIconKit
import SVGIconTools

@Suite("Render cache on disk")
struct RenderCacheTests {
    /// A real PNG (the cache checks the signature) of `side` × `side` pixels.
    static func png(side: Int = 2) -> [UInt8] {
        try! PNGCodec.encode(SVGIconDefinition(viewBox: SVGViewBox(width: 4, height: 4),
                                               layers: [.rect(x: 0, y: 0, width: 3, height: 3, rx: 0)]).render(size: side))
    }

    static func key(_ n: Int) -> RenderCacheKey {
        RenderCacheKey(svgDigest: SHA256.hash([UInt8(n & 0xFF), UInt8(n >> 8)]), options: RenderOptions(width: 2, height: 2))
    }

    /// The entry's file (the layout is part of the cache's contract with `svgicon cache`).
    static func file(_ cache: RenderCache, _ key: RenderCacheKey) -> String {
        cache.directory + "/renders-v1/" + key.hex.prefix(2) + "/" + key.hex + ".entry"
    }

    @Test("A stored entry comes back whole, with its metadata, in another instance too")
    func roundTrip() {
        let folder = TemporaryFolder()
        let cache = RenderCache(directory: folder.path + "/cache")
        let entry = RenderCacheEntry(png: Self.png(), usesTint: true,
                                     warnings: [SVGWarning(line: 3, element: "text", message: "<text> is not\tsupported")])
        #expect(cache.entry(for: Self.key(1)) == nil)
        #expect(cache.store(entry, for: Self.key(1)))
        let again = RenderCache(directory: folder.path + "/cache").entry(for: Self.key(1))
        #expect(again?.png == entry.png)
        #expect(again?.usesTint == true)
        #expect(again?.warnings == [SVGWarning(line: 3, element: "text", message: "<text> is not supported")])
        #expect(cache.entry(for: Self.key(2)) == nil)
        #expect(cache.statistics.misses == 2 && cache.statistics.stored == 1)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/cache/CACHEDIR.TAG"))
    }

    @Test("A damaged entry is never served: it is deleted and counted", arguments: [
        "truncated", "one byte short", "payload byte flipped", "header byte flipped", "key byte flipped",
        "padded", "empty", "another key's entry",
    ])
    func damagedEntries(damage: String) throws {
        let folder = TemporaryFolder()
        let cache = RenderCache(directory: folder.path)
        let key = Self.key(7)
        let good = RenderCacheEntry(png: Self.png(side: 8), usesTint: false)
        #expect(cache.store(good, for: key))
        #expect(cache.store(good, for: Self.key(8)))
        let path = Self.file(cache, key)
        var bytes = try FileIO.read(path)
        switch damage {
        case "truncated": bytes.removeLast(bytes.count / 2)
        case "one byte short": bytes.removeLast()
        case "payload byte flipped": bytes[bytes.count - 20] ^= 0x01
        case "header byte flipped": bytes[45] ^= 0x80
        case "key byte flipped": bytes[9] ^= 0x01
        case "padded": bytes += [0]
        case "empty": bytes = []
        case "another key's entry": bytes = try FileIO.read(Self.file(cache, Self.key(8)))
        default: Issue.record("unknown damage \(damage)")
        }
        try FileIO.writeAtomically(bytes, to: path)
        #expect(cache.entry(for: key) == nil)
        #expect(!FileManager.default.fileExists(atPath: path), "the damaged entry should be deleted")
        #expect(cache.statistics.dropped == 1)
        // Stored again, it is served again.
        #expect(cache.store(good, for: key))
        #expect(cache.entry(for: key) == good)
    }

    @Test("Decoding names the defect")
    func defects() {
        let key = Self.key(1)
        let bytes = RenderCacheEntry(png: Self.png(), usesTint: false).encoded(for: key)
        #expect(RenderCacheEntry.decode(Array(bytes.prefix(40)), for: key) == .failure(.tooShort))
        #expect(RenderCacheEntry.decode([0x58] + bytes.dropFirst(), for: key) == .failure(.badMagic))
        #expect(RenderCacheEntry.decode(bytes, for: Self.key(2)) == .failure(.wrongKey))
        #expect(RenderCacheEntry.decode(bytes.dropLast(), for: key) == .failure(.checksumMismatch))
        let notPNG = RenderCacheEntry(png: [1, 2, 3], usesTint: false).encoded(for: key)
        #expect(RenderCacheEntry.decode(notPNG, for: key) == .failure(.notPNG))
    }

    @Test("Past the limit the least recently used entries go first, down to 90 %")
    func eviction() throws {
        let folder = TemporaryFolder()
        // Each small entry takes one 4 KiB block: the limit holds three, not four.
        let cache = RenderCache(directory: folder.path, maxBytes: 3 * 4096 + 2048)
        let entry = RenderCacheEntry(png: Self.png(), usesTint: false)
        let now = Date()
        for n in 1...3 {
            #expect(cache.store(entry, for: Self.key(n)))
            // Last used 300, 200 and 100 seconds ago.
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(Double(-400 + n * 100))],
                                                  ofItemAtPath: Self.file(cache, Self.key(n)))
        }
        // Using entry 1 makes entry 2 the least recently used.
        #expect(cache.entry(for: Self.key(1)) != nil)
        #expect(cache.store(entry, for: Self.key(4)))
        cache.flush()
        #expect(cache.entry(for: Self.key(2)) == nil, "the least recently used entry should be evicted")
        for n in [1, 3, 4] { #expect(cache.entry(for: Self.key(n)) != nil, "entry \(n) should stay") }
        #expect(cache.statistics.evicted == 1)
        #expect(cache.usage().bytes <= cache.maxBytes / 10 * 9)
    }

    @Test("A lower limit takes effect at the next flush, even with nothing new stored")
    func lowerLimit() {
        let folder = TemporaryFolder()
        let cache = RenderCache(directory: folder.path)
        for n in 0..<6 { cache.store(RenderCacheEntry(png: Self.png(), usesTint: false), for: Self.key(n)) }
        cache.flush()
        #expect(cache.usage().entries == 6)
        let smaller = RenderCache(directory: folder.path, maxBytes: 4 * 4096)
        smaller.flush()
        #expect(smaller.usage().entries == 3, "down to 90 % of four entries' worth")
        #expect(smaller.statistics.evicted == 3)
    }

    @Test("Many threads and two instances store and read the same keys at once")
    func concurrentUse() async {
        let folder = TemporaryFolder()
        let caches = [RenderCache(directory: folder.path), RenderCache(directory: folder.path)]
        let entry = RenderCacheEntry(png: Self.png(side: 4), usesTint: true)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<32 {
                group.addTask {
                    let cache = caches[task % 2]
                    for n in 0..<16 {
                        cache.store(entry, for: Self.key(n))
                        if let read = cache.entry(for: Self.key((n + task) % 16)), read != entry { return false }
                    }
                    return true
                }
            }
            for await ok in group { #expect(ok, "a reader saw a wrong entry") }
        }
        for n in 0..<16 { #expect(caches[0].entry(for: Self.key(n)) == entry) }
        #expect(caches.allSatisfy { $0.statistics.dropped == 0 })
        let leftovers = try? FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers == [])
    }

    @Test("clear deletes the entries and nothing else; usage counts 4 KiB blocks")
    func clear() throws {
        let folder = TemporaryFolder()
        folder.write("keep.txt", "not the cache's")
        let cache = RenderCache(directory: folder.path)
        for n in 0..<5 { cache.store(RenderCacheEntry(png: Self.png(), usesTint: false), for: Self.key(n)) }
        #expect(cache.usage().entries == 5 && cache.usage().bytes == 5 * 4096)
        let removed = cache.clear()
        #expect(removed.entries == 5)
        #expect(cache.usage().entries == 0)
        #expect(cache.entry(for: Self.key(0)) == nil)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/keep.txt"))
    }

    @Test("A cache that cannot be written is skipped with a reason, not an error")
    func unwritable() throws {
        let folder = TemporaryFolder()
        let blocker = folder.write("file", "a file where the cache folder should be")
        let cache = RenderCache(directory: blocker + "/cache")
        #expect(!cache.store(RenderCacheEntry(png: Self.png(), usesTint: false), for: Self.key(1)))
        #expect(cache.writeError?.contains("cannot create the folder: \(blocker) is a file") == true, "\(cache.writeError ?? "nil")")
        #expect(cache.entry(for: Self.key(1)) == nil)
    }

    @Test("Cache location: SVGICON_CACHE_DIR, then an absolute XDG_CACHE_HOME, then ~/.cache")
    func location() throws {
        #expect(RenderCacheLocation.directory(environment: ["SVGICON_CACHE_DIR": "/c", "XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/c")
        #expect(RenderCacheLocation.directory(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/x/svgicon")
        #expect(RenderCacheLocation.directory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/svgicon")
        #expect(try RenderCacheLocation.maxBytes(environment: ["SVGICON_CACHE_MAX": "2G"]) == 2 << 30)
        #expect(try RenderCacheLocation.maxBytes(environment: [:]) == nil)
        #expect(throws: RenderCacheLocation.InvalidSize.self) {
            try RenderCacheLocation.maxBytes(environment: ["SVGICON_CACHE_MAX": "lots"])
        }
    }

    @Test("Sizes read and written", arguments: [
        ("512M", 512 << 20), ("2G", 2 << 30), ("1.5GiB", 3 << 29), ("800k", 800 << 10), ("1048576", 1 << 20), ("0", 0),
        ("12 MB", 12 << 20), ("", -1), ("M", -1), ("-5M", -1), ("5X", -1),
    ] as [(String, Int)])
    func byteSizes(text: String, bytes: Int) {
        #expect(ByteSize.parse(text) == (bytes < 0 ? nil : bytes))
    }

    @Test("Formatted sizes")
    func formattedSizes() {
        #expect(ByteSize.format(1) == "1 byte")
        #expect(ByteSize.format(4096) == "4 KiB")
        #expect(ByteSize.format(512 << 20) == "512 MiB")
        #expect(ByteSize.format(1_288_490_189) == "1.2 GiB")
    }
}
