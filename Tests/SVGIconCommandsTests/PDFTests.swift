import Foundation
import Testing
import SVGIconKit
import SVGIconTools
@testable import SVGIconCommands

@Suite("PDF output")
struct PDFTests {
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
          <path d="M2 2h8v8z" fill="#ff0000" fill-opacity="0.5" fill-rule="evenodd"/>
          <path d="M2 20Q12 12 22 20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-dasharray="2 1"/>
        </svg>
        """

    static func writer(_ svg: String, size: Int = 24) -> (PDFWriter, SVGParseResult) {
        let bytes = Array(svg.utf8)
        return (PDFWriter(options: .init(width: size, height: size), source: bytes), try! SVGDocumentParser.parse(bytes))
    }

    @Test("The content stream: y flipped, alpha through an ExtGState, f* for evenodd, a quadratic as its cubic, dashes, caps")
    func contentStream() throws {
        let (writer, result) = Self.writer(Self.icon)
        let (content, alphas) = try writer.contentStream(result)
        #expect(content == """
            /S0 gs
            1 0 0 -1 0 24 cm
            q
            q
            /A0 gs
            1 0 0 rg
            2 2 m
            10 2 l
            10 10 l
            h
            f*
            Q
            Q
            q
            q
            0 0 0 RG
            2 w 1 J 0 j 4 M
            [2 1] 0 d
            2 20 m
            8.66667 14.66667 15.33333 14.66667 22 20 c
            S
            Q
            Q

            """)
        #expect(alphas == ["<< /Type /ExtGState /ca 0.5 /CA 1 >>"])
    }

    @Test("The file: header, four objects at the offsets the xref table gives, a Flate stream, trailer")
    func fileStructure() throws {
        let (writer, result) = Self.writer(Self.icon)
        let bytes = try writer.write(result)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.4\n"))
        #expect(text.hasSuffix("%%EOF\n"))
        #expect(text.contains("/MediaBox [0 0 24 24]"))
        #expect(text.contains("/Filter /FlateDecode"))
        let startxref = try #require(text.range(of: "startxref\n"))
        let xrefOffset = try #require(Int(text[startxref.upperBound...].prefix { $0.isNumber }))
        #expect(Array(bytes[xrefOffset..<xrefOffset + 4]) == Array("xref".utf8))
        let rows = text[text.index(text.startIndex, offsetBy: xrefOffset)...].split(separator: "\n").dropFirst(3).prefix(4)
        for (index, row) in rows.enumerated() {
            let offset = try #require(Int(row.prefix(10)))
            #expect(Array(bytes[offset..<offset + 8]) == Array("\(index + 1) 0 obj\n".utf8), "object \(index + 1)")
        }
    }

    @Test("Gradients and masks are refused with the feature and line", arguments: [
        ("""
         <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
           <linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
           <rect width="24" height="24" fill="url(#g)"/>
         </svg>
         """, "a gradient", 3),
        ("""
         <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
           <mask id="m"><rect width="24" height="12" fill="white"/></mask>
           <circle cx="12" cy="12" r="10" mask="url(#m)"/>
         </svg>
         """, "mask", 3),
    ])
    func refusals(svg: String, feature: String, line: Int) throws {
        let (writer, result) = Self.writer(svg)
        do {
            _ = try writer.write(result)
            Issue.record("no refusal")
        } catch {
            #expect(error.feature == feature)
            #expect(error.line == line)
            #expect(error.description.hasPrefix("svgicon's PDF output cannot express \(feature) yet"))
        }
    }

    @Test("qpdf --check accepts render -o icon.pdf and pdftocairo draws what svgicon draws",
          .enabled(if: toolPath("qpdf") != nil && toolPath("pdftocairo") != nil,
                   "qpdf or pdftocairo not installed (apt-get install qpdf poppler-utils); .ci/run installs them"))
    func readers() throws {
        let scratch = ScratchFolder()
        let icon = RepositoryPaths.icons + "/colors-explicit.svg"
        let pdf = scratch.path + "/icon.pdf"
        #expect(runCLI(["render", icon, "--size", "24", "-o", pdf, "--no-cache"]).code == 0)
        let check = try #require(runTool("qpdf", ["--check", pdf]))
        #expect(check.status == 0 && check.out.contains("No syntax or stream encoding errors"), "\(check.out)")
        #expect(runTool("pdftocairo", ["-png", "-singlefile", "-scale-to", "96", pdf, scratch.path + "/poppler"])?.status == 0)
        #expect(runCLI(["render", icon, "--size", "96", "-o", scratch.path + "/svgicon.png", "--no-cache", "-q"]).code == 0)
        let theirs = try PNGCodec.decode(FileIO.read(scratch.path + "/poppler.png")).straightAlphaRGBA()
        let ours = try PNGCodec.decode(FileIO.read(scratch.path + "/svgicon.png")).straightAlphaRGBA()
        #expect(theirs.count == ours.count)
        // pdftocairo draws on white: composite ours on white, count pixels off by more than 64 (the eval kit's measure).
        var off = 0
        for i in stride(from: 0, to: min(theirs.count, ours.count), by: 4) {
            let a = Double(ours[i + 3]) / 255
            let differs = (0..<3).contains { c in abs(Double(ours[i + c]) * a + 255 * (1 - a) - Double(theirs[i + c])) > 64 }
            if differs { off += 1 }
        }
        #expect(Double(off) / Double(ours.count / 4) <= 0.005, "\(off) pixels differ by more than 64")
    }
}
