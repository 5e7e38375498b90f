import Assistant
import Retrieval
#if canImport(Glibc)
import Glibc
#endif

/// The interactive chat: readline prompt, slash commands, streamed answers, Ctrl-C handling.
final class REPL {
    let convo: Conversation
    let store: SessionStore?
    let reader: LineReader
    var titles: [String] = []
    /// The last answer's citations when that answer was given in an earlier run (`--resume`, `/resume`).
    var resumedCitations: [Citation] = []
    /// The messages of this run (what became turns), for `/history` when nothing is saved (`--no-save`).
    var typed: [String] = []

    init(conversation: Conversation, store: SessionStore?) {
        convo = conversation
        self.store = store
        var historyPath: String?
        if env("LORE_NO_HISTORY") == nil {
            try? Paths.makeDirectories(Paths.stateDirectory)
            historyPath = Paths.stateDirectory + "/history"
        }
        titles = ((try? ArticleStore(index: conversation.workspace.index).all(bodies: false)) ?? []).map(\.article.title)
        let commands = REPL.commands
        let titleList = titles
        reader = ReadlineReader(historyPath: historyPath) { before, word in
            let trimmed = before.trimmed
            if trimmed.isEmpty { return commands.filter { $0.hasPrefix(word) } }
            let first = trimmed.split(separator: " ").first.map(String.init) ?? ""
            if ["/summarize", "/show", "/extract"].contains(first) {
                if first == "/extract" && trimmed == "/extract" { return ExtractKind.allCases.map(\.rawValue).filter { $0.hasPrefix(word) } }
                let w = word.lowercased()
                return titleList.filter { $0.lowercased().hasPrefix(w) }.map { $0.replacing(" ", with: "\u{A0}") }.prefix(50).map { $0 }
            }
            return []
        }
        if let id = conversation.session { resumedCitations = restoredCitations(id) }
    }

    /// The citations of the session's last turn, read back from the store (each article found again).
    func restoredCitations(_ id: Int64) -> [Citation] {
        guard let store, let last = (try? store.turns(id))?.last, let json = try? MiniJSON.parse(last.citations) else { return [] }
        let articles = ArticleStore(index: convo.workspace.index)
        return (json.array ?? []).enumerated().compactMap { k, c in
            guard let source = c["source"]?.string, let line = c["line"]?.number,
                  let a = (try? articles.resolve(c["id"]?.string ?? "")) ?? (try? articles.resolve("\(source):\(Int(line))")) else { return nil }
            return Citation(n: c["n"]?.number.map { Int($0) } ?? k + 1, ref: TargetRef(a), url: c["url"]?.string,
                            passage: c["passage"]?.string ?? "")
        }
    }

    /// The citations `/sources` and `/show N` use: this run's last answer's, else the resumed session's.
    var citations: [Citation] { convo.last.map(\.citations) ?? resumedCitations }

    static let commands = ["/help", "/search", "/summarize", "/extract", "/answer", "/sources", "/show", "/history",
                           "/sessions", "/resume", "/new", "/new-articles", "/export", "/clear", "/quit"]

    func greet() {
        let a = convo.assistant
        let count = (try? ArticleStore(index: convo.workspace.index).count()) ?? 0
        let feeds = (try? convo.workspace.index.db.scalarInt("SELECT count(DISTINCT coalesce(feed, source)) FROM articles")) ?? 0
        let name = convo.workspace.corpus.split(separator: "/").last.map(String.init) ?? "the corpus"
        Out.line(Style.bold(a.prompts.voice("greeting", ["articles": "\(count)", "feeds": "\(feeds ?? 0)", "corpus": name])))
        let ex = a.exampleQuestions()
        if ex.count >= 2 { Out.line(Style.dim(sanitize(a.prompts.voice("greeting_examples", ["example1": ex[0], "example2": ex[1]]), keepNewlines: false))) }
        if let s = convo.session { Out.line(Style.dim("Resumed session \(s).")) }
        let fresh = convo.newArticles().count
        if fresh > 0 { Out.line(Style.dim("\(fresh) new article\(fresh == 1 ? "" : "s") since your last session: ask “what's new?” or type /new-articles.")) }
    }

    var prompt: String { Terminal.colour ? "\u{01}\u{1B}[1;32m\u{02}lore›\u{01}\u{1B}[0m\u{02} " : "lore› " }

    func run() throws {
        greet()
        var lastWasInterrupt = false
        while true {
            let result = reader.read(prompt: prompt)
            switch result {
            case .end:
                reader.close(); return
            case .cleared:
                // Ctrl-C wiped a typed line: that is not the first of the two presses that leave.
                lastWasInterrupt = false
                continue
            case .interrupted:
                if lastWasInterrupt { reader.close(); return }
                lastWasInterrupt = true
                Out.line(Style.dim("(Ctrl-C again or Ctrl-D to leave)"))
                continue
            case .line(var line):
                lastWasInterrupt = false
                // Multi-line input: a trailing backslash, or a block between """ lines.
                if line.trimmed == "\"\"\"" {
                    var parts: [String] = []
                    while case .line(let more) = reader.read(prompt: "… "), more.trimmed != "\"\"\"" { parts.append(more) }
                    line = parts.joined(separator: "\n")
                } else {
                    while line.hasSuffix("\\") {
                        line.removeLast()
                        guard case .line(let more) = reader.read(prompt: "… ") else { break }
                        line += "\n" + more
                    }
                }
                let text = line.trimmed
                guard !text.isEmpty else { continue }
                reader.remember(text)
                if try command(text) == false { return }
                Out.line()
            }
        }
    }

