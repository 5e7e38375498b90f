import Analysis
import Corpus
import Retrieval

/// One sentence of an article, with where it sits and its analysed terms.
struct SentenceUnit {
    var doc: Int
    var block: Int
    var index: Int          // position among the article's sentences
    var text: String
    var heading: String?
    /// Which section of the article (0 before the first heading) and the place in it (0 = its lead).
    var section = 0
    var sectionPosition = 0
    var terms: Set<String>
    /// The analysed terms in order, with repeats (for BM25 and proximity).
    var tokens: [String] = []
    var isCode: Bool
    var isListItem: Bool
    var words: Int
    /// The rest of a sentence that a code block interrupted ("The following form: <code> will send this
    /// message:"): it cannot stand on its own.
    var continuesCode = false
    /// A table's row (`TableRows`), written as a list item of its cells, and the terms of its first cell: what the
    /// row is about ("WARNING" in "WARNING — Numeric value: 30").
    var isTableRow = false
    var rowSubject: Set<String> = []
}

enum SentenceUnits {
    /// Splits an article's prose blocks into sentences (code blocks become one unit each).
    static func of(_ s: StoredArticle, analyzer: Analyzer) -> [SentenceUnit] {
        // Sentences are analysed in the article's language, as the index analysed it.
        analyzer.use(language: s.article.language)
        defer { analyzer.use(language: nil) }
        // Chinese, Japanese and Korean write no spaces: a sentence counts about a word per two characters.
        let cjk = ["zh", "ja", "ko"].contains(s.article.language ?? "")
        var out: [SentenceUnit] = []
        var heading: String?
        var section = 0, sectionStart = 0
        var afterCode = false
        var tableHeader: [Substring]?
        let titleKey = s.article.title.split(separator: " ").count >= 2 ? comparable(s.article.title) : nil
        let titleBytes = s.article.title.utf8.count
        let written = TokenizedProse(s.article.blocks.prefix(40).compactMap { b -> String? in
            if case .code = b.kind { return nil }
            return b.text
        })
        // Bounded work on pathological articles: the first 2,000 blocks, 20,000 characters of each.
        for (bi, full) in s.article.blocks.prefix(2000).enumerated() {
            let b = full.text.utf8.count > 20_000 ? Block(full.kind, String(full.text.prefix(20_000))) : full
            defer { if case .code = b.kind { afterCode = true } else { afterCode = false } }
            switch b.kind {
            case .heading:
                heading = b.text
                section += 1; sectionStart = out.count
            case .code:
                let tokens = analyzer.terms(b.text)
                out.append(SentenceUnit(doc: s.doc, block: bi, index: out.count, text: b.text, heading: heading,
                                        section: section, sectionPosition: out.count - sectionStart,
                                        terms: Set(tokens), tokens: tokens, isCode: true, isListItem: false, words: Chunker.wordCount(b.text)))
            case .listItem, .paragraph, .quote:
                // A feed's footer ("The post <title> appeared first on <site>.") is no text of the article; split
                // at a title's "?" it left "The post Am I on the Main Actor?" as a sentence.
                if isFeedFooter(b.text) { continue }
                // A row of a table (of two rows at least: one paragraph with " | " is prose, "ls | sort"). A glossary's
                // row reads as a sentence, unless its meaning is none ("swift-tools | June 9, 2030").
                let blocks = s.article.blocks
                let cells = TableRows.row(blocks, bi)
                let row = cells == nil ? nil : glossaryRow(b.text).flatMap { Layout.endsWell($0) ? $0 : nil }
                if row == nil, let cells {
                    // A table's header labels its rows and is no unit; each other row is one, read as a list item.
                    let first = TableRows.opensTable(blocks, bi)
                    if first { tableHeader = TableRows.header(cells, next: bi + 1 < blocks.count ? blocks[bi + 1] : nil) }
                    if first, tableHeader != nil { continue }
                    let place = SentenceUnit(doc: s.doc, block: bi, index: out.count, text: "", heading: heading, section: section,
                                             sectionPosition: out.count - sectionStart, terms: [], isCode: false, isListItem: true, words: 0)
                    if let unit = rowUnit(cells, header: tableHeader, at: place, analyzer: analyzer) { out.append(unit) }
                    continue
                }
                var continues = afterCode && b.kind != .listItem && startsLowercase(b.text)
                for whole in withRunInLead(Sentences.split(row ?? unbracketed(b.text), lowercaseStarts: true)) where whole.contains(where: \.isLetter) {
                    var sentence = written.restored(withoutReferenceMarks(whole))
                    // An abstract that opens with its own title ("a theory of … buzz ." then the text) repeats a
                    // heading, not a sentence of the article.
                    if let titleKey, abs(sentence.utf8.count - titleBytes) <= 12, comparable(sentence) == titleKey { continue }
                    // A structured abstract's "RESULTS We found…": the label starts a section of its own.
                    if b.kind == .paragraph, row == nil, let (label, rest) = runInLabel(whole) {
                        heading = label; section += 1; sectionStart = out.count; sentence = rest
                    }
                    if b.kind != .listItem, announcesWhatFollows(sentence) { sentence = sentence.dropLast() + ":" }
                    let tokens = analyzer.terms(sentence)
                    out.append(SentenceUnit(doc: s.doc, block: bi, index: out.count, text: sentence, heading: heading,
                                            section: section, sectionPosition: out.count - sectionStart,
                                            terms: Set(tokens), tokens: tokens, isCode: false, isListItem: b.kind == .listItem,
                                            words: cjk ? max(Chunker.wordCount(sentence), sentence.unicodeScalars.lazy.filter(CJKBigramFilter.isCJK).count / 2) : Chunker.wordCount(sentence),
                                            continuesCode: continues))
                    continues = false
                }
            }
        }
        return out
    }

