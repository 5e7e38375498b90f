import Analysis

/// Picks a short window of a passage around the query terms, and finds the spans to highlight.
public enum Snippets {
    /// About `words` words around the densest cluster of query terms, with "…" where text was cut.
    public static func window(_ text: String, terms: Set<String>, analyzer: Analyzer, words: Int = 32) -> String {
        // Word boundaries (UTF-8 offsets) of the passage, whitespace-separated.
        var flat = text
        var starts: [Int] = [], ends: [Int] = []
        var inWord = false
        flat.withUTF8 { b in
            for (i, c) in b.enumerated() {
                let space = c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D
                if !space && !inWord { starts.append(i) }
                if space && inWord { ends.append(i) }
                inWord = !space
            }
            if inWord { ends.append(b.count) }
        }
        let bytes = Array(flat.utf8)
        /// Words `r`, one space between (words end at ASCII whitespace, so the bytes stay valid UTF-8).
        func join(_ r: Range<Int>) -> String {
            var out: [UInt8] = []
            out.reserveCapacity(r.isEmpty ? 0 : ends[r.upperBound - 1] - starts[r.lowerBound])
            for w in r {
                if w > r.lowerBound { out.append(0x20) }
                out.append(contentsOf: bytes[starts[w]..<ends[w]])
            }
            return String(decoding: out, as: UTF8.self)
        }
        guard starts.count > words else { return join(0..<starts.count) }
        // Mark words holding a query term: analyse the passage once and map token offsets to words.
        // Terms are compared by vocabulary id; one the analyzer first meets in this passage is
        // compared by its text.
        var marks = [Int](repeating: 0, count: starts.count)
        if !terms.isEmpty {
            let known = terms.compactMap { analyzer.termID($0) }
            let firstNew = Int32(analyzer.vocabularySize)
            var w = 0
            analyzer.forEachTermStart(flat) { id, start in
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
        // Back up a little so the window does not open on the matching word itself.
        let start = max(0, best - 3)
        let end = min(starts.count, start + words)
        return (start > 0 ? "… " : "") + join(start..<end) + (end < starts.count ? " …" : "")
    }

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
