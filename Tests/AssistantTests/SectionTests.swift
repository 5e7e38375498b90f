import Analysis
@testable import Assistant
import Corpus
import Testing

/// One section of an article, named as a reader names it: the words read from a message, the heading they match,
/// the dispatcher's call, and the summary and outline of that section alone.
@Suite(.serialized) struct SectionTests {
    @Test(arguments: [
        ("summarize its disadvantages section", "disadvantages"),
        ("sum up the part about unit testing", "unit testing"),
        ("summarize the section called best practices please", "best practices"),
        ("what are the subsections under impact in memory?", "impact memory"),
        ("what are the headings in the memory chapter of it", "memory"),
        ("summarize the part about hooks of the git faq", "hooks git faq"),
        ("summarize the first section", nil),
        ("summarize it", nil),
        ("is that part of the standard library?", nil),
        ("which parts of the API changed?", nil),
    ] as [(String, String?)])
    func sectionWords(message: String, expected: String?) {
        #expect(MessageCues(message).sectionWords == expected, "\(message)")
    }

    /// After "on …" or "under …", the words before an "of", "in" or "from" are a second naming, tried after all of them.
    @Test func aShorterNamingBeforeOfOrIn() {
        #expect(MessageCues("summarize the part about hooks of the git faq").sectionNames == ["hooks git faq", "hooks"])
        #expect(MessageCues("what are the subsections under impact in memory in that article?").sectionNames == ["impact memory", "impact"])
    }

    /// The answer without lore's bold markers.
    static func plain(_ s: String) -> String { s.replacing(Emphasis.marker, with: "") }

    static let article = Article(id: "a", title: "Caching in Practice", source: "a.md", line: 1, blocks: [
        Block(.paragraph, "Caches trade memory for time."),
        Block(.heading(level: 2), "Eviction Policies"),
        Block(.paragraph, "An LRU cache drops the entry used least recently."),
        Block(.heading(level: 3), "Least Recently Used"),
        Block(.paragraph, "It keeps a list ordered by use."),
        Block(.heading(level: 3), "Time to Live"),
        Block(.paragraph, "Each entry expires after a fixed time."),
        Block(.heading(level: 2), "Invalidating a Cache Entry"),
        Block(.paragraph, "Invalidation is the hard part."),
    ])

