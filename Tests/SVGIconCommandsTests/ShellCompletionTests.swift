import Foundation
import Testing
import SVGIconKit
import SVGIconTools
@testable import SVGIconCommands

/// `svgicon completions SHELL` loaded into the real shell (issue 21): bash is driven as bash drives a
/// completion function — COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT set, the function called with
/// the command, the word and the word before, COMPREPLY read back. zsh and fish run where installed
/// (the tests are skipped, not passed, where they are not).
@Suite("Shell completions in the real shells")
struct ShellCompletionTests {
    /// Writes the script for `shell` into a scratch folder and returns its path.
    private func script(_ shell: String, in scratch: ScratchFolder, name: String) throws -> String {
        let (code, output) = runCLI(["completions", shell])
        #expect(code == 0, "\(output.error)")
        let path = scratch.path + "/" + name
        try output.outText.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs `program ARGUMENTS…` and returns its standard output and exit code.
    private func run(_ program: String, _ arguments: [String]) throws -> (text: String, code: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// The bash lines that complete `line` (the cursor at its end) and print `[line] COMPREPLY…`.
    private static func bashDrive(_ line: String) -> String {
        """
        COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
        read -ra COMP_WORDS <<<"$COMP_LINE"; [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
        _svgicon svgicon "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        echo "[$COMP_LINE] ${COMPREPLY[*]}"
        """
    }

    @Test("bash: complete -p names _svgicon; commands, options and option values complete")
    func bash() throws {
        let scratch = ScratchFolder()
        let path = try script("bash", in: scratch, name: "svgicon.bash")
        let lines = ["svgicon re", "svgicon render --si", "svgicon batch --format ", "svgicon completions ",
                     "svgicon batch x -f p", "svgicon golden "]
        let (text, code) = try run("/bin/bash", ["--norc", "--noprofile", "-c",
            "set -e\nsource '\(path)'\ncomplete -p svgicon\n" + lines.map(Self.bashDrive).joined(separator: "\n")])
        #expect(code == 0, "\(text)")
        let formats = BatchOutputFormat.allCases.map(\.rawValue).joined(separator: " ")
        #expect(formats == "png xcassets android android-vector pdf ico icns")
        #expect(text == """
            complete -o bashdefault -o filenames -F _svgicon svgicon
            [svgicon re] render
            [svgicon render --si] --size --sizes
            [svgicon batch --format ] \(formats)
            [svgicon completions ] bash zsh fish
            [svgicon batch x -f p] png pdf
            [svgicon golden ] check update

            """)
    }

    @Test("zsh: the script loads through compinit and registers _svgicon for svgicon",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is not installed"))
    func zsh() throws {
        let scratch = ScratchFolder()
        _ = try script("zsh", in: scratch, name: "_svgicon")
        let (text, code) = try run("/usr/bin/zsh", ["-f", "-c",
            "fpath=('\(scratch.path)' $fpath); autoload -U compinit; compinit -u -D; print -r -- $_comps[svgicon]"])
        #expect(code == 0, "\(text)")
        #expect(text == "_svgicon\n", "\(text)")
    }

    @Test("fish: complete -C completes commands, options and format values",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is not installed"))
    func fish() throws {
        let scratch = ScratchFolder()
        let path = try script("fish", in: scratch, name: "svgicon.fish")
        let (text, code) = try run("/usr/bin/fish", ["--no-config", "-c", """
            source '\(path)'
            complete -C 'svgicon re' | string replace -r '\\t.*' ''
            complete -C 'svgicon completions ' | string replace -r '\\t.*' ''
            """])
        #expect(code == 0, "\(text)")
        let words = text.split(separator: "\n").map(String.init)
        #expect(words.contains("render"), "\(text)")
        #expect(["bash", "zsh", "fish"].allSatisfy(words.contains), "\(text)")
    }
}
