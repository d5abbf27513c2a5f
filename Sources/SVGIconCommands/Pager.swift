import Foundation

/// Shows long help through a pager, as git and man do: only when standard output is the process's real
/// terminal, through `$SVGICON_PAGER`, else `$PAGER`, else `less`, with `LESS=FRX` when `LESS` is unset
/// (`F` prints help that fits on one screen directly and quits, `R` keeps colours, `X` leaves the text on
/// the screen after `q`). `SVGICON_NO_PAGER` set to anything, or a pager of `""` or `cat`, prints directly;
/// so does a pipe or a file. Threads: runs on the calling thread and waits for the pager to exit.
enum Pager {
    /// The shell command to page through, or nil to print directly.
    static func command(environment: [String: String], outputIsTerminal: Bool,
                        lessInstalled: Bool = lessOnPath()) -> String? {
        guard outputIsTerminal, environment["SVGICON_NO_PAGER"] == nil else { return nil }
        let chosen = environment["SVGICON_PAGER"] ?? environment["PAGER"]
        if let chosen {
            let trimmed = chosen.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
        }
        return lessInstalled ? "less" : nil
    }

    /// Prints `text` on `io`'s standard output, through the pager when `command` chooses one.
    static func show(_ text: String, on io: CommandOutput) {
        let environment = ProcessInfo.processInfo.environment
        guard io is StandardOutput,
              let pager = command(environment: environment, outputIsTerminal: io.outputIsTerminal),
              page(text + "\n", through: pager, environment: environment) else {
            io.printOut(text)
            return
        }
    }

    /// Runs `/bin/sh -c PAGER` with `text` on its standard input; false when it could not start. Spawned
    /// with `posix_spawn` in svgicon's own session (Foundation's `Process` starts a new one, where `less`
    /// has no terminal to read keys from); Control-C and a pager quit early do not end svgicon.
    private static func page(_ text: String, through pager: String, environment: [String: String]) -> Bool {
        var env = environment
        if env["LESS"] == nil { env["LESS"] = "FRX" }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let words: [String] = ["/bin/sh", "-c", pager]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { word in strdup(word) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { entry in strdup(entry.key + "=" + entry.value) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        close(fds[0])
        guard spawned == 0 else { close(fds[1]); return false }
        let (previousPipe, previousInterrupt) = (signal(SIGPIPE, SIG_IGN), signal(SIGINT, SIG_IGN))
        defer { signal(SIGPIPE, previousPipe); signal(SIGINT, previousInterrupt) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
            if written <= 0 { break }  // the user quit the pager before the end: not an error
            bytes = bytes.dropFirst(written)
        }
        close(fds[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return true
    }

    /// Whether `less` is an executable in one of `$PATH`'s folders.
    static func lessOnPath() -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/less") }
    }
}
