import Feeds

extension Conversation {
    /// The articles `lore update` fetched since the last chat session.
    func newArticles() -> [NewArticle] {
        (try? FeedStores.existing(index: workspace.dbPath)?.newArticles(since: newSince ?? "")) ?? []
    }

    /// Answers "what's new?" (and `/new-articles`) from the feeds database, not the dispatcher.
    func whatsNew(_ input: String) {
        let list = newArticles()
        // Asking counts as a session: the next "what's new?" starts from here.
        if session == nil, let store { session = try? store.create(corpus: workspace.corpus) }
        switch output {
        case .human:
            Out.write(Style.dim("→ new_articles(since: \"\(newSince ?? "the beginning")\")", on: Terminal.stderrColour) + "\n", fd: 2)
            Out.write(NewArticles.render(list, since: newSince, limit: 20))
        case .json, .jsonl:
            let turn = JSON.object([
                ("type", .string("done")), ("input", .string(input)),
                ("tool_call", .object([("name", .string("new_articles")), ("arguments", .object([("since", .str(newSince))])), ("target", .null)])),
                ("answer", .string(NewArticles.render(list, since: newSince, limit: 20))), ("citations", .array([])),
                ("abstained", .bool(false)), ("hits", .array([])), ("new_articles", .array(list.map(NewArticles.json))),
            ])
            if output == .jsonl { Out.line(turn.text) } else if case .object(let f) = turn { Out.line(JSON.object(Array(f.dropFirst())).text) }
        }
    }
}

extension NewArticles {
    /// True for "what's new?" and its plain variants, but not "what's new in Swift 6?" (a question
    /// about the articles).
    static func isAsking(_ message: String) -> Bool {
        if message.trimmed == "/new-articles" { return true }
        var m = message.lowercased().replacing("’", with: "'")
        while let l = m.last, "?!. ".contains(l) { m.removeLast() }
        let heads = ["what's new", "whats new", "what is new", "anything new", "any new articles", "any new posts",
                     "new articles", "show me the new articles", "show new articles", "list new articles", "what are the new articles"]
        let tails = ["", " since last time", " since my last session", " since the last session", " since last session",
                     " in my feeds", " in the feeds", " from my feeds", " for me", " today", " here"]
        for h in heads where m.hasPrefix(h) {
            let rest = String(m.dropFirst(h.count))
            for t in tails where rest == t || rest == "," + t || rest == " then" + t { return true }
        }
        return false
    }
}
