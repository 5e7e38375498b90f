import Assistant
import SQLite
#if canImport(Glibc)
import Glibc
#endif

/// A saved turn of a conversation.
struct StoredTurn {
    var id: Int64
    var session: Int64
    var input: String
    var toolCall: String
    var answer: String
    var citations: String
    var createdAt: String
    var interrupted: Bool
    var indexVersion: String
}

/// Conversations in SQLite (their own file beside the index): each turn is written, in its own
/// transaction, as soon as it completes, so a kill -9 loses nothing said before.
final class SessionStore {
    let db: Database
    let path: String

    init(path: String) throws {
        self.path = path
        do {
            db = try Database(path: path)
            try db.createShared(schema: """
            CREATE TABLE IF NOT EXISTS sessions (id INTEGER PRIMARY KEY, title TEXT NOT NULL DEFAULT '',
                corpus TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL, updated_at TEXT NOT NULL, context TEXT NOT NULL DEFAULT '');
            CREATE TABLE IF NOT EXISTS turns (id INTEGER PRIMARY KEY, session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                role TEXT NOT NULL DEFAULT 'exchange', input TEXT NOT NULL, tool_call TEXT NOT NULL, answer TEXT NOT NULL,
                citations TEXT NOT NULL, created_at TEXT NOT NULL, completed_at TEXT NOT NULL,
                interrupted INTEGER NOT NULL DEFAULT 0, index_version TEXT NOT NULL DEFAULT '');
            CREATE INDEX IF NOT EXISTS turns_session ON turns(session, id);
            """)
        } catch {
            let e = error as? SQLiteError
            if e?.isCorrupt == true {
                throw CLIError("sessions file \(path) is damaged or not a lore sessions database; move it aside (nothing was changed) or set LORE_SESSIONS_DB to another file")
            }
            if e?.isReadOnly == true {
                throw CLIError("cannot write sessions to \(path) (read-only location); use --no-save or set LORE_SESSIONS_DB")
            }
            throw CLIError("sessions file \(path): \(error)")
        }
    }

    /// Opens the sessions file. A damaged one is never deleted: on a terminal lore offers to move it
    /// aside and start a new file; otherwise it stops with one line saying what to do.
    static func open(path: String, askToSetAside: Bool) throws -> SessionStore {
        do {
            return try SessionStore(path: path)
        } catch let e as CLIError where askToSetAside && e.description.contains("damaged") {
            Out.write("lore: the sessions file \(sanitize(path, keepNewlines: false)) is damaged. Move it aside and start a new one? [y/N] ", fd: 2)
            guard let reply = readLine(), reply.lowercased().hasPrefix("y") else { throw e }
            let aside = path + ".damaged-\(Int(time(nil)))"
            guard rename(path, aside) == 0 else { throw CLIError("could not move \(path) aside; move it yourself or set LORE_SESSIONS_DB") }
            unlink(path + "-wal"); unlink(path + "-shm")
            Out.err("lore: moved it to \(sanitize(aside, keepNewlines: false))")
            return try SessionStore(path: path)
        }
    }

    static func now() -> String { timestamp(time(nil)) }

    /// A time as ISO 8601 in UTC, to the second.
    static func timestamp(_ seconds: time_t) -> String {
        var t = seconds
        var tmv = tm()
        gmtime_r(&t, &tmv)
        func p(_ v: Int32, _ w: Int = 2) -> String { let s = String(v); return String(repeating: "0", count: max(0, w - s.count)) + s }
        return "\(p(tmv.tm_year + 1900, 4))-\(p(tmv.tm_mon + 1))-\(p(tmv.tm_mday))T\(p(tmv.tm_hour)):\(p(tmv.tm_min)):\(p(tmv.tm_sec))Z"
    }

    func create(corpus: String) throws -> Int64 {
        let now = SessionStore.now()
        try db.prepare("INSERT INTO sessions(corpus, created_at, updated_at) VALUES (?, ?, ?)").run([.text(corpus), .text(now), .text(now)])
        return db.lastInsertRowID
    }

    func save(session: Int64, input: String, toolCall: String, answer: String, citations: String, started: String,
              interrupted: Bool, indexVersion: String, context: String) throws {
        let now = SessionStore.now()
        _ = try db.transaction {
            try db.prepare("""
                INSERT INTO turns(session, input, tool_call, answer, citations, created_at, completed_at, interrupted, index_version)
                VALUES (?,?,?,?,?,?,?,?,?)
                """).run([.int(session), .text(input), .text(toolCall), .text(answer), .text(citations), .text(started), .text(now),
                          .int(interrupted ? 1 : 0), .text(indexVersion)])
            try db.prepare("UPDATE sessions SET updated_at = ?, context = ?, title = CASE WHEN title = '' THEN ? ELSE title END WHERE id = ?")
                .run([.text(now), .text(context), .text(String(input.prefix(60))), .int(session)])
        }
    }

    struct Summary { var id: Int64; var title: String; var created: String; var updated: String; var turns: Int }

    func list() throws -> [Summary] {
        let s = try db.prepare("""
            SELECT s.id, s.title, s.created_at, s.updated_at, (SELECT count(*) FROM turns t WHERE t.session = s.id)
            FROM sessions s ORDER BY s.updated_at DESC, s.id DESC
            """)
        var out: [Summary] = []
        while try s.step() { out.append(Summary(id: s.int(0), title: s.text(1), created: s.text(2), updated: s.text(3), turns: Int(s.int(4)))) }
        return out
    }

    func exists(_ id: Int64) throws -> Bool { (try db.scalarInt("SELECT count(*) FROM sessions WHERE id = ?", [.int(id)]) ?? 0) > 0 }
    func latest() throws -> Int64? { try db.scalarInt("SELECT id FROM sessions ORDER BY updated_at DESC, id DESC LIMIT 1") }
    func context(_ id: Int64) throws -> String { try db.scalarText("SELECT context FROM sessions WHERE id = ?", [.int(id)]) ?? "" }

    func turns(_ session: Int64) throws -> [StoredTurn] {
        let s = try db.prepare("""
            SELECT id, session, input, tool_call, answer, citations, created_at, interrupted, index_version
            FROM turns WHERE session = ? ORDER BY id
            """)
        try s.bind([.int(session)])
        var out: [StoredTurn] = []
        while try s.step() {
            out.append(StoredTurn(id: s.int(0), session: s.int(1), input: s.text(2), toolCall: s.text(3), answer: s.text(4),
                                  citations: s.text(5), createdAt: s.text(6), interrupted: s.int(7) != 0, indexVersion: s.text(8)))
        }
        return out
    }

    func delete(_ id: Int64) throws -> Bool {
        try db.transaction {
            try db.prepare("DELETE FROM turns WHERE session = ?").run([.int(id)])
            try db.prepare("DELETE FROM sessions WHERE id = ?").run([.int(id)])
        }
        return db.changes > 0
    }
}
