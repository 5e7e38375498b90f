import ArgumentParser

/// `lore ask`: one message, one answer (`lore ask -` answers each stdin line in one session).
struct AskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ask", abstract: "Answer one message and exit (`-` reads messages from stdin, one a line).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var talk: TalkOptions
    @Argument(help: "The message, or - for stdin.") var message: [String] = []

    /// The parsed options as plain values.
    var request: AskRequest { AskRequest(message: message, talk: talk.plain, location: global.location) }

    func validate() throws { try request.validate() }

    func run() throws { try request.run() }
}

/// A `lore ask` invocation as plain values. Its usual spellings are read directly
/// (`init?(plainArguments:)`), as `lore search`'s are: ArgumentParser's model of every command costs
/// more than a tenth of an answer, all of it before the first token.
struct AskRequest: Equatable {
    var message: [String] = []
    var talk = Talk()
    var location = IndexLocation()

    func validate() throws {
        if message.isEmpty { throw ValidationError("give a question, e.g. lore ask \"what is an actor?\", or - to read stdin") }
        if talk.json && talk.jsonl { throw ValidationError("choose one of --json and --jsonl") }
    }

    /// Message words, `--json`, `--jsonl`, `--explain`, and `--pace`, `--prompts`, `--corpus`, `--db` with
    /// a value; nil for anything else (help, `--opt=value`, `--`, a repeat, a bad value), which
    /// ArgumentParser then reads and reports as it always has.
    init?(plainArguments args: [String]) {
        guard let plain = PlainArguments(args, flags: ["--json", "--jsonl", "--explain", "--follow-symlinks", "--follow-symlinks-anywhere"], options: ["--corpus", "--db", "--prompts", "--pace"],
                                         dashIsWord: true) else { return nil }
        message = plain.words
        talk.json = plain.has("--json"); talk.jsonl = plain.has("--jsonl"); talk.explain = plain.has("--explain")
        talk.prompts = plain.value("--prompts")
        if let p = plain.value("--pace") {
            guard let n = Int(p) else { return nil }
            talk.pace = n
        }
        location = IndexLocation(plain)
        guard (try? validate()) != nil else { return nil }
    }

    init(message: [String] = [], talk: Talk = Talk(), location: IndexLocation = IndexLocation()) {
        self.message = message; self.talk = talk; self.location = location
    }

    func run() throws {
        let text = message.joined(separator: " ")
        if text.utf8.count > 10_000 {
            Out.err("lore: the message is \(text.utf8.count) bytes long; keep it under 10,000 (ask about one thing at a time)")
            throw ExitCode.failure
        }
        try runOrFail {
            Interrupt.install()
            let ws = try Workspace(location)
            let output: TurnOutput = talk.jsonl ? .jsonl : talk.json ? .json : .human
            let convo = try Conversation(workspace: ws, talk: talk, output: output, store: nil)
            if text == "-" {
                while let line = readLine(strippingNewline: true) {
                    guard line.utf8.count <= 10_000 else { Out.err("lore: skipped a line of \(line.utf8.count) bytes; keep messages under 10,000"); continue }
                    try convo.turn(line)
                    if output == .human { Out.line() }
                }
            } else {
                try convo.turn(text)
            }
        }
    }
}
