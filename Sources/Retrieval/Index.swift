import Analysis
import Corpus
import SQLite
#if canImport(Glibc)
import Glibc
#endif

/// The on-disk index of one corpus directory: opens (or creates) the SQLite file and keeps it in step
/// with the corpus. Readers use `Searcher` and `ArticleStore` on the same `Database`.
public final class Index {
    public let db: Database
    public let path: String
    public let corpus: String
    /// Set for a new file, whose first build is written with a rollback journal: the pages of an empty
    /// database go straight into the file, instead of into the WAL and again into the file at the
    /// checkpoint (win32-docs: about 0.8 s and 225 MB of writes less). The file turns to WAL after that
    /// write (`useWAL`), so from then on readers never wait for a writer; during a first build a
    /// concurrent lore process waits for it instead (up to the busy timeout).
    var walPending = false

    /// Opens the index. A file that is not a lore index (or is damaged) is moved aside, reported
    /// through `notice`, and a new index is built in its place.
    public init(path: String, corpus: String, notice: (String) -> Void = { _ in }) throws(RetrievalError) {
        self.path = path
        self.corpus = corpus
        do {
            (db, walPending) = try Index.open(path)
        } catch let e as SQLiteError where e.isCorrupt {
            let aside = path + ".damaged-\(Int(time(nil)))"
            rename(path, aside)
            unlink(path + "-wal"); unlink(path + "-shm")
            notice("lore: \(path) was not a usable lore index; moved it to \(aside) and rebuilding")
            do { (db, walPending) = try Index.open(path) } catch { throw RetrievalError.database(path: path, message: "\(error)") }
        } catch let e as SQLiteError where e.isReadOnly {
            throw RetrievalError.readOnly(path: path)
        } catch {
            throw RetrievalError.database(path: path, message: "\(error)")
        }
    }

    /// Opens an existing index for reading only (`lore mcp` serves from one after its start-up refresh):
    /// the connection never takes the write lock, so it cannot keep a writer in another process waiting.
    public init(readingFrom path: String, corpus: String) throws(RetrievalError) {
        self.path = path
        self.corpus = corpus
        do { db = try Database(path: path, readOnly: true, create: false) } catch {
            throw RetrievalError.database(path: path, message: "\(error)")
        }
    }

    /// Opens the file; true when it was empty (a new index, still with a rollback journal).
    static func open(_ path: String) throws -> (Database, Bool) {
        let db = try Database(path: path)
        // Touch the file so that a foreign file fails here, not halfway through a query.
        let isNew = try db.scalarInt("SELECT count(*) FROM sqlite_master") == 0
        if isNew {
            // 16 KiB pages (an existing file keeps its own): the index is mostly long rows and posting
            // blobs, and a win32-docs build then writes a quarter as many pages (about 0.7 s faster;
            // query latency unchanged).
            try db.execute("PRAGMA page_size = 16384")
        } else {
            // Busy when another process is writing the first build of this file: it turns the file to WAL
            // when done, and until then this connection reads with the rollback journal.
            do { try db.execute("PRAGMA journal_mode=WAL") } catch { if !error.isBusy { throw error } }
            try db.execute("PRAGMA synchronous=NORMAL")
        }
        if try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'terms'") == 0 {
            try db.transaction { try Schema.create(db) }
        } else {
            let hasMeta = try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'meta'") ?? 0
            if hasMeta == 0 { throw SQLiteError(code: 26, message: "not a lore index") }
        }
        return (db, isNew)
    }

    /// Turns a new file to WAL after its first write (see `walPending`). Should another connection be
    /// open, the file stays as it is until the next open, which turns it.
    func useWAL() {
        guard walPending else { return }
        walPending = false
        try? db.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
    }

    func meta(_ key: String) -> String? {
        try? db.scalarText("SELECT value FROM meta WHERE key = ?", [.text(key)])
    }

    /// The corpus directory this index was last brought up to date with (nil for an index from before
    /// lore recorded it).
    public var recordedCorpus: String? { meta("corpus") }

    /// The corpus directory the index file at `path` records, without opening it for writing; nil when
    /// there is no such file, it is no lore index, or it records none.
    public static func recordedCorpus(at path: String) -> String? {
        guard let db = try? Database(path: path, readOnly: true, create: false) else { return nil }
        return try? db.scalarText("SELECT value FROM meta WHERE key = 'corpus'")
    }

    /// The counter bumped by every write, so concurrent writers notice each other.
    public var generation: Int64 { (try? db.scalarInt("SELECT value FROM meta WHERE key = 'generation'")).flatMap { $0 }.map { $0 } ?? 0 }

    /// A stamp of the index's content, recorded with every chat turn.
    public var version: String { "\(Analyzer.version)#\(generation)" }

    /// Brings the index up to date with the corpus directory (see `IndexWriter`).
    public func update(rebuild: Bool = false, waitForLock: Bool = true, symlinks: SymlinkPolicy = .skip,
                       progress: ((Int, Int) -> Void)? = nil) throws -> IndexReport {
        try IndexWriter(index: self).update(rebuild: rebuild, waitForLock: waitForLock, symlinks: symlinks, progress: progress)
    }
}
