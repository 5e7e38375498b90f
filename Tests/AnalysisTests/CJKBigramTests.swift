import Testing
@testable import Analysis

/// Issue 10: Chinese, Japanese and Korean text indexed as overlapping bigrams.
@Suite struct CJKBigramTests {
    @Test(arguments: [
        ("東京タワー", ["東京", "京タ", "タワ", "ワー"]),
        ("北京", ["北京"]),
        ("猫", ["猫"]),
        ("Swift言語", ["swift", "言語"]),
        ("한국어 검색", ["한국", "국어", "검색"]),
        ("English words stay", ["english", "word", "stay"]),
    ] as [(String, [String])])
    func bigrams(text: String, terms: [String]) {
        let a = Analyzer()
        #expect(a.terms(text) == terms)
        #expect(a.chainAnalyze(text).map(\.term) == terms)
    }

    @Test func sentencePunctuationSplitsRuns() {
        #expect(Analyzer().terms("日本語。中文") == ["日本", "本語", "中文"])
    }

    @Test func queryMeetsText() {
        let a = Analyzer()
        let doc = Set(a.terms("東京タワーは東京の名所です"))
        #expect(a.terms("東京タワー").allSatisfy(doc.contains))
        #expect(!doc.contains("大阪"))
    }
}
