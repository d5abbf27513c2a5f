import Foundation
import Testing
import SVGIconKit
import SVGIconTools
@testable import SVGIconCommands

@Suite("xcassets rendering intent")
struct TemplateIntentTests {
    /// Papirus `22x22/apps/aurees`, cut down: fixed colours over a translucent unspecified (tinted) shadow.
    static let mixed = """
        <svg xmlns="http://www.w3.org/2000/svg" width="22" height="22">
         <circle style="opacity:0.2" cx="11" cy="11.5" r="8.5"/>
         <path style="fill:#ff6065" d="M 10,1 A 10,10 0 0 0 1,11 L 5,13 A 6,6 0 0 1 10,5 Z"/>
         <path style="fill:#6ecc6e" d="M 12,1 V 5 A 6,6 0 0 1 17,11 L 20,15 A 10,10 0 0 0 12,1 Z"/>
        </svg>
        """
    /// Every paint that shows takes the tint; a fully transparent fixed colour and a zero-opacity layer do not count.
    static let tinted = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
         <path fill="currentColor" d="M2 2h20v20H2z"/>
         <path stroke="currentColor" fill="none" stroke-opacity="0.4" d="M4 12h16"/>
         <rect fill="#ff0000" fill-opacity="0" width="5" height="5"/>
         <rect fill="#00ff00" opacity="0" width="5" height="5"/>
         <linearGradient id="g"><stop offset="0" stop-color="currentColor"/><stop offset="1" stop-color="currentColor" stop-opacity="0.2"/></linearGradient>
         <circle fill="url(#g)" cx="12" cy="12" r="4"/>
        </svg>
        """
    static let fixedGradientStop = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
         <linearGradient id="g"><stop offset="0" stop-color="currentColor"/><stop offset="1" stop-color="#0a84ff"/></linearGradient>
         <circle fill="url(#g)" cx="12" cy="12" r="4"/>
        </svg>
        """

    @Test("template only when every visible paint takes the tint", arguments: [
        (mixed, false), (tinted, true), (fixedGradientStop, false),
        ("<svg xmlns='http://www.w3.org/2000/svg'><rect fill='none' stroke='none' width='4' height='4'/></svg>", false),
    ])
    func model(svg: String, template: Bool) throws {
        let icon = try SVGDocumentParser.parse(svg).icon
        #expect(icon.everyVisiblePaintTakesTint == template)
    }

    private func intents(_ box: BatchSandbox, _ extra: [String]) throws -> [String: String] {
        let catalog = box.root + "/I.xcassets"
        let (code, output) = box.run(["batch", box.input, "--out", catalog, "--format", "xcassets", "--size", "22", "-q"] + extra)
        #expect(code == 0, "\(output.error)")
        var result: [String: String] = [:]
        for name in ["mixed", "tinted"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: catalog + "/\(name).imageset/Contents.json"))
            let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            result[name] = (json?["properties"] as? [String: String])?["template-rendering-intent"]
        }
        return result
    }

    @Test("batch --format xcassets: a mixed icon is original, a tinted one template; --rendering and --recolor override, also from the cache")
    func catalog() throws {
        let box = BatchSandbox()
        box.icon("mixed.svg", Self.mixed)
        box.icon("tinted.svg", Self.tinted)
        #expect(try intents(box, []) == ["mixed": "original", "tinted": "template"])
        // Second run: every PNG comes from the cache; the intent is still worked out from the file.
        #expect(try intents(box, []) == ["mixed": "original", "tinted": "template"])
        #expect(try intents(box, ["--rendering", "template"]) == ["mixed": "template", "tinted": "template"])
        #expect(try intents(box, ["--rendering", "original"]) == ["mixed": "original", "tinted": "original"])
        #expect(try intents(box, ["--recolor"]) == ["mixed": "template", "tinted": "template"])
        expectUsageError(["batch", box.input, "--out", box.output, "--size", "22", "--rendering", "template"], "needs --format xcassets")
    }
}
