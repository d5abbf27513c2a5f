import Testing
import SVGIconCore

/// The core's guards against absurd numbers and amplification: nothing traps, nothing runs unbounded, and
/// every limit says which limit it is.
@Suite("Hostile input in the core")
struct HostileInputTests {
    private func svg(_ children: [SVGElement], viewBox: String = "0 0 24 24") -> SVGElement {
        SVGElement(name: "svg", attributes: [(name: "viewBox", value: viewBox)], children: children)
    }

    private func el(_ name: String, _ attributes: [(String, String)], _ children: [SVGElement] = []) -> SVGElement {
        SVGElement(name: name, attributes: attributes.map { (name: $0.0, value: $0.1) }, children: children)
    }

    private func isSane(_ grid: [Float]) -> Bool { grid.allSatisfy { $0 >= 0 && $0 <= 1 } }

    @Test("Infinite and enormous coordinates are clamped: a closed polygon stays closed")
    func enormousCoordinates() {
        for far in [Double.infinity, 1e300, 1e15] {
            // A triangle reaching far to the right covers the right part of rows 2…6, nothing else.
            let grid = coverageGrid(width: 8, height: 8, polygons: [[SVGPoint(x: 4, y: 2), SVGPoint(x: far, y: 4),
                                                                     SVGPoint(x: 4, y: 6)]])
            #expect(isSane(grid))
            #expect(grid[4 * 8 + 6] == 1 && grid[4 * 8 + 2] == 0 && grid[0] == 0 && grid[7 * 8 + 7] == 0, "\(far)")
        }
        // Far to the left and far above and below: the whole canvas.
        let big = 1e300
        let everything = coverageGrid(width: 4, height: 4, polygons: [rectPolygon(-big, -big, big, big)])
        #expect(everything.allSatisfy { $0 == 1 })
        // NaN edges are dropped; what remains still sweeps without trapping.
        let nan = coverageGrid(width: 4, height: 4, polygons: [[SVGPoint(x: 1, y: 1), SVGPoint(x: .nan, y: 2),
                                                                SVGPoint(x: 1, y: 3)]])
        #expect(isSane(nan))
        // An edge too steep for a finite slope: no area, no trap.
        let steep = coverageGrid(width: 4, height: 4, polygons: [[SVGPoint(x: -1e12, y: 1), SVGPoint(x: 1e12, y: 1 + 1e-300),
                                                                  SVGPoint(x: 2, y: 3)]])
        #expect(isSane(steep))
    }

    @Test("A shape whose band sweep would go quadratic is accumulated linearly, with the same coverage")
    func boundedBandSweep() {
        // A comb of 2000 teeth closed along its base, every edge spanning the height: band work ≈ 2000²,
        // over maxBandWork.
        func comb(teeth: Int, phase: Double) -> [SVGPoint] {
            var points = [SVGPoint(x: 0, y: 31)]
            for i in 0..<teeth {
                let x = 30 * Double(i) / Double(teeth)
                points.append(SVGPoint(x: x, y: 1 + phase * Double(i % 7) / 100))
                points.append(SVGPoint(x: x + 15 / Double(teeth), y: 31 - phase * Double(i % 5) / 100))
            }
            points.append(SVGPoint(x: 30, y: 31))
            return points
        }
        let polygon = comb(teeth: 2000, phase: 1)
        var area = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        for rule in [FillRule.nonzero, .evenodd] {
            let grid = coverageGrid(width: 32, height: 32, rule: rule, polygons: [polygon])
            #expect(isSane(grid))
            #expect(abs(total(grid) - abs(area) / 2) < 0.01, "\(rule): \(total(grid)) vs \(abs(area) / 2)")
        }
        // The same polygon with few teeth takes the exact path; both agree pixel by pixel on a simple shape
        // drawn alongside a comb that forces the fallback.
        let square = rectPolygon(2.25, 3.5, 9.75, 12.125)
        let exact = coverageGrid(width: 32, height: 32, polygons: [square])
        let withComb = coverageGrid(width: 32, height: 32, polygons: [square, comb(teeth: 2000, phase: 1).map {
            SVGPoint(x: $0.x / 3 + 20, y: $0.y)
        }])
        for y in 0..<32 {
            for x in 0..<12 {
                #expect(abs(exact[y * 32 + x] - withComb[y * 32 + x]) < 1e-5, "(\(x), \(y))")
            }
        }
    }

