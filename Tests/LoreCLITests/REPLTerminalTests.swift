import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `lore chat` in a real terminal (a tmux pane): readline prompt, streamed answers, Tab completion,
/// history, Ctrl-C and Ctrl-D, and what the session store holds afterwards.
@Suite("REPL on a terminal")
struct REPLTerminalTests {
    static let prompt = "lore›"

    /// A writable copy of the seed corpus with its own index path.
    static func workspace(_ label: String) throws -> (dir: String, corpus: String, db: String) {
        let dir = CLI.tempDirectory(label)
        try CLI.copySeeds(to: dir + "/corpus")
        return (dir, dir + "/corpus", dir + "/index.sqlite")
    }

    static func lines(_ s: String) -> [String] {
        s.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
    }

    static func trimmed(_ s: String) -> String { s.trimmingCharacters(in: .whitespaces) }

    /// The line the cursor is on: the last non-blank line of the capture.
    static func lastLine(_ screen: String) -> String {
        trimmed(lines(screen).last { !trimmed($0).isEmpty } ?? "")
    }

    /// True when the REPL waits at an empty prompt.
    static func atPrompt(_ screen: String) -> Bool { lastLine(screen) == prompt }

    /// What was printed after the last `lore› TEXT` line (TEXT being what was typed).
    static func after(_ typed: String, in screen: String) -> String {
        let marker = prompt + " " + typed
        let ls = lines(screen)
        guard let i = ls.lastIndex(where: { trimmed($0) == marker }) else { return "" }
        return ls[(i + 1)...].joined(separator: "\n")
    }

