import Foundation
@testable import Assistant
import Retrieval
import Testing

/// Every citation of every answer on the development questions (../shared/eval, when present beside the
/// repository) quotes a passage that is really in the cited article.
struct CitationTests {
    static var devQuestions: [String] {
        let path = SeedAssistant.package + "/../shared/eval/questions.jsonl"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["question"] as? String
        }
    }

    @Test func citationsQuoteTheCitedArticle() throws {
        let questions = CitationTests.devQuestions + ["How can I make sure only one instance of a class exists in Swift?",
                                                      "What is the difference between a struct and a class?"]
        let assistant = SeedAssistant.shared
        let store = ArticleStore(index: assistant.index)
        var checked = 0
        for q in questions {
            let r = try assistant.respond(q, context: ConversationContext())
            for c in r.citations {
                let text = try #require(try store.article(doc: c.ref.doc)).article.text
                #expect(!c.passage.isEmpty, "\(q)")
                #expect(text.contains(c.passage), "citation [\(c.n)] of “\(q)” is not in \(c.ref.source):\(c.ref.line)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }
}