    /// A table's row as a unit at `place` (its position; text and terms its own); nil for a row of empty cells.
    static func rowUnit(_ cells: [Substring], header: [Substring]?, at place: SentenceUnit, analyzer: Analyzer) -> SentenceUnit? {
        let text = TableRows.text(cells, header: header)
        guard !text.isEmpty else { return nil }
        var unit = place
        unit.text = text
        unit.tokens = analyzer.terms(text)
        unit.terms = Set(unit.tokens)
        unit.words = Chunker.wordCount(text)
        unit.isTableRow = true
        unit.rowSubject = Set(analyzer.terms(String(cells.first { !$0.isEmpty } ?? "")))
        return unit
    }

    /// A block's sentences with a run-in lead joined to the sentence after it: a list item or paragraph that opens
    /// with a bold term and its stop ("Full-text query. If the WHERE clause…", "Rowid lookup. The row…") holds a label, not a
    /// sentence; alone in an answer it is a fragment, and its sentence loses what it is said of.
    static func withRunInLead(_ sentences: [String]) -> [String] {
        guard sentences.count >= 2, let first = sentences.first, (2...maxRunInLeadWords).contains(Chunker.wordCount(first)),
              first.hasSuffix("."), first.first?.isUppercase == true else { return sentences }
        // A lead of one word ("Done.", "Summary.") may be the whole sentence, or a title line; it stays apart.
        // "This crashes.", "It works.", "Nothing is lost.": a subject or a verb makes the lead a sentence. "Yes." and
        // "No." answer the question the article asked, which is seldom the one asked of lore: they stay apart.
        let words = first.dropLast().lowercased().split(separator: " ")
        if words.contains(where: { sentenceWords.contains(String($0)) }) { return sentences }
        return [first + " " + sentences[1]] + sentences.dropFirst(2)
    }
    static let maxRunInLeadWords = 3
    private static let sentenceWords: Set<String> = ["this", "that", "it", "these", "those", "they", "we", "you", "i", "he", "she",
        "there", "here", "nothing", "everything", "is", "are", "was", "were", "be", "has", "have", "had", "do", "does", "did",
        "can", "could", "will", "would", "should", "may", "might", "must", "not", "yes", "no"]

    /// A sentence that announces, with a full stop, what comes after it ("The following table lists the access
    /// rights.", "Some of the ways to do that are shown below."): it introduces that as a colon sentence does, so it
    /// is written with a colon and comes with its list or code, or is left out; alone it points at nothing.
    static func announcesWhatFollows(_ sentence: String) -> Bool {
        guard sentence.hasSuffix("."), !sentence.hasSuffix(".."), sentence.utf8.count < 300 else { return false }
        return sentence.hasPrefix("The following ") || sentence.hasPrefix("the following ") || sentence.hasSuffix(" below.")
            || sentence.hasSuffix(" as follows.") || sentence.hasSuffix(" the following.")
    }

