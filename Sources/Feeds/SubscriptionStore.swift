import SQLite

/// A failure of the feeds layer, as one user-facing line.
public enum FeedError: Error, Sendable, CustomStringConvertible {
    case setup(String), badArgument(String), storage(String)
    public var description: String {
        switch self { case .setup(let s), .badArgument(let s), .storage(let s): s }
    }
}

/// One subscription as stored.
public struct Subscription: Sendable, Equatable {
    public var url: String
    public var title: String?
    /// The feed's file, relative to the corpus directory (`feeds/NAME.xml`).
    public var file: String
    public var etag: String?
    public var lastModified: String?
    public var added: String
    public var fetched: String?
    /// "ok", "not modified", or the last failure's reason.
    public var status: String?
}

/// Subscriptions and the entries fetched from them, in their own SQLite file beside the index
/// (`NAME.feeds.sqlite`): the index can be rebuilt from the corpus, these cannot.
///
/// `entries` holds one row per article (its key: GUID, else link, else content hash) with the bytes
/// of its latest version and the feed file it lives in; `sightings` remembers which version each feed
/// last served, so an entry two feeds carry in different wrappings is not rewritten back and forth.
public final class SubscriptionStore {
    let db: Database

    public init(path: String) throws(FeedError) {
        do {
            db = try Database(path: path)
            try db.createShared(schema: """
            CREATE TABLE IF NOT EXISTS feeds (url TEXT PRIMARY KEY, title TEXT, file TEXT NOT NULL, etag TEXT,
                last_modified TEXT, added TEXT NOT NULL, fetched TEXT, status TEXT);
            CREATE TABLE IF NOT EXISTS feed_files (file TEXT PRIMARY KEY, header BLOB NOT NULL, footer BLOB NOT NULL);
            CREATE TABLE IF NOT EXISTS entries (seq INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, link TEXT,
                title TEXT NOT NULL, file TEXT NOT NULL, raw BLOB NOT NULL, hash TEXT NOT NULL,
                first_seen TEXT NOT NULL, updated TEXT NOT NULL, line INTEGER NOT NULL DEFAULT 0);
            CREATE INDEX IF NOT EXISTS entries_link ON entries(link);
            CREATE INDEX IF NOT EXISTS entries_file ON entries(file, seq);
            CREATE INDEX IF NOT EXISTS entries_first_seen ON entries(first_seen);
            CREATE TABLE IF NOT EXISTS sightings (feed TEXT NOT NULL, key TEXT NOT NULL, hash TEXT NOT NULL,
                PRIMARY KEY (feed, key));
            """)
        } catch {
            if error.isCorrupt { throw .storage("feeds file \(path) is damaged or not a lore feeds database; move it aside (nothing was changed)") }
            throw .storage("feeds file \(path): \(error)")
        }
    }

    // MARK: subscriptions

    public func subscriptions() throws -> [Subscription] {
        let s = try db.prepare("SELECT url, title, file, etag, last_modified, added, fetched, status FROM feeds ORDER BY rowid")
        var out: [Subscription] = []
        while try s.step() {
            out.append(Subscription(url: s.text(0), title: s.optionalText(1), file: s.text(2), etag: s.optionalText(3),
                                    lastModified: s.optionalText(4), added: s.text(5), fetched: s.optionalText(6), status: s.optionalText(7)))
        }
        return out
    }

    /// Adds a subscription; false when it was already there.
    public func add(_ url: String, now: String) throws -> Bool {
        try db.prepare("INSERT OR IGNORE INTO feeds(url, file, added) VALUES (?, ?, ?)")
            .run([.text(url), .text(FeedFile.name(for: url)), .text(now)])
        return db.changes > 0
    }

    /// Removes a subscription (its file and articles stay in the corpus); false when there was none.
    public func remove(_ url: String) throws -> Bool {
        try db.transaction {
            try db.prepare("DELETE FROM feeds WHERE url = ?").run([.text(url)])
            let removed = db.changes > 0
            try db.prepare("DELETE FROM sightings WHERE feed = ?").run([.text(url)])
            return removed
        }
    }

    /// Records how a fetch went; a permanent redirect moves the subscription to its new URL.
    func recordFetch(_ sub: Subscription, _ result: FetchResult, title: String?, status: String, now: String) throws {
        let etag = result.etag ?? sub.etag, modified = result.lastModified ?? sub.lastModified
        try db.prepare("UPDATE feeds SET etag = ?, last_modified = ?, fetched = ?, status = ?, title = coalesce(?, title) WHERE url = ?")
            .run([opt(etag), opt(modified), .text(now), .text(status), opt(title), .text(sub.url)])
        guard let moved = result.movedTo, moved != sub.url else { return }
        if try db.scalarInt("SELECT count(*) FROM feeds WHERE url = ?", [.text(moved)]) == 0 {
            try db.prepare("UPDATE feeds SET url = ? WHERE url = ?").run([.text(moved), .text(sub.url)])
            try db.prepare("UPDATE sightings SET feed = ? WHERE feed = ?").run([.text(moved), .text(sub.url)])
        } else {
            try db.prepare("DELETE FROM feeds WHERE url = ?").run([.text(sub.url)])
        }
    }

    func transaction<T>(_ body: () throws -> T) throws -> T { try db.transaction(body) }

    func opt(_ s: String?) -> SQLValue { s.map { .text($0) } ?? .null }
}
