/// An optional stored out of line, so that a struct can hold an optional value of its own type
/// (`SVGClipPath.clipPath`, `SVGMask.mask`), which Swift does not allow inline. Equality and hashing are
/// those of the optional it holds.
struct IndirectOptional<Wrapped: Hashable & Sendable>: Hashable, Sendable {
    /// Zero or one element: an array's storage is what puts the value out of line.
    private var storage: [Wrapped]

    init(_ value: Wrapped?) {
        storage = value.map { [$0] } ?? []
    }

    var value: Wrapped? {
        get { storage.first }
        set { storage = newValue.map { [$0] } ?? [] }
    }
}
