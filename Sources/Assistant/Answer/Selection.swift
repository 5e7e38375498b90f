#if canImport(Glibc)
import Glibc
#endif

/// Which candidates make the answer: greedy by maximal marginal relevance (the model's odds against
/// the best candidate, less the overlap with what is already picked), within a word budget, each pick bringing what it
/// needs to read right: the sentence it points back to, the list or code its colon introduces, the
/// colon sentence that introduces a code block.
struct AnswerSelection {
    struct Settings: Equatable {
        var budget = 130            // words
        var lambda = 0.7            // relevance against novelty
        var minRatio = 0.05         // stop below this share of the best candidate's odds, exp(score − best)
        var maxPicks = 6
        var duplicate = 0.6         // Jaccard of terms above which two sentences say the same
        var novelty = 0.3           // weight of question terms a pick adds that no earlier pick had
        var otherArticleRatio = 0.0 // a pick from an article no earlier pick came from needs this share of the best odds
        var listItems = 8           // a list asked for comes whole when it has at most this many items…
        var listWords = 90          // …and words
        var itemWords = 45          // a list item of several sentences comes whole when it has at most this many words
        var minItemWords = 4        // a list item of fewer words comes only beside another item of its list, or with the list
    }

    let pool: CandidatePool
    let profile: QuestionProfile
    let settings: Settings
    /// What the answers before showed ("go on", "show me an example"): a pick that would bring one of those
    /// sentences back as its context is left out, since the context would repeat.
    var shown: String?
    private(set) var picked: [AnswerCandidate] = []
    private(set) var words = 0
    private var covered = Set<String>()

    init(pool: CandidatePool, profile: QuestionProfile, settings: Settings) {
        self.pool = pool; self.profile = profile; self.settings = settings
    }

    /// The kinds of question a code block may answer without a sentence before it.
    static let bareCodeKinds: Set<QuestionProfile.Kind> = [.howto, .factoid, .other]

    func has(_ u: SentenceUnit) -> Bool { picked.contains { $0.unit.doc == u.doc && $0.unit.index == u.index } }

    /// Runs the greedy selection over `ranked` (best first).
    mutating func run(_ ranked: [AnswerCandidate]) {
        guard var best = ranked.first?.score else { return }
        var rest = Array(ranked.prefix(80))
        while picked.count < settings.maxPicks {
            var choice: (index: Int, value: Double)? = nil
            for (i, c) in rest.enumerated() {
                let p = exp(c.score - best)
                if p < settings.minRatio { continue }
                if !picked.isEmpty, p < settings.otherArticleRatio, !picked.contains(where: { $0.unit.doc == c.unit.doc }) { continue }
                let overlap = picked.lazy.map { jaccard($0.unit.terms, c.unit.terms) }.max() ?? 0
                if overlap > settings.duplicate { continue }
                let gain = c.unit.terms.isDisjoint(with: profile.termSet) ? 0 : profile.coverage(c.unit.terms.subtracting(covered))
                let value = settings.lambda * p - (1 - settings.lambda) * overlap + settings.novelty * gain
                if choice == nil || value > choice!.value { choice = (i, value) }
            }
            guard let (i, _) = choice else { break }
            let c = rest.remove(at: i)
            if has(c.unit) { continue }
            var group = bundle(c)
            var size = group.reduce(0) { $0 + $1.unit.words }
            // A colon sentence whose code does not fit may still fit on its own, as a sentence.
            // What it points back to comes along still, unless that is code too.
            if !picked.isEmpty, words + size > settings.budget, group.contains(where: \.unit.isCode), let alone = withoutItsCode(c) {
                let before = group.filter { $0.unit.index < c.unit.index }
                if !before.contains(where: \.unit.isCode) { group = before + [alone]; size = group.reduce(0) { $0 + $1.unit.words } }
            }
            if group.isEmpty {
                // The best candidate cannot stand (a colon with nothing that can follow it): the weakest pick's ratio
                // is measured from the best one left, or nothing would be picked.
                if picked.isEmpty, let next = rest.lazy.map(\.score).max() { best = next }
                continue
            }
            if !picked.isEmpty && words + size > settings.budget { continue }
            if let shown, group.contains(where: { $0.unit.index != c.unit.index && Self.wasShown($0.unit, in: shown) }) {
                continue
            }
            for g in group where !has(g.unit) { picked.append(g); words += g.unit.words; covered.formUnion(g.unit.terms) }
        }
    }

