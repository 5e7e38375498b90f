import Analysis
import Corpus
import Retrieval
#if canImport(Glibc)
import Glibc
#endif

/// The answer tool: extractive question answering. Picks the sentences that answer the question
/// from the best articles (IDF-weighted coverage of the question, neighbouring context, answer-type
/// cues), orders them, cites each `[n]`, and abstains when the corpus does not cover the question.
struct AnswerComposer {
    let assistant: Assistant
    var analyzer: Analyzer { assistant.analyzer }

    enum Kind { case definition, howto, why, factoid, comparison, yesNo, limitation, other }

    static func kind(of q: String) -> Kind {
        let w = Classifier.words(q)
        let first = w.first ?? ""
        let lower = q.lowercased()
        if ["fall short", "downside", "drawback", "limitation", "disadvantage", "weakness", "pitfall", "problem with", "cons of", "go wrong"].contains(where: { ByteSearch.contains(lower, $0) }) { return .limitation }
        if ["difference between", " vs ", "versus", "compare", "same as", "same thing as", "different from", "differ from"].contains(where: { ByteSearch.contains(lower, $0) }) { return .comparison }
        if first == "why" || ByteSearch.contains(lower, "what makes") || ByteSearch.contains(lower, "reason") { return .why }
        if first == "how" && (w.count > 1 && ["do", "can", "should", "to", "would", "i"].contains(w[1])) { return .howto }
        // "What's the cleanest way to…", "Is there a way to…": asking for a method is a how-to.
        if ByteSearch.contains(lower, " way to ") || ByteSearch.contains(lower, " ways to ") { return .howto }
        if lower.hasPrefix("what is") || lower.hasPrefix("what are") || lower.hasPrefix("what's a") || lower.hasPrefix("what does") || lower.hasPrefix("explain") { return .definition }
        if ["is", "are", "does", "do", "can", "should", "will", "did", "has"].contains(first) { return .yesNo }
        if ["which", "when", "who", "how", "where", "what"].contains(first) { return .factoid }
        return .other
    }

