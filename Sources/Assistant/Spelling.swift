import Analysis
import Retrieval
import SQLite

/// Corrects query words the index has never seen ("eror" → "error", "testign" → "testing") by
/// finding the most frequent index term within a small edit distance, allowing for stemmed endings.
struct Spelling {
    let db: Database
    let analyzer: Analyzer
    /// English words by how common they are: a word on the list is a real word the corpus does not use, not a typo
    /// ("snake" is not "shake", "antivenom" may still be mistyped). Nil in tests of the edits alone.
    var english: CommonWords? = nil

    static let endings = ["", "s", "e", "es", "ed", "ing", "ion", "ions", "al", "ally", "ically", "ly", "er", "ers", "y", "ity", "ation", "ment", "ize",
                          "ate", "ated", "ates", "ator", "ators", "ive", "ness", "ful"]

    /// The query with unknown words replaced by their likeliest correction. `typos`: the terms of the words corrected
    /// as mistyped ("retian"), not as a known word's derivation ("cleanest" → "clean").
    func correct(_ text: String) -> (text: String, changes: [(String, String)], typos: Set<String>) {
        var changes: [(String, String)] = [], typos = Set<String>()
        var out: [String] = []
        for raw in text.split(separator: " ", omittingEmptySubsequences: true) {
            let word = String(raw)
            let terms = analyzer.terms(word)
            let bare = Classifier.words(word).first ?? ""
            guard terms.count == 1, let term = terms.first, term.count >= 4, !term.contains(where: \.isNumber), df(term) == 0
            else { out.append(word); continue }
            if let fixed = relative(bare) {
                changes.append((word, fixed)); out.append(fixed)
            } else if !isEnglish(term), let fixed = suggest(bare.isEmpty ? term : bare) {
                changes.append((word, fixed)); out.append(fixed); typos.insert(term)
            } else {
                out.append(word)
            }
        }
        return (out.joined(separator: " "), changes, typos)
    }

    /// Whether English writes the word (its stem is on the list of common words).
    func isEnglish(_ term: String) -> Bool { english?.zipf(term) != nil }

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
                let terms = analyzer.terms(form)
                guard terms.count == 1, df(terms[0]) > 0 else { continue }
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
    static func distance(_ typedWord: [Character], _ intendedWord: [Character], limit: Int) -> Int {
        if typedWord == intendedWord { return 0 }
        let n = typedWord.count, m = intendedWord.count, never = limit + 1
        guard abs(n - m) <= limit else { return never }
        let typed = typedWord.map(code), intended = intendedWord.map(code)
        // Three rows of the table (the one before last for a swap) in one buffer, rotated by offset; a row past
        // `limit` ends it. Three arrays rotated with `swap(&before, &last); swap(&last, &row)` were miscompiled
        // (Swift 6.3.1, -O): every one-slip pair ("eror", "error") came out at 2, so no typo was ever corrected in a
        // release build while the debug-built tests passed. `SpellingCLITests` checks it through the release binary.
        let width = m + 1
        var table = [Int](repeating: never, count: 3 * width)
        var before = 0, last = width, row = 2 * width
        table[last] = 0
        for j in stride(from: 1, through: m, by: 1) { table[last + j] = min(j, never) }   // keys missed at the start
        for i in stride(from: 1, through: n, by: 1) {
            let t = typed[i - 1], doubled = i > 1 && t == typed[i - 2]
            table[row] = doubled ? min(table[last] + 1, never) : never
            var rowMin = table[row]
            for j in stride(from: 1, through: m, by: 1) {
                let w = intended[j - 1]
                var best = t == w ? table[last + j - 1] : never
                best = min(best, table[row + j - 1] + 1)                                  // missed key
                if doubled { best = min(best, table[last + j] + 1) }                      // pressed twice
                if t != w, adjacent(t, w) { best = min(best, table[last + j - 1] + 1) }   // neighbouring key
                if i > 1, j > 1, t == intended[j - 2], typed[i - 2] == w { best = min(best, table[before + j - 2] + 1) }
                table[row + j] = min(best, never)
                rowMin = min(rowMin, table[row + j])
            }
            if rowMin >= never { return never }
            (before, last, row) = (last, row, before)
        }
        return table[last + m]
    }

    /// A letter as a number: a–z as 0…25 (for the key table), anything else by its first scalar, above them.
    private static func code(_ c: Character) -> UInt32 {
        let v = c.unicodeScalars.first!.value
        return v >= 97 && v <= 122 ? v - 97 : v + 26
    }

    /// Keys next to each other on a QWERTY keyboard.
    static func adjacent(_ a: Character, _ b: Character) -> Bool { adjacent(code(a), code(b)) }

    private static func adjacent(_ a: UInt32, _ b: UInt32) -> Bool {
        guard a != b, a < 26, b < 26 else { return false }
        let pa = keyPlace[Int(a)], pb = keyPlace[Int(b)]
        return abs(pa.row - pb.row) <= 1 && abs(pa.column - pb.column) <= 1.0
    }

    /// Each letter's row and column (a–z order); each row sits a little to the right of the one above.
    static let keyPlace: [(row: Int, column: Double)] = {
        var out = [(row: Int, column: Double)](repeating: (9, 0), count: 26)
        for (r, keys) in keyRows.enumerated() {
            for (c, k) in keys.enumerated() { out[Int(k.asciiValue! - 97)] = (r, Double(c) + [0, 0.25, 0.75][r]) }
        }
        return out
    }()

    static let keyRows: [[Character]] = [Array("qwertyuiop"), Array("asdfghjkl"), Array("zxcvbnm")]
}
