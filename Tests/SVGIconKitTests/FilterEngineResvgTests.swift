import Foundation
import Testing
import SVGIconCore
import SVGIconKit

/// The filter engine against resvg. Each case is one file of Tests/Fixtures/filters/ (written, with resvg's
/// rendering in resvg/NAME.png, by Scripts/render-filter-references): two pixel-aligned rectangles in a
/// group with one filter. Here the same SourceGraphic is built pixel by pixel, the same filter is written as
/// an `SVGFilter`, `FilterGraph` runs it, and every premultiplied 8-bit channel is compared with resvg's.
///
/// Tolerance: 2 of 255 per channel for most primitives. resvg filters 8-bit pixels and rounds (or truncates)
/// after every step — the linearRGB round trip alone is lossy in dark tones — while this engine keeps
/// Float; 2 covers that and nothing more. Where the two differ by design the case states its own bound
/// and why (see `tolerances`).
@Suite("Filter engine against resvg")
struct FilterEngineResvgTests {
    static let folder = FixturePaths.folder("filters")

    /// The group both sides filter: #e04020 at (6, 6, 18, 18), #2060d0 at 60 % over it at (14, 14, 20, 20),
    /// user units × `scale` pixels.
    static func sourceGraphic(scale: Int = 1) -> FilterImage {
        let size = 40 * scale
        var image = FilterImage(width: size, height: size)
        func fill(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ r: Float, _ g: Float, _ b: Float, _ a: Float) {
            for py in (y * scale)..<((y + h) * scale) {
                for px in (x * scale)..<((x + w) * scale) {
                    let i = (py * size + px) * 4
                    let keep = 1 - a
                    image.pixels[i] = r * a + image.pixels[i] * keep
                    image.pixels[i + 1] = g * a + image.pixels[i + 1] * keep
                    image.pixels[i + 2] = b * a + image.pixels[i + 2] * keep
                    image.pixels[i + 3] = a + image.pixels[i + 3] * keep
                }
            }
        }
        fill(6, 6, 18, 18, 0xe0 / 255, 0x40 / 255, 0x20 / 255, 1)
        fill(14, 14, 20, 20, 0x20 / 255, 0x60 / 255, 0xd0 / 255, 0.6)
        return image
    }

    static let whole = SVGRect(x: 0, y: 0, width: 40, height: 40)

    static func filter(_ primitives: SVGFilterPrimitive...) -> SVGFilter {
        SVGFilter(region: whole, primitives: primitives)
    }

    static func p(_ kind: SVGFilterPrimitiveKind, in input: SVGFilterInput? = nil, in2: SVGFilterInput? = nil,
                  x: Double? = nil, y: Double? = nil, width: Double? = nil, height: Double? = nil,
                  srgb: Bool = false, result: String? = nil) -> SVGFilterPrimitive {
        SVGFilterPrimitive(kind, input: input, input2: in2, x: x, y: y, width: width, height: height,
                           colorSpace: srgb ? .sRGB : .linearRGB, result: result)
    }

    static func color(_ hex: UInt32) -> SVGColor {
        SVGColor(red: UInt8(hex >> 16), green: UInt8((hex >> 8) & 0xff), blue: UInt8(hex & 0xff))
    }

    static let floodIn2 = p(.flood(color: color(0x30b050), opacity: 0.7), x: 4, y: 16, width: 32, height: 16, result: "f")

