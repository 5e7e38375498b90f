import Analysis
import Corpus
import SQLite

/// One analysis worker's analyzer plus its scratch tables, indexed by the analyzer's vocabulary ids.
/// Used by one thread at a time.
final class TermCounter: @unchecked Sendable {
    let analyzer: Analyzer
    /// Vocabulary id → its entry in the article being counted, or -1.
    var docSlot: [Int32] = []
    /// Vocabulary id → its entry in the passage being counted, or -1.
    var passageSlot: [Int32] = []
    /// Vocabulary id → its term in the batch being counted, or -1.
    var batchSlot: [Int32] = []
    /// Vocabulary ids below this have been handed out in some batch's `newTerms`.
    var published = 0

    init(analyzer: Analyzer = Analyzer()) {
        self.analyzer = analyzer
        analyzer.reserveCapacity(terms: 1 << 17)
    }
}

/// An article's row in the `articles` table, but for its doc number. Its text columns lie in the batch's
/// `text` (`textRanges`, in `textColumns` order, nil for NULL), so the writer binds them without copying.
struct ArticleRow {
    static let textColumns = ["id", "source", "title", "url", "author", "date", "feed", "lang", "tags", "blocks", "links"]
    static let columns = ["doc", "line", "words", "tlen", "hlen", "blen", "plen", "npass"] + textColumns
    var textRanges: [Range<Int>?] = []
    /// ISO 639-1 code, as stored in `lang`; the article is analysed in this language.
    var language: String?
    var line = 0
    var words = 0
    var titleLength = 0, headingLength = 0, bodyLength = 0
    var passageLength = 0, passageCount = 0
    /// The title's last separator and what follows it (" - Rust"): a site's name, when most titles end so.
    var titleSuffix: String?

    /// Starts the row with the article's metadata columns; `blocks` and `links` follow.
    init(_ article: Article, text: inout [UInt8]) {
        line = article.line
        titleSuffix = SiteTitles.suffix(of: article.title)
        language = article.language ?? Self.language(of: article)
        let tags = article.tags.isEmpty ? nil : article.tags.joined(separator: "\n")
        for value in [article.id, article.source, article.title, article.url, article.author, article.date, article.feed, language, tags] {
            append(value, to: &text)
        }
    }

    /// The language of the article's title and first prose blocks (`LanguageDetector.sampleBytes` of them).
    static func language(of article: Article) -> String? {
        var sample = article.title
        for b in article.blocks {
            if sample.utf8.count >= LanguageDetector.sampleBytes { break }
            if case .code = b.kind { continue }
            sample += "\n" + b.text
        }
        return LanguageDetector.detect(sample)
    }

    mutating func append(_ value: String?, to text: inout [UInt8]) {
        guard let value else { textRanges.append(nil); return }
        let start = text.count
        text.append(contentsOf: value.utf8)
        textRanges.append(start..<text.count)
    }

    /// Binds the row's `columns` at parameters `first`, `first` + 1, …; `text` is the batch's.
    func bind(doc: Int, text: UnsafeBufferPointer<UInt8>, to statement: Statement, at first: Int32) throws {
        for (i, v) in [doc, line, words, titleLength, headingLength, bodyLength, passageLength, passageCount].enumerated() {
            try statement.bind(.int(Int64(v)), at: first + Int32(i))
        }
        for (i, range) in textRanges.enumerated() {
            let index = first + 8 + Int32(i)
            if let range { try statement.bind(borrowedText: UnsafeBufferPointer(rebasing: text[range]), at: index) }
            else { try statement.bind(.null, at: index) }
        }
    }
}

/// A batch of articles analysed on a worker: their rows, and their postings grouped by term.
struct AnalyzedBatch {
    var rows: [ArticleRow] = []
    /// The text columns of the rows.
    var text: [UInt8] = []
    /// The terms the worker's vocabulary gained with this batch, by id (`firstNewID`, `firstNewID` + 1, …).
    var newTerms: [String] = []
    var firstNewID = 0
    var postings = BatchPostings()
}

/// The postings of a batch, term by term, encoded as in the index (`PostingCodec`) except that doc numbers
/// count from 0 at the batch's first article. Term k has vocabulary id `ids[k]`, document postings
/// `docBytes[docEnd[k - 1] ..< docEnd[k]]` (`docCount[k]` of them, the last for batch doc `lastDoc[k]`), and
/// passage postings `passageBytes[passageEnd[k - 1] ..< passageEnd[k]]`, possibly none.
struct BatchPostings {
    var ids: [Int32] = []
    var docEnd: [Int] = [], docCount: [Int32] = [], lastDoc: [Int32] = []
    var passageEnd: [Int] = [], lastPassageDoc: [Int32] = []
    var docBytes: [UInt8] = [], passageBytes: [UInt8] = []

    func docRange(_ k: Int) -> Range<Int> { (k == 0 ? 0 : docEnd[k - 1]) ..< docEnd[k] }
    func passageRange(_ k: Int) -> Range<Int> { (k == 0 ? 0 : passageEnd[k - 1]) ..< passageEnd[k] }
}

