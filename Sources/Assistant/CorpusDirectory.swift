import Analysis
import Retrieval
import SQLite

/// Who and what the corpus holds (authors, feeds), for reading names and filters out of messages.
struct CorpusDirectory {
    struct Named { var name: String; var keys: [String]; var articles = 0 }
    var authors: [Named] = []
    var feeds: [Named] = []
    /// In how many articles' text a word of a name occurs (the index's document frequency of its term), and
    /// how many articles there are: a word the corpus writes far more often than its owner's articles account
    /// for is a word of the subject ("Rust" in "The Rust Release Team" over the Rust blog), not a name.
    var textFrequency: (String) -> Int = { _ in 0 }
    var documents = 0

    init(db: Database, documents: Int = 0, textFrequency: @escaping (String) -> Int = { _ in 0 }) {
        var authorCounts: [String: Int] = [:], feedCounts: [String: Int] = [:]
        if let s = try? db.prepare("SELECT author, feed FROM articles") {
            while (try? s.step()) == true {
                if let a = s.optionalText(0), !a.isEmpty { authorCounts[a, default: 0] += 1 }
                if let f = s.optionalText(1), !f.isEmpty { feedCounts[f, default: 0] += 1 }
            }
        }
        authors = authorCounts.keys.sorted().map { Named(name: $0, keys: CorpusDirectory.keys(for: $0, minLength: 3), articles: authorCounts[$0]!) }
        feeds = feedCounts.keys.sorted().map { Named(name: $0, keys: CorpusDirectory.keys(for: $0, minLength: 5), articles: feedCounts[$0]!) }
        self.documents = documents
        self.textFrequency = textFrequency
    }

    /// Lower-cased words of a name that can stand for it on their own ("donny", "wals"); words that name
    /// a kind of author ("team", "group") or a platform never do.
    static func keys(for name: String, minLength: Int) -> [String] {
        let generic: Set<String> = ["swift", "ios", "forem", "blog", "the", "and", "by", "on", "dev", "news", "weekly", "app", "apps", "with",
                                    "from", "code", "swiftui", "team", "teams", "group", "groups", "staff", "editors", "contributors"]
        return Classifier.words(name).filter { $0.count >= minLength && !generic.contains($0) }
    }

    /// Whether a word of a name stands for it: the articles whose text has the word are mostly the ones
    /// under names that hold it (bylines are indexed with the text), give or take a few mentions.
    func isDistinctive(_ key: String, in names: [Named]) -> Bool {
        let owned = names.reduce(0) { $0 + ($1.keys.contains(key) ? $1.articles : 0) }
        return textFrequency(key) <= owned + max(3, documents / 10)
    }

    /// The author a message mentions, with the words that mentioned it.
    func author(in cues: MessageCues) -> (String, Set<String>)? {
        mentioned(in: cues, among: authors)
    }

    /// The name among `names` whose distinctive words the message has most of.
    private func mentioned(in cues: MessageCues, among names: [Named]) -> (String, Set<String>)? {
        var best: (String, Set<String>)?
        var judged: [String: Bool] = [:]
        let words = Self.nameWords(cues.words)
        for a in names {
            let hit = Set(a.keys.filter { k in
                guard words.contains(k) else { return false }
                if let j = judged[k] { return j }
                let j = isDistinctive(k, in: names)
                judged[k] = j
                return j
            })
            if !hit.isEmpty, hit.count > (best?.1.count ?? 0) { best = (a.name, hit) }
        }
        return best
    }

    /// The words of a message that may name an author or feed: those before it says what it is about ("posts
    /// about crates.io incidents or security problems" names no "Security Response WG"), and the few right after
    /// "by" or "from" wherever they stand ("anything on testing by Karin").
    static func nameWords(_ words: [String]) -> Set<String> {
        let end = words.firstIndex(where: MessageCues.topicMarkers.contains) ?? words.count
        var out = Set(words[..<end])
        for (i, w) in words.enumerated() where w == "by" || w == "from" {
            out.formUnion(words[(i + 1) ..< min(i + 5, words.count)])
        }
        return out
    }

    /// The feed a message mentions.
    func feed(in cues: MessageCues) -> (String, Set<String>)? {
        mentioned(in: cues, among: feeds)
    }
}