    static let filters: [String: SVGFilter] = {
        var f: [String: SVGFilter] = [
            "blur-1": filter(p(.gaussianBlur(stdDeviationX: 1, stdDeviationY: 1))),
            "blur-1.5": filter(p(.gaussianBlur(stdDeviationX: 1.5, stdDeviationY: 1.5))),
            "blur-2.5": filter(p(.gaussianBlur(stdDeviationX: 2.5, stdDeviationY: 2.5))),
            "blur-3": filter(p(.gaussianBlur(stdDeviationX: 3, stdDeviationY: 3))),
            "blur-4-srgb": filter(p(.gaussianBlur(stdDeviationX: 4, stdDeviationY: 4), srgb: true)),
            "blur-5-0": filter(p(.gaussianBlur(stdDeviationX: 5, stdDeviationY: 0))),
            "blur-8": filter(p(.gaussianBlur(stdDeviationX: 8, stdDeviationY: 8))),
            "blur-subregion": filter(p(.gaussianBlur(stdDeviationX: 3, stdDeviationY: 3), x: 8, y: 4, width: 20, height: 30)),
            "offset": filter(p(.offset(dx: 5, dy: -3))),
            "flood": filter(p(.flood(color: color(0x40c080), opacity: 0.5), x: 5, y: 5, width: 20, height: 15)),
            "matrix": filter(p(.colorMatrix(.matrix([0.2, 0.5, 0.1, 0, 0.1, 0.6, 0.1, 0.2, 0, 0,
                                                     0.1, 0.2, 0.7, 0, 0.05, 0, 0, 0, 0.8, 0])))),
            "saturate": filter(p(.colorMatrix(.saturate(0.3)))),
            "hue-rotate": filter(p(.colorMatrix(.hueRotate(90)))),
            "luminance-to-alpha": filter(p(.colorMatrix(.luminanceToAlpha))),
            "merge": filter(p(.offset(dx: 4, dy: 4), result: "o"), p(.merge([.reference("o"), .sourceGraphic]))),
            "drop-shadow": filter(p(.dropShadow(dx: 3, dy: 2, stdDeviationX: 2, stdDeviationY: 2,
                                                color: color(0x102040), opacity: 0.6))),
            "erode": filter(p(.morphology(.erode, radiusX: 2, radiusY: 2))),
            "dilate": filter(p(.morphology(.dilate, radiusX: 3, radiusY: 1))),
            "transfer-table": filter(p(.componentTransfer(red: .table([0, 0.8, 0.2, 1]), green: .table([1, 0]),
                                                          blue: .identity, alpha: .table([0, 0.5, 1])))),
            "transfer-discrete": filter(p(.componentTransfer(red: .discrete([0.2, 0.6, 0.9]), green: .identity,
                                                             blue: .discrete([1, 0, 0.5, 0.25]), alpha: .identity))),
            "transfer-linear-gamma": filter(p(.componentTransfer(
                red: .linear(slope: 0.5, intercept: 0.25), green: .gamma(amplitude: 1.2, exponent: 2.2, offset: 0.05),
                blue: .identity, alpha: .linear(slope: 0.7, intercept: 0.1)))),
            "tile": filter(p(.offset(dx: 0, dy: 0), x: 6, y: 10, width: 12, height: 9, result: "t"),
                           p(.tile, in: .reference("t"), x: 0, y: 0, width: 40, height: 40)),
            "turbulence": filter(p(.turbulence(SVGTurbulence(baseFrequencyX: 0.05, baseFrequencyY: 0.05, numOctaves: 2, seed: 3)))),
            "fractal-noise": filter(p(.turbulence(SVGTurbulence(baseFrequencyX: 0.1, baseFrequencyY: 0.07, numOctaves: 3,
                                                                seed: -7.8, fractalNoise: true)))),
            "turbulence-stitch": filter(p(.turbulence(SVGTurbulence(baseFrequencyX: 0.06, baseFrequencyY: 0.06, numOctaves: 2,
                                                                    seed: 11, stitchTiles: true)),
                                          x: 0, y: 0, width: 40, height: 40)),
            "turbulence-srgb": filter(p(.turbulence(SVGTurbulence(baseFrequencyX: 0.08, baseFrequencyY: 0.08, fractalNoise: true)),
                                        srgb: true)),
            "convolve-edges": filter(p(.convolveMatrix(SVGConvolveMatrix(orderX: 3, orderY: 3,
                                                                         kernel: [1, 0, -1, 2, 0, -2, 1, 0, -1], divisor: 1)))),
            "convolve-box": filter(p(.convolveMatrix(SVGConvolveMatrix(orderX: 3, orderY: 3, kernel: [Double](repeating: 1, count: 9),
                                                                       edgeMode: .none)))),
            "convolve-preserve-alpha": filter(p(.convolveMatrix(SVGConvolveMatrix(
                orderX: 3, orderY: 2, kernel: [0, 1, 0, 1, -2, 2], targetX: 1, targetY: 0, edgeMode: .wrap, preserveAlpha: true)))),
            "displacement": filter(p(.flood(color: color(0xff00ff), opacity: 1), x: 0, y: 0, width: 20, height: 40, result: "m"),
                                   p(.displacementMap(scale: 8, xChannel: .r, yChannel: .g), in: .sourceGraphic, in2: .reference("m"))),
            "diffuse-distant": filter(p(.diffuseLighting(SVGLighting(
                light: .distant(azimuth: 45, elevation: 30), color: color(0xffff00), surfaceScale: 4, diffuseConstant: 1.2)),
                in: .sourceAlpha)),
            "diffuse-point": filter(p(.diffuseLighting(SVGLighting(
                light: .point(x: 10, y: 8, z: 20), surfaceScale: 3)), in: .sourceGraphic)),
            "specular-distant": filter(p(.specularLighting(SVGLighting(
                light: .distant(azimuth: 225, elevation: 40), color: color(0x00ffff), surfaceScale: 5,
                specularConstant: 1, specularExponent: 12)), in: .sourceAlpha)),
            "specular-point": filter(p(.specularLighting(SVGLighting(
                light: .point(x: 30, y: 10, z: 15), surfaceScale: 4, specularConstant: 1.5, specularExponent: 8)),
                in: .sourceAlpha)),
            "specular-spot": filter(p(.specularLighting(SVGLighting(
                light: .spot(x: 5, y: 5, z: 30, pointsAtX: 25, pointsAtY: 25, pointsAtZ: 0, specularExponent: 2,
                             limitingConeAngle: 30),
                color: color(0xff00ff), surfaceScale: 4, specularConstant: 1, specularExponent: 4)), in: .sourceAlpha)),
            "source-alpha-blur-composite": filter(p(.gaussianBlur(stdDeviationX: 3, stdDeviationY: 3), in: .sourceAlpha),
                                                  p(.offset(dx: 2, dy: 3), result: "s"),
                                                  p(.composite(.over, k1: 0, k2: 0, k3: 0, k4: 0), in: .sourceGraphic,
                                                    in2: .reference("s"))),
            "scale-2-blur-3": filter(p(.gaussianBlur(stdDeviationX: 3, stdDeviationY: 3)), p(.offset(dx: 2, dy: 1))),
            "region": SVGFilter(region: SVGRect(x: 4, y: 3, width: 30, height: 28),
                                primitives: [p(.gaussianBlur(stdDeviationX: 2, stdDeviationY: 2))]),
        ]
        let ops: [(String, SVGCompositeOperator)] = [("over", .over), ("in", .in), ("out", .out), ("atop", .atop),
                                                     ("xor", .xor), ("lighter", .lighter)]
        for (name, op) in ops {
            f["composite-" + name] = filter(floodIn2, p(.composite(op, k1: 0, k2: 0, k3: 0, k4: 0), in: .sourceGraphic,
                                                        in2: .reference("f")))
        }
        f["composite-arithmetic"] = filter(floodIn2, p(.composite(.arithmetic, k1: 0.5, k2: 0.6, k3: 0.4, k4: 0.05),
                                                       in: .sourceGraphic, in2: .reference("f")))
        let modes: [(String, SVGBlendMode)] = [
            ("normal", .normal), ("multiply", .multiply), ("screen", .screen), ("overlay", .overlay),
            ("darken", .darken), ("lighten", .lighten), ("color-dodge", .colorDodge), ("color-burn", .colorBurn),
            ("hard-light", .hardLight), ("soft-light", .softLight), ("difference", .difference),
            ("exclusion", .exclusion), ("hue", .hue), ("saturation", .saturation), ("color", .color),
            ("luminosity", .luminosity),
        ]
        for (name, mode) in modes {
            f["blend-" + name] = filter(floodIn2, p(.blend(mode), in: .sourceGraphic, in2: .reference("f")))
        }
        return f
    }()

