import Analysis
import Corpus

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

    init(analyzer: Analyzer = Analyzer()) { self.analyzer = analyzer }
}

/// An article's row in the `articles` table, but for its doc number.
struct ArticleRow {
    var article: Article
    /// The article's blocks and links as stored.
    var encodedBlocks = "", encodedLinks = ""
    var words = 0
    var titleLength = 0, headingLength = 0, bodyLength = 0
    var passageLength = 0, passageCount = 0
}

/// A batch of articles analysed on a worker: their rows, and their postings grouped by term.
struct AnalyzedBatch {
    var rows: [ArticleRow] = []
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
        // Document postings, then passage postings, in article order: (batch term, batch doc, frequencies).
        var dTerm: [Int32] = [], dDoc: [Int32] = [], dTitle: [Int32] = [], dHeading: [Int32] = [], dBody: [Int32] = []
        var pTerm: [Int32] = [], pDoc: [Int32] = [], pOrdinal: [Int32] = [], pTF: [Int32] = [], pLength: [Int32] = []
        // Per article: title, heading and body length.
        var lengths: [(Int, Int, Int)] = []
        lengths.reserveCapacity(articles.count)

        // The current article's distinct terms, in order of first appearance, and their title, heading
        // and body frequencies (`frequencies[3 * e ..< 3 * e + 3]` for term e).
        var terms: [Int32] = [], frequencies: [Int32] = []
        let titleField = 0, headingField = 1, bodyField = 2
        // The current passage's distinct terms and their frequencies.
        var passageIDs: [Int32] = [], passageCounts: [Int32] = []
        var ids: [Int32] = []
        for (doc, article) in articles.enumerated() {
            var row = ArticleRow(article: article)
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
            // Author and site count with the headings, so "Donny's post" and "the swiftyplace blog" match.
            row.headingLength = count([article.author, article.feed].compactMap { $0 }.joined(separator: " "), in: headingField)
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
                    pTerm.append(t); pDoc.append(Int32(doc)); pOrdinal.append(Int32(ordinal))
                    pTF.append(passageCounts[k]); pLength.append(n)
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
                dTerm.append(t); dDoc.append(Int32(doc))
                dTitle.append(frequencies[3 * e]); dHeading.append(frequencies[3 * e + 1]); dBody.append(frequencies[3 * e + 2])
                docSlot[Int(id)] = -1
            }
            terms.removeAll(keepingCapacity: true); frequencies.removeAll(keepingCapacity: true)
            lengths.append((row.titleLength, row.headingLength, row.bodyLength))
            row.encodedBlocks = BlockCoding.encode(article.blocks)
            row.encodedLinks = BlockCoding.encode(article.links)
            batch.rows.append(row)
        }
        for id in batchTerms { batchSlot[Int(id)] = -1 }
        self.docSlot = docSlot; self.passageSlot = passageSlot; self.batchSlot = batchSlot

        // Group by term, keeping article (and passage) order within each term.
        var out = BatchPostings()
        out.ids = batchTerms
        let docOrder = BatchPostings.groupOrder(dTerm, terms: batchTerms.count)
        let passageOrder = BatchPostings.groupOrder(pTerm, terms: batchTerms.count)
        out.docCount = [Int32](repeating: 0, count: batchTerms.count)
        out.lastDoc = [Int32](repeating: 0, count: batchTerms.count)
        out.lastPassageDoc = [Int32](repeating: 0, count: batchTerms.count)
        out.docEnd.reserveCapacity(batchTerms.count); out.passageEnd.reserveCapacity(batchTerms.count)
        out.docBytes.reserveCapacity(dTerm.count * 8); out.passageBytes.reserveCapacity(pTerm.count * 5)
        var d = 0, p = 0
        for k in 0..<batchTerms.count {
            var last = 0
            while d < docOrder.count, dTerm[Int(docOrder[d])] == Int32(k) {
                let j = Int(docOrder[d]), (titleLength, headingLength, bodyLength) = lengths[Int(dDoc[j])]
                PostingCodec.append(DocPosting(doc: Int(dDoc[j]), titleTF: Int(dTitle[j]), headingTF: Int(dHeading[j]),
                                               bodyTF: Int(dBody[j]), titleLength: titleLength,
                                               headingLength: headingLength, bodyLength: bodyLength),
                                    after: &last, to: &out.docBytes)
                out.docCount[k] += 1
                d += 1
            }
            out.lastDoc[k] = Int32(last)
            out.docEnd.append(out.docBytes.count)
            last = 0
            while p < passageOrder.count, pTerm[Int(passageOrder[p])] == Int32(k) {
                let j = Int(passageOrder[p])
                PostingCodec.append(PassagePosting(doc: Int(pDoc[j]), ordinal: Int(pOrdinal[j]), tf: Int(pTF[j]), length: Int(pLength[j])),
                                    after: &last, to: &out.passageBytes)
                p += 1
            }
            out.lastPassageDoc[k] = Int32(last)
            out.passageEnd.append(out.passageBytes.count)
        }
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

extension BatchPostings {
    /// The indices of `keys` (each below `terms`) sorted by key, stably.
    static func groupOrder(_ keys: [Int32], terms: Int) -> [Int32] {
        var start = [Int32](repeating: 0, count: terms + 1)
        for k in keys { start[Int(k) + 1] += 1 }
        for k in 0..<terms { start[k + 1] += start[k] }
        var order = [Int32](repeating: 0, count: keys.count)
        for (j, k) in keys.enumerated() {
            order[Int(start[Int(k)])] = Int32(j)
            start[Int(k)] += 1
        }
        return order
    }
}

/// Every term an already-stored article contributed, for taking it out of the postings.
func storedTerms(of article: Article, analyzer: Analyzer) -> Set<String> {
    var out = Set<String>()
    for text in [article.title, article.author ?? "", article.feed ?? ""] { out.formUnion(analyzer.terms(text)) }
    for b in article.blocks { out.formUnion(analyzer.terms(b.text)) }
    return out
}
