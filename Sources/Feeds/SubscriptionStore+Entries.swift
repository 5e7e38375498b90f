import Corpus
import SQLite

/// An article that `lore update` brought in, as `lore new` lists it.
public struct NewArticle: Sendable, Equatable {
    /// The id the index gives it: the GUID, else the link, else `SOURCE:LINE`.
    public var id: String
    public var title: String
    public var url: String?
    public var feed: String?
    public var source: String
    public var line: Int
    public var firstSeen: String
}

/// What merging one fetched document changed.
struct MergeCount { var added = 0, edited = 0; var dirty: Set<String> = [] }

extension SubscriptionStore {
    /// Merges a fetched document into `entries`: a new key is a new article in this feed's file; a key
    /// (or, from another feed, a link) already kept is the same article, replaced only when this feed
    /// now serves a different version than it served before (an edit).
    func merge(_ doc: FeedDocument, feed: Subscription, now: String) throws -> MergeCount {
        var count = MergeCount()
        if try saveWrapper(doc, file: feed.file) { count.dirty.insert(feed.file) }
        var seen = Set<String>()
        for e in doc.entries.reversed() where seen.insert(e.key).inserted {   // oldest first: seq follows age
            let existing = try lookup(key: e.key) ?? (try e.link.flatMap { try lookup(link: $0, notIn: feed.file) })
            guard let existing else {
                try db.prepare("""
                    INSERT INTO entries(key, link, title, file, raw, hash, first_seen, updated) VALUES (?,?,?,?,?,?,?,?)
                    """).run([.text(e.key), opt(e.link), .text(e.title), .text(feed.file), .blob(e.raw), .text(e.hash), .text(now), .text(now)])
                try sighting(feed.url, e.key, e.hash)
                count.added += 1; count.dirty.insert(feed.file)
                continue
            }
            let served = try db.scalarText("SELECT hash FROM sightings WHERE feed = ? AND key = ?", [.text(feed.url), .text(existing.key)])
            if existing.hash != e.hash, let served, served != e.hash {
                try db.prepare("UPDATE entries SET raw = ?, hash = ?, title = ?, link = coalesce(?, link), updated = ? WHERE key = ?")
                    .run([.blob(e.raw), .text(e.hash), .text(e.title), opt(e.link), .text(now), .text(existing.key)])
                count.edited += 1; count.dirty.insert(existing.file)
            }
            try sighting(feed.url, existing.key, e.hash)
        }
        return count
    }

    /// Keeps the feed's header and footer for its file; true when they changed.
    private func saveWrapper(_ doc: FeedDocument, file: String) throws -> Bool {
        let s = try db.prepare("SELECT header, footer FROM feed_files WHERE file = ?")
        try s.bind([.text(file)])
        if try s.step(), s.blob(0) == doc.header, s.blob(1) == doc.footer { return false }
        try db.prepare("INSERT OR REPLACE INTO feed_files(file, header, footer) VALUES (?, ?, ?)")
            .run([.text(file), .blob(doc.header), .blob(doc.footer)])
        return true
    }

    private func lookup(key: String) throws -> (key: String, hash: String, file: String)? {
        try row("SELECT key, hash, file FROM entries WHERE key = ?", [.text(key)])
    }

    private func lookup(link: String, notIn file: String) throws -> (key: String, hash: String, file: String)? {
        try row("SELECT key, hash, file FROM entries WHERE link = ? AND file <> ? ORDER BY seq LIMIT 1", [.text(link), .text(file)])
    }

    private func row(_ sql: String, _ values: [SQLValue]) throws -> (key: String, hash: String, file: String)? {
        let s = try db.prepare(sql)
        try s.bind(values)
        return try s.step() ? (s.text(0), s.text(1), s.text(2)) : nil
    }

    private func sighting(_ feed: String, _ key: String, _ hash: String) throws {
        try db.prepare("INSERT OR REPLACE INTO sightings(feed, key, hash) VALUES (?, ?, ?)").run([.text(feed), .text(key), .text(hash)])
    }

    /// The bytes of a feed file: its wrapper around every entry it owns, newest first; records the
    /// line each entry starts on (the line the index cites). Nil when the file would hold no entry.
    func compose(file: String) throws -> [UInt8]? {
        let w = try db.prepare("SELECT header, footer FROM feed_files WHERE file = ?")
        try w.bind([.text(file)])
        guard try w.step() else { return nil }
        var out = w.blob(0)
        let footer = w.blob(1)
        var line = 1 + out.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        var lines: [(Int64, Int)] = []
        let s = try db.prepare("SELECT seq, raw FROM entries WHERE file = ? ORDER BY seq DESC")
        try s.bind([.text(file)])
        var firstEntry = true
        while try s.step() {
            if !firstEntry { out.append(0x0A); line += 1 }
            firstEntry = false
            lines.append((s.int(0), line))
            let raw = s.blob(1)
            out += raw
            line += raw.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        guard !lines.isEmpty else { return nil }   // every entry it served lives in another feed's file
        out += footer
        let u = try db.prepare("UPDATE entries SET line = ? WHERE seq = ?")
        for (seq, l) in lines { try u.run([.int(Int64(l)), .int(seq)]) }
        return out
    }

    /// Articles first seen after `since` (an ISO 8601 UTC time or date; "" for all), newest first.
    public func newArticles(since: String) throws -> [NewArticle] {
        let s = try db.prepare("""
            SELECT e.key, e.title, e.link, (SELECT f.title FROM feeds f WHERE f.file = e.file LIMIT 1), e.file, e.line, e.first_seen
            FROM entries e WHERE e.first_seen > ? ORDER BY e.first_seen DESC, e.seq DESC
            """)
        try s.bind([.text(since)])
        var out: [NewArticle] = []
        while try s.step() {
            let key = s.text(0), source = s.text(4), line = Int(s.int(5))
            let id = key.hasPrefix("hash:") ? "\(source):\(line)" : String(key.drop { $0 != ":" }.dropFirst())
            out.append(NewArticle(id: id, title: s.text(1), url: s.optionalText(2), feed: s.optionalText(3),
                                  source: source, line: line, firstSeen: s.text(6)))
        }
        return out
    }

    /// When the last `lore update` that fetched anything ran, or nil.
    public func lastFetch() throws -> String? { try db.scalarText("SELECT max(fetched) FROM feeds") }
}
