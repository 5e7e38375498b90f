import Testing
@testable import Assistant

/// Issue 10, point 6: the greeting's example question names a title cut at a word, never mid-word.
@Suite struct GreetingExampleTests {
    @Test(arguments: [
        ("Short title", "Short title"),
        ("Retain Cycles and Memory Leaks in Swift: what the closure capture list really does", "Retain Cycles and Memory Leaks in Swift: what the closure"),
        ("Supercalifragilisticexpialidocious-and-even-longer-hyphenated-words-without-spaces-here", "Supercalifragilisticexpialidocious-and-even-longer-hyphenate"),
    ])
    func shortTitle(title: String, short: String) {
        #expect(Assistant.shortTitle(title) == short)
    }

    @Test func seedExamplesEndAtAWord() {
        let examples = SeedAssistant.shared.exampleQuestions()
        #expect(examples.count == 2)
        let titles = ((try? SeedAssistant.shared.store.all(bodies: false)) ?? []).map(\.article.title)
        for e in examples {
            let part = String(e.dropFirst("summarize ".count))
            #expect(titles.contains { $0 == part || $0.hasPrefix(part + " ") || $0.hasPrefix(part + ",") || $0.hasPrefix(part + ":") }, "\(e)")
        }
    }
}
