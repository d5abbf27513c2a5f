import Foundation
import Testing
import SVGIconKit
import SVGIconTools

/// The filter engine wired in: `<filter>` and CSS filter functions resolved into the model
/// (Docs/model.md, "Filters"), and filtered layers drawn by the renderer. Fixtures in
/// Tests/Fixtures/filter-wiring/, resvg's renderings in its resvg/ folder (see resvg/README).
@Suite("Filters: resolution and rendering")
struct FilterWiringTests {
    static let folder = FixturePaths.folder("filter-wiring")

    static var referenced: [String] { FixturePaths.referenced(in: folder, size: 100) }

    static func parse(_ body: String, options: SVGResolver.Options = SVGResolver.Options()) throws -> SVGParseResult {
        try SVGDocumentParser.parse("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 100 100\">\(body)</svg>",
                                    file: "test.svg", options: options)
    }

    /// The filters of the first layer that has any.
    static func filters(_ icon: SVGIconDefinition) -> [SVGFilter] {
        var pending = icon.layers
        while let layer = pending.popLast() {
            if !layer.filter.isEmpty { return layer.filter }
            if case .group(let children) = layer.content { pending += children }
        }
        return []
    }

    // MARK: Resolution

    @Test("filterUnits objectBoundingBox (default region −10 %/120 %), percentages, and primitiveUnits scale by the box")
    func unitsAndDefaults() throws {
        let result = try Self.parse("""
            <filter id="f" primitiveUnits="objectBoundingBox"><feGaussianBlur stdDeviation="0.05 0.02"/>
              <feOffset dx="0.1" dy="0.5" x="0.25" width="50%"/></filter>
            <rect x="20" y="30" width="60" height="40" filter="url(#f)"/>
            """)
        let f = try #require(Self.filters(result.icon).first)
        #expect(f.region == SVGRect(x: 14, y: 26, width: 72, height: 48))
        #expect(f.primitives.count == 2)
        guard case let .gaussianBlur(sx, sy) = f.primitives[0].kind else { Issue.record("not a blur"); return }
        #expect(abs(sx - 3) < 1e-12 && abs(sy - 0.8) < 1e-12)
        guard case let .offset(dx, dy) = f.primitives[1].kind else { Issue.record("not an offset"); return }
        #expect(abs(dx - 6) < 1e-12 && abs(dy - 20) < 1e-12)
        #expect(f.primitives[1].x == 35 && f.primitives[1].width == 30)
        #expect(f.primitives[1].y == nil && f.primitives[1].height == nil)
        #expect(f.primitives[0].colorSpace == .linearRGB)
        #expect(f.label == "url(#f)" && f.line == 3)
    }

    @Test("userSpaceOnUse region and subregion percentages are of the viewport; feDropShadow defaults; inherited color-interpolation-filters")
    func userSpace() throws {
        let result = try Self.parse("""
            <g style="color-interpolation-filters: sRGB"><filter id="f" filterUnits="userSpaceOnUse" x="10%" y="5" width="50%" height="2in">
              <feDropShadow/><feFlood x="50%" y="25%" width="10" flood-color="rgba(255,0,0,0.5)" flood-opacity="50%"
                color-interpolation-filters="linearRGB"/></filter></g>
            <circle cx="50" cy="50" r="10" filter="url(#f)"/>
            """)
        let f = try #require(Self.filters(result.icon).first)
        #expect(f.region == SVGRect(x: 10, y: 5, width: 50, height: 192))
        #expect(f.primitives[0].kind == .dropShadow(dx: 2, dy: 2, stdDeviationX: 2, stdDeviationY: 2, color: .black, opacity: 1))
        #expect(f.primitives[0].colorSpace == .sRGB)
        #expect(f.primitives[1].kind == .flood(color: SVGColor(red: 255, green: 0, blue: 0, alpha: 0.5), opacity: 0.5))
        #expect(f.primitives[1].colorSpace == .linearRGB)
        #expect(f.primitives[1].x == 50 && f.primitives[1].y == 25 && f.primitives[1].width == 10)
    }

