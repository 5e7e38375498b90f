import Analysis
import Corpus

/// One section of an article: its heading and the blocks after it, up to the next heading at its level or above.
struct ArticleSection: Equatable {
    let heading: String
    /// The blocks inside the section, the heading excluded (subsections included).
    let blocks: Range<Int>
}

/// The sections of an article, and the one a message names by its heading's words ("summarize its discussion
/// section", "the part about line endings"), as a reader names a section: by some of its heading's words.
enum ArticleSections {
    /// Every heading of the article as a section, in reading order.
    static func all(_ a: Article) -> [ArticleSection] {
        let levels: [(Int, Int)] = a.blocks.enumerated().compactMap { i, b in
            if case .heading(let l) = b.kind { return (i, l) } else { return nil }
        }
        return levels.enumerated().map { k, h in
            let end = levels[(k + 1)...].first { $0.1 <= h.1 }?.0 ?? a.blocks.count
            return ArticleSection(heading: a.blocks[h.0].text, blocks: (h.0 + 1)..<end)
        }
    }

    /// The section whose heading holds the analysed terms of `words`: all of them, or, for three words or more,
    /// all but one. Of several, the one whose heading has the fewest other terms, then the first. Nil when none does,
    /// or when `words` has no term.
    static func named(_ words: String, in a: Article, analyzer: Analyzer) -> ArticleSection? {
        let wanted = Set(analyzer.terms(words))
        guard !wanted.isEmpty else { return nil }
        var best: (section: ArticleSection, missing: Int, extra: Int)?
        for s in all(a) {
            let have = Set(analyzer.terms(s.heading))
            let missing = wanted.subtracting(have).count
            guard missing == 0 || (wanted.count >= 3 && missing == 1) else { continue }
            let extra = have.subtracting(wanted).count
            if best == nil || (missing, extra) < (best!.missing, best!.extra) { best = (s, missing, extra) }
        }
        return best?.section
    }

    /// The section's own outline: the headings inside it, with their levels.
    static func subheadings(_ s: ArticleSection, in a: Article) -> [(text: String, level: Int)] { outline(a.blocks[s.blocks]) }

    /// Whether a heading or paragraph only sets the article's title again (as many pages open).
    static func repeatsTitle(_ text: String, of a: Article) -> Bool { text.trimmed.lowercased() == a.title.lowercased() }

    /// The headings among `blocks`, with their levels, in reading order.
    static func outline(_ blocks: some Collection<Block>) -> [(text: String, level: Int)] {
        blocks.compactMap { b in
            if case .heading(let l) = b.kind { return (b.text, l) } else { return nil }
        }
    }
}
