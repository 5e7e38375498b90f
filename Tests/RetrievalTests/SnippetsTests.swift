import Analysis
@testable import Retrieval
import Testing

@Suite("Snippets")
struct SnippetsTests {
    static let text = (1...100).map { $0 == 50 ? "Actors" : $0 == 75 ? "isolation" : "word\($0)" }.joined(separator: " ")

    @Test func windowMovesToTheQueryTerms() {
        let analyzer = Analyzer()
        let window = Snippets.window(Self.text, terms: Set(analyzer.terms("actor isolation")), analyzer: analyzer)
        #expect(window.hasPrefix("… word41 ") && window.contains(" Actors"))
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
