import Corpus
import Retrieval

/// The search tool: ranked articles with snippets and `source:line`, phrased as a reply.
struct SearchTool {
    let assistant: Assistant

    func run(_ call: ToolCall) throws -> Response {
        let raw = call.argument("query") ?? ""
        let corrected = assistant.corrected(raw)
        var q = SearchQuery(text: corrected, limit: Int(call.argument("limit") ?? "") ?? 5)
        if let a = call.argument("author") { if a == "none" { q.noAuthor = true } else { q.author = a } }
        q.feed = call.argument("feed"); q.after = call.argument("after"); q.before = call.argument("before")
        q.newestFirst = call.argument("order") == "newest"
        if q.newestFirst && q.text.trimmed.isEmpty && !q.hasFilters { q.after = "0" }  // every dated article, newest first
        if q.hasFilters && q.text.trimmed.isEmpty { q.limit = 20 }
        // A search asked as a question ("which posts explain how actors keep state safe?") weighs its everyday words less.
        q.everyday = assistant.prompts.commonWords.everyday(for: corrected, searcher: assistant.searcher, parameters: q.parameters)
        var hits = try assistant.searcher.search(q)
        if hits.isEmpty && q.hasFilters && !q.text.trimmed.isEmpty {
            // The filter may be what the words meant; fall back to the filter alone.
            q.text = ""
            hits = try assistant.searcher.search(q)
        }
        let p = assistant.prompts
        guard !hits.isEmpty else {
            return Response(call: call, answer: p.voice("no_hits", ["query": raw.isEmpty ? describe(q) : raw]), abstained: true)
        }
        var lines: [String] = []
        if q.text.trimmed.isEmpty || raw.isEmpty {
            lines.append(p.template("search_intro_filtered", ["filters": describe(q)]))
        } else {
            // A corrected typo is said, as a search engine says what it searched for instead.
            let intro = corrected == raw ? p.template("search_intro", ["query": raw])
                : p.template("search_intro_corrected", ["query": raw, "corrected": corrected])
            lines.append(intro + (q.hasFilters ? " (" + describe(q) + ")" : ""))
        }
        lines.append("")
        for (i, h) in hits.enumerated() {
            let meta = [h.author, Article.shownDay(h.date, title: h.title), "\(h.source):\(h.line)"].compactMap { $0 }.joined(separator: " · ")
            lines.append("\(i + 1). \(Emphasis.bold(h.title)) — \(meta)")
            if !h.snippet.isEmpty { lines.append("   " + h.snippet) }
        }
        lines.append("")
        lines.append(p.template("search_more"))
        return Response(call: call, answer: lines.joined(separator: "\n"), hits: hits, focus: nil)
    }

    func describe(_ q: SearchQuery) -> String {
        var parts: [String] = []
        if q.noAuthor { parts.append("with no author listed") }
        if let a = q.author { parts.append("by \(a)") }
        if let f = q.feed { parts.append("from \(f)") }
        if let a = q.after, let b = q.before, Int(b) == (Int(a) ?? 0) + 1 { parts.append("from \(a)") } else {
            if let a = q.after, a != "0" { parts.append("on or after \(a)") }
            if let b = q.before { parts.append("before \(b)") }
        }
        if q.newestFirst { parts.append("newest first") }
        return parts.isEmpty ? "in the corpus" : parts.joined(separator: ", ")
    }
}
