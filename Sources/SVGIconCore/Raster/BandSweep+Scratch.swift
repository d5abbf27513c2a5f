extension BandSweep {
    /// The band sweep's buffers, kept from shape to shape so that a sweep allocates nothing.
    struct Scratch {
        /// The edges that start a chain (no other edge continues into them; see `findChains`), by their
        /// top (ties in the order they were added; the sweep may reorder those that start at the y it has
        /// reached, which all have the same top).
        private var heads: [Int32] = []
        /// Room for every edge of the shape.
        private var active: [ActiveEdge] = []
        /// Two values per active edge for `onlyInnerCrossings`: x at the band's bottom, and the least of
        /// those from each edge rightwards.
        private var crossings: [Double] = []

        /// Finds the chains of `edges` and makes room for all of them to be active at once.
        mutating func prepare(for edges: [CoverageRasterizer.Edge]) {
            findChains(of: edges)
            if active.count < edges.count {
                let blank = ActiveEdge(CoverageRasterizer.Edge(x0: 0, y0: 0, x1: 0, y1: 0, dxdy: 0, dir: 0),
                                       index: 0, at: 0, runSign: 0)
                active = [ActiveEdge](repeating: blank, count: max(edges.count, 2 * active.count))
            }
            if crossings.count < 2 * active.count { crossings = [Double](repeating: 0, count: 2 * active.count) }
        }

        /// Runs `body` with a sweep of `edges` over these buffers (`prepare(for:)` must have seen them).
        @inline(__always)
        mutating func withSweep<R>(of edges: UnsafeBufferPointer<CoverageRasterizer.Edge>, rule: FillRule,
                                   width: Int, _ body: (inout BandSweep) -> R) -> R {
            heads.withUnsafeMutableBufferPointer { heads in
                active.withUnsafeMutableBufferPointer { active in
                    crossings.withUnsafeMutableBufferPointer { crossings in
                        var sweep = BandSweep(edges: edges, heads: heads, active: active, scratch: crossings,
                                              rule: rule, width: width)
                        return body(&sweep)
                    }
                }
            }
        }

        /// Lets go of buffers grown past `keep` edges' worth (a hostile shape's) rather than keeping them.
        mutating func shrink(keeping keep: Int) {
            if heads.capacity > keep { heads = [] }
            if active.count > keep { active = [] }
            if crossings.count > 2 * keep { crossings = [] }
        }

        /// Finds the edges that start a chain — those no other edge continues (see `BandSweep.successor`) —
        /// and sorts them by their top into `heads`: so a contour falls into y-monotone chains without
        /// sorting, and only their first edges need a place in the sweep's start order (by top, ties in the
        /// order they were added, as a stable sort of all the edges put them before).
        private mutating func findChains(of edges: [CoverageRasterizer.Edge]) {
            let n = edges.count
            heads.removeAll(keepingCapacity: true)
            edges.withUnsafeBufferPointer { e in
                for i in 0..<n {
                    let edge = e[i]
                    // The edge that would continue into this one: the one before it going down, the one
                    // after it going up.
                    let j = edge.dir > 0 ? i - 1 : i + 1
                    if j >= 0 && j < n {
                        let p = e[j]
                        if p.dir == edge.dir && p.x1 == edge.x0 && p.y1 == edge.y0 { continue }
                    }
                    heads.append(Int32(truncatingIfNeeded: i))
                }
                heads.sort { e[Int($0)].y0 < e[Int($1)].y0 || (e[Int($0)].y0 == e[Int($1)].y0 && $0 < $1) }
            }
        }
    }
}
