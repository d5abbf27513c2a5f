// MARK: - Walking the rows a layer plane and its shadow part cover on a pixmap

/// Where a layer's alpha plane (its pixel (0, 0) at (x, y) of a pixmap) and a shadow part (its top-left
/// value at (sx, sy) of the layer's plane) fall on a pixmap, row by row: the drawing loop the shadow draws
/// share, whatever they compute per pixel and whatever the pixmap's form (alpha-only: one value a pixel,
/// RGBA: four).
struct ShadowRows {
    /// The layer's rows and columns that land on the pixmap, and the layer's opacity clamped to 0…1.
    let rows: Range<Int>, columns: Range<Int>
    let o: Float
    let x: Int, y: Int

    /// The placement of a `width` × `height` layer at (x, y) on `pixmap` with `opacity`; nil when nothing
    /// would be drawn (no opacity or no overlap), as `Pixmap.placement`.
    init?(width: Int, height: Int, on pixmap: Pixmap, x: Int, y: Int, opacity: Double) {
        o = Float(max(0, min(1, opacity)))
        columns = max(0, -x)..<max(max(0, -x), min(width, pixmap.width - x))
        rows = max(0, -y)..<max(max(0, -y), min(height, pixmap.height - y))
        guard o > 0, !columns.isEmpty, !rows.isEmpty else { return nil }
        self.x = x
        self.y = y
    }

    /// The layer's columns under a shadow part `width` wide whose column 0 is layer column `sx`.
    func shadowColumns(_ sx: Int, _ width: Int) -> Range<Int> {
        let s0 = min(max(columns.lowerBound, sx), columns.upperBound)
        return s0..<max(s0, min(columns.upperBound, width + sx))
    }

    /// Calls, for each of `rows`, `layerOnly(layer row, output row, columns)` on the stretches of
    /// `columns` the shadow misses and `shadowed(layer row, shadow row indexed by layer column, output row,
    /// columns, false)` on the one under it. The output row pointer is the pixmap's sample of the layer's
    /// column 0 in that row, the pixmap drawn in the form it has (1 sample a pixel alpha-only, 4 RGBA;
    /// shadows of another colour go through `paint`, which makes it RGBA).
    @inline(__always)
    func walk(_ layer: FilterAlpha, _ shadow: FilterAlpha, at sx: Int, _ sy: Int, into pixmap: inout Pixmap,
              layerOnly: (UnsafePointer<Float>, UnsafeMutablePointer<Float>, Range<Int>) -> Void,
              shadowed: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafeMutablePointer<Float>, Range<Int>, Bool) -> Void) {
        let shadowColumns = shadowColumns(sx, shadow.width)
        let w = layer.width, sw = shadow.width, sh = shadow.height, dw = pixmap.width
        let channels = pixmap.uniformColor == nil ? 4 : 1
        let x = self.x, y = self.y, rows = self.rows, columns = self.columns
        layer.alpha.withUnsafeBufferPointer { srcBuffer in
            shadow.alpha.withUnsafeBufferPointer { shBuffer in
                pixmap.samples.withUnsafeMutableBufferPointer { dstBuffer in
                    guard let src = srcBuffer.baseAddress, let dst = dstBuffer.baseAddress else { return }
                    for row in rows {
                        let line = src + row &* w, r = row &- sy, out = dst + ((row &+ y) &* dw &+ x) &* channels
                        guard let shadowPlane = shBuffer.baseAddress, r >= 0, r < sh, !shadowColumns.isEmpty else {
                            layerOnly(line, out, columns)
                            continue
                        }
                        layerOnly(line, out, columns.lowerBound..<shadowColumns.lowerBound)
                        shadowed(line, shadowPlane + (r &* sw &- sx), out, shadowColumns, false)
                        layerOnly(line, out, shadowColumns.upperBound..<columns.upperBound)
                    }
                }
            }
        }
    }
}
