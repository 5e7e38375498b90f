import Foundation
import Testing

/// A corpus of a few articles lacks everyday words ("bad", "use") as much as rare ones ("kernel"). A question
/// that asks about what the articles cover in everyday words is answered; one about a topic they lack is
/// still declined (Prompts/common_words_en.txt, weighed by the answer model's `question` settings).
@Suite("A small corpus and everyday words")
struct SmallCorpusCLITests {
    static let articles = [
        "heap.md": """
            # Hot heaps

            A hot heap reaches 55 to 65 degrees Celsius within a week when it holds enough nitrogen.
            Spent tea leaves are rich in nitrogen and warm a heap quickly. Mix them with dry straw, one part leaves to three parts straw, because a heap made only of leaves turns sour and stops warming.
            Stir the heap every four days so that air reaches the centre.
            """,
        "bins.md": """
            # Worm bins

            Red wigglers eat half their weight in scraps each day.
            A worm bin needs bedding of shredded cardboard kept as damp as a wrung sponge.
            Citrus peel and onion make the bin acidic, and the worms leave the food alone.
            """,
        "beds.md": """
            # Covering beds

            A layer of wood chips five centimetres deep keeps soil moist through summer.
            Fresh chips take nitrogen from the soil surface while they decay, so keep them away from seedlings.
            """,
    ]

    static func ask(_ question: String) throws -> [String: Any] {
        let dir = CLI.tempDirectory("small")
        for (name, text) in articles { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        let run = try CLI.lore(["ask", "--json", question], corpus: dir, db: CLI.tempDirectory("small-db") + "/i.sqlite")
        #expect(run.status == 0, "\(run)")
        return run.object
    }

    @Test func everydayWordsTheCorpusLacksDoNotSilenceAnAnswer() throws {
        let o = try Self.ask("Tea leaves vs straw in a heap: is it bad to just use tea leaves?")
        #expect(o["abstained"] as? Bool == false, "\(o)")
        #expect((o["answer"] as? String ?? "").contains("turns sour"), "\(o)")
    }

    @Test func aTopicTheCorpusLacksIsStillDeclined() throws {
        let o = try Self.ask("How do I keep kernel modules from loading at boot?")
        #expect(o["abstained"] as? Bool == true, "\(o)")
    }
}
