import SVGIconCore
import SVGIconKit
/// A contact sheet: every icon of a set in a grid, each shown on a light and on a dark tile, so that a
/// person can eyeball a whole set (and spot an icon that only works on one background) at once.
///
/// Layout: cells in row-major order, `columns` per row; a cell is two square tiles side by side,
/// light | dark, each `size` pixels plus padding. Cells are separated by grid lines, every fifth one
/// darker so that "row 7, column 12" can be counted. An icon that failed to load (nil) gets red tiles
/// with a cross, so it cannot be mistaken for an empty icon.
package struct ContactSheet: Sendable {
    package struct Style: Hashable, Sendable {
        /// Icon size in pixels.
        package var size: Int
        package var lightBackground: SVGColor
        package var darkBackground: SVGColor
        /// Tint on the light tiles (default black, SVG's own default).
        package var lightTint: SVGColor
        /// Tint on the dark tiles (default white, so that untinted icons show).
        package var darkTint: SVGColor
        /// Icons fitted to the pixel grid (`--pixel-fit`, `RenderOptions.pixelFit`).
        package var pixelFit = false
        /// Strokes at most 1 px wide keep their exact outline (`RenderOptions.exactThinStrokes`).
        package var exactThinStrokes = false

        package init(size: Int = 24,
                    lightBackground: SVGColor = SVGColor(red: 0xf2, green: 0xf2, blue: 0xf7),
                    darkBackground: SVGColor = SVGColor(red: 0x1c, green: 0x1c, blue: 0x1e),
                    lightTint: SVGColor = .black, darkTint: SVGColor = .white) {
            self.size = size
            self.lightBackground = lightBackground
            self.darkBackground = darkBackground
            self.lightTint = lightTint
            self.darkTint = darkTint
        }

        /// Space around the icon inside its tile.
        package var padding: Int { max(2, size / 4) }
        /// One tile's side.
        package var tile: Int { size + 2 * padding }
        /// Width of a grid line between cells.
        package var gap: Int { max(2, size / 8) }
    }

    /// Every fifth grid line is drawn darker.
    package static let guideEvery = 5
    static let gridColor = PremultipliedColor(SVGColor(red: 0xc7, green: 0xc7, blue: 0xcc))
    static let guideColor = PremultipliedColor(SVGColor(red: 0x8e, green: 0x8e, blue: 0x93))
    static let failureBackground = SVGColor(red: 0xff, green: 0xd9, blue: 0xd6)

    package var icons: [SVGIconDefinition?]
    package var columns: Int
    package var style: Style

    /// `columns` nil picks a landscape grid about two and a half times as wide as high.
    package init(icons: [SVGIconDefinition?], columns: Int? = nil, style: Style = Style()) {
        self.icons = icons
        self.style = style
        self.columns = max(1, columns ?? Self.defaultColumns(count: icons.count))
    }

    /// Columns for `count` icons: a cell is twice as wide as high, so c columns and count/c rows give
    /// an aspect of 2c²/count; aiming at 2.5 gives c = √(1.25·count).
    package static func defaultColumns(count: Int) -> Int {
        max(1, min(count, Int((1.25 * Double(count)).squareRoot().rounded())))
    }

    package var rows: Int { (icons.count + columns - 1) / columns }
    package var width: Int { columns * 2 * style.tile + (columns + 1) * style.gap }
    package var height: Int { max(1, rows) * style.tile + (max(1, rows) + 1) * style.gap }

    /// Top-left corner of cell `index`'s light tile (its dark tile follows at x + tile).
    package func origin(ofCell index: Int) -> (x: Int, y: Int) {
        let column = index % columns, row = index / columns
        return (style.gap + column * (2 * style.tile + style.gap), style.gap + row * (style.tile + style.gap))
    }

    /// The rendered sheet (opaque).
    package func render() -> Pixmap {
        var sheet = Pixmap(width: width, height: height)
        drawGrid(into: &sheet)
        let failed = Self.failureMark
        for (index, icon) in icons.enumerated() {
            let (x, y) = origin(ofCell: index)
            let tiles: [(SVGIconDefinition, SVGColor, SVGColor)] = icon.map {
                [($0, style.lightTint, style.lightBackground), ($0, style.darkTint, style.darkBackground)]
            } ?? [(failed, .black, Self.failureBackground), (failed, .black, Self.failureBackground)]
            for (side, (drawing, tint, background)) in tiles.enumerated() {
                var tile = Pixmap(width: style.tile, height: style.tile)
                tile.fillBehind(background)
                let pixels = drawing.render(options: RenderOptions(width: style.size, height: style.size, tint: tint,
                                                                   pixelFit: style.pixelFit,
                                                                   exactThinStrokes: style.exactThinStrokes))
                tile.place(pixels, x: style.padding, y: style.padding)
                sheet.place(tile, x: x + side * style.tile, y: y)
            }
        }
        return sheet
    }

    /// Grid lines: the whole sheet in the grid colour, the guide lines darker; tiles cover the rest.
    private func drawGrid(into sheet: inout Pixmap) {
        sheet.fill(x: 0, y: 0, width: width, height: height, color: Self.gridColor)
        let cellWidth = 2 * style.tile + style.gap, cellHeight = style.tile + style.gap
        for column in stride(from: 0, through: columns, by: Self.guideEvery) {
            sheet.fill(x: column * cellWidth, y: 0, width: style.gap, height: height, color: Self.guideColor)
        }
        for row in stride(from: 0, through: max(1, rows), by: Self.guideEvery) {
            sheet.fill(x: 0, y: row * cellHeight, width: width, height: style.gap, color: Self.guideColor)
        }
    }

    /// A red cross in a 24 × 24 viewBox: what a failed icon's tiles show.
    static let failureMark = SVGIconDefinition(layers: [
        .line(x1: 5, y1: 5, x2: 19, y2: 19, strokeWidth: 2.5, color: SVGColor(red: 0xd7, green: 0, blue: 0x15)),
        .line(x1: 19, y1: 5, x2: 5, y2: 19, strokeWidth: 2.5, color: SVGColor(red: 0xd7, green: 0, blue: 0x15)),
    ])
}
