import CSQLite

/// A value bound to a statement parameter.
public enum SQLValue: Sendable, Equatable {
    case null, int(Int64), double(Double), text(String), blob([UInt8])
}

/// A prepared statement; reusable after `reset()`.
public final class Statement {
    let handle: OpaquePointer
    unowned let database: Database

    init(database: Database, sql: String) throws(SQLiteError) {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(database.handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw SQLiteError(code: rc, message: database.lastMessage)
        }
        handle = stmt
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    public func bind(_ values: [SQLValue]) throws(SQLiteError) {
        for (i, v) in values.enumerated() { try bind(v, at: Int32(i + 1)) }
    }

    public func bind(_ value: SQLValue, at index: Int32) throws(SQLiteError) {
        let rc: Int32
        switch value {
        case .null: rc = sqlite3_bind_null(handle, index)
        case .int(let v): rc = sqlite3_bind_int64(handle, index, v)
        case .double(let v): rc = sqlite3_bind_double(handle, index, v)
        case .text(let v): rc = sqlite3_bind_text(handle, index, v, -1, transient)
        case .blob(let v):
            rc = v.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), transient) }
        }
        if rc != SQLITE_OK { throw SQLiteError(code: rc, message: database.lastMessage) }
    }

    /// Binds bytes as TEXT without copying them (SQLITE_STATIC): SQLite reads them until the statement
    /// is reset, so they must stay valid and unchanged until `runBound()` returns.
    public func bind(borrowedText text: UnsafeBufferPointer<UInt8>, at index: Int32) throws(SQLiteError) {
        let rc: Int32
        if let base = text.baseAddress, text.count > 0 {
            rc = base.withMemoryRebound(to: CChar.self, capacity: text.count) {
                sqlite3_bind_text(handle, index, $0, Int32(text.count), nil)
            }
        } else {
            rc = sqlite3_bind_text(handle, index, "", 0, transient)
        }
        if rc != SQLITE_OK { throw SQLiteError(code: rc, message: database.lastMessage) }
    }

    /// Binds bytes as a BLOB without copying them; as `bind(borrowedText:at:)`.
    public func bind(borrowedBlob blob: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
        let rc = blob.isEmpty ? sqlite3_bind_zeroblob(handle, index, 0)
            : sqlite3_bind_blob(handle, index, blob.baseAddress, Int32(blob.count), nil)
        if rc != SQLITE_OK { throw SQLiteError(code: rc, message: database.lastMessage) }
    }

    /// Runs the statement with the parameters bound, then resets it and clears the bindings, so that
    /// nothing borrowed outlives the call.
    public func runBound() throws(SQLiteError) {
        defer { sqlite3_reset(handle); sqlite3_clear_bindings(handle) }
        while try step() {}
    }

    /// Advances to the next row; false when done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw SQLiteError(code: rc, message: database.lastMessage)
    }

    /// Binds, runs to completion and resets.
    public func run(_ values: [SQLValue] = []) throws(SQLiteError) {
        reset()
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    public func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    public func text(_ column: Int32) -> String {
        guard let p = sqlite3_column_text(handle, column) else { return "" }
        let n = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }
    public func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
    public func blob(_ column: Int32) -> [UInt8] {
        let n = Int(sqlite3_column_bytes(handle, column))
        guard n > 0, let p = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: p, count: n))
    }
    /// Calls `body` with the column's text as UTF-8 bytes, without copying or decoding them; the
    /// bytes are valid only inside `body`.
    public func withText<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let p = sqlite3_column_text(handle, column)   // before sqlite3_column_bytes, as SQLite asks
        let n = Int(sqlite3_column_bytes(handle, column))
        guard let p, n > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: p, count: n))
    }

    /// Calls `body` with the blob's bytes without copying them.
    public func withBlob<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        let n = Int(sqlite3_column_bytes(handle, column))
        guard n > 0, let p = sqlite3_column_blob(handle, column) else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return body(UnsafeRawBufferPointer(start: p, count: n))
    }
}
