import ArgumentParser
import Assistant

/// `lore extract KIND REF-OR-TOPIC`: the extract tool directly.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "extract", abstract: "Extract code, links, headings, terms or metadata from an article.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var talk: TalkOptions
    @Argument(help: "code, links, headings, terms or metadata.") var kind: String
    @Argument(help: "An article id, SOURCE:LINE, or title words.") var ref: [String]

    func validate() throws {
        guard ExtractKind(rawValue: kind) != nil else { throw ValidationError("KIND must be one of code, links, headings, terms, metadata") }
        if ref.isEmpty { throw ValidationError("name an article, e.g. lore extract code 000_9ed6a84ce2ac574c.txt:14") }
    }

    func run() throws {
        try runOrFail {
            let ws = try Workspace(global)
            let convo = try Conversation(workspace: ws, talk: talk.plain, output: talk.jsonl ? .jsonl : talk.json ? .json : .human, store: nil)
            try convo.turn("/extract \(kind) " + ref.joined(separator: " "))
        }
    }
}
