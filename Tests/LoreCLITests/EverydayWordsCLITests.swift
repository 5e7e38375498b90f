import Foundation
import Testing

/// `lore search` with a question weighs the question's everyday words (how it is asked) less than what it asks about;
/// the same words as keywords weigh in full.
@Suite("Everyday words of a question, in search")
struct EverydayWordsCLITests {
    static let articles = [
        "bakery.md": """
            # The bakery

            The queue at the bakery keeps taking longer, and we keep taking turns to wait.
            """,
        "cache.md": """
            # Saturday notes

            A cache option stops the build from redoing its work.
            """,
        "tugs.md": "# Tugboats\n\nTugboats push ships into their berths.\n",
        "buoys.md": "# Buoys\n\nBuoys mark the channels of a harbour.\n",
    ]

    @Test func aQuestionFindsWhatItAsksAbout() throws {
        let dir = CLI.tempDirectory("everyday")
        for (name, text) in Self.articles { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        let db = CLI.tempDirectory("everyday-db") + "/i.sqlite"
        func first(_ query: String) throws -> String? {
            let run = try CLI.lore(["search", "--json", query], corpus: dir, db: db)
            #expect(run.status == 0, "\(run)")
            return ((run.object["hits"] as? [[String: Any]])?.first?["title"] as? String)
        }
        #expect(try first("Why does my build keep taking longer? Is there a cache option?") == "Saturday notes")
        #expect(try first("how do I stop my build taking longer, which cache option") == "Saturday notes")
        // The same words as keywords: every one weighs in full, and the article that repeats them wins.
        #expect(try first("build keeps taking longer cache option") == "The bakery")
    }
}
