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

    /// A file whose content must be (re)indexed: its content, else why it is skipped, and its warnings.
    struct Change: Sendable {
        var file: CorpusFile
        /// The content hash; a new JSON Lines file is hashed while the workers start on it (`hashLater`).
        var hash: Int64 = 0
        var unhashed: [UInt8]?
        var content: ArticleParser.Prepared?
        var reason: String?
        var warnings: [String] = []
    }

    func update(rebuild: Bool, waitForLock: Bool, symlinks: SymlinkPolicy, progress: ((Int, Int) -> Void)?) throws -> IndexReport {
        let clock = ContinuousClock.now
        var timer = PhaseTimer()
        var report = IndexReport()

        let walk: CorpusWalk
        do { walk = try CorpusWalker.walk(index.corpus, symlinks: symlinks) } catch { throw RetrievalError.corpus("\(error)") }
        report.skipped = walk.skipped
        report.files = walk.files.count

        var attempt = 0
        while true {
            attempt += 1
            // Read afresh on every attempt: another process may have just rebuilt the index.
            let startGeneration = index.generation
            let needsRebuild = rebuild || index.meta("analyzer") != Analyzer.version || index.meta("schema") != Schema.version
                || index.meta("parser") != ArticleParser.version
            let known = needsRebuild ? [:] : try loadFiles()
            var changes: [Change] = []
            var touched: [(String, Int64)] = []   // unchanged content, new mtime
            for f in walk.files {
                if let row = known[f.source], row.size == f.size, row.mtime == f.mtime { report.unchanged += 1; continue }
                guard let bytes = try? CorpusWalker.readFile(f.path) else {
                    report.skipped.append(SkippedFile(source: f.source, reason: "cannot be read"))
                    continue
                }
                guard let row = known[f.source] else { changes.append(prepare(bytes, file: f, hash: nil)); continue }
                let hash = Int64(bitPattern: contentHash(bytes))
                if row.hash == hash { touched.append((f.source, f.mtime)); report.unchanged += 1; continue }
                changes.append(prepare(bytes, file: f, hash: hash))
            }
            timer.mark("read files")
            let present = Set(walk.files.map(\.source))
            // A file unreadable for now keeps its articles; one behind a link no longer followed loses them
            // (an index built by an earlier lore that followed every link must not keep what it read).
            let unreadable = Set(walk.skipped.filter { !CorpusWalker.isLinkPolicy($0.reason) }.map(\.source))
            let removed = known.keys.filter { !present.contains($0) && !unreadable.contains($0) }.sorted()

            if !needsRebuild && changes.isEmpty && removed.isEmpty {
                if !touched.isEmpty { try? touch(touched) }
                if index.recordedCorpus != index.corpus { try? setMeta("corpus", index.corpus) }
                try fillCounts(&report)
                report.seconds = seconds(since: clock)
                return report
            }

            var lockError: SQLiteError?
            // A page cache large enough that the one big transaction does not spill pages to the WAL
            // and read them back (64 MiB at most, only while writing; the default is restored below).
            // A first build (rollback journal, appending) spills straight into the file: 16 MiB do.
            try? db.execute(index.walPending ? "PRAGMA cache_size = -16384" : "PRAGMA cache_size = -65536")
            defer { try? db.execute("PRAGMA cache_size = -2000") }
            do { try db.execute("BEGIN IMMEDIATE") } catch { lockError = error }
            if let e = lockError {
                guard e.isBusy && !waitForLock else { throw e }
                // Someone else is writing; answer from the index as it stands.
                for i in changes.indices { settleWithoutIndexing(&changes[i]) }
                hashLater(&changes)
                reportOutcomes(changes, &report)
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
                try apply(changes: &changes, removed: removed, known: known, report: &report, progress: progress)
                timer.mark("apply")
                try touch(touched)
                try setMeta("analyzer", Analyzer.version)
                try setMeta("schema", Schema.version)
                try setMeta("parser", ArticleParser.version)
                try setMeta("corpus", index.corpus)
                try setMeta("generation", String(startGeneration + 1))
                try db.execute("COMMIT")
                timer.mark("commit")
            } catch {
                try? db.execute("ROLLBACK")
                throw error
            }
            index.useWAL()
            reportOutcomes(changes, &report)
            try fillCounts(&report)
            report.seconds = seconds(since: clock)
            return report
        }
    }

    func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// Parses a file, or readies a JSON Lines file to be parsed in pieces. Without a `hash`, the file is
    /// hashed here, or later for a JSON Lines file (whose text is usually these very bytes).
    func prepare(_ bytes: [UInt8], file: CorpusFile, hash: Int64?) -> Change {
        var change = Change(file: file)
        do {
            change.content = try ArticleParser.prepare(bytes, source: file.source)
            if case .parsed(let parsed) = change.content { change.warnings = parsed.warnings }
        } catch {
            change.reason = "\(error)"
        }
        if let hash { change.hash = hash } else if case .jsonLines = change.content { change.unhashed = bytes } else {
            change.hash = Int64(bitPattern: contentHash(bytes))
        }
        return change
    }

    /// Hashes the files left unhashed by `prepare`.
    func hashLater(_ changes: inout [Change]) {
        for i in changes.indices {
            guard let bytes = changes[i].unhashed else { continue }
            changes[i].hash = Int64(bitPattern: contentHash(bytes))
            changes[i].unhashed = nil
        }
    }

    /// Without an index run, a JSON Lines file is parsed here only for its warnings.
    func settleWithoutIndexing(_ change: inout Change) {
        guard case .jsonLines(let file) = change.content else { return }
        do { change.warnings = try file.parseWhole().warnings } catch {
            change.content = nil
            change.reason = "\(error)"
        }
    }

    /// Skipped files and warnings, in file order.
    func reportOutcomes(_ changes: [Change], _ report: inout IndexReport) {
        for c in changes {
            if let reason = c.reason { report.skipped.append(SkippedFile(source: c.file.source, reason: reason)) }
            report.warnings += c.warnings.map { "\(displaySource(c.file.source)): \($0)" }
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

    /// The site's name that ends most titles (" - Rust"), for `ArticleStore` to leave off: from `counts` of the
    /// titles' suffixes when they are all the index holds, else from the stored titles that have a separator (the
    /// count of all from the statistics just written).
    func storeSiteSuffix(_ counts: [String: Int]?) throws {
        let total = Int(try db.scalarInt("SELECT value FROM stats WHERE key = 'docs'") ?? 0)
        var found: String?
        if let counts {
            found = SiteTitles.commonSuffix(counts: counts, total: total)
        } else {
            let marked = SiteTitles.separators.map { _ in "title LIKE ?" }.joined(separator: " OR ")
            let s = try db.prepare("SELECT title FROM articles WHERE \(marked)")
            try s.bind(SiteTitles.separators.map { SQLValue.text("%" + $0 + "%") })
            var titles: [String] = []
            while try s.step() { titles.append(s.text(0)) }
            found = SiteTitles.commonSuffix(titles, of: total)
        }
        if let found { try setMeta("title_suffix", found) } else { try db.prepare("DELETE FROM meta WHERE key = 'title_suffix'").run([]) }
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
}