extension TermCounter {
    /// Analyses `articles` in order: field frequencies per article from the title, the headings (with the
    /// author and site) and the passages `Chunker` cuts, and a passage posting per passage and term.
    func analyze(_ articles: [Article]) -> AnalyzedBatch {
        var batch = AnalyzedBatch()
        batch.rows.reserveCapacity(articles.count)

        var docSlot = self.docSlot, passageSlot = self.passageSlot, batchSlot = self.batchSlot
        self.docSlot = []; self.passageSlot = []; self.batchSlot = []
        // The batch's terms (vocabulary ids) in order of first appearance.
        var batchTerms: [Int32] = []
        // Document and passage postings in article order, before grouping by term.
        var docPostings: [DocEntry] = [], passagePostings: [PassageEntry] = []
        // Per article: title, heading and body length.
        var lengths: [(title: Int32, heading: Int32, body: Int32)] = []
        lengths.reserveCapacity(articles.count)

        // The current article's distinct terms, in order of first appearance, and their title, heading
        // and body frequencies (`frequencies[3 * e ..< 3 * e + 3]` for term e).
        var terms: [Int32] = [], frequencies: [Int32] = []
        let titleField = 0, headingField = 1, bodyField = 2
        // The current passage's distinct terms and their frequencies.
        var passageIDs: [Int32] = [], passageCounts: [Int32] = []
        var ids: [Int32] = []
        for (doc, article) in articles.enumerated() {
            var row = ArticleRow(article, text: &batch.text)
            analyzer.use(language: row.language)
            /// The term's entry in this article, added if new.
            func entry(_ id: Int32) -> Int {
                let e = Int(docSlot[Int(id)])
                if e >= 0 { return e }
                docSlot[Int(id)] = Int32(terms.count)
                terms.append(id)
                frequencies.append(0); frequencies.append(0); frequencies.append(0)
                return terms.count - 1
            }
            // Every id of this article is below the vocabulary size once its text is analysed.
            func count(_ text: String, in field: Int) -> Int {
                ids.removeAll(keepingCapacity: true)
                analyzer.appendTermIDs(text, to: &ids)
                TermCounter.fit(&docSlot, &passageSlot, &batchSlot, to: analyzer.vocabularySize)
                for id in ids {
                    let e = entry(id)
                    frequencies[3 * e + field] += 1
                }
                return ids.count
            }
            row.titleLength = count(article.title, in: titleField)
            // Author, site and tags count with the headings, so "Donny's post", "the swiftyplace blog" and
            // "posts tagged concurrency" match.
            row.headingLength = count(([article.author, article.feed].compactMap { $0 } + article.tags).joined(separator: " "), in: headingField)
            for h in article.headings { row.headingLength += count(h.text, in: headingField) }
            let passages = Chunker.passages(of: article)
            for (ordinal, p) in passages.enumerated() {
                ids.removeAll(keepingCapacity: true)
                analyzer.appendTermIDs(p.text, to: &ids)
                TermCounter.fit(&docSlot, &passageSlot, &batchSlot, to: analyzer.vocabularySize)
                for id in ids {
                    let s = passageSlot[Int(id)]
                    if s >= 0 { passageCounts[Int(s)] += 1 } else {
                        passageSlot[Int(id)] = Int32(passageIDs.count)
                        passageIDs.append(id); passageCounts.append(1)
                    }
                }
                let n = Int32(ids.count)
                for (k, id) in passageIDs.enumerated() {
                    let e = entry(id)
                    frequencies[3 * e + bodyField] += passageCounts[k]
                    var t = batchSlot[Int(id)]
                    if t < 0 { t = Int32(batchTerms.count); batchSlot[Int(id)] = t; batchTerms.append(id) }
                    passagePostings.append(PassageEntry(term: t, doc: Int32(doc), ordinal: Int32(ordinal),
                                                        tf: passageCounts[k], length: n))
                    passageSlot[Int(id)] = -1
                }
                passageIDs.removeAll(keepingCapacity: true); passageCounts.removeAll(keepingCapacity: true)
                row.bodyLength += Int(n)
                row.words += Chunker.wordCount(p.text)
            }
            row.passageLength = row.bodyLength
            row.passageCount = passages.count
            for (e, id) in terms.enumerated() {
                var t = batchSlot[Int(id)]
                if t < 0 { t = Int32(batchTerms.count); batchSlot[Int(id)] = t; batchTerms.append(id) }
                docPostings.append(DocEntry(term: t, doc: Int32(doc), title: frequencies[3 * e],
                                            heading: frequencies[3 * e + 1], body: frequencies[3 * e + 2]))
                docSlot[Int(id)] = -1
            }
            terms.removeAll(keepingCapacity: true); frequencies.removeAll(keepingCapacity: true)
            lengths.append((Int32(row.titleLength), Int32(row.headingLength), Int32(row.bodyLength)))
            row.append(BlockCoding.encode(article.blocks), to: &batch.text)
            row.append(BlockCoding.encode(article.links), to: &batch.text)
            batch.rows.append(row)
        }
        for id in batchTerms { batchSlot[Int(id)] = -1 }
        self.docSlot = docSlot; self.passageSlot = passageSlot; self.batchSlot = batchSlot

        // Group by term, keeping article (and passage) order within each term.
        var out = BatchPostings()
        out.ids = batchTerms
        let termCount = batchTerms.count
        out.docCount = [Int32](repeating: 0, count: termCount)
        out.lastDoc = [Int32](repeating: 0, count: termCount)
        out.lastPassageDoc = [Int32](repeating: 0, count: termCount)
        // Each term's postings, encoded by PostingCodec one after the other.
        let docs = BatchPostings.grouped(docPostings, terms: termCount)
        out.docEnd = [Int](repeating: 0, count: termCount)
        out.docBytes = [UInt8](unsafeUninitializedCapacity: docs.count * PostingCodec.maxDocBytes) { buffer, count in
            var last = 0
            for (i, posting) in docs.enumerated() {
                let k = Int(posting.term)
                if i == 0 || docs[i - 1].term != posting.term { last = 0 }
                let (titleLength, headingLength, bodyLength) = lengths[Int(posting.doc)]
                PostingCodec.put(DocPosting(doc: Int(posting.doc), titleTF: Int(posting.title), headingTF: Int(posting.heading),
                                            bodyTF: Int(posting.body), titleLength: Int(titleLength),
                                            headingLength: Int(headingLength), bodyLength: Int(bodyLength)),
                                 after: last, into: buffer, at: &count)
                last = Int(posting.doc)
                out.docCount[k] += 1
                out.lastDoc[k] = posting.doc
                out.docEnd[k] = count
            }
        }
        let passages = BatchPostings.grouped(passagePostings, terms: termCount)
        out.passageEnd = [Int](repeating: 0, count: termCount)
        out.passageBytes = [UInt8](unsafeUninitializedCapacity: passages.count * PostingCodec.maxPassageBytes) { buffer, count in
            var last = 0
            for (i, posting) in passages.enumerated() {
                let k = Int(posting.term)
                if i == 0 || passages[i - 1].term != posting.term { last = 0 }
                PostingCodec.put(PassagePosting(doc: Int(posting.doc), ordinal: Int(posting.ordinal), tf: Int(posting.tf),
                                                length: Int(posting.length)),
                                 after: last, into: buffer, at: &count)
                last = Int(posting.doc)
                out.lastPassageDoc[k] = posting.doc
                out.passageEnd[k] = count
            }
        }
        // A term without passage postings (title only) ends where the previous one does.
        for k in 1..<max(termCount, 1) where out.passageEnd[k] < out.passageEnd[k - 1] { out.passageEnd[k] = out.passageEnd[k - 1] }
        batch.postings = out

        batch.firstNewID = published
        for id in published..<analyzer.vocabularySize { batch.newTerms.append(analyzer.term(Int32(id))) }
        published = analyzer.vocabularySize
        return batch
    }
}

