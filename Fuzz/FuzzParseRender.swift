// libFuzzer entry point over svgicon's whole pipeline: libxml2 → element tree → resolver → renderer →
// PNG. Built by Scripts/fuzz with `swiftc -sanitize=fuzzer,address`; not part of any SwiftPM target.
//
// Every input is parsed once; when it is an icon it is rendered at two sizes (one square, one following the
// document's aspect ratio, as `svgicon render` without --size does) and once with another tint, then
// encoded. Errors are expected results; only crashes, hangs, leaks and sanitizer reports are findings.
import SVGIconKit

@_cdecl("LLVMFuzzerTestOneInput")
public func svgiconFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let result = try? SVGDocumentParser.parse(bytes, file: "<fuzz>") else { return 0 }
    let icon = result.icon
    _ = result.warnings.map(\.description)
    // A small square render, tinted, encoded (what most callers do). The work limit is lower than the
    // default: the sanitizers make every step some ten times slower, and an input that reaches the limit
    // is doing what it should (stopping), not hanging.
    var renderer = SVGIconRenderer(options: RenderOptions(width: 32, height: 32, tint: SVGColor(red: 10, green: 132, blue: 255)))
    renderer.workLimit = 1 << 22
    let square = renderer.render(icon)
    _ = try? PNGCodec.encode(square)
    guard renderer.limitExceeded == nil else { return 0 }
    // The document's own proportions at up to 48 pixels, on a background (exercises the fit transform with
    // extreme viewBoxes and the background path).
    let aspect = icon.aspect
    var width = 48, height = 48
    if aspect.isFinite, aspect > 0 {
        if aspect >= 1 {
            height = max(1, min(48, Int((48 / aspect).rounded(.up))))
        } else {
            width = max(1, min(48, Int((48 * aspect).rounded(.up))))
        }
    }
    var fitted = SVGIconRenderer(options: RenderOptions(width: width, height: height, background: .white))
    fitted.workLimit = 1 << 22
    _ = fitted.render(icon).premultipliedRGBA8()
    return 0
}