    /// A section runs to the next heading at its level or above; it is named by all of its heading's words that the
    /// message gives, or all but one of three or more; the heading with the fewest other words wins.
    @Test(arguments: [
        ("eviction", "Eviction Policies", 2..<7),
        ("eviction policies", "Eviction Policies", 2..<7),
        ("time to live", "Time to Live", 6..<7),
        ("invalidating cache entries", "Invalidating a Cache Entry", 8..<9),
        ("invalidating stale cache entries", "Invalidating a Cache Entry", 8..<9),
        ("policies for ttl", nil, 0..<0),
        ("", nil, 0..<0),
    ] as [(String, String?, Range<Int>)])
    func namedSection(words: String, heading: String?, blocks: Range<Int>) {
        let s = ArticleSections.named(words, in: Self.article, analyzer: Analyzer())
        #expect(s?.heading == heading, "\(words)")
        if heading != nil { #expect(s?.blocks == blocks, "\(words)") }
    }

    @Test func subheadingsAreTheSectionsOwn() throws {
        let s = try #require(ArticleSections.named("eviction", in: Self.article, analyzer: Analyzer()))
        #expect(ArticleSections.subheadings(s, in: Self.article).map(\.text) == ["Least Recently Used", "Time to Live"])
    }

    /// "summarize its … section" after an answer from an article summarizes that section, not the article's outline;
    /// so does "summarize what it says about …" when those words are a heading's. A section it does not have leaves the
    /// whole article.
    @Test func summarizeASectionOfTheArticleDiscussed() throws {
        let first = try SeedAssistant.ask("summarize the singleton article")
        let context = first.updating(ConversationContext())
        for message in ["summarize its best practices section", "summarize what it says about best practices"] {
            let call = SeedAssistant.shared.dispatch(message, context: context)
            #expect(call.tool == .summarize && call.target == context.lastArticle, "\(message): \(call)")
            #expect(call.argument("section") == "Best Practices", "\(message): \(call)")
        }
        let none = SeedAssistant.shared.dispatch("summarize its deployment section", context: context)
        #expect(none.tool == .summarize && none.argument("section") == nil, "\(none)")

        let summary = try SeedAssistant.ask("summarize its impact on unit testing section", context: context)
        #expect(Self.plain(summary.answer).hasPrefix("The section Impact on Unit Testing of Design Patterns in Swift: Singleton ("), "\(summary.answer)")
        // Only the section's sentences: none of the article's opening.
        let lead = try #require(SeedAssistant.ask("summarize the singleton article").answer.split(separator: "\n").dropFirst(2).first)
        #expect(!summary.answer.contains(String(lead.prefix(60))))
    }

    /// "what are the subsections under …?" lists the headings inside that section only.
    @Test func headingsUnderASection() throws {
        let first = try SeedAssistant.ask("summarize the singleton article")
        let context = first.updating(ConversationContext())
        let r = try SeedAssistant.ask("what are the subsections under impact in memory in that article?", context: context)
        #expect(r.call.tool == .extract && r.call.argument("section") == "Impact in Memory", "\(r.call)")
        let items = r.answer.split(separator: "\n").filter { $0.hasPrefix("- ") }.map(String.init)
        #expect(items == ["- 1. Increasing Memory Usage", "- 2. Data races"], "\(r.answer)")
        // Naming neither the article nor "it": the section is the discussed article's.
        let plain = SeedAssistant.shared.dispatch("what are the subsections under how to create a singleton?", context: context)
        #expect(plain.tool == .extract && plain.target == context.lastArticle && plain.argument("section") == "How to Create a Singleton", "\(plain)")
    }

    /// Asked for by name (`/summarize … (section: …)`, as `lore summarize --section` and the MCP tool send it), a
    /// section the article does not have is named, with the ones it has.
    @Test func aSectionItDoesNotHaveIsSaid() throws {
        let r = try SeedAssistant.ask("/summarize Design Patterns in Swift: Singleton (section: kubernetes)")
        #expect(r.answer.contains("has no section called “kubernetes”"), "\(r.answer)")
        #expect(r.answer.contains("Best Practices"), "\(r.answer)")
        let ok = try SeedAssistant.ask("/summarize Design Patterns in Swift: Singleton (section: best practices) (short)")
        #expect(ok.call.argument("section") == "best practices" && ok.call.argument("length") == "short", "\(ok.call)")
        #expect(Self.plain(ok.answer).hasPrefix("The section Best Practices of Design Patterns in Swift: Singleton"), "\(ok.answer)")
    }
}

/// An article with no headings shows its opening lines instead: each paragraph split on its own, and the title
/// repeated as the first line (as flattened docs have it) is no sentence of them.
@Suite struct OpeningLinesTests {
    @Test func theTitleLineIsNoOpeningSentence() {
        let a = Article(id: "b", title: "Critical Section Objects", source: "b.jsonl", line: 1, blocks: [
            Block(.paragraph, "Critical Section Objects"),
            Block(.paragraph, "A critical section object provides synchronization within one process. It cannot be shared."),
            Block(.paragraph, "A later paragraph."),
        ])
        #expect(Extractor.openingLines(a) == ["- A critical section object provides synchronization within one process.", "- It cannot be shared."])
        let untitled = Article(id: "c", title: "Notes", source: "c.txt", line: 1, blocks: [
            Block(.paragraph, "A heading-like line"), Block(.paragraph, "Then a sentence."),
        ])
        #expect(Extractor.openingLines(untitled) == ["- A heading-like line", "- Then a sentence."])
    }
}
