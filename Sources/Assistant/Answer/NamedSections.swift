import Analysis

/// "What does Buffer.alloc return?", "spawn or exec in child_process?": a question that names an API member, over
/// a reference whose sections are headed by the members' signatures ("Static method: Buffer.alloc(size[, fill])").
/// The section the question names is where its answer starts: its lead sentence says what the member does, though
/// it rarely repeats the member's name ("Spawns a shell then executes the command…").
enum NamedSections {
    /// The parts of the question's words, lowercased, split at "." and "::" ("child_process.exec" gives
    /// "child_process" and "exec").
    static func words(_ question: String) -> Set<String> {
        var out = Set<String>()
        for token in question.split(whereSeparator: { !($0.isLetter || $0.isNumber || "._:$".contains($0)) }) {
            for part in token.split(whereSeparator: { $0 == "." || $0 == ":" }) where !part.isEmpty { out.insert(part.lowercased()) }
        }
        return out
    }

    /// Whether the API a heading names is one the question names: a qualified name ("Buffer.alloc()",
    /// "child_process.exec()") whose every part is a word of the question. A bare name ("Class: Buffer") says
    /// which page, not which member.
    static func isNamed(heading: String, by questionWords: Set<String>) -> Bool {
        guard var name = APISubject.name(inHeading: heading) else { return false }
        if name.hasSuffix("()") { name.removeLast(2) }
        let parts = name.split(whereSeparator: { $0 == "." || $0 == ":" }).map { $0.lowercased() }
        return parts.count >= 2 && parts.allSatisfy(questionWords.contains)
    }

    /// Each named section's lead (its first candidate of prose, in reading order, that is no label's line such as
    /// "Stability: 3 - Legacy: …") in the top article, when the question names one or two sections there; more than
    /// two named say nothing about which one is asked.
    static func leads(question: String, article doc: Int, pool: CandidatePool) -> [AnswerCandidate] {
        let q = words(question)
        guard let units = pool.units[doc] else { return [] }
        var sections: [Int] = []
        for u in units where !sections.contains(u.section) {
            if let h = u.heading, isNamed(heading: h, by: q) { sections.append(u.section) }
        }
        guard (1...2).contains(sections.count) else { return [] }
        return sections.compactMap { lead(ofSection: $0, article: doc, pool: pool) }
    }

    /// A section's lead: its first candidate of prose, in reading order, that can open an answer and is no label's line.
    static func lead(ofSection section: Int, article doc: Int, pool: CandidatePool) -> AnswerCandidate? {
        pool.candidates.filter { $0.unit.doc == doc && $0.unit.section == section && !$0.unit.isCode && !$0.unit.isListItem
            && !$0.unit.text.hasSuffix(":") && Layout.canOpen($0.unit.text) && !isLabelLine($0.unit.text) }
            .min { $0.unit.index < $1.unit.index }
    }

    /// "…I get UnboundLocalError. Why?" over an FAQ with "Why am I getting an UnboundLocalError when the variable has
    /// a value?": in an article most of whose headings are questions (`faqQuestions` at least), a section headed by a
    /// question whose words the question holds nearly all of (`askedShare` of them, `askedTerms` at least) is the entry
    /// asked again. Its lead, when one heading of the article is so asked; nil otherwise.
    static func askedAgain(_ p: QuestionProfile, article doc: Int, pool: CandidatePool, analyzer: Analyzer) -> AnswerCandidate? {
        guard let units = pool.units[doc] else { return nil }
        var asked: Set<Int> = [], seen: Set<String> = []
        for u in units {
            guard let h = u.heading, h.hasSuffix("?"), !seen.contains(h) else { continue }
            seen.insert(h)
            let terms = Set(analyzer.terms(h))
            let shared = terms.intersection(p.termSet).count
            if shared >= askedTerms, Double(shared) >= askedShare * Double(terms.count) { asked.insert(u.section) }
        }
        // Only an FAQ, most of whose headings ask: a post with one "What is X?" heading has its answer all over.
        let headings = Set(units.compactMap(\.heading))
        guard asked.count == 1, let section = asked.first, seen.count >= faqQuestions, 2 * seen.count > headings.count else { return nil }
        return lead(ofSection: section, article: doc, pool: pool)
    }
    static let askedTerms = 2
    static let askedShare = 0.6
    static let faqQuestions = 4

    /// A line that opens with a one-word label and its colon ("Stability: 2 - Stable.", "Type: {boolean}").
    static func isLabelLine(_ text: String) -> Bool {
        guard let first = text.split(separator: " ", maxSplits: 1).first else { return false }
        return first.count > 1 && first.hasSuffix(":") && first.dropLast().allSatisfy(\.isLetter)
    }

    /// The candidates, best first, with each named section's lead first of all in the order the sections come: the
    /// selection takes them before the rest, within its word budget.
    static func leading(_ leads: [AnswerCandidate], _ ranked: [AnswerCandidate]) -> [AnswerCandidate] {
        guard let best = ranked.first?.score, !leads.isEmpty else { return ranked }
        let rest = ranked.filter { r in !leads.contains { $0.unit.doc == r.unit.doc && $0.unit.index == r.unit.index } }
        return leads.enumerated().map { k, lead in
            var c = lead
            c.score = best + 1e-6 * Double(leads.count - k)
            return c
        } + rest
    }
}
