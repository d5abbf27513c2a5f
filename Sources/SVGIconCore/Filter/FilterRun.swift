extension FilterGraph {
    /// Runs the filter. `sourceGraphic` must be `region`'s size (premultiplied sRGB). The optional
    /// images (same size) stand for BackgroundImage, FillPaint and StrokePaint; where one is nil the input
    /// is SourceGraphic (as resvg 0.44) and a note says so. `image(index, subregion)` supplies feImage pixels: a
    /// region-sized image with the picture drawn into `subregion` (region pixels), or nil.
    package func run(sourceGraphic: FilterImage, backgroundImage: FilterImage? = nil,
                     fillPaint: FilterImage? = nil, strokePaint: FilterImage? = nil,
                     image: (Int, FilterPixelRect) -> FilterImage? = { _, _ in nil }) throws(FilterError) -> Output {
        guard sourceGraphic.width == region.width, sourceGraphic.height == region.height else {
            throw .sourceSizeMismatch(expected: region, width: sourceGraphic.width, height: sourceGraphic.height)
        }
        return withoutActuallyEscaping(image) { image in
            var run = FilterRun(graph: self, source: .rgba(sourceGraphic), backgroundImage: backgroundImage,
                                fillPaint: fillPaint, strokePaint: strokePaint, image: image)
            let result = run.execute()
            var out = result.value.rgba
            FilterColorConversion.convert(&out, from: result.space, to: .sRGB)
            return Output(image: out, region: region, notes: run.notes)
        }
    }

    /// Runs the filter on a SourceGraphic whose colour channels are all 0 (`sourceAlpha`, `region`'s size):
    /// the alpha plane of the result when every result the output depends on stayed colourless (blurs,
    /// offsets, merges, black floods and shadows), else nil (then `run(sourceGraphic:)` gives the RGBA
    /// result). A renderer uses it for a one-colour layer whose filter adds no other colour: the result's
    /// alpha is this plane's, its colour the layer's (see `FilterRendering.swift`).
    func runAlpha(sourceAlpha: FilterAlpha) throws(FilterError) -> (alpha: FilterAlpha?, notes: [FilterNote]) {
        guard sourceAlpha.width == region.width, sourceAlpha.height == region.height else {
            throw .sourceSizeMismatch(expected: region, width: sourceAlpha.width, height: sourceAlpha.height)
        }
        var run = FilterRun(graph: self, source: .alpha(sourceAlpha), backgroundImage: nil, fillPaint: nil,
                            strokePaint: nil, image: { _, _ in nil })
        let out = run.execute()
        return (out.value.plane, run.notes)
    }

    /// A stored result: RGBA, or an alpha plane when every colour channel is 0.
    enum Value {
        case rgba(FilterImage)
        case alpha(FilterAlpha)

        var rgba: FilterImage {
            switch self {
            case .rgba(let image): return image
            case .alpha(let plane): return plane.rgba
            }
        }

        var plane: FilterAlpha? {
            if case .alpha(let p) = self { return p }
            return nil
        }

        /// Clears every pixel outside `rect` (the pixels are not copied: this value holds the only reference).
        mutating func clear(outside rect: FilterPixelRect) {
            switch self {
            case .alpha(var plane):
                self = .alpha(FilterAlpha(width: 0, height: 0))
                plane.clear(outside: rect)
                self = .alpha(plane)
            case .rgba(var image):
                self = .alpha(FilterAlpha(width: 0, height: 0))
                image.clear(outside: rect)
                self = .rgba(image)
            }
        }
    }
}

/// One run of a `FilterGraph`: the inputs, the results made so far and when each can be freed.
struct FilterRun {
    typealias Value = FilterGraph.Value
    typealias Source = FilterGraph.Source

    let graph: FilterGraph
    /// SourceGraphic (sRGB): RGBA, or an alpha plane for a colourless source.
    let source: Value
    let backgroundImage: FilterImage?
    let fillPaint: FilterImage?
    let strokePaint: FilterImage?
    let image: (Int, FilterPixelRect) -> FilterImage?
    var notes: [FilterNote]
    var results: [(value: Value, space: SVGFilterColorSpace)?]
    /// The index of the last primitive that reads each result.
    var lastUse: [Int]
    /// How many reads of each result are left (a primitive may read one twice).
    var remaining: [Int]
    var sourceCache: [SVGFilterColorSpace: FilterImage] = [:]
    var alphaCache: FilterAlpha?
    let width: Int, height: Int

