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
    /// Which section of the article (0 before the first heading) and the place in it (0 = its lead).
    var section = 0
    var sectionPosition = 0
    var terms: Set<String>
    /// The analysed terms in order, with repeats (for BM25 and proximity).
    var tokens: [String] = []
    var isCode: Bool
    var isListItem: Bool
    var words: Int
}

enum SentenceUnits {
    /// Splits an article's prose blocks into sentences (code blocks become one unit each).
    static func of(_ s: StoredArticle, analyzer: Analyzer) -> [SentenceUnit] {
        // Sentences are analysed in the article's language, as the index analysed it.
        analyzer.use(language: s.article.language)
        defer { analyzer.use(language: nil) }
        // Chinese, Japanese and Korean write no spaces: a sentence counts about a word per two characters.
        let cjk = ["zh", "ja", "ko"].contains(s.article.language ?? "")
        var out: [SentenceUnit] = []
        var heading: String?
        var section = 0, sectionStart = 0
        // Bounded work on pathological articles: the first 2,000 blocks, 20,000 characters of each.
        for (bi, full) in s.article.blocks.prefix(2000).enumerated() {
            let b = full.text.utf8.count > 20_000 ? Block(full.kind, String(full.text.prefix(20_000))) : full
            switch b.kind {
            case .heading:
                heading = b.text
                section += 1; sectionStart = out.count
            case .code:
                let tokens = analyzer.terms(b.text)
                out.append(SentenceUnit(doc: s.doc, block: bi, index: out.count, text: b.text, heading: heading,
                                        section: section, sectionPosition: out.count - sectionStart,
                                        terms: Set(tokens), tokens: tokens, isCode: true, isListItem: false, words: Chunker.wordCount(b.text)))
            case .listItem, .paragraph, .quote:
                for sentence in Sentences.split(b.text) where sentence.contains(where: \.isLetter) {
                    let tokens = analyzer.terms(sentence)
                    out.append(SentenceUnit(doc: s.doc, block: bi, index: out.count, text: sentence, heading: heading,
                                            section: section, sectionPosition: out.count - sectionStart,
                                            terms: Set(tokens), tokens: tokens, isCode: false, isListItem: b.kind == .listItem,
                                            words: cjk ? max(Chunker.wordCount(sentence), sentence.unicodeScalars.lazy.filter(CJKBigramFilter.isCJK).count / 2) : Chunker.wordCount(sentence)))
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