    /// The answer text after a question: the output minus the `→ tool(...)` line and the next prompt.
    static func answer(to typed: String, in screen: String) -> String {
        var ls = lines(after(typed, in: screen)).filter { !$0.hasPrefix("→") }
        if let i = ls.lastIndex(where: { trimmed($0) == prompt }) { ls = Array(ls[..<i]) }
        return ls.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `[n] Title` entries of the "Sources:" block that ends an answer.
    static func sourceTitles(_ answer: String) -> [String] {
        guard let r = answer.range(of: "\nSources:\n") else { return [] }
        return lines(String(answer[r.upperBound...])).compactMap { l in
            guard l.hasPrefix("["), let close = l.firstIndex(of: "]") else { return nil }
            let rest = l[l.index(after: close)...].trimmingCharacters(in: .whitespaces)
            return String(rest.components(separatedBy: " — ").first ?? rest)
        }
    }

    static func env(_ dir: String, pace: Int, history: Bool = true) -> [String: String] {
        var e = ["TERM": "xterm-256color", "XDG_STATE_HOME": dir + "/state", "XDG_DATA_HOME": dir + "/data",
                 "LORE_PACE_MS": "\(pace)"]
        if !history { e["LORE_NO_HISTORY"] = "1" }
        return e
    }

    @Test("stream, Tab, history, /sources, Ctrl-C mid-answer, Ctrl-D, then the saved session", .timeLimit(.minutes(3)))
    func chatSession() throws {
        let (dir, corpus, db) = try REPLTerminalTests.workspace("repl")
        let tmux = try TmuxSession([CLI.binary, "chat", "--corpus", corpus, "--db", db],
                                   environment: REPLTerminalTests.env(dir, pace: 50))
        defer { tmux.kill() }
        typealias T = REPLTerminalTests

        // Greeting and prompt (the first start indexes the copy).
        let greeting = try tmux.wait(for: "the first prompt", timeout: 90) { T.atPrompt($0) }
        #expect(greeting.contains("/help"), "greeting: \(greeting)")

        // 1. A question: the answer streams (it grows between two captures), then ends with its sources.
        let q1 = "How do actors prevent data races in Swift?"
        try tmux.type(q1)
        try tmux.keys("Enter")
        let early = try tmux.wait(for: "the answer to start") { T.answer(to: q1, in: $0).count >= 10 }
        let earlyAnswer = T.answer(to: q1, in: early)
        #expect(!T.atPrompt(early) && !earlyAnswer.contains("Sources:"), "the first capture already held the whole answer:\n\(early)")
        let grown = try tmux.wait(for: "the answer to grow") { T.answer(to: q1, in: $0).count > earlyAnswer.count }
        #expect(T.answer(to: q1, in: grown).hasPrefix(earlyAnswer), "streamed text changed:\n\(earlyAnswer)\n---\n\(grown)")
        let done1 = try tmux.wait(for: "the answer to finish") { T.atPrompt($0) && T.answer(to: q1, in: $0).contains("Sources:") }
        let answer1 = T.answer(to: q1, in: done1)
        #expect(answer1.contains("[1]"), "answer: \(answer1)")
        let cited = T.sourceTitles(answer1)
        #expect(!cited.isEmpty, "no sources listed:\n\(answer1)")

        // 2. /sources lists the last answer's citations: number, title, SOURCE:LINE, passage.
        try tmux.type("/sources")
        try tmux.keys("Enter")
        let srcScreen = try tmux.wait(for: "/sources") { T.atPrompt($0) && !T.after("/sources", in: $0).isEmpty }
        let listed = T.lines(T.after("/sources", in: srcScreen)).filter { $0.hasPrefix("[") }
        #expect(listed.count == cited.count, "sources \(cited) but /sources shows \(listed)")
        for (i, title) in cited.enumerated() where i < listed.count {
            #expect(listed[i].hasPrefix("[\(i + 1)] \(title)"), "\(listed[i]) vs \(title)")
            #expect(listed[i].range(of: #"\.txt:\d+"#, options: .regularExpression) != nil, "no SOURCE:LINE in \(listed[i])")
        }

        // 3. Tab completes a slash command; Ctrl-U clears the line again.
        try tmux.type("/sum")
        try tmux.keys("Tab")
        try tmux.wait(for: "/sum + Tab to complete") { T.lastLine($0) == "\(T.prompt) /summarize" }
        try tmux.keys("C-u")
        try tmux.wait(for: "the line to clear") { T.atPrompt($0) }

        // 4. Up recalls the last line entered.
        try tmux.keys("Up")
        try tmux.wait(for: "Up to recall /sources") { T.lastLine($0) == "\(T.prompt) /sources" }
        try tmux.keys("C-u")
        try tmux.wait(for: "the line to clear") { T.atPrompt($0) }

        // 5. Ctrl-C while the answer streams stops it and returns to the prompt.
        let q2 = "What is a Combine AnyCancellable?"
        try tmux.type(q2)
        try tmux.keys("Enter")
        let streaming = try tmux.wait(for: "the second answer to start") { T.answer(to: q2, in: $0).count >= 10 }
        #expect(!T.atPrompt(streaming), "answer finished before Ctrl-C:\n\(streaming)")
        try tmux.keys("C-c")
        let stopped = try tmux.wait(for: "the prompt after Ctrl-C", timeout: 10) { T.atPrompt($0) && T.answer(to: q2, in: $0).contains("[stopped]") }
        #expect(!T.answer(to: q2, in: stopped).contains("Sources:"), "the stopped answer ran to its end:\n\(stopped)")
        #expect(tmux.format("#{pane_dead}") == "0", "Ctrl-C mid-answer ended the chat")

        // 6. The session goes on: Up brings the question back and this time it runs to the end.
        try tmux.keys("Up")
        try tmux.wait(for: "Up to recall the interrupted question") { T.lastLine($0) == "\(T.prompt) \(q2)" }
        try tmux.keys("Enter")
        let done2 = try tmux.wait(for: "the repeated answer to finish") { T.atPrompt($0) && T.answer(to: q2, in: $0).contains("Sources:") }
        #expect(!T.answer(to: q2, in: done2).contains("[stopped]"))

        // 7. Tab completes an article title after /summarize (spaces become no-break spaces), and it runs.
        try tmux.type("/summarize Forc")
        try tmux.keys("Tab")
        let title = "Forcing an app out of memory on iOS"
        try tmux.wait(for: "/summarize Forc + Tab to complete the title") { T.lastLine($0) == "\(T.prompt) /summarize \(title)" }
        try tmux.keys("Enter")
        let q3 = "/summarize " + title
        let done3 = try tmux.wait(for: "the summary to finish", timeout: 60) { T.atPrompt($0) && T.answer(to: q3, in: $0).contains("Sources:") }
        #expect(T.after(q3, in: done3).contains("→ summarize(article: \"\(title)\")"),
                "not a summary of the completed title:\n\(T.after(q3, in: done3))")

        // 8. Ctrl-D on an empty line leaves with status 0; the process is gone.
        try tmux.keys("C-d")
        let status = try tmux.waitForExit()
        #expect(status == 0, "exit status \(String(describing: status))\n\(tmux.capture())")
        // (waitForExit returned: the shell in the pane has reaped lore, and the pane has closed.)

        // 9. The saved session holds every turn in order; the stopped one is marked.
        let list = try CLI.lore(["sessions", "list", "--json"], corpus: corpus, db: db)
        #expect(list.status == 0, "\(list)")
        try #require(list.objects.count == 1, "sessions: \(list.out)")
        let id = try #require(list.object["id"] as? Int)
        #expect(list.object["turns"] as? Int == 4)
        #expect(list.object["title"] as? String == q1)
        let show = try CLI.lore(["sessions", "show", "last", "--json"], corpus: corpus, db: db)
        #expect(show.status == 0, "\(show)")
        #expect(show.object["id"] as? Int == id)
        let turns = show.object["turns"] as? [[String: Any]] ?? []
        #expect(turns.map { $0["input"] as? String ?? "?" } == [q1, q2, q2, q3])
        #expect(turns.map { $0["interrupted"] as? Bool ?? false } == [false, true, false, false])
        if turns.count == 4 {
            let cut = turns[1]["answer"] as? String ?? "", full = turns[2]["answer"] as? String ?? ""
            #expect(!cut.isEmpty && cut.count < full.count, "interrupted answer \(cut.count) chars, full \(full.count)")
            let saved = Data((turns[0]["citations"] as? String ?? "").utf8)
            let citations = (try? JSONSerialization.jsonObject(with: saved)) as? [[String: Any]] ?? []
            #expect(citations.compactMap { $0["title"] as? String } == cited, "saved citations vs the screen's \(cited)")
        }

        // The line history was written where XDG_STATE_HOME says, deduplicated, last entry last.
        let history = CLI.lines(ofFile: dir + "/state/lore/history").filter { !$0.isEmpty }
        #expect(history.filter { $0 == q2 }.count == 1, "history: \(history)")
        #expect(history.last?.replacing("\u{A0}", with: " ") == q3, "history: \(history)")
    }

