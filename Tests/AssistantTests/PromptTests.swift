import Foundation
@testable import Assistant
import Testing

/// Prompts/ files: parsed strictly, errors name the file and the line.
struct PromptTests {
    @Test(arguments: [
        ("{\"a\": 1,\n \"b\": }", 2),
        ("[1, 2,\n\n 3", 3),
        ("{\"a\": \"x\ny\"}", 1),
    ])
    func jsonErrorsNameTheLine(text: String, line: Int) {
        do {
            _ = try MiniJSON.parse(text)
            Issue.record("expected a parse error")
        } catch {
            #expect(error.line == line, "\(error)")
        }
    }

    @Test func aMalformedPromptsFileIsOneClearError() throws {
        let dir = FileManager.default.temporaryDirectory.path + "/lore-prompts-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for f in ["assistant.json", "templates.json"] {
            try FileManager.default.copyItem(atPath: SeedAssistant.package + "/Prompts/" + f, toPath: dir + "/" + f)
        }
        try "[\n  {\"name\": \"search\",\n   \"examples\": [\"x\"]\n  },\n  {oops}\n]".write(toFile: dir + "/tools.json", atomically: true, encoding: .utf8)
        do {
            _ = try PromptLibrary.load(from: dir)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("tools.json"))
            #expect(error.description.contains("line 5"))
        }
    }

    @Test func theShippedPromptsLoad() throws {
        let p = try PromptLibrary.load(from: SeedAssistant.package + "/Prompts")
        #expect(Set(p.tools.map(\.tool)) == Set(Tool.allCases))
        #expect(p.tools.allSatisfy { $0.examples.count >= 20 })
    }

    @Test func agentOnlyToolsAreListedForAgentsButNeverDispatched() throws {
        let p = try PromptLibrary.load(from: SeedAssistant.package + "/Prompts")
        #expect(p.agentTools.map(\.name) == ["search", "summarize", "extract", "answer", "get", "articles", "status", "update"])
        #expect(p.tools.count == Tool.allCases.count)
        #expect(p.agentTools.allSatisfy { !$0.description.isEmpty && $0.parameters["type"]?.string == "object" })
        let search = try #require(p.agentTools.first { $0.name == "search" })
        #expect(search.parameters == p.definition(.search)?.parameters)
    }

    @Test func anUnknownToolNameIsAnErrorUnlessMarkedAgentOnly() throws {
        let dir = FileManager.default.temporaryDirectory.path + "/lore-prompts-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for f in ["assistant.json", "templates.json", "tools.json"] {
            try FileManager.default.copyItem(atPath: SeedAssistant.package + "/Prompts/" + f, toPath: dir + "/" + f)
        }
        let shipped = try String(contentsOfFile: dir + "/tools.json", encoding: .utf8)
        try shipped.replacingOccurrences(of: "\"agent_only\": true,", with: "").write(toFile: dir + "/tools.json", atomically: true, encoding: .utf8)
        #expect(throws: PromptError.self) { try PromptLibrary.load(from: dir) }
    }
}
