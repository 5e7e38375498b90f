import Analysis

/// Picks a short window of a passage around the query terms, and finds the spans to highlight.
public enum Snippets {
    /// About `words` words around the densest cluster of query terms, with "…" where text was cut.
    public static func window(_ text: String, terms: Set<String>, analyzer: Analyzer, words: Int = 32) -> String {
        let (starts, ends, spaced, cjk) = units(text)
        let bytes = Array(text.utf8)
        /// Units `r`, with one space where the passage had whitespace (units end at ASCII whitespace or
        /// at a character's end, so the bytes stay valid UTF-8).
        func join(_ r: Range<Int>) -> String {
            var out: [UInt8] = []
            out.reserveCapacity(r.isEmpty ? 0 : ends[r.upperBound - 1] - starts[r.lowerBound])
            for w in r {
                if w > r.lowerBound && spaced[w] { out.append(0x20) }
                out.append(contentsOf: bytes[starts[w]..<ends[w]])
            }
            return String(decoding: out, as: UTF8.self)
        }
        // A Chinese or Japanese character carries about half an English word.
        let words = cjk * 2 > starts.count ? words * 2 : words
        guard starts.count > words else { return join(0..<starts.count) }
        // Mark words holding a query term: analyse the passage once and map token offsets to words.
        // Terms are compared by vocabulary id; one the analyzer first meets in this passage is
        // compared by its text.
        var marks = [Int](repeating: 0, count: starts.count)
        if !terms.isEmpty {
            let known = terms.compactMap { analyzer.termID($0) }
            let firstNew = Int32(analyzer.vocabularySize)
            var w = 0
            analyzer.forEachTermStart(text) { id, start in
                guard known.contains(id) || (id >= firstNew && terms.contains(analyzer.term(id))) else { return }
                while w < starts.count - 1 && ends[w] <= start { w += 1 }
                marks[w] = 1
            }
        }
        var running = marks[0..<words].reduce(0, +)
        var best = 0, bestCount = running
        for start in 1...(starts.count - words) {
            running += marks[start + words - 1] - marks[start - 1]
            if running > bestCount { bestCount = running; best = start }
        }
        // Centre the marked words of the best window, a few words in, so it opens on neither the first
        // match nor so late that the last falls out.
        let marked = (best..<best + words).filter { marks[$0] == 1 }
        var start = best
        if let first = marked.first, let last = marked.last {
            start = first - max(3, (words - (last - first + 1)) / 2)
        }
        start = max(0, min(start, starts.count - words))
        // Nor on a closing mark of the sentence before ("。", "，").
        while start > 0, start < starts.count - 1,
              let u = String(decoding: bytes[starts[start]..<ends[start]], as: UTF8.self).unicodeScalars.first, isCJKPunctuation(u) { start += 1 }
        let end = min(starts.count, start + words)
        return (start > 0 ? "… " : "") + join(start..<end) + (end < starts.count ? " …" : "")
    }

    /// The passage's units as UTF-8 offsets: whitespace-separated words, and each Chinese, Japanese or
    /// Korean character (or CJK punctuation mark) on its own, as those scripts put no spaces between
    /// words. `spaced[i]`: whitespace came before unit i. `cjk`: how many units are such characters.
    static func units(_ text: String) -> (starts: [Int], ends: [Int], spaced: [Bool], cjk: Int) {
        var starts: [Int] = [], ends: [Int] = [], spaced: [Bool] = []
        var cjk = 0, offset = 0, inWord = false, sawSpace = false
        for u in text.unicodeScalars {
            let width = UTF8.width(u)
            defer { offset += width }
            if u == " " || u == "\n" || u == "\t" || u == "\r" {
                if inWord { ends.append(offset); inWord = false }
                sawSpace = true
                continue
            }
            if isCJKUnit(u) {
                if inWord { ends.append(offset); inWord = false }
                starts.append(offset); ends.append(offset + width); spaced.append(sawSpace)
                cjk += 1; sawSpace = false
                continue
            }
            if !inWord { starts.append(offset); spaced.append(sawSpace); inWord = true; sawSpace = false }
        }
        if inWord { ends.append(offset) }
        if !spaced.isEmpty { spaced[0] = false }
        return (starts, ends, spaced, cjk)
    }

    static func isCJKUnit(_ u: Unicode.Scalar) -> Bool { CJKBigramFilter.isCJK(u) || isCJKPunctuation(u) }

    /// CJK symbols and punctuation ("。", "、", "「") and full-width forms ("，", "！").
    static func isCJKPunctuation(_ u: Unicode.Scalar) -> Bool { (0x3000...0x303F).contains(u.value) || (0xFF00...0xFF65).contains(u.value) }

    /// UTF-8 byte ranges of words in `text` whose analysed form is one of `terms`.
    public static func highlights(_ text: String, terms: Set<String>, analyzer: Analyzer) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for t in analyzer.analyze(text) where terms.contains(t.term) {
            if let last = out.last, last.lowerBound == t.start { continue }
            out.append(t.start..<t.end)
        }
        return out
    }
}
