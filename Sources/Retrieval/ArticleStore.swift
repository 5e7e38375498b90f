import Corpus
import SQLite

/// An article as stored in the index, with its internal doc number.
public struct StoredArticle: Sendable, Equatable {
    public var doc: Int
    public var article: Article
    public var words: Int
}

/// Reads articles and passages back out of the index.
public struct ArticleStore {
    let db: Database
    public init(db: Database) { self.db = db }
    public init(index: Index) { db = index.db }

    static let columns = "doc, id, source, line, title, url, author, date, feed, blocks, links, words"

    func row(_ s: Statement) -> StoredArticle {
        let a = Article(id: s.text(1), title: s.text(4), url: s.optionalText(5), author: s.optionalText(6),
                        date: s.optionalText(7), feed: s.optionalText(8), source: s.text(2), line: Int(s.int(3)),
                        blocks: BlockCoding.decode(s.text(9)), links: BlockCoding.decodeLinks(s.text(10)))
        return StoredArticle(doc: Int(s.int(0)), article: a, words: Int(s.int(11)))
    }

    public func article(doc: Int) throws -> StoredArticle? {
        let s = try db.prepare("SELECT \(ArticleStore.columns) FROM articles WHERE doc = ?")
        try s.bind([.int(Int64(doc))])
        return try s.step() ? row(s) : nil
    }

    /// Finds an article by id, by `SOURCE:LINE` (the source may be given by file name alone), or by doc number.
    public func resolve(_ ref: String) throws -> StoredArticle? {
        let s = try db.prepare("SELECT \(ArticleStore.columns) FROM articles WHERE id = ? LIMIT 1")
        try s.bind([.text(ref)])
        if try s.step() { return row(s) }
        if let colon = ref.lastIndex(of: ":"), let line = Int(ref[ref.index(after: colon)...]) {
            let source = String(ref[..<colon])
            let q = try db.prepare("""
                SELECT \(ArticleStore.columns) FROM articles WHERE line = ? AND (source = ? OR source LIKE ?) ORDER BY length(source) LIMIT 1
                """)
            try q.bind([.int(Int64(line)), .text(source), .text("%/" + source)])
            if try q.step() { return row(q) }
        }
        return nil
    }

    /// Every article in corpus order (source, line), without bodies when `bodies` is false.
    public func all(bodies: Bool = true) throws -> [StoredArticle] {
        let cols = bodies ? ArticleStore.columns : "doc, id, source, line, title, url, author, date, feed, '', '', words"
        let s = try db.prepare("SELECT \(cols) FROM articles ORDER BY source, line")
        var out: [StoredArticle] = []
        while try s.step() { out.append(row(s)) }
        return out
    }

    public func count() throws -> Int { Int(try db.scalarInt("SELECT count(*) FROM articles") ?? 0) }

    public func passages(doc: Int) throws -> [Passage] {
        let s = try db.prepare("SELECT ordinal, start, end, text FROM passages WHERE doc = ? ORDER BY ordinal")
        try s.bind([.int(Int64(doc))])
        var out: [Passage] = []
        while try s.step() {
            out.append(Passage(ordinal: Int(s.int(0)), start: Int(s.int(1)), end: Int(s.int(2)), text: s.text(3), heading: nil))
        }
        return out
    }

    func hits(for ranked: [(doc: Int, score: Double, passage: Int)]) throws -> [Hit] {
        let s = try db.prepare("""
            SELECT a.doc, a.id, a.title, a.url, a.author, a.date, a.feed, a.source, a.line, p.text
            FROM articles a LEFT JOIN passages p ON p.doc = a.doc AND p.ordinal = ? WHERE a.doc = ?
            """)
        var out: [Hit] = []
        for r in ranked {
            s.reset()
            try s.bind([.int(Int64(r.passage)), .int(Int64(r.doc))])
            guard try s.step() else { continue }
            out.append(Hit(doc: r.doc, id: s.text(1), title: s.text(2), url: s.optionalText(3), author: s.optionalText(4),
                           date: s.optionalText(5), feed: s.optionalText(6), source: s.text(7), line: Int(s.int(8)),
                           score: r.score, passage: r.passage, passageText: s.optionalText(9) ?? "", snippet: "",
                           explanation: nil))
        }
        return out
    }
}
