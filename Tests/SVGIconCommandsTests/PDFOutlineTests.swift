import Foundation
import Testing
import SVGIconKit
@testable import SVGIconTools
@testable import SVGIconCommands

@Suite("PDF strokes outlined (--pdf-strokes outline)")
struct PDFOutlineTests {
    static let outline = VectorExportOptions(width: 24, height: 24, pdfStrokes: .outline)

    /// The content stream of `svg` written with `options`.
    static func content(_ svg: String, _ options: VectorExportOptions = outline) throws -> String {
        let bytes = Array(svg.utf8)
        return try PDFWriter(options: options, source: bytes).contentStream(try SVGDocumentParser.parse(bytes), objects: PDFObjects())
    }

    /// What the renderer's own geometry makes of a stroke — flattened, dashed, stroked — written as `m l h`
    /// polygons: built here from `PathFlattener`, `Dasher` and `Stroker` directly, not through `StrokeOutline`.
    static func strokerPolygons(_ path: SVGPath, _ style: StrokeStyle, tolerance: Double) -> String {
        var contours = PathFlattener.contours(of: path, tolerance: tolerance)
        if let dasher = Dasher(pattern: style.dashes, offset: style.dashOffset) { contours = dasher.dash(contours) }
        var ops = ""
        let stroker = Stroker(style: style, tolerance: tolerance)
        func pt(_ p: SVGPoint) -> String { PDFSyntax.number(p.x) + " " + PDFSyntax.number(p.y) }
        for contour in contours {
            stroker.stroke(contour) { polygon in
                ops += pt(polygon[0]) + " m\n"
                for p in polygon.dropFirst() { ops += pt(p) + " l\n" }
                ops += "h\n"
            }
        }
        return ops
    }

