import Analysis
import Corpus
import Retrieval

/// The summarize tool: an extractive summary of one article (central sentences in reading order,
/// no repetition, plus key points), or of a topic across the best-matching articles.
struct Summarizer {
    let assistant: Assistant

    func run(_ call: ToolCall) throws -> Response {
        let length = call.argument("length") ?? "medium"
        if let t = call.target, let stored = try assistant.store.article(doc: t.doc) {
            return try single(call, stored, length: length)
        }
        let topic = call.argument("topic") ?? ""
        if topic.trimmed.isEmpty { return Response(call: call, answer: assistant.prompts.voice("need_article"), abstained: true) }
        return try across(call, topic: topic, length: length)
    }

    func count(_ length: String) -> Int { length == "short" ? 2 : length == "long" ? 7 : 4 }

    /// Scores sentences by how much of the article's vocabulary they carry (TF·IDF centrality), with a lead bonus
    /// and a title-overlap bonus, then picks greedily without repetition. The weights are the `summary` settings of
    /// Prompts/answer_model.json.
    func central(_ units: [SentenceUnit], title: String, n: Int) -> [SentenceUnit] {
        let model = assistant.prompts.answerModel
        let minWords = Int(model.summarySetting("min_words", 5)), maxWords = Int(model.summarySetting("max_words", 60))
        // The same candidates as answers: whole sentences only, no captions, headings passed off as
        // sentences, cut-off text, sign-offs, feed footers or notices of a series. (Unlike an answer, a summary may say
        // "In this article we explored…": that is what the article is about.)
        let whole = units.filter { !$0.isCode && !$0.isTableRow && $0.words >= minWords && $0.words <= maxWords && CandidatePool.isEligible($0)
            && !Cues.isBoilerplate($0.text) && !Cues.isSeriesNotice($0.text) && !$0.text.hasSuffix(":") && !($0.text.hasSuffix("?") && $0.words < 7) }
        // Prose says what an article is about; its lists only when it is made of them (release notes, a changelog)
        // and has too few sentences of its own.
        let paragraphs = whole.filter { !$0.isListItem }
        let prose = paragraphs.count >= n ? paragraphs : whole.filter { !$0.isListItem || Layout.endsWell($0.text) }
        guard !prose.isEmpty else {
            // No sentence of a usable length (a page scraped onto one line): the opening words, cut.
            return units.filter { !$0.isCode }.prefix(n).map { u in
                var v = u
                let words = u.text.split(separator: " ")
                if words.count > maxWords { v.text = words.prefix(maxWords).joined(separator: " ") + " …"; v.words = maxWords }
                return v
            }
        }
        let scored = centrality(prose, title: title, model: model)
        // A summary opens with the article's lead: its first whole sentence says what the article is about.
        let duplicate = model.summarySetting("duplicate_jaccard", 0.5)
        var picked: [SentenceUnit] = prose.first.map { [$0] } ?? []
        for (u, _) in scored {
            if picked.count >= n { break }
            if picked.contains(where: { $0.index == u.index || jaccard($0.terms, u.terms) > duplicate }) { continue }
            picked.append(u)
        }
        return picked.sorted { $0.index < $1.index }
    }