    /// The candidate with what it needs: empty when it cannot stand (a colon with nothing after it).
    func bundle(_ c: AnswerCandidate) -> [AnswerCandidate] {
        let u = c.unit
        var out: [AnswerCandidate] = []
        if u.isCode {
            guard let lead = leadIn(of: u, c) else { return [] }
            // Code with no sentence of its own answers a how-to or asks-for-a-value question ("which command…");
            // under a definition, a reason or a comparison it reads as a non sequitur.
            if lead.isEmpty, !Self.bareCodeKinds.contains(profile.kind) { return [] }
            return lead + [c]
        }
        guard let before = antecedents(of: u, c, depth: 2) else { return [] }
        out += before
        let item = u.isListItem ? wholeItem(of: u, c) : [c]
        // An item that goes on a sentence ("…a solution that gives us" / "- zero duplication") comes after it. Only an
        // item's opening does: a later sentence of it that opens with a name in lowercase ("…widened by libffi. libffi
        // provides a type…") goes on its own item, and had brought a colon sentence from items above.
        // A table's row goes on no sentence, whatever case its first cell is in ("pnpm — Binary names: …").
        if u.isListItem, !u.isTableRow, u.text.first?.isLowercase == true, opensItsBlock(u), let lead = listLeadIn(of: u) { out.append(tagAlong(lead, c)) }
        out += item
        // A list item of a few words ("Permanent redirections.", "- watchOS 6.0.") says nothing torn from its list: it
        // comes with the list asked for (below), or not at all.
        let stub = u.isListItem && item.reduce(0) { $0 + $1.unit.words } < settings.minItemWords && !besidePickedItem(item)
        if u.text.hasSuffix(":") {
            var k = u.index + 1
            var items: [AnswerCandidate] = []
            while items.count < 5, let next = pool.unit(u.doc, k), next.section == u.section,
                  next.isCode || next.isListItem, CandidatePool.isEligible(next, inList: true) {
                items.append(tagAlong(next, c)); k += 1
                if next.isCode { break }
            }
            // A list of single words ("Combinations", "Permutations", …) says too little to carry its colon; a
            // one-word item is kept beside longer ones ("IDFVs" among "Mobile ad IDs", "Firebase installation IDs").
            if !items.contains(where: { CandidatePool.isEligible($0.unit) }) {
                // On its own, a colon sentence that points back still comes after what it points back to.
                return items.isEmpty ? withoutItsCode(c).map { before + [$0] } ?? [] : []
            }
            out += items
        } else if profile.wantsList, let list = wholeList(of: u) {
            // "Which platforms…?": the picked item comes with the rest of its list, the sentence with the list after it.
            let others = list.filter { i in !has(i) && !out.contains { $0.unit.index == i.index } }.map { tagAlong($0, c) }
            out = u.isListItem ? (out + others).sorted { $0.unit.index < $1.unit.index } : out + others
            // A list picked by an item comes with the colon sentence that introduces it ("What to avoid using it for:").
            if u.isListItem, let first = list.first, let lead = pool.unit(u.doc, first.index - 1), lead.section == u.section,
               !lead.isListItem, !lead.isCode, lead.text.hasSuffix(":"), CandidatePool.isEligible(lead), !has(lead),
               !out.contains(where: { $0.unit.index == lead.index }) {
                out.insert(tagAlong(lead, c), at: 0)
            }
        } else if stub {
            return []
        }
        // A sentence both pointed back to and part of the same item ("… They can read…" in one bullet) comes once.
        var seen = Set<Int>()
        return out.filter { seen.insert($0.unit.index).inserted }
    }

    /// The sentence that leads into the list `u` is an item of, when it goes on into the list (it ends in a colon, or
    /// in a word with no stop) and can come along; nil otherwise, or when it was picked already.
    func listLeadIn(of u: SentenceUnit) -> SentenceUnit? {
        var first = u
        while let p = pool.unit(u.doc, first.index - 1), p.isListItem, p.section == u.section { first = p }
        guard let lead = pool.unit(u.doc, first.index - 1), lead.section == u.section, !lead.isListItem, !lead.isCode, !has(lead),
              lead.words < 45, lead.text.hasSuffix(":") ? !Self.continuesAbove(lead.text) && !lead.continuesCode : Self.runsInto(lead)
        else { return nil }
        return lead
    }

    /// Whether `u` is the first sentence of its block (its paragraph or list item).
    func opensItsBlock(_ u: SentenceUnit) -> Bool { pool.unit(u.doc, u.index - 1).map { $0.block != u.block } ?? true }

    /// Whether an item of the same list right before or after `item` (its sentences) was picked already.
    func besidePickedItem(_ item: [AnswerCandidate]) -> Bool {
        guard let first = item.first?.unit, let last = item.last?.unit else { return false }
        return [pool.unit(first.doc, first.index - 1), pool.unit(last.doc, last.index + 1)].contains { n in
            n.map { $0.isListItem && $0.section == first.section && has($0) } ?? false
        }
    }

