import Analysis
import Retrieval
#if canImport(Glibc)
import Glibc
#endif

/// The named features of a candidate sentence. Every value is a pure function of the question's
/// profile, the candidate and its neighbours; most lie in 0…1 so that one weight means the same on
/// every corpus. The weights live in Prompts/answer_model.json, fitted by scripts/fit_answer_model.py.
enum AnswerFeatures {
    static let names = [
        "coverage", "coverage_ratio", "context_coverage", "bm25_ratio", "proximity", "heading_match", "title_match",
        "section_lead", "section_position", "article_position", "neighbour_coverage", "section_best", "in_best_passage",
        "article_score", "article_top", "is_target",
        "definition_cue", "howto_step", "howto_code", "factoid_number", "why_cue", "yesno_cue", "limitation_cue",
        "comparison_both", "comparison_cue",
        "is_code", "is_list_item", "ends_colon", "is_caption", "about_article", "refers_back", "is_question", "log_words",
        "window_coverage", "paragraph_coverage", "local_coverage", "clause_coverage", "has_number", "code_words",
        "subject_coverage", "untitled_coverage", "after_match", "synonym_coverage",
    ]
    /// How many analysed words open a sentence where its subject usually stands ("The Send marker trait indicates…").
    static let subjectWords = 4

    /// What the features of one question share: the question's terms as bits (plain and local IDF),
    /// every unit's masks, paragraph and section figures, the best coverage and BM25.
    struct Context {
        var profile: QuestionProfile
        var pool: CandidatePool
        var question: TermBits
        var local: TermBits
        var masks: [Int: [UInt64]] = [:]          // per article, per unit: its question-term bits
        var paragraphs: [SectionKey: UInt64] = [:] // per article and block
        var sectionBest: [SectionKey: Double] = [:]
        /// Per article, the candidate that covers most of the question (the first of equals): its index and coverage.
        var articleBest: [Int: (index: Int, coverage: Double)] = [:]
        var clauses: [UInt64] = []
        /// The question terms with synonyms some article has: the term's bit and the synonyms.
        var synonyms: [(bit: UInt64, words: Set<String>)] = []
        var bm25: [Double] = []                    // per candidate
        var bestCoverage = 1e-9
        var bestBM25 = 1e-9

        func mask(_ doc: Int, _ index: Int) -> UInt64? {
            guard let m = masks[doc], index >= 0, index < m.count else { return nil }
            return m[index]
        }

        /// The question-term bits of the unit `d` places from `u`, as its context. Another item of the list a
        /// list item stands in is no context of it: a digest's items, or a changelog's, are each about something
        /// else (its own other sentences, the sentence that introduces the list and the prose around it are).
        func neighbour(_ u: SentenceUnit, _ d: Int) -> UInt64 {
            guard let m = mask(u.doc, u.index + d) else { return 0 }
            guard d != 0, u.isListItem, let other = pool.units[u.doc]?[u.index + d], other.isListItem, other.block != u.block
            else { return m }
            return 0
        }
    }

    struct SectionKey: Hashable { var doc: Int; var section: Int }

    /// Fills in `features` for every candidate of the pool.
    static func compute(_ pool: inout CandidatePool, profile: QuestionProfile, analyzer: Analyzer) {
        let ctx = context(pool, profile: profile, analyzer: analyzer)
        var headings: [String: UInt64] = [:], titles: [Int: UInt64] = [:]
        for i in pool.candidates.indices {
            let c = pool.candidates[i]
            let h = c.unit.heading ?? ""
            if headings[h] == nil { headings[h] = ctx.question.mask(analyzer.terms(h)) }
            if titles[c.unit.doc] == nil { titles[c.unit.doc] = ctx.question.mask(analyzer.terms(c.title)) }
            pool.candidates[i].features = values(i, c, ctx, heading: headings[h]!, title: titles[c.unit.doc]!)
        }
    }

    static func context(_ pool: CandidatePool, profile p: QuestionProfile, analyzer: Analyzer) -> Context {
        let question = TermBits(p.terms, weights: p.idf, mass: p.mass)
        var ctx = Context(profile: p, pool: pool, question: question, local: question)
        for (doc, units) in pool.units {
            ctx.masks[doc] = units.map { question.mask($0.terms) }
            for (u, m) in zip(units, ctx.masks[doc]!) { ctx.paragraphs[SectionKey(doc: u.doc, section: u.block), default: 0] |= m }
        }
        // Local IDF: a question term found in every candidate sentence tells none of them apart.
        var sentenceFrequency = Array(repeating: 0, count: question.count)
        let words = pool.candidates.map { Double(max($0.unit.tokens.count, 1)) }
        let average = words.isEmpty ? 1 : words.reduce(0, +) / Double(words.count)
        for c in pool.candidates {
            let m = ctx.mask(c.unit.doc, c.unit.index) ?? 0
            for b in 0..<question.count where m & (1 << UInt64(b)) != 0 { sentenceFrequency[b] += 1 }
            let cov = question.share(m)
            ctx.bestCoverage = max(ctx.bestCoverage, cov)
            let k = SectionKey(doc: c.unit.doc, section: c.unit.section)
            ctx.sectionBest[k] = max(ctx.sectionBest[k] ?? 0, cov)
            if cov > ctx.articleBest[c.unit.doc]?.coverage ?? 0 { ctx.articleBest[c.unit.doc] = (c.unit.index, cov) }
            let score = m == 0 ? 0 : bm25(c.unit, p, averageWords: average)
            ctx.bm25.append(score); ctx.bestBM25 = max(ctx.bestBM25, score)
        }
        let n = Double(max(pool.candidates.count, 1))
        ctx.local.weight = (0..<question.count).map { b in
            sentenceFrequency[b] == 0 ? 0 : log(1 + n / Double(sentenceFrequency[b])) * question.weight[b]
        }
        ctx.local.mass = max(ctx.local.weight.reduce(0, +), 1e-9)
        ctx.clauses = clauses(p.text, analyzer: analyzer).map { question.mask($0) }.filter { $0 != 0 }
        ctx.synonyms = p.synonyms.sorted { $0.key < $1.key }.map { (question.mask([$0.key]), $0.value) }.filter { $0.bit != 0 }
        return ctx
    }

