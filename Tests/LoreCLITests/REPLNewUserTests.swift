import Foundation
import Testing

/// Issue 10, point 6: REPL defects a new user met — `/sources` after `--resume`, `/history` under
/// `--no-save`, `/search` with no words — in a real terminal (tmux).
@Suite("REPL as a new user tries it")
struct REPLNewUserTests {
    typealias T = REPLTerminalTests

    func ask(_ tmux: TmuxSession, _ line: String, until done: @escaping (String) -> Bool) throws -> String {
        try tmux.type(line)
        try tmux.keys("Enter")
        let screen = try tmux.wait(for: line, timeout: 60) { T.atPrompt($0) && done(T.after(line, in: $0)) }
        return T.after(line, in: screen)
    }

    @Test("/search alone, /history without saving", .timeLimit(.minutes(2)))
    func unsavedSession() throws {
        let (dir, corpus, db) = try T.workspace("repl-nosave")
        let tmux = try TmuxSession([CLI.binary, "chat", "--corpus", corpus, "--db", db, "--no-save"],
                                   environment: T.env(dir, pace: 0, history: false))
        defer { tmux.kill() }
        try tmux.wait(for: "the first prompt", timeout: 90) { T.atPrompt($0) }
        let empty = try ask(tmux, "/search") { $0.contains("Give the words") }
        #expect(!empty.contains("→ search"), "\(empty)")
        let q = "How do actors prevent data races in Swift?"
        _ = try ask(tmux, q) { $0.contains("Sources:") }
        let history = try ask(tmux, "/history") { $0.contains("1.") }
        #expect(history.contains("1. \(q)") && !history.contains("No turns yet"), "\(history)")
    }

    @Test("wrapped search results keep their indent", .timeLimit(.minutes(2)))
    func hangingIndent() throws {
        let (dir, corpus, db) = try T.workspace("repl-wrap")
        let tmux = try TmuxSession([CLI.binary, "chat", "--corpus", corpus, "--db", db, "--no-save"],
                                   environment: T.env(dir, pace: 0, history: false), width: 60)
        defer { tmux.kill() }
        try tmux.wait(for: "the first prompt", timeout: 90) { T.atPrompt($0) }
        let out = try ask(tmux, "/search retain cycle closure") { $0.contains("2. ") }
        let lines = T.lines(out)
        // The lines of the first result: from "1. " up to the second result.
        guard let first = lines.firstIndex(where: { $0.hasPrefix("1. ") }) else { Issue.record("no result:\n\(out)"); return }
        let item = [lines[first]] + lines[(first + 1)...].prefix(while: { !$0.hasPrefix("2. ") && !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        #expect(item.count >= 3, "\(out)")
        #expect(item.dropFirst().allSatisfy { $0.hasPrefix("   ") && !$0.hasPrefix("    ") }, "continuation lines not under the text:\n\(item.joined(separator: "\n"))")
    }

    @Test("/sources and /show after --resume", .timeLimit(.minutes(3)))
    func resumedCitations() throws {
        let (dir, corpus, db) = try T.workspace("repl-resume")
        let first = try TmuxSession([CLI.binary, "chat", "--corpus", corpus, "--db", db], environment: T.env(dir, pace: 0, history: false))
        try first.wait(for: "the first prompt", timeout: 90) { T.atPrompt($0) }
        let answer = try ask(first, "How do actors prevent data races in Swift?") { $0.contains("Sources:") }
        let cited = T.sourceTitles(answer)
        try #require(!cited.isEmpty, "\(answer)")
        try first.keys("C-d")
        _ = try first.waitForExit()
        first.kill()

        let again = try TmuxSession([CLI.binary, "chat", "--corpus", corpus, "--db", db, "--resume"], environment: T.env(dir, pace: 0, history: false))
        defer { again.kill() }
        try again.wait(for: "the resumed prompt", timeout: 60) { T.atPrompt($0) }
        let sources = try ask(again, "/sources") { !$0.isEmpty }
        let listed = T.lines(sources).filter { $0.hasPrefix("[") }
        #expect(listed.count == cited.count && !sources.contains("no citations"), "\(sources)")
        if let t = cited.first { #expect(listed.first?.hasPrefix("[1] \(t)") == true, "\(listed)") }
    }
}