    /// Runs a slash command or a message; false means quit.
    func command(_ text: String) throws -> Bool {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        let arg = parts.count > 1 ? parts[1].trimmed : ""
        switch parts[0] {
        case "/quit", "/exit", "/q": reader.close(); return false
        case "/help": Out.line(convo.assistant.prompts.voice("help"))
        case "/clear": Out.write("\u{1B}[H\u{1B}[2J")
        case "/sources": sources()
        case "/show": try show(arg)
        case "/history": history()
        case "/sessions": sessions()
        case "/new-articles": convo.whatsNew(text)
        case "/new":
            convo.session = nil; convo.context = ConversationContext(); convo.last = nil; resumedCitations = []; typed = []
            Out.line(Style.dim("New session."))
        case "/resume":
            guard let store, let id = Int64(arg), (try? store.exists(id)) == true else { Out.line("No session \(sanitize(arg, keepNewlines: false)); try /sessions."); break }
            convo.session = id; convo.context = ContextCoding.decode((try? store.context(id)) ?? "")
            convo.last = nil; resumedCitations = restoredCitations(id)
            Out.line(Style.dim("Resumed session \(id)."))
        case "/export":
            guard let store, let id = convo.session else { Out.line("Nothing to export yet."); break }
            let md = SessionExport.markdown(store: store, id: id)
            if arg.isEmpty { Out.write(sanitize(md)) } else {
                if SessionExport.write(md, to: Paths.absolute(arg)) { Out.line("Saved to \(sanitize(arg, keepNewlines: false)).") }
                else { Out.line("Could not write \(sanitize(arg, keepNewlines: false)); check the path.") }
            }
        case "/search" where arg.isEmpty:
            Out.line("Give the words to search for, e.g. /search swift actors.")
        default:
            if parts[0].hasPrefix("/") && !["/search", "/summarize", "/summarise", "/extract", "/answer", "/ask"].contains(parts[0]) {
                Out.line("Unknown command \(sanitize(parts[0], keepNewlines: false)); type /help.")
                break
            }
            typed.append(text)
            try convo.turn(text.replacing("\u{A0}", with: " "))
        }
        return true
    }

    func sources() {
        guard !citations.isEmpty else { Out.line("The last answer had no citations."); return }
        for c in citations {
            Out.line(Style.bold("[\(c.n)] " + sanitize(c.ref.title, keepNewlines: false)) + Style.dim("  \(displaySourceLine(c.ref.source, c.ref.line))"))
            Out.line(wrap(sanitize(c.passage, keepNewlines: false), width: min(Terminal.width, 100) - 4, indent: "    ").split(separator: "\n").map { "    " + String($0).trimmed }.joined(separator: "\n"))
        }
    }

    func show(_ arg: String) throws {
        let refs = citations.map(\.ref)
        let hits = convo.context.lastHits
        var target: TargetRef?
        if let n = Int(arg) {
            if n >= 1 && n <= refs.count { target = refs[n - 1] } else if n >= 1 && n <= hits.count { target = hits[n - 1] }
        }
        let store = ArticleStore(index: convo.workspace.index)
        let stored = try target.flatMap { try store.article(doc: $0.doc) } ?? (arg.isEmpty ? nil : try store.resolve(arg))
        guard let s = stored else { Out.line("Give the number of a citation or result (/show 1), or SOURCE:LINE."); return }
        Pager.show(ArticleView.render(s.article, width: Terminal.width))
    }

    func history() {
        // Unsaved (`--no-save`, or nothing saved yet): the messages typed in this run, slash commands aside.
        guard let store, let id = convo.session, let turns = try? store.turns(id), !turns.isEmpty else {
            if typed.isEmpty { Out.line("No turns yet."); return }
            for (i, m) in typed.enumerated() { Out.line("\(i + 1). " + sanitize(m, keepNewlines: false)) }
            return
        }
        for (i, t) in turns.enumerated() {
            Out.line("\(i + 1). " + sanitize(t.input, keepNewlines: false) + (t.interrupted ? Style.dim(" (interrupted)") : ""))
        }
    }

    func sessions() {
        guard let store, let list = try? store.list(), !list.isEmpty else { Out.line("No saved sessions."); return }
        for s in list.prefix(20) {
            Out.line("\(s.id)\t\(s.updated.prefix(16))\t\(s.turns) turns\t" + sanitize(s.title, keepNewlines: false))
        }
    }
}

/// Shows long text through `less` when it does not fit the window.
enum Pager {
    static func show(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        guard Terminal.stdoutIsTTY, lines > Terminal.height - 2, let p = popen("LESS=FRX less -R 2>/dev/null || cat", "w") else { Out.write(text); return }
        fputs(text, p)
        pclose(p)
    }
}