    /// One candidate's feature vector, in `names` order.
    static func values(_ i: Int, _ c: AnswerCandidate, _ ctx: Context, heading: UInt64, title: UInt64) -> [Double] {
        let u = c.unit, q = ctx.question
        let own = ctx.mask(u.doc, u.index) ?? 0
        let prev = ctx.neighbour(u, -1), next = ctx.neighbour(u, 1)
        var window: UInt64 = 0
        for d in -2...2 { window |= ctx.neighbour(u, d) }
        let cov = q.share(own)
        let count = Double(ctx.pool.units[u.doc]?.count ?? 1)
        let folded = FoldedText(u.text)
        var f: [Double] = [
            cov, cov / ctx.bestCoverage, q.share(own | heading | prev | next), ctx.bm25[i] / ctx.bestBM25, proximity(u, ctx.profile),
            q.share(heading), q.share(title),
            u.sectionPosition == 0 ? 1 : 0, 1 / (1 + Double(u.sectionPosition)), Double(u.index) / max(count, 1),
            max(q.share(prev), q.share(next)), ctx.sectionBest[SectionKey(doc: u.doc, section: u.section)] ?? 0, c.inBestPassage ? 1 : 0,
            c.articleScore, c.rank == 0 ? 1 : 0, c.isTarget ? 1 : 0,
        ]
        f += Cues.answerType(ctx.profile, u, folded)
        f += [
            u.isCode ? 1 : 0, u.isListItem ? 1 : 0, u.text.hasSuffix(":") ? 1 : 0, Cues.isCaption(u) ? 1 : 0,
            folded.containsAny(Cues.aboutTheArticle) ? 1 : 0, Cues.refersBack(folded) ? 1 : 0, u.text.hasSuffix("?") ? 1 : 0,
            log(1 + Double(u.words)) / log(60),
            q.share(window), q.share(ctx.paragraphs[SectionKey(doc: u.doc, section: u.block)] ?? own), ctx.local.share(own),
            ctx.clauses.map { Double(($0 & own).nonzeroBitCount) / Double(max($0.nonzeroBitCount, 1)) }.max() ?? 0,
            u.text.utf8.contains { $0 >= 48 && $0 <= 57 } ? 1 : 0, u.isCode ? 0 : min(Double(codeWords(u.text)), 3) / 3,
            subjectCoverage(u, q), untitledCoverage(own, title: title, q),
        ]
        f.append(afterMatch(u, best: ctx.articleBest[u.doc]?.index))
        f.append(q.share(synonymBits(u, own: own, ctx.synonyms)))
        return f
    }

    /// The question terms a sentence lacks but says in other words: "huge" by "large" (`Synonyms`). A paraphrased
    /// question ("a speedy lookup") meets the sentence that answers it ("a fast lookup") only this way.
    static func synonymBits(_ u: SentenceUnit, own: UInt64, _ synonyms: [(bit: UInt64, words: Set<String>)]) -> UInt64 {
        var m: UInt64 = 0
        for s in synonyms where own & s.bit == 0 && !s.words.isDisjoint(with: u.terms) { m |= s.bit }
        return m
    }

    /// Whether a sentence comes after its article's best match of the question. An article states a problem in
    /// the question's words and answers it further on ("The most common way… If we want to replace the logger…"
    /// before "the decorator pattern"); on the dev sets a key-fact sentence follows the best match about twice as
    /// often as it precedes it at the same distance. A nearness feature beside it was tried and left out: it
    /// moved the dev sets and the held-out ones in opposite directions.
    static func afterMatch(_ u: SentenceUnit, best: Int?) -> Double {
        guard let best else { return 0 }
        return u.index > best ? 1 : 0
    }

    /// The question's weighted share among a prose sentence's first `subjectWords` analysed words: a sentence
    /// about the thing asked names it as its subject ("The Send marker trait indicates…", "Slices let you…").
    static func subjectCoverage(_ u: SentenceUnit, _ q: TermBits) -> Double {
        u.isCode ? 0 : q.share(q.mask(u.tokens.prefix(subjectWords)))
    }

