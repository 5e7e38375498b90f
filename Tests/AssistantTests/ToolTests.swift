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

    /// The words match articles, but the thing named does not: "Express" the web framework is not
    /// "express" the verb, and a call to `reconcile()` is not the word "reconciled".
    @Test(arguments: ["How do I add middleware to an Express server?", "What does the SwiftUI reconcile() call return?"])
    func abstainsWhenTheEvidenceLacksTheNamedThing(question: String) throws {
        let r = try SeedAssistant.ask(question)
        #expect(r.abstained, "\(question): \(r.answer)")
    }

    @Test func answersWhenTheEvidenceNamesIt() throws {
        let r = try SeedAssistant.ask("Is there a way to express a protocol requirement for a static property?")
        #expect(!r.abstained)
        let names = try SeedAssistant.ask("When does the Xcode Preview fail to render?")
        #expect(!names.abstained, "\(names.answer)")
    }

    @Test func questionNamesAreCapitalisedOrCodeLike() {
        let names = QuestionName.of("Does Donny Wals' post on Combine call sink()? What about iOS 18. Metal then")
        #expect(names.map(\.text) == ["Donny", "Wals", "Combine", "sink", "iOS"])
        #expect(names.first { $0.text == "sink" }?.isCall == true)
        #expect(QuestionName(text: "sink", isCode: true, isCall: true).isMentioned(in: "call .sink(receivevalue:)"))
        #expect(!QuestionName(text: "sink", isCode: true, isCall: true).isMentioned(in: "the kitchen sink"))
        #expect(!QuestionName(text: "Go", isCode: false, isCall: false).isMentioned(in: "a good idea"))
        #expect(QuestionName(text: "Go", isCode: false, isCall: false).isMentioned(in: "then go, quickly"))
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
