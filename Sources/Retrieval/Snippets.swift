import Analysis

/// Picks a short window of a passage around the query terms, and finds the spans to highlight.
public enum Snippets {
    /// About `words` words around the densest cluster of query terms, with "…" where text was cut.
    public static func window(_ text: String, terms: Set<String>, analyzer: Analyzer, words: Int = 32) -> String {
        let flat = text.split(whereSeparator: { $0 == "\n" }).joined(separator: " ")
        let pieces = flat.split(separator: " ", omittingEmptySubsequences: true)
        guard pieces.count > words else { return pieces.joined(separator: " ") }
        var best = 0, bestCount = -1
        var marks = [Int](repeating: 0, count: pieces.count)
        if !terms.isEmpty {
            for (i, w) in pieces.enumerated() where analyzer.analyze(String(w)).contains(where: { terms.contains($0.term) }) { marks[i] = 1 }
        }
        var running = marks[0..<words].reduce(0, +)
        bestCount = running
        for start in 1...(pieces.count - words) {
            running += marks[start + words - 1] - marks[start - 1]
            if running > bestCount { bestCount = running; best = start }
        }
        // Back up a little so the window does not open on the matching word itself.
        let start = max(0, best - 3)
        let end = min(pieces.count, start + words)
        return (start > 0 ? "… " : "") + pieces[start..<end].joined(separator: " ") + (end < pieces.count ? " …" : "")
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