    @Test("Edges joining at one y in reverse order cost a bounded sort, then the linear path",
          .timeLimit(.minutes(1)))
    func boundedBandSort() {
        // A zig-zag of 120 000 edges between y = 10 and y = 10.1, drawn right to left: every edge starts at
        // y = 10, so the estimate of band work is about one per edge and the sweep starts, but its first band
        // must sort them all from falling x (n²/2 ≈ 7·10⁹ moves: minutes) before it checks its work. The
        // sort now stops at the band-work limit and the shape is accumulated linearly instead.
        let n = 120_000
        var zigzag: [SVGPoint] = []
        for i in 0..<n {
            let x = 30 - 29.0 * Double(i) / Double(n)
            zigzag.append(SVGPoint(x: x, y: i % 2 == 0 ? 10 : 10.1))
        }
        // Closed below: the region under the teeth down to y = 20.
        zigzag.append(SVGPoint(x: 1, y: 20))
        zigzag.append(SVGPoint(x: 30, y: 20))
        let grid = coverageGrid(width: 32, height: 32, polygons: [zigzag])
        #expect(isSane(grid))
        // The teeth cover half of the strip from y = 10 to 10.1, the rest of row 10 is inside: 0.95 from
        // x = 2 to 28; rows 11 to 19 are full.
        for x in 2..<28 {
            #expect(abs(grid[10 * 32 + x] - 0.95) < 0.01, "x \(x): \(grid[10 * 32 + x])")
            #expect(grid[15 * 32 + x] == 1 && grid[9 * 32 + x] == 0)
        }
    }