    /// The weighted share a sentence holds of what the question asks beyond its article's title. Within one
    /// article every sentence may share the title's words ("Apache", "License" all through a licence), so the
    /// sentence that holds the rest ("patent") is the one that answers. Plain coverage when the title holds
    /// none of the question, or all of it.
    static func untitledCoverage(_ own: UInt64, title: UInt64, _ q: TermBits) -> Double {
        let all: UInt64 = q.count >= 64 ? ~0 : (1 << UInt64(q.count)) - 1
        let rest = all & ~title, restShare = q.share(rest)
        guard title & all != 0, restShare > 0 else { return q.share(own) }
        return q.share(own & rest) / restShare
    }

    /// BM25 of one sentence against the question, with sentences as the documents.
    static func bm25(_ u: SentenceUnit, _ p: QuestionProfile, averageWords: Double, k1: Double = 1.2, b: Double = 0.75) -> Double {
        let norm = k1 * (1 - b + b * Double(u.tokens.count) / averageWords)
        var s = 0.0
        for t in p.terms where u.terms.contains(t) {
            let tf = Double(u.tokens.lazy.filter { $0 == t }.count)
            s += (p.idf[t] ?? 0) * tf * (k1 + 1) / (tf + norm)
        }
        return s
    }

    /// How close two different question terms come in the sentence: 1 when adjacent, 0 when fewer than two occur.
    static func proximity(_ u: SentenceUnit, _ p: QuestionProfile) -> Double {
        let q = p.termSet
        var last: (term: String, at: Int)? = nil
        var best = 0.0
        for (i, t) in u.tokens.enumerated() where q.contains(t) {
            if let l = last, l.term != t { best = max(best, 1 / Double(i - l.at)) }
            last = (t, i)
        }
        return best
    }

    /// Words written like code in prose: an option ("-osize"), a call ("validate()"), a dotted or
    /// underscored name, inner capitals ("ParsableCommand"), or anything in backticks. Answers to how-to
    /// and factoid questions tend to name the exact thing.
    static func codeWords(_ text: String) -> Int {
        var n = 0
        var word: [UInt8] = []
        word.reserveCapacity(32)
        func close() {
            defer { word.removeAll(keepingCapacity: true) }
            guard word.count >= 3 else { return }
            var letters = 0, innerUpper = false, innerMark = false
            for (i, c) in word.enumerated() {
                let upper = c >= 65 && c <= 90, lower = c >= 97 && c <= 122
                if upper || lower { letters += 1 }
                guard i > 0 && i < word.count - 1 else { continue }
                if upper { innerUpper = true }
                if c == UInt8(ascii: "_") || c == UInt8(ascii: "(") || c == UInt8(ascii: ".") { innerMark = true }
            }
            guard letters >= 2 else { return }
            let first = word[0]
            if first == UInt8(ascii: "-") || first == UInt8(ascii: "`") || first == UInt8(ascii: "@") || innerMark
                || (innerUpper && first >= 97 && first <= 122) { n += 1 }
        }
        for c in text.utf8 {
            if c == 32 || c == 10 || c == 9 { close() } else { word.append(c) }
        }
        close()
        return n
    }

    /// The question cut into clauses at commas, semicolons, question marks and "and"/"or" between
    /// them ("How do I turn it on, and how do I read its report?"), as analysed term sets.
    static func clauses(_ question: String, analyzer: Analyzer) -> [Set<String>] {
        var parts: [String] = [""]
        for w in question.split(separator: " ") {
            let lower = w.lowercased()
            if (lower == "and" || lower == "or" || lower == "but") && (parts.last?.hasSuffix(",") ?? false) { parts.append(""); continue }
            parts[parts.count - 1] += (parts[parts.count - 1].isEmpty ? "" : " ") + w
            if let l = w.last, ";?".contains(l) { parts.append("") }
        }
        return parts.map { Set(analyzer.terms($0)) }.filter { !$0.isEmpty }
    }
}

/// A question's terms as the bits of a mask (the first 64 of them), with a weight each: a sentence's
/// terms become one mask, and its weighted coverage a sum over the bits it has.
struct TermBits {
    var index: [String: Int] = [:]
    var weight: [Double] = []
    var mass: Double

    init(_ terms: [String], weights: [String: Double], mass: Double) {
        for t in terms where index[t] == nil && index.count < 64 { index[t] = index.count; weight.append(weights[t] ?? 0) }
        self.mass = mass
    }

    var count: Int { weight.count }

    func mask<S: Sequence>(_ terms: S) -> UInt64 where S.Element == String {
        var m: UInt64 = 0
        for t in terms { if let b = index[t] { m |= 1 << UInt64(b) } }
        return m
    }

    /// The weighted share of the terms whose bits are set (0…1).
    func share(_ m: UInt64) -> Double {
        guard m != 0, mass > 0 else { return 0 }
        var s = 0.0, rest = m
        while rest != 0 {
            let b = rest.trailingZeroBitCount
            s += weight[b]; rest &= rest - 1
        }
        return s / mass
    }
}
