import Foundation
import Testing
import SVGIconKit
import SVGIconTools
@testable import SVGIconCommands

@Suite("Android VectorDrawable")
struct VectorDrawableTests {
    static func convert(_ svg: String, size: Int = 24, tint: SVGColor? = nil) throws -> String {
        let bytes = Array(svg.utf8)
        let result = try SVGDocumentParser.parse(bytes)
        return try VectorDrawableWriter(options: .init(width: size, height: size, tint: tint), source: bytes).write(result)
    }

    static func refusal(_ svg: String) throws -> VectorDrawableWriter.Refusal? {
        do {
            _ = try convert(svg)
            return nil
        } catch let refusal as VectorDrawableWriter.Refusal {
            return refusal
        }
    }

    @Test("A fixed-colour icon: group transform, alpha, evenOdd, a clip path and a gradient through aapt:attr")
    func knownIcon() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <g transform="translate(12 12) rotate(45)"><rect x="-4" y="-4" width="8" height="8" fill="#0a84ff" fill-opacity="0.5"/></g>
              <path d="M2 2h4v4z" fill-rule="evenodd" fill="red" stroke="#00f" stroke-width="0.5" stroke-linejoin="bevel"/>
              <clipPath id="c"><rect x="6" y="6" width="12" height="12"/></clipPath>
              <linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></linearGradient>
              <rect x="4" y="16" width="16" height="4" fill="url(#g)" clip-path="url(#c)"/>
            </svg>
            """
        #expect(try Self.convert(svg) == """
            <vector xmlns:android="http://schemas.android.com/apk/res/android"
                xmlns:aapt="http://schemas.android.com/aapt"
                android:width="24dp"
                android:height="24dp"
                android:viewportWidth="24"
                android:viewportHeight="24">
                <group android:translateX="12" android:translateY="12" android:rotation="45">
                    <path
                        android:pathData="M-4 -4L4 -4L4 4L-4 4Z"
                        android:fillColor="#0A84FF"
                        android:fillAlpha="0.5"/>
                </group>
                <path
                    android:pathData="M2 2L6 2L6 6Z"
                    android:fillColor="#FF0000"
                    android:fillType="evenOdd"
                    android:strokeColor="#0000FF"
                    android:strokeWidth="0.5"
                    android:strokeLineJoin="bevel"/>
                <group>
                    <clip-path android:pathData="M6 6L18 6L18 18L6 18Z"/>
                    <path
                        android:pathData="M4 16L20 16L20 20L4 20Z">
                        <aapt:attr name="android:fillColor">
                            <gradient
                                android:type="linear"
                                android:startX="4"
                                android:startY="16"
                                android:endX="20"
                                android:endY="16">
                                <item android:offset="0" android:color="#FFFFFFFF"/>
                                <item android:offset="1" android:color="#80000000"/>
                            </gradient>
                        </aapt:attr>
                    </path>
                </group>
            </vector>

            """)
    }

    @Test("A currentColor icon is white with android:tint, so the app can tint it; 48 dp over a 24 viewport")
    func tintedIcon() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
              <path d="M5 12h14" stroke-opacity="0.5"/>
            </svg>
            """
        #expect(try Self.convert(svg, size: 48, tint: SVGColor(red: 10, green: 132, blue: 255)) == """
            <vector xmlns:android="http://schemas.android.com/apk/res/android"
                android:width="48dp"
                android:height="48dp"
                android:viewportWidth="24"
                android:viewportHeight="24"
                android:tint="#FF0A84FF">
                <path
                    android:pathData="M5 12L19 12"
                    android:strokeColor="#FFFFFF"
                    android:strokeAlpha="0.5"
                    android:strokeWidth="2"
                    android:strokeLineCap="round"
                    android:strokeLineJoin="round"/>
            </vector>

