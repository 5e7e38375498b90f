import Analysis
@testable import Retrieval
import Testing

@Suite("Snippets")
struct SnippetsTests {
    static let text = (1...100).map { $0 == 50 ? "Actors" : $0 == 75 ? "isolation" : "word\($0)" }.joined(separator: " ")

    @Test func windowMovesToTheQueryTerms() {
        let analyzer = Analyzer()
        let window = Snippets.window(Self.text, terms: Set(analyzer.terms("actor isolation")), analyzer: analyzer)
        // Both matches, centred: "Actors" (word 50) and "isolation" (word 75) in a 32-word window.
        #expect(window.hasPrefix("… word47 ") && window.contains(" Actors") && window.contains(" isolation"), "\(window)")
        #expect(Snippets.window(Self.text, terms: Set(analyzer.terms("zeppelin")), analyzer: analyzer).hasPrefix("word1 "))
    }

    /// Terms the analyzer has not produced before are compared by text rather than vocabulary id.
    @Test func termsNewToTheAnalyzerStillMatch() {
        let terms = Set(Analyzer().terms("actor isolation"))
        let primed = Analyzer()
        _ = primed.terms("actor isolation")
        let fresh = Snippets.window(Self.text, terms: terms, analyzer: Analyzer())
        #expect(fresh == Snippets.window(Self.text, terms: terms, analyzer: primed))
        #expect(fresh.contains(" Actors"))
    }
}

/// Chinese and Japanese put no spaces between words: each character is a unit of the window, and the
/// window centres on the query's bigrams.
@Suite("Snippets in CJK text")
struct CJKSnippetsTests {
    static let text = String(repeating: "长城是古代的军事防御工程。", count: 8) + "秦始皇把各国的长城连接起来。" + String(repeating: "明朝时期长城经过重修。", count: 8)

    @Test func windowCentresOnTheBigrams() {
        let analyzer = Analyzer()
        let window = Snippets.window(Self.text, terms: Set(analyzer.terms("秦始皇")), analyzer: analyzer)
        #expect(window.contains("秦始皇"), "\(window)")
        #expect(window.hasPrefix("… ") && window.hasSuffix(" …"))
        #expect(window.count < 80, "\(window.count)")
        #expect(!window.dropFirst(2).dropLast(2).contains(" "))
    }

    @Test func unitsKeepSpacesOnlyWhereTheTextHadThem() {
        let u = Snippets.units("東京タワー is 高い。 ok")
        #expect(u.starts.count == 10)
        #expect(u.spaced == [false, false, false, false, false, true, true, false, false, true])
        #expect(u.cjk == 8)
    }

    @Test func bigramsCarryTheirOwnOffsets() {
        let tokens = Analyzer().analyze("abc 東京タワー")
        #expect(tokens.map(\.term) == ["abc", "東京", "京タ", "タワ", "ワー"])
        #expect(tokens.map(\.start) == [0, 4, 7, 10, 13])
        let highlights = Snippets.highlights("abc 東京タワー", terms: ["タワ"], analyzer: Analyzer())
        #expect(highlights == [10..<16])
    }
}
