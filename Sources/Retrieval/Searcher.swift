import Analysis
import SQLite

/// Ranks articles for a query, reading only the posting lists of the query's own terms.
public final class Searcher {
    let db: Database
    let analyzer: Analyzer
    public private(set) var stats: CollectionStats
    /// Scratch kept between searches: a document-score accumulator and a doc → candidate slot map,
    /// each maxDoc + 1 long, left all zero (all -1) after every search.
    var scoreScratch: [Double] = []
    var slotScratch: [Int32] = []
    var titleScratch: [Int32] = []
    var titleIDFScratch: [Double] = []

    public init(index: Index, analyzer: Analyzer = Analyzer()) throws {
        db = index.db
        self.analyzer = analyzer
        // Read the index through a memory map rather than a pread (and a copy) per page: a query
        // touches pages all over the file, more than SQLite's page cache keeps between queries.
        try db.execute("PRAGMA mmap_size = \(Searcher.mmapSize)")
        stats = try CollectionStats(db)
    }

    /// How much of the index file is mapped (SQLite caps it at its compile-time maximum).
    static let mmapSize = 1 << 30

    /// Query terms with their counts, in first-seen order.
    public func queryTerms(_ text: String) -> [(term: String, count: Int)] {
        guard !stats.languages.isEmpty else { return Self.counted(searchTokens(text, language: nil)) }
        let asked = LanguageDetector.detect(text)
        let english = withoutForeignStopWords(searchTokens(text, language: nil), text: text, asked: asked)
        var terms = Self.counted(english)
        // The same words stemmed as each other language of the corpus (`stats.languages`): only terms
        // English did not give, so that a query meets articles in its own language. Words English drops
        // ("and", "in", "by") are not taken up again: as another language's words they would match only
        // the few articles in that language, with the weight of a rare word. Nor are words whose English
        // term the index knows, unless the query reads as that language: Portuguese stems "processes" to
        // "proc", which every "WindowProc" of an English corpus holds, a few misread articles sufficing
        // to put Portuguese among its languages.
        let kept = Set(english.map(\.start))
        var knownInEnglish: Set<Int>?
        var seen = Set(terms.map(\.term))
        for code in stats.languages {
            for t in searchTokens(text, language: code) where kept.contains(t.start) && !seen.contains(t.term) {
                if code != asked {
                    if knownInEnglish == nil { knownInEnglish = Set(english.filter { documentFrequency($0.term) > 0 }.map(\.start)) }
                    if knownInEnglish!.contains(t.start) { continue }
                }
                seen.insert(t.term); terms.append((t.term, 1))
            }
        }
        return terms
    }

    /// The query's terms in the one language of the corpus whose analysis of them the index knows most of
    /// (nil: English, which also wins full ties), and that language, for reading sentences in it: the
    /// union `queryTerms` gives a search would count a German question's English-stemmed forms as words
    /// no article has. Only words English keeps count as known: English stop words kept by another
    /// language's analysis would otherwise make an English question look foreign wherever one article is.
    public func queryTermsInBestLanguage(_ text: String) -> (language: String?, terms: [(term: String, count: Int)]) {
        guard !stats.languages.isEmpty else { return (nil, Self.counted(tokens(text, language: nil))) }
        let english = withoutForeignStopWords(tokens(text, language: nil), text: text, asked: LanguageDetector.detect(text))
        let kept = Set(english.map(\.start))
        var best: (code: String?, terms: [(term: String, count: Int)], known: Int) = (nil, [], -1)
        for code in [nil] + stats.languages.map(Optional.some) {
            let analysed = code == nil ? english : tokens(text, language: code)
            let terms = Self.counted(analysed)
            var known = Set<String>()
            for t in analysed where kept.contains(t.start) && documentFrequency(t.term) > 0 { known.insert(t.term) }
            // On a tie, the language that leaves fewer unknown words (its stop words took them) wins.
            if known.count > best.known || (known.count == best.known && terms.count - known.count < best.terms.count - best.known) {
                best = (code, terms, known.count)
            }
        }
        return (best.code, best.terms)
    }

    /// "¿Qué es un closure?" over a corpus mostly in English: English keeps "que", "es" and "un", rare words there that
    /// would outweigh "closure". A query that reads as another language of the corpus loses, from its English terms,
    /// the words that language's analysis drops as its stop words.
    func withoutForeignStopWords(_ english: [Token], text: String, asked: String?) -> [Token] {
        guard let asked, asked != "en", stats.languages.contains(asked) else { return english }
        let kept = Set(tokens(text, language: asked).map(\.start))
        let out = english.filter { kept.contains($0.start) }
        return out.isEmpty ? english : out
    }

