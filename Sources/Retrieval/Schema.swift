import SQLite

/// The index's tables. Passages are not stored as rows: they are derived deterministically from an
/// article's blocks (`Chunker`), and their statistics live in the passage postings. One SQLite file in WAL mode; sessions live in the same file (see LoreCLI).
enum Schema {
    static let version = "7"

    static let sql = """
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS files (
        path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime INTEGER NOT NULL, hash INTEGER NOT NULL,
        format TEXT, articles INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS articles (
        doc INTEGER PRIMARY KEY, id TEXT NOT NULL, source TEXT NOT NULL, line INTEGER NOT NULL,
        title TEXT NOT NULL, url TEXT, author TEXT, date TEXT, feed TEXT, lang TEXT, tags TEXT,
        blocks TEXT NOT NULL, links TEXT NOT NULL, words INTEGER NOT NULL,
        tlen INTEGER NOT NULL, hlen INTEGER NOT NULL, blen INTEGER NOT NULL, plen INTEGER NOT NULL, npass INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS articles_source ON articles(source, line);
    CREATE INDEX IF NOT EXISTS articles_id ON articles(id);
    CREATE TABLE IF NOT EXISTS terms (
        term TEXT PRIMARY KEY, df INTEGER NOT NULL, docs BLOB NOT NULL, passages BLOB NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS stats (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
    """

    static func create(_ db: Database) throws {
        try db.execute(sql)
    }

    /// Empties the index for a rebuild. The tables are dropped and made anew, so an index written by an
    /// older schema is replaced rather than patched.
    static func dropIndexTables(_ db: Database) throws {
        try db.execute("""
        DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS articles; DROP TABLE IF EXISTS passages;
        DROP TABLE IF EXISTS terms; DROP TABLE IF EXISTS stats;
        """)
        try db.execute(sql)
    }
}
