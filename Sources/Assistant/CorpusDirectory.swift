import Analysis
import Retrieval
import SQLite

/// Who and what the corpus holds (authors, feeds), for reading names and filters out of messages.
struct CorpusDirectory {
    struct Named { var name: String; var keys: [String] }
    var authors: [Named] = []
    var feeds: [Named] = []

    init(db: Database) {
        var authorSet = Set<String>(), feedSet = Set<String>()
        if let s = try? db.prepare("SELECT DISTINCT author, feed FROM articles") {
            while (try? s.step()) == true {
                if let a = s.optionalText(0), !a.isEmpty { authorSet.insert(a) }
                if let f = s.optionalText(1), !f.isEmpty { feedSet.insert(f) }
            }
        }
        authors = authorSet.sorted().map { Named(name: $0, keys: CorpusDirectory.keys(for: $0, minLength: 3)) }
        feeds = feedSet.sorted().map { Named(name: $0, keys: CorpusDirectory.keys(for: $0, minLength: 5)) }
    }

    /// Lower-cased words of a name that can stand for it on their own ("donny", "wals").
    static func keys(for name: String, minLength: Int) -> [String] {
        let generic: Set<String> = ["swift", "ios", "forem", "blog", "the", "and", "by", "on", "dev", "news", "weekly", "app", "apps", "with", "from", "code", "swiftui"]
        return Classifier.words(name).filter { $0.count >= minLength && !generic.contains($0) }
    }

    /// The author a message mentions, with the words that mentioned it.
    func author(in cues: MessageCues) -> (String, Set<String>)? {
        var best: (String, Set<String>)?
        for a in authors {
            let hit = Set(a.keys.filter { cues.words.contains($0) })
            if !hit.isEmpty, hit.count > (best?.1.count ?? 0) { best = (a.name, hit) }
        }
        return best
    }

    /// The feed a message mentions.
    func feed(in cues: MessageCues) -> (String, Set<String>)? {
        var best: (String, Set<String>)?
        for f in feeds {
            let hit = Set(f.keys.filter { cues.words.contains($0) })
            if !hit.isEmpty, hit.count > (best?.1.count ?? 0) { best = (f.name, hit) }
        }
        return best
    }
}
