import Analysis
import Corpus
import Dispatch
import SQLite
#if canImport(Glibc)
import Glibc
#endif

/// Incremental indexing: re-parses only files whose size, mtime and content hash changed, drops
/// deleted ones, and rewrites just the posting lists those articles touch, in one transaction
/// (a kill -9 leaves the previous index intact).
struct IndexWriter {
    let index: Index
    var db: Database { index.db }

    struct FileRow { var size: Int64; var mtime: Int64; var hash: Int64 }

    /// A file whose content must be (re)indexed.
    struct Change { var file: CorpusFile; var hash: Int64; var parsed: ParsedFile?; var reason: String? }

    func update(rebuild: Bool, waitForLock: Bool, progress: ((Int, Int) -> Void)?) throws -> IndexReport {
        let clock = ContinuousClock.now
        var timer = PhaseTimer()
        var report = IndexReport()
        let needsRebuild = rebuild || index.meta("analyzer") != Analyzer.version || index.meta("schema") != Schema.version

        let walk: CorpusWalk
        do { walk = try CorpusWalker.walk(index.corpus) } catch { throw RetrievalError.corpus("\(error)") }
        report.skipped = walk.skipped
        report.files = walk.files.count

        var attempt = 0
        while true {
            attempt += 1
            let known = needsRebuild ? [:] : try loadFiles()
            let startGeneration = index.generation
            var changes: [Change] = []
            var touched: [(String, Int64)] = []   // unchanged content, new mtime
            for f in walk.files {
                if let row = known[f.source], row.size == f.size, row.mtime == f.mtime { report.unchanged += 1; continue }
                guard let bytes = try? CorpusWalker.readFile(f.path) else {
                    report.skipped.append(SkippedFile(source: f.source, reason: "cannot be read"))
                    continue
                }
                let hash = Int64(bitPattern: contentHash(bytes))
                if let row = known[f.source], row.hash == hash { touched.append((f.source, f.mtime)); report.unchanged += 1; continue }
                changes.append(Change(file: f, hash: hash, parsed: nil, reason: nil))
                changes[changes.count - 1].parsed = parse(bytes, &changes[changes.count - 1])
            }
            timer.mark("read and parse")
            let present = Set(walk.files.map(\.source))
            let unreadable = Set(walk.skipped.map(\.source))
            let removed = known.keys.filter { !present.contains($0) && !unreadable.contains($0) }.sorted()

            for c in changes {
                if let reason = c.reason { report.skipped.append(SkippedFile(source: c.file.source, reason: reason)) }
                if let p = c.parsed { report.warnings += p.warnings.map { "\(displaySource(c.file.source)): \($0)" } }
            }
            if !needsRebuild && changes.isEmpty && removed.isEmpty {
                if !touched.isEmpty { try? touch(touched) }
                try fillCounts(&report)
                report.seconds = seconds(since: clock)
                return report
            }

            var lockError: SQLiteError?
            // A page cache large enough that the one big transaction does not spill pages to the WAL
            // and read them back (64 MiB at most, only while writing; the default is restored below).
            try? db.execute("PRAGMA cache_size = -65536")
            defer { try? db.execute("PRAGMA cache_size = -2000") }
            do { try db.execute("BEGIN IMMEDIATE") } catch { lockError = error }
            if let e = lockError {
                guard e.isBusy && !waitForLock else { throw e }
                // Someone else is writing; answer from the index as it stands.
                try fillCounts(&report)
                report.warnings.append("the index is being updated by another lore process; using the previous index")
                return report
            }
            do {
                if index.generation != startGeneration && attempt < 3 {
                    try db.execute("ROLLBACK")
                    report = IndexReport(); report.skipped = walk.skipped; report.files = walk.files.count
                    continue
                }
                if needsRebuild { try Schema.dropIndexTables(db) }
                try apply(changes: changes, removed: removed, known: known, report: &report, progress: progress)
                timer.mark("apply")
                try touch(touched)
                try setMeta("analyzer", Analyzer.version)
                try setMeta("schema", Schema.version)
                try setMeta("generation", String(startGeneration + 1))
                try db.execute("COMMIT")
                timer.mark("commit")
            } catch {
                try? db.execute("ROLLBACK")
                throw error
            }
            try fillCounts(&report)
            report.seconds = seconds(since: clock)
            return report
        }
    }

    func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    func parse(_ bytes: [UInt8], _ change: inout Change) -> ParsedFile? {
        do {
            return try ArticleParser.parse(bytes, source: change.file.source)
        } catch {
            change.reason = "\(error)"
            return nil
        }
    }

    func loadFiles() throws -> [String: FileRow] {
        var out: [String: FileRow] = [:]
        let s = try db.prepare("SELECT path, size, mtime, hash FROM files")
        while try s.step() { out[s.text(0)] = FileRow(size: s.int(1), mtime: s.int(2), hash: s.int(3)) }
        return out
    }

    func touch(_ rows: [(String, Int64)]) throws {
        let s = try db.prepare("UPDATE files SET mtime = ? WHERE path = ?")
        for (path, mtime) in rows { try s.run([.int(mtime), .text(path)]) }
    }

    func setMeta(_ key: String, _ value: String) throws {
        try db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)").run([.text(key), .text(value)])
    }

    /// Counts come from the stats rows written with every change, never from a scan of the articles.
    func fillCounts(_ r: inout IndexReport) throws {
        var v: [String: Int64] = [:]
        let s = try db.prepare("SELECT key, value FROM stats")
        while try s.step() { v[s.text(0)] = s.int(1) }
        r.articles = Int(v["docs"] ?? 0)
        r.passages = Int(v["passages"] ?? 0)
        r.terms = Int(v["terms"] ?? 0)
    }

    /// Analyses a batch of articles on all cores, one counter (analyzer + scratch) per worker: the
    /// stemmer and the vocabulary are not thread-safe. Article j goes to worker j % workers.
    func analyze(_ articles: ArraySlice<Article>, counters: [TermCounter]) -> [AnalyzedArticle] {
        let items = Array(articles)
        let workers = counters.count
        let results = UnsafeMutableBufferPointer<AnalyzedArticle?>.allocate(capacity: items.count)
        results.initialize(repeating: nil)
        defer { _ = results.deinitialize(); results.deallocate() }
        nonisolated(unsafe) let out = results
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var j = worker
            while j < items.count {
                out[j] = AnalyzedArticle(items[j], counter: counters[worker])
                j += workers
            }
        }
        return results.compactMap { $0 }
    }
}