    @Test("Ctrl-C clears a typed line; twice on an empty line leaves with 0", .timeLimit(.minutes(2)))
    func ctrlCAtThePrompt() throws {
        let (dir, corpus, db) = try REPLTerminalTests.workspace("repl-ctrlc")
        let tmux = try TmuxSession([CLI.binary, "chat", "--corpus", corpus, "--db", db, "--no-save"],
                                   environment: REPLTerminalTests.env(dir, pace: 0, history: false))
        defer { tmux.kill() }
        typealias T = REPLTerminalTests
        try tmux.wait(for: "the first prompt", timeout: 90) { T.atPrompt($0) }

        try tmux.type("a draft I change my mind about")
        try tmux.wait(for: "the typed text") { T.lastLine($0).hasSuffix("change my mind about") }
        try tmux.keys("C-c")
        let cleared = try tmux.wait(for: "Ctrl-C to clear the line") { T.atPrompt($0) }
        #expect(!cleared.contains("Ctrl-C again"), "clearing a typed line should not arm the exit:\n\(cleared)")
        #expect(cleared.contains("\(T.prompt) a draft I change my mind about^C"), "the cleared line and its ^C:\n\(cleared)")

        // First Ctrl-C on the empty line warns; the chat is still there.
        try tmux.keys("C-c")
        try tmux.wait(for: "the leave hint") { T.atPrompt($0) && $0.contains("Ctrl-C again") }
        #expect(tmux.format("#{pane_dead}") == "0", "one Ctrl-C on an empty line ended the chat")
        try tmux.keys("C-c")
        let status = try tmux.waitForExit()
        #expect(status == 0, "exit status \(String(describing: status))\n\(tmux.capture())")
    }
}

