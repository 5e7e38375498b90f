import Analysis
import Corpus
import Dispatch
import SQLite
#if canImport(Glibc)
import Glibc
#endif

extension IndexWriter {
    /// A batch for the analysis workers: articles of a file parsed beforehand, or a piece of a JSON Lines
    /// file, which the worker parses itself.
    enum Job: Sendable {
        case articles(change: Int, range: Range<Int>)
        case lines(change: Int, piece: JSONLinesFile.Piece)

        var change: Int {
            switch self {
            case .articles(let c, _), .lines(let c, _): return c
            }
        }
    }

    /// A job's result: the analysed articles and, for a piece of JSON Lines, its skipped records.
    struct JobResult {
        var batch: AnalyzedBatch
        var worker: Int
        var piece: JSONLinesFile.ParsedPiece?
    }

    static let batchArticles = 512
    static let pieceBytes = 1 << 21

    /// Writes the changes inside the caller's transaction: deletes the articles of changed and removed
    /// files, inserts the new ones batch by batch, and merges their postings into each affected term.
    /// The outcome of a JSON Lines file (its warnings, or why it was skipped) is known only here and is
    /// recorded in its change.
    func apply(changes: inout [Change], removed: [String], known: [String: FileRow], report: inout IndexReport,
               progress: ((Int, Int) -> Void)?) throws {
        var timer = PhaseTimer()
        let workers = max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let counters = (0..<workers).map { _ in TermCounter() }

        // 1. Articles going away: their doc numbers, and their terms (re-derived from the stored text).
        // A changed file's old articles go when its first new article arrives, so that a file that no
        // longer parses keeps its old content.
        var removedDocs = Set<Int>()
        var affected = Set<String>()
        let store = ArticleStore(db: db)
        let storedAnalyzer = Analyzer()
        let selectDocs = try db.prepare("SELECT doc FROM articles WHERE source = ?")
        let delArticles = try db.prepare("DELETE FROM articles WHERE source = ?")
        func takeOut(_ source: String) throws {
            selectDocs.reset()
            try selectDocs.bind([.text(source)])
            var docs: [Int] = []
            while try selectDocs.step() { docs.append(Int(selectDocs.int(0))) }
            for d in docs {
                removedDocs.insert(d)
                if let a = try store.article(doc: d) {
                    storedAnalyzer.use(language: a.article.language)
                    affected.formUnion(storedTerms(of: a.article, analyzer: storedAnalyzer))
                }
            }
            try delArticles.run([.text(source)])
        }
        for source in removed { try takeOut(source) }
        let delFile = try db.prepare("DELETE FROM files WHERE path = ?")
        for source in removed { try delFile.run([.text(source)]) }
        report.removed = removed.count

        // 2. New articles get doc numbers above every existing one, so appended postings stay sorted.
        var nextDoc = Int(try db.scalarInt("SELECT coalesce(max(doc), 0) FROM articles") ?? 0) + 1
        if let last = try db.scalarInt("SELECT value FROM stats WHERE key = 'lastdoc'") { nextDoc = max(nextDoc, Int(last) + 1) }
        // With no articles left, the statistics are the sums over the rows written here.
        let wasEmpty = try db.scalarInt("SELECT NOT EXISTS (SELECT 1 FROM articles)") == 1
        var sums = [Int64](repeating: 0, count: 6)   // docs, tlen, hlen, blen, plen, passages
        var titleSuffixes: [String: Int] = [:]
        var table = PostingTable(workers: workers)
        defer { table.deallocate() }
        let insertArticles = try BatchedInsert(db, into: "articles", columns: ArticleRow.columns, rowsPerStatement: 16)
        let upFile = try db.prepare("INSERT OR REPLACE INTO files(path, size, mtime, hash, format, articles) VALUES (?,?,?,?,?,?)")
        func unparseable(_ c: Change) throws {
            // Remember it (so it is reported once, not on every run) unless older content exists.
            if known[c.file.source] == nil {
                try upFile.run([.text(c.file.source), .int(c.file.size), .int(c.file.mtime), .int(c.hash),
                                .text("skipped: " + (c.reason ?? "")), .int(0)])
            }
        }

        // Batches in file order; JSON Lines files in pieces of whole lines.
        var jobs: [Job] = []
        var total = 0   // for the progress bar: articles, or lines of JSON Lines
        for (ci, c) in changes.enumerated() {
            switch c.content {
            case nil:
                try unparseable(c)
            case .parsed(let parsed):
                var start = 0
                repeat {
                    jobs.append(.articles(change: ci, range: start..<min(start + Self.batchArticles, parsed.articles.count)))
                    start += Self.batchArticles
                } while start < parsed.articles.count
                total += parsed.articles.count
            case .jsonLines(let file):
                let pieces = file.pieces(size: Self.pieceBytes)
                jobs += pieces.map { .lines(change: ci, piece: $0) }
                total += pieces.reduce(0) { $0 + $1.lines }
            }
        }

        // Workers parse and analyse batches ahead; this thread merges their postings and writes their rows in order.
        let snapshot = changes.map { var c = $0; c.unhashed = nil; return c }, allJobs = jobs   // no raw bytes kept alive
        let pipeline = OrderedPipeline<JobResult>(jobs: jobs.count, workers: workers, window: 2 * workers + 2) { w, k in
            switch allJobs[k] {
            case .articles(let ci, let range):
                guard case .parsed(let parsed) = snapshot[ci].content else { fatalError("job without articles") }
                return JobResult(batch: counters[w].analyze(Array(parsed.articles[range])), worker: w)
            case .lines(let ci, let piece):
                guard case .jsonLines(let file) = snapshot[ci].content else { fatalError("job without JSON Lines") }
                var parsed = file.parse(piece)
                let articles = parsed.articles
                parsed.articles = []
                return JobResult(batch: counters[w].analyze(articles), worker: w, piece: parsed)
            }
        }
        defer { pipeline.cancel() }
        hashLater(&changes)
        var done = 0
        var tally = JSONLinesTally()
        var fileArticles = 0
        var waited = Duration.zero, merging = Duration.zero, inserting = Duration.zero   // for LORE_TIMING
        for k in jobs.indices {
            let waitStart = ContinuousClock.now
            guard let result = pipeline.next() else { break }
            waited += ContinuousClock.now - waitStart
            let ci = jobs[k].change
            let c = changes[ci]
            let batch = result.batch, w = result.worker
            if !batch.rows.isEmpty && fileArticles == 0 && known[c.file.source] != nil { try takeOut(c.file.source) }

            let mergeStart = ContinuousClock.now
            table.add(batch, from: w, base: nextDoc)
            merging += ContinuousClock.now - mergeStart
            let insertStart = ContinuousClock.now
            try batch.text.withUnsafeBufferPointer { text in
                try insertArticles.insert(count: batch.rows.count) { statement, k, first in
                    try batch.rows[k].bind(doc: nextDoc + k, text: text, to: statement, at: first)
                }
            }
            nextDoc += batch.rows.count
            for row in batch.rows {
                if let suffix = row.titleSuffix { titleSuffixes[suffix, default: 0] += 1 }
                sums[0] += 1; sums[1] += Int64(row.titleLength); sums[2] += Int64(row.headingLength)
                sums[3] += Int64(row.bodyLength); sums[4] += Int64(row.passageLength); sums[5] += Int64(row.passageCount)
            }
            inserting += ContinuousClock.now - insertStart
            fileArticles += batch.rows.count
            if let piece = result.piece { tally.add(piece) }
            // Parsed and written: a JSON Lines file's bytes are not needed again.
            if case .lines(_, let piece) = jobs[k], case .jsonLines(let file) = c.content { file.discard(piece) }
            if case .lines(_, let piece) = jobs[k] { done += piece.lines } else { done += batch.rows.count }
            progress?(done, total)

            // After a file's last batch: its outcome and its row.
            guard k + 1 == jobs.count || jobs[k + 1].change != ci else { continue }
            defer { tally = JSONLinesTally(); fileArticles = 0 }
            var format = SourceFormat.jsonLines
            switch c.content {
            case .parsed(let parsed): format = parsed.format
            case .jsonLines(let file):
                do {
                    changes[ci].warnings = (file.decodeWarning.map { [$0] } ?? []) + (try tally.finish())
                } catch {
                    changes[ci].reason = "\(error)"
                    changes[ci].content = nil
                    try unparseable(changes[ci])
                    continue
                }
            case nil: continue
            }
            if known[c.file.source] == nil { report.added += 1 } else { report.updated += 1 }
            try upFile.run([.text(c.file.source), .int(c.file.size), .int(c.file.mtime), .int(c.hash),
                            .text(format.rawValue), .int(Int64(fileArticles))])
        }
        pipeline.cancel()
        timer.mark("analyse, merge, write articles (of which waiting \(PhaseTimer.ms(waited)) ms, merging "
                   + "\(PhaseTimer.ms(merging)) ms, inserting \(PhaseTimer.ms(inserting)) ms)")

        // 3. Write postings. A fresh index takes the builders as they are; otherwise merge term by term.
        let fresh = try db.scalarInt("SELECT NOT EXISTS (SELECT 1 FROM terms)") == 1
        let putTerm = try db.prepare("INSERT OR REPLACE INTO terms(term, df, docs, passages) VALUES (?,?,?,?)")
        var termCount: Int64? = nil
        if fresh {
            // In key order: the terms table is a WITHOUT ROWID b-tree, so appends keep its pages full.
            let order = IndexWriter.byteOrder(table.terms)
            timer.mark("sort terms")
            // The workers gather the postings of runs of terms; this thread writes them, in order.
            nonisolated(unsafe) let postings = table   // read only from here on
            let run = 2048
            let gatherer = OrderedPipeline<TermRun>(jobs: (order.count + run - 1) / run, workers: workers,
                                                    window: 2 * workers + 2) { _, j in
                postings.gather(order[(j * run)..<min(j * run + run, order.count)])
            }
            defer { gatherer.cancel() }
            let insertTerms = try BatchedInsert(db, into: "terms", columns: ["term", "df", "docs", "passages"], rowsPerStatement: 64)
            while let r = gatherer.next() {
                try r.bytes.withUnsafeBufferPointer { bytes in
                    try insertTerms.insert(count: r.terms.count) { statement, k, first in
                        try statement.bind(borrowedText: UnsafeBufferPointer(rebasing: bytes[r.names[k]]), at: first)
                        try statement.bind(.int(Int64(table.builders[r.terms[k]].df)), at: first + 1)
                        try statement.bind(borrowedBlob: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[r.docs[k]])), at: first + 2)
                        try statement.bind(borrowedBlob: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[r.passages[k]])), at: first + 3)
                    }
                }
            }
            termCount = Int64(table.terms.count)
        } else {
            affected.formUnion(table.terms)
            let getTerm = try db.prepare("SELECT docs, passages FROM terms WHERE term = ?")
            let delTerm = try db.prepare("DELETE FROM terms WHERE term = ?")
            for term in affected.sorted() {
                var docs: [DocPosting] = []
                var passages: [PassagePosting] = []
                getTerm.reset()
                try getTerm.bind([.text(term)])
                if try getTerm.step() {
                    docs = PostingCodec.decodeDocs(getTerm.blob(0)).filter { !removedDocs.contains($0.doc) }
                    passages = PostingCodec.decodePassages(getTerm.blob(1)).filter { !removedDocs.contains($0.doc) }
                }
                if let g = table.ids[term] {
                    var newDocs: [UInt8] = [], newPassages: [UInt8] = []
                    table.postings(of: Int(g), docs: &newDocs, passages: &newPassages)
                    docs += PostingCodec.decodeDocs(newDocs)
                    passages += PostingCodec.decodePassages(newPassages)
                }
                if docs.isEmpty {
                    try delTerm.run([.text(term)])
                } else {
                    try putTerm.run([.text(term), .int(Int64(docs.count)),
                                     .blob(PostingCodec.encode(docs)), .blob(PostingCodec.encode(passages))])
                }
            }
        }
        timer.mark("write terms")

        // 4. Collection statistics: the sums over the rows just written into an empty table, else
        // recomputed from the article rows.
        let put = try db.prepare("INSERT OR REPLACE INTO stats(key, value) VALUES (?, ?)")
        let keys = ["docs", "tlen", "hlen", "blen", "plen", "passages", "maxdoc"]
        if wasEmpty {
            for (key, value) in zip(keys, sums + [sums[0] == 0 ? 0 : Int64(nextDoc - 1)]) { try put.run([.text(key), .int(value)]) }
        } else {
            let s = try db.prepare("""
                SELECT count(*), coalesce(sum(tlen),0), coalesce(sum(hlen),0), coalesce(sum(blen),0),
                       coalesce(sum(plen),0), coalesce(sum(npass),0), coalesce(max(doc),0) FROM articles
                """)
            _ = try s.step()
            for (i, key) in keys.enumerated() { try put.run([.text(key), .int(s.int(Int32(i)))]) }
        }
        try put.run([.text("lastdoc"), .int(Int64(nextDoc - 1))])
        // Into an empty table the titles just written are all there are; otherwise they are read back.
        try storeSiteSuffix(wasEmpty ? titleSuffixes : nil)
        // The languages other than English that a query is also analysed in (bit k: `CollectionStats.stemmed[k]`).
        var languages: Int64 = 0
        let langs = try db.prepare("SELECT DISTINCT lang FROM articles WHERE lang IS NOT NULL")
        while try langs.step() { if let k = CollectionStats.stemmed.firstIndex(of: langs.text(0)) { languages |= 1 << k } }
        try put.run([.text("languages"), .int(languages)])
        try put.run([.text("terms"), .int(try termCount ?? db.scalarInt("SELECT count(*) FROM terms") ?? 0)])
        timer.mark("statistics")
    }

    /// The indices of `terms` in UTF-8 byte order (SQLite's BINARY collation): by their first eight
    /// bytes as an integer, then by the rest where those are equal.
    static func byteOrder(_ terms: [String]) -> [Int] {
        var bytes: [UInt8] = [], starts: [Int] = []
        starts.reserveCapacity(terms.count + 1)
        for t in terms { starts.append(bytes.count); bytes.append(contentsOf: t.utf8) }
        starts.append(bytes.count)
        var keys: [(prefix: UInt64, index: Int)] = []
        keys.reserveCapacity(terms.count)
        for i in terms.indices {
            var prefix: UInt64 = 0
            for (k, b) in bytes[starts[i]..<min(starts[i] + 8, starts[i + 1])].enumerated() { prefix |= UInt64(b) << UInt64(56 - 8 * k) }
            keys.append((prefix, i))
        }
        bytes.withUnsafeBufferPointer { b in
            keys.sort { x, y in
                if x.prefix != y.prefix { return x.prefix < y.prefix }
                let xs = UnsafeBufferPointer(rebasing: b[starts[x.index]..<starts[x.index + 1]])
                let ys = UnsafeBufferPointer(rebasing: b[starts[y.index]..<starts[y.index + 1]])
                let common = min(xs.count, ys.count)
                let c = common == 0 ? 0 : memcmp(xs.baseAddress!, ys.baseAddress!, common)
                return c != 0 ? c < 0 : xs.count < ys.count
            }
        }
        return keys.map(\.index)
    }

}
