import Retrieval

/// The evidence for answering at all: how well the best candidates score, how much of the question
/// they cover, and how much of the question the corpus lacks. The abstention model weighs these;
/// a name the corpus lacks is one feature among them, not a veto.
enum Evidence {
    static let names = [
        "best_logit", "top3_logit", "best_coverage", "best_known_coverage", "best_context_coverage",
        "unknown_mass_share", "unknown_word_share", "unknown_names", "names_missing", "top_hit_score",
        "title_coverage", "query_terms", "number_missing", "best_proximity", "pair_share", "pairs_apart",
    ]

    /// The evidence vector, in `names` order; `ranked` are the scored candidates, best first. Only the
    /// two logits depend on the sentence model: the rest reads the candidates in order of how much of
    /// the question they and their neighbours cover, so the fitting script can recompute the logits alone.
    /// `missingNames` are the names behind `names_missing`, for `--explain`.
    static func values(profile p: QuestionProfile, ranked: [AnswerCandidate], pool: CandidatePool) -> (values: [Double], missingNames: [String]) {
        let logits = ranked.prefix(3).map(\.score)
        let cov = AnswerFeatures.names.firstIndex(of: "coverage")!
        let ctx = AnswerFeatures.names.firstIndex(of: "context_coverage")!
        let byCoverage = byCoverage(ranked)
        let bestCov = ranked.map { $0.features[cov] }.max() ?? 0
        let bestCtx = byCoverage.first?.features[ctx] ?? 0
        let unknownShare = p.mass > 0 ? p.unknownMass / p.mass : 1
        let known = bestCov / max(1 - unknownShare, 0.05)
        let titleMatch = AnswerFeatures.names.firstIndex(of: "title_match")!
        let topTitle = ranked.first { $0.rank == 0 }?.features[titleMatch] ?? 0
        let missing = namesMissing(p, pool: pool)
        let pairs = pairShare(p, ranked)
        return ([
            logits.first ?? -10, logits.isEmpty ? -10 : logits.reduce(0, +) / Double(logits.count), bestCov, min(known, 1), bestCtx,
            unknownShare, p.unknownWordShare, Double(p.unknownNames.count + callsMissing(p, pool: pool)),
            Double(missing.count),
            (pool.hits.first?.score ?? 0) / max(p.mass, 1e-9), topTitle, Double(p.terms.count),
            p.wantsNumber && !byCoverage.prefix(5).contains { $0.unit.text.contains(where: \.isNumber) } ? 1 : 0,
            bestProximity(p, ranked), pairs, pairs == 0 ? 1 : 0,
        ], missing)
    }

    /// How near two of the question's terms come in any candidate (the `proximity` feature's best);
    /// 1 for a question of one term, which has nothing to be near.
    static func bestProximity(_ p: QuestionProfile, _ ranked: [AnswerCandidate]) -> Double {
        guard p.termSet.count >= 2 else { return 1 }
        let prox = AnswerFeatures.names.firstIndex(of: "proximity")!
        return ranked.map { $0.features[prox] }.max() ?? 0
    }

    /// The share of the question's neighbouring term pairs (in its word order, IDF-weighted) that some
    /// candidate writes within `pairWindow` tokens of each other; 1 for a question with no pair. None of them
    /// (`pairs_apart`) is how a question over a topic the corpus lacks reads: its words are there, each
    /// in some other sense ("tree-shake" against SHAKE-128 digests), never together. Both are computed for
    /// `--explain` and for fitting; the shipped model does not weigh them (ARCHITECTURE.md, round 46).
    static let pairWindow = 3
    static func pairShare(_ p: QuestionProfile, _ ranked: [AnswerCandidate]) -> Double {
        var pairs: [(String, String)] = [], seen = Set<String>()
        for (a, b) in zip(p.sequence, p.sequence.dropFirst()) where a != b && seen.insert(min(a, b) + " " + max(a, b)).inserted {
            pairs.append((a, b))
        }
        guard !pairs.isEmpty else { return 1 }
        var found = Set<Int>()
        for c in ranked where found.count < pairs.count {
            let toks = c.unit.tokens
            for (k, pair) in pairs.enumerated() where !found.contains(k) && c.unit.terms.contains(pair.0) && c.unit.terms.contains(pair.1) {
                let a = toks.indices.filter { toks[$0] == pair.0 }, b = toks.indices.filter { toks[$0] == pair.1 }
                if a.contains(where: { i in b.contains { abs($0 - i) <= pairWindow } }) { found.insert(k) }
            }
        }
        let weight = { (k: Int) in (p.idf[pairs[k].0] ?? 0) + (p.idf[pairs[k].1] ?? 0) }
        let total = pairs.indices.map(weight).reduce(0, +)
        return total > 0 ? found.map(weight).reduce(0, +) / total : 1
    }

    /// The candidates in order of how much of the question they and their neighbours cover.
    static func byCoverage(_ ranked: [AnswerCandidate]) -> [AnswerCandidate] {
        let cov = AnswerFeatures.names.firstIndex(of: "coverage")!
        let ctx = AnswerFeatures.names.firstIndex(of: "context_coverage")!
        return ranked.sorted {
            ($0.features[ctx], $0.features[cov]) != ($1.features[ctx], $1.features[cov])
                ? ($0.features[ctx], $0.features[cov]) > ($1.features[ctx], $1.features[cov])
                : ($0.unit.doc, $0.unit.index) < ($1.unit.doc, $1.unit.index)
        }
    }

    /// Calls the question writes with parentheses ("reconcile()") that no article read ever shows called:
    /// the word may be common, the API is not there. They count as names the corpus lacks.
    static func callsMissing(_ p: QuestionProfile, pool: CandidatePool) -> Int {
        let calls = p.names.filter(\.isCall)
        guard !calls.isEmpty else { return 0 }
        let text = pool.units.values.joined().map(\.text).joined(separator: "\n").lowercased()
        return calls.filter { !$0.isMentioned(in: text) }.count
    }

    /// The question's names that no article the answer may draw on writes: a call, or a plain capitalised
    /// word as a name (`QuestionName.isNamed`), in the text, title, author or feed.
    static func namesMissing(_ p: QuestionProfile, pool: CandidatePool) -> [String] {
        // An identifier the corpus knows may be discussed without being spelled out; a call or a plain
        // capitalised word has to be there as written. Owners ("Apple's …") and abbreviations qualify or
        // are spelt out more often than not, and a hyphenated word ("C-backed") is a modifier.
        let names = p.names.filter { ($0.isCall || !$0.isCode) && !$0.isPossessive && !$0.isAcronym && !$0.text.contains("-") }
        guard !names.isEmpty else { return [] }
        let articles = pool.articles.map(\.article)
        // A title names a plain name with its capitals ("… tends to go hand-in-hand" does not name "Go").
        let titles = articles.map(\.title).joined(separator: "\n")
        let people = articles.map { ($0.author ?? "") + "\n" + ($0.feed ?? "") }.joined(separator: "\n").lowercased()
        let texts = articles.map(\.text)
        let lowered = names.contains(where: \.isCall) ? texts.map { $0.lowercased() } : []
        let missing = names.filter { name in
            if name.isCall { return !lowered.contains { name.isMentioned(in: $0) } }
            return !name.isMentioned(in: titles, exactCase: true) && !name.isMentioned(in: people) && !texts.contains { name.isNamed(in: $0) }
        }
        return missing.map(\.text)
    }
}