    /// Query terms with their counts, in first-seen order, analysed in one language only (nil: English).
    public func queryTerms(_ text: String, language: String?) -> [(term: String, count: Int)] {
        Self.counted(tokens(text, language: language))
    }

    func tokens(_ text: String, language: String?) -> [Token] {
        analyzer.use(language: language)
        defer { analyzer.use(language: nil) }
        return analyzer.analyze(text)
    }

    /// A search's tokens in one language: `tokens` without the words that set two things side by side.
    func searchTokens(_ text: String, language: String?) -> [Token] {
        let all = tokens(text, language: language)
        let kept = all.filter { !Self.isComparisonMarker($0, in: text) }
        return kept.isEmpty ? all : kept
    }

    /// "git fetch vs git pull": a lowercase "vs" or "versus" sets two things side by side and names neither. As a
    /// query term it is rare and weighs most, and finds whatever page writes it ("distros@vs.openwall.org"). "VS
    /// Code" keeps its capitals and its term; so does a query of nothing else.
    static func isComparisonMarker(_ t: Token, in text: String) -> Bool {
        let word = text.utf8.dropFirst(t.start).prefix(t.end - t.start)
        return comparisonMarkers.contains { $0.elementsEqual(word) }
    }

    static let comparisonMarkers = ["vs", "vs.", "versus"].map { Array($0.utf8) }

    /// Each term once, in first-seen order, with how often it occurs.
    static func counted(_ tokens: [Token]) -> [(term: String, count: Int)] {
        var order: [String] = [], counts: [String: Int] = [:]
        for t in tokens {
            if counts[t.term] == nil { order.append(t.term) }
            counts[t.term, default: 0] += 1
        }
        return order.map { ($0, counts[$0]!) }
    }

    struct TermData {
        var term: String; var qtf: Int; var df: Int; var idf: Double; var docs: [UInt8]; var passages: [UInt8]
        /// The term's weight in the query: its count, less for an everyday word of a question (`SearchQuery.everyday`).
        var weight: Double
    }

    func load(_ terms: [(term: String, count: Int)], everyday: [String: Double] = [:], keeps: Double = 1) throws -> [TermData] {
        try db.withCachedStatement("SELECT df, docs, passages FROM terms WHERE term = ?") { s in
            var out: [TermData] = []
            for (term, qtf) in terms {
                s.reset()
                try s.bind(.text(term), at: 1)
                guard try s.step() else { continue }
                let df = Int(s.int(0))
                out.append(TermData(term: term, qtf: qtf, df: df, idf: Scoring.idf(n: stats.documents, df: df),
                                    docs: s.blob(1), passages: s.blob(2),
                                    weight: Double(qtf) * (1 - (1 - keeps) * min(max(everyday[term] ?? 0, 0), 1))))
            }
            return out
        }
    }

    /// Source files whose format is one of `formats` (e.g. "textDump").
    public func sources(withFormat formats: Set<String>) -> Set<String> {
        var out = Set<String>()
        guard let s = try? db.prepare("SELECT path, format FROM files") else { return out }
        while (try? s.step()) == true { if formats.contains(s.text(1)) { out.insert(s.text(0)) } }
        return out
    }

    /// Lucene's BM25 idf of an analysed term in this collection.
    public func idf(_ term: String) -> Double {
        Scoring.idf(n: stats.documents, df: documentFrequency(term))
    }

    /// Document frequency of an analysed term (0 when absent).
    public func documentFrequency(_ term: String) -> Int {
        (try? db.scalarInt("SELECT df FROM terms WHERE term = ?", [.text(term)])).flatMap { $0 }.map(Int.init) ?? 0
    }

    /// Ranked hits for `query`, read in one transaction.
    public func search(_ query: SearchQuery) throws -> [Hit] {
        try db.reading { try rank(query) }
    }

