import Corpus
import Retrieval

/// Which of an article's code blocks or links a request names ("show me the code where it uses generics",
/// "the link to the style guide"). Each item is known by its terms: a code block by those of its code, of the
/// paragraph that leads into it and of its section heading; a link by its text. A request's term counts by how few
/// items have it (BM25's IDF over the article's items), so a word every item shares picks none of them. The items
/// kept are those within `keepRatio` of the best; none is singled out when no item has any of the terms, or every
/// item scores the same.
struct ExtractFocus {
    /// An item stays when its score is at least this share of the best item's.
    static let keepRatio = 0.5

    /// Indexes (into `items`) of the items the focus names, in reading order; nil when it names none in particular.
    static func pick(_ items: [Set<String>], focus: Set<String>) -> [Int]? {
        guard items.count > 1, !focus.isEmpty else { return nil }
        let n = Double(items.count)
        var weight: [String: Double] = [:]
        for t in focus {
            let df = Double(items.filter { $0.contains(t) }.count)
            if df > 0 { weight[t] = (1 + (n - df + 0.5) / (df + 0.5)).logValue }
        }
        let scores = items.map { b in weight.reduce(0) { $0 + (b.contains($1.key) ? $1.value : 0) } }
        guard let best = scores.max(), best > 0, scores.contains(where: { $0 < best }) else { return nil }
        let kept = scores.indices.filter { scores[$0] >= keepRatio * best }
        return kept.count < items.count ? kept : nil
    }

    /// Each code block of `article` with what it is known by (its text, the prose block right before it in its
    /// section, its section heading) and the sentence that leads into it, when prose comes right before it.
    static func contexts(_ article: Article) -> [(block: Block, context: String, leadIn: String?)] {
        var out: [(block: Block, context: String, leadIn: String?)] = []
        var heading = "", lead: String? = nil
        for b in article.blocks {
            switch b.kind {
            case .heading:
                heading = b.text; lead = nil
            case .code:
                out.append((b, [b.text, lead ?? "", heading].joined(separator: "\n"), lead.flatMap { Sentences.split($0).last }))
            case .paragraph, .listItem, .quote:
                lead = b.text
            }
        }
        return out
    }
}
