@testable import LoreCLI
import Testing

/// `lore search` spellings read without ArgumentParser must mean what ArgumentParser makes of them.
@Suite("lore search arguments")
struct SearchRequestTests {
    @Test("plain spellings read as SearchCommand reads them", arguments: [
        ["swift", "actors"],
        ["swift actors", "--json"],
        ["--json", "swift", "--limit", "3", "actors"],
        ["-l", "5", "swift", "--explain"],
        ["help"],
        ["swift", "--corpus", "Corpus", "--db", "/tmp/x.sqlite", "--json"],
        ["q", "--ranking", "tfidf", "--author", "Donny", "--feed", "swift", "--after", "2024", "--before", "2025-03"],
        ["q", "--author", ""],
        ["q", "--tag", "swift testing", "--json"],
        ["q", "--limit", "+7"],
        ["q", "--limit", "1000"],
        ["日本語", "e\u{301}"],
    ])
    func plain(_ args: [String]) throws {
        let plain = try #require(SearchRequest(plainArguments: args))
        #expect(try SearchCommand.parse(args).request == plain)
    }

    @Test("anything else is left to ArgumentParser", arguments: [
        [], ["--json"], ["   "], ["--help"], ["-h"], ["swift", "--"], ["swift", "--", "--json"], ["--limit=2", "swift"],
        ["-l2", "swift"], ["swift", "--json", "--json"], ["swift", "--limit", "2", "-l", "3"], ["swift", "--limit"],
        ["swift", "--limit", "ten"], ["swift", "--limit", "0"], ["swift", "--limit", "1001"], ["swift", "--ranking", "bm26"],
        ["swift", "--author", "-x"], ["swift", "--unknown"], ["swift", "--unknown", "value"], ["-", "swift"], ["--version"],
    ])
    func fallback(_ args: [String]) {
        #expect(SearchRequest(plainArguments: args) == nil)
    }

    @Test func defaultsMatchTheCommand() throws {
        #expect(try SearchCommand.parse(["q"]).request == SearchRequest(query: ["q"]))
    }
}

/// Issue 10: where a wrapped answer line goes on.
@Suite struct HangingIndentTests {
    @Test(arguments: [("1. Title words", 3), ("12. Title", 4), ("   … snippet", 3), ("- item", 2), ("  * nested", 4),
                      ("Plain sentence", 0), ("1.5 is a version", 0)])
    func indent(line: String, hang: Int) {
        #expect(TokenWriter.hangingIndent(line) == hang)
    }
}