    @Test("href inherits the region and primitives; negative stdDeviation passes the input; invalid numbers take defaults (a 3-number radius is 1 1)")
    func hrefAndInvalid() throws {
        let result = try Self.parse("""
            <filter id="base" x="-0.5" y="-0.5" width="2" height="2"><feGaussianBlur stdDeviation="-2"/>
              <feMorphology radius="1 2 3"/><feColorMatrix type="saturate" values="x"/></filter>
            <filter id="child" xlink:href="#base" width="3"/>
            <rect x="0" y="0" width="10" height="20" filter="url(#child)"/>
            """)
        let f = try #require(Self.filters(result.icon).first)
        #expect(f.region == SVGRect(x: -5, y: -10, width: 30, height: 40))
        #expect(f.primitives.map(\.kind) == [.gaussianBlur(stdDeviationX: 0, stdDeviationY: 0),
                                             .morphology(.erode, radiusX: 1, radiusY: 1),
                                             .colorMatrix(.saturate(1))])
    }

    @Test("currentColor in flood-color takes the tint unless the document sets color there")
    func floodTint() throws {
        let tinted = try Self.parse("""
            <filter id="f"><feFlood flood-color="currentColor"/></filter>
            <rect x="10" y="10" width="10" height="10" fill="red" filter="url(#f)"/>
            """)
        #expect(Self.filters(tinted.icon).first?.primitives.first?.colorTakesTint == true)
        #expect(tinted.icon.usesTint)
        let pixel = tinted.icon.render(options: RenderOptions(width: 100, height: 100, tint: SVGColor(red: 0, green: 0, blue: 255)))
            .pixel(x: 15, y: 15)
        #expect(pixel == (0, 0, 255, 255))
        let baked = try Self.parse("""
            <filter id="f" color="lime"><feFlood flood-color="currentColor"/></filter>
            <rect x="10" y="10" width="10" height="10" fill="red" filter="url(#f)"/>
            """)
        #expect(Self.filters(baked.icon).first?.primitives.first?.kind == .flood(color: SVGColor(red: 0, green: 255, blue: 0), opacity: 1))
        #expect(!baked.icon.usesTint)
    }

    @Test("feColorMatrix values that are not a list of numbers take the type's lacuna value")
    func colorMatrixInvalidValues() throws {
        func kind(_ attributes: String) throws -> SVGFilterPrimitiveKind? {
            let result = try Self.parse("<filter id=\"f\"><feColorMatrix \(attributes)/></filter>"
                + "<rect x=\"10\" y=\"10\" width=\"20\" height=\"20\" filter=\"url(#f)\"/>")
            return Self.filters(result.icon).first?.primitives.first?.kind
        }
        #expect(try kind("type=\"saturate\" values=\"20%\"") == .colorMatrix(.saturate(1)))
        #expect(try kind("type=\"saturate\" values=\"3\"") == .colorMatrix(.saturate(3)))
        #expect(try kind("type=\"hueRotate\" values=\"90deg\"") == .colorMatrix(.hueRotate(0)))
        #expect(try kind("values=\"1 0 0 0 0 0 1 0 0 0 0 0 1 0 0 0 0 0 1 x\"") == .colorMatrix(.matrix([])))
        #expect(try kind("type=\"hueRotate\" values=\"90\"") == .colorMatrix(.hueRotate(90)))
    }

    @Test("feConvolveMatrix order: fractions truncated towards zero, values below 1 give the lacuna 3")
    func convolveOrder() throws {
        func orders(_ order: String) throws -> [Int] {
            let result = try Self.parse("<filter id=\"f\"><feConvolveMatrix order=\"\(order)\" kernelMatrix=\"1\"/></filter>"
                + "<rect x=\"10\" y=\"10\" width=\"20\" height=\"20\" filter=\"url(#f)\"/>")
            guard case .convolveMatrix(let m)? = Self.filters(result.icon).first?.primitives.first?.kind else { return [] }
            return [m.orderX, m.orderY]
        }
        #expect(try orders("3.7") == [3, 3])
        #expect(try orders("5 1.9") == [5, 1])
        #expect(try orders("-3") == [3, 3])
        #expect(try orders("0.5 2") == [3, 3])
        #expect(try orders("2") == [2, 2])
    }

    @Test("CSS filter functions become the spec's primitives, in sRGB, one filter per function")
    func cssFunctions() throws {
        let result = try Self.parse("""
            <rect x="10" y="10" width="20" height="20" filter="blur(2px) drop-shadow(1px 2px 3px red) grayscale(50%) hue-rotate(0.5turn) opacity(2)"/>
            """)
        let list = Self.filters(result.icon)
        #expect(list.count == 5)
        #expect(list.allSatisfy { $0.primitives.count == 1 && $0.primitives[0].colorSpace == .sRGB })
        #expect(list[0].primitives[0].kind == .gaussianBlur(stdDeviationX: 2, stdDeviationY: 2))
        #expect(list[0].region == SVGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(list[1].primitives[0].kind == .dropShadow(dx: 1, dy: 2, stdDeviationX: 3, stdDeviationY: 3,
                                                          color: SVGColor(red: 255, green: 0, blue: 0), opacity: 1))
        #expect(list[1].region == SVGRect(x: 0, y: -1, width: 40, height: 42))  // 3σ + |dy| = 11 > 50 % of 20
        guard case .colorMatrix(.matrix(let m)) = list[2].primitives[0].kind else { Issue.record("grayscale"); return }
        #expect(abs(m[0] - (0.2126 + 0.7874 * 0.5)) < 1e-12 && m.count == 20)
        #expect(list[3].primitives[0].kind == .colorMatrix(.hueRotate(180)))
        #expect(list[4].primitives[0].kind == .componentTransfer(red: .identity, green: .identity, blue: .identity,
                                                                 alpha: .table([0, 1])))
        #expect(list[2].region == SVGRect(x: 8, y: 8, width: 24, height: 24))
    }

    @Test("grayscale() and sepia() give the spec's matrices to the last bit, with amounts over 1 taken as 1")
    func cssAmountMatrices() throws {
        let result = try Self.parse("""
            <rect x="10" y="10" width="20" height="20" filter="grayscale(30%) sepia(0.25) sepia(3)"/>
            """)
        let kinds = Self.filters(result.icon).map { $0.primitives[0].kind }
        func spelled(_ k: Double, _ f: [Double], _ lift: [Double]) -> SVGFilterPrimitiveKind {
            .colorMatrix(.matrix([f[0] + lift[0] * k, f[1] - f[1] * k, f[2] - f[2] * k, 0, 0,
                                  f[3] - f[3] * k, f[4] + lift[1] * k, f[5] - f[5] * k, 0, 0,
                                  f[6] - f[6] * k, f[7] - f[7] * k, f[8] + lift[2] * k, 0, 0,
                                  0, 0, 0, 1, 0]))
        }
        let grey = [0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722]
        let sepia = [0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131]
        #expect(kinds == [spelled(1 - 0.3, grey, [0.7874, 0.2848, 0.9278]),
                          spelled(1 - 0.25, sepia, [0.607, 0.314, 0.869]),
                          spelled(0, sepia, [0.607, 0.314, 0.869])])
    }

    @Test("A list that does not parse is ignored; drop-shadow() without a colour takes the tint")
    func cssInvalid() throws {
        let bad = try Self.parse(#"<rect x="10" y="10" width="20" height="20" filter="blur(-1px)"/>"#)
        #expect(Self.filters(bad.icon).isEmpty)
        #expect(bad.warnings.map(\.description) == [#"line 1: <rect>: filter="blur(-1px)" does not parse; drawn without a filter"#])
        let shadow = try Self.parse(#"<rect x="10" y="10" width="20" height="20" fill="red" filter="drop-shadow(2px 2px 0)"/>"#)
        #expect(Self.filters(shadow.icon).first?.primitives.first?.colorTakesTint == true)
    }

    @Test("Commas make a list invalid; drop-shadow(currentColor) takes color; a non-number dx is 0; the root svg is filtered")
    func listSyntaxAndRoot() throws {
        let comma = try Self.parse(#"<rect x="10" y="10" width="20" height="20" filter="blur(2px), invert(1)"/>"#)
        #expect(Self.filters(comma.icon).isEmpty)
        #expect(comma.warnings.map(\.description) == [#"line 1: <rect>: filter="blur(2px), invert(1)" does not parse; drawn without a filter"#])
        let current = try Self.parse(##"<rect x="10" y="10" width="20" height="20" color="#00aaaa" filter="drop-shadow(4px 6px 0 currentColor)"/>"##)
        guard case let .dropShadow(dx, dy, _, _, color, opacity)? = Self.filters(current.icon).first?.primitives.first?.kind else {
            Issue.record("no drop shadow"); return
        }
        #expect(dx == 4 && dy == 6 && color == SVGColor(red: 0, green: 0xaa, blue: 0xaa) && opacity == 1)
        let percent = try Self.parse(#"<filter id="f"><feOffset dx="20%" dy="3"/></filter><rect width="10" height="10" filter="url(#f)"/>"#)
        #expect(Self.filters(percent.icon).first?.primitives.first?.kind == .offset(dx: 0, dy: 3))
        let root = try SVGDocumentParser.parse(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" filter="url(#f)"><filter id="f"><feOffset dx="2"/></filter><rect width="5" height="5"/></svg>"#, file: "root.svg")
        #expect(root.icon.layers.count == 1 && root.icon.layers.first?.elementName == "svg")
        #expect(Self.filters(root.icon).first?.primitives.first?.kind == .offset(dx: 2, dy: 0))
    }

    @Test("A reference to a missing or unusable filter makes the element not render (as resvg)")
    func missingReference() throws {
        let result = try SVGDocumentParser.parse(try FileIO.read(Self.folder + "/missing-ref.svg"), file: "missing-ref.svg")
        #expect(result.warnings.map(\.description) == [
            #"line 1: <rect>: filter="url(#nope)": url(#nope) names no <filter>"#,
            #"line 1: <rect>: filter="url(#nope)" has no usable filter; the element is not drawn"#,
        ])
        let pixmap = result.icon.render(size: 100)
        #expect(pixmap.pixel(x: 25, y: 25) == (0, 0, 0, 0))
        #expect(pixmap.pixel(x: 75, y: 75) == (0, 0, 255, 255))
        for body in [#"<filter id="f"/><rect width="10" height="10" filter="url(#f)"/>"#,
                     #"<filter id="f" width="0"><feFlood/></filter><rect width="10" height="10" filter="url(#f)"/>"#,
                     #"<filter id="f"><feFlood/></filter><path d="M0 5H10" stroke="red" filter="url(#f)"/>"#,
                     #"<linearGradient id="f"/><rect width="10" height="10" filter="url(#f)"/>"#] {
            #expect(try Self.parse(body).icon.layers.first.map { layer in
                if case .group(let children) = layer.content { return children.isEmpty }
                return false
            } ?? true, "\(body)")
        }
        // One usable entry is enough.
        let partly = try Self.parse(#"<filter id="f"><feOffset dx="1"/></filter><rect width="10" height="10" filter="url(#f) url(#g)"/>"#)
        #expect(Self.filters(partly.icon).count == 1)
    }

    @Test("An empty group is drawn for a filter in user space (feFlood needs no source); in bounding-box units it is not")
    func emptyGroupFilter() throws {
        let user = try Self.parse("""
            <filter id="f" filterUnits="userSpaceOnUse" x="20" y="20" width="60" height="60"><feFlood flood-color="#00ff00"/></filter>
            <g filter="url(#f)"></g>
            """)
        let pixmap = user.icon.render(size: 100)
        #expect(pixmap.pixel(x: 50, y: 50) == (0, 255, 0, 255))
        #expect(pixmap.pixel(x: 10, y: 10) == (0, 0, 0, 0))
        // CSS function names ignore ASCII case, here as where the group has content.
        let upper = try Self.parse("""
            <filter id="f" filterUnits="userSpaceOnUse" x="20" y="20" width="60" height="60"><feFlood flood-color="#00ff00"/></filter>
            <g filter="URL(#f)"/>
            """)
        #expect(upper.icon.render(size: 100).pixel(x: 50, y: 50) == (0, 255, 0, 255))
        let box = try Self.parse(#"<filter id="f"><feFlood flood-color="lime"/></filter><g filter="url(#f)"/>"#)
        #expect(box.icon.render(size: 100).pixel(x: 50, y: 50) == (0, 0, 0, 0))
        #expect(box.warnings.map(\.description) == [
            "line 1: <g>: a filter in objectBoundingBox units on an element without width or height; the element is not drawn",
            #"line 1: <g>: filter="url(#f)" has no usable filter; the element is not drawn"#,
        ])
        // Without a filter (or with filter="none") an empty group is still dropped.
        #expect(try Self.parse(#"<g filter="none"/>"#).icon.layers.isEmpty)
        #expect(try Self.parse(#"<g/>"#).icon.layers.isEmpty)
    }

    @Test("mix-blend-mode blends a filtered element's result with what is under it (no clip or mask needed)")
    func filteredBlend() throws {
        let result = try Self.parse("""
            <filter id="f"><feColorMatrix type="matrix" values="0 0 0 0 0  0 1 0 0 0  0 0 0 0 0  0 0 0 1 0"/></filter>
            <rect width="100" height="100" fill="#4040ff"/>
            <rect x="20" y="20" width="60" height="60" fill="#ffff00" filter="url(#f)" style="mix-blend-mode: multiply"/>
            """)
        let pixmap = result.icon.render(size: 100)
        #expect(pixmap.pixel(x: 50, y: 50) == (0, 64, 0, 255))      // (0, 1, 0) × (0.25, 0.25, 1)
        #expect(pixmap.pixel(x: 5, y: 5) == (64, 64, 255, 255))
    }

    // MARK: Rendering

    @Test("A drop shadow's pixels: offset, colour and opacity exactly, outside the element's own bounds")
    func dropShadowPixels() throws {
        let result = try Self.parse("""
            <filter id="s" x="0" y="0" width="2" height="2"><feDropShadow dx="10" dy="10" stdDeviation="0" flood-color="navy" flood-opacity="0.5"/></filter>
            <filter id="b" x="-1" y="-1" width="3" height="3"><feDropShadow dx="0" dy="20" stdDeviation="2"/></filter>
            <rect x="10" y="10" width="30" height="30" fill="#ff0000" filter="url(#s)"/>
            <rect x="60" y="10" width="30" height="30" fill="#ffffff" filter="url(#b)"/>
            """)
        let pixmap = result.icon.render(size: 100)
        #expect(pixmap.pixel(x: 25, y: 25) == (255, 0, 0, 255))         // the element
        #expect(pixmap.pixel(x: 45, y: 45) == (0, 0, 64, 128))          // its shadow (premultiplied), past its bounds
        #expect(pixmap.pixel(x: 5, y: 5) == (0, 0, 0, 0))
        #expect(pixmap.pixel(x: 75, y: 45) == (0, 0, 0, 255))           // deep inside the blurred shadow (30…60)
        let edge = pixmap.pixel(x: 75, y: 59)                           // its soft edge: Φ(0.25) ≈ 0.6
        #expect(edge.a > 130 && edge.a < 175, "\(edge)")
        let far = pixmap.pixel(x: 75, y: 67)                            // 3.25σ out
        #expect(far.a < 3, "\(far)")
    }

    @Test("In a filter list each filter's region is of the referencing element's box, not the previous result's, and cuts that result")
    func filterListRegions() throws {
        // #f moves the 25…75 square to 50…100 (its region, −50 %/200 %, is 0…100); #b's default region is
        // −10 %/120 % of the element's box (20…80), as Filter Effects 1 filterUnits says and Chrome resolves
        // every url() of a list against the one reference box. Of #f's result (0…100) it would be −10…110.
        let body = """
            <filter id="f" x="-50%" y="-50%" width="200%" height="200%"><feOffset dx="25" dy="25"/></filter>
            <filter id="b" color-interpolation-filters="sRGB"><feColorMatrix type="saturate" values="1"/></filter>
            <filter id="u" filterUnits="userSpaceOnUse" x="0" y="0" width="70" height="70" color-interpolation-filters="sRGB">
              <feColorMatrix type="saturate" values="1"/></filter>
            """
        let box = try Self.parse(body + #"<rect x="25" y="25" width="50" height="50" fill="red" filter="url(#f) url(#b)"/>"#)
        #expect(Self.filters(box.icon).map(\.region) == [SVGRect(x: 0, y: 0, width: 100, height: 100),
                                                        SVGRect(x: 20, y: 20, width: 60, height: 60)])
        let boxed = box.icon.render(size: 100)
        #expect(boxed.pixel(x: 30, y: 30) == (0, 0, 0, 0))        // moved away
        #expect(boxed.pixel(x: 60, y: 60) == (255, 0, 0, 255))
        #expect(boxed.pixel(x: 79, y: 79) == (255, 0, 0, 255))    // last pixel inside #b's region
        #expect(boxed.pixel(x: 80, y: 60) == (0, 0, 0, 0))        // cut by #b's region
        #expect(boxed.pixel(x: 90, y: 90) == (0, 0, 0, 0))
        let user = try Self.parse(body + #"<rect x="25" y="25" width="50" height="50" fill="red" filter="url(#f) url(#u)"/>"#)
        let used = user.icon.render(size: 100)
        #expect(used.pixel(x: 69, y: 69) == (255, 0, 0, 255))
        #expect(used.pixel(x: 70, y: 60) == (0, 0, 0, 0))         // cut by #u's user-space region
    }

    @Test("A rotated element is filtered in its own user space: the shadow turns with it")
    func rotated() throws {
        let result = try SVGDocumentParser.parse(try FileIO.read(Self.folder + "/rotated.svg"), file: "rotated.svg")
        let pixmap = result.icon.render(size: 100)
        // The rect's corner (70, 50) rotated by 30° about (50, 50) is at (67.3, 60); the shadow moves it by
        // (5.2, 3): the pixel just beyond it along the rotated x axis is shadow, not background.
        let p = pixmap.pixel(x: 71, y: 64)
        #expect(p.a > 100 && p.r < 40)
    }

    @Test("Renders like resvg", arguments: FilterWiringTests.referenced)
    func matchesResvg(name: String) throws {
        let result = try SVGDocumentParser.parse(try FileIO.read(Self.folder + "/\(name).svg"), file: name)
        // At 100 px the fixtures' regions fall on whole pixels: where they do not, svgicon's engine counts a
        // partly covered pixel in (resvg rounds some edges inwards), a difference of rounding, not meaning.
        try FixturePaths.expectAgreesWithResvg(result.icon, name: name, in: Self.folder, size: 100)
    }

    @Test("Hostile filters are refused or clamped with a warning naming the element, its line and the limit", arguments: [
        ("hostile-blur", "line 1: <rect>: filter url(#f): filter primitive 1: blur of 1000000000.0 px clamped to 16384.0 px"),
        ("hostile-octaves", "line 1: <rect>: filter url(#f): filter primitive 1: numOctaves 1000000000 clamped to 24"),
        ("hostile-kernel", "line 1: <rect>: filter url(#f): feConvolveMatrix (primitive 1) order 10000×10000 exceeds the limit of 1024 elements; the element is not drawn"),
        ("hostile-chain", "line 1: <rect>: filter url(#f): filter has 1000 primitives, more than the limit of 256; the element is not drawn"),
    ])
    func hostile(name: String, warning: String) throws {
        let result = try SVGDocumentParser.parse(try FileIO.read(Self.folder + "/\(name).svg"), file: name)
        var renderer = SVGIconRenderer(options: RenderOptions(width: 100, height: 100))
        let start = ContinuousClock.now
        _ = renderer.render(result.icon)
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(renderer.limitExceeded == nil)
        #expect(renderer.warnings.map(\.description) == [warning])
        // A second render starts clean.
        _ = renderer.render(try Self.parse(#"<rect width="10" height="10"/>"#).icon)
        #expect(renderer.warnings.isEmpty)
    }

    @Test("A region far past the canvas is cut to what reaches it; one that must stay whole (feTile) is refused")
    func hostileRegion() throws {
        let result = try SVGDocumentParser.parse(try FileIO.read(Self.folder + "/hostile-region.svg"), file: "hostile-region")
        var renderer = SVGIconRenderer(options: RenderOptions(width: 100, height: 100))
        let pixmap = renderer.render(result.icon)
        #expect(renderer.warnings.isEmpty && renderer.limitExceeded == nil)
        for (x, y) in [(0, 0), (99, 0), (0, 99), (99, 99), (50, 50)] {  // the flood covers the whole canvas
            let p = pixmap.pixel(x: x, y: y)
            #expect(p.r == 255 && p.g == 0 && p.b == 0 && p.a == 255)
        }
        let tiled = try Self.parse(#"<filter id="f" filterUnits="userSpaceOnUse" x="-1e6" y="-1e6" width="2e6" height="2e6"><feFlood flood-color="red" width="10"/><feTile/></filter><rect x="30" y="30" width="40" height="40" filter="url(#f)"/>"#)
        _ = renderer.render(tiled.icon)
        #expect(renderer.warnings.map(\.description) == ["line 1: <rect>: filter url(#f): filter region 2000000×2000000 px is larger than the limit (4194304 pixels, 16384 a side); the element is not drawn"])
    }

    @Test("Without filters nothing changes: filter=none and an unused <filter> draw exactly what their absence draws, alpha-only")
    func noFilterPath() throws {
        let with = try SVGDocumentParser.parse(try FileIO.read(Self.folder + "/filter-none.svg"), file: "filter-none.svg")
        let text = try String(contentsOfFile: Self.folder + "/filter-none.svg", encoding: .utf8)
            .replacingOccurrences(of: #" filter="none""#, with: "").replacingOccurrences(of: #" style="filter: none""#, with: "")
            .replacingOccurrences(of: #"<defs><filter id="unused"><feGaussianBlur stdDeviation="3"/></filter></defs>"#, with: "")
        let without = try SVGDocumentParser.parse(text, file: "plain.svg")
        #expect(with.warnings.isEmpty)
        #expect(with.icon == without.icon)
        #expect(Self.filters(with.icon).isEmpty)
        let a = with.icon.render(size: 24), b = without.icon.render(size: 24)
        #expect(a == b)
        let oneColour = try Self.parse(#"<rect width="50" height="50"/><circle cx="70" cy="70" r="20"/>"#).icon.render(size: 24)
        #expect(oneColour.uniformColor != nil, "one-colour icons keep the alpha-only pixmap")
        // A filter that adds no colour keeps it too (alpha planes, Docs/filter-engine.md "Cost"), and draws what
        // the RGBA route draws: the same shadow followed by an identity colour matrix takes that route.
        let shadow = #"<feDropShadow dx="3" dy="2" stdDeviation="4" flood-opacity="0.5"/>"#
        let planes = try Self.parse(#"<filter id="f">\#(shadow)</filter><rect width="50" height="50" filter="url(#f)"/>"#)
            .icon.render(size: 24)
        let rgba = try Self.parse(#"<filter id="f">\#(shadow)<feColorMatrix type="matrix" values="1"/></filter><rect width="50" height="50" filter="url(#f)"/>"#)
            .icon.render(size: 24)
        #expect(planes.uniformColor == SVGColor(red: 0, green: 0, blue: 0))
        #expect(rgba.uniformColor == nil)
        #expect(planes == rgba)
        let red = try Self.parse(#"<filter id="f"><feDropShadow flood-color="red"/></filter><rect width="50" height="50" filter="url(#f)"/>"#)
            .icon.render(size: 24)
        #expect(red.uniformColor == nil, "a shadow of another colour makes two colours")
    }

    @Test("A canvas whose other colour is only a last drop shadow starts alpha-only and draws what a canvas RGBA from the start draws; a Figma chain in the icon's colour keeps it alpha-only")
    func shadowCanvas() throws {
        let figmaBlack = #"<filter id="f" x="-20" y="-20" width="140" height="140" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB"><feFlood flood-opacity="0" result="BackgroundImageFix"/><feColorMatrix in="SourceAlpha" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 127 0" result="hardAlpha"/><feOffset dx="4" dy="6"/><feGaussianBlur stdDeviation="3"/><feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0.25 0"/><feBlend mode="normal" in2="BackgroundImageFix" result="effect1_dropShadow"/><feBlend mode="normal" in="SourceGraphic" in2="effect1_dropShadow" result="shape"/></filter>"#
        let figmaRed = figmaBlack.replacingOccurrences(of: #"values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0.25 0""#,
                                                       with: #"values="0 0 0 0 0.878 0 0 0 0 0.188 0 0 0 0 0.125 0 0 0 0.25 0""#)
        let red = #"<filter id="f"><feDropShadow dx="4" dy="6" stdDeviation="3" flood-color="rgb(224,48,32)" flood-opacity="0.5"/></filter>"#
        // The icon: a partly covered shape (a stroke's edges, a half-transparent circle), the group faded,
        // the shadow cut at the canvas's right and bottom edges.
        let content = #"<g filter="url(#f)" opacity="0.7"><rect x="10" y="10" width="50" height="50" fill="none" stroke="black" stroke-width="3.3"/><circle cx="80" cy="85" r="20" fill-opacity="0.6"/></g>"#
        let other = #"<rect x="-50" y="-50" width="5" height="5" fill="blue"/>"#  // outside the canvas: RGBA from the start
        for (filter, alphaOnly) in [(figmaBlack, true), (figmaRed, false), (red, false)] {
            for size in [24, 100] {
                let drawn = try Self.parse(filter + content).icon.render(size: size)
                let rgba = try Self.parse(filter + other + content).icon.render(size: size)
                #expect(rgba.uniformColor == nil)
                #expect(drawn.uniformColor == (alphaOnly ? SVGColor(red: 0, green: 0, blue: 0) : nil))
                #expect(drawn == rgba, "\(filter.prefix(40)) at \(size) px")
                #expect(drawn.straightAlphaRGBA().contains { $0 != 0 })
            }
        }
    }
}
