import Foundation
import Testing
import SVGIconKit
import SVGIconTools
@testable import SVGIconCommands

/// Runs a program found on PATH; nil when it is not installed.
func runTool(_ name: String, _ arguments: [String], in folder: String? = nil) -> (status: Int32, out: String, err: String)? {
    guard let path = toolPath(name) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do { try process.run() } catch { return nil }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

func toolPath(_ name: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

@Suite("ICO and ICNS files")
struct IconFileTests {
    @Test("ICO: header, 16-byte directory entries (256 stored as 0), then the PNGs, little-endian")
    func icoBytes() {
        let bytes = IconFileWriter.ico([.init(size: 256, png: [0xAA, 0xBB, 0xCC]), .init(size: 16, png: [0x11, 0x22])])
        let expected: [UInt8] = [
            0, 0, 1, 0, 2, 0,                       // reserved, type 1 (icon), 2 images
            16, 16, 0, 0, 1, 0, 32, 0, 2, 0, 0, 0, 38, 0, 0, 0,   // 16×16, 1 plane, 32 bpp, 2 bytes at 38
            0, 0, 0, 0, 1, 0, 32, 0, 3, 0, 0, 0, 40, 0, 0, 0,     // 256×256 (0), 3 bytes at 40
            0x11, 0x22, 0xAA, 0xBB, 0xCC,
        ]
        #expect(bytes == expected)
    }

    @Test("ICNS: magic and big-endian length, then each PNG type with its code and length, @2x types sharing a render")
    func icnsLayout() {
        let bytes = IconFileWriter.icns([.init(size: 16, png: [1]), .init(size: 32, png: [2, 2]), .init(size: 1024, png: [3, 3, 3])])
        var elements: [(String, Int)] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let code = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let length = bytes[offset + 4..<offset + 8].reduce(0) { $0 << 8 | Int($1) }
            elements.append((code, length))
            offset += length
        }
        #expect(Array(bytes[0..<4]) == Array("icns".utf8))
        #expect(bytes[4..<8].reduce(0) { $0 << 8 | Int($1) } == bytes.count)
        #expect(offset == bytes.count)
        #expect(elements.map(\.0) == ["icp4", "ic11", "icp5", "ic10"])
        #expect(elements.map(\.1) == [9, 10, 10, 11])
        #expect(Array(bytes[16..<17]) == [1] && Array(bytes.suffix(3)) == [3, 3, 3])
    }

    @Test("The ICNS type table: every PNG type from icp4 to ic14 at its pixel size")
    func icnsTypeTable() {
        let table = Dictionary(uniqueKeysWithValues: IconFileFormat.icnsTypes.map { ($0.code, $0.pixels) })
        #expect(table == ["icp4": 16, "icp5": 32, "icp6": 64, "ic07": 128, "ic08": 256, "ic09": 512, "ic10": 1024,
                          "ic11": 32, "ic12": 64, "ic13": 256, "ic14": 512])
    }

    @Test("render -o app.ico: icotool lists the six sizes and -x extracts PNGs byte-identical to render's",
          .enabled(if: toolPath("icotool") != nil, "icotool not installed (apt-get install icoutils); .ci/run installs it"))
    func icotoolReadsIt() throws {
        let scratch = ScratchFolder()
        let icon = RepositoryPaths.icons + "/colors-explicit.svg"
        let ico = scratch.path + "/app.ico"
        #expect(runCLI(["render", icon, "-o", ico, "--no-cache"]).code == 0)
        let listing = try #require(runTool("icotool", ["-l", ico]))
        #expect(listing.status == 0, "\(listing.err)")
        let sizes = listing.out.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("--width=") }.map { Int($0.dropFirst(8))! }
        }
        #expect(sizes == [16, 24, 32, 48, 64, 256])
        let extracted = scratch.path + "/x"
        try FileManager.default.createDirectory(atPath: extracted, withIntermediateDirectories: true)
        #expect(runTool("icotool", ["-x", "-o", extracted, ico])?.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: extracted)
        #expect(files.count == 6)
        for size in sizes {
            let png = scratch.path + "/r\(size).png"
            #expect(runCLI(["render", icon, "--size", "\(size)", "-o", png, "--no-cache", "-q"]).code == 0)
            let file = try #require(files.first { $0.contains("_\(size)x\(size)x") }, "no \(size) px entry in \(files)")
            #expect(try FileIO.read(extracted + "/" + file) == FileIO.read(png), "\(size) px")
        }
    }

    @Test("render -o app.icns: icns2png lists all eleven PNG types; the ones libicns decodes match render's pixels",
          .enabled(if: toolPath("icns2png") != nil, "icns2png not installed (apt-get install icnsutils); .ci/run installs it"))
    func icns2pngReadsIt() throws {
        let scratch = ScratchFolder()
        // An RGBA icon: libicns 0.8.1 mis-decodes palette and grey PNG entries (its own bug; macOS and
        // Pillow read them), so the pixel check uses one that encodes as RGBA.
        let icon = RepositoryPaths.icons + "/colors-explicit.svg"
        let icns = scratch.path + "/app.icns"
        #expect(runCLI(["render", icon, "-o", icns, "--no-cache"]).code == 0)
        let listing = try #require(runTool("icns2png", ["-l", icns]))
        #expect(listing.status == 0, "\(listing.err)")
        let codes = listing.out.split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: "'")
            return parts.count >= 2 && line.hasPrefix("  '") ? String(parts[1]) : nil
        }
        #expect(codes == ["icp4", "ic11", "icp5", "ic12", "icp6", "ic07", "ic13", "ic08", "ic14", "ic09", "ic10"])
        #expect(listing.out.contains("11 elements total"))
        // libicns 0.8.1 extracts only ic08/ic09 of these (and crashes on ic10), so it gets a file without ic10.
        let small = scratch.path + "/small.icns"
        #expect(runCLI(["render", icon, "-o", small, "--size", "256,512", "--no-cache", "-q"]).code == 0)
        #expect(runTool("icns2png", ["-x", "-o", scratch.path, small])?.status == 0)
        for size in [256, 512] {
            let png = scratch.path + "/r\(size).png"
            #expect(runCLI(["render", icon, "--size", "\(size)", "-o", png, "--no-cache", "-q"]).code == 0)
            let extracted = try PNGCodec.decode(FileIO.read(scratch.path + "/small_\(size)x\(size)x32.png"))
            #expect(extracted == (try PNGCodec.decode(FileIO.read(png))), "\(size) px")
        }
    }

    @Test("batch --format ico and icns: one file per icon with an entry per size; ICNS refuses sizes it has no type for")
    func batchWritesContainers() throws {
        let box = BatchSandbox()
        box.copy(["colors-explicit"], into: "a")
        let (code, report, errors) = try box.batch(["--format", "ico", "--size", "16,32"])
        #expect(code == 0, "\(errors)")
        #expect(report.files.written == 1)
        let ico = try FileIO.read(box.output + "/a/colors-explicit.ico")
        #expect(Array(ico[0..<6]) == [0, 0, 1, 0, 2, 0])
        let (icnsCode, _, _) = try box.batch(["--format", "icns"])
        #expect(icnsCode == 0)
        let icns = try FileIO.read(box.output + "/a/colors-explicit.icns")
        #expect(Array(icns[0..<4]) == Array("icns".utf8))
        expectUsageError(["batch", box.input, "--out", box.output, "--format", "icns", "--size", "24"],
                         "an .icns file holds PNGs of 16, 32, 64, 128, 256, 512 and 1024 pixels")
        expectUsageError(["batch", box.input, "--out", box.output, "--format", "ico", "--scale", "2"], "leave out --scale")
        expectUsageError(["render", "x.svg", "--size", "16,32"], "several only for -o FILE.ico or .icns")
    }
}
