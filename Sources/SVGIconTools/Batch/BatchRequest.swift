import SVGIconCore
import SVGIconKit
/// Everything `svgicon batch` was asked to do.
package struct BatchRequest: Hashable, Sendable {
    /// Searched recursively for `.svg` files.
    package var inputFolder: String
    /// Outputs go here, mirroring the input tree (`png`), as an asset catalog (`xcassets`: this folder
    /// is the `.xcassets`), or in `drawable-*` folders (`android`).
    package var outputFolder: String
    /// Icon sizes in points (pixels at scale 1), one output set per size.
    package var sizes: [Int]
    /// Scale factors for `png` and `xcassets`; `android` uses its densities instead.
    package var scales: [Int]
    /// One output set per tint; empty renders untinted (black, SVG's default).
    package var tints: [SVGColor]
    package var background: SVGColor?
    /// Every paint becomes the tint, alpha kept (`--recolor`).
    package var recolor = false
    /// Edges fitted to the pixel grid before drawing (`--pixel-fit`, `RenderOptions.pixelFit`); raster
    /// outputs only.
    package var pixelFit = false
    /// Strokes at most 1 px wide keep their exact outline (`--exact-thin-strokes`,
    /// `RenderOptions.exactThinStrokes`); raster outputs only.
    package var exactThinStrokes = false
    /// `xcassets`: the rendering intent every image set gets (`--rendering`); nil decides per icon —
    /// `template` when every visible paint takes the tint (or with `recolor`), else `original`.
    package var rendering: RenderingIntent?
    /// `xcassets`: one PDF per image set instead of PNGs, `preserves-vector-representation` on (`--vector`).
    package var vector = false
    /// `pdf` and `xcassets --vector`: PDF strokes, or outlines filled (`--pdf-strokes`, `PDFStrokes`).
    package var pdfStrokes: PDFStrokes = .native
    /// `xcassets`: a second appearance (dark) of every image, drawn with this tint (`--dark-tint`).
    package var darkTint: SVGColor?
    /// How the SVG files are resolved (`--force-tint`).
    package var parsing: SVGResolver.Options
    package var format: BatchOutputFormat
    /// Icons converted at once.
    package var jobs: Int

    package init(inputFolder: String, outputFolder: String, sizes: [Int], scales: [Int] = [1],
                tints: [SVGColor] = [], background: SVGColor? = nil, parsing: SVGResolver.Options = SVGResolver.Options(),
                format: BatchOutputFormat = .png, jobs: Int = 1) {
        self.inputFolder = inputFolder
        self.outputFolder = outputFolder
        self.sizes = sizes
        self.scales = scales
        self.tints = tints
        self.background = background
        self.parsing = parsing
        self.format = format
        self.jobs = jobs
    }
}
