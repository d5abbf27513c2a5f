// The SVG resolver, part: Lengths and attributes: units and percentages, transforms (with transform-origin), viewBox and
// preserveAspectRatio.
// (SVGResolver.swift holds the resolver's state and entry points.)

extension SVGResolver {
    enum Axis { case x, y, diagonal }

    func percentBase(_ axis: Axis) -> Double {
        switch axis {
        case .x: return viewportWidth
        case .y: return viewportHeight
        case .diagonal: return ((viewportWidth * viewportWidth + viewportHeight * viewportHeight) / 2).squareRoot()
        }
    }

    /// A length attribute in user units (0 when absent; invalid values warn and count as absent).
    @inline(never)
    mutating func length(_ index: Int, _ attribute: String, axis: Axis) -> Double {
        guard let raw = tree.nodes[index].attribute(attribute) else { return 0 }
        guard let l = SVGLength.parse(raw) else {
            warn(index, "ignoring invalid \(attribute)=\"\(raw)\"")
            return 0
        }
        return l.pixels(percentBase: percentBase(axis), fontSize: fontSize)
    }

    @inline(never)
    mutating func optionalLength(_ index: Int, _ attribute: String, axis: Axis) -> Double? {
        guard let raw = tree.nodes[index].attribute(attribute), trimmedCSSValue(raw) != "auto" else { return nil }
        guard let l = SVGLength.parse(raw) else {
            warn(index, "ignoring invalid \(attribute)=\"\(raw)\"")
            return nil
        }
        return l.pixels(percentBase: percentBase(axis), fontSize: fontSize)
    }

    /// `rx`/`ry`: nil for `auto`, absent, invalid or negative (SVG 2 makes a negative radius an error, and
    /// the property then takes its initial value, `auto`), with a warning for a negative one.
    mutating func radius(_ index: Int, _ attribute: String, axis: Axis) -> Double? {
        guard let r = optionalLength(index, attribute, axis: axis) else { return nil }
        if r < 0 {
            warn(index, "ignoring negative \(attribute)=\"\(tree.nodes[index].attribute(attribute) ?? "")\" (auto)")
            return nil
        }
        return r
    }

    /// The element's `transform` (or the attribute `name`), about its `transform-origin`. With
    /// `objectBoxLater`, an element whose `transform-box` is an object box (fill-box, stroke-box, …) gets
    /// its transform without the origin: the caller applies it once the element's box is known
    /// (`applyObjectTransformBox`).
    @inline(never)
    mutating func transformAttribute(_ index: Int, name: String = "transform", objectBoxLater: Bool = false) -> SVGTransform {
        if name == "transform" && !tree.hasPlainDeclarations(index) {
            let t = cascadedTransform(index)
            if objectBoxLater && !t.isIdentity && objectTransformBox(index) != nil { return t }
            return withTransformOrigin(t, of: index)
        }
        // Most elements have no transform: the flag the node list set says so without a search.
        if name == "transform" && !tree.nodes[index].hasTransformAttribute { return .identity }
        guard let t = tree.nodes[index].attribute(name) else { return .identity }
        if let parsed = SVGResolver.parseTransform(t) {
            if name == "transform" && objectBoxLater && !parsed.isIdentity && objectTransformBox(index) != nil { return parsed }
            return name == "transform" ? withTransformOrigin(parsed, of: index) : parsed
        }
        warn(index, "ignoring malformed \(name) \"\(t)\"")
        return .identity
    }

    /// `transform` about its `transform-origin` (CSS Transforms 1, with SVG's `transform-box: view-box`):
    /// `translate(o) · transform · translate(−o)`, the origin's percentages (and keywords: `left`/`top` 0 %,
    /// `center` 50 %, `right`/`bottom` 100 %) taken of the nearest viewport, as resvg does.
    @inline(never)
    mutating func withTransformOrigin(_ transform: SVGTransform, of index: Int) -> SVGTransform {
        guard !transform.isIdentity, let raw = tree.value("transform-origin", of: index) else { return transform }
        guard let (ox, oy) = transformOrigin(cssKeyword(raw)) else {
            warn(index, "ignoring invalid transform-origin \"\(raw)\"")
            return transform
        }
        if ox == 0 && oy == 0 { return transform }
        return SVGTransform.translation(ox, oy).concatenating(transform).concatenating(.translation(-ox, -oy))
    }

