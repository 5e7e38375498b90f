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

    /// Opens the index. A file that is not a lore index (or is damaged) is moved aside, reported
    /// through `notice`, and a new index is built in its place.
    public init(path: String, corpus: String, notice: (String) -> Void = { _ in }) throws(RetrievalError) {
        self.path = path
        self.corpus = corpus
        do {
            db = try Index.open(path)
        } catch let e as SQLiteError where e.isCorrupt {
            let aside = path + ".damaged-\(Int(time(nil)))"
            rename(path, aside)
            unlink(path + "-wal"); unlink(path + "-shm")
            notice("lore: \(path) was not a usable lore index; moved it to \(aside) and rebuilding")
            do { db = try Index.open(path) } catch { throw RetrievalError.database(path: path, message: "\(error)") }
        } catch let e as SQLiteError where e.isReadOnly {
            throw RetrievalError.readOnly(path: path)
        } catch {
            throw RetrievalError.database(path: path, message: "\(error)")
        }
    }

    static func open(_ path: String) throws -> Database {
        let db = try Database(path: path)
        // 16 KiB pages for a new file (an existing one keeps its own): the index is mostly long rows and
        // posting blobs, and a win32-docs build writes and checkpoints 225 MB a quarter as many pages
        // (about 0.7 s faster; query latency unchanged).
        try db.execute("PRAGMA page_size = 16384; PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
        // Touch the file so that a foreign file fails here, not halfway through a query.
        _ = try db.scalarInt("SELECT count(*) FROM sqlite_master")
        if try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'terms'") == 0 {
            try db.transaction { try Schema.create(db) }
        } else {
            let hasMeta = try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'meta'") ?? 0
            if hasMeta == 0 { throw SQLiteError(code: 26, message: "not a lore index") }
        }
        return db
    }

    func meta(_ key: String) -> String? {
        try? db.scalarText("SELECT value FROM meta WHERE key = ?", [.text(key)])
    }

    /// The counter bumped by every write, so concurrent writers notice each other.
    var generation: Int64 { (try? db.scalarInt("SELECT value FROM meta WHERE key = 'generation'")).flatMap { $0 }.map { $0 } ?? 0 }

    /// A stamp of the index's content, recorded with every chat turn.
    public var version: String { "\(Analyzer.version)#\(generation)" }

    /// Brings the index up to date with the corpus directory (see `IndexWriter`).
    public func update(rebuild: Bool = false, waitForLock: Bool = true,
                       progress: ((Int, Int) -> Void)? = nil) throws -> IndexReport {
        try IndexWriter(index: self).update(rebuild: rebuild, waitForLock: waitForLock, progress: progress)
    }
}
