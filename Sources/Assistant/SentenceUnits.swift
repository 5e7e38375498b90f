import Analysis
import Corpus
import Retrieval

/// One sentence of an article, with where it sits and its analysed terms.
struct SentenceUnit {
    var doc: Int
    var block: Int
    var index: Int          // position among the article's sentences
    var text: String
    var heading: String?
    var terms: Set<String>
    var isCode: Bool
    var isListItem: Bool
    var words: Int
}

enum SentenceUnits {
    /// Splits an article's prose blocks into sentences (code blocks become one unit each).
    static func of(_ s: StoredArticle, analyzer: Analyzer) -> [SentenceUnit] {
        var out: [SentenceUnit] = []
        var heading: String?
        // Bounded work on pathological articles: the first 2,000 blocks, 20,000 characters of each.
        for (bi, full) in s.article.blocks.prefix(2000).enumerated() {
            let b = full.text.utf8.count > 20_000 ? Block(full.kind, String(full.text.prefix(20_000))) : full
            switch b.kind {
            case .heading:
                heading = b.text
            case .code:
                out.append(SentenceUnit(doc: s.doc, block: bi, index: out.count, text: b.text, heading: heading,
                                        terms: Set(analyzer.terms(b.text)), isCode: true, isListItem: false, words: Chunker.wordCount(b.text)))
            case .listItem, .paragraph, .quote:
                for sentence in Sentences.split(b.text) where sentence.contains(where: \.isLetter) {
                    out.append(SentenceUnit(doc: s.doc, block: bi, index: out.count, text: sentence, heading: heading,
                                            terms: Set(analyzer.terms(sentence)), isCode: false, isListItem: b.kind == .listItem,
                                            words: Chunker.wordCount(sentence)))
                }
            }
        }
        return out
    }

    /// The stored passage of `doc` that holds `text`, for citations that point at real passages.
    static func passage(containing text: String, in passages: [Passage]) -> String {
        let probe = String(text.prefix(60))
        return passages.first { ByteSearch.contains($0.text, probe) }?.text ?? passages.first?.text ?? ""
    }
}