    /// Prose that opens with a word of lowercase letters only ("will send…", "or data in…", "which can…"): after a
    /// code block, the rest of the sentence the code interrupted. "gRPC can…", "iOS 18…" and "`swift build`
    /// prints…" open with a name.
    static func startsLowercase(_ text: String) -> Bool {
        let first = text.utf8.prefix { $0 != 0x20 }
        guard let c = first.first, c >= 0x61, c <= 0x7A else { return false }
        return first.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ":") }
    }

    /// A paragraph wholly in one pair of brackets or parentheses, an editor's note ("[The memory addresses … may
    /// change. To ensure … call GetCurrentProcessId instead.]"), without them: split into sentences, each would
    /// otherwise keep one bracket and lose the other. Any other text as it is.
    static func unbracketed(_ text: String) -> String {
        guard let first = text.first, let last = text.last, text.utf8.count > 20,
              (first == "[" && last == "]") || (first == "(" && last == ")") else { return text }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains(where: { $0 == first || $0 == last }) else { return text }
        return String(inner).trimmed
    }

    /// Letters and digits only, lowercased, one space between words: "On X, and Y ." and "on x and y" compare equal.
    static func comparable(_ text: String) -> String {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }

    /// WordPress's feed footer: "The post <title> appeared first on <site>."
    static func isFeedFooter(_ text: String) -> Bool {
        text.hasPrefix("The post ") && ByteSearch.contains(text, " appeared first on ") && text.utf8.count < 400
    }

    /// A table row of a term and what it means ("EAGAIN | Indicates that there is no data available.") as the
    /// line of a glossary: "EAGAIN: Indicates that …". Nil for any other text: other rows stay rows, which
    /// no answer quotes ("4.1. | My program uses…", "Name | Type | Default").
    static func glossaryRow(_ text: String) -> String? {
        guard ByteSearch.contains(text, " | ") else { return nil }
        let cells = text.split(separator: " | ", omittingEmptySubsequences: false)
        guard cells.count == 2 else { return nil }
        let term = cells[0], meaning = cells[1]
        let termWords = term.split(separator: " ").count
        guard termWords >= 1, termWords <= 4, term.contains(where: \.isLetter), let end = term.last, !".:;!?".contains(end),
              meaning.split(separator: " ").count >= 3 else { return nil }
        return term + ": " + meaning
    }

    /// The sentence without the reference marks of papers and encyclopaedias ("… filariasis [2].", "[2–8]",
    /// "[3, 4]", "[citation needed]"), which would read as lore's own citation marks; "a[1]" in code-like
    /// text stays. Most sentences hold no "[" and come back as they are.
    static func withoutReferenceMarks(_ sentence: String) -> String {
        guard sentence.utf8.contains(UInt8(ascii: "[")) else { return sentence }
        let bytes = Array(sentence.utf8)
        var out: [UInt8] = [], i = 0, afterMark = false
        out.reserveCapacity(bytes.count)
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "["), let end = referenceMarkEnd(bytes, from: i),
               i == 0 || afterMark || bytes[i - 1] == 0x20 || isStop(bytes[i - 1]) {
                while out.last == 0x20 { out.removeLast() }
                i = end + 1; afterMark = true
                continue
            }
            if afterMark, out.isEmpty, bytes[i] == 0x20 { i += 1; continue }
            out.append(bytes[i]); i += 1; afterMark = false
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The index of the "]" closing a reference mark that opens at `start`: numbers with ",", ";", "-", "–"
    /// and spaces between them, or "citation needed". References are numbered from 1 and listed in order
    /// ("[3, 4]", "[2–8]"), so "[0, 0, 0]" or "[5, 2]" is a value the sentence states, not a mark.
    private static func referenceMarkEnd(_ b: [UInt8], from start: Int) -> Int? {
        let needed = Array("[citation needed]".utf8)
        if b.count - start >= needed.count, Array(b[start ..< start + needed.count]) == needed { return start + needed.count - 1 }
        var i = start + 1, digits = 0, number = 0, previous = 0
        /// Ends the number being read: it must come after the one before (so a settled number is 1 or more).
        func settle() -> Bool {
            guard digits > 0 else { return true }
            defer { previous = number; number = 0; digits = 0 }
            return number > previous
        }
        while i < b.count, i - start < 40 {
            let c = b[i]
            if c == UInt8(ascii: "]") { return (digits > 0 || previous > 0) && settle() ? i : nil }
            // A run of digits past nine is no reference's number, and would overflow.
            if c >= 0x30 && c <= 0x39 { digits += 1; guard digits < 10 else { return nil }; number = number * 10 + Int(c - 0x30) }
            else if c == UInt8(ascii: ",") || c == UInt8(ascii: ";") || c == UInt8(ascii: "-") || c == 0x20 { guard settle() else { return nil } }
            else if c == 0xE2, i + 2 < b.count, b[i + 1] == 0x80, b[i + 2] == 0x93 { guard settle() else { return nil }; i += 2 }   // "–"
            else { return nil }
            i += 1
        }
        return nil
    }

    private static func isStop(_ c: UInt8) -> Bool { c == UInt8(ascii: ".") || c == UInt8(ascii: ",") || c == UInt8(ascii: ")") }

    /// A run-in heading in capitals at the start of a sentence ("CONCLUSIONS In this trial…", "METHODS AND
    /// RESULTS: We…", "DESIGN, SETTING, AND PARTICIPANTS Observational…"): at most four words of capitals, six letters or more in all, then a capitalised word;
    /// nil for acronyms ("NASA Launches…", "API Design…") and for a sentence with little after the label.
    static func runInLabel(_ sentence: String) -> (label: String, rest: String)? {
        // Nearly every sentence opens "Ab…": two ASCII bytes decide it before any splitting.
        let bytes = sentence.utf8
        guard let b0 = bytes.first, let b1 = bytes.dropFirst().first, b0 >= 0x41 && b0 <= 0x5A, b1 >= 0x41 && b1 <= 0x5A || b1 >= 0x80
        else { return nil }
        let words = sentence.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        var labelWords: [Substring] = [], letters = 0
        for w in words.prefix(4) {
            let bare = w.hasSuffix(":") || w.hasSuffix(",") ? w.dropLast() : w
            guard bare.count >= 2 || bare == "&", bare.allSatisfy({ $0.isUppercase || $0 == "&" }) else { break }
            labelWords.append(bare); letters += bare.count
            if w.hasSuffix(":") { break }
        }
        guard letters >= 6, labelWords.count < words.count else { return nil }
        let rest = words[labelWords.count...].joined(separator: " ")
        // What follows starts a sentence: a capitalised word ("In", "A", "2,000"), not more capitals.
        let next = rest.prefix(while: { $0 != " " })
        guard let first = next.first, first.isUppercase || first.isNumber, rest.split(separator: " ").count >= 3,
              next.count == 1 || first.isNumber || next.contains(where: \.isLowercase) else { return nil }
        return (words[..<labelWords.count].joined(separator: " ").trimmingCharacters(in: ":"), rest)
    }

    /// The stored passage of `doc` that holds `text`, for citations that point at real passages.
    static func passage(containing text: String, in passages: [Passage]) -> String {
        let probe = String(text.prefix(60))
        return passages.first { ByteSearch.contains($0.text, probe) }?.text ?? passages.first?.text ?? ""
    }
}

