import Testing
import SVGIconCore

/// `<image>` in the core: base64 and data: URIs, header sizes, path rules, placement, the limits and their
/// warnings, and exact pixels of a drawn 2 × 2 image. The decoder here is a stand-in (the core has no PNG
/// decoder): it returns fixed pixels for a PNG header of the right size.
@Suite("Images")
struct ImageTests {
    // MARK: Base64

    private func decoded(_ text: String, limit: Int = .max) -> Result<[UInt8], Base64.Failure> {
        Base64.decode(Array(text.utf8), limit: limit)
    }

    @Test("Base64 decodes with and without padding, skipping ASCII whitespace anywhere")
    func base64Forgiving() {
        #expect(decoded("aGVsbG8=") == .success(Array("hello".utf8)))
        #expect(decoded("aGVsbG8") == .success(Array("hello".utf8)))
        #expect(decoded("aGVs\n bG8\t=\r\n") == .success(Array("hello".utf8)))
        #expect(decoded("aGVsbA==") == .success(Array("hell".utf8)))
        #expect(decoded("aGVsbA") == .success(Array("hell".utf8)))
        #expect(decoded("") == .success([]))
        #expect(decoded("  \n ") == .success([]))
        #expect(decoded("+/+/") == .success([0xFB, 0xFF, 0xBF]))
    }

    @Test("Base64 refuses bad characters, cut-short text, misplaced padding and data past the limit")
    func base64Refusals() {
        #expect(decoded("aGV$bG8=") == .failure(.invalidCharacter(offset: 3)))
        #expect(decoded("aGVsb") == .failure(.badLength))          // 4n + 1 characters
        #expect(decoded("aG=Vs") == .failure(.badLength))          // data after padding
        #expect(decoded("aGVsbG8==") == .failure(.badLength))      // one = too many
        #expect(decoded("aGVsbG8=", limit: 4) == .failure(.tooLarge(limit: 4)))
        #expect(decoded("aGVsbG8=", limit: 5) == .success(Array("hello".utf8)))
        #expect(Base64.Failure.invalidCharacter(offset: 3).description == "invalid base64 character at offset 3")
        #expect(Base64.Failure.tooLarge(limit: 4).description == "base64 data decodes to more than 4 bytes")
    }

    @Test("data: URIs: media type lower-cased without parameters, text/plain by default, percent-decoded text")
    func dataURIs() throws {
        #expect(DataURI.isDataURI("  DATA:image/png;base64,AA=="))
        #expect(!DataURI.isDataURI("dat:x") && !DataURI.isDataURI("images/data:x.png"))
        let png = try DataURI.parse("data:Image/PNG;base64,aGVs bG8=").get()
        #expect(png.mediaType == "image/png" && png.data == Array("hello".utf8))
        let svg = try DataURI.parse("data:image/svg+xml;charset=utf-8,%3Csvg%3E%zz").get()
        #expect(svg.mediaType == "image/svg+xml" && String(decoding: svg.data, as: UTF8.self) == "<svg>%zz")
        let plain = try DataURI.parse("data:,a%20b").get()
        #expect(plain.mediaType == "text/plain" && plain.data == Array("a b".utf8))
        #expect(DataURI.parse("data:image/png;base64") == .failure(.noComma))
        // A '#' starts the URL's fragment, which is not data (WHATWG data: URL processor).
        let cut = try DataURI.parse("data:image/svg+xml,%3Csvg fill='#c22'/%3E").get()
        #expect(String(decoding: cut.data, as: UTF8.self) == "<svg fill='")
        #expect(try DataURI.parse("data:;base64,aGVs#bG8=").get().data == Array("hel".utf8))
        #expect(DataURI.parse("data:image/png#,AA==") == .failure(.noComma))
        #expect(DataURI.parse("data:;base64,!!!!") == .failure(.base64(.invalidCharacter(offset: 0))))
    }

    // MARK: Headers

