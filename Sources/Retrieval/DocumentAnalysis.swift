import Analysis
import Corpus

/// An article analysed for indexing: per-field term frequencies and per-passage frequencies.
struct AnalyzedArticle {
    var article: Article
    var passages: [Passage]
    var titleTF: [String: Int] = [:]
    var headingTF: [String: Int] = [:]
    var bodyTF: [String: Int] = [:]
    var passageTF: [[String: Int]] = []
    var passageLengths: [Int] = []
    var titleLength = 0, headingLength = 0, bodyLength = 0
    var words = 0

    init(_ article: Article, analyzer: Analyzer) {
        self.article = article
        passages = Chunker.passages(of: article)
        for t in analyzer.analyze(article.title) { titleTF[t.term, default: 0] += 1; titleLength += 1 }
        // Author and site count with the headings, so "Donny's post" and "the swiftyplace blog" match.
        for t in analyzer.analyze([article.author, article.feed].compactMap { $0 }.joined(separator: " ")) {
            headingTF[t.term, default: 0] += 1; headingLength += 1
        }
        for h in article.headings {
            for t in analyzer.analyze(h.text) { headingTF[t.term, default: 0] += 1; headingLength += 1 }
        }
        for p in passages {
            var tf: [String: Int] = [:]
            var n = 0
            for t in analyzer.analyze(p.text) { tf[t.term, default: 0] += 1; n += 1 }
            for (k, v) in tf { bodyTF[k, default: 0] += v }
            bodyLength += n
            passageTF.append(tf)
            passageLengths.append(n)
            words += Chunker.wordCount(p.text)
        }
    }

    /// Every term an already-stored article contributed, for taking it out of the postings.
    static func terms(of article: Article, analyzer: Analyzer) -> Set<String> {
        var out = Set<String>()
        for text in [article.title, article.author ?? "", article.feed ?? ""] { out.formUnion(analyzer.terms(text)) }
        for b in article.blocks { out.formUnion(analyzer.terms(b.text)) }
        return out
    }

    var allTerms: Set<String> {
        Set(titleTF.keys).union(headingTF.keys).union(bodyTF.keys)
    }
}