/// The issue's requirement: two `lore chat` processes writing to one sessions database for a minute
/// lose no turn. LORE_SOAK_SECONDS shortens it locally.
@Suite("REPL concurrent sessions")
struct REPLConcurrentSessionsTests {
    @Test("two chats on one sessions database lose no turn", .timeLimit(.minutes(5)))
    func twoChatsOneDatabase() throws {
        let seconds = Double(ProcessInfo.processInfo.environment["LORE_SOAK_SECONDS"] ?? "") ?? 60
        let dir = CLI.tempDirectory("soak")
        let corpus = dir + "/corpus", db = dir + "/index.sqlite"
        try CLI.copySeeds(to: corpus)
        let indexed = try CLI.lore(["index"], corpus: corpus, db: db, timeout: 120)
        try #require(indexed.status == 0, "\(indexed)")
        signal(SIGPIPE, SIG_IGN)

        let questions = ["How do actors prevent data races in Swift?", "What is a Combine AnyCancellable?",
                         "search serial queue priority", "summarize the article about logging", "what about it?"]
        struct Chat { let name: String; let process: Process; let input: FileHandle; let tag: String; var sent: [String] = [] }
        var chats: [Chat] = []
        for name in ["A", "B"] {
            let tag = dir + "/chat-" + name
            _ = FileManager.default.createFile(atPath: tag + ".out", contents: nil)
            _ = FileManager.default.createFile(atPath: tag + ".err", contents: nil)
            let pipe = Pipe()
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CLI.binary)
            p.arguments = ["chat", "--corpus", corpus, "--db", db, "--json"]
            p.environment = CLI.environment([:])
            p.currentDirectoryURL = URL(fileURLWithPath: dir)
            p.standardInput = pipe
            p.standardOutput = FileHandle(forWritingAtPath: tag + ".out")
            p.standardError = FileHandle(forWritingAtPath: tag + ".err")
            try p.run()
            chats.append(Chat(name: name, process: p, input: pipe.fileHandleForWriting, tag: tag))
        }
        defer { for c in chats where c.process.isRunning { kill(c.process.processIdentifier, SIGKILL) } }

        // Both send at the same moments, every half second, to collide on the database.
        let start = Date()
        var n = 0
        while Date().timeIntervalSince(start) < seconds {
            n += 1
            for i in chats.indices where chats[i].process.isRunning {
                let message = "\(questions[n % questions.count]) (\(chats[i].name) \(n))"
                do {
                    try chats[i].input.write(contentsOf: Data((message + "\n").utf8))
                    chats[i].sent.append(message)
                } catch { Issue.record("chat \(chats[i].name) stopped reading: \(error)") }
            }
            let next = start.addingTimeInterval(Double(n) * 0.5)
            let wait = next.timeIntervalSinceNow
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        }
        for c in chats { try? c.input.close() }
        for c in chats {
            let run = CLI.finish(c.process, c.tag, args: ["chat", c.name], started: Date(), timeout: 60)
            #expect(run.status == 0, "chat \(c.name): \(run)")
            #expect(!run.err.lowercased().contains("locked"), "chat \(c.name) stderr: \(run.err.prefix(600))")
            #expect(run.outLines.count == c.sent.count, "chat \(c.name) answered \(run.outLines.count) of \(c.sent.count)")
        }

        // Each process made one session holding exactly what it sent, in order.
        let list = try CLI.lore(["sessions", "list", "--json"], corpus: corpus, db: db)
        #expect(list.status == 0, "\(list)")
        #expect(list.objects.count == 2, "sessions: \(list.out.prefix(600))")
        var seen: Set<String> = []
        for s in list.objects {
            let id = s["id"] as? Int ?? -1
            let show = try CLI.lore(["sessions", "show", "\(id)", "--json"], corpus: corpus, db: db)
            #expect(show.status == 0, "\(show)")
            let inputs = (show.object["turns"] as? [[String: Any]] ?? []).map { $0["input"] as? String ?? "?" }
            guard let chat = chats.first(where: { inputs.first == $0.sent.first }) else {
                Issue.record("session \(id) starts with \(inputs.first ?? "nothing"), sent by neither chat"); continue
            }
            seen.insert(chat.name)
            #expect(s["turns"] as? Int == chat.sent.count, "session \(id) of chat \(chat.name)")
            #expect(inputs == chat.sent, "chat \(chat.name): sent \(chat.sent.count), saved \(inputs.count); missing \(Set(chat.sent).subtracting(inputs).sorted().prefix(5))")
        }
        #expect(seen == ["A", "B"])
        #expect(chats.allSatisfy { $0.sent.count >= Int(seconds * 2) - 2 }, "sent \(chats.map(\.sent.count))")
    }
}
