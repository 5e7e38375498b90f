import ArgumentParser
import Assistant

/// `lore chat` (and `lore` alone): the REPL on a terminal; on a pipe, one message per line.
struct ChatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "chat", abstract: "Chat about the articles (the default command).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var talk: TalkOptions
    @Option(name: .long, help: "Continue a session: the last one, or the given ID.") var resume: String?
    @Flag(name: .customLong("resume-last"), help: .hidden) var resumeLast = false
    @Flag(help: "Do not save this session.") var noSave = false

    mutating func validate() throws {
        if talk.json && talk.jsonl { throw ValidationError("choose one of --json and --jsonl") }
    }

    func run() throws {
        try runOrFail {
            Interrupt.install()
            let ws = try Workspace(global)
            let store = noSave ? nil : try SessionStore.open(path: global.sessionsPath(index: ws.dbPath), askToSetAside: Terminal.stdinIsTTY)
            var resumeID: Int64?
            if let r = resume {
                guard let store else { throw CLIError("--resume needs saved sessions; drop --no-save") }
                if r == "last" || r.isEmpty { resumeID = try store.latest() } else if let id = Int64(r), try store.exists(id) { resumeID = id }
                else { throw CLIError("no session \(sanitize(r, keepNewlines: false)); see `lore sessions list`") }
            }
            let output: TurnOutput = talk.jsonl ? .jsonl : talk.json ? .json : .human
            let convo = try Conversation(workspace: ws, talk: talk.plain, output: output, store: store, resume: resumeID)
            if Terminal.stdinIsTTY && output == .human {
                try REPL(conversation: convo, store: store).run()
            } else {
                let reader = PlainReader()
                while case .line(let line) = reader.read(prompt: "") {
                    guard line.utf8.count <= 10_000 else { Out.err("lore: skipped a message of \(line.utf8.count) bytes; keep messages under 10,000"); continue }
                    try convo.turn(line)
                    if output == .human && !line.trimmed.isEmpty { Out.line() }
                }
            }
        }
    }
}