    /// PNG signature and IHDR chunk of a `width` × `height` image (the CRC is not checked here).
    static func pngHeader(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    @Test("Header sizes are read from PNG IHDR and JPEG SOF before anything is decoded")
    func headerSizes() {
        let png = Self.pngHeader(100_000, 3)
        #expect(SVGImageFormat.sniff(png) == .png)
        #expect(SVGImageFormat.headerSize(of: png, format: .png)! == (100_000, 3))
        // SOI, an APP0 segment of 16 bytes, then SOF2 (progressive): length, precision, height, width.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + [UInt8](repeating: 0, count: 14)
            + [0xFF, 0xC2, 0x00, 0x11, 0x08, 0x01, 0x2C, 0x02, 0x58, 0x03]
        #expect(SVGImageFormat.sniff(jpeg) == .jpeg)
        #expect(SVGImageFormat.headerSize(of: jpeg, format: .jpeg)! == (600, 300))
        #expect(SVGImageFormat.headerSize(of: Array(png.prefix(20)), format: .png) == nil)
        #expect(SVGImageFormat.sniff(Array("\u{FEFF}  <svg/>".utf8)) == .svg)
        #expect(SVGImageFormat.sniff(Array("hello".utf8)) == nil)
    }

    // MARK: Paths

    private let folder = SVGImageOptions(baseFolder: "/icons/app", rootFolders: ["/icons/app", "/shared/art"])

    private func path(_ href: String, _ options: SVGImageOptions? = nil) -> String {
        switch (options ?? folder).filePath(for: href) {
        case .success(let target): return target.path
        case .failure(let failure): return "refused: " + failure.message
        }
    }

    @Test("Relative paths resolve in the SVG's folder and stay inside it or a named folder")
    func relativePaths() {
        #expect(path("logo.png") == "/icons/app/logo.png")
        #expect(path("./img/../img/logo%20big.png") == "/icons/app/img/logo big.png")
        #expect(path("../../shared/art/a.png") == "/shared/art/a.png")
        #expect(path("../other/logo.png") == "refused: path \"../other/logo.png\" leads outside the SVG's folder; refused (name the folder with --image-dir to allow it)")
        #expect(path("../../../../etc/passwd").hasPrefix("refused: path"))
    }

    @Test("Absolute paths only when allowed; URLs never; an SVG not read from a file has no folder")
    func refusedPaths() {
        #expect(path("/etc/hostname") == "refused: absolute path \"/etc/hostname\" refused (absolute image paths are read only when allowed: --allow-absolute-images)")
        var allowed = folder
        allowed.allowsAbsolutePaths = true
        #expect(path("/srv/x/../y.png", allowed) == "/srv/y.png")
        #expect(path("https://example.com/a.png") == "refused: https: URLs are never fetched (svgicon does not use the network)")
        #expect(path("HTTP://example.com/a.png").hasPrefix("refused: http: URLs are never fetched"))
        #expect(path("file:///etc/hostname") == "refused: file: URLs are not read; give the path relative to the SVG's folder")
        #expect(path("#frag") == "refused: href=\"#frag\" names no image file")
        #expect(path("a.png", SVGImageOptions()) == "refused: relative path \"a.png\" refused: this SVG was not read from a file, so it has no folder of its own")
    }

    // MARK: Resolving and drawing

    /// A loader whose PNG "decoder" returns `pixels` (straight RGBA) for any PNG header of their size.
    private func loader(_ width: Int, _ height: Int, _ pixels: [UInt8]) -> SVGImageLoader {
        SVGImageLoader(name: "test", decode: { data, format in
            guard format == .png, let size = SVGImageFormat.headerSize(of: data, format: .png),
                  size.width == width, size.height == height,
                  let image = SVGImagePixels(width: width, height: height, straightRGBA: pixels) else {
                return .failure(SVGImageLoadFailure("test decoder: not the test image"))
            }
            return .success(image)
        })
    }

    private func dataURI(_ bytes: [UInt8], type: String = "image/png") -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var text = ""
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            var v = 0
            for k in 0..<3 { v = v << 8 | (k < n ? Int(bytes[i + k]) : 0) }
            for k in 0..<4 { text.append(k <= n ? alphabet[(v >> (18 - 6 * k)) & 63] : "=") }
            i += 3
        }
        return "data:\(type);base64," + text
    }

    private func svg(_ children: [SVGElement], viewBox: String = "0 0 2 2") -> SVGElement {
        SVGElement(name: "svg", attributes: [(name: "viewBox", value: viewBox)], children: children)
    }

    private func image(_ attributes: [(String, String)], line: Int = 2) -> SVGElement {
        SVGElement(name: "image", attributes: attributes.map { (name: $0.0, value: $0.1) }, line: line)
    }

    /// Red, blue / green, 50 % white.
    private let twoByTwo: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255,
                                     0, 255, 0, 255, 255, 255, 255, 128]

    private func options(_ loader: SVGImageLoader, _ configure: (inout SVGImageOptions) -> Void = { _ in }) -> SVGResolver.Options {
        var images = SVGImageOptions(loader: loader)
        configure(&images)
        return SVGResolver.Options(images: images)
    }

    @Test("A 2×2 PNG drawn pixelated at 2× gives each output pixel its source pixel exactly (premultiplied)")
    func exactPixelsNearest() throws {
        let href = dataURI(Self.pngHeader(2, 2))
        let result = try SVGResolver.resolve(svg([image([("href", href), ("width", "2"), ("height", "2"),
                                                         ("image-rendering", "pixelated")])]),
                                             options: options(loader(2, 2, twoByTwo)))
        #expect(result.warnings.isEmpty)
        let pixmap = result.icon.render(size: 4)
        #expect(pixmap.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        #expect(pixmap.pixel(x: 1, y: 1) == (255, 0, 0, 255))
        #expect(pixmap.pixel(x: 2, y: 0) == (0, 0, 255, 255))
        #expect(pixmap.pixel(x: 1, y: 3) == (0, 255, 0, 255))
        #expect(pixmap.pixel(x: 3, y: 3) == (128, 128, 128, 128))  // 255 × 128/255, premultiplied
    }

    @Test("image-rendering: a value that is not one of the property's is ignored, so the parent's is inherited")
    func imageRenderingInvalidInherits() throws {
        func topLeftPixel(_ child: String?) throws -> (UInt8, UInt8, UInt8, UInt8) {
            var attributes = [("href", dataURI(Self.pngHeader(2, 2))), ("width", "2"), ("height", "2")]
            if let child { attributes.append(("image-rendering", child)) }
            let group = SVGElement(name: "g", attributes: [(name: "image-rendering", value: "optimizeSpeed")],
                                   children: [image(attributes)])
            let result = try SVGResolver.resolve(svg([group]), options: options(loader(2, 2, twoByTwo)))
            return result.icon.render(size: 4).pixel(x: 1, y: 1)
        }
        let nearest: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)
        for value in [nil, "blocky", "inherit", "unset", " PIXELATED ", "crisp-edges"] {
            #expect(try topLeftPixel(value) == nearest, "\(value ?? "none")")
        }
        for value in ["auto", "smooth", "optimizeQuality", "high-quality", "initial"] {
            #expect(try topLeftPixel(value) != nearest, "\(value)")
        }
    }

    @Test("Smooth sampling interpolates between pixel centres and pads past the edges")
    func exactPixelsBilinear() throws {
        let href = dataURI(Self.pngHeader(2, 2))
        let result = try SVGResolver.resolve(svg([image([("xlink:href", href), ("width", "2"), ("height", "2")])]),
                                             options: options(loader(2, 2, twoByTwo)))
        let pixmap = result.icon.render(size: 4)
        // Output pixel centres at 0.125, 0.375, 0.625, 0.875 of the image: image x = 0.25, 0.75, 1.25, 1.75.
        #expect(pixmap.pixel(x: 0, y: 0) == (255, 0, 0, 255))       // padded: red only
        // x 0.75 → 0.25 of the way from red to blue; y 0.25 → padded.
        #expect(pixmap.pixel(x: 1, y: 0) == (191, 0, 64, 255))
        // (1, 1): ¾·¾ red + ¼·¾ blue + ¾·¼ green + ¼·¼ half-white (128 premultiplied, alpha 128).
        let p = pixmap.pixel(x: 1, y: 1)
        func mix(_ red: Double, _ blue: Double, _ green: Double, _ white: Double) -> UInt8 {
            UInt8((0.5625 * red + 0.1875 * blue + 0.1875 * green + 0.0625 * white).rounded())
        }
        #expect(p.r == mix(255, 0, 0, 128))
        #expect(p.g == mix(0, 0, 255, 128))
        #expect(p.b == mix(0, 255, 0, 128))
        #expect(p.a == mix(255, 255, 255, 128))
    }

    @Test("preserveAspectRatio places the image: meet fits, slice covers and clips, none stretches")
    func placement() throws {
        let wide = dataURI(Self.pngHeader(4, 2))
        let red: [UInt8] = (0..<32).map { $0 % 4 == 0 || $0 % 4 == 3 ? 255 : 0 }
        func rect(_ par: String) throws -> (SVGRect?, SVGImagePaint?) {
            let result = try SVGResolver.resolve(svg([image([("href", wide), ("x", "1"), ("y", "1"), ("width", "4"),
                                                             ("height", "4"), ("preserveAspectRatio", par)])],
                                                     viewBox: "0 0 6 6"),
                                                 options: options(loader(4, 2, red)))
            guard case .shape(let shape)? = result.icon.layers.first?.content, case .image(let paint)? = shape.fill?.paint else {
                return (nil, nil)
            }
            let b = shape.path.controlBounds!
            return (SVGRect(x: b.min.x, y: b.min.y, width: b.max.x - b.min.x, height: b.max.y - b.min.y), paint)
        }
        let meet = try rect("xMidYMid meet")
        #expect(meet.0 == SVGRect(x: 1, y: 2, width: 4, height: 2))
        #expect(meet.1.map { [$0.x, $0.y, $0.width, $0.height] } == [1, 2, 4, 2])
        let top = try rect("xMinYMin")
        #expect(top.0 == SVGRect(x: 1, y: 1, width: 4, height: 2))
        let slice = try rect("xMaxYMax slice")
        #expect(slice.0 == SVGRect(x: 1, y: 1, width: 4, height: 4))        // clipped to the viewport
        #expect(slice.1.map { [$0.x, $0.y, $0.width, $0.height] } == [-3, 1, 8, 4])
        let none = try rect("none")
        #expect(none.1.map { [$0.x, $0.y, $0.width, $0.height] } == [1, 1, 4, 4])
    }

    @Test("A missing width or height comes from the image, keeping its aspect ratio")
    func autoSize() throws {
        let wide = dataURI(Self.pngHeader(4, 2))
        let pixels = [UInt8](repeating: 255, count: 32)
        func box(_ attributes: [(String, String)]) throws -> [Double]? {
            let result = try SVGResolver.resolve(svg([image([("href", wide)] + attributes)], viewBox: "0 0 10 10"),
                                                 options: options(loader(4, 2, pixels)))
            guard case .shape(let shape)? = result.icon.layers.first?.content,
                  case .image(let p)? = shape.fill?.paint else { return nil }
            return [p.x, p.y, p.width, p.height]
        }
        #expect(try box([]) == [0, 0, 4, 2])
        #expect(try box([("width", "auto"), ("height", "auto")]) == [0, 0, 4, 2])
        #expect(try box([("width", "8")]) == [0, 0, 8, 4])
        #expect(try box([("height", "3"), ("x", "1")]) == [1, 0, 6, 3])
        #expect(try box([("width", "0")]) == nil)
    }

    @Test("Limits: pixels per image, pixels per document and data bytes, each with its warning; the rest is drawn")
    func limits() throws {
        let huge = dataURI(Self.pngHeader(100_000, 100_000))
        let small = dataURI(Self.pngHeader(2, 2))
        let circle = SVGElement(name: "circle", attributes: [(name: "r", value: "1")])
        let result = try SVGResolver.resolve(svg([image([("href", huge)], line: 3), circle]),
                                             options: options(loader(2, 2, twoByTwo)))
        #expect(result.warnings.map(\.description) == [
            "line 3: <image>: the PNG image is 100000×100000 pixels, more than the 16777216 an image may have; skipped",
        ])
        #expect(result.icon.layers.count == 1)  // the circle
        let total = try SVGResolver.resolve(svg([image([("href", small)], line: 4), image([("href", small)], line: 5)]),
                                            options: options(loader(2, 2, twoByTwo)) { $0.maxTotalPixels = 6 })
        #expect(total.warnings.map(\.description) == [
            "line 5: <image>: the document's images together have more than 6 pixels; this one (2×2) is skipped",
        ])
        #expect(total.imageCost == 4)
        let bytes = try SVGResolver.resolve(svg([image([("href", small)], line: 6)]),
                                            options: options(loader(2, 2, twoByTwo)) { $0.maxDataBytes = 16 })
        #expect(bytes.warnings.map(\.description) == [
            "line 6: <image>: cannot read its data: URI: base64 data decodes to more than 16 bytes; skipped",
        ])
    }

    @Test("Without a loader, with a broken href, in a clip path: skipped with a warning")
    func skipped() throws {
        let png = dataURI(Self.pngHeader(2, 2))
        let noLoader = try SVGResolver.resolve(svg([image([("href", png)], line: 2)]))
        #expect(noLoader.warnings.map(\.description) == [
            "line 2: <image>: images are not decoded here (no image loader in SVGResolver.Options.images); skipped",
        ])
        let broken = try SVGResolver.resolve(svg([
            image([("href", "data:image/png;base64,aGVsbG8=")], line: 2),
            image([("href", "data:image/gif;base64,R0lGODlhAQABAAAAACw=")], line: 3),
            image([("href", "data:application/pdf;base64,aGVsbG8=")], line: 4),
            image([("href", "logo.png")], line: 5),
        ]), options: options(loader(2, 2, twoByTwo)))
        #expect(broken.warnings.map(\.description) == [
            "line 2: <image>: the data: URI says image/png, but its data is not a PNG image; skipped",
            "line 3: <image>: GIF images are not supported (PNG, JPEG and SVG are); skipped",
            "line 4: <image>: data: URI of type application/pdf is not an image svgicon reads (PNG, JPEG or SVG); skipped",
            "line 5: <image>: relative path \"logo.png\" refused: this SVG was not read from a file, so it has no folder of its own; skipped",
        ])
        // Clip paths are made of shapes: an image drawn there through a use is ignored with a warning.
        let defs = SVGElement(name: "defs", children: [image([("id", "i"), ("href", png), ("width", "2"), ("height", "2")], line: 7)])
        let use = SVGElement(name: "use", attributes: [(name: "href", value: "#i")])
        let clip = SVGElement(name: "clipPath", attributes: [(name: "id", value: "c")], children: [use])
        let rect = SVGElement(name: "rect", attributes: [(name: "width", value: "2"), (name: "height", value: "2"),
                                                         (name: "clip-path", value: "url(#c)")])
        let clipped = try SVGResolver.resolve(svg([defs, clip, rect]), options: options(loader(2, 2, twoByTwo)))
        #expect(clipped.warnings.map(\.description) == [
            "line 7: <image>: images in a clipPath are ignored (a clip path is made of shapes)",
        ])
    }

    @Test("An image paints in colour: it never takes the tint, and the renderer draws it in RGBA")
    func noTint() throws {
        let png = dataURI(Self.pngHeader(2, 2))
        let result = try SVGResolver.resolve(svg([image([("href", png), ("width", "2"), ("height", "2"),
                                                         ("opacity", "0.5")])]),
                                             options: options(loader(2, 2, twoByTwo)))
        #expect(!result.icon.usesTint)
        let pixmap = result.icon.render(size: 2, tint: SVGColor(red: 0, green: 255, blue: 0))
        #expect(pixmap.pixel(x: 0, y: 0) == (128, 0, 0, 128))
    }
}