    @Test("Chains ending where thousands of others start, none continuing them, cost bounded work",
          .timeLimit(.minutes(1)))
    func boundedContinuationSearch() {
        // 100 000 staircase contours side by side: each goes down from (x, 0) to (x, 5), steps right, on
        // down to y = 10, steps right and returns. The steps are horizontal (dropped), so every upper edge
        // ends at y = 5 with no edge continuing it, while 100 000 lower ones start there: each search for a
        // continuation looked through all of those still waiting (n²/2 ≈ 5·10⁹ comparisons: minutes). The
        // search now counts as band work, and past the limit the shape is accumulated linearly.
        let n = 100_000
        var rasterizer = CoverageRasterizer(width: 32, height: 16)
        for i in 0..<n {
            let x = 1 + 30 * Double(i) / Double(n)
            let step = 15.0 / Double(n)
            rasterizer.addLine(SVGPoint(x: x, y: 0), SVGPoint(x: x, y: 5))
            rasterizer.addLine(SVGPoint(x: x + step, y: 5), SVGPoint(x: x + step, y: 10))
            rasterizer.addLine(SVGPoint(x: x + 2 * step, y: 10), SVGPoint(x: x, y: 0))
        }
        var grid = [Float](repeating: 0, count: 32 * 16)
        rasterizer.sweep(rule: .nonzero) { y, x0, x1, coverage in
            for x in x0..<x1 { grid[y * 32 + x] = coverage }
        }
        #expect(isSane(grid))
        // Nothing is drawn outside the strip the contours span.
        for y in 0..<16 { #expect(grid[y * 32] == 0 && grid[y * 32 + 31] == 0) }
        #expect(grid[12 * 32 + 10] == 0)
        // Each contour's area is 5·step, so all of them cover 75 pixels' worth.
        let total = grid.reduce(0, +)
        #expect(abs(total - 75) < 1, "total \(total)")
    }

    @Test("The rasterizer counts its work and stops taking edges past its limit")
    func rasterizerWorkLimit() {
        var rasterizer = CoverageRasterizer(width: 16, height: 16)
        rasterizer.workLimit = 1000
        for i in 0..<10_000 {
            let x = Double(i % 16)
            rasterizer.addLine(SVGPoint(x: x, y: 0), SVGPoint(x: x + 0.5, y: 16))
        }
        #expect(rasterizer.work > 1000 && rasterizer.work <= 1000 + 73)
    }

    @Test("A render past its work limit or offscreen memory limit stops and says which")
    func renderLimits() throws {
        let full = SVGIconLayer.rect(x: 0, y: 0, width: 24, height: 24)
        let many = SVGIconDefinition(layers: Array(repeating: full, count: 200))
        var renderer = SVGIconRenderer(options: RenderOptions(width: 64, height: 64))
        renderer.workLimit = 100_000
        _ = renderer.render(many)
        #expect(renderer.limitExceeded == "drawing it needs more than 100000 steps (the work limit at 64×64)")
        #expect(throws: Never.self) { try SVGIconDefinition(layers: [full]).renderChecked(options: RenderOptions(width: 64, height: 64)) }
        // Read from a large document, the same icon may do workPerSourceByte steps per byte of it.
        var large = many
        large.sourceByteCount = 1_000_000
        #expect(large == many)
        let drawn = renderer.render(large)
        #expect(renderer.limitExceeded == nil && drawn.pixel(x: 63, y: 63).a == 255)
        #expect(renderer.workLimit == 100_000)  // the allowance lasts one render
        large.sourceByteCount = 3_000  // 96 000 steps: less than the limit, which holds
        _ = renderer.render(large)
        #expect(renderer.limitExceeded == "drawing it needs more than 100000 steps (the work limit at 64×64)")

        var nested = SVGIconLayer.group([full], opacity: 0.5)
        for _ in 0..<10 { nested = .group([nested, full], opacity: 0.5) }
        var small = SVGIconRenderer(options: RenderOptions(width: 64, height: 64))
        small.offscreenByteLimit = 64 * 64 * 16 * 3
        _ = small.render(SVGIconDefinition(layers: [nested]))
        #expect(small.limitExceeded == "its nested opacity groups, clip paths and masks need more than 192 KiB of offscreen buffers at 64×64")
        #expect(SVGIconRenderer.defaultWorkLimit(width: 24, height: 24) == 1 << 26)
        #expect(SVGIconRenderer.defaultWorkLimit(width: 8192, height: 8192) == 128 * 8192 * 8192)
    }

    @Test("One renderer renders icon after icon exactly as new ones do, also after a render stopped at its limit")
    func rendererReuse() throws {
        let full = SVGIconLayer.rect(x: 0, y: 0, width: 24, height: 24)
        let icons = [
            SVGIconDefinition(layers: [
                SVGIconLayer(pathData: "M4 4 C 10 0 14 24 20 6 L 9 21", strokeColor: SVGColor(red: 9, green: 90, blue: 200),
                             strokeWidth: 2.5),
                .circle(cx: 12, cy: 12, r: 5.3),
                SVGIconLayer(shape: SVGShape(path: PathDataParser.parse("M3 20 Q 12 -4 21 20 Z").path, fill: nil,
                                             stroke: SVGStroke(style: StrokeStyle(width: 1.5, dashes: [2, 1]))),
                             elementName: "path"),
            ]),
            SVGIconDefinition(layers: Array(repeating: full, count: 200)),  // stops at the work limit
            SVGIconDefinition(layers: [.group([.line(x1: 2, y1: 22, x2: 22, y2: 3, strokeWidth: 1.3), full], opacity: 0.5)]),
            SVGIconDefinition(layers: [SVGIconLayer(pathData: "M2 2 L22 12 L2 22 Z")]),
        ]
        var shared = SVGIconRenderer(options: RenderOptions(width: 64, height: 64))
        shared.workLimit = 100_000
        for (i, icon) in (icons + icons).enumerated() {
            var fresh = SVGIconRenderer(options: RenderOptions(width: 64, height: 64))
            fresh.workLimit = 100_000
            let expected = fresh.render(icon)
            let reused = shared.render(icon)
            let same = reused == expected  // (not inside #expect, which would print both pixmaps)
            #expect(same, "icon \(i % icons.count)")
            #expect(shared.limitExceeded == fresh.limitExceeded, "icon \(i % icons.count)")
            #expect((shared.limitExceeded != nil) == (i % icons.count == 1), "icon \(i % icons.count)")
        }
    }

    @Test("A renderer that drew a shape of 70 000 edges lets that scratch go and renders the next icon as a new one")
    func rendererTrimsScratch() {
        var zigzag = "M1 1"
        for i in 0..<70_000 { zigzag += i % 2 == 0 ? " L63 \(1 + Double(i) * 0.0008)" : " L1 \(1 + Double(i) * 0.0008)" }
        let big = SVGIconDefinition(viewBox: SVGViewBox(width: 64, height: 64), layers: [SVGIconLayer(pathData: zigzag + " Z")])
        let small = SVGIconDefinition(layers: [SVGIconLayer(pathData: "M4 4 L20 6 L9 21 Z"), .circle(cx: 12, cy: 12, r: 5.3)])
        var shared = SVGIconRenderer(options: RenderOptions(width: 64, height: 64))
        var fresh = SVGIconRenderer(options: RenderOptions(width: 64, height: 64))
        let first = shared.render(big)
        let firstFresh = fresh.render(big)
        #expect(shared.limitExceeded == nil)
        let after = shared.render(small)
        var other = SVGIconRenderer(options: RenderOptions(width: 64, height: 64))
        let expected = other.render(small)
        let same = first == firstFresh && after == expected  // (not inside #expect, which would print pixmaps)
        #expect(same)
    }

    @Test("Absurd sizes, radii, widths and transforms render without trapping")
    func absurdGeometry() throws {
        let cases: [[SVGElement]] = [
            [el("path", [("d", "M12 12 L1e300 1e300 L-1e300 1e300 Z")])],
            [el("circle", [("cx", "12"), ("cy", "12"), ("r", "1e308"), ("stroke", "red")])],
            [el("path", [("d", "M2 2 L22 22 L2 22"), ("stroke", "red"), ("stroke-width", "1e300"), ("stroke-linejoin", "round")])],
            [el("g", [("transform", "scale(1e200)")], [el("rect", [("width", "10"), ("height", "10"), ("stroke", "red")])])],
            [el("g", [("transform", "scale(1e-200)")], [el("rect", [("width", "1e200"), ("height", "1e200")])])],
            [el("path", [("d", "M0 0 A1e308 1e-308 1e308 1 1 24 24"), ("stroke", "red"), ("fill", "none")])],
            [el("path", [("d", "M0 12 L24 12"), ("stroke", "red"), ("stroke-dasharray", "1e308 1e308"), ("stroke-dashoffset", "-1e308")])],
        ]
        for children in cases {
            for viewBox in ["0 0 24 24", "0 0 1e-300 1e-300", "-1e308 -1e308 1e308 1e308"] {
                let icon = try SVGResolver.resolve(svg(children, viewBox: viewBox)).icon
                let pixmap = try icon.renderChecked(options: RenderOptions(width: 32, height: 32))
                #expect(pixmap.data.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 })
            }
        }
    }

    @Test("Document-wide limits name the limit (Tests/Fixtures/hostile/ reaches each of them)")
    func documentLimitMessages() {
        #expect(SVGResolveError.tooManyExpandedElements(limit: 50_000).description
            == "use references expand the document to more than 50000 elements; not an icon")
        #expect(SVGResolveError.tooManyPathSegments(limit: 1_000_000).description
            == "the document has more than 1000000 path segments (use references included); not an icon")
        #expect(SVGResolveError.styleSheetTooCostly(rules: 2000, elements: 602).description
            == "its styles (602 elements, 2000 style rules, their attributes and CSS text) take more than 500000 steps to apply; not an icon")
    }

    @Test("Per-element limits warn and keep drawing: nesting, gradient stops, dashes, warnings")
    func warningLimits() throws {
        // Groups 120 deep drawn through 4 nested uses: 129 levels, past maxNestingDepth; the content is
        // skipped with one warning.
        var chain = el("rect", [("width", "4"), ("height", "4")])
        for _ in 0..<120 { chain = el("g", [], [chain]) }
        var defs = [el("g", [("id", "u0")], [chain])]
        for i in 1..<4 { defs.append(el("g", [("id", "u\(i)")], [el("use", [("href", "#u\(i - 1)")])])) }
        let deep = try SVGResolver.resolve(svg([el("defs", [], defs), el("use", [("href", "#u3")])]))
        #expect(deep.warnings.map(\.description) == ["<rect>: nested more than 128 levels deep once use references are expanded; skipped"])
        // A tree built in code deeper than the XML reader allows is refused outright.
        var tooDeep = el("rect", [])
        for _ in 0..<200 { tooDeep = el("g", [], [tooDeep]) }
        #expect(throws: SVGResolveError.nestedTooDeep(limit: 128)) { try SVGResolver.resolve(svg([tooDeep])) }

        let stops = (0..<300).map { el("stop", [("offset", "\(Double($0) / 300)"), ("stop-color", "red")]) }
        let gradient = try SVGResolver.resolve(svg([el("linearGradient", [("id", "g")], stops),
                                                    el("rect", [("width", "24"), ("height", "24"), ("fill", "url(#g)")])]))
        #expect(gradient.warnings.map(\.description) == ["<linearGradient>: has 300 stops; only the first 256 are used"])

        let dashed = try SVGResolver.resolve(svg([el("path", [("d", "M0 0 L1e9 0"), ("stroke", "red"), ("stroke-dasharray", "1 1")])]))
        #expect(dashed.warnings.map(\.description) == ["<path>: stroke-dasharray would cut the path into more than 20000 dashes; drawn solid"])

        let noisy = try SVGResolver.resolve(svg(Array(repeating: el("rect", [("width", "bad")]), count: 150)))
        #expect(noisy.warnings.count == 101)
        #expect(noisy.warnings.last?.description == "<svg>: 50 more warnings not shown")
    }

    @Test("Descendant selectors cost compounds × depth, not every combination of ancestors")
    func selectorBacktracking() throws {
        var chain = el("rect", [("width", "4"), ("height", "4")])
        for _ in 0..<120 { chain = el("g", [], [chain]) }
        let style = el("style", [], [])
        var withText = style
        withText.text = "nope " + String(repeating: "g ", count: 30) + "rect { fill: red }"
        let result = try SVGResolver.resolve(svg([withText, chain]))
        #expect(result.warnings.isEmpty)
    }

    @Test("Sibling selectors over 20 000 siblings cost constant work per element, not a walk of the list")
    func siblingSelectorsOverManySiblings() throws {
        let rects = (0..<20_000).map { _ in el("rect", [("width", "1"), ("height", "1")]) }
        var style = el("style", [], [])
        style.text = "rect:nth-child(2n+1) { fill: red } rect + rect { stroke: blue }"
        let result = try SVGResolver.resolve(svg([style, el("g", [], rects)]))
        func shapes(_ layers: [SVGIconLayer]) -> [SVGShape] {
            layers.flatMap { layer -> [SVGShape] in
                switch layer.content {
                case .shape(let s): return [s]
                case .group(let children): return shapes(children)
                }
            }
        }
        let all = shapes(result.icon.layers)
        #expect(all.count == 20_000)
        #expect(all.filter { $0.fill?.paint == .color(SVGColor(red: 255, green: 0, blue: 0)) }.count == 10_000)
        #expect(all.filter { $0.stroke?.paint == .color(SVGColor(red: 0, green: 0, blue: 255)) }.count == 19_999)
        // The bound is the cascade's work counter, not a clock: a walk of the earlier siblings per element
        // counts its steps and passes SVGLimits.cascadeWork (500 000) long before 20 000 elements, which
        // ends matching with a warning and leaves the later rects unstyled.
        #expect(result.warnings.isEmpty)
    }

    @Test("Path data stops at its segment limit with an error")
    func pathSegmentLimit() {
        let (path, error) = PathDataParser.parse("M0 0 h1 h1 h1 h1 h1", maxSegments: 3)
        #expect(path.verbs.count == 4)
        #expect(error?.description == "path data error at character 15: more than 3 segments")
    }

    @Test("Dash patterns that would cut a path into millions of pieces stop at the dash limit")
    func dashLimit() {
        let line = FlatContour(points: [SVGPoint(x: 0, y: 0), SVGPoint(x: 1e9, y: 0)], isClosed: false)
        let dashes = Dasher(pattern: [1e-9, 1e-9], offset: 0)!.dash([line])
        #expect(dashes.count == Dasher.maxDashes)
    }
}