    func rank(_ query: SearchQuery) throws -> [Hit] {
        let terms = try load(queryTerms(query.text), everyday: query.everyday, keeps: query.parameters.everydayWeight)
        let allowed = query.hasFilters ? try filterSet(query) : nil
        if terms.isEmpty {
            // Nothing to rank by: a pure filter ("articles from 2025") lists matches, newest first.
            guard let allowed else { return [] }
            return try byDate(Array(allowed), limit: query.limit)
        }
        let p = query.parameters
        let maxDoc = stats.maxDoc
        // Scratch arrays are taken out of the searcher while in use and put back cleared.
        var scores = scoreScratch.count == maxDoc + 1 ? scoreScratch : [Double](repeating: 0, count: maxDoc + 1)
        var slot = slotScratch.count == maxDoc + 1 ? slotScratch : [Int32](repeating: -1, count: maxDoc + 1)
        scoreScratch = []; slotScratch = []
        var touched: [Int] = []
        var candidates: [Int] = []
        defer {
            for d in touched { scores[d] = 0 }
            for c in candidates { slot[c] = -1 }
            scoreScratch = scores; slotScratch = slot
        }
        // Per article, the query's terms in its title (with repeats) and their IDF, for `namedWeight`.
        let named = p.namedWeight > 0 && query.ranking == .bm25
        var titleTerms = named ? (titleScratch.count == maxDoc + 1 ? titleScratch : [Int32](repeating: 0, count: maxDoc + 1)) : []
        var titleIDF = named ? (titleIDFScratch.count == maxDoc + 1 ? titleIDFScratch : [Double](repeating: 0, count: maxDoc + 1)) : []
        var titled: [(doc: Int, length: Int32)] = []
        defer {
            if named {
                for t in titled { titleTerms[t.doc] = 0; titleIDF[t.doc] = 0 }
                titleScratch = titleTerms; titleIDFScratch = titleIDF
            }
        }
        for t in terms {
            let w = t.weight
            t.docs.withUnsafeBytes { raw in
                PostingCodec.decodeDocs(raw) { d in
                    guard d.doc <= maxDoc else { return }
                    if let allowed, !allowed.contains(d.doc) { return }
                    let s: Double
                    switch query.ranking {
                    case .bm25:
                        let tf = p.titleWeight * Scoring.normalized(tf: d.titleTF, length: d.titleLength, average: stats.avgTitle, b: p.b)
                            + p.headingWeight * Scoring.normalized(tf: d.headingTF, length: d.headingLength, average: stats.avgHeading, b: p.b)
                            + p.bodyWeight * Scoring.normalized(tf: d.bodyTF, length: d.bodyLength, average: stats.avgBody, b: p.b)
                        s = w * t.idf * Scoring.saturate(tf, k1: p.k1)
                    case .tfidf:
                        let tf = p.titleWeight * Double(d.titleTF) + p.headingWeight * Double(d.headingTF) + Double(d.bodyTF)
                        s = w * Scoring.tfidf(tf: tf, idf: t.idf, length: d.titleLength + d.headingLength + d.bodyLength)
                    }
                    if scores[d.doc] == 0 { touched.append(d.doc) }
                    scores[d.doc] += s
                    if named, d.titleTF > 0 {
                        titleTerms[d.doc] += Int32(d.titleTF); titleIDF[d.doc] += t.idf
                        if titleTerms[d.doc] == Int32(d.titleTF) { titled.append((d.doc, Int32(d.titleLength))) }
                    }
                }
            }
        }
        // An article whose title the query holds whole is the one it names ("Worker threads" for "would worker threads
        // make my app faster?"), however many of the query's other words a longer article repeats.
        for t in titled {
            scores[t.doc] += Scoring.namedGain(titleTerms: Int(titleTerms[t.doc]), titleLength: Int(t.length), idf: titleIDF[t.doc], weight: p.namedWeight)
        }
        // Passage evidence for the strongest candidates: the best paragraph-sized chunk's BM25.
        let candidateCount = max(query.limit * 5, 50)
        candidates = touched.count > candidateCount ? topK(touched, scores: scores, k: candidateCount) : touched
        for (i, c) in candidates.enumerated() { slot[c] = Int32(i) }
        // Per candidate slot, each passage's score summed over the terms (nil: no query term in it).
        var passageScores = [[Double?]](repeating: [], count: candidates.count)
        for t in terms {
            let w = t.weight
            let idf = Scoring.idf(n: stats.passages, df: t.df)
            t.passages.withUnsafeBytes { raw in
                PostingCodec.decodePassages(raw) { pp in
                    guard pp.doc <= maxDoc else { return }
                    let i = Int(slot[pp.doc])
                    guard i >= 0 else { return }
                    let tf = Scoring.normalized(tf: pp.tf, length: pp.length, average: stats.avgPassage, b: p.b)
                    let x = w * idf * Scoring.saturate(tf, k1: p.k1)
                    if pp.ordinal >= passageScores[i].count {
                        passageScores[i].append(contentsOf: repeatElement(nil, count: pp.ordinal + 1 - passageScores[i].count))
                    }
                    passageScores[i][pp.ordinal] = (passageScores[i][pp.ordinal] ?? 0) + x
                }
            }
        }
        var final: [Ranked] = []
        final.reserveCapacity(candidates.count)
        let weight = query.ranking == .bm25 ? p.passageWeight : 0
        for (i, c) in candidates.enumerated() {
            // The best passage; on a tie, the first.
            var best: (ordinal: Int, score: Double)?
            for (ordinal, score) in passageScores[i].enumerated() {
                if let score, best.map({ score > $0.score }) ?? true { best = (ordinal, score) }
            }
            let ps = best?.score ?? 0
            final.append((c, scores[c] + weight * ps, scores[c], best?.ordinal ?? 0, ps))
        }
        final.sort { $0.score != $1.score ? $0.score > $1.score : $0.doc < $1.doc }
        let store = ArticleStore(db: db, titleSuffix: stats.titleSuffix)
        let top = try withoutCopies(final, limit: query.limit, store: store)
        var hits = try store.hits(for: top.map { ($0.doc, $0.score, $0.passage) }, passages: query.snippets)
        let qterms = Set(terms.map(\.term))
        for i in hits.indices {
            if query.snippets { hits[i].snippet = Snippets.window(hits[i].passageText, terms: qterms, analyzer: analyzer) }
            if query.explain {
                hits[i].explanation = try explain(doc: hits[i].doc, terms: terms, query: query,
                                                  documentScore: top[i].docScore, passageScore: top[i].passageScore)
            }
        }
        if query.newestFirst { hits.sort { ($0.date ?? "") > ($1.date ?? "") } }
        return hits
    }