    /// An object box named by `transform-box` (CSS Transforms 1): for SVG elements `content-box` is
    /// `fill-box` and `border-box` is `stroke-box`; nil for `view-box` (the initial value, which
    /// `withTransformOrigin` applies), an invalid value, or none.
    mutating func objectTransformBox(_ index: Int) -> TransformBox? {
        guard let raw = tree.value("transform-box", of: index) else { return nil }
        switch cssKeyword(raw) {
        case "fill-box", "content-box": return .fill
        case "stroke-box", "border-box": return .stroke
        default: return nil
        }
    }

    /// The reference boxes of `transform-box` other than `view-box`.
    enum TransformBox { case fill, stroke }

    /// `layer.transform` (the element's `transform`, without origin, then `after`: a use's x/y) made
    /// `translate(o) · transform · translate(−o) · after`, the origin `o` taken in the element's fill or
    /// stroke box (CSS Transforms 1 §"transform-box": percentages and keywords of the box's size, lengths
    /// from its top-left corner; a marked shape's box is the shape's alone, `LayerBounds` leaving markers
    /// out). A layer without a box (an empty group drawn for its filter) has the empty box at its user
    /// space's origin, as SVG 2's bounding-box algorithm starts from `(0, 0, 0, 0)` and Chromium measures it:
    /// the origin's lengths still count, its percentages and keywords are of nothing.
    mutating func applyObjectTransformBox(_ box: TransformBox, to layer: inout SVGIconLayer, node index: Int,
                                          transform: SVGTransform, after: SVGTransform) {
        // Noted on the layer: the measures of the layers above take it as it is, not walking it again.
        let boxes = LayerBounds.noteBoxes(of: &layer, steps: &boxSteps)
        let measured = box == .fill ? boxes.fill : boxes.stroke
        let rect = measured?.transformed(by: after) ?? SVGRect(x: 0, y: 0, width: 0, height: 0)
        var origin = (0.0, 0.0)
        if let raw = tree.value("transform-origin", of: index) {
            guard let o = transformOrigin(cssKeyword(raw), box: rect) else {
                warn(index, "ignoring invalid transform-origin \"\(raw)\"")
                layer.transform = transform.concatenating(after)
                return
            }
            origin = o
        }
        let (ox, oy) = (rect.x + origin.0, rect.y + origin.1)
        layer.transform = SVGTransform.translation(ox, oy).concatenating(transform)
            .concatenating(.translation(-ox, -oy)).concatenating(after)
    }

    /// The origin in user units: one to three values (a third, z, must be a length and is ignored).
    /// Percentages and keywords are of the nearest viewport, or of `box`'s size when given (the origin is
    /// then relative to the box's corner).
    func transformOrigin(_ text: String, box: SVGRect? = nil) -> (Double, Double)? {
        func percentBase(_ axis: Axis) -> Double {
            guard let box else { return self.percentBase(axis) }
            return axis == .x ? box.width : box.height
        }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        guard (1...3).contains(words.count) else { return nil }
        enum Part { case x(Double), y(Double), center, length(SVGLength) }
        func part(_ w: String) -> Part? {
            switch w {
            case "left": return .x(0)
            case "right": return .x(1)
            case "top": return .y(0)
            case "bottom": return .y(1)
            case "center": return .center
            default: return SVGLength.parse(w).flatMap { $0.value.isFinite ? .length($0) : nil }
            }
        }
        func resolve(_ p: Part, _ axis: Axis) -> Double {
            switch p {
            case .x(let f), .y(let f): return f * percentBase(axis)
            case .center: return 0.5 * percentBase(axis)
            case .length(let l): return l.pixels(percentBase: percentBase(axis), fontSize: fontSize)
            }
        }
        guard let first = part(words[0]) else { return nil }
        if words.count == 3 {
            guard let z = SVGLength.parse(words[2]), z.unit != .percent else { return nil }
        }
        if words.count == 1 {
            if case .y = first { return (0.5 * percentBase(.x), resolve(first, .y)) }
            return (resolve(first, .x), 0.5 * percentBase(.y))
        }
        guard let second = part(words[1]) else { return nil }
        // Keywords may come in either order ("bottom right"); lengths are x then y.
        switch (first, second) {
        case (.y, .x), (.y, .center), (.center, .x):
            return (resolve(second, .x), resolve(first, .y))
        case (.x, .x), (.y, .y), (.length, .x), (.y, .length):
            return nil
        default:
            return (resolve(first, .x), resolve(second, .y))
        }
    }

