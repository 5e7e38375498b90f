import Analysis

/// How picked sentences become an answer a person would write: one paragraph per article with one
/// citation mark, the article with the best sentence first and that sentence first in it, lists as
/// lists, code fenced with its line breaks, and nothing that ends mid-sentence.
enum Layout {
    /// Closing punctuation (possibly inside quotes or brackets): a whole sentence, not a cut-off one.
    static func endsWell(_ text: String) -> Bool {
        let s = withoutClosers(text)
        guard let last = s.last else { return false }
        // An ellipsis trails off or marks a cut ("There are 2 ways you can explicitly…", an excerpt's end):
        // either way the sentence does not end.
        if last == "…" || s.hasSuffix("..") { return false }
        return ".!?:;。！？：；".contains(last)
    }

    /// The text without the spaces, closing quotes and brackets after its last mark: where a stop stands, if any.
    static func withoutClosers(_ text: String) -> Substring {
        var s = Substring(text)
        while let l = s.last, l == " " || l == "\"" || l == "'" || l == "”" || l == "’" || l == ")" || l == "」" || l == "）" { s = s.dropLast() }
        return s
    }

    /// A list item as a bullet: closed with a stop when it has none, in place of the comma that ran it into the next
    /// item ("ar t archive lists the files,", "- the first step,").
    static func closed(_ text: String) -> String {
        if endsWell(text) { return text }
        var t = Substring(text)
        while let l = t.last, l == "," || l == " " || l == "、" { t = t.dropLast() }
        guard let last = t.last else { return text }
        return t + (isWide(last) ? "。" : ".")
    }

    /// Chinese or Japanese script, or a full-width mark: such a sentence closes with its own full stop.
    static func isWide(_ c: Character) -> Bool {
        guard let u = c.unicodeScalars.first else { return false }
        return CJKBigramFilter.isCJK(u) || (0xFF00...0xFFEF).contains(u.value)
    }

    /// Picks grouped per article: the article of the best pick first, then by their best pick; in each
    /// article reading order, except that the first article opens with its best pick that can open it,
    /// preceded only by what it leans on (`leansOn`; a list item, by the colon sentence of its list), and the
    /// picks right after it. A pick can open the
    /// answer when what it leans on starts with a sentence that points back to nothing ("This happens
    /// because…" cannot, when the sentence "this" means was not picked) and is no short list item (`isStub`),
    /// prose before code; when none can, reading order.
    static func paragraphs(_ picked: [AnswerCandidate]) -> [[AnswerCandidate]] {
        guard let top = picked.max(by: { $0.score < $1.score }) else { return [] }
        var groups: [Int: [AnswerCandidate]] = [:]
        for c in picked { groups[c.unit.doc, default: []].append(c) }
        let order = groups.keys.sorted { a, b in
            let sa = groups[a]!.map(\.score).max()!, sb = groups[b]!.map(\.score).max()!
            return sa != sb ? sa > sb : a < b
        }
        return order.map { doc in
            let g = groups[doc]!.sorted { $0.unit.index < $1.unit.index }
            guard doc == top.unit.doc else { return g }
            // Prose opens the answer when a prose pick can; a code block only when none can.
            for codeOpens in [false, true] {
                for at in g.indices.sorted(by: { g[$0].score != g[$1].score ? g[$0].score > g[$1].score : $0 < $1 }) {
                    var start = at
                    while start > 0, (g[start - 1].unit.index == g[start].unit.index - 1 && leansOn(g[start], g[start - 1]))
                        || continuesList(g[start - 1].unit, g[start].unit) { start -= 1 }
                    let opener = g[start].unit
                    guard opener.isCode ? codeOpens : canOpen(opener.text) && !isStub(g[start...]) else { continue }
                    var end = at
                    while end + 1 < g.count, g[end + 1].unit.index == g[end].unit.index + 1 || continuesList(g[end].unit, g[end + 1].unit) { end += 1 }
                    return Array(g[start...end]) + Array(g[..<start]) + Array(g[(end + 1)...])
                }
            }
            return g
        }
    }

    /// Whether `next`, a later pick, is an item of the list that `u` leads into with its colon, with items left out
    /// between them ("…we gain:" and its second item): it stays beside `u`, not among the picks after the opening.
    static func continuesList(_ u: SentenceUnit, _ next: SentenceUnit) -> Bool {
        next.isListItem && next.doc == u.doc && next.section == u.section && u.text.hasSuffix(":") && !u.isListItem && !u.isCode
    }

    /// A sentence that can open an answer: it points back to nothing before it ("This happens…", "Inside its
    /// scope…" cannot), and it is not a question ("What about using a wrapper for that?" answers nothing).
    static func canOpen(_ text: String) -> Bool {
        guard !Cues.refersBack(text) else { return false }
        let clause = text.lowercased().split(separator: " ").prefix(6).map { String($0).trimmingCharacters(in: ",.;:") }
        let opening = clause.prefix(4)
        if let first = opening.first, questionWords.contains(first),
           let stop = text.firstIndex(where: { $0 == "." || $0 == "!" || $0 == "?" }), text[stop] == "?" { return false }
        if isBareClause(text) { return false }
        // "Consequently when the earlier call…" draws a conclusion from what came before: it follows, never opens.
        if let first = opening.first, conclusions.contains(first) { return false }
        // "`options` in socket.connect() are also supported.", "You can also pass…": "also" adds to what came before.
        return !opening.contains { ["its", "their", "theirs", "his", "her"].contains($0) } && !clause.contains("also")
    }