    /// The operator on each line of `content` (its last word).
    static func operators(_ content: String) -> Set<String> {
        Set(content.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
    }

    @Test("A dashed round-capped quadratic: the fill is the stroker's polygons of the dasher's dashes, nonzero, in the stroke's colour; no S")
    func dashedStroke() throws {
        let content = try Self.content(PDFTests.icon)
        var path = SVGPath()
        path.move(to: SVGPoint(x: 2, y: 20))
        path.quad(to: SVGPoint(x: 22, y: 20), control: SVGPoint(x: 12, y: 12))
        let style = StrokeStyle(width: 2, cap: .round, dashes: [2, 1])
        // The page is 24 pt for a 24-unit viewBox: the user space is the page's scale, tolerance 24/10 000.
        let polygons = Self.strokerPolygons(path, style, tolerance: 24 * StrokeOutline.relativeTolerance)
        // The fill as native mode writes it (PDFTests.contentStream), then the stroke as a nonzero fill in the
        // stroke's colour (rg, not RG) instead of `0 0 0 RG`, `w J j M`, `d`, the path and `S`.
        let native = try Self.content(PDFTests.icon, .init(width: 24, height: 24))
        let strokeStart = try #require(native.range(of: "q\nq\n0 0 0 RG\n"))
        #expect(content == String(native[..<strokeStart.lowerBound]) + "q\nq\n0 0 0 rg\n" + polygons + "f\nQ\nQ\n")
        // One polygon per dash: the curve is about 22.3 long, so dashes of 2 with gaps of 1 make 8.
        #expect(polygons.components(separatedBy: " m\n").count - 1 == 8)
        #expect(!Self.operators(content).contains("S") && !Self.operators(content).contains("s"))
        #expect(!Self.operators(content).contains("d") && !Self.operators(content).contains("w"))
    }

    @Test("A miter-clip join, which PDF has not, is outlined even in native stroke mode; a miter join is stroked")
    func miterClipOutlined() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 20 L12 4 L22 20" fill="none" \
            stroke="black" stroke-width="2" stroke-linejoin="JOIN" stroke-miterlimit="1.5"/></svg>
            """
        let native = VectorExportOptions(width: 24, height: 24)
        let clipped = try Self.content(svg.replacingOccurrences(of: "JOIN", with: "miter-clip"), native)
        #expect(!Self.operators(clipped).contains("S") && Self.operators(clipped).contains("f"))
        let outlined = try Self.content(svg.replacingOccurrences(of: "JOIN", with: "miter-clip"))
        #expect(clipped == outlined)
        let miter = try Self.content(svg.replacingOccurrences(of: "JOIN", with: "miter"), native)
        #expect(Self.operators(miter).contains("S") && miter.contains("0 j 1.5 M\n"))
    }

    @Test("StrokeOutline is the stroker's outline, shared by the PDF and VectorDrawable writers")
    func sharedOutline() {
        var path = SVGPath()
        path.move(to: SVGPoint(x: 2, y: 2))
        path.line(to: SVGPoint(x: 6, y: 2))
        let outline = StrokeOutline.outline(path, style: StrokeStyle(width: 1), tolerance: 0.01)
        #expect(PDFSyntax.pathOperators(outline) == "2 2.5 m\n6 2.5 l\n6 1.5 l\n2 1.5 l\nh\n")
        #expect(VectorDrawableWriter.pathData(outline) == "M2 2.5L6 2.5L6 1.5L2 1.5Z")
    }

    @Test("Gradient strokes keep their shading, translucent ones their alpha, tinted ones the tint; miter joins kept")
    func paints() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <linearGradient id="g" x1="0" x2="24" y1="0" y2="0" gradientUnits="userSpaceOnUse">
                <stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/>
              </linearGradient>
              <path d="M4 4h16v16" fill="none" stroke="url(#g)" stroke-width="2"/>
              <path d="M4 12h8" stroke="currentColor" stroke-opacity="0.5"/>
            </svg>
            """
        let bytes = Array(svg.utf8)
        let objects = PDFObjects()
        let writer = PDFWriter(options: .init(width: 24, height: 24, tint: SVGColor(red: 0, green: 0, blue: 255), pdfStrokes: .outline),
                               source: bytes)
        let content = try writer.contentStream(try SVGDocumentParser.parse(bytes), objects: objects)
        #expect(content.contains("/Pattern cs /P0 scn\n"))
        #expect(content.contains("/A0 gs\n0 0 1 rg\n"))
        #expect(objects.resources.contains("/A0 << /Type /ExtGState /ca 0.5 >>"))
        // The miter corner at (20, 4): the outer side's point at (21, 3), in the page's flipped space.
        #expect(content.contains("21 3 l\n"))
        #expect(!Self.operators(content).contains("S"))
    }

