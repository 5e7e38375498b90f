@testable import Assistant
import Retrieval
import Testing

/// Each tool on real seed articles.
@Suite(.serialized) struct ToolTests {
    @Test func answersWithCitationsFromTheRightArticle() throws {
        let r = try SeedAssistant.ask("How can I make sure only one instance of a class exists in Swift?")
        #expect(!r.abstained)
        #expect(r.citations.contains { $0.ref.title.contains("Singleton") })
        #expect(r.answer.contains("[1]"))
        #expect(r.answer.contains("Sources:"))
        // Every citation quotes a passage of the article it names.
        let store = ArticleStore(index: SeedAssistant.shared.index)
        for c in r.citations {
            let text = try #require(try store.article(doc: c.ref.doc)).article.text
            #expect(text.contains(c.passage))
        }
    }

    @Test(arguments: ["What is the boiling point of mercury?", "Who won the 1998 football world cup final?", "How do I configure a Kubernetes ingress controller?"])
    func abstainsOffTopic(question: String) throws {
        let r = try SeedAssistant.ask(question)
        #expect(r.abstained, "\(question): \(r.answer)")
        #expect(r.answer.contains("couldn't find"))
    }

    @Test func summarizesOneArticleInReadingOrder() throws {
        let r = try SeedAssistant.ask("summarize the singleton article")
        #expect(r.call.tool == .summarize)
        #expect(r.answer.contains("Singleton"))
        #expect(r.citations.count == 1)
        let assistant = SeedAssistant.shared
        let short = try assistant.run({ var c = r.call; c.set("length", "short"); return c }(), message: "x", context: ConversationContext())
        #expect(short.answer.split(separator: " ").count < r.answer.split(separator: " ").count)
    }

    @Test func extractsCodeVerbatimAndMetadata() throws {
        let code = try SeedAssistant.ask("show me the code from the singleton article")
        #expect(code.call.tool == .extract)
        #expect(code.answer.contains("```"))
        #expect(code.answer.contains("static let shared"))
        let meta = try SeedAssistant.ask("who wrote the singleton article?")
        #expect(meta.answer.contains("Raphael Martin"))
        #expect(meta.answer.contains("2025-03-14"))
    }

    @Test func searchHonoursFilters() throws {
        let r = try SeedAssistant.ask("posts from 2021 please")
        #expect(!r.hits.isEmpty)
        #expect(r.hits.allSatisfy { ($0.date ?? "").hasPrefix("2021") })
    }

    @Test func tokensRebuildTheAnswer() async throws {
        let r = try SeedAssistant.ask("what is a retain cycle?")
        var pieces: [String] = []
        for await t in r.tokens { pieces.append(t) }
        #expect(pieces.count > 5)
        #expect(pieces.joined() == r.answer)
    }

    @Test func corpusQuestionsComeFromTheIndex() throws {
        let r = try SeedAssistant.ask("how many articles are in the corpus?")
        #expect(r.answer.contains("64 articles"))
    }
}