    /// The sentences of the list item `u` is a sentence of ("Toggle showChild back to true. ChildView appears
    /// again."), in reading order, with `c` for `u` and the others tagging along: a bullet is one item, not a
    /// sentence cut from one. `u` alone when the item is longer than `itemWords` or holds a sentence that cannot
    /// stand in a list.
    func wholeItem(of u: SentenceUnit, _ c: AnswerCandidate) -> [AnswerCandidate] {
        var first = u, last = u
        while let p = pool.unit(u.doc, first.index - 1), Layout.sameItem(p, first) { first = p }
        while let n = pool.unit(u.doc, last.index + 1), Layout.sameItem(last, n) { last = n }
        // The item's closing sentence that introduces a listing after it ("…to sort a separate list of names:") stays
        // out unless it was picked itself: its listing does not come with the item.
        while last.index > u.index, last.text.hasSuffix(":"), let p = pool.unit(u.doc, last.index - 1) { last = p }
        guard first.index < last.index else { return [c] }
        let item = (first.index...last.index).compactMap { pool.unit(u.doc, $0) }
        guard item.reduce(0, { $0 + $1.words }) <= settings.itemWords,
              item.allSatisfy({ CandidatePool.isEligible($0, inList: true) }) else { return [c] }
        return item.filter { $0.index == u.index || !has($0) }.map { $0.index == u.index ? c : tagAlong($0, c) }
    }

    /// What a code block brings before it: the sentence that introduces it with a colon; a sentence that runs into
    /// it without a stop ("…the crash reporting can be enabled with"); or the sentence it follows, which it
    /// illustrates ("This should be used when…" over its Set-Cookie line, with the sentence "This" means), so that
    /// it does not read as part of whatever came before it in the answer. Nil when it cannot stand: "With:" between
    /// two listings ("Replace: … With: …") finishes a sentence begun above, and so does "will send this message:"
    /// after the listing that interrupted its sentence.
    func leadIn(of u: SentenceUnit, _ c: AnswerCandidate) -> [AnswerCandidate]? {
        guard let prev = pool.unit(u.doc, u.index - 1), !prev.isCode, !has(prev) else { return [] }
        if prev.text.hasSuffix(":") {
            guard !Self.continuesAbove(prev.text), !prev.continuesCode else { return nil }
            // "This will produce:" between two listings speaks of the one above: it comes first, or the output
            // cannot stand.
            guard let source = pool.unit(u.doc, prev.index - 1), source.isCode,
                  source.section == prev.section, Cues.opensWithPointer(prev.text) else { return [tagAlong(prev, c)] }
            guard let before = antecedents(of: prev, c, depth: 1) else { return nil }
            return before + [tagAlong(prev, c)]
        }
        guard prev.section == u.section else { return [] }
        if Self.runsInto(prev) { return [tagAlong(prev, c)] }
        if !prev.isTableRow, CandidatePool.isEligible(prev, inList: prev.isListItem), prev.words < 45, !Layout.isBareClause(prev.text),
           let before = antecedents(of: prev, c, depth: 1) {
            return before + [tagAlong(prev, c)]
        }
        return []
    }

    /// Whether an answer before showed the unit (its opening, as written, is in `shown`).
    static func wasShown(_ u: SentenceUnit, in shown: String) -> Bool {
        ByteSearch.contains(shown, String(u.text.prefix(60)))
    }

    /// A colon line of one or two words that opens with a word leaning on what came before ("With:", "To this:",
    /// "And then:"); "Example:" and "Output:" stand on their own.
    static func continuesAbove(_ text: String) -> Bool {
        let words = text.dropLast().split(separator: " ")
        guard words.count <= 2, let first = words.first else { return false }
        return continuing.contains(first.lowercased())
    }

    /// A prose sentence that runs into the code after it, as a colon would ("…can be enabled with"): it ends in a
    /// word, with no stop, and is a sentence's length. A label and its value ("Stability: 1 - Experimental" over an
    /// API's parameters) ends in a word too, but runs into nothing.
    static func runsInto(_ u: SentenceUnit) -> Bool {
        guard !u.isListItem, u.words >= 4, u.words < 45, !ByteSearch.contains(u.text, ": "), let last = u.text.last else { return false }
        return last.isLetter && !Cues.isFlattenedCode(u.text)
    }

    static let continuing: Set<String> = ["with", "to", "into", "from", "and", "or", "then", "by", "as", "becomes", "instead", "versus"]

