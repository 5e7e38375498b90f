@testable import Assistant
import Testing

/// The dispatcher on labelled messages written for these tests (not the dev set), over the seed corpus.
@Suite(.serialized) struct DispatcherTests {
    @Test(arguments: [
        ("find articles on retain cycles", Tool.search),
        ("any posts about swiftui previews?", .search),
        ("posts by Karin Prater", .search),
        ("summarise the singleton article", .summarize),
        ("tldr of the post about reviewing code", .summarize),
        ("give me the snippets in the networking post", .extract),
        ("who wrote the singleton article?", .extract),
        ("headings of the retain cycles article", .extract),
        ("what is a retain cycle?", .answer),
        ("how do I prevent a retain cycle in a closure", .answer),
        ("why would I use an actor instead of a lock", .answer),
        ("/search actors", .search),
        ("/extract links singleton", .extract),
    ])
    func picksTheTool(message: String, tool: Tool) {
        #expect(SeedAssistant.shared.dispatch(message, context: ConversationContext()).tool == tool, "\(message)")
    }

    @Test func resolvesANamedArticle() {
        let call = SeedAssistant.shared.dispatch("summarize the singleton article", context: ConversationContext())
        #expect(call.target?.title.contains("Singleton") == true)
        #expect(call.display.hasPrefix("→ summarize(article: \"Design Patterns in Swift: Singleton\""))
    }

    @Test func followUpsUseTheContext() throws {
        let first = try SeedAssistant.ask("find articles about retain cycles")
        #expect(!first.hits.isEmpty)
        let context = first.updating(ConversationContext())
        let second = SeedAssistant.shared.dispatch("summarize the second one", context: context)
        #expect(second.tool == .summarize)
        #expect(second.target == context.lastHits[1])
        let third = SeedAssistant.shared.dispatch("who wrote it?", context: context)
        #expect(third.tool == .extract && third.argument("kind") == "metadata")
        #expect(third.target == context.lastArticle)
    }

    @Test func anExplicitTitleBeatsContext() throws {
        var context = ConversationContext()
        context.lastArticle = SeedAssistant.shared.dispatch("summarize the singleton article", context: context).target
        let call = SeedAssistant.shared.dispatch("now summarize the retain cycles article", context: context)
        #expect(call.target?.title.contains("Retain Cycles") == true)
    }

    @Test func typosAndNoPunctuationStillDispatch() {
        #expect(SeedAssistant.shared.dispatch("sumarize the singelton article", context: ConversationContext()).tool == .summarize)
    }
}