    /// A ranked candidate: its score, the parts it is made of, and its best passage.
    typealias Ranked = (doc: Int, score: Double, docScore: Double, passage: Int, passageScore: Double)

    /// The best `limit` of `ranked` without copies: an article whose best passage scores exactly as a better one's and
    /// has its title and that passage's text (a page mirrored in a translation's folder and left untranslated, a
    /// file saved twice) says nothing the better one does not. Only exact passage-score ties are read, so a ranking
    /// without any costs nothing more.
    func withoutCopies(_ ranked: [Ranked], limit: Int, store: ArticleStore) throws -> [Ranked] {
        var kept: [Ranked] = []
        var seen: [Int: (title: String, text: String)] = [:]
        func read(_ r: Ranked) throws -> (title: String, text: String)? {
            if let s = seen[r.doc] { return s }
            guard let h = try store.hits(for: [(r.doc, r.score, r.passage)], passages: true).first else { return nil }
            seen[r.doc] = (h.title, h.passageText)
            return seen[r.doc]
        }
        for r in ranked where kept.count < limit {
            let copy = try r.passageScore > 0 && kept.contains { k in
                guard k.passageScore == r.passageScore, let a = try read(k), let b = try read(r) else { return false }
                return a.title == b.title && a.text == b.text
            }
            if !copy { kept.append(r) }
        }
        return kept
    }

    /// The `k` best of `docs` by score (ties: the lower doc), in no particular order: a heap of the
    /// best so far with the weakest on top, so most docs cost one comparison.
    func topK(_ docs: [Int], scores: [Double], k: Int) -> [Int] {
        func weaker(_ a: Int, _ b: Int) -> Bool { scores[a] != scores[b] ? scores[a] < scores[b] : a > b }
        var heap: [Int] = []
        heap.reserveCapacity(k)
        for d in docs {
            if heap.count < k {
                heap.append(d)
                var i = heap.count - 1
                while i > 0, weaker(heap[i], heap[(i - 1) / 2]) { heap.swapAt(i, (i - 1) / 2); i = (i - 1) / 2 }
            } else if weaker(heap[0], d) {
                heap[0] = d
                var i = 0
                while true {
                    let l = 2 * i + 1, r = l + 1
                    var m = i
                    if l < heap.count, weaker(heap[l], heap[m]) { m = l }
                    if r < heap.count, weaker(heap[r], heap[m]) { m = r }
                    if m == i { break }
                    heap.swapAt(i, m); i = m
                }
            }
        }
        return heap
    }

