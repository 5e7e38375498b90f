import Retrieval

/// Questions about the corpus itself — how many articles, which sources and authors, the newest
/// posts, what someone wrote — answered from the index rather than from article text.
struct CorpusFacts {
    let assistant: Assistant

    func answer(_ call: ToolCall, message: String) throws -> Response? {
        let cues = MessageCues(message)
        // Sent to search, "list posts about RSS feeds" wants articles; "which feeds do you have?" the corpus's sources.
        if call.tool == .search && cues.namesTopic { return nil }
        let l = cues.lower
        let aboutCorpus = ["the corpus", "your articles", "you know", "do you have", "in your", "are there", "you got", "the index", "this corpus", "these articles", "the collection"].contains { l.contains($0) }
        let p = assistant.prompts
        var lines: [String] = []
        var call = call
        if Self.asksWhatItKnows(cues) {
            // "what do you know about?", "what can I ask you?": what the corpus is, and where to start.
            let r = try stats()
            lines.append(p.template("corpus_count", ["articles": "\(r.0)", "files": "\(r.1)", "passages": "\(r.2)"]))
            let sources = try group("coalesce(feed, source)")
            lines.append(p.template("corpus_feeds"))
            for (name, n) in sources.prefix(Self.overviewSources) { lines.append("- \(name) (\(n))") }
            if sources.count > Self.overviewSources { lines.append("- … and \(sources.count - Self.overviewSources) more") }
            var q = SearchQuery(text: "", limit: Self.overviewTitles); q.after = "0"
            let hits = try assistant.searcher.search(q)
            if !hits.isEmpty {
                lines.append(""); lines.append(p.template("corpus_overview"))
                for h in hits { lines.append("- \(Emphasis.bold(h.title))") }
            }
            return Response(call: call, answer: lines.joined(separator: "\n"))
        } else if (l.contains("how many") && (cues.has("articles") || cues.has("posts") || cues.has("documents"))) && (aboutCorpus || cues.words.count <= 7) {
            let r = try stats()
            lines.append(p.template("corpus_count", ["articles": "\(r.0)", "files": "\(r.1)", "passages": "\(r.2)"]))
        } else if (cues.has("feeds") || cues.has("sources") || cues.has("blogs") || cues.has("sites")) && (cues.has("which") || cues.has("what") || cues.has("list"))
                    && (aboutCorpus || cues.words.count <= 7) {
            // "…my GitHub repo and which sites are sending visitors there?" asks about the user's sites, not the corpus's.
            lines.append(p.template("corpus_feeds"))
            for (name, n) in try group("coalesce(feed, source)") { lines.append("- \(name) (\(n))") }
        } else if (cues.has("authors") && (aboutCorpus || cues.words.count <= 7) || l.contains("who writes") || l.contains("who wrote the articles"))
                    && !cues.namesArticle {
            lines.append(p.template("corpus_authors"))
            for (name, n) in try group("author") where !name.isEmpty { lines.append("- \(name) (\(n))") }
        } else if (cues.has("newest") || cues.has("latest") || l.contains("most recent")) && (cues.has("articles") || cues.has("posts")) && cues.contentWords.count <= 2 {
            lines.append(p.template("corpus_newest"))
            var q = SearchQuery(text: "", limit: 5); q.after = "0"
            let hits = try assistant.searcher.search(q)
            for h in hits { lines.append("- \(Emphasis.bold(h.title)) — \(h.author ?? "no author"), \(h.date.map { String($0.prefix(10)) } ?? "")") }
            call.set("order", "newest")
            return Response(call: call, answer: lines.joined(separator: "\n"), hits: hits)
        } else {
            return nil
        }
        return Response(call: call, answer: lines.joined(separator: "\n"))
    }

    /// "what do you know about?", "what do you know?", "what can I ask you?", "what topics do you cover?": a
    /// question about what the assistant knows that names no topic.
    static func asksWhatItKnows(_ cues: MessageCues) -> Bool {
        let l = cues.lower
        let phrases = ["what do you know", "what can i ask", "what topics do you", "what subjects do you", "what do you cover",
                       "what can you tell me about?", "what are you about"]
        guard phrases.contains(where: { ByteSearch.contains(l, $0) }) else { return false }
        // "what do you know about actors?" names a topic; "…about?" and "…know?" do not.
        if let i = cues.words.lastIndex(of: "about") { return i == cues.words.count - 1 }
        return cues.contentWords.count <= 2
    }

    static let overviewSources = 8, overviewTitles = 5

    func stats() throws -> (Int, Int, Int) {
        let db = assistant.index.db
        let a = Int(try db.scalarInt("SELECT count(*) FROM articles") ?? 0)
        let f = Int(try db.scalarInt("SELECT count(*) FROM files WHERE articles > 0") ?? 0)
        let p = Int(try db.scalarInt("SELECT coalesce(sum(npass),0) FROM articles") ?? 0)
        return (a, f, p)
    }

    func group(_ column: String) throws -> [(String, Int)] {
        let s = try assistant.index.db.prepare("SELECT \(column), count(*) FROM articles GROUP BY 1 ORDER BY 2 DESC, 1")
        var out: [(String, Int)] = []
        while try s.step() { out.append((s.optionalText(0) ?? "", Int(s.int(1)))) }
        return out
    }
}