    /// What a sentence that points back needs before it, in reading order; nil when that cannot stand in an answer.
    /// "That will allow you to modify it…" right after code points at the code: it comes with that code (and the
    /// colon sentence before it), or not at all. A prose sentence it points back to comes along, and so does what
    /// that one points back to in turn ("Use this when…" after "This crashes in Debug and Release." after a
    /// listing), up to `depth` sentences back.
    func antecedents(of u: SentenceUnit, _ c: AnswerCandidate, depth: Int) -> [AnswerCandidate]? {
        guard Cues.refersBack(u.text), let prev = pool.unit(u.doc, u.index - 1), !has(prev) else { return [] }
        // A section's first sentence points at its heading, not at the last sentence of the section before.
        guard prev.section == u.section else { return [] }
        // "These may not be available…" under a table speaks of the whole table, not of its last row.
        if prev.isTableRow { return nil }
        if prev.isCode {
            guard CandidatePool.isEligible(prev) else { return nil }
            var out: [AnswerCandidate] = []
            if let intro = pool.unit(u.doc, u.index - 2), !intro.isCode, intro.text.hasSuffix(":"), !has(intro) {
                guard !intro.continuesCode else { return nil }
                out.append(tagAlong(intro, c))
            }
            return out + [tagAlong(prev, c)]
        }
        if CandidatePool.isEligible(prev) {
            guard !prev.text.hasSuffix(":"), prev.words < 45, !Cues.isFiller(prev.text) else { return [] }
            guard depth > 1 else { return Cues.refersBack(prev.text) ? nil : [tagAlong(prev, c)] }
            guard let further = antecedents(of: prev, c, depth: depth - 1) else { return nil }
            return further + [tagAlong(prev, c)]
        }
        // What it points at cannot stand in an answer (a line of code as a paragraph, a cut-off line).
        return nil
    }

    /// The list `u` is an item of, or the list that starts right after the paragraph `u` ends, in the same
    /// section; nil when there is none or it is too long to come whole.
    func wholeList(of u: SentenceUnit) -> [SentenceUnit]? {
        var k = u.index + 1
        if !u.isListItem {
            while let next = pool.unit(u.doc, k), next.block == u.block { k += 1 }
            guard let first = pool.unit(u.doc, k), first.isListItem, first.section == u.section else { return nil }
            k -= 1
        }
        var start = u.isListItem ? u.index : k + 1
        while u.isListItem, let prev = pool.unit(u.doc, start - 1), prev.isListItem, prev.section == u.section { start -= 1 }
        var list: [SentenceUnit] = [], words = 0
        var i = start
        while let item = pool.unit(u.doc, i), item.isListItem, item.section == u.section {
            guard CandidatePool.isEligible(item, inList: true) else { return nil }
            list.append(item); words += item.words; i += 1
            if list.count > settings.listItems || words > settings.listWords { return nil }
        }
        return list.count >= 2 ? list : nil
    }

    /// A colon sentence that introduces code, as a sentence of its own: the code is too long to come along
    /// ("You can use swift-demangle to make the report readable:"), or it introduces a picture
    /// (`introducesWhatCannotCome`). Nil when prose or a list follows it, or the sentence points at what follows
    /// ("… like this:", "For example:").
    /// One whose last clause only points at the example ("…, for example:") stands without that clause, whatever follows.
    func withoutItsCode(_ c: AnswerCandidate) -> AnswerCandidate? {
        guard c.unit.text.hasSuffix(":"), !c.unit.isCode, !c.unit.isListItem else { return nil }
        var alone = c
        if let cut = Cues.withoutPointer(c.unit.text) {
            alone.unit.text = cut
            alone.unit.words = cut.split(separator: " ").count
            return alone
        }
        guard introducesWhatCannotCome(c.unit), Cues.standsBeforeItsColon(c.unit.text) else { return nil }
        alone.unit.text = String(c.unit.text.dropLast()) + "."
        return alone
    }

    /// Whether what the colon sentence `u` introduces is code, or something no answer quotes: a picture, whose
    /// caption or alt text is all that follows ("…Xcode will now show the failure reason in the editor:" over a
    /// screenshot), or nothing left in its section (a table, an embed).
    func introducesWhatCannotCome(_ u: SentenceUnit) -> Bool {
        guard let next = pool.unit(u.doc, u.index + 1), next.section == u.section else { return true }
        return next.isCode || (!next.isListItem && !Layout.endsWell(next.text) && next.words <= 12)
    }

    /// A neighbour brought in by a pick, scored just below it.
    func tagAlong(_ u: SentenceUnit, _ c: AnswerCandidate) -> AnswerCandidate {
        var n = c
        n.unit = u
        n.score = c.score - 0.001
        return n
    }
}

/// |a ∩ b| / |a ∪ b|, counted without building either set.
func jaccard(_ a: Set<String>, _ b: Set<String>) -> Double {
    let (small, large) = a.count <= b.count ? (a, b) : (b, a)
    var common = 0
    for t in small where large.contains(t) { common += 1 }
    let union = a.count + b.count - common
    return union == 0 ? 0 : Double(common) / Double(union)
}
