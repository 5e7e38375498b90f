import Analysis
import Retrieval

/// Finds the article a message names: by partial title, by author or site plus topic, or by a
/// fragment of an excerpt. Confidence is the IDF-weighted share of the message's content words that
/// the article's title, author and site account for.
struct TargetResolver {
    let searcher: Searcher
    let store: ArticleStore
    let analyzer: Analyzer
    let directory: CorpusDirectory

    /// `titleTerms`: how many of the message's terms the article's title, author and site hold.
    struct Named { var ref: TargetRef; var confidence: Double; var titleTerms = 0 }

    func exact(_ ref: String) -> TargetRef? {
        let r = ref.trimmed
        guard !r.isEmpty else { return nil }
        if let s = try? store.resolve(r) { return TargetRef(s) }
        return nil
    }

    /// Words that say what is asked of the article, or what it is ("the Events page"), not which one it is.
    static let askingWords: Set<String> = ["author", "wrote", "written", "date", "publication", "published", "when", "who", "did",
                                           "come", "came", "page", "chapter", "document"]

    /// Whether `ref` is among the best `k` articles for the message's content words.
    func ranks(_ ref: TargetRef, within k: Int, for cues: MessageCues) -> Bool {
        let text = cues.contentWords.joined(separator: " ")
        guard !text.isEmpty else { return false }
        var query = SearchQuery(text: text, limit: k)
        query.snippets = false
        return ((try? searcher.search(query)) ?? []).contains { $0.doc == ref.doc }
    }

    func named(_ cues: MessageCues, context: ConversationContext) -> Named? {
        var content = cues.contentWords
        var query = SearchQuery(text: "", limit: 5)
        query.snippets = false
        var filterWords = Set<String>()
        // The name's other words are the name's too: "swift" in "the Swift by Sundell post" says which site, not what about.
        if let (name, words) = directory.author(in: cues) { query.author = name; filterWords.formUnion(words); filterWords.formUnion(Classifier.words(name)) }
        if let (name, words) = directory.feed(in: cues) { query.feed = name; filterWords.formUnion(words); filterWords.formUnion(Classifier.words(name)) }
        // "the excerpt about…" means one of the untitled excerpts of a text dump.
        if cues.has("excerpt") || cues.has("excerpts") {
            let dumps = searcher.sources(withFormat: ["textDump"])
            if !dumps.isEmpty { query.sources = dumps }
        }
        content.removeAll { filterWords.contains($0) || Self.askingWords.contains($0) }
        let text = content.joined(separator: " ")
        let terms = Set(analyzer.terms(text))
        guard !terms.isEmpty else { return nil }
        query.text = text
        var hits = (try? searcher.search(query)) ?? []
        if hits.isEmpty && query.hasFilters {
            query.author = nil; query.feed = nil; query.sources = nil
            hits = (try? searcher.search(query)) ?? []
        }
        guard let top = hits.first else { return nil }
        let saysOnlyWhose = content.allSatisfy { MessageCues.articleNouns.contains($0) || analyzer.terms($0).isEmpty }
        var best: Named?
        let labels = hits.prefix(3).map { h in Set(analyzer.terms(h.title + " " + (h.author ?? "") + " " + (h.feed ?? ""))) }
        // A title that holds every word named beats one that holds only the rarer of them ("the post about swift
        // collections": "Introducing Swift Collections" over "Package Collections", however common "swift" is).
        let whole = labels.map { $0.isSuperset(of: terms) }
        // "What is an actor?" names a topic, not an article, when its terms are all in several titles ("what is an
        // access token?" over "Access Tokens" and "Access Rights for Access-Token Objects").
        let ambiguous = !cues.namesArticle && whole.filter { $0 }.count > 1
        for (i, (h, label)) in zip(hits.prefix(3), labels).enumerated() {
            var matched = 0.0, total = 0.0, count = 0
            for t in terms {
                let w = searcher.idf(t)
                total += w
                if label.contains(t) { matched += w; count += 1 }
            }
            var conf = total > 0 ? matched / total : 0
            // Author or site named and it matches: strong evidence, when the title also holds a word of what else the
            // message says, or the message says nothing else ("Sundell's latest post"). Otherwise the site's best
            // article for words its title lacks (a sponsor post named by its site, where it has none) is no more named than any.
            if !filterWords.isEmpty && (query.author != nil || query.feed != nil) && (saysOnlyWhose || !terms.isDisjoint(with: analyzer.terms(h.title))) {
                conf = min(1, conf + 0.3)
            }
            if query.sources != nil { conf = min(1, conf + 0.15) }
            // Below the top hit, only a clearly better title match can win.
            if h.doc != top.doc && !(whole[i] && !whole[0] && terms.count > 1) { conf -= 0.15 }
            if ambiguous { conf = min(conf, 0.45) }
            if best == nil || conf > best!.confidence { best = Named(ref: TargetRef(h), confidence: conf, titleTerms: count) }
        }
        // A clear winner in ranking also counts for a descriptive reference ("the excerpt on X").
        if var b = best, b.ref.doc == top.doc, hits.count > 1, top.score > 1.6 * hits[1].score, cues.namesArticle {
            b.confidence = max(b.confidence, 0.5)
            best = b
        }
        return best
    }
}