    init(graph: FilterGraph, source: Value, backgroundImage: FilterImage?, fillPaint: FilterImage?,
         strokePaint: FilterImage?, image: @escaping (Int, FilterPixelRect) -> FilterImage?) {
        self.graph = graph
        self.source = source
        self.backgroundImage = backgroundImage
        self.fillPaint = fillPaint
        self.strokePaint = strokePaint
        self.image = image
        notes = graph.plannedNotes
        width = graph.region.width
        height = graph.region.height
        let count = graph.filter.primitives.count
        results = Array(repeating: nil, count: count)
        lastUse = [Int](repeating: -1, count: count)
        remaining = [Int](repeating: 0, count: count)
        for (i, sources) in graph.inputs.enumerated() {
            for case .result(let j) in sources {
                lastUse[j] = i
                remaining[j] += 1
            }
        }
        if count > 0 { lastUse[count - 1] = count }
        if case .rgba(let image) = source { sourceCache[.sRGB] = image }
    }

    /// Runs every primitive; the last one's result and its colour space (transparent when there is none:
    /// a filter without primitives makes the element transparent).
    mutating func execute() -> (value: Value, space: SVGFilterColorSpace) {
        let count = graph.filter.primitives.count
        for i in 0..<count { step(i) }
        guard count > 0, let last = results[count - 1] else {
            return (.alpha(FilterAlpha(width: width, height: height)), .sRGB)
        }
        results[count - 1] = nil
        return last
    }

    /// Evaluates primitive i, cuts it to its subregion, stores it and frees the results no later
    /// primitive reads.
    mutating func step(_ i: Int) {
        let sub = graph.subregions[i]
        var made = sub.isEmpty
            ? (value: Value.alpha(FilterAlpha(width: width, height: height)),
               space: graph.filter.primitives[i].colorSpace)
            : evaluate(i, sub)
        made.value.clear(outside: sub)
        results[i] = made
        for case .result(let j) in graph.inputs[i] where lastUse[j] <= i { results[j] = nil }
    }

    // MARK: - Inputs

    mutating func sourceAlpha() -> FilterAlpha {
        if let a = alphaCache { return a }
        let a: FilterAlpha
        switch source {
        case .alpha(let plane): a = plane
        case .rgba(let image): a = FilterAlpha(image)
        }
        alphaCache = a
        return a
    }

    /// A standard input as RGBA in `space`.
    mutating func standard(_ input: SVGFilterInput, _ space: SVGFilterColorSpace, _ i: Int) -> FilterImage {
        switch input {
        case .sourceGraphic:
            if let cached = sourceCache[space] { return cached }
            var converted = source.rgba
            FilterColorConversion.convert(&converted, from: .sRGB, to: space)
            sourceCache[space] = converted
            return converted
        case .sourceAlpha:
            return sourceAlpha().rgba
        case .backgroundImage, .backgroundAlpha, .fillPaint, .strokePaint:
            let supplied: FilterImage?
            switch input {
            case .backgroundImage, .backgroundAlpha: supplied = backgroundImage
            case .fillPaint: supplied = fillPaint
            default: supplied = strokePaint
            }
            guard var img = supplied, img.width == width, img.height == height else {
                // resvg 0.44 reads all four as SourceGraphic (colours included, BackgroundAlpha too).
                notes.append(FilterNote(primitive: i, kind: .inputUnavailable(input)))
                return standard(.sourceGraphic, space, i)
            }
            if input == .backgroundAlpha { return FilterOps.alphaOnly(img) }
            FilterColorConversion.convert(&img, from: .sRGB, to: space)
            return img
        case .reference:
            return FilterImage(width: width, height: height)  // resolved away in init
        }
    }

    /// The input as it is stored: alpha-only results stay planes (colour space does not matter to them).
    mutating func fetchValue(_ source: Source, _ space: SVGFilterColorSpace, _ i: Int) -> Value {
        switch source {
        case .standard(.sourceAlpha):
            return .alpha(sourceAlpha())
        case .standard(.sourceGraphic):
            if case .alpha(let plane) = self.source { return .alpha(plane) }
            return .rgba(standard(.sourceGraphic, space, i))
        case .standard(let input):
            return .rgba(standard(input, space, i))
        case .result(let j):
            guard var r = results[j] else { return .alpha(FilterAlpha(width: width, height: height)) }
            remaining[j] -= 1
            if case .rgba(var image) = r.value {
                // The last reader takes the pixels (no copy when it changes them).
                r.value = .alpha(FilterAlpha(width: 0, height: 0))
                if remaining[j] <= 0, j != results.count - 1 { results[j] = nil }
                FilterColorConversion.convert(&image, from: r.space, to: space)
                return .rgba(image)
            }
            return r.value
        }
    }

    mutating func fetch(_ source: Source, _ space: SVGFilterColorSpace, _ i: Int) -> FilterImage {
        fetchValue(source, space, i).rgba
    }
}
