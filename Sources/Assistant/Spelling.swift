import Analysis
import Retrieval
import SQLite

/// Corrects query words the index has never seen ("eror" → "error", "testign" → "testing") by
/// finding the most frequent index term within a small edit distance, allowing for stemmed endings.
struct Spelling {
    let db: Database
    let analyzer: Analyzer

    static let endings = ["", "s", "e", "es", "ed", "ing", "ion", "ions", "al", "ally", "ically", "ly", "er", "ers", "y", "ity", "ation", "ment", "ize",
                          "ate", "ated", "ates", "ator", "ators", "ive", "ness", "ful"]

    /// The query with unknown words replaced by their likeliest correction.
    func correct(_ text: String) -> (text: String, changes: [(String, String)]) {
        var changes: [(String, String)] = []
        var out: [String] = []
        for raw in text.split(separator: " ", omittingEmptySubsequences: true) {
            let word = String(raw)
            let terms = analyzer.terms(word)
            guard terms.count == 1, let term = terms.first, term.count >= 4, !term.contains(where: \.isNumber),
                  df(term) == 0, let fixed = suggest(Classifier.words(word).first ?? term) else { out.append(word); continue }
            changes.append((word, fixed))
            out.append(fixed)
        }
        return (out.joined(separator: " "), changes)
    }

    func df(_ term: String) -> Int {
        Int((try? db.scalarInt("SELECT df FROM terms WHERE term = ?", [.text(term)])).flatMap { $0 } ?? 0)
    }

    func suggest(_ word: String) -> String? {
        guard let first = word.first, word.count >= 5 else { return nil }
        let limit = word.count >= 9 ? 2 : 1
        let w = Array(word)
        var best: (String, Int, Int)?  // surface word, distance, df
        guard let s = try? db.prepare("SELECT term, df FROM terms WHERE term >= ? AND term < ?") else { return nil }
        let lo = String(first), hi = String(Character(Unicode.Scalar(first.unicodeScalars.first!.value + 1) ?? "z"))
        try? s.bind([.text(lo), .text(hi)])
        while (try? s.step()) == true {
            let term = s.text(0)
            guard abs(term.count - w.count) <= 7, !term.contains(where: \.isNumber) else { continue }
            let df = Int(s.int(1))
            guard df >= 2 else { continue }
            for e in Spelling.endings {
                let cand = Array(term + e)
                guard abs(cand.count - w.count) <= limit else { continue }
                let d = Spelling.distance(w, cand, limit: limit)
                guard d <= limit, best == nil || d < best!.1 || (d == best!.1 && df > best!.2) else { continue }
                // A stem and an ending make a word only when the word stems back to it: "real" + "y" gives
                // "realy", which no text writes ("reply" had become a term no article has).
                let surface = String(cand)
                guard analyzer.terms(surface) == [term] else { continue }
                best = (surface, d, df)
            }
        }
        return best?.0
    }

    /// Damerau–Levenshtein (optimal string alignment) distance, giving up past `limit`.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if a == b { return 0 }
        let n = a.count, m = b.count
        var prev2 = [Int](repeating: 0, count: m + 1)
        var prev = Array(0...m)
        var cur = [Int](repeating: 0, count: m + 1)
        for i in 1...n {
            cur[0] = i
            var rowMin = cur[0]
            for j in 1...max(m, 1) where m > 0 {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { cur[j] = min(cur[j], prev2[j - 2] + 1) }
                rowMin = min(rowMin, cur[j])
            }
            if rowMin > limit { return limit + 1 }
            prev2 = prev; prev = cur
        }
        return prev[m]
    }
}
