import Analysis
import Corpus
import SQLite
#if canImport(Glibc)
import Glibc
#endif

extension IndexWriter {
    /// Writes the changes inside the caller's transaction: deletes the articles of changed and removed
    /// files, inserts the new ones batch by batch, and merges their postings into each affected term.
    func apply(changes: [Change], removed: [String], known: [String: FileRow], report: inout IndexReport,
               progress: ((Int, Int) -> Void)?) throws {
        let workers = max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let analyzers = (0..<workers).map { _ in Analyzer() }

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
                if let a = try store.article(doc: d) { affected.formUnion(AnalyzedArticle.terms(of: a.article, analyzer: analyzers[0])) }
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
        var builders: [String: PostingBuilder] = [:]
        let insArticle = try db.prepare("""
            INSERT INTO articles(doc, id, source, line, title, url, author, date, feed, blocks, links, words,
                                 tlen, hlen, blen, plen, npass)
            VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """)
        let upFile = try db.prepare("INSERT OR REPLACE INTO files(path, size, mtime, hash, format, articles) VALUES (?,?,?,?,?,?)")
        let total = changes.reduce(0) { $0 + ($1.parsed?.articles.count ?? 0) }
        var done = 0
        for c in changes {
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
            while start < parsed.articles.count {
                let slice = parsed.articles[start..<min(start + batch, parsed.articles.count)]
                for a in analyze(slice, analyzers: analyzers) {
                    let doc = nextDoc; nextDoc += 1
                    for (t, _) in a.titleTF where a.bodyTF[t] == nil && a.headingTF[t] == nil { affected.insert(t) }
                    for t in a.allTerms {
                        builders[t, default: PostingBuilder()].add(DocPosting(
                            doc: doc, titleTF: a.titleTF[t] ?? 0, headingTF: a.headingTF[t] ?? 0, bodyTF: a.bodyTF[t] ?? 0,
                            titleLength: a.titleLength, headingLength: a.headingLength, bodyLength: a.bodyLength))
                    }
                    for (ord, tf) in a.passageTF.enumerated() {
                        for (t, n) in tf { builders[t, default: PostingBuilder()].add(PassagePosting(doc: doc, ordinal: ord, tf: n, length: a.passageLengths[ord])) }
                    }
                    let art = a.article
                    try insArticle.run([
                        .int(Int64(doc)), .text(art.id), .text(art.source), .int(Int64(art.line)), .text(art.title),
                        art.url.map(SQLValue.text) ?? .null, art.author.map(SQLValue.text) ?? .null,
                        art.date.map(SQLValue.text) ?? .null, art.feed.map(SQLValue.text) ?? .null,
                        .text(BlockCoding.encode(art.blocks)), .text(BlockCoding.encode(art.links)), .int(Int64(a.words)),
                        .int(Int64(a.titleLength)), .int(Int64(a.headingLength)), .int(Int64(a.bodyLength)),
                        .int(Int64(a.passageLengths.reduce(0, +))), .int(Int64(a.passages.count)),
                    ])
                }
                done += slice.count
                progress?(done, total)
                start += batch
            }
            try upFile.run([.text(c.file.source), .int(c.file.size), .int(c.file.mtime), .int(c.hash),
                            .text(parsed.format.rawValue), .int(Int64(parsed.articles.count))])
        }

        // 3. Write postings. A fresh index takes the builders as they are; otherwise merge term by term.
        let fresh = (try db.scalarInt("SELECT count(*) FROM terms") ?? 0) == 0
        let putTerm = try db.prepare("INSERT OR REPLACE INTO terms(term, df, docs, passages) VALUES (?,?,?,?)")
        if fresh {
            for (term, b) in builders {
                try putTerm.run([.text(term), .int(Int64(b.df)), .blob(b.docs), .blob(b.passages)])
            }
        } else {
            affected.formUnion(builders.keys)
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
                if let b = builders[term] {
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
    }
}