    /// Cases whose bound against resvg is not 2. All for one reason: resvg stores linearRGB in 8 bits, and
    /// its linear→sRGB table jumps 13 sRGB steps between linear 0 and 1/255, so dark channels computed in
    /// linearRGB (the green flood's red 0x30 is 7/255 linear; turbulence's dark noise; convolution sums)
    /// come back several steps off. Each of these cases is ≤ 1 from the float64 spec reference where one
    /// exists (`spec/`).
    static let tolerances: [String: Int] = {
        var t: [String: Int] = ["convolve-box": 4, "convolve-edges": 3, "convolve-preserve-alpha": 4,
                                "hue-rotate": 4, "transfer-table": 3, "turbulence": 4, "turbulence-stitch": 5]
        for name in ["over", "in", "atop", "xor"] { t["composite-" + name] = 4 }
        for mode in ["normal", "multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn",
                     "hard-light", "soft-light", "difference", "exclusion", "hue", "color"] { t["blend-" + mode] = 4 }
        return t
    }()

    /// Cases where resvg departs from the spec (read in resvg's crates/resvg/src/filter), so the float64
    /// spec reference (≤ 1) is what is asserted; against resvg a blur only has to stay within `blurBound`.
    static let resvgDeparts: [String: String] = {
        var d: [String: String] = [
            "composite-lighter": "resvg draws operator=lighter as over; Filter Effects 1 defines it as addition",
            "blend-saturation": "tiny-skia's saturation blend differs from Compositing Level 1's SetSat/SetLum",
            "blend-luminosity": "tiny-skia's luminosity blend differs from Compositing Level 1's SetLum",
            "displacement": "resvg 0.44 draws nearly nothing here (and reads the map premultiplied)",
        ]
        for name in ["blur-1", "blur-1.5", "blur-2.5", "blur-3", "blur-4-srgb", "blur-5-0", "blur-8", "blur-subregion",
                     "region", "scale-2-blur-3", "drop-shadow", "source-alpha-blur-composite"] {
            d[name] = "blur: resvg uses an IIR approximation below σ 2 and, from 2, box sizes of its own with the edge "
                + "pixels repeated (the spec's box sizes, transparent outside)"
        }
        return d
    }()