    /// Each sentence's centrality, best first: the article's repeated terms by their IDF, its title's terms, its key
    /// terms (frequent here, rare elsewhere), more in the article's lead and a section's first sentence.
    func centrality(_ prose: [SentenceUnit], title: String, model: AnswerModel) -> [(SentenceUnit, Double)] {
        var tf: [String: Int] = [:]
        for u in prose { for t in u.terms { tf[t, default: 0] += 1 } }
        let titleTerms = Set(assistant.analyzer.terms(title))
        let N = Double(max(assistant.searcher.stats.documents, 1))
        var idfCache: [String: Double] = [:]
        func idf(_ t: String) -> Double {
            if let v = idfCache[t] { return v }
            let v = (1 + N / Double(max(assistant.searcher.documentFrequency(t), 1))).logValue
            idfCache[t] = v; return v
        }
        // Ties go by the term, so that the same article has the same summary in every process (a dictionary's order is not).
        let weighted = tf.filter { $0.value > 1 }.map { (term: $0.key, weight: Double($0.value) * idf($0.key)) }
        let keyTerms = Set(weighted.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.term < $1.term }
            .prefix(Int(model.summarySetting("key_terms", 4))).map(\.term))
        let titleWeight = model.summarySetting("title_term", 0.6), keyWeight = model.summarySetting("key_term", 0.5)
        let leadShare = model.summarySetting("lead_share", 0.15), leadBoost = model.summarySetting("lead_boost", 1.25)
        let sectionLeadBoost = model.summarySetting("section_lead_boost", 1.1)
        let total = Double(prose.count)
        var scored: [(SentenceUnit, Double)] = prose.map { u in
            var s = 0.0
            // In the terms' order, not the set's: a sum of doubles in another order can differ in its last bits, and two
            // near-identical sentences ("dns.resolve4() uses…", "dnsPromises.resolve4() uses…") then swapped from run to run.
            for t in u.terms.sorted() where (tf[t] ?? 0) > 1 { s += Double(tf[t]!) * idf(t) }
            s /= Double(max(u.terms.count, 4)).squareRoot() * 4
            s += Double(u.terms.intersection(titleTerms).count) * titleWeight
            s += Double(u.terms.intersection(keyTerms).count) * keyWeight
            if Double(u.index) / max(total, 1) < leadShare { s *= leadBoost }
            if u.sectionPosition == 0 { s *= sectionLeadBoost }  // a section's lead sentence states what the section is about
            return (u, s)
        }
        scored.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.index < $1.0.index }
        return scored
    }

    /// What a summary of one article covers: the whole article, or one section of it (`section`, a heading's words).
    struct Scope {
        var units: [SentenceUnit]
        var outline: [(text: String, level: Int)]
        /// The section's heading; nil for the whole article.
        var section: String?
    }

    /// The scope a call asks for; nil when it names a section the article does not have.
    func scope(_ call: ToolCall, _ stored: StoredArticle) -> Scope? {
        let a = stored.article
        let units = SentenceUnits.of(stored, analyzer: assistant.analyzer)
        guard let name = call.argument("section"), !name.trimmed.isEmpty else {
            return Scope(units: units, outline: ArticleSections.outline(a.blocks), section: nil)
        }
        guard let s = ArticleSections.named(name, in: a, analyzer: assistant.analyzer) else { return nil }
        return Scope(units: units.filter { s.blocks.contains($0.block) }, outline: ArticleSections.subheadings(s, in: a), section: s.heading)
    }

    func single(_ call: ToolCall, _ stored: StoredArticle, length: String) throws -> Response {
        let a = stored.article
        let ref = TargetRef(stored)
        guard let scope = scope(call, stored) else {
            // The title set again as the first heading is no section to offer.
            let sections = ArticleSections.all(a).map(\.heading).filter { !ArticleSections.repeatsTitle($0, of: a) }
            let answer = assistant.prompts.template(sections.isEmpty ? "summary_no_sections" : "summary_no_section",
                                                    ["title": a.title, "section": call.argument("section") ?? "",
                                                     "sections": sections.prefix(12).joined(separator: "; ")])
            return Response(call: call, answer: answer, focus: ref)
        }
        let picked = central(scope.units, title: scope.section.map { $0 + " " + a.title } ?? a.title, n: count(length))
        let byline = [a.author, Article.shownDay(a.date, title: a.title)].compactMap { $0 }.joined(separator: ", ")
        var fields = ["title": a.title, "byline": byline.isEmpty ? "\(a.source):\(a.line)" : byline, "count": "\(picked.count)",
                      "sentences": picked.count == 1 ? "1 sentence" : "\(picked.count) sentences"]
        fields["section"] = scope.section
        var lines = [assistant.prompts.template(scope.section == nil ? "summary_intro" : "summary_section_intro", fields)]
        lines.append("")
        lines.append(APISubject.named(picked, title: a.title).map(\.text).joined(separator: " ") + " [1]")
        lines += keyPointLines(scope, a, length: length)
        let passages = (try? assistant.store.passages(doc: stored.doc)) ?? []
        let cite = Citation(n: 1, ref: ref, url: a.url, author: a.author, date: a.date,
                            passage: SentenceUnits.passage(containing: picked.first?.text ?? "", in: passages))
        lines.append("")
        lines.append(assistant.prompts.template("answer_sources"))
        lines.append(Sources.line(cite))
        return Response(call: call, answer: lines.joined(separator: "\n"), citations: [cite], focus: ref)
    }

    /// The key points under a summary: the scope's headings, or, without an outline, the article's key terms when there
    /// are enough of them to say what it covers ("- Swift" alone says nothing). None in a short summary.
    func keyPointLines(_ scope: Scope, _ a: Article, length: String) -> [String] {
        guard length != "short" else { return [] }
        let headings = Summarizer.keyPoints(scope.outline, title: a.title)
        if !headings.isEmpty {
            return ["", assistant.prompts.template("summary_key_points")] + headings.prefix(length == "long" ? 10 : 8).map { "- " + $0 }
        }
        guard scope.section == nil else { return [] }
        let terms = KeyTerms.extract(
            from: a, analyzer: assistant.analyzer, searcher: assistant.searcher, limit: 6, proseOnly: true,
            minMentions: Int(assistant.prompts.answerModel.summarySetting("key_term_min_mentions", 2)),
            maxArticleShare: assistant.prompts.answerModel.summarySetting("key_term_max_article_share", 0.5))
        // Names and code, not points: they go on one line under their own label.
        return terms.count >= Summarizer.minKeyTerms ? ["", assistant.prompts.template("summary_key_terms", ["terms": terms.joined(separator: ", ")])] : []
    }

    /// Headings worth listing as key points: not the title again, not navigation or boilerplate
    /// ("Table of Contents", "Conclusion"), not a whole sentence, and each once.
    static func keyPoints(_ headings: [String], title: String) -> [String] {
        keyPoints(headings.map { ($0, 2) }, title: title)
    }

    /// The same, from an outline of headings with their levels. The points are one level of the outline: the shallowest
    /// level where at least `outlineMinimum` sections hold no subsections of their own, so that a level of headings that
    /// only gather others ("What's in this release" over each feature's heading) gives way to the level below it. The
    /// shallower sections without subsections stay beside it ("Workflow" after the subsections of "Predictability");
    /// anything deeper is left out.
    static func keyPoints(_ headings: [(text: String, level: Int)], title: String) -> [String] {
        var seen = Set<String>()
        func unnumbered(_ s: String) -> String { String(SectionNumber.dropped(from: s[...])) }
        let titleKey = unnumbered(title.lowercased().trimmingCharacters(in: " :.!?#*"))
        let kept = headings.filter { h in
            let key = unnumbered(h.text.lowercased().trimmingCharacters(in: " :.!?#*"))
            // A heading that ends in a comma is a piece of a signature broken over headings ("where T: Default,").
            guard !key.isEmpty, h.text.count < 90, key != titleKey, !genericHeadings.contains(key), h.text.contains(where: \.isLetter),
                  !h.text.hasSuffix(","),
                  !Cues.isFiller(h.text), seen.insert(key).inserted else { return false }
            return true
        }
        // A section holds subsections when the next heading is deeper.
        let isLeaf = kept.indices.map { i in i + 1 == kept.count || kept[i + 1].level <= kept[i].level }
        let leaves = Dictionary(grouping: kept.indices.filter { isLeaf[$0] }, by: { kept[$0].level }).mapValues(\.count)
        guard let level = leaves.filter({ $0.value >= outlineMinimum }).keys.min() else { return kept.map(\.text) }
        return kept.indices.filter { kept[$0].level == level || (kept[$0].level < level && isLeaf[$0]) }.map { kept[$0].text }
    }

    /// The fewest key terms that make a list of key points.
    static let minKeyTerms = 3

    /// How many sections without subsections make a level the article's outline.
    static let outlineMinimum = 3

    static let genericHeadings: Set<String> = [
        "table of contents", "contents", "toc", "introduction", "intro", "conclusion", "conclusions", "summary", "in summary",
        "wrapping up", "wrap up", "wrap-up", "final thoughts", "overview", "background", "recap", "next steps", "resources",
        "references", "further reading", "tl;dr", "tldr", "in conclusion", "closing thoughts", "related", "related posts",
        "related articles", "share this", "comments", "about the author", "acknowledgements", "acknowledgments", "what's next",
        "getting started", "prerequisites", "requirements", "you'll learn", "what you'll learn", "download", "downloads",
        // A manual page's and a manual's standard section labels and admonitions.
        "name", "synopsis", "description", "options", "see also", "files", "environment", "exit status", "return value",
        "bugs", "author", "authors", "copyright", "note", "notes", "important", "warning", "tip", "caution", "example", "examples",
        // A reference page's closing tables.
        "specifications", "specification", "browser compatibility", "compatibility",
    ]

    /// A topic summary: the answer model's best sentences about the topic from each of the best articles.
    func across(_ call: ToolCall, topic: String, length: String) throws -> Response {
        let query = assistant.corrected(topic)
        let hits = try assistant.searcher.search(SearchQuery(text: query, limit: length == "long" ? 6 : 4))
        guard !hits.isEmpty else {
            return Response(call: call, answer: assistant.prompts.voice("no_answer"), abstained: true)
        }
        let profile = QuestionProfile.make(question: topic, corrected: query, extra: nil, searcher: assistant.searcher, analyzer: assistant.analyzer)
        var pool = try CandidatePool.build(hits: hits, limit: hits.count, target: nil, store: assistant.store, analyzer: assistant.analyzer)
        // A summary says what articles are about; a table's row is one value of it.
        pool.keepRows(about: [])
        AnswerFeatures.compute(&pool, profile: profile, analyzer: assistant.analyzer)
        let model = assistant.prompts.answerModel
        for i in pool.candidates.indices { pool.candidates[i].score = model.sentence.logit(pool.candidates[i].features) }
        var lines = [assistant.prompts.template("topic_summary_intro", ["topic": topic.isEmpty ? "this" : topic]), ""]
        var cites: [Citation] = []
        for h in hits {
            let picked = Summarizer.best(pool.candidates.filter { $0.unit.doc == h.doc }, n: length == "short" ? 1 : 2,
                                         duplicate: model.summarySetting("duplicate_jaccard", 0.5))
            guard !picked.isEmpty else { continue }
            let n = cites.count + 1
            let passages = (try? assistant.store.passages(doc: h.doc)) ?? []
            cites.append(Citation(n: n, ref: TargetRef(h), url: h.url, author: h.author, date: h.date,
                                  passage: SentenceUnits.passage(containing: picked[0].text, in: passages)))
            lines.append("- " + Emphasis.bold(h.title) + ": " + picked.map(\.text).joined(separator: " ") + " [\(n)]")
        }
        lines.append("")
        lines.append(assistant.prompts.template("answer_sources"))
        for c in cites { lines.append(Sources.line(c)) }
        return Response(call: call, answer: lines.joined(separator: "\n"), citations: cites, hits: hits, focus: nil)
    }

    /// The `n` best-scored prose sentences that stand on their own, different from each other, in reading order.
    static func best(_ candidates: [AnswerCandidate], n: Int, duplicate: Double = 0.5) -> [SentenceUnit] {
        var picked: [SentenceUnit] = []
        for c in candidates.sorted(by: { $0.score > $1.score }) where picked.count < n {
            let u = c.unit
            guard !u.isCode, !u.isListItem, !u.text.hasSuffix(":"), !Cues.isFiller(u.text), !Cues.refersBack(u.text) else { continue }
            if picked.contains(where: { $0.index == u.index || jaccard($0.terms, u.terms) > duplicate }) { continue }
            picked.append(u)
        }
        return picked.sorted { $0.index < $1.index }
    }
}

/// How a source is listed under an answer.
enum Sources {
    static func line(_ c: Citation) -> String {
        var parts = ["[\(c.n)] \(c.ref.title)"]
        let meta = [c.author, Article.shownDay(c.date, title: c.ref.title)].compactMap { $0 }
        if !meta.isEmpty { parts.append(meta.joined(separator: ", ")) }
        parts.append(c.url ?? "\(c.ref.source):\(c.ref.line)")
        return parts.joined(separator: " — ")
    }
}