    func explain(doc: Int, terms: [TermData], query: SearchQuery, documentScore: Double, passageScore: Double) throws -> Explanation {
        var out: [Explanation.Term] = []
        let p = query.parameters
        var titleTerms = 0, titleLength = 0, titleIDF = 0.0
        for t in terms {
            var found: DocPosting?
            t.docs.withUnsafeBytes { raw in PostingCodec.decodeDocs(raw) { if $0.doc == doc { found = $0 } } }
            guard let d = found else { out.append(.init(term: t.term, df: t.df, idf: t.idf, titleTF: 0, headingTF: 0, bodyTF: 0, contribution: 0)); continue }
            if d.titleTF > 0 { titleTerms += d.titleTF; titleLength = d.titleLength; titleIDF += t.idf }
            let tf = p.titleWeight * Scoring.normalized(tf: d.titleTF, length: d.titleLength, average: stats.avgTitle, b: p.b)
                + p.headingWeight * Scoring.normalized(tf: d.headingTF, length: d.headingLength, average: stats.avgHeading, b: p.b)
                + p.bodyWeight * Scoring.normalized(tf: d.bodyTF, length: d.bodyLength, average: stats.avgBody, b: p.b)
            out.append(.init(term: t.term, df: t.df, idf: t.idf, titleTF: d.titleTF, headingTF: d.headingTF, bodyTF: d.bodyTF,
                             contribution: t.weight * t.idf * Scoring.saturate(tf, k1: p.k1)))
        }
        let named = query.ranking == .bm25 ? Scoring.namedGain(titleTerms: titleTerms, titleLength: titleLength, idf: titleIDF, weight: p.namedWeight) : 0
        return Explanation(ranking: query.ranking, terms: out, documentScore: documentScore,
                           passageScore: passageScore, passageWeight: query.ranking == .bm25 ? p.passageWeight : 0, named: named)
    }

    func filterSet(_ q: SearchQuery) throws -> Set<Int> {
        var out = Set<Int>()
        let s = try db.prepare("SELECT doc, author, feed, source, date, tags FROM articles")
        let author = q.author?.lowercased(), feed = q.feed?.lowercased(), tag = q.tag?.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        while try s.step() {
            let a = s.optionalText(1)?.lowercased()
            if q.noAuthor && !(a ?? "").isEmpty { continue }
            if let sources = q.sources, !sources.contains(s.text(3)) { continue }
            if let author, !(a ?? "").contains(author) { continue }
            if let feed {
                let f = (s.optionalText(2) ?? "").lowercased(), src = s.text(3).lowercased()
                if !f.contains(feed) && !src.contains(feed) { continue }
            }
            if let tag, !(s.optionalText(5) ?? "").lowercased().split(separator: "\n").contains(Substring(tag)) { continue }
            let date = s.optionalText(4) ?? ""
            if let after = q.after, date.isEmpty || String(date.prefix(after.count)) < after { continue }
            if let before = q.before, date.isEmpty || String(date.prefix(before.count)) >= before { continue }
            out.insert(Int(s.int(0)))
        }
        return out
    }

    func byDate(_ docs: [Int], limit: Int) throws -> [Hit] {
        let store = ArticleStore(db: db, titleSuffix: stats.titleSuffix)
        var hits = try store.hits(for: docs.map { ($0, 0, 0) })
        hits.sort { ($0.date ?? "") != ($1.date ?? "") ? ($0.date ?? "") > ($1.date ?? "") : $0.doc < $1.doc }
        hits = Array(hits.prefix(limit))
        for i in hits.indices { hits[i].snippet = Snippets.window(hits[i].passageText, terms: [], analyzer: analyzer) }
        return hits
    }
}

/// N, average field lengths and the largest doc number, read once per searcher (one small query).
public struct CollectionStats: Sendable {
    public var documents = 0, passages = 0, maxDoc = 0
    public var avgTitle = 1.0, avgHeading = 1.0, avgBody = 1.0, avgPassage = 1.0
    /// The corpus's languages besides English that have a stemmer (read with the other statistics, so
    /// knowing them costs a search nothing).
    public var languages: [String] = []
    /// The site's name that ends most titles, left off them (`SiteTitles`).
    public var titleSuffix: String?
    static let stemmed = ["de", "fr", "es", "it", "pt", "nl", "ru"]

    init(_ db: Database) throws {
        var v: [String: Int64] = [:]
        let s = try db.prepare("SELECT key, value FROM stats")
        while try s.step() { v[s.text(0)] = s.int(1) }
        documents = Int(v["docs"] ?? 0)
        passages = Int(v["passages"] ?? 0)
        maxDoc = Int(v["maxdoc"] ?? 0)
        let n = Double(max(documents, 1))
        avgTitle = Double(v["tlen"] ?? 0) / n
        avgHeading = Double(v["hlen"] ?? 0) / n
        avgBody = Double(v["blen"] ?? 0) / n
        avgPassage = Double(v["plen"] ?? 0) / Double(max(passages, 1))
        let bits = v["languages"] ?? 0
        languages = Self.stemmed.indices.filter { bits & (1 << $0) != 0 }.map { Self.stemmed[$0] }
        titleSuffix = ArticleStore.siteSuffix(db)
    }
}
