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

    /// The content stream of `svg` and the objects it made.
    static func objects(_ svg: String) throws -> (content: String, objects: PDFObjects) {
        let (writer, result) = Self.writer(svg)
        let objects = PDFObjects()
        return (try writer.contentStream(result, objects: objects), objects)
    }

    /// The body of object `n` as text.
    static func body(_ objects: PDFObjects, _ n: Int) -> String {
        String(decoding: objects.bodies[n - 1] ?? [], as: UTF8.self)
    }

    @Test("The content stream: y flipped, alpha through an ExtGState, f* for evenodd, a quadratic as its cubic, dashes, caps")
    func contentStream() throws {
        let (content, objects) = try Self.objects(Self.icon)
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
        #expect(objects.resources == "<< /ExtGState << /S0 << /Type /ExtGState /SA false >> /A0 << /Type /ExtGState /ca 0.5 >> >> >>")
    }

    @Test("The file: header, five objects at the offsets the xref table gives, a Flate stream, trailer")
    func fileStructure() throws {
        let (writer, result) = Self.writer(Self.icon)
        let bytes = try writer.write(result)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.4\n"))
        #expect(text.hasSuffix("%%EOF\n"))
        #expect(text.contains("/MediaBox [0 0 24 24] /Resources 5 0 R"))
        #expect(text.contains("/Filter /FlateDecode"))
        let startxref = try #require(text.range(of: "startxref\n"))
        let xrefOffset = try #require(Int(text[startxref.upperBound...].prefix { $0.isNumber }))
        #expect(Array(bytes[xrefOffset..<xrefOffset + 4]) == Array("xref".utf8))
        let rows = text[text.index(text.startIndex, offsetBy: xrefOffset)...].split(separator: "\n").dropFirst(3).prefix(5)
        #expect(rows.count == 5)
        for (index, row) in rows.enumerated() {
            let offset = try #require(Int(row.prefix(10)))
            #expect(Array(bytes[offset..<offset + 8]) == Array("\(index + 1) 0 obj\n".utf8), "object \(index + 1)")
        }
    }

    @Test("A linear gradient: a shading pattern whose stitched function pads before the first stop; stop opacity as a grey luminosity soft mask")
    func linearGradient() throws {
        let (content, objects) = try Self.objects("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <linearGradient id="g" x1="4" y1="0" x2="20" y2="0" gradientUnits="userSpaceOnUse"><stop offset="0.25" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff" stop-opacity="0.5"/></linearGradient>
              <rect x="2" y="2" width="20" height="20" fill="url(#g)"/>
            </svg>
            """)
        #expect(content.contains("q\n/A0 gs\n/Pattern cs /P0 scn\n2 2 m\n"))
        #expect(Self.body(objects, 6) == "<< /FunctionType 3 /Domain [0 1] /Functions [<< /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [1 0 0] /N 1 >> << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >>] /Bounds [0.25] /Encode [0 1 0 1] >>")
        #expect(Self.body(objects, 7) == "<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [4 0 20 0] /Domain [0 1] /Function 6 0 R /Extend [true true] >>")
        #expect(Self.body(objects, 8) == "<< /FunctionType 3 /Domain [0 1] /Functions [<< /FunctionType 2 /Domain [0 1] /C0 [1] /C1 [1] /N 1 >> << /FunctionType 2 /Domain [0 1] /C0 [1] /C1 [0.5] /N 1 >>] /Bounds [0.25] /Encode [0 1 0 1] >>")
        #expect(Self.body(objects, 9) == "<< /ShadingType 2 /ColorSpace /DeviceGray /Coords [4 0 20 0] /Domain [0 1] /Function 8 0 R /Extend [true true] >>")
        #expect(Self.body(objects, 10).hasPrefix("<< /Type /XObject /Subtype /Form /BBox [0 0 24 24] /Group << /S /Transparency /CS /DeviceGray /I true >> /Resources 5 0 R /Length "))
        #expect(objects.streamContents[10] == "/Sh0 sh\n")
        #expect(objects.resources == "<< /ExtGState << /S0 << /Type /ExtGState /SA false >> /A0 << /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G 10 0 R >> >> >> /Pattern << /P0 << /Type /Pattern /PatternType 2 /Shading 7 0 R /Matrix [1 0 0 -1 0 24] >> >> /Shading << /Sh0 9 0 R >> >>")
    }

    @Test("Stops sharing offset 1 pad with the last of them, stops sharing 0 with the first before 0, as the renderer draws them")
    func sharedEndOffsets() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <linearGradient id="g" x1="6" y1="0" x2="14" y2="0" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#ffff00"/><stop offset="0" stop-color="#ff0000"/><stop offset="0.5" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/><stop offset="1" stop-color="#00ff00"/></linearGradient>
              <rect x="2" y="2" width="20" height="20" fill="url(#g)"/>
            </svg>
            """
        let (_, objects) = try Self.objects(svg)
        // Yellow to red over the first 0.00001 (the pad before 0 is yellow), blue to green over the last.
        #expect(Self.body(objects, 6).hasSuffix("/Bounds [0.00001 0.5 0.99999] /Encode [0 1 0 1 0 1 0 1] >>"))
        #expect(Self.body(objects, 6).hasPrefix("<< /FunctionType 3 /Domain [0 1] /Functions [<< /FunctionType 2 /Domain [0 1] /C0 [1 1 0] /C1 [1 0 0] /N 1 >>"))
        guard toolPath("qpdf") != nil, toolPath("pdftocairo") != nil else { return }
        let scratch = ScratchFolder()
        let file = scratch.path + "/shared-stops.svg"
        try svg.write(toFile: file, atomically: true, encoding: .utf8)
        try Self.compareWithPoppler(file, size: 96, tolerance: 0.005)
    }

    @Test("reflect: the domain widened over the periods the page shows, every other period encoded backwards; a radial focal circle in Coords")
    func spreadAndFocus() throws {
        let (_, objects) = try Self.objects("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <linearGradient id="g" x1="0" y1="0" x2="10" y2="0" gradientUnits="userSpaceOnUse" spreadMethod="reflect"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient>
              <radialGradient id="r" cx="12" cy="12" r="8" fx="10" fy="12" fr="2" gradientUnits="userSpaceOnUse" spreadMethod="repeat"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#000000"/></radialGradient>
              <rect width="24" height="12" fill="url(#g)"/>
              <rect y="12" width="24" height="12" fill="url(#r)"/>
            </svg>
            """)
        #expect(Self.body(objects, 6) == "<< /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >>")
        #expect(Self.body(objects, 7) == "<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 30 0] /Domain [0 3] /Function << /FunctionType 3 /Domain [0 3] /Functions [6 0 R 6 0 R 6 0 R] /Bounds [1 2] /Encode [0 1 1 0 0 1] >> /Extend [true true] >>")
        // Focal circle (10,12) r 2 to (12,12) r 8: radius 0 at s = −1/3; the farthest corner, (24,24), at s ≈ 2.6.
        #expect(Self.body(objects, 9) == "<< /ShadingType 3 /ColorSpace /DeviceRGB /Coords [9.33333 12 0 16 12 20] /Domain [-0.33333 3] /Function << /FunctionType 3 /Domain [-0.33333 3] /Functions [8 0 R 8 0 R 8 0 R 8 0 R] /Bounds [0 1 2] /Encode [0.66667 1 0 1 0 1 0 1] >> /Extend [true true] >>")
    }

    @Test("Opacity over two overlapping shapes: an isolated transparency group drawn through /ca")
    func groupOpacity() throws {
        let (content, objects) = try Self.objects("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <g opacity="0.5"><rect x="2" y="2" width="12" height="12" fill="#ff0000"/><rect x="8" y="8" width="12" height="12" fill="#0000ff"/></g>
            </svg>
            """)
        #expect(content == "/S0 gs\n1 0 0 -1 0 24 cm\nq\nq\n/A0 gs\n/Fm0 Do\nQ\nQ\n")
        #expect(objects.resources == "<< /ExtGState << /S0 << /Type /ExtGState /SA false >> /A0 << /Type /ExtGState /ca 0.5 /CA 0.5 >> >> /XObject << /Fm0 6 0 R >> >>")
        #expect(Self.body(objects, 6).hasPrefix("<< /Type /XObject /Subtype /Form /BBox [0 0 24 24] /Group << /S /Transparency /I true >> /Resources 5 0 R /Length "))
        #expect(objects.streamContents[6] == "q\nq\n1 0 0 rg\n2 2 m\n14 2 l\n14 14 l\n2 14 l\nh\nf\nQ\nQ\nq\nq\n0 0 1 rg\n8 8 m\n20 8 l\n20 20 l\n8 20 l\nh\nf\nQ\nQ\n")
    }

    @Test("A mask: a luminosity soft mask whose group is grey, each colour written as its luminance, clipped to the region")
    func mask() throws {
        let (content, objects) = try Self.objects("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="24" height="24"><rect width="24" height="12" fill="#00ff00"/></mask>
              <rect x="2" y="2" width="20" height="20" fill="#ff0000" mask="url(#m)"/>
            </svg>
            """)
        #expect(content == "/S0 gs\n1 0 0 -1 0 24 cm\nq\nq\n/A0 gs\n/Fm0 Do\nQ\nQ\n")
        #expect(objects.resources == "<< /ExtGState << /S0 << /Type /ExtGState /SA false >> /A0 << /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G 6 0 R >> >> >> /XObject << /Fm0 7 0 R >> >>")
        #expect(Self.body(objects, 6).hasPrefix("<< /Type /XObject /Subtype /Form /BBox [0 0 24 24] /Group << /S /Transparency /CS /DeviceGray /I true >> /Resources 5 0 R /Length "))
        #expect(objects.streamContents[6] == "0 0 24 24 re W n\nq\nq\nq\n0.7154 g\n0 0 m\n24 0 l\n24 12 l\n0 12 l\nh\nf\nQ\nQ\nQ\n")
        #expect(objects.streamContents[7] == "q\n1 0 0 rg\n2 2 m\n22 2 l\n22 22 l\n2 22 l\nh\nf\nQ\n")
    }

    @Test("A clip path of two shapes: an alpha soft mask of both drawn opaque; mix-blend-mode: /BM in a page-wide isolated group")
    func clipAndBlend() throws {
        let (content, objects) = try Self.objects("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <clipPath id="c"><rect width="10" height="10"/><rect x="14" y="14" width="10" height="10" fill="red"/></clipPath>
              <rect width="24" height="24" fill="#00ff00" clip-path="url(#c)"/>
              <circle cx="12" cy="12" r="6" fill="#ff0000" style="mix-blend-mode: multiply"/>
            </svg>
            """)
        #expect(objects.resources.contains("/A0 << /Type /ExtGState /SMask << /Type /Mask /S /Alpha /G 6 0 R >> >>"))
        #expect(objects.resources.contains("/A1 << /Type /ExtGState /BM /Multiply >>"))
        #expect(objects.streamContents[6] == "q\nq\nq\nq\n0 0 0 rg\n0 0 m\n10 0 l\n10 10 l\n0 10 l\nh\nf\nQ\nQ\nq\nq\n0 0 0 rg\n14 14 m\n24 14 l\n24 24 l\n14 24 l\nh\nf\nQ\nQ\nQ\nQ\n")
        #expect(content == "/S0 gs\n1 0 0 -1 0 24 cm\nq\n/Fm2 Do\nQ\n", "the page's content in one isolated group")
    }

    @Test("A blending child of a translucent group blends inside the group: the group is a form even with one paint")
    func blendInsideOpacity() throws {
        let (content, objects) = try Self.objects("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <rect width="24" height="24" fill="#0000ff"/>
              <g opacity="0.5"><circle cx="12" cy="12" r="6" fill="#ff0000" style="mix-blend-mode: screen"/></g>
            </svg>
            """)
        #expect(objects.resources.contains("/A0 << /Type /ExtGState /BM /Screen >> /A1 << /Type /ExtGState /ca 0.5 /CA 0.5 >>"))
        #expect(content.hasSuffix("Q\nq\nq\n/A1 gs\n/Fm1 Do\nQ\nQ\n"), "\(content)")
        #expect(objects.streamContents[7]?.contains("/A0 gs\n/Fm0 Do") == true)
    }

    @Test("A tiny scale keeps 6 significant digits (Papirus ocaml draws at 1/900 scale); translations keep 5 decimals")
    func smallScale() throws {
        let (content, _) = try Self.objects("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <g transform="matrix(-0.00110768 0 0 -0.00109411 18.000964 18.500892)"><rect width="9000" height="9000"/></g>
            </svg>
            """)
        #expect(content.contains("q\n-0.00110768 0 0 -0.00109411 18.00096 18.50089 cm\n"))
    }

    @Test("Filters, patterns and images are refused with the feature and line", arguments: [
        ("""
         <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
           <pattern id="p" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="2" height="2"/></pattern>
           <rect width="24" height="24" fill="url(#p)"/>
         </svg>
         """, "pattern", 3),
        ("""
         <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
           <filter id="f"><feGaussianBlur stdDeviation="2"/></filter>
           <circle cx="12" cy="12" r="10" filter="url(#f)"/>
         </svg>
         """, "filter", 3),
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

    @Test("pdftocairo draws gradients, groups, masks, clips and blend modes as svgicon does",
          .enabled(if: toolPath("qpdf") != nil && toolPath("pdftocairo") != nil,
                   "qpdf or pdftocairo not installed (apt-get install qpdf poppler-utils); .ci/run installs them"),
          arguments: ["linear-gradients", "radial-gradients", "group-opacity", "masks", "clip-paths", "blend-modes"])
    func rasterizedFeatures(name: String) throws {
        try Self.compareWithPoppler(RepositoryPaths.root + "/Tests/Fixtures/features/\(name).svg", size: 96, tolerance: 0.02)
    }

    @Test("qpdf --check accepts render -o icon.pdf and pdftocairo draws what svgicon draws",
          .enabled(if: toolPath("qpdf") != nil && toolPath("pdftocairo") != nil,
                   "qpdf or pdftocairo not installed (apt-get install qpdf poppler-utils); .ci/run installs them"))
    func readers() throws {
        try Self.compareWithPoppler(RepositoryPaths.icons + "/colors-explicit.svg", size: 96, tolerance: 0.005)
    }

    /// Renders `icon` to PDF (with `options`; `qpdf --check` must pass) and back with `reader` (pdftocairo or
    /// pdftoppm) at `size`, and to PNG with svgicon; at most `tolerance` of the pixels may differ by more than
    /// 64 (the eval kit's measure).
    static func compareWithPoppler(_ icon: String, size: Int, tolerance: Double, reader: String = "pdftocairo",
                                   options: [String] = []) throws {
        let scratch = ScratchFolder()
        let pdf = scratch.path + "/icon.pdf"
        #expect(runCLI(["render", icon, "--size", "24", "-o", pdf, "--no-cache"] + options).code == 0)
        let check = try #require(runTool("qpdf", ["--check", pdf]))
        #expect(check.status == 0 && check.out.contains("No syntax or stream encoding errors"), "\(check.out)")
        #expect(runTool(reader, ["-png", "-singlefile", "-scale-to", "\(size)", pdf, scratch.path + "/poppler"])?.status == 0)
        #expect(runCLI(["render", icon, "--size", "\(size)", "-o", scratch.path + "/svgicon.png", "--no-cache", "-q"]).code == 0)
        let theirs = try PNGCodec.decode(FileIO.read(scratch.path + "/poppler.png")).straightAlphaRGBA()
        let ours = try PNGCodec.decode(FileIO.read(scratch.path + "/svgicon.png")).straightAlphaRGBA()
        #expect(theirs.count == ours.count)
        // pdftocairo draws on white: composite ours on white, count pixels off by more than 64.
        var off = 0
        for i in stride(from: 0, to: min(theirs.count, ours.count), by: 4) {
            let a = Double(ours[i + 3]) / 255
            let differs = (0..<3).contains { c in abs(Double(ours[i + c]) * a + 255 * (1 - a) - Double(theirs[i + c])) > 64 }
            if differs { off += 1 }
        }
        #expect(Double(off) / Double(ours.count / 4) <= tolerance, "\(off) pixels differ by more than 64")
    }
}
