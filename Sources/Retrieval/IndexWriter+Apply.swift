import Analysis
import Corpus
import Dispatch
import SQLite
#if canImport(Glibc)
import Glibc
#endif

extension IndexWriter {
    /// Writes the changes inside the caller's transaction: deletes the articles of changed and removed
    /// files, inserts the new ones batch by batch, and merges their postings into each affected term.
    func apply(changes: [Change], removed: [String], known: [String: FileRow], report: inout IndexReport,
               progress: ((Int, Int) -> Void)?) throws {
        var timer = PhaseTimer()
        let workers = max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let counters = (0..<workers).map { _ in TermCounter() }

        // 1. Articles going away: their doc numbers, and their terms (re-derived from the stored text).
        var removedDocs = Set<Int>()
        var affected = Set<String>()
        let store = ArticleStore(db: db)
        let selectDocs = try db.prepare("SELECT doc FROM articles WHERE source = ?")
        let sourcesOut = removed + changes.filter { known[$0.file.source] != nil && $0.parsed != nil }.map(\.file.source)
        for source in sourcesOut {
            selectDocs.reset()
            try selectDocs.bind([.text(source)])
            var docs: [Int] = []
            while try selectDocs.step() { docs.append(Int(selectDocs.int(0))) }
            for d in docs {
                removedDocs.insert(d)
                if let a = try store.article(doc: d) { affected.formUnion(AnalyzedArticle.terms(of: a.article, analyzer: counters[0].analyzer)) }
            }
        }
        let delArticles = try db.prepare("DELETE FROM articles WHERE source = ?")
        let delFile = try db.prepare("DELETE FROM files WHERE path = ?")
        for source in sourcesOut { try delArticles.run([.text(source)]) }
        for source in removed { try delFile.run([.text(source)]) }
        report.removed = removed.count

        // 2. New articles get doc numbers above every existing one, so appended postings stay sorted.
        var nextDoc = Int(try db.scalarInt("SELECT coalesce(max(doc), 0) FROM articles") ?? 0) + 1
        if let last = try db.scalarInt("SELECT value FROM stats WHERE key = 'lastdoc'") { nextDoc = max(nextDoc, Int(last) + 1) }
        var builders: [PostingBuilder] = []
        var builderTerms: [String] = []
        var builderIDs: [String: Int32] = [:]
        // Per worker: its vocabulary id → builder index, or -1 until first seen.
        var localToGlobal = [[Int32]](repeating: [], count: counters.count)
        let insArticle = try db.prepare("""
            INSERT INTO articles(doc, id, source, line, title, url, author, date, feed, blocks, links, words,
                                 tlen, hlen, blen, plen, npass)
            VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """)
        let upFile = try db.prepare("INSERT OR REPLACE INTO files(path, size, mtime, hash, format, articles) VALUES (?,?,?,?,?,?)")
        let total = changes.reduce(0) { $0 + ($1.parsed?.articles.count ?? 0) }
        var done = 0
        // Batches of articles in file order; a file's row is written after its last batch.
        var jobs: [(change: Int, range: Range<Int>)] = []
        for (ci, c) in changes.enumerated() {
            guard let parsed = c.parsed else {
                // Unparseable: remember it (so it is reported once, not on every run) unless older content exists.
                if known[c.file.source] == nil {
                    try upFile.run([.text(c.file.source), .int(c.file.size), .int(c.file.mtime), .int(c.hash),
                                    .text("skipped: " + (c.reason ?? "")), .int(0)])
                }
                continue
            }
            if known[c.file.source] == nil { report.added += 1 } else { report.updated += 1 }
            let batch = 512
            var start = 0
            repeat {
                jobs.append((ci, start..<min(start + batch, parsed.articles.count)))
                start += batch
            } while start < parsed.articles.count
        }
        // Analysis of batch k + 1 runs on the workers while this thread merges batch k and writes its rows.
        final class Pending: @unchecked Sendable {
            var results: [AnalyzedArticle] = []
            let ready = DispatchSemaphore(value: 0)
        }
        func launch(_ k: Int) -> Pending {
            let p = Pending()
            let slice = changes[jobs[k].change].parsed!.articles[jobs[k].range]
            nonisolated(unsafe) let writer = self
            let counters = counters
            DispatchQueue.global().async {
                p.results = writer.analyze(slice, counters: counters)
                p.ready.signal()
            }
            return p
        }
        // Per worker: the terms of its vocabulary ids, copied while the worker is idle.
        var names = [[String]](repeating: [], count: counters.count)
        var next: Pending? = jobs.isEmpty ? nil : launch(0)
        for k in jobs.indices {
            let current = next!
            current.ready.wait()
            for (w, c) in counters.enumerated() {
                for id in names[w].count..<c.analyzer.vocabularySize { names[w].append(c.analyzer.term(Int32(id))) }
            }
            next = k + 1 < jobs.count ? launch(k + 1) : nil
            for a in current.results {
                let doc = nextDoc; nextDoc += 1
                let w = counters.firstIndex { $0 === a.counter } ?? 0
                var map = localToGlobal[w]; localToGlobal[w] = []
                if map.count < names[w].count { map += [Int32](repeating: -1, count: names[w].count - map.count) }
                for (e, t) in a.terms.enumerated() {
                    let id = Int(t.id)
                    var g = map[id]
                    if g < 0 {
                        let term = names[w][id]
                        if let known = builderIDs[term] { g = known } else {
                            g = Int32(builders.count)
                            builders.append(PostingBuilder()); builderTerms.append(term); builderIDs[term] = g
                        }
                        map[id] = g
                    }
                    builders[Int(g)].add(DocPosting(
                        doc: doc, titleTF: Int(t.title), headingTF: Int(t.heading), bodyTF: Int(t.body),
                        titleLength: a.titleLength, headingLength: a.headingLength, bodyLength: a.bodyLength))
                    for k in Int(a.passageStart[e])..<Int(a.passageStart[e + 1]) {
                        let ord = Int(a.passageOrdinal[k])
                        builders[Int(g)].add(PassagePosting(doc: doc, ordinal: ord, tf: Int(a.passageTF[k]), length: a.passageLengths[ord]))
                    }
                }
                localToGlobal[w] = map
                let art = a.article
                try insArticle.run([
                    .int(Int64(doc)), .text(art.id), .text(art.source), .int(Int64(art.line)), .text(art.title),
                    art.url.map(SQLValue.text) ?? .null, art.author.map(SQLValue.text) ?? .null,
                    art.date.map(SQLValue.text) ?? .null, art.feed.map(SQLValue.text) ?? .null,
                    .text(a.encodedBlocks), .text(a.encodedLinks), .int(Int64(a.words)),
                    .int(Int64(a.titleLength)), .int(Int64(a.headingLength)), .int(Int64(a.bodyLength)),
                    .int(Int64(a.passageLengths.reduce(0, +))), .int(Int64(a.passageCount)),
                ])
            }
            done += jobs[k].range.count
            progress?(done, total)
            let c = changes[jobs[k].change]
            if k + 1 == jobs.count || jobs[k + 1].change != jobs[k].change, let parsed = c.parsed {
                try upFile.run([.text(c.file.source), .int(c.file.size), .int(c.file.mtime), .int(c.hash),
                                .text(parsed.format.rawValue), .int(Int64(parsed.articles.count))])
            }
        }

        timer.mark("analyse, merge, write articles")
        // 3. Write postings. A fresh index takes the builders as they are; otherwise merge term by term.
        let fresh = (try db.scalarInt("SELECT count(*) FROM terms") ?? 0) == 0
        let putTerm = try db.prepare("INSERT OR REPLACE INTO terms(term, df, docs, passages) VALUES (?,?,?,?)")
        if fresh {
            // In key order: the terms table is a WITHOUT ROWID b-tree, so appends keep its pages full.
            let order = builderTerms.indices.sorted { builderTerms[$0].utf8.lexicographicallyPrecedes(builderTerms[$1].utf8) }
            for i in order {
                let b = builders[i]
                try putTerm.run([.text(builderTerms[i]), .int(Int64(b.df)), .blob(b.docs), .blob(b.passages)])
            }
        } else {
            affected.formUnion(builderTerms)
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
                if let g = builderIDs[term] {
                    let b = builders[Int(g)]
                    docs += PostingCodec.decodeDocs(b.docs)
                    passages += PostingCodec.decodePassages(b.passages)
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
        // 4. Collection statistics, recomputed from the article rows.
        let s = try db.prepare("""
            SELECT count(*), coalesce(sum(tlen),0), coalesce(sum(hlen),0), coalesce(sum(blen),0),
                   coalesce(sum(plen),0), coalesce(sum(npass),0), coalesce(max(doc),0) FROM articles
            """)
        _ = try s.step()
        let put = try db.prepare("INSERT OR REPLACE INTO stats(key, value) VALUES (?, ?)")
        for (i, key) in ["docs", "tlen", "hlen", "blen", "plen", "passages", "maxdoc"].enumerated() {
            try put.run([.text(key), .int(s.int(Int32(i)))])
        }
        try put.run([.text("lastdoc"), .int(Int64(nextDoc - 1))])
        try put.run([.text("terms"), .int(try db.scalarInt("SELECT count(*) FROM terms") ?? 0)])
        timer.mark("statistics")
    }
}