            """)
    }

    @Test("A miter-clip stroke, which strokeLineJoin cannot name, becomes a filled outline")
    func miterClipOutlined() throws {
        let xml = try Self.convert("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 20 L12 4 L22 20" fill="none" \
            stroke="#ff0000" stroke-width="2" stroke-linejoin="miter-clip" stroke-miterlimit="1.5"/></svg>
            """)
        #expect(xml.contains("android:fillColor=\"#FF0000\""))
        #expect(!xml.contains("strokeWidth") && !xml.contains("strokeLineJoin"))
    }

    @Test("A mask is refused, naming the feature and the line of the element that uses it")
    func maskRefused() throws {
        let refusal = try #require(try Self.refusal("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <mask id="m"><rect width="24" height="12" fill="white"/></mask>
              <circle cx="12" cy="12" r="10"
                      mask="url(#m)"/>
            </svg>
            """))
        #expect(refusal.feature == "mask")
        #expect(refusal.line == 4)
        #expect(refusal.description == "VectorDrawable cannot express mask: <circle>: VectorDrawable has no masks")
    }

    @Test("A filter is refused with its line, not silently dropped")
    func filterRefused() throws {
        let refusal = try #require(try Self.refusal("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <filter id="f"><feGaussianBlur stdDeviation="1"/></filter>
              <circle cx="12" cy="12" r="10"/>
              <rect width="4" height="4" filter="url(#f)"/>
            </svg>
            """))
        #expect(refusal.feature == "filter")
        #expect(refusal.line == 4)
        #expect(refusal.description == "VectorDrawable cannot express filter: <rect>: VectorDrawable has no filter effects (render a PNG instead)")
    }

    @Test("Group opacity: pushed down over disjoint shapes, refused over overlapping ones")
    func groupOpacity() throws {
        let disjoint = try Self.convert("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g opacity="0.5"><rect width="4" height="4" fill="red"/><rect x="10" width="4" height="4" fill="blue"/></g></svg>
            """)
        #expect(disjoint.components(separatedBy: "android:fillAlpha=\"0.5\"").count == 3)
        let refusal = try #require(try Self.refusal("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
            <path opacity=".2" d="M0 20h4v4z"/>
            <g opacity="0.5"><rect width="8" height="8" fill="red"/><rect x="4" width="8" height="8" fill="blue"/></g></svg>
            """))
        #expect(refusal.feature == "group opacity over overlapping shapes")
        #expect(refusal.line == 3)  // the group's opacity, not the path's before it
    }

    @Test("batch --format android-vector: a refused icon fails with file:line and the feature, the others are written, exit 1")
    func batchRefusal() throws {
        let box = BatchSandbox()
        box.copy(["tab-cart"], into: "tabs")
        box.icon("masked.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <mask id="m"><rect width="24" height="12" fill="white"/></mask>
              <circle cx="12" cy="12" r="10" mask="url(#m)"/>
            </svg>
            """)
        let (code, report, errors) = try box.batch(["--format", "android-vector", "--size", "24"])
        #expect(code == 1)
        #expect(report.failed == 1 && report.succeeded == 1)
        #expect(report.failures.first?.line == 3)
        #expect(errors.contains("masked.svg:3: VectorDrawable cannot express mask"), "\(errors)")
        let written = try String(contentsOfFile: box.output + "/drawable/tabs_tab_cart.xml", encoding: .utf8)
        #expect(written.hasPrefix("<vector xmlns:android=\"http://schemas.android.com/apk/res/android\""))
        #expect(!FileManager.default.fileExists(atPath: box.output + "/drawable/masked.xml"))
    }

    @Test("The project's own icons: every VectorDrawable uses only attributes the framework defines (converted back by Scripts/vector-drawable-to-svg.py); only the overlapping group opacity is refused",
          .enabled(if: toolPath("python3") != nil, "python3 not installed: the converter back to SVG cannot run"))
    func ownIconsConvertBack() throws {
        let box = BatchSandbox()
        let (code, output) = box.run(["batch", RepositoryPaths.icons, "--out", box.output, "--format", "android-vector",
                                      "--size", "24", "--json"])
        let report = try JSONDecoder().decode(BatchReport.self, from: Data(output.out))
        #expect(code == 1)
        #expect(report.failures.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["opacity.svg"])
        #expect(report.failures.first?.reason.hasPrefix("VectorDrawable cannot express group opacity over overlapping shapes") == true)
        #expect(report.files.written == report.icons - 1)
        let check = try #require(runTool("python3", [RepositoryPaths.root + "/Scripts/vector-drawable-to-svg.py", "--check",
                                                     box.output + "/drawable", box.root + "/svg"]))
        #expect(check.status == 0, "\(check.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.root + "/svg").count == report.icons - 1)
    }
}

