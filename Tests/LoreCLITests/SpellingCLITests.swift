import Foundation
import Testing

/// Typos corrected by the binary the user runs. The edit distance behind it once came out wrong in the optimised
/// build only (every one-slip pair at 2), so no typo was corrected by a release build while the debug-built unit
/// tests passed; the suite runs the release binary when it is there, as CI builds it first.
@Suite("typos through the binary")
struct SpellingCLITests {
    @Test func aMistypedQuestionIsAnswered() throws {
        let run = try CLI.lore(["ask", "--json", "what is a retian cylce?"], corpus: CLI.seedCorpus, db: CLI.seedDB)
        let cited = (run.object["citations"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(run.status == 0 && run.object["abstained"] as? Bool == false, "\(run)")
        #expect(cited.first == "Retain Cycles and Memory Leaks in Swift", "\(run)")
    }

    @Test(arguments: ["retian cylces", "swfit concurency", "combnie publisehr", "singelton patern"])
    func aMistypedSearchFindsArticles(query: String) throws {
        let run = try CLI.lore(["ask", "--json", "/search " + query], corpus: CLI.seedCorpus, db: CLI.seedDB)
        #expect(run.status == 0 && !((run.object["hits"] as? [Any]) ?? []).isEmpty, "\(run)")
        // The reply says what it searched for instead.
        #expect((run.object["answer"] as? String ?? "").contains("(for “\(query)”)"), "\(run)")
    }
}
