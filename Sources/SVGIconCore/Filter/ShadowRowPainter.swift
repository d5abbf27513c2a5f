// MARK: - Drawing a shadow's rows into RGBA, blank rows stored whole

/// What a shadow draw computes on each row `ShadowRows.paint` hands it: pixels of 4 samples, `out` the
/// output sample of the layer's column 0 in that row.
protocol ShadowRowPainter {
    /// Columns `range` where no shadow lands, drawn over the row.
    func layerOnly(_ layer: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ range: Range<Int>)
    /// Columns `range` under the moved shadow (`moved[i]`: its value at column i), drawn over the row;
    /// `blank`: the row holds only ±0.
    func shadowed(_ layer: UnsafePointer<Float>, _ moved: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>,
                  _ range: Range<Int>, _ blank: Bool)
    /// True when the two below give a blank row's pixels (what drawing over +0s gives, but for the sign of
    /// a zero); false: blank rows are expanded and drawn over.
    var storesBlankRows: Bool { get }
    /// `layerOnly` over +0s: every pixel of `range` stored (the row's samples there are not written yet).
    func storeLayerOnly(_ layer: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ range: Range<Int>)
    /// `shadowed` over +0s: every pixel of `range` stored.
    func storeShadowed(_ layer: UnsafePointer<Float>, _ moved: UnsafePointer<Float>, _ out: UnsafeMutablePointer<Float>,
                       _ range: Range<Int>)
}

extension ShadowRows {
    /// Draws the layer and its shadow part into `pixmap` made full RGBA (an alpha-only one row by row as it is
    /// drawn: `Pixmap.makeRGBA(rows:storingBlank:_:)`): on each of `rows`, `painter.layerOnly` on the
    /// stretches of `columns` the shadow misses and `painter.shadowed` on the one under it. When the painter
    /// `storesBlankRows`, a blank row of an alpha-only pixmap is not expanded first: its pixels outside
    /// `columns` are stored as +0 and those inside by `storeLayerOnly` and `storeShadowed`, each sample
    /// written once.
    @inline(__always)
    func paint<P: ShadowRowPainter>(_ layer: FilterAlpha, _ shadow: FilterAlpha, at sx: Int, _ sy: Int,
                                    into pixmap: inout Pixmap, _ painter: P) {
        let shadowColumns = shadowColumns(sx, shadow.width)
        let w = layer.width, sw = shadow.width, sh = shadow.height, dw = pixmap.width
        let x = self.x, y = self.y, columns = self.columns
        let stores = painter.storesBlankRows
        layer.alpha.withUnsafeBufferPointer { srcBuffer in
            shadow.alpha.withUnsafeBufferPointer { shBuffer in
                guard let src = srcBuffer.baseAddress else { return }
                pixmap.makeRGBA(rows: (rows.lowerBound &+ y)..<(rows.upperBound &+ y), storingBlank: stores) { row, start, blank in
                    let line = src + (row &- y) &* w, r = row &- y &- sy, out = start + x &* 4
                    let moved = shBuffer.baseAddress.flatMap { r >= 0 && r < sh && !shadowColumns.isEmpty ? $0 + (r &* sw &- sx) : nil }
                    if blank && stores {
                        Self.storeZeros(start, 0..<(x &+ columns.lowerBound))
                        Self.storeZeros(start, (x &+ columns.upperBound)..<dw)
                        guard let moved else { return painter.storeLayerOnly(line, out, columns) }
                        painter.storeLayerOnly(line, out, columns.lowerBound..<shadowColumns.lowerBound)
                        painter.storeShadowed(line, moved, out, shadowColumns)
                        painter.storeLayerOnly(line, out, shadowColumns.upperBound..<columns.upperBound)
                        return
                    }
                    guard let moved else { return painter.layerOnly(line, out, columns) }
                    painter.layerOnly(line, out, columns.lowerBound..<shadowColumns.lowerBound)
                    painter.shadowed(line, moved, out, shadowColumns, blank)
                    painter.layerOnly(line, out, shadowColumns.upperBound..<columns.upperBound)
                }
            }
        }
    }

    /// Pixels `range` of the row from `start` stored as +0.
    @inline(__always)
    static func storeZeros(_ start: UnsafeMutablePointer<Float>, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        (start + range.lowerBound &* 4).initialize(repeating: 0, count: range.count &* 4)
    }
}
