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
        "article_score", "article_top", "is_target", "prf_coverage",
        "definition_cue", "howto_step", "howto_code", "factoid_number", "why_cue", "yesno_cue", "limitation_cue",
        "comparison_both", "comparison_cue",
        "is_code", "is_list_item", "ends_colon", "is_caption", "about_article", "refers_back", "is_question", "log_words",
        "window_coverage", "paragraph_coverage", "local_coverage", "clause_coverage",
    ]

    /// What the features of one question share: per-article heading and title terms, the best
    /// coverage and BM25 among candidates, and the pseudo-relevance feedback terms.
    struct Context {
        var profile: QuestionProfile
        var pool: CandidatePool
        var feedback: [String: Double]
        var feedbackMass: Double
        var averageWords: Double
        var bestCoverage = 1e-9
        var bestBM25 = 1e-9
        var sectionBest: [SectionKey: Double] = [:]
        /// Each paragraph's terms (keyed by article and block).
        var paragraphs: [SectionKey: Set<String>] = [:]
        /// Question terms weighted by how rare they are among the candidate sentences (a term in every
        /// sentence of the article tells none of them apart), and the question's clauses as term sets.
        var local: [String: Double] = [:]
        var localMass = 1e-9
        var clauses: [Set<String>] = []
    }

    struct SectionKey: Hashable { var doc: Int; var section: Int }

    /// Fills in `features` for every candidate of the pool.
    static func compute(_ pool: inout CandidatePool, profile: QuestionProfile, analyzer: Analyzer) {
        var ctx = Context(profile: profile, pool: pool, feedback: [:], feedbackMass: 0, averageWords: 1)
        (ctx.feedback, ctx.feedbackMass) = feedbackTerms(pool, profile: profile, analyzer: analyzer)
        let words = pool.candidates.map { Double(max($0.unit.tokens.count, 1)) }
        ctx.averageWords = words.isEmpty ? 1 : words.reduce(0, +) / Double(words.count)
        for c in pool.candidates {
            let cov = profile.coverage(c.unit.terms)
            ctx.bestCoverage = max(ctx.bestCoverage, cov)
            ctx.bestBM25 = max(ctx.bestBM25, bm25(c.unit, ctx))
            let k = SectionKey(doc: c.unit.doc, section: c.unit.section)
            ctx.sectionBest[k] = max(ctx.sectionBest[k] ?? 0, cov)
        }
        let n = Double(max(pool.candidates.count, 1))
        for t in profile.terms {
            let sf = Double(pool.candidates.filter { $0.unit.terms.contains(t) }.count)
            guard sf > 0 else { continue }
            ctx.local[t] = log(1 + n / sf) * (profile.idf[t] ?? 0); ctx.localMass += ctx.local[t]!
        }
        ctx.clauses = clauses(profile.text, analyzer: analyzer).filter { !$0.isDisjoint(with: profile.termSet) }
        for list in pool.units.values {
            for u in list { ctx.paragraphs[SectionKey(doc: u.doc, section: u.block), default: []].formUnion(u.terms) }
        }
        var headingTerms: [String: Set<String>] = [:]
        for i in pool.candidates.indices {
            let h = pool.candidates[i].unit.heading ?? ""
            if headingTerms[h] == nil { headingTerms[h] = Set(analyzer.terms(h)) }
            pool.candidates[i].features = values(pool.candidates[i], ctx, heading: headingTerms[h]!,
                                                 title: Set(analyzer.terms(pool.candidates[i].title)))
        }
    }

    /// One candidate's feature vector, in `names` order.
    static func values(_ c: AnswerCandidate, _ ctx: Context, heading: Set<String>, title: Set<String>) -> [Double] {
        let u = c.unit, p = ctx.profile
        let cov = p.coverage(u.terms)
        let prev = ctx.pool.unit(u.doc, u.index - 1), next = ctx.pool.unit(u.doc, u.index + 1)
        let around = [u.terms, heading] + [prev, next].compactMap { $0 }.map(\.terms)
        let neighbour = max(prev.map { p.coverage($0.terms) } ?? 0, next.map { p.coverage($0.terms) } ?? 0)
        let count = Double(ctx.pool.units[u.doc]?.count ?? 1)
        let folded = FoldedText(u.text)
        var f: [Double] = [
            cov, cov / ctx.bestCoverage, p.coverage(anyOf: around), bm25(u, ctx) / ctx.bestBM25, proximity(u, p),
            p.coverage(heading), p.coverage(title),
            u.sectionPosition == 0 ? 1 : 0, 1 / (1 + Double(u.sectionPosition)), Double(u.index) / max(count, 1),
            neighbour, ctx.sectionBest[SectionKey(doc: u.doc, section: u.section)] ?? 0, c.inBestPassage ? 1 : 0,
            c.articleScore, c.rank == 0 ? 1 : 0, c.isTarget ? 1 : 0, feedbackCoverage(u, ctx),
        ]
        f += Cues.answerType(p, u, folded)
        f += [
            u.isCode ? 1 : 0, u.isListItem ? 1 : 0, u.text.hasSuffix(":") ? 1 : 0, Cues.isCaption(u) ? 1 : 0,
            folded.containsAny(Cues.aboutTheArticle) ? 1 : 0, Cues.refersBack(u.text) ? 1 : 0, u.text.hasSuffix("?") ? 1 : 0,
            log(1 + Double(u.words)) / log(60),
            p.coverage(anyOf: (-2...2).compactMap { ctx.pool.unit(u.doc, u.index + $0)?.terms }),
            p.coverage(ctx.paragraphs[SectionKey(doc: u.doc, section: u.block)] ?? u.terms),
            u.terms.reduce(0) { $0 + (ctx.local[$1] ?? 0) } / ctx.localMass,
            ctx.clauses.map { c in Double(c.intersection(u.terms).count) / Double(max(c.intersection(p.termSet).count, 1)) }.max() ?? 0,
        ]
        return f
    }

    /// BM25 of one sentence against the question, with sentences as the documents.
    static func bm25(_ u: SentenceUnit, _ ctx: Context, k1: Double = 1.2, b: Double = 0.75) -> Double {
        let p = ctx.profile
        guard !u.terms.isDisjoint(with: p.termSet) else { return 0 }
        let norm = k1 * (1 - b + b * Double(u.tokens.count) / ctx.averageWords)
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

    /// Pseudo-relevance feedback: the terms that weigh most in the passages that ranked the best two
    /// articles, other than the question's own. Sentences rich in them speak of the question's topic
    /// in the article's words when the question used other words.
    static func feedbackTerms(_ pool: CandidatePool, profile: QuestionProfile, analyzer: Analyzer, keep: Int = 12) -> ([String: Double], Double) {
        var tf: [String: Double] = [:]
        for h in pool.hits.prefix(2) { for t in analyzer.terms(h.passageText) where profile.idf[t] == nil { tf[t, default: 0] += 1 } }
        let n = Double(max(pool.candidates.count, 1))
        var df: [String: Double] = [:]
        for c in pool.candidates { for t in c.unit.terms where tf[t] != nil { df[t, default: 0] += 1 } }
        let weighted = tf.filter { $0.value >= 2 }.map { ($0.key, $0.value * log(1 + n / (df[$0.key] ?? 1))) }
        let top = weighted.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(keep)
        let dict = Dictionary(uniqueKeysWithValues: top.map { ($0.0, $0.1) })
        return (dict, dict.values.reduce(0, +))
    }

    static func feedbackCoverage(_ u: SentenceUnit, _ ctx: Context) -> Double {
        guard ctx.feedbackMass > 0 else { return 0 }
        var m = 0.0
        for (t, w) in ctx.feedback where u.terms.contains(t) { m += w }
        return m / ctx.feedbackMass
    }
}