    /// Largest difference from resvg allowed for the blur cases (measured: 20, at the filter region's edge
    /// where resvg repeats edge pixels).
    static let blurBound = 24

    static var names: [String] { filters.keys.sorted() }

    struct Difference: CustomStringConvertible {
        var maximum = 0, over = 0, total = 0, at = (0, 0, 0)
        var description: String { "max \(maximum) at x \(at.0) y \(at.1) channel \(at.2), \(over) channels over" }
    }

    static func render(_ name: String) throws -> (ours: [UInt8], reference: Pixmap) {
        let reference = try PNGCodec.decode(try FileIO.read(folder + "/resvg/\(name).png"))
        let scale = reference.width / 40
        let t = FilterTransform(scaleX: Double(scale), scaleY: Double(scale))
        let graph = try FilterGraph(filters[name]!, transform: t)
        let full = sourceGraphic(scale: scale)
        // SourceGraphic is the region's pixels of the group.
        let r = graph.region
        var source = FilterImage(width: r.width, height: r.height)
        for y in 0..<r.height {
            for x in 0..<r.width {
                for c in 0..<4 {
                    source.pixels[(y * r.width + x) * 4 + c] = full.pixels[((y + r.y) * full.width + x + r.x) * 4 + c]
                }
            }
        }
        let out = try graph.run(sourceGraphic: source)
        var canvas = FilterImage(width: full.width, height: full.height)
        for y in 0..<r.height {
            for x in 0..<r.width {
                let cx = x + r.x, cy = y + r.y
                guard cx >= 0, cy >= 0, cx < canvas.width, cy < canvas.height else { continue }
                for c in 0..<4 {
                    canvas.pixels[(cy * canvas.width + cx) * 4 + c] = out.image.pixels[(y * r.width + x) * 4 + c]
                }
            }
        }
        return (canvas.pixmap.premultipliedRGBA8(), reference)
    }

    static func compare(_ ours: [UInt8], _ reference: Pixmap, tolerance: Int) -> Difference {
        let theirs = reference.premultipliedRGBA8()
        var d = Difference()
        for i in 0..<min(ours.count, theirs.count) {
            let v = abs(Int(ours[i]) - Int(theirs[i]))
            d.total += v
            if v > tolerance { d.over += 1 }
            if v > d.maximum {
                d.maximum = v
                d.at = ((i / 4) % reference.width, (i / 4) / reference.width, i % 4)
            }
        }
        return d
    }

    @Test("Every fixture has a filter here and a resvg reference")
    func coverage() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder + "/resvg")
            .filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }
        #expect(Set(files).subtracting(["source"]) == Set(Self.names))
    }

    @Test("SourceGraphic built here is resvg's rendering of the unfiltered group")
    func source() throws {
        let reference = try PNGCodec.decode(try FileIO.read(Self.folder + "/resvg/source.png"))
        let d = Self.compare(Self.sourceGraphic().pixmap.premultipliedRGBA8(), reference, tolerance: 1)
        #expect(d.maximum <= 1, "\(d)")
    }

    static func specReference(_ name: String) -> Pixmap? {
        guard let bytes = try? FileIO.read(folder + "/spec/\(name).png") else { return nil }
        return try? PNGCodec.decode(bytes)
    }

    @Test("Filters like resvg and like the spec's float arithmetic", arguments: FilterEngineResvgTests.names)
    func matchesResvg(name: String) throws {
        let (ours, reference) = try Self.render(name)
        if let spec = Self.specReference(name) {
            let d = Self.compare(ours, spec, tolerance: 1)
            #expect(d.over == 0, "\(name) against the spec reference: \(d), tolerance 1")
        }
        let d = Self.compare(ours, reference, tolerance: Self.tolerances[name] ?? 2)
        if let reason = Self.resvgDeparts[name] {
            #expect(Self.specReference(name) != nil, "\(name) departs from resvg (\(reason)) but has no spec reference")
            if reason.hasPrefix("blur") { #expect(d.maximum <= Self.blurBound, "\(name): \(d)") }
        } else {
            let tolerance = Self.tolerances[name] ?? 2
            #expect(d.over == 0, "\(name): \(d), tolerance \(tolerance)")
        }
    }
}
