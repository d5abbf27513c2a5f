import Testing
@testable import SVGIconCommands

/// When help goes through a pager (Scripts/check-terminal runs the pager itself on an 80×24 tmux).
@Suite("Help pager choice")
struct PagerTests {
    @Test("A terminal pages through less by default; a pipe or file never does")
    func terminalOnly() {
        #expect(Pager.command(environment: [:], outputIsTerminal: true, lessInstalled: true) == "less")
        #expect(Pager.command(environment: [:], outputIsTerminal: false, lessInstalled: true) == nil)
        #expect(Pager.command(environment: ["PAGER": "more"], outputIsTerminal: false, lessInstalled: true) == nil)
        #expect(Pager.command(environment: [:], outputIsTerminal: true, lessInstalled: false) == nil)
    }

    @Test("SVGICON_PAGER, then PAGER; empty or cat prints directly; SVGICON_NO_PAGER wins")
    func environment() {
        func pager(_ env: [String: String]) -> String? {
            Pager.command(environment: env, outputIsTerminal: true, lessInstalled: true)
        }
        #expect(pager(["PAGER": "more"]) == "more")
        #expect(pager(["PAGER": "more", "SVGICON_PAGER": "less -S"]) == "less -S")
        #expect(pager(["PAGER": ""]) == nil)
        #expect(pager(["PAGER": " cat "]) == nil)
        #expect(pager(["SVGICON_PAGER": "", "PAGER": "more"]) == nil)
        #expect(pager(["SVGICON_NO_PAGER": "1", "PAGER": "more"]) == nil)
        #expect(pager(["SVGICON_NO_PAGER": ""]) == nil)
    }

    @Test("Embedded (any output but the process's own) help is written, never paged")
    func capturedOutputIsWritten() {
        let output = CapturedOutput()
        output.outputIsTerminal = true
        #expect(SVGIconCLI.run(["help", "batch"], output: output) == 0)
        #expect(output.outText.hasPrefix("USAGE\n  svgicon batch "))
        #expect(output.outText.hasSuffix("\n"))
        #expect(SVGIconCLI.run(["render", "--help"], output: output) == 0)
    }
}
