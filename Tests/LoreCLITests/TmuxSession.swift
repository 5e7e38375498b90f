import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A program in a detached pane of a private tmux server (its own `-L` socket, no config file),
/// driven by keys and read back with `capture-pane`. The pane stays after the program ends
/// (`remain-on-exit`), so the final screen can be read. Call `kill()` when done (also on failure).
final class TmuxSession {
    struct Timeout: Error, CustomStringConvertible {
        let what: String
        let screen: String
        var description: String { "timed out waiting for \(what); the pane shows:\n\(screen)" }
    }

    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for dir in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"] {
            if FileManager.default.isExecutableFile(atPath: dir + "/tmux") { return dir + "/tmux" }
        }
        return nil
    }()

    let socket = "lore-test-\(getpid())-" + UUID().uuidString.prefix(8)
    let scratch = CLI.tempDirectory("tmux")
    private var killed = false

    /// Starts `argv` with exactly `environment` (plus PATH, HOME and a UTF-8 locale) in a width×height pane.
    init(_ argv: [String], environment: [String: String], width: Int = 120, height: Int = 40) throws {
        let inherited = ProcessInfo.processInfo.environment
        var env = ["PATH": inherited["PATH"] ?? "/usr/bin:/bin", "HOME": inherited["HOME"] ?? "/tmp",
                   "LANG": inherited["LANG"].flatMap { $0.isEmpty ? nil : $0 } ?? "C.UTF-8"]
        for (k, v) in environment { env[k] = v }
        // The pane's shell waits for the program and writes its exit status to a file: tmux's own
        // `pane_dead_status` proved unreliable here (the server did not always reap the program).
        let command = "env -i " + env.sorted { $0.key < $1.key }.map { TmuxSession.quote("\($0.key)=\($0.value)") }.joined(separator: " ")
            + " " + argv.map(TmuxSession.quote).joined(separator: " ") + "; echo $? > " + TmuxSession.quote(scratch + "/exit-status")
        let r = try tmux(["new-session", "-d", "-s", "s", "-x", "\(width)", "-y", "\(height)", command,
                          ";", "set-option", "-t", "s", "remain-on-exit", "on"])
        guard r.status == 0 else { throw Timeout(what: "tmux new-session (status \(r.status): \(r.err))", screen: "") }
    }

    deinit { kill() }

    static func quote(_ s: String) -> String { "'" + s.replacing("'", with: "'\\''") + "'" }

    /// Runs one tmux client command against this session's server.
    ///
    /// Not through Foundation's `Process`: the client that starts the server forks it, and the server
    /// would keep `Process`'s exit-watch descriptor (so the client never looks finished) and the test
    /// runner's blocked signal mask (so Ctrl-C and hang-up never reach the program in the pane).
    /// posix_spawn here closes every inherited descriptor and starts with an empty mask and default handlers.
    @discardableResult
    func tmux(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        guard let exe = TmuxSession.executable else {
            throw Timeout(what: "tmux (not installed; `make deps` installs it)", screen: "")
        }
        let tag = scratch + "/cmd-" + UUID().uuidString.prefix(8)
        defer { for ext in [".out", ".err"] { try? FileManager.default.removeItem(atPath: tag + ext) } }
        var env = ProcessInfo.processInfo.environment
        env["TMUX"] = nil
        if (env["LANG"] ?? "").isEmpty { env["LANG"] = "C.UTF-8" }
        let argv = [exe, "-u", "-f", "/dev/null", "-L", socket] + args
        let envv = env.map { "\($0.key)=\($0.value)" }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, tag + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, tag + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        for fd in Int32(3)..<1024 { posix_spawn_file_actions_addclose(&actions, fd) }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for sig in [SIGINT, SIGHUP, SIGQUIT, SIGTERM, SIGPIPE, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigmask(&attr, &empty)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var cargv = argv.map { strdup($0) } + [nil]
        var cenv = envv.map { strdup($0) } + [nil]
        defer { for p in cargv + cenv { free(p) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, exe, &actions, &attr, &cargv, &cenv)
        guard rc == 0 else { throw Timeout(what: "spawning tmux (error \(rc))", screen: "") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let out = FileManager.default.contents(atPath: tag + ".out") ?? Data()
        let err = FileManager.default.contents(atPath: tag + ".err") ?? Data()
        return (exit, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// Sends key names (`Enter`, `Tab`, `Up`, `C-c`, `C-d`, `C-u`).
    func keys(_ names: String...) throws { try tmux(["send-keys", "-t", "s"] + names) }

    /// Types text literally.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "s", "-l", text]) }

    /// Everything the pane has shown (scroll-back included), wrapped lines joined, NBSP as a space.
    func capture() -> String {
        let out = (try? tmux(["capture-pane", "-p", "-J", "-S", "-", "-t", "s"]).out) ?? ""
        return out.replacing("\u{A0}", with: " ")
    }

    /// A `#{format}` of the pane (`pane_dead`, `pane_dead_status`, `pane_pid`).
    func format(_ f: String) -> String {
        ((try? tmux(["display-message", "-p", "-t", "s", f]).out) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the pane until `done` holds; returns that capture, or throws with the last one.
    @discardableResult
    func wait(for what: String, timeout: Double = 30, _ done: (String) -> Bool) throws -> String {
        let start = Date()
        var screen = capture()
        while !done(screen) {
            if Date().timeIntervalSince(start) > timeout { throw Timeout(what: what, screen: screen) }
            usleep(40_000)
            screen = capture()
        }
        return screen
    }

    /// Waits for the program to end and the pane to close; the program's exit status
    /// (128 + N when signal N ended it).
    func waitForExit(timeout: Double = 15) throws -> Int32? {
        let start = Date()
        while true {
            let written = (try? String(contentsOfFile: scratch + "/exit-status", encoding: .utf8)) ?? ""
            if let status = Int32(written.trimmingCharacters(in: .whitespacesAndNewlines)), format("#{pane_dead}") == "1" { return status }
            if Date().timeIntervalSince(start) > timeout {
                throw Timeout(what: "the program to exit (status file: \(written.isEmpty ? "none" : written), pane_dead \(format("#{pane_dead}")))", screen: capture())
            }
            usleep(40_000)
        }
    }

    func kill() {
        guard !killed else { return }
        killed = true
        _ = try? tmux(["kill-server"])
        // kill-server can leave the socket file behind; it is ours alone.
        let dir = (ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/tmux-\(getuid())/"
        unlink(dir + socket)
    }
}