    func run(_ call: ToolCall, context: ConversationContext) throws -> Response {
        let question = call.argument("question") ?? ""
        let corrected = assistant.corrected(question)
        var qTerms = assistant.searcher.queryTerms(corrected).map(\.term)
        // Follow-ups like "how does that compare to actors?" borrow the last topic's words.
        if call.target == nil, let last = context.lastTopic, MessageCues(question).pointsBack {
            qTerms += assistant.searcher.queryTerms(last).map(\.term).filter { !qTerms.contains($0) }
        }
        var idf: [String: Double] = [:]
        var unknownMass = 0.0
        for t in qTerms {
            let df = assistant.searcher.documentFrequency(t)
            let v = Scoring.idf(n: assistant.searcher.stats.documents, df: df)
            idf[t] = v
            if df == 0 { unknownMass += v }
        }
        let totalMass = qTerms.reduce(0) { $0 + (idf[$1] ?? 0) }
        // Words the corpus has never seen, before spelling correction had a go at them.
        // Counted per word, not weighted: an unseen word has the largest possible IDF and would swamp the rest.
        var originalUnknown = 0.0, originalTotal = 0.0
        for t in assistant.searcher.queryTerms(question).map(\.term) {
            originalTotal += 1
            if assistant.searcher.documentFrequency(t) == 0 { originalUnknown += 1 }
        }
        var q = SearchQuery(text: corrected + (qTerms.count > assistant.searcher.queryTerms(corrected).count ? " " + (context.lastTopic ?? "") : ""), limit: 6)
        q.limit = 6
        var hits = try assistant.searcher.search(q)
        if let t = call.target {
            hits.removeAll { $0.doc == t.doc }
            if let s = try assistant.store.article(doc: t.doc) {
                let h = Hit(doc: s.doc, id: s.article.id, title: s.article.title, url: s.article.url, author: s.article.author,
                            date: s.article.date, feed: s.article.feed, source: s.article.source, line: s.article.line,
                            score: (hits.first?.score ?? 1) * 1.5, passage: 0, passageText: "", snippet: "", explanation: nil)
                hits.insert(h, at: 0)
            }
        }
        guard !hits.isEmpty, totalMass > 0 else { return abstain(call, hits: hits) }

        let kind = AnswerComposer.kind(of: question)
        // Candidate sentences from the top articles.
        var units: [(SentenceUnit, Double)] = []  // unit, article prior
        var storedByDoc: [Int: StoredArticle] = [:]
        let topScore = max(hits[0].score, 1e-9)
        for h in hits.prefix(call.target == nil ? 4 : 3) {
            guard let s = try assistant.store.article(doc: h.doc) else { continue }
            storedByDoc[h.doc] = s
            let rankIndex = Double(storedByDoc.count - 1)
            // Concentrate on the best article: the prior halves with each rank.
            let prior = max(0, 1 - 0.5 * rankIndex) * (h.score / topScore)
            for u in SentenceUnits.of(s, analyzer: analyzer) { units.append((u, prior)) }
        }
        let qset = Set(qTerms)
        var qList: [String] = []  // the question's terms once each, in order: sums come out the same every run
        for t in qTerms where !qList.contains(t) { qList.append(t) }
        let sides = kind == .comparison ? comparisonSides(question) : []
        func coverage(_ terms: Set<String>) -> Double {
            var m = 0.0
            for t in qList where terms.contains(t) { m += idf[t] ?? 0 }
            return m / totalMass
        }
        func coverage(anyOf sets: [Set<String>]) -> Double {
            var m = 0.0
            for t in qList where sets.contains(where: { $0.contains(t) }) { m += idf[t] ?? 0 }
            return m / totalMass
        }
        var headingTerms: [String: Set<String>] = [:]
        // Score each sentence with its neighbours as context.
        var scored: [(unit: SentenceUnit, score: Double, cov: Double)] = []
        for (i, (u, prior)) in units.enumerated() {
            if u.isCode && kind != .howto { continue }
            if !u.isCode && ((u.words < 4 && !(u.isListItem && u.words >= 2)) || u.words > 80) { continue }
            let own = coverage(u.terms)
            var around: [Set<String>] = [u.terms]
            if i > 0, units[i - 1].0.doc == u.doc { around.append(units[i - 1].0.terms) }
            if i + 1 < units.count, units[i + 1].0.doc == u.doc { around.append(units[i + 1].0.terms) }
            if let h = u.heading {
                if headingTerms[h] == nil { headingTerms[h] = Set(analyzer.terms(h)) }
                around.append(headingTerms[h]!)
            }
            let ctx = coverage(anyOf: around)
            // A sentence whose neighbours (and heading) cover the question sits where the answer is.
            var s = own + 1.5 * ctx + 0.35 * prior
            if call.target != nil && u.doc == call.target!.doc { s += 0.25 }
            let folded = FoldedText(u.text)
            if own > 0 { s += cueBonus(kind, u, folded) }
            if u.isCode { s *= 0.6 }
            // A comparison is answered by a sentence that speaks of both sides at once.
            if sides.count == 2, sides.allSatisfy({ !u.terms.isDisjoint(with: $0) }) { s += 0.15 }
            // Sentences about the article itself ("In this post I showed you…") restate, they don't answer.
            if !u.isCode && AnswerComposer.isAboutTheArticle(folded) { s *= 0.7 }
            // Captions and labels (short, no sentence punctuation) restate the topic without saying anything.
            if AnswerComposer.isCaption(u) { s *= 0.75 }
            scored.append((u, s, max(own, 0.8 * ctx)))
        }
        // The answer usually lives in one section: every sentence of a section shares in its best sentence's score.
        let sectionWeight = 0.6
        struct Section: Hashable { var doc: Int; var heading: String? }
        var sectionBest: [Section: Double] = [:]
        for c in scored {
            let k = Section(doc: c.unit.doc, heading: c.unit.heading)
            sectionBest[k] = max(sectionBest[k] ?? 0, c.score)
        }
        let topSection = max(sectionBest.values.max() ?? 1, 1e-9)
        for i in scored.indices {
            scored[i].score += sectionWeight * (sectionBest[Section(doc: scored[i].unit.doc, heading: scored[i].unit.heading)] ?? 0) / topSection
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : ($0.unit.doc, $0.unit.index) < ($1.unit.doc, $1.unit.index) }

        // Abstain when nothing covers enough of the question, or its key words are unknown to the corpus.
        let best = scored.first
        let unknownShare = originalTotal > 0 ? originalUnknown / originalTotal : 0
        let knownCoverage = (best?.cov ?? 0) / max(1 - unknownMass / totalMass, 0.05)
        let names = QuestionName.of(question)
        let unknownNames = AnswerComposer.unknownNames(names, corrected: corrected, searcher: assistant.searcher, analyzer: analyzer)
        if getenv("LORE_DEBUG_ANSWER") != nil {
            for c in scored.prefix(String(cString: getenv("LORE_DEBUG_ANSWER")) == "all" ? scored.count : 25) {
                debugLine("  \(Int(c.score * 1000)) cov \(Int(c.cov * 100)) d\(c.unit.doc)#\(c.unit.index) \(String(c.unit.text.prefix(110)))")
            }
            debugLine("debug: unknown \(unknownShare) knowncov \(knownCoverage) best \(best?.score ?? 0) names \(unknownNames) terms \(qTerms)")
        }
        // Answer type: a question about a price needs a price among the best sentences.
        let lowerQ = question.lowercased()
        if ["how much does", "how much is", "what does it cost", "price of", "what price", "how expensive"].contains(where: { ByteSearch.contains(lowerQ, $0) }),
           !scored.prefix(8).contains(where: { u in ["$", "€", "£", " usd", " eur", " dollars", " price", " costs ", " free"].contains(where: { u.unit.text.lowercased().contains($0) }) }) {
            return abstain(call, hits: hits)
        }
        if best == nil || (call.target == nil && (knownCoverage < 0.3 || unknownShare >= 0.5 || !unknownNames.isEmpty)) {
            return abstain(call, hits: hits)
        }
        if call.target == nil {
            let missing = namesWithoutEvidence(names, best: scored.prefix(3), units: units, articles: storedByDoc)
            if getenv("LORE_DEBUG_ANSWER") != nil { debugLine("debug: names without evidence \(missing)") }
            if !missing.isEmpty { return abstain(call, hits: hits) }
        }

        let sentences = units.map(\.0)
        var selection = Selection(units: sentences, question: qset,
                                  budget: kind == .comparison || kind == .howto ? 175 : 125)
        // "How do I…" is answered by the steps in the order the article gives them: first the best run of
        // consecutive sentences (and code) around the best sentence, then single sentences as usual.
        if kind == .howto {
            selection.bringsCode = true
            for u in stepWindow(scored: scored, units: sentences, best: best!, budget: 100) {
                selection.add(u, score: best!.score)
            }
            if let last = selection.picked.last { selection.bringNeighbours(of: last.0, score: best!.score) }
        }
        selection.pickGreedily(scored, best: best!.score)
        var picked = selection.picked
        if sides.count == 2 { ensureBothSides(sides, scored: scored, picked: &picked) }
        if getenv("LORE_DEBUG_ANSWER") != nil { debugLine("debug: picked \(picked.map { "d\($0.0.doc)#\($0.0.index)" })") }

        // Order: by article rank, then reading order; number citations by first use.
        let rank = Dictionary(uniqueKeysWithValues: hits.enumerated().map { ($1.doc, $0) })
        picked.sort { (rank[$0.0.doc] ?? 99, $0.0.index) < (rank[$1.0.doc] ?? 99, $1.0.index) }
        var numbers: [Int: Int] = [:]
        var cites: [Citation] = []
        // One paragraph per section, led by the section's heading when it says something of its own.
        var paragraphs: [[String]] = []
        var section: (doc: Int, heading: String?)? = nil
        for (u, _) in picked {
            if section == nil || section!.doc != u.doc || section!.heading != u.heading {
                section = (u.doc, u.heading)
                paragraphs.append([])
                if let h = u.heading, let title = storedByDoc[u.doc]?.article.title,
                   let lead = AnswerComposer.leadIn(heading: h, title: title) {
                    paragraphs[paragraphs.count - 1].append("**\(lead)**\n")
                }
            }
            if numbers[u.doc] == nil, let s = storedByDoc[u.doc] {
                numbers[u.doc] = cites.count + 1
                let passages = (try? assistant.store.passages(doc: u.doc)) ?? []
                cites.append(Citation(n: cites.count + 1, ref: TargetRef(s), url: s.article.url, author: s.article.author,
                                      date: s.article.date, passage: SentenceUnits.passage(containing: u.text, in: passages)))
            }
            let n = numbers[u.doc] ?? 1
            if u.isCode { paragraphs[paragraphs.count - 1].append("\n```\n\(u.text)\n```\n[\(n)]") }
            else { paragraphs[paragraphs.count - 1].append("\(u.text) [\(n)]") }
        }
        var answer = paragraphs.map { $0.joined(separator: " ").replacing("\n ", with: "\n").replacing(" \n", with: "\n") }
            .joined(separator: "\n\n")
        answer += "\n\n" + assistant.prompts.template("answer_sources") + "\n" + cites.map(Sources.line).joined(separator: "\n")
        let focus = call.target ?? cites.first?.ref
        return Response(call: call, answer: answer, citations: cites, hits: hits, abstained: false, focus: focus)
    }

    /// The run of consecutive units around the best sentence with the most score above 0.8 of the best,
    /// within `budget` words. Captions and filler count for nothing and are left out of the run.
    func stepWindow(scored: [(unit: SentenceUnit, score: Double, cov: Double)], units: [SentenceUnit],
                    best: (unit: SentenceUnit, score: Double, cov: Double), budget: Int) -> [SentenceUnit] {
        var scoreOf: [Int: Double] = [:]
        for c in scored where c.unit.doc == best.unit.doc { scoreOf[c.unit.index] = c.score }
        let article = units.filter { $0.doc == best.unit.doc }.prefix(800)
        let kept = article.filter { !AnswerComposer.isCaption($0) && !AnswerComposer.isFiller($0.text) }
        let utility = kept.map { max(0, (scoreOf[$0.index] ?? 0) - 0.8 * best.score) }
        guard let anchor = kept.firstIndex(where: { $0.index == best.unit.index }) else { return [] }
        var bestRange: Range<Int>? = nil
        var bestSum = 0.0
        for i in kept.indices where i <= anchor && utility[i] > 0 {
            var sum = 0.0, words = 0
            for j in i..<kept.count {
                words += kept[j].words
                if words > budget { break }
                sum += utility[j]
                if j >= anchor && sum > bestSum { bestSum = sum; bestRange = i..<(j + 1) }
            }
        }
        guard let r = bestRange else { return [] }
        return Array(kept[r])
    }

    /// An image caption or label: short, no sentence punctuation.
    static func isCaption(_ u: SentenceUnit) -> Bool {
        guard !u.isCode && !u.isListItem && u.words < 8, let last = u.text.last else { return false }
        return !".!?:".contains(last)
    }

    /// Names and identifiers in the question that the corpus never mentions ("asyncio", "Android",
    /// "NSPersistentCloudKitContainer"): a question about something the articles do not know.
    /// So are names the corpus knows but whose compound it does not: "Metal compute shader" when no
    /// article has ever said "shader" (the words after a name, up to the first word the analyzer
    /// drops — "for", "with", "in" — or a punctuation mark).
    static func unknownNames(_ names: [QuestionName], corrected: String, searcher: Searcher, analyzer: Analyzer) -> [String] {
        let kept = FoldedText(corrected)
        return names.compactMap { name -> String? in
            guard let whole = analyzer.terms(name.text).first else { return nil }
            if searcher.documentFrequency(whole) == 0 { return name.text }
            for word in name.following {
                let terms = analyzer.terms(word)
                guard let t = terms.first else { break }  // a function word ends the compound
                // A typo the spelling corrector fixed ("publsher") is not an unknown thing.
                if terms.count == 1, word.count >= 4, word.allSatisfy(\.isLetter), searcher.documentFrequency(t) == 0,
                   kept.contains(" " + word.lowercased()) {
                    return name.text + " " + word
                }
            }
            return nil
        }
    }

    /// Names of the question that none of the best candidate sentences mentions, counting the two
    /// sentences either side, the section heading and the article's title, author and feed.
    /// "Go modules" answered from "go to Build Settings" lacks its name; so does "confirmation()"
    /// answered from "it confirms the addition".
    func namesWithoutEvidence(_ names: [QuestionName], best: ArraySlice<(unit: SentenceUnit, score: Double, cov: Double)>,
                              units: [(SentenceUnit, Double)], articles: [Int: StoredArticle]) -> [String] {
        // An identifier the corpus knows ("DispatchQueue") may be discussed without being spelled out
        // ("serial queues"); a call or a plain capitalised word has to be there as written.
        let names = names.filter { !$0.isCode || $0.isCall }
        guard !names.isEmpty else { return [] }
        var region = ""
        for c in best {
            let u = c.unit
            for (v, _) in units where v.doc == u.doc && abs(v.index - u.index) <= 2 { region += v.text + "\n" }
            region += (u.heading ?? "") + "\n"
            if let a = articles[u.doc]?.article {
                region += a.title + "\n" + (a.author ?? "") + "\n" + (a.feed ?? "") + "\n"
            }
        }
        let lowered = region.lowercased()
        return names.filter { !$0.isMentioned(in: lowered) }.map(\.text)
    }

    /// One line on stderr for `LORE_DEBUG_ANSWER=1`.
    func debugLine(_ text: String) {
        let line = text + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    /// A pronoun or connective among the first words: the sentence needs the one before it.
    static func refersBack(_ s: String) -> Bool {
        if continues(s) { return true }
        let first = s.lowercased().split(separator: " ").prefix(5).map { String($0).trimmingCharacters(in: ",.;:") }
        for (i, w) in first.prefix(4).enumerated() {
            if ["this", "that", "these", "those", "they", "them", "such", "also"].contains(w) { return true }
            // "it" points back, unless it only opens the sentence ("It's possible to…", "It is easy to…").
            if w == "it" && !(i + 1 < first.count && ["is", "was"].contains(first[i + 1])) { return true }
        }
        return false
    }

    static func continues(_ s: String) -> Bool {
        let w = s.split(separator: " ").first.map { String($0).lowercased() } ?? ""
        let words = s.lowercased().split(separator: " ", maxSplits: 2)
        if w == "it", words.count > 1 { return !["is", "was"].contains(String(words[1])) }
        if ["this", "that", "these", "those", "its", "so", "because", "which", "however,", "but", "instead,", "otherwise,",
            "therefore,", "then", "then,", "also,", "finally,", "first,", "next,", "now,", "thus,", "here,", "that's", "it's"].contains(w) { return true }
        let l = s.lowercased()
        return ["for that", "to do that", "to do so", "for this", "in that case", "as a result", "this way", "for example", "for instance"].contains { l.hasPrefix($0) }
    }

    /// Answer-type cues, looked for in a candidate sentence (FoldedText: lower case, padded with spaces).
    static let definitionCues = Phrases([" is a ", " is an ", " are ", " refers to ", " means ", " allows ", " lets "])
    static let whyCues = Phrases([" because ", " since ", " so that ", " that's why ", " this means ", " due to ", " otherwise ", " which means "])
    static let yesNoCues = Phrases([" not ", " no ", " yes", " won't ", " doesn't ", " isn't ", " can't ", " cannot ", " only "])
    static let limitationCues = Phrases([" can't ", " cannot ", " not ", " doesn't ", " breaks ", " hacky", " slow", " limited", " only ", " however", " but ", " unfortunately", " lack", " fragile", " fails"])
    static let comparisonCues = Phrases([" whereas ", " while ", " unlike ", " instead ", " but ", " however ", " on the other hand "])
    static let imperatives: Set<String> = ["add", "create", "delete", "remove", "open", "select", "set", "go", "call", "use", "make",
                                           "replace", "run", "write", "store", "wrap", "keep", "define", "pass", "return", "declare",
                                           "implement", "mark", "move", "change", "enable", "import"]
    static let howtoCues = Phrases([" you can ", " use ", " call ", " by ", " add ", " create ", " make sure ", " need to ", " should "])
    static let aboutTheArticle = Phrases(["in this post", "in this article", "in this week", "in this tutorial", "in this blog", "this post ",
        "i showed you", "show you how", "you will learn", "you'll learn", "you learned", "we'll explore",
        "we're going to explore", "today we're going", "let's take a look", "let's explore", "in the next section",
        "i moved on to", "if you have any questions", "reach out to me", "appeared first on", "check out", "to learn more",
        "for more on", "read more about"])

    func cueBonus(_ kind: Kind, _ u: SentenceUnit, _ l: FoldedText) -> Double {
        switch kind {
        case .definition: return l.containsAny(Self.definitionCues) ? 0.08 : 0
        case .why: return l.containsAny(Self.whyCues) ? 0.1 : 0
        case .howto:
            // Steps read as instructions: "Delete the file…", "Open Build Settings…", "you can…".
            let imperative = Self.imperatives.contains(u.text.prefix(while: { $0 != " " }).lowercased())
            return imperative || l.containsAny(Self.howtoCues) ? 0.06 : 0
        case .factoid: return u.text.contains(where: \.isNumber) ? 0.06 : 0
        case .yesNo: return l.containsAny(Self.yesNoCues) ? 0.06 : 0
        case .limitation: return l.containsAny(Self.limitationCues) ? 0.12 : 0
        case .comparison: return l.containsAny(Self.comparisonCues) ? 0.08 : 0
        case .other: return 0
        }
    }

    /// The two things a comparison sets against each other, as analysed terms each side has alone:
    /// "weak and unowned references" → [weak], [unown].
    func comparisonSides(_ question: String) -> [Set<String>] {
        let lower = question.lowercased()
        for sep in [" vs ", " versus ", " compared with ", " compared to ", " the same thing as ", " the same as ", " different from ",
                    " differ from ", " and ", " or "] where ByteSearch.contains(lower, sep) {
            let parts = lower.components(sep)
            guard parts.count == 2 else { continue }
            // Each half of the question is one side; words both halves share are no side's own.
            let a = Set(analyzer.terms(parts[0])), b = Set(analyzer.terms(parts[1]))
            let sides = [a.subtracting(b), b.subtracting(a)]
            if sides.allSatisfy({ !$0.isEmpty }) { return sides }
        }
        return []
    }

    /// For "X vs Y", make sure both sides have a sentence.
    /// Each side gets a sentence of its own: one that speaks of it and not of the other side, which is
    /// where what sets it apart is said.
    func ensureBothSides(_ sides: [Set<String>], scored: [(unit: SentenceUnit, score: Double, cov: Double)], picked: inout [(SentenceUnit, Double)]) {
        for (k, terms) in sides.enumerated() {
            let other = sides[1 - k]
            func alone(_ u: SentenceUnit) -> Bool { !u.terms.isDisjoint(with: terms) && u.terms.isDisjoint(with: other) }
            if picked.contains(where: { alone($0.0) }) { continue }
            if let c = scored.first(where: { c in
                alone(c.unit) && !c.unit.isCode && !AnswerComposer.isCaption(c.unit)
                    && !picked.contains { $0.0.doc == c.unit.doc && $0.0.index == c.unit.index }
            }) {
                picked.append((c.unit, c.score))
            }
        }
    }

    /// A section heading worth showing above the sentences taken from that section: not the article's
    /// title again, not "Conclusion", and short; list numbering ("2. ") is dropped.
    static func leadIn(heading: String, title: String) -> String? {
        var h = Substring(heading.trimmingCharacters(in: " \t"))
        if let dot = h.firstIndex(of: "."), dot < h.endIndex, h[..<dot].allSatisfy({ $0.isNumber }), !h[..<dot].isEmpty {
            h = h[h.index(after: dot)...].drop(while: { $0 == " " })
        }
        let text = String(h)
        let words = text.split(separator: " ").count
        guard words >= 1, words <= 12, text.lowercased() != title.lowercased(), text.contains(where: { $0.isLetter }) else { return nil }
        let generic: Set<String> = ["introduction", "conclusion", "conclusions", "summary", "in summary", "wrapping up", "final thoughts",
                                    "overview", "example", "examples", "background", "recap", "next steps", "resources", "references",
                                    "further reading", "tl;dr", "in conclusion", "closing thoughts", "the problem", "the solution"]
        let key = text.lowercased().trimmingCharacters(in: ":.!?")
        return generic.contains(key) ? nil : text
    }

    /// A sentence that adds nothing when it tags along: the article about itself, or a short rhetorical question.
    static func isFiller(_ text: String) -> Bool {
        isAboutTheArticle(text) || (text.hasSuffix("?") && Chunker.wordCount(text) < 7)
    }

    /// "In this post…", "I showed you how…", "Let's take a look": the article talking about itself.
    static func isAboutTheArticle(_ text: String) -> Bool { isAboutTheArticle(FoldedText(text)) }

    static func isAboutTheArticle(_ l: FoldedText) -> Bool { l.containsAny(aboutTheArticle) }

    func abstain(_ call: ToolCall, hits: [Hit]) -> Response {
        var lines = [assistant.prompts.voice("no_answer")]
        let near = hits.prefix(3)
        if !near.isEmpty {
            lines.append("")
            lines.append(assistant.prompts.voice("no_answer_nearest"))
            for h in near { lines.append("- **\(h.title)** — \(h.source):\(h.line)") }
        }
        return Response(call: call, answer: lines.joined(separator: "\n"), hits: hits, abstained: true, focus: call.target)
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }

    /// Splits on a separator string (no Foundation).
    func components(_ sep: String) -> [String] {
        var out: [String] = []
        var rest = Substring(self)
        while let r = rest.firstRange(of: sep) {
            out.append(String(rest[..<r.lowerBound])); rest = rest[r.upperBound...]
        }
        out.append(String(rest))
        return out
    }
}
