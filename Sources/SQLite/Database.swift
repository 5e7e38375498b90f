import CSQLite

/// An error from SQLite, carrying its result code and message.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    public let code: Int32
    public let message: String
    public init(code: Int32, message: String) { self.code = code; self.message = message }
    public var description: String { message }
    /// True when another connection held a lock for longer than the busy timeout.
    public var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }
    /// True when the file is not a database or is damaged.
    public var isCorrupt: Bool { code & 0xFF == SQLITE_NOTADB || code & 0xFF == SQLITE_CORRUPT }
    /// True when the file or its directory cannot be written.
    public var isReadOnly: Bool { code & 0xFF == SQLITE_READONLY || code & 0xFF == SQLITE_CANTOPEN }
}

let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One connection to an SQLite database file: the only owner of a `sqlite3*` handle.
public final class Database {
    let handle: OpaquePointer
    public let path: String
    /// Statements kept by `withCachedStatement`, by SQL text.
    var cache: [String: Statement] = [:]

    /// Opens (creating when asked) a database, in WAL mode with a generous busy timeout so two
    /// `lore` processes can share a file without "database is locked".
    public init(path: String, readOnly: Bool = false, create: Bool = true) throws(SQLiteError) {
        var db: OpaquePointer?
        var flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        flags |= SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: message)
        }
        handle = db
        self.path = path
        sqlite3_busy_timeout(db, 10_000)
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        var err: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &err)
        if rc != SQLITE_OK {
            let message = err.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(err)
            throw SQLiteError(code: rc, message: message)
        }
    }

    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Runs `body` with a statement prepared once per connection and kept for the next call (parsing
    /// SQL costs more than a small query). The statement is reset afterwards, so no read stays open;
    /// a nested call with the same SQL gets a statement of its own.
    public func withCachedStatement<T>(_ sql: String, _ body: (Statement) throws -> T) throws -> T {
        let s = try cache.removeValue(forKey: sql) ?? prepare(sql)
        defer { s.reset(); cache[sql] = s }
        return try body(s)
    }

    /// Runs `body`, a reader, in one transaction unless one is already open: its statements then see
    /// one snapshot and take the file locks once, instead of once each.
    public func reading<T>(_ body: () throws -> T) throws -> T {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        try runCached("BEGIN")
        defer {
            // Nothing was written, so a failed COMMIT only needs the transaction closed.
            do { try runCached("COMMIT") } catch { try? execute("ROLLBACK") }
        }
        return try body()
    }

    /// Runs a statement that returns no rows, prepared once per connection.
    func runCached(_ sql: String) throws {
        try withCachedStatement(sql) { _ = try $0.step() }
    }

    /// Sets up a small file that several lore processes share (sessions, subscriptions): WAL, and `schema`
    /// (CREATE … IF NOT EXISTS) in one immediate transaction, so two processes creating the same file wait
    /// for each other under the busy timeout. Statement by statement, a connection that had read the schema
    /// could find it cannot become a writer after the other committed, which SQLite reports at once, without
    /// waiting ("database is locked"). Busy on the WAL switch means the other connection is making it.
    public func createShared(schema: String) throws(SQLiteError) {
        do { try execute("PRAGMA journal_mode=WAL") } catch { if !error.isBusy { throw error } }
        try execute("PRAGMA synchronous=NORMAL")
        try execute("BEGIN IMMEDIATE")
        do {
            try execute(schema)
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in a transaction (`BEGIN IMMEDIATE` for writers, so lock waits happen up front).
    public func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }
    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }
    var lastCode: Int32 { sqlite3_extended_errcode(handle) }

    /// Convenience: first column of the first row as Int, or nil.
    public func scalarInt(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) -> Int64? {
        let s = try prepare(sql)
        try s.bind(values)
        return try s.step() ? s.int(0) : nil
    }

    public func scalarText(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) -> String? {
        let s = try prepare(sql)
        try s.bind(values)
        return try s.step() ? s.text(0) : nil
    }

    /// The SQLite library version, e.g. "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}