    /// A transform attribute (`transform`, `gradientTransform`, `patternTransform`): SVG's own transform
    /// list, bare numbers and whitespace or commas between them. CSS units and functions (`45deg`,
    /// `translateX`) are not of that grammar, as Chrome and resvg read the attribute.
    static func parseTransform(_ text: String) -> SVGTransform? {
        TransformListParser.parse(text)
    }

    /// `transform` as the cascade gives it: the attribute (SVG's syntax), then `<style>` rules and `style`
    /// (SVG's syntax as resvg reads them, else CSS's, as Chrome does), the last valid declaration winning
    /// (an invalid one is ignored with a warning, as CSS drops it). A value that is neither, such as
    /// `translate(5px 5px)`, is invalid to both.
    @inline(never)
    mutating func cascadedTransform(_ index: Int) -> SVGTransform {
        var result = SVGTransform.identity
        // The attributes come first among the declarations, so the first `transform` is the attribute's.
        var attributeFirst = tree.nodes[index].hasTransformAttribute
        for d in tree.declarations(of: index) where d.name == "transform" {
            let value = trimmedCSSValue(d.value)
            let parsed = attributeFirst ? SVGResolver.parseTransform(value)
                : SVGResolver.parseTransform(value) ?? CSSTransformParser.parse(value)
            attributeFirst = false
            if let parsed { result = parsed }
            else { warn(index, "ignoring malformed transform \"\(value)\"") }
        }
        return result
    }

    /// Four numbers separated by whitespace and/or commas, and nothing else (as `NumberScanner.numberList`
    /// reads a list, without building an array for it), making a valid box.
    static func parseViewBox(_ text: String) -> SVGViewBox? {
        let box: SVGViewBox? = ByteCursor.withBytes(of: text) { bytes in
            var scanner = ByteCursor(bytes)
            var v = (0.0, 0.0, 0.0, 0.0)
            var count = 0
            scanner.skipWhitespace()
            while !scanner.isAtEnd {
                guard count < 4, let number = scanner.number() else { return nil }
                switch count {
                case 0: v.0 = number
                case 1: v.1 = number
                case 2: v.2 = number
                default: v.3 = number
                }
                count += 1
                scanner.skipCommaWhitespace()
            }
            return count == 4 ? SVGViewBox(x: v.0, y: v.1, width: v.2, height: v.3) : nil
        }
        guard let box, box.isValid else { return nil }
        return box
    }

    static func parseAspectRatio(_ text: String) -> SVGAspectRatio? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        if words.first == "defer" { words.removeFirst() }
        guard let alignWord = words.first, words.count <= 2 else { return nil }
        var slice = false
        if words.count == 2 {
            switch words[1] {
            case "meet": slice = false
            case "slice": slice = true
            default: return nil
            }
        }
        if alignWord == "none" { return SVGAspectRatio(alignment: .none, slice: slice) }
        let table: [String: Double] = ["Min": 0, "Mid": 0.5, "Max": 1]
        guard alignWord.count == 8, alignWord.hasPrefix("x") else { return nil }
        let chars = Array(alignWord)
        let xPart = String(chars[1..<4]), yLetter = chars[4], yPart = String(chars[5..<8])
        guard yLetter == "Y", let ax = table[xPart], let ay = table[yPart] else { return nil }
        return SVGAspectRatio(alignment: .align(x: ax, y: ay), slice: slice)
    }
}
