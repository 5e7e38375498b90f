import ArgumentParser

/// `lore summarize REF-OR-TOPIC`: the summarize tool directly.
struct SummarizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "summarize", abstract: "Summarize an article (id, SOURCE:LINE or title words) or a topic.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var talk: TalkOptions
    @Option(help: "short, medium or long.") var length: String?
    @Option(help: "Only this section of the article, by words of its heading.") var section: String?
    @Argument(help: "An article reference or a topic.") var ref: [String]

    func validate() throws {
        if ref.isEmpty { throw ValidationError("name an article or a topic, e.g. lore summarize 000_9ed6a84ce2ac574c.txt:14") }
        if let l = length, !["short", "medium", "long"].contains(l) { throw ValidationError("--length must be short, medium or long") }
        if let s = section, s.trimmed.isEmpty || s.contains(")") { throw ValidationError("--section takes words of a heading, e.g. --section troubleshooting") }
    }

    func run() throws {
        try runOrFail {
            let ws = try Workspace(global)
            let convo = try Conversation(workspace: ws, talk: talk.plain, output: talk.jsonl ? .jsonl : talk.json ? .json : .human, store: nil)
            let words = ref.joined(separator: " ") + (section.map { " (section: \($0))" } ?? "") + (length.map { " (\($0))" } ?? "")
            try convo.turn("/summarize " + words)
        }
    }
}
