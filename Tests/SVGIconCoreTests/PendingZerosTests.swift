import Testing
@testable import SVGIconCore

/// A blank canvas whose zeros are written by its first draw (`Pixmap.zerosPending`): it reads as the
/// zeroed pixmap does everywhere, a draw that changes its samples writes the zeros first, and a draw that
/// stores whole rows (a drop shadow of another colour) writes every sample once, never zeroing the plane.
@Suite("Pending zeros")
struct PendingZerosTests {
    static let blue = SVGColor(red: 10, green: 132, blue: 255)
    static let red = SVGColor(red: 224, green: 48, blue: 32)

    @Test("A pending pixmap reads as the zeroed one: samples, data, bytes, pixels, equality and hash")
    func readsAsZeros() {
        let pending = Pixmap(width: 7, height: 5, uniformColor: Self.blue, zerosPending: true)
        let zeroed = Pixmap(width: 7, height: 5, uniformColor: Self.blue)
        #expect(pending.zerosPending && !zeroed.zerosPending)
        #expect(pending.samples == [Float](repeating: 0, count: 35))
        #expect(pending.data == [Float](repeating: 0, count: 140))
        #expect(pending.straightAlphaRGBA() == [UInt8](repeating: 0, count: 140))
        #expect(pending.straightAlphaPlane()?.alpha == [UInt8](repeating: 0, count: 35))
        #expect(pending.pixel(x: 6, y: 4) == (0, 0, 0, 0))
        #expect(pending.premultipliedRGBA8() == zeroed.premultipliedRGBA8())
        #expect(pending == zeroed && pending.hashValue == zeroed.hashValue)
        #expect(pending.uniformColor == Self.blue)
        #expect(Pixmap(width: 0, height: 3, uniformColor: Self.blue, zerosPending: true).samples.isEmpty)
    }

    @Test("Changing a pending pixmap writes its zeros first: one sample set, the others +0")
    func writesZerosFirst() {
        var p = Pixmap(width: 4, height: 3, uniformColor: Self.blue, zerosPending: true)
        p.samples[5] = 0.5
        #expect(!p.zerosPending)
        var expected = [Float](repeating: 0, count: 12)
        expected[5] = 0.5
        #expect(p.samples == expected)
        var q = Pixmap(width: 4, height: 3, uniformColor: Self.blue, zerosPending: true)
        q.makeRGBA()
        #expect(q.uniformColor == nil && q.samples == [Float](repeating: 0, count: 48))
        var r = Pixmap(width: 4, height: 3, uniformColor: Self.blue, zerosPending: true)
        r.samples = [Float](repeating: 0.25, count: 12)
        #expect(!r.zerosPending && r.samples[11] == 0.25)
    }

    @Test("Pending zeros never leave a render: an icon that draws nothing, a zero-sized render and every band come out written")
    func neverHandedOut() {
        let nothing = SVGIconDefinition(layers: [.rect(x: 40, y: 40, width: 2, height: 2, color: Self.blue)])
        var renderer = SVGIconRenderer(options: RenderOptions(width: 9, height: 7))
        let pixels = renderer.render(nothing)
        #expect(pixels.uniformColor == Self.blue && !pixels.zerosPending && pixels.samples == [Float](repeating: 0, count: 63))
        var empty = SVGIconRenderer(options: RenderOptions(width: 0, height: 7))
        #expect(!empty.render(nothing).zerosPending)
        var bands: [Bool] = []
        _ = renderer.renderBands(nothing, rows: 3) { band, _ in
            bands.append(band.zerosPending)
            return true
        }
        #expect(bands == [false, false, false])
    }

    @Test("makeRGBA(rows:storingBlank:) on a pending pixmap: each row of the range handed over blank, the others +0; storing or not, the values of the zeroed pixmap")
    func rowsOfAPendingCanvas() {
        for storing in [true, false] {
            var pending = Pixmap(width: 5, height: 6, uniformColor: Self.blue, zerosPending: true)
            var zeroed = Pixmap(width: 5, height: 6, uniformColor: Self.blue)
            var seen: [(Int, Bool)] = [], seenZeroed: [(Int, Bool)] = []
            let draw = { (row: Int, line: UnsafeMutablePointer<Float>) in
                // What a storing draw writes into a blank row: every sample of it.
                for k in 0..<20 { line[k] = Float(row * 100 + k) }
            }
            pending.makeRGBA(rows: 1..<4, storingBlank: storing) { row, line, blank in
                seen.append((row, blank))
                draw(row, line)
            }
            zeroed.makeRGBA(rows: 1..<4, storingBlank: storing) { row, line, blank in
                seenZeroed.append((row, blank))
                draw(row, line)
            }
            #expect(seen.map(\.0) == [1, 2, 3] && seen.allSatisfy(\.1))
            #expect(seenZeroed.map(\.0) == [1, 2, 3] && seenZeroed.allSatisfy(\.1))
            #expect(pending.uniformColor == nil && !pending.zerosPending)
            #expect(pending.samples.map(\.bitPattern) == zeroed.samples.map(\.bitPattern))
            #expect(pending.samples[0..<20].allSatisfy { $0.bitPattern == 0 })
            #expect(pending.samples[80..<120].allSatisfy { $0.bitPattern == 0 })
            #expect(pending.samples[20] == 100 && pending.samples[79] == 319)
        }
    }

    @Test("A red drop shadow under a blue icon: the same pixels from a pending canvas as from a zeroed one")
    func shadowOnPendingCanvas() throws {
        let shadow = SVGFilter(region: SVGRect(x: -2, y: -2, width: 28, height: 28), primitives: [
            SVGFilterPrimitive(.dropShadow(dx: 1.5, dy: 1.5, stdDeviationX: 1.2, stdDeviationY: 1.2, color: Self.red,
                                           opacity: 0.5)),
        ])
        var group = SVGIconLayer.group([SVGIconLayer(pathData: "M4 4 L20 6 L9 21 Z", color: Self.blue),
                                        .circle(cx: 15, cy: 9, r: 4.5, color: Self.blue)])
        group.filter = [shadow]
        let icon = SVGIconDefinition(layers: [group])
        for size in [24, 37] {
            var renderer = SVGIconRenderer(options: RenderOptions(width: size, height: size))
            let pixels = renderer.render(icon)
            #expect(pixels.uniformColor == nil && !pixels.zerosPending)
            // The same draw into a canvas zeroed first.
            var zeroed = Pixmap(width: size, height: size, uniformColor: Self.blue)
            renderer.begin(band: nil)
            renderer.fit = SVGIconRenderer.fitTransform(icon, width: size, height: size)
            renderer.draw(icon.layers, transform: renderer.fit, into: &zeroed)
            #expect(zeroed.uniformColor == nil)
            #expect(pixels.samples.map(\.bitPattern) == zeroed.samples.map(\.bitPattern))
            #expect(pixels.samples.contains { $0 > 0 })
        }
    }
}
