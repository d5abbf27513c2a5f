import SVGIconCore
import SVGIconKit
/// Pixel-by-pixel comparison of two same-sized images on premultiplied RGBA8.
package struct ImageComparison: Sendable {
    package let expected: Pixmap
    package let actual: Pixmap
    package let tolerance: Int
    /// Pixels where some channel differs by more than `tolerance`.
    package private(set) var pixelsOverTolerance = 0
    /// Largest channel difference anywhere (0–255).
    package private(set) var maxDifference = 0
    private var perPixel: [UInt8]

    package init(expected: Pixmap, actual: Pixmap, tolerance: Int) {
        precondition(expected.width == actual.width && expected.height == actual.height, "sizes must match")
        self.expected = expected
        self.actual = actual
        self.tolerance = tolerance
        let a = expected.premultipliedRGBA8(), b = actual.premultipliedRGBA8()
        perPixel = [UInt8](repeating: 0, count: a.count / 4)
        for p in 0..<perPixel.count {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(a[p * 4 + c]) - Int(b[p * 4 + c]))) }
            perPixel[p] = UInt8(d)
            if d > tolerance { pixelsOverTolerance += 1 }
            if d > maxDifference { maxDifference = d }
        }
    }

    /// expected | difference | actual, each panel on a light checkerboard, enlarged so that icon-sized
    /// images can be read; the difference panel is red in proportion to the difference (pixels within
    /// the tolerance stay white, with a faint outline of the actual image).
    package func sideBySide() -> Pixmap {
        let w = expected.width, h = expected.height
        let zoom = max(1, min(8, 256 / max(1, max(w, h))))
        let gap = 4
        let panelW = w * zoom, panelH = h * zoom
        var out = Pixmap(width: panelW * 3 + gap * 2, height: panelH)
        // Premultiplied RGBA of both images, whichever form (RGBA or alpha-only) each has.
        let expectedData = expected.data, actualData = actual.data
        func put(_ x: Int, _ y: Int, _ r: Float, _ g: Float, _ b: Float) {
            let i = (y * out.width + x) * 4
            out.data[i] = r; out.data[i + 1] = g; out.data[i + 2] = b; out.data[i + 3] = 1
        }
        for y in 0..<panelH {
            for x in 0..<panelW {
                let sx = x / zoom, sy = y / zoom
                let checker: Float = ((x / 4 + y / 4) % 2 == 0) ? 0.93 : 0.82
                for (panel, image) in [(0, expectedData), (2, actualData)] {
                    let i = (sy * w + sx) * 4
                    let a = image[i + 3]
                    put(panel * (panelW + gap) + x, y,
                        image[i] + checker * (1 - a), image[i + 1] + checker * (1 - a), image[i + 2] + checker * (1 - a))
                }
                // Red in proportion to the difference, over a faint grey ghost of the actual image so
                // that a difference can be placed on the icon.
                let d = Int(perPixel[sy * w + sx])
                let strength: Float = d > tolerance ? 0.25 + 0.75 * Float(d) / 255 : 0
                let ghost = 1 - 0.12 * actualData[(sy * w + sx) * 4 + 3]
                put(panelW + gap + x, y, ghost, ghost * (1 - strength), ghost * (1 - strength))
            }
        }
        return out
    }
}
