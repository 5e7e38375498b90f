import Analysis
import Corpus
import Retrieval

/// One sentence, list item or code block that could go into an answer, with where it comes from.
struct AnswerCandidate {
    var unit: SentenceUnit
    /// Rank of its article among the hits read (0 = best), and that hit's score over the best one's.
    var rank: Int
    var articleScore: Double
    var title: String
    /// Whether the sentence lies in the passage that ranked its article.
    var inBestPassage: Bool
    var isTarget: Bool
    /// Feature values in `AnswerFeatures.names` order, and the model's score of them.
    var features: [Double] = []
    var score = 0.0
}

/// The articles an answer may draw on and every unit of them, in reading order per article.
struct CandidatePool {
    var articles: [StoredArticle]
    var hits: [Hit]
    /// All units of each article (eligible or not), for neighbours and layout.
    var units: [Int: [SentenceUnit]]
    var candidates: [AnswerCandidate]

    /// Reads the best `limit` articles of `hits` and keeps the units that can stand in an answer.
    /// `language`: the question's; an article written in another (its recorded language) is passed over while
    /// the hits hold one in the question's language or of no recorded one: an English question over a book
    /// with its translations beside it is not answered with a Japanese sentence that shares its code words.
    static func build(hits: [Hit], limit: Int, target: Int?, store: ArticleStore, analyzer: Analyzer,
                      language: String? = nil) throws -> CandidatePool {
        var pool = CandidatePool(articles: [], hits: hits, units: [:], candidates: [])
        var read: [(Hit, StoredArticle)] = [], other: [(Hit, StoredArticle)] = []
        var taken = 0
        for h in hits where taken < limit {
            guard let s = try store.article(doc: h.doc) else { taken += 1; continue }
            if let language, let own = s.article.language, own != language, s.doc != target { other.append((h, s)); continue }
            read.append((h, s)); taken += 1
        }
        if read.isEmpty { read = Array(other.prefix(limit)) }
        let top = max((other.isEmpty ? hits.first : read.first?.0)?.score ?? 1, 1e-9)
        for (h, s) in read {
            let rank = pool.articles.count
            pool.articles.append(s)
            let units = SentenceUnits.of(s, analyzer: analyzer)
            pool.units[s.doc] = units
            let passage = FoldedText(h.passageText)
            for u in units where isEligible(u) {
                var probe = Array(u.text.utf8.prefix(60))
                for i in probe.indices where probe[i] >= 65 && probe[i] <= 90 { probe[i] += 32 }
                pool.candidates.append(AnswerCandidate(
                    unit: u, rank: rank, articleScore: h.score / top, title: s.article.title,
                    inBestPassage: !h.passageText.isEmpty && passage.contains(bytes: probe), isTarget: s.doc == target))
            }
        }
        return pool
    }

    /// Keeps a table's row as a candidate only when the question names what the row is about, its first cell, and
    /// one more of its terms besides ("…numeric value of the WARNING level?" and "WARNING — Numeric value: 30"); with
    /// no terms, keeps none. A row that a question's other terms happen to meet (a timeline's "2 — Thread 1: …") reads
    /// as a stray line between sentences, and one that meets only its subject ("pnpm — Binary names: pnpm, pnpx"
    /// under a question about pinning pnpm's version) tells nothing asked. A picked sentence still brings the rows
    /// it introduces.
    mutating func keepRows(about terms: [String]) {
        candidates.removeAll { c in
            c.unit.isTableRow && (!terms.contains(where: c.unit.rowSubject.contains) || terms.filter(c.unit.terms.contains).count < 2)
        }
    }

    /// A unit that reads as part of an answer: a whole sentence (closing punctuation), a list item, or
    /// a code block of reasonable size. Headings, captions, table rows and cut-off text never are.
    /// `inList`: the unit is an item of a list that a picked sentence introduces with a colon; there, one
    /// word is content, not a fragment.
    static func isEligible(_ u: SentenceUnit, inList: Bool = false) -> Bool {
        if u.isCode { return u.words >= 1 && u.words <= maxCodeWords && u.text.utf8.lazy.filter { $0 == 10 }.count < maxCodeLines }
        if u.words > maxSentenceWords || u.continuesCode { return false }
        // Prose holding "[0]" would read as a citation mark next to the real ones.
        if hasBracketedNumber(u.text) || Cues.isFlattenedCode(u.text) { return false }
        // A table row, its cells joined by " | " ("EAGAIN | Indicates that…", "4.1. | My program uses…").
        if ByteSearch.contains(u.text, " | ") || hasSeparatorRow(u.text) { return false }
        if Cues.isSignOff(u.text) || Cues.isPointer(u.text) || Cues.pointsAtTable(u.text) { return false }
        // A list item that is only a web address ("- https://…", a post's references) says nothing in an answer.
        // A list item of titles alone ("Message Loop - Window Procedure", a page's related topics) is a label, unless
        // a picked sentence introduces its list.
        if u.isListItem {
            return u.words >= (inList ? 1 : 2) && wordsBesideLinks(u.text) >= 1 && !isBareType(u.text) && (inList || !isTitleCased(u.text))
        }
        return u.words >= 4 && Layout.endsWell(u.text) && wordsBesideLinks(u.text) >= 4 && !closesUnopened(u.text) && !isTitleCased(u.text)
    }

