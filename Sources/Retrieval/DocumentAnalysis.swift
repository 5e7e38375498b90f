import Analysis
import Corpus

/// One analysis worker's analyzer plus its scratch tables for counting terms by vocabulary id.
/// Used by one thread at a time.
final class TermCounter: @unchecked Sendable {
    let analyzer: Analyzer
    /// Vocabulary id → index of its entry in the article being counted, or -1.
    var docSlot: [Int32] = []
    /// Vocabulary id → index of its count in the passage being counted, or -1.
    var passageSlot: [Int32] = []

    init(analyzer: Analyzer = Analyzer()) { self.analyzer = analyzer }
}

/// One term of an analysed article: its id in the worker's vocabulary and its field frequencies.
struct TermStats {
    var id: Int32
    var title: Int32 = 0, heading: Int32 = 0, body: Int32 = 0
}

/// An article analysed for indexing: per-field term frequencies and per-passage frequencies, keyed by
/// the ids of the analyzer that did the work (`counter`).
struct AnalyzedArticle {
    var article: Article
    let counter: TermCounter
    /// Distinct terms in order of first appearance.
    var terms: [TermStats] = []
    /// Passage postings of `terms[e]`: indices passageStart[e] ..< passageStart[e + 1] of passageOrdinal / passageTF,
    /// in ascending ordinal order.
    var passageStart: [Int32] = []
    var passageOrdinal: [Int32] = []
    var passageTF: [Int32] = []
    var passageLengths: [Int] = []
    var passageCount = 0
    var titleLength = 0, headingLength = 0, bodyLength = 0
    var words = 0
    /// The article's blocks and links as stored, encoded on the worker.
    var encodedBlocks = "", encodedLinks = ""

    init(_ article: Article, counter: TermCounter) {
        self.article = article
        self.counter = counter
        let analyzer = counter.analyzer
        let passages = Chunker.passages(of: article)
        passageCount = passages.count

        var docSlot = counter.docSlot; counter.docSlot = []
        var passageSlot = counter.passageSlot; counter.passageSlot = []
        var terms: [TermStats] = []
        @inline(__always) func entry(_ id: Int32) -> Int {
            let i = Int(id)
            if i >= docSlot.count {
                let size = max(i + 1, docSlot.count * 2, 1024)
                docSlot += [Int32](repeating: -1, count: size - docSlot.count)
                passageSlot += [Int32](repeating: -1, count: size - passageSlot.count)
            }
            let e = docSlot[i]
            if e >= 0 { return Int(e) }
            docSlot[i] = Int32(terms.count)
            terms.append(TermStats(id: id))
            return terms.count - 1
        }

        var titleLength = 0, headingLength = 0, bodyLength = 0
        analyzer.forEachTermID(article.title) { id in terms[entry(id)].title += 1; titleLength += 1 }
        // Author and site count with the headings, so "Donny's post" and "the swiftyplace blog" match.
        analyzer.forEachTermID([article.author, article.feed].compactMap { $0 }.joined(separator: " ")) { id in
            terms[entry(id)].heading += 1; headingLength += 1
        }
        for h in article.headings {
            analyzer.forEachTermID(h.text) { id in terms[entry(id)].heading += 1; headingLength += 1 }
        }

        // Passage postings in ordinal order: (entry, ordinal, tf).
        var flatEntry: [Int32] = [], flatOrdinal: [Int32] = [], flatTF: [Int32] = []
        var passageIDs: [Int32] = [], passageCounts: [Int32] = []
        var lengths: [Int] = []
        lengths.reserveCapacity(passages.count)
        var words = 0
        for (ord, p) in passages.enumerated() {
            var n = 0
            analyzer.forEachTermID(p.text) { id in
                let i = Int(id)
                if i >= passageSlot.count { _ = entry(id) }   // grows both tables
                let s = passageSlot[i]
                if s >= 0 { passageCounts[Int(s)] += 1 } else {
                    passageSlot[i] = Int32(passageIDs.count)
                    passageIDs.append(id); passageCounts.append(1)
                }
                n += 1
            }
            for (k, id) in passageIDs.enumerated() {
                let e = entry(id)
                terms[e].body += passageCounts[k]
                flatEntry.append(Int32(e)); flatOrdinal.append(Int32(ord)); flatTF.append(passageCounts[k])
                passageSlot[Int(id)] = -1
            }
            passageIDs.removeAll(keepingCapacity: true); passageCounts.removeAll(keepingCapacity: true)
            bodyLength += n
            lengths.append(n)
            words += Chunker.wordCount(p.text)
        }
        for t in terms { docSlot[Int(t.id)] = -1 }
        counter.docSlot = docSlot
        counter.passageSlot = passageSlot

        // Group the passage postings by term, keeping ordinal order within each term.
        var start = [Int32](repeating: 0, count: terms.count + 1)
        for e in flatEntry { start[Int(e) + 1] += 1 }
        for e in 0..<terms.count { start[e + 1] += start[e] }
        var fill = start
        var ordinals = [Int32](repeating: 0, count: flatEntry.count)
        var tfs = [Int32](repeating: 0, count: flatEntry.count)
        for k in 0..<flatEntry.count {
            let e = Int(flatEntry[k])
            let at = Int(fill[e]); fill[e] += 1
            ordinals[at] = flatOrdinal[k]; tfs[at] = flatTF[k]
        }

        self.terms = terms
        self.passageStart = start
        self.passageOrdinal = ordinals
        self.passageTF = tfs
        self.passageLengths = lengths
        self.titleLength = titleLength
        self.headingLength = headingLength
        self.bodyLength = bodyLength
        self.words = words
        encodedBlocks = BlockCoding.encode(article.blocks)
        encodedLinks = BlockCoding.encode(article.links)
    }

    /// Every term an already-stored article contributed, for taking it out of the postings.
    static func terms(of article: Article, analyzer: Analyzer) -> Set<String> {
        var out = Set<String>()
        for text in [article.title, article.author ?? "", article.feed ?? ""] { out.formUnion(analyzer.terms(text)) }
        for b in article.blocks { out.formUnion(analyzer.terms(b.text)) }
        return out
    }
}