    @Test("non-scaling-stroke: refused as a PDF stroke, outlined in the viewBox's space as the renderer strokes it")
    func nonScaling() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <g transform="scale(2)"><path d="M2 2h4" stroke="#000" vector-effect="non-scaling-stroke"/></g>
            </svg>
            """
        #expect(throws: VectorExportRefusal.self) { try Self.content(svg, .init(width: 24, height: 24)) }
        let content = try Self.content(svg)
        // 1 unit wide in the viewBox: half a unit in the scaled user space, around y = 2.
        #expect(content.contains("2 0 0 2 0 0 cm\n"))
        #expect(content.contains("2 2.25 m\n6 2.25 l\n6 1.75 l\n2 1.75 l\nh\nf\n"))
    }

    @Test("native is the default: the same bytes as before, strokes as S with w J j M d")
    func nativeDefault() throws {
        let bytes = Array(PDFTests.icon.utf8)
        let parsed = try SVGDocumentParser.parse(bytes)
        let byDefault = try PDFWriter(options: .init(width: 24, height: 24), source: bytes).write(parsed)
        let native = try PDFWriter(options: .init(width: 24, height: 24, pdfStrokes: .native), source: bytes).write(parsed)
        #expect(byDefault == native)
        #expect(try Self.content(PDFTests.icon, .init(width: 24, height: 24)).contains("2 w 1 J 0 j 4 M\n[2 1] 0 d\n"))
    }

    @Test("--pdf-strokes: a wrong value, or no PDF written, is a usage error saying what it takes")
    func usage() {
        expectUsageError(["render", "x.svg", "-o", "x.pdf", "--pdf-strokes", "outlines"],
                         "svgicon: error: --pdf-strokes takes native or outline, not \"outlines\"; did you mean outline?")
        expectUsageError(["render", "x.svg", "-o", "x.png", "--pdf-strokes", "outline"],
                         "svgicon: error: --pdf-strokes says how a PDF's strokes are written; it needs PDF output (-o FILE.pdf or --format pdf)")
        expectUsageError(["batch", "in", "--out", "o", "--size", "24", "--pdf-strokes", "outline"],
                         "svgicon: error: --pdf-strokes says how a PDF's strokes are written; it needs --format pdf or --format xcassets --vector")
        expectUsageError(["batch", "in", "--out", "o.xcassets", "-f", "xcassets", "--size", "24", "--pdf-strokes", "native"],
                         "it needs --format pdf or --format xcassets --vector")
    }

    @Test("render -o x.pdf --pdf-strokes outline writes no stroke operator and says so")
    func render() throws {
        let scratch = ScratchFolder()
        let svg = scratch.write("i.svg", PDFTests.icon)
        let pdf = scratch.path + "/i.pdf"
        let (code, output) = runCLI(["render", svg, "-o", pdf, "--size", "24", "--pdf-strokes", "outline", "--no-cache"])
        #expect(code == 0)
        #expect(output.error == "wrote \(pdf) (PDF, 24×24 pt, strokes outlined)\n")
        let native = scratch.path + "/n.pdf"
        #expect(runCLI(["render", svg, "-o", native, "--size", "24", "--no-cache", "-q"]).code == 0)
        #expect(try FileIO.read(pdf).count > (try FileIO.read(native)).count)
    }

    @Test("batch --format pdf and xcassets --vector take --pdf-strokes outline; --json lists the same files")
    func batch() throws {
        let box = BatchSandbox()
        box.icon("a.svg", PDFTests.icon)
        let outlined = try box.batch(["--format", "pdf", "--size", "24", "--pdf-strokes", "outline"])
        #expect(outlined.code == 0, "\(outlined.errors)")
        let outlinedBytes = try FileIO.read(box.output + "/a.pdf")
        #expect(String(decoding: outlinedBytes, as: UTF8.self).hasPrefix("%PDF-1.4\n"))
        let native = try box.batch(["--format", "pdf", "--size", "24"])
        #expect(native.report.files.list.map(\.path) == outlined.report.files.list.map(\.path))
        #expect(native.report.files.written == 1)  // the outlined file replaced by the native one
        let catalog = box.root + "/O.xcassets"
        let (code, output) = box.run(["batch", box.input, "--out", catalog, "-f", "xcassets", "--vector", "--size", "24",
                                      "--pdf-strokes", "outline", "-q"])
        #expect(code == 0, "\(output.error)")
        // The image set's PDF is the outlined one --format pdf wrote, not the native one now in its place.
        #expect(try FileIO.read(catalog + "/a.imageset/a.pdf") == outlinedBytes)
        #expect(try FileIO.read(box.output + "/a.pdf") != outlinedBytes)
    }

    @Test("pdftoppm (poppler's Splash, which snaps strokes to pixels) draws outlined strokes as svgicon does",
          .enabled(if: toolPath("qpdf") != nil && toolPath("pdftoppm") != nil,
                   "qpdf or pdftoppm not installed (apt-get install qpdf poppler-utils); .ci/run installs them"))
    func splash() throws {
        let scratch = ScratchFolder()
        // Thin axis-aligned strokes off the pixel grid: Splash widens native ones to whole pixels.
        let icon = scratch.write("grid.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.3">
              <path d="M3.3 4.3h17.4M3.3 9.1h17.4M3.3 14.7h17.4M3.3 19.4h17.4"/>
              <path d="M4.2 3v18M9.6 3v18M14.3 3v18M19.7 3v18" stroke-linecap="round"/>
            </svg>
            """)
        try PDFTests.compareWithPoppler(icon, size: 96, tolerance: 0.005, reader: "pdftoppm", options: ["--pdf-strokes", "outline"])
    }
}