    /// A heading set as a paragraph, every word of four letters or more capitalised ("Performance, Internal
    /// Implementation, Development Support etc." over a release's list of changes): a label, no sentence.
    /// A sentence has a lowercase word of that length somewhere; three such words at least make a title.
    static func isTitleCased(_ text: String) -> Bool {
        // Bytes, not Characters: every candidate of every answer passes here. A word's letters are its first run
        // of them after any leading punctuation; one that opens with a non-ASCII letter counts neither way.
        var capitalised = 0, run = 0, first: UInt8 = 0, counting = true
        func settle() -> Bool {
            guard run >= 4 else { return true }
            if first >= 97 && first <= 122 { return false }
            if first >= 65 && first <= 90 { capitalised += 1 }
            return true
        }
        for b in text.utf8 {
            if b == 32 {
                guard settle() else { return false }
                run = 0; first = 0; counting = true
                continue
            }
            guard counting else { continue }
            if (b | 0x20) >= 97 && (b | 0x20) <= 122 || b >= 0x80 {
                if run == 0 { first = b }
                run += 1
            } else if run > 0 {
                counting = false
            }
        }
        return settle() && capitalised >= 3
    }

    /// A sentence that closes a parenthesis it never opened ("Cachegrind uses a subset)." after a split inside
    /// "(ie. Cachegrind uses a subset)") is the end of another one. An item's "1)", "b)" or a ":)" opens nothing.
    static func closesUnopened(_ text: String) -> Bool {
        guard text.utf8.contains(UInt8(ascii: ")")) else { return false }
        var depth = 0
        for word in text.split(separator: " ") {
            if word.count <= 3, word.hasSuffix(")"), !word.contains("("), word.dropLast().allSatisfy({ $0.isLetter || $0.isNumber || $0 == ":" || $0 == ";" }) { continue }
            for ch in word {
                if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1; if depth < 0 { return true } }
            }
        }
        return false
    }

    /// An API reference's parameter with its type and nothing said of it ("src {Stream|Blob|string}", "{boolean}",
    /// "Returns: {Promise}"): a signature's part, no answer. "highWaterMark {number} The maximum queue size." says
    /// what the parameter is.
    static func isBareType(_ text: String) -> Bool {
        guard text.utf8.contains(UInt8(ascii: "{")), text.utf8.contains(UInt8(ascii: "}")) else { return false }
        var depth = 0, outside = ""
        for ch in text {
            if ch == "{" { depth += 1 } else if ch == "}" { depth = max(0, depth - 1) } else if depth == 0 { outside.append(ch) }
        }
        return outside.split(separator: " ").filter { $0.contains(where: \.isLetter) }.count <= 1
    }

    /// A table flattened into text, its header parted from its rows by cells of dashes ("Access right Meaning
    /// - - FILE_MAP_ALL_ACCESS Includes…", "Name Value --- --- x 1"): two dash-only words in a row.
    static func hasSeparatorRow(_ text: String) -> Bool {
        guard ByteSearch.contains(text, " -") || ByteSearch.contains(text, " :-") else { return false }
        var run = 0
        for word in text.split(separator: " ") {
            run = word.allSatisfy({ $0 == "-" || $0 == ":" }) && word.contains("-") ? run + 1 : 0
            if run == 2 { return true }
        }
        return false
    }

    /// The words of `text` that are not web addresses: "If not, see <https://…>." has three.
    static func wordsBesideLinks(_ text: String) -> Int {
        guard ByteSearch.contains(text, "://") else { return Int.max }
        return text.split(separator: " ").filter { !$0.contains("://") && $0.contains(where: \.isLetter) }.count
    }

    /// A code block longer than this buries the answer around it: it is left out, and so is a colon
    /// sentence that would need it.
    static let maxCodeWords = 120, maxCodeLines = 30
    /// Longer prose is no candidate; legal text writes 80-word sentences (the Apache License's patent grant).
    static let maxSentenceWords = 100

    static func hasBracketedNumber(_ text: String) -> Bool {
        var open = false, digits = 0
        for c in text.utf8 {
            if c == UInt8(ascii: "[") { open = true; digits = 0 }
            else if open && c >= 48 && c <= 57 { digits += 1 }
            else if open && c == UInt8(ascii: "]") && digits > 0 { return true }
            else { open = false }
        }
        return false
    }

    func unit(_ doc: Int, _ index: Int) -> SentenceUnit? {
        guard let list = units[doc], index >= 0, index < list.count else { return nil }
        return list[index]
    }

    func article(_ doc: Int) -> StoredArticle? { articles.first { $0.doc == doc } }
}
