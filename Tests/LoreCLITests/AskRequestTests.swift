@testable import LoreCLI
import Testing

/// `lore ask` spellings read without ArgumentParser must mean what ArgumentParser makes of them.
@Suite("lore ask arguments")
struct AskRequestTests {
    @Test("plain spellings read as AskCommand reads them", arguments: [
        ["what is an actor?"],
        ["what", "is", "an", "actor?", "--json"],
        ["--jsonl", "why", "--pace", "0", "use", "locks"],
        ["-", "--explain"],
        ["q", "--corpus", "Corpus", "--db", "/tmp/x.sqlite", "--prompts", "Prompts"],
        ["q", "--pace", "+7"],
        ["日本語", "e\u{301}", "--json"],
    ])
    func plain(_ args: [String]) throws {
        let plain = try #require(AskRequest(plainArguments: args))
        #expect(try AskCommand.parse(args).request == plain)
    }

    @Test("anything else is left to ArgumentParser", arguments: [
        [], ["--json"], ["--help"], ["-h"], ["q", "--"], ["q", "--json", "--jsonl"], ["q", "--json", "--json"],
        ["q", "--pace"], ["q", "--pace", "fast"], ["q", "--pace=3"], ["q", "--db", "-x"], ["q", "--unknown"],
        ["q", "--version"],
    ])
    func fallback(_ args: [String]) {
        #expect(AskRequest(plainArguments: args) == nil)
    }

    @Test func defaultsMatchTheCommand() throws {
        #expect(try AskCommand.parse(["q"]).request == AskRequest(message: ["q"]))
    }
}
