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
    /// The site's name that ends most of the corpus's titles (" - Rust"), left off every title read (`SiteTitles`).
    let titleSuffix: String?
    public init(db: Database) { self.init(db: db, titleSuffix: Self.siteSuffix(db)) }
    public init(index: Index) { self.init(db: index.db) }
    init(db: Database, titleSuffix: String?) { self.db = db; self.titleSuffix = titleSuffix }

    /// The suffix the last index run found (`IndexWriter.storeSiteSuffix`).
    static func siteSuffix(_ db: Database) -> String? {
        (try? db.scalarText("SELECT value FROM meta WHERE key = 'title_suffix'")) ?? nil
    }

    static let columns = "doc, id, source, line, title, url, author, date, feed, blocks, links, words, lang, tags"

    func row(_ s: Statement) -> StoredArticle {
        let a = Article(id: s.text(1), title: SiteTitles.without(titleSuffix, s.text(4)), url: s.optionalText(5), author: s.optionalText(6),
                        date: s.optionalText(7), feed: s.optionalText(8), source: s.text(2), line: Int(s.int(3)),
                        blocks: BlockCoding.decode(s.text(9)), links: BlockCoding.decodeLinks(s.text(10)))
        var article = a
        article.language = s.optionalText(12)
        article.tags = s.optionalText(13).map { $0.split(separator: "\n").map(String.init) } ?? []
        return StoredArticle(doc: Int(s.int(0)), article: article, words: Int(s.int(11)))
    }

    public func article(doc: Int) throws -> StoredArticle? {
        let s = try db.prepare("SELECT \(ArticleStore.columns) FROM articles WHERE doc = ?")
        try s.bind([.int(Int64(doc))])
        return try s.step() ? row(s) : nil
    }

    /// Finds an article by id, by `SOURCE:LINE` (the source may be given by file name alone), or by a source
    /// alone when that file holds one article (`post.md`).
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
        // A file name with no line: the file's article, when it has just one.
        let f = try db.prepare("SELECT \(ArticleStore.columns) FROM articles WHERE source = ? OR source LIKE ? ORDER BY length(source), line LIMIT 2")
        try f.bind([.text(ref), .text("%/" + ref)])
        guard try f.step() else { return nil }
        let first = row(f)
        if try f.step(), row(f).article.source == first.article.source { return nil }
        return first
    }

    /// Every article in corpus order (source, line), without bodies when `bodies` is false.
    public func all(bodies: Bool = true) throws -> [StoredArticle] {
        let cols = bodies ? ArticleStore.columns : "doc, id, source, line, title, url, author, date, feed, '', '', words, lang, tags"
        let s = try db.prepare("SELECT \(cols) FROM articles ORDER BY source, line")
        var out: [StoredArticle] = []
        while try s.step() { out.append(row(s)) }
        return out
    }

    public func count() throws -> Int { Int(try db.scalarInt("SELECT count(*) FROM articles") ?? 0) }

    /// The article's passages, rebuilt from its stored blocks exactly as the indexer cut them.
    public func passages(doc: Int) throws -> [Passage] {
        guard let a = try article(doc: doc) else { return [] }
        return Chunker.passages(of: a.article)
    }

    /// Hits for ranked docs, each with the text of its best passage when `withText`: only that
    /// passage is cut, straight from the stored bytes of the blocks (the article is not decoded).
    func hits(for ranked: [(doc: Int, score: Double, passage: Int)], passages withText: Bool = true) throws -> [Hit] {
        let blocks = withText ? "blocks" : "''"
        let sql = "SELECT doc, id, source, line, title, url, author, date, feed, \(blocks) FROM articles WHERE doc = ?"
        return try db.withCachedStatement(sql) { s in
            var out: [Hit] = []
            out.reserveCapacity(ranked.count)
            for r in ranked {
                s.reset()
                try s.bind(.int(Int64(r.doc)), at: 1)
                guard try s.step() else { continue }
                var text = ""
                if withText {
                    // An ordinal past the article's last passage (an index older than its text) falls back to the first.
                    text = s.withText(9) { (Chunker.passage(r.passage, ofEncoded: $0) ?? Chunker.passage(0, ofEncoded: $0))?.text } ?? ""
                }
                out.append(Hit(doc: r.doc, id: s.text(1), title: SiteTitles.without(titleSuffix, s.text(4)), url: s.optionalText(5), author: s.optionalText(6),
                               date: s.optionalText(7), feed: s.optionalText(8), source: s.text(2), line: Int(s.int(3)),
                               score: r.score, passage: r.passage, passageText: text, snippet: "", explanation: nil))
            }
            return out
        }
    }
}
