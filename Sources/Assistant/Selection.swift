/// Which candidate sentences make the answer: the best-scoring ones under a word budget, skipping
/// near-duplicates and sentences that add none of the question's words, each bringing the neighbours
/// it needs — the sentence before one that points back, the sentence after, the items of a list it
/// introduces.
struct Selection {
    let units: [SentenceUnit]        // every candidate sentence, in article order per article
    let question: Set<String>        // the question's analysed terms
    let budget: Int                  // words
    var bringsCode = false           // a how-to: code right after a picked step comes with it
    private(set) var picked: [(SentenceUnit, Double)] = []
    private(set) var words = 0
    private var covered = Set<String>()

    init(units: [SentenceUnit], question: Set<String>, budget: Int) {
        self.units = units; self.question = question; self.budget = budget
    }

    func has(_ u: SentenceUnit) -> Bool { picked.contains { $0.0.doc == u.doc && $0.0.index == u.index } }

    func unit(_ doc: Int, _ index: Int) -> SentenceUnit? { units.first { $0.doc == doc && $0.index == index } }

    mutating func add(_ u: SentenceUnit, score: Double) {
        guard !has(u) else { return }
        picked.append((u, score)); words += u.words
        covered.formUnion(u.terms.intersection(question))
    }

    /// Greedy: best first, down to 0.55 of the best score, at most seven picks.
    mutating func pickGreedily(_ scored: [(unit: SentenceUnit, score: Double, cov: Double)], best: Double) {
        let floor = best * 0.55
        for c in scored {
            if picked.count >= 7 || c.score < floor { break }
            if has(c.unit) { continue }
            if picked.contains(where: { jaccard($0.0.terms, c.unit.terms) > 0.55 }) { continue }
            let gain = c.unit.terms.intersection(question).subtracting(covered)
            if !picked.isEmpty && gain.isEmpty && c.score < best * 0.8 { continue }
            if words + c.unit.words > budget && !picked.isEmpty { continue }
            add(c.unit, score: c.score)
            bringNeighbours(of: c.unit, score: c.score)
        }
    }

    mutating func bringNeighbours(of u: SentenceUnit, score: Double) {
        // A pick that leans on what came before ("With GCD, it can happen…") brings the sentence before it.
        if AnswerComposer.refersBack(u.text), let prev = unit(u.doc, u.index - 1),
           !prev.isCode, prev.words < 40, words + prev.words <= budget + 20, !AnswerComposer.isFiller(prev.text),
           !prev.text.hasSuffix(":") {
            add(prev, score: score - 0.001)
        }
        // Facts sit next to the sentence that matched best: a pick brings the sentence after it.
        if let next = unit(u.doc, u.index + 1),
           !next.isCode, next.words < 40, words + next.words <= budget + 20, !AnswerComposer.isFiller(next.text),
           !AnswerComposer.isCaption(next),
           AnswerComposer.continues(next.text) || (!u.text.hasSuffix(":") && !next.terms.isDisjoint(with: question)) {
            add(next, score: score - 0.001)
        }
        // In a how-to, the code that follows a step shows how to do it.
        if bringsCode, !u.isCode, let next = unit(u.doc, u.index + 1), next.isCode, next.words <= 120,
           words + next.words <= budget + 60 {
            add(next, score: score - 0.001)
        }
        // A sentence that introduces a list or code ("It lets you:") brings its first items.
        if u.text.hasSuffix(":") {
            var k = u.index + 1
            var added = 0
            while added < 4, let item = unit(u.doc, k), item.isListItem || item.isCode, words + item.words <= budget + 40 {
                add(item, score: score - 0.002 * Double(added + 1))
                k += 1; added += 1
            }
        }
    }
}
