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
            let bare = Classifier.words(word).first ?? ""
            guard terms.count == 1, let term = terms.first, term.count >= 4, !term.contains(where: \.isNumber),
                  df(term) == 0, let fixed = relative(bare) ?? suggest(bare.isEmpty ? term : bare) else { out.append(word); continue }
            changes.append((word, fixed))
            out.append(fixed)
        }
        return (out.joined(separator: " "), changes)
    }

    func df(_ term: String) -> Int {
        Int((try? db.scalarInt("SELECT df FROM terms WHERE term = ?", [.text(term)])).flatMap { $0 } ?? 0)
    }

    /// A word the index lacks that is a known word with a derivational ending: "cleanest", "fastest" (clean,
    /// fast), "explanatory" (explanation), "simpler". Snowball keeps these endings; a question that asks for
    /// "the cleanest way" asks about what the articles call clean. Nil when no such word is known.
    func relative(_ word: String) -> String? {
        for ending in Spelling.derivational where word.hasSuffix(ending) && word.count - ending.count >= 4 {
            let base = String(word.dropLast(ending.count))
            var forms = [base, base + "e", base + "ion"]
            if let last = base.last, base.dropLast().last == last { forms.append(String(base.dropLast())) }  // biggest → big
            if base.hasSuffix("i") { forms.append(String(base.dropLast()) + "y") }                           // easiest → easy
            for form in forms {
                guard let t = analyzer.terms(form).first, analyzer.terms(form).count == 1, df(t) > 0 else { continue }
                return form
            }
        }
        return nil
    }

    static let derivational = ["est", "er", "ory", "ive", "ness", "ity"]

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

    /// The number of slips that turn `intended` into `typed`, counting only the slips a typist makes: a
    /// missed key ("eror"), two keys swapped ("testign"), a key pressed twice ("erorr") and a neighbouring
    /// key hit instead ("tesr"); `limit + 1` when it takes more, or another kind of edit. A word that has a
    /// letter more than a known one ("cleanest", "chain", "linters") or another letter in the middle
    /// ("logger", "revive") is far more often a real word the corpus does not use than a typo of that one
    /// ("cleanes", "chan", "liters", "longer", "revise"), and stays as written.
    static func distance(_ typed: [Character], _ intended: [Character], limit: Int) -> Int {
        if typed == intended { return 0 }
        let n = typed.count, m = intended.count, never = limit + 1
        guard abs(n - m) <= limit else { return never }
        var d = Array(repeating: Array(repeating: never, count: m + 1), count: n + 1)
        d[0][0] = 0
        for i in 0...n {
            for j in 0...m where i + j > 0 {
                var best = never
                if i > 0, j > 0, typed[i - 1] == intended[j - 1] { best = d[i - 1][j - 1] }
                if j > 0 { best = min(best, d[i][j - 1] + 1) }                                   // missed key
                if i > 1, typed[i - 1] == typed[i - 2] { best = min(best, d[i - 1][j] + 1) }   // pressed twice
                if i > 0, j > 0, adjacent(typed[i - 1], intended[j - 1]) { best = min(best, d[i - 1][j - 1] + 1) }
                if i > 1, j > 1, typed[i - 1] == intended[j - 2], typed[i - 2] == intended[j - 1] { best = min(best, d[i - 2][j - 2] + 1) }
                d[i][j] = min(best, never)
            }
        }
        return d[n][m]
    }

    /// Keys next to each other on a QWERTY keyboard.
    static func adjacent(_ a: Character, _ b: Character) -> Bool {
        guard let ra = keyRows.firstIndex(where: { $0.contains(a) }), let rb = keyRows.firstIndex(where: { $0.contains(b) }),
              abs(ra - rb) <= 1, a != b else { return false }
        let ca = keyRows[ra].firstIndex(of: a)!, cb = keyRows[rb].firstIndex(of: b)!
        let col = { (row: Int, c: Int) in Double(c) + [0, 0.25, 0.75][row] }   // each row sits a little to the right
        return abs(col(ra, ca) - col(rb, cb)) <= 1.0
    }

    static let keyRows: [[Character]] = [Array("qwertyuiop"), Array("asdfghjkl"), Array("zxcvbnm")]
}