    /// "When the view's identity is removed from the tree." answers the question the sentence before it asked: a
    /// short clause without its main clause, which cannot open an answer or introduce code ("When it is removed,
    /// the state goes with it." can).
    static func isBareClause(_ text: String) -> Bool {
        let words = text.lowercased().split(separator: " ")
        guard let first = words.first.map({ String($0).trimmingCharacters(in: ",.;:") }) else { return false }
        return subordinators.contains(first) && !text.contains(",") && !text.contains(";") && words.count <= 12
    }

    static let conclusions: Set<String> = ["consequently", "therefore", "thus", "hence", "accordingly"]

    static let subordinators: Set<String> = ["when", "whenever", "because", "since", "although", "though", "unless", "until",
                                             "while", "whereas"]

    /// A short list item ("showChild is true.", "Permanent redirections.") reads as a bullet torn from its list,
    /// not as an answer's first sentence: it may follow the opening, not be it.
    /// `picks` are the opener and the picks after it, of which those of the opener's item count.
    static func isStub(_ picks: ArraySlice<AnswerCandidate>) -> Bool {
        guard let u = picks.first?.unit, u.isListItem else { return false }
        var words = u.words, previous = u
        for c in picks.dropFirst() {
            guard sameItem(previous, c.unit) else { break }
            words += c.unit.words; previous = c.unit
        }
        return words < minOpeningItemWords
    }
    static let minOpeningItemWords = 6

    static let questionWords: Set<String> = ["what", "why", "how", "when", "where", "which", "who", "is", "are", "do", "does",
                                             "did", "can", "could", "should", "would", "will", "have", "has", "isn't", "don't"]

    /// Whether `c` needs `previous`, the sentence just before it, to be read first: the colon sentence that
    /// introduces it, or the prose sentence it points back to ("This means…"). A list item is no such sentence.
    static func leansOn(_ c: AnswerCandidate, _ previous: AnswerCandidate) -> Bool {
        if previous.unit.text.hasSuffix(":") { return true }
        if c.unit.isListItem && previous.unit.isListItem { return true }
        return !previous.unit.isListItem && !previous.unit.isCode && !c.unit.isCode && Cues.refersBack(c.unit.text)
    }

    /// A list item picked without a neighbouring item or the colon sentence that introduces it, and that is
    /// a whole sentence itself, is written as a sentence: one bullet between sentences is not a list.
    /// The item is all of its sentences that were picked (`sameItem`).
    static func readsAsSentence(_ items: [AnswerCandidate], at i: Int) -> Bool {
        guard items[i].unit.isListItem else { return false }
        var a = i, b = i
        while a > 0, sameItem(items[a - 1].unit, items[a].unit) { a -= 1 }
        while b + 1 < items.count, sameItem(items[b].unit, items[b + 1].unit) { b += 1 }
        let first = items[a].unit, last = items[b].unit
        guard items[a...b].reduce(0, { $0 + $1.unit.words }) >= minOpeningItemWords, endsWell(last.text), !last.text.hasSuffix(":"),
              first.text.first?.isLowercase != true else { return false }
        func adjacent(_ j: Int, _ u: SentenceUnit) -> Bool {
            items.indices.contains(j) && abs(items[j].unit.index - u.index) == 1
                && (items[j].unit.isListItem || items[j].unit.text.hasSuffix(":"))
        }
        // Right under other bullets of the answer, it is one more bullet, not a sentence that lost its own.
        let underItems = a > 0 && items[a - 1].unit.isListItem && !items[a - 1].unit.isCode
        return !adjacent(a - 1, first) && !adjacent(b + 1, last) && !underItems
    }

    /// Two sentences, `u` and the one right after it, of one list item: they share a bullet.
    static func sameItem(_ u: SentenceUnit, _ next: SentenceUnit) -> Bool {
        u.isListItem && next.isListItem && u.doc == next.doc && u.block == next.block && next.index == u.index + 1
    }

    /// One article's paragraph with its citation mark `[n]` after the last sentence or list item; after the code when
    /// that sentence introduces the code that ends the paragraph ("With:" then a listing), on a line of its own.
    static func paragraph(_ items: [AnswerCandidate], n: Int) -> String {
        var lastText = items.lastIndex { !$0.unit.isCode }
        if let l = lastText, l < items.count - 1, items[l].unit.text.hasSuffix(":") { lastText = nil }
        var out = ""
        for (i, c) in items.enumerated() {
            let u = c.unit
            let mark = i == lastText ? " [\(n)]" : ""
            if u.isCode {
                let fence = u.text.contains("```") ? "~~~" : "```"
                out += (out.isEmpty || out.hasSuffix("\n") ? "" : "\n") + fence + "\n" + u.text + "\n" + fence + "\n"
            } else if u.isListItem && !readsAsSentence(items, at: i) {
                let text = closed(u.text)
                if i > 0, sameItem(items[i - 1].unit, u), out.hasSuffix("\n") {
                    out.removeLast()
                    out += " " + text + mark + "\n"
                } else {
                    out += (out.isEmpty || out.hasSuffix("\n") ? "" : "\n") + "- " + text + mark + "\n"
                }
            } else {
                // Chinese and Japanese sentences follow their full stop with no space.
                let joiner = out.isEmpty || out.hasSuffix("\n") || out.hasSuffix("。") || out.hasSuffix("！") || out.hasSuffix("？") ? "" : " "
                out += joiner + u.text + mark
                if u.text.hasSuffix(":") { out += "\n" }
            }
        }
        while out.hasSuffix("\n") { out.removeLast() }
        if lastText == nil { out += (out.hasSuffix("```") || out.hasSuffix("~~~") ? "\n" : " ") + "[\(n)]" }
        return out
    }
}
