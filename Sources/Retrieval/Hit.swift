/// One ranked article with the passage that best supports it.
public struct Hit: Sendable, Equatable {
    public var doc: Int
    public var id: String
    public var title: String
    public var url: String?
    public var author: String?
    public var date: String?
    public var feed: String?
    public var source: String
    public var line: Int
    public var score: Double
    /// Ordinal of the best passage, and its text.
    public var passage: Int
    public var passageText: String
    /// A short window of the best passage around the query terms.
    public var snippet: String
    public var explanation: Explanation?

    public init(doc: Int, id: String, title: String, url: String?, author: String?, date: String?, feed: String?,
                source: String, line: Int, score: Double, passage: Int, passageText: String, snippet: String,
                explanation: Explanation?) {
        self.doc = doc; self.id = id; self.title = title; self.url = url; self.author = author; self.date = date
        self.feed = feed; self.source = source; self.line = line; self.score = score; self.passage = passage
        self.passageText = passageText; self.snippet = snippet; self.explanation = explanation
    }
}

/// How a score was built, for `--explain`.
public struct Explanation: Sendable, Equatable {
    public struct Term: Sendable, Equatable {
        public var term: String
        public var df: Int
        public var idf: Double
        public var titleTF: Int, headingTF: Int, bodyTF: Int
        public var contribution: Double
    }
    public var ranking: Ranking
    public var terms: [Term]
    public var documentScore: Double
    public var passageScore: Double
    public var passageWeight: Double
    /// What the document score holds for a title the query holds whole (`RankingParameters.namedWeight`).
    public var named = 0.0

    public var lines: [String] {
        var out: [String] = []
        let d = Explanation.fmt(documentScore), p = Explanation.fmt(passageScore)
        out.append("\(Explanation.fmt(documentScore + passageWeight * passageScore)) = \(ranking.rawValue) \(d) + \(Explanation.fmt(passageWeight)) × best passage \(p)"
                   + (named > 0 ? " (bm25 holds \(Explanation.fmt(named)) for a title the query holds whole)" : ""))
        for t in terms where t.contribution > 0 {
            out.append("  \(t.term): \(Explanation.fmt(t.contribution)) (idf \(Explanation.fmt(t.idf)), df \(t.df), tf title \(t.titleTF) headings \(t.headingTF) body \(t.bodyTF))")
        }
        return out
    }

    static func fmt(_ x: Double) -> String {
        let r = (x * 1000).rounded() / 1000
        return "\(r)"
    }
}
