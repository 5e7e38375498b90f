/// What to search for: free text plus optional metadata filters.
public struct SearchQuery: Sendable, Equatable {
    public var text: String
    public var limit: Int = 10
    public var ranking: Ranking = .bm25
    public var parameters = RankingParameters()
    /// Case-insensitive substring of the author's name.
    public var author: String?
    /// Case-insensitive substring of the feed (site) name or source file.
    public var feed: String?
    /// One of the article's tags, whole, in any case.
    public var tag: String?
    /// ISO dates (prefixes such as `2025` or `2025-03` work): keep articles dated on/after, before.
    public var after: String?
    public var before: String?
    /// Only articles without an author.
    public var noAuthor = false
    /// Only articles from these source files.
    public var sources: Set<String>?
    /// Order by date, newest first, instead of by score.
    public var newestFirst = false
    public var explain = false
    /// Per analysed term, how everyday a word it is in English: 0 for a rare word, 1 for one of the commonest (the
    /// caller's table says; a term not here counts 0). Such a term keeps `1 − (1 − everydayWeight) × share` of its
    /// weight. Callers fill it in for a question only: a keyword query or a claim means every word it has.
    public var everyday: [String: Double] = [:]
    /// Fetch each hit's best passage and a snippet (callers that only need titles skip the work).
    public var snippets = true

    public init(text: String, limit: Int = 10) { self.text = text; self.limit = limit }

    public var hasFilters: Bool { author != nil || feed != nil || tag != nil || after != nil || before != nil || noAuthor || sources != nil }
}