extension TermCounter {
    /// Grows the scratch tables (all -1) to cover every vocabulary id.
    @inline(__always)
    static func fit(_ a: inout [Int32], _ b: inout [Int32], _ c: inout [Int32], to size: Int) {
        guard size > a.count else { return }
        let grown = max(size, a.count * 2, 1024)
        a += repeatElement(-1, count: grown - a.count)
        b += repeatElement(-1, count: grown - b.count)
        c += repeatElement(-1, count: grown - c.count)
    }
}

/// A document posting of a batch before grouping by term (batch term, batch doc, field frequencies).
struct DocEntry: BatchEntry { var term: Int32, doc: Int32, title: Int32, heading: Int32, body: Int32 }
/// A passage posting of a batch before grouping by term.
struct PassageEntry: BatchEntry { var term: Int32, doc: Int32, ordinal: Int32, tf: Int32, length: Int32 }
protocol BatchEntry { var term: Int32 { get } }

extension BatchPostings {
    /// `entries` (terms below `terms`) sorted by term, stably (a counting sort).
    static func grouped<Entry: BatchEntry>(_ entries: [Entry], terms: Int) -> [Entry] {
        guard let first = entries.first else { return [] }
        var start = [Int](repeating: 0, count: terms + 1)
        for e in entries { start[Int(e.term) + 1] += 1 }
        for k in 0..<terms { start[k + 1] += start[k] }
        var out = [Entry](repeating: first, count: entries.count)
        for e in entries {
            out[start[Int(e.term)]] = e
            start[Int(e.term)] += 1
        }
        return out
    }
}

/// Every term an already-stored article contributed, for taking it out of the postings.
func storedTerms(of article: Article, analyzer: Analyzer) -> Set<String> {
    var out = Set<String>()
    for text in [article.title, article.author ?? "", article.feed ?? ""] + article.tags { out.formUnion(analyzer.terms(text)) }
    for b in article.blocks { out.formUnion(analyzer.terms(b.text)) }
    return out
}
