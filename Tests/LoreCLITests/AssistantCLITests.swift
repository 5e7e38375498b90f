import Foundation
import Testing

/// `lore ask` and `lore chat` on a pipe, against CLI.md's JSON shapes.
@Suite("CLI assistant")
struct AssistantCLITests {
    let corpus = CLI.seedCorpus
    var db: String { CLI.seedDB }
    static let tools: Set<String> = ["search", "summarize", "extract", "answer"]

    func checkTurn(_ o: [String: Any], input: String? = nil) {
        #expect(Set(o.keys).isSuperset(of: CLI.turnKeys), "keys \(o.keys.sorted())")
        if let input { #expect(o["input"] as? String == input) }
        let call = o["tool_call"] as? [String: Any] ?? [:]
        #expect(AssistantCLITests.tools.contains(call["name"] as? String ?? ""), "tool \(call["name"] ?? "nil")")
        #expect(call["arguments"] is [String: Any])
        #expect(call.keys.contains("target"))
        if let t = call["target"] as? [String: Any] { #expect(Set(t.keys) == ["id", "title", "source", "line"]) }
        #expect(o["answer"] is String)
        #expect(o["abstained"] is Bool)
        for c in o["citations"] as? [[String: Any]] ?? [] { #expect(Set(c.keys) == CLI.citationKeys) }
        for h in o["hits"] as? [[String: Any]] ?? [] { #expect(Set(h.keys).isSuperset(of: CLI.hitKeys)) }
    }

    @Test("ask --json", arguments: [
        "How do actors prevent data races in Swift?", "summarize the article about UITableViewCell",
        "What is a Combine AnyCancellable?",
    ])
    func askJSON(question: String) throws {
        let run = try CLI.lore(["ask", question, "--json"], corpus: corpus, db: db)
        #expect(run.status == 0, "\(run)")
        #expect(run.outLines.count == 1)
        checkTurn(run.object, input: question)
        #expect(!(run.object["answer"] as? String ?? "").isEmpty)
        #expect(run.object["abstained"] as? Bool == false)
        #expect(!(run.object["citations"] as? [Any] ?? []).isEmpty)
    }

    /// Each process hashes with a new seed: the same message must still get the same call and answer.
    /// ("code" sits in the title here and asks for nothing; "published" asks for metadata.)
    /// Key terms are names and code, not words that are capitalised only because they open a sentence or
    /// follow a run-in heading in capitals.
    @Test func keyTermsAreNamesAndCode() throws {
        let dir = CLI.tempDirectory("key-terms"), db = CLI.tempDirectory("key-terms-db") + "/i.sqlite"
        try """
            # Trial notes

            There were 864 cases in the Copenhagen cohort. RESULTS There were fewer cases after the change. Memory was \
            measured in Copenhagen with `URLSession.shared` and the viewDidLoad hook. The memory model held, and there \
            was no leak.
            """.write(toFile: dir + "/notes.md", atomically: true, encoding: .utf8)
        let answer = try CLI.lore(["extract", "terms", "notes.md:1"], corpus: dir, db: db).out
        for term in ["Copenhagen", "`URLSession.shared`", "`viewDidLoad`"] { #expect(answer.contains(term), "\(answer)") }
        for word in ["There", "RESULTS", "Memory"] { #expect(!answer.contains(word), "\(answer)") }
    }

    /// An identifier no article has as a whole, whose parts the articles have ("OSLog": os, log), is not a
    /// topic the corpus lacks; a name with no part in the corpus still is.
    @Test func compoundNamesMadeOfKnownPartsAreAnswered() throws {
        let dir = CLI.tempDirectory("compounds"), db = CLI.tempDirectory("compounds-db") + "/i.sqlite"
        try """
            # Logging in an app

            Print statements vanish in release builds, so write each log message through the unified os log instead. \
            The system log keeps messages with their level and category, and the Console app filters them.
            """.write(toFile: dir + "/logging.md", atomically: true, encoding: .utf8)
        try "# Other\n\nSomething unrelated about gardening and tomatoes in summer.\n".write(toFile: dir + "/other.md", atomically: true, encoding: .utf8)
        let known = try CLI.lore(["ask", "--json", "Should I write log messages with print or with OSLog?"], corpus: dir, db: db)
        #expect(known.object["abstained"] as? Bool == false, "\(known.out)")
        let lacking = try CLI.lore(["ask", "--json", "Should I write log messages with Timber on Kotlin?"], corpus: dir, db: db)
        #expect(lacking.object["abstained"] as? Bool == true, "\(lacking.out)")
    }

    /// An API reference heads each member's section with its signature and leaves the subject to it: a question
    /// that names a member opens on that section's lead, named from the heading.
    @Test func aReferenceAnswersFromTheSectionItsQuestionNames() throws {
        let dir = CLI.tempDirectory("api-ref"), db = CLI.tempDirectory("api-ref-db") + "/i.sqlite"
        try """
            # Mill

            The mill module grinds stones into grit and keeps a pool of grinders for the stones a program mills.

            ## `mill.grind(stone[, grit])`

            > Stability: 2 - Stable

            * `stone` {Stone}
            * `grit` {number} **Default:** `4`

            Returns a bag of grit ground from the stone, coarse or fine as the grit asks.

            The grinder of the pool that is free longest takes the stone, and a stone that a grinder holds waits.

            ## `mill.pool(size)`

            Creates a pool of grinders of the given size for the stones of a program, each grinder taking one stone.

            ## Grinding tips

            Oil the stones before a program grinds them, or the grit comes out coarse whatever the grit says.
            """.write(toFile: dir + "/mill.md", atomically: true, encoding: .utf8)
        let answer = try CLI.lore(["ask", "What does mill.grind return?"], corpus: dir, db: db).out
        #expect(answer.hasPrefix("mill.grind() returns a bag of grit ground from the stone"), "\(answer)")
        #expect(!answer.contains("Stability"), "\(answer)")
        let explained = try CLI.lore(["ask", "--explain", "What does mill.grind return?"], corpus: dir, db: db)
        #expect((explained.out + explained.err).contains("sections the question names: mill.grind(stone[, grit])"), "\(explained.err)")
    }

    @Test func sameMessageSameAnswerInEveryProcess() throws {
        var seen = Set<String>()
        for _ in 0..<6 {
            let run = try CLI.lore(["ask", "when was the code review article published?", "--json"], corpus: corpus, db: db)
            let call = run.object["tool_call"] as? [String: Any] ?? [:]
            #expect((call["arguments"] as? [String: Any])?["kind"] as? String == "metadata", "\(call)")
            seen.insert(run.object["answer"] as? String ?? "")
        }
        #expect(seen.count == 1)
    }

    @Test func askJSONLinesEventsInOrder() throws {
        let run = try CLI.lore(["ask", "How do actors prevent data races?", "--jsonl"], corpus: corpus, db: db)
        #expect(run.status == 0, "\(run)")
        let events = run.objects
        let types = events.map { $0["type"] as? String ?? "?" }
        try #require(types.count >= 3)
        #expect(types.first == "tool_call")
        #expect(types.last == "done")
        let middle = types.dropFirst().dropLast()
        let tokens = middle.prefix { $0 == "token" }
        #expect(!tokens.isEmpty)
        #expect(middle.dropFirst(tokens.count).allSatisfy { $0 == "citation" }, "order: \(types)")
        #expect(events[0]["tool_call"] is [String: Any])
        let done = try #require(events.last)
        checkTurn(done)
        // The streamed tokens spell the answer, and the citations are the done object's.
        let streamed = events.filter { $0["type"] as? String == "token" }.compactMap { $0["text"] as? String }.joined()
        #expect(streamed.filter { !$0.isWhitespace } == (done["answer"] as? String ?? "").filter { !$0.isWhitespace })
        let cited = events.filter { $0["type"] as? String == "citation" }
        #expect(cited.count == (done["citations"] as? [Any])?.count)
        for c in cited { #expect(Set(c.keys) == CLI.citationKeys.union(["type"])) }
    }

    @Test func askReadsStdinLines() throws {
        let input = "How do actors prevent data races?\nWhat is a retain cycle?\n"
        let run = try CLI.lore(["ask", "-", "--json"], corpus: corpus, db: db, stdin: input)
        #expect(run.status == 0, "\(run)")
        let turns = run.objects
        #expect(turns.map { $0["input"] as? String ?? "" } == ["How do actors prevent data races?", "What is a retain cycle?"])
        for t in turns { checkTurn(t); #expect(!(t["answer"] as? String ?? "").isEmpty) }
        let human = try CLI.lore(["ask", "-"], corpus: corpus, db: db, stdin: "q1 actors\nq2 retain cycles\n")
        #expect(human.status == 0 && !human.out.isEmpty, "\(human)")
    }

    @Test func chatOnAPipeAnswersEachNonBlankLine() throws {
        let input = "How do actors prevent data races?\n\n   \nsummarize it\nWhat is a retain cycle?\n"
        let run = try CLI.lore(["chat", "--json", "--no-save"], corpus: corpus, db: db, stdin: input)
        #expect(run.status == 0, "\(run)")
        let turns = run.objects
        #expect(turns.count == 3)
        #expect(turns.map { $0["input"] as? String ?? "" } == ["How do actors prevent data races?", "summarize it", "What is a retain cycle?"])
        for t in turns { checkTurn(t) }
        // "it" carries the context: the summary acts on an article.
        let call = turns.count > 1 ? turns[1]["tool_call"] as? [String: Any] : nil
        #expect(call?["target"] is [String: Any], "follow-up has a target")
        let human = try CLI.lore(["chat", "--no-save"], corpus: corpus, db: db, stdin: "What is a retain cycle?\n")
        #expect(human.status == 0 && !human.out.isEmpty, "\(human)")
    }

    /// A follow-up that has no topic of its own, or says "one" for it, stays with the articles of the first
    /// answer instead of whatever else its words match ("break" out of a loop, another post's "downside"), and
    /// passes the topic on to the next follow-up.
    @Test(arguments: [
        ["What is a retain cycle?", "how do I break one in a closure?"],
        ["How do actors prevent data races?", "why?", "what are the downsides?"],
        ["How do actors prevent data races?", "give me an example"],
    ])
    func followUpsKeepTheTopic(messages: [String]) throws {
        let run = try CLI.lore(["chat", "--json", "--no-save"], corpus: corpus, db: db,
                               stdin: messages.map { $0 + "\n" }.joined())
        let turns = run.objects
        #expect(run.status == 0 && turns.count == messages.count, "\(run)")
        let titles = turns.map { t in ((t["citations"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String } }
        for later in titles.dropFirst() {
            #expect(!later.isEmpty && later.allSatisfy { titles[0].contains($0) }, "\(titles)")
        }
        let tools = turns.map { ($0["tool_call"] as? [String: Any])?["name"] as? String ?? "" }
        #expect(tools.allSatisfy { $0 == "answer" }, "\(tools)")
    }

    /// "What is X?" opens with a sentence that has X as its subject and says what it is, even when the
    /// article the model liked best only uses X.
    @Test func aDefinitionQuestionOpensWithADefinition() throws {
        let run = try CLI.lore(["ask", "What is an actor?", "--json"], corpus: corpus, db: db)
        let answer = (run.object["answer"] as? String ?? "").lowercased()
        let opening = answer.split(separator: " ").prefix(5).joined(separator: " ")
        let first = answer.prefix { $0 != "." }
        #expect(run.status == 0 && opening.contains("actor") && (first.contains(" are ") || first.contains(" is ")), "\(answer)")
    }

    @Test("citations quote the cited article", arguments: [
        "How do actors prevent data races in Swift?", "How do I find memory leaks with Instruments?",
        "Why not subclass UITableViewCell?", "How do I format dates for the user's locale?",
    ])
    func citationsAreInTheArticle(question: String) throws {
        let o = try CLI.lore(["ask", question, "--json"], corpus: corpus, db: db).object
        let citations = o["citations"] as? [[String: Any]] ?? []
        #expect(!citations.isEmpty)
        for (i, c) in citations.enumerated() {
            #expect(c["n"] as? Int == i + 1)
            let ref = "\(c["source"] as? String ?? ""):\(c["line"] as? Int ?? 0)"
            let shown = try CLI.lore(["show", ref, "--json"], corpus: corpus, db: db)
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.object["id"] as? String == c["id"] as? String)
            let text = shown.object["text"] as? String ?? ""
            let passage = c["passage"] as? String ?? ""
            #expect(!passage.isEmpty)
            #expect(text.contains(passage), "citation \(i + 1) of “\(question)”: “\(passage.prefix(120))” not in \(ref)")
        }
    }

    @Test func unansweredQuestionAbstainsPolitely() throws {
        let run = try CLI.lore(["ask", "What is the airspeed velocity of an unladen swallow in furlongs?", "--json"], corpus: corpus, db: db)
        #expect(run.status == 0, "\(run)")
        checkTurn(run.object)
        #expect(!(run.object["answer"] as? String ?? "").isEmpty)
    }
}