/// Text written as tokens, the way IR collections ship it ("… the slipstream . the results were …", all lower
/// case): an answer quoting it reads as prose again, with the stops against their words and, where the article has no
/// capital letter at all, a capital opening each sentence. Other text comes back as it is.
struct TokenizedProse {
    /// Full stops written apart from their word (commas may be either way), and whether the article has no capitals.
    let spaced: Bool
    let lowercase: Bool

    init(_ text: String) { self.init([text]) }

    /// From an article's prose, read up to its first 2,000 bytes: enough to tell how it is written.
    init(_ texts: [String]) {
        var apart = 0, together = 0, upper = false, lower = false, n = 0
        var previous: UInt8 = 0x20, before: UInt8 = 0x20
        func read(_ c: UInt8) {
            if c >= 0x41 && c <= 0x5A { upper = true } else if c >= 0x61 && c <= 0x7A { lower = true }
            // A stop followed by a space: after a space ("slipstream . the") or after a word ("slipstream. The").
            if c == 0x20, previous == UInt8(ascii: ".") {
                if before == 0x20 { apart += 1 } else { together += 1 }
            }
            before = previous; previous = c
        }
        scan: for text in texts {
            for c in text.utf8 {
                n += 1
                if n > 2000 { break scan }
                read(c)
            }
            read(0x20)  // blocks are read as if a space ended each, as the article's text joins them
        }
        spaced = apart >= 3 && apart > together
        lowercase = !upper && lower
    }

    /// The sentence with its stops against their words and, in an article without capitals, its first letter capitalised.
    func restored(_ sentence: String) -> String {
        guard spaced || lowercase else { return sentence }
        var out = sentence
        if spaced {
            for (apart, together) in [(" , ", ", "), (" ; ", "; "), (" : ", ": "), (" . ", ". "), (" ? ", "? "), (" ! ", "! "), ("( ", "("), (" )", ")")] {
                out = out.replacing(apart, with: together)
            }
            for stop in [" .", " ?", " !", " ,", " ;", " :"] where out.hasSuffix(stop) { out = String(out.dropLast(2)) + String(stop.last!) }
        }
        if lowercase, let first = out.first, first.isLowercase { out = first.uppercased() + out.dropFirst() }
        return out
    }
}
