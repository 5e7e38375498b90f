import ArgumentParser

/// `lore ask`: one message, one answer (`lore ask -` answers each stdin line in one session).
struct AskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ask", abstract: "Answer one message and exit (`-` reads messages from stdin, one a line).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var talk: TalkOptions
    @Argument(help: "The message, or - for stdin.") var message: [String] = []

    func validate() throws {
        if message.isEmpty { throw ValidationError("give a question, e.g. lore ask \"what is an actor?\", or - to read stdin") }
        if talk.json && talk.jsonl { throw ValidationError("choose one of --json and --jsonl") }
    }

    func run() throws {
        let text = message.joined(separator: " ")
        if text.utf8.count > 10_000 {
            Out.err("lore: the message is \(text.utf8.count) bytes long; keep it under 10,000 (ask about one thing at a time)")
            throw ExitCode.failure
        }
        try runOrFail {
            Interrupt.install()
            let ws = try Workspace(global)
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
