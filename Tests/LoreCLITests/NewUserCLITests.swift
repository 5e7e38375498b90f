import Foundation
import Testing

/// Issue 10, point 6: defects found by trying lore as a new user would, each run through the binary.
@Suite("CLI as a new user tries it")
struct NewUserCLITests {
    func corpus(_ files: [String: String]) throws -> (corpus: String, db: String) {
        let dir = CLI.tempDirectory("newuser")
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return (dir, CLI.tempDirectory("newuser-db") + "/i.sqlite")
    }

    @Test(arguments: [["--after", "banana"], ["--before", "2024-13"], ["--after", "24"], ["--before", "2024-02-30x"]])
    func badDateBoundsAreNamed(option: [String]) throws {
        let run = try CLI.lore(["search", "actors"] + option, corpus: CLI.seedCorpus, db: CLI.seedDB)
        #expect(run.status == 64, "\(run)")
        #expect(run.err.contains(option[0]) && run.err.contains(option[1]), "\(run.err)")
        #expect(run.out.isEmpty)
    }

    @Test func goodDateBoundsStillWork() throws {
        let run = try CLI.lore(["search", "actors", "--after", "2024", "--before", "2026-01-01", "--json"], corpus: CLI.seedCorpus, db: CLI.seedDB)
        #expect(run.status == 0 && !((run.object["hits"] as? [Any]) ?? []).isEmpty, "\(run)")
    }

    /// `lore index --corpus notes --db notes.db`, then `lore articles --db notes.db`: the index remembers the
    /// corpus it was built from, instead of being rebuilt from the default corpus. Naming another corpus
    /// says once that the index changes hands; a recorded corpus that is gone is named, and nothing is rebuilt.
    @Test func anIndexRemembersItsCorpus() throws {
        let c = try corpus(["tides.txt": "Tides\n\nThe moon's pull raises two bulges of water, so most coasts see two high tides a day.\n"])
        #expect(try CLI.lore(["index"], corpus: c.corpus, db: c.db).status == 0)
        let alone = try CLI.run(["articles", "--db", c.db, "--json"])
        #expect(alone.status == 0 && alone.objects.count == 1 && alone.object["title"] as? String == "Tides", "\(alone)")
        let asked = try CLI.run(["ask", "--db", c.db, "How many high tides a day?"])
        #expect(asked.out.contains("two high tides a day"), "\(asked)")

        let moved = try CLI.lore(["articles"], corpus: CLI.seedCorpus, db: c.db)
        #expect(moved.status == 0 && moved.outLines.count > 1, "\(moved)")
        #expect(moved.errLines.filter { $0.contains("held the index of \(c.corpus)") }.count == 1, "\(moved.err)")
        #expect(!(try CLI.lore(["articles"], corpus: CLI.seedCorpus, db: c.db)).err.contains("held the index"))

        let gone = try corpus(["note.txt": "Gone\n\nA note in a folder about to be removed.\n"])
        #expect(try CLI.lore(["index"], corpus: gone.corpus, db: gone.db).status == 0)
        try FileManager.default.removeItem(atPath: gone.corpus)
        let missing = try CLI.run(["search", "note", "--db", gone.db])
        #expect(missing.status == 1 && missing.err.contains(gone.corpus) && missing.errLines.count == 1, "\(missing)")
    }

    /// `lore show post.md`: a file that holds one article is shown by its name alone; a feed of many still
    /// needs SOURCE:LINE.
    @Test func showByFileNameAlone() throws {
        let c = try corpus(["feed.xml": "<rss><channel><title>F</title><item><title>One</title><description>a</description></item>"
                                + "<item><title>Two</title><description>b</description></item></channel></rss>"])
        try FileManager.default.createDirectory(atPath: c.corpus + "/notes", withIntermediateDirectories: true)
        try "# Alpha post\n\nSome text.\n".write(toFile: c.corpus + "/notes/post.md", atomically: true, encoding: .utf8)
        let byName = try CLI.lore(["show", "post.md"], corpus: c.corpus, db: c.db)
        #expect(byName.status == 0 && byName.outLines.first == "Alpha post", "\(byName)")
        #expect(try CLI.lore(["show", "notes/post.md"], corpus: c.corpus, db: c.db).status == 0)
        let many = try CLI.lore(["show", "feed.xml"], corpus: c.corpus, db: c.db)
        #expect(many.status == 1 && many.err.contains("SOURCE:LINE"), "\(many)")
    }

    /// The corpus's own `**` is text: Python's `**kwargs` and C's `char **argv` keep their asterisks in the answer,
    /// printed or as JSON, while lore's own bold around a title is dropped when not on a terminal.
    @Test func corpusAsterisksAreNotBold() throws {
        let notes = "Keyword arguments in Python\n\nA function collects extra keyword arguments with **kwargs in its signature, "
            + "and a C program reads its arguments through char **argv in main.\n\nBoth spellings come from the languages themselves.\n"
        let c = try corpus(["kwargs.txt": notes])
        let question = "How does a function collect extra keyword arguments?"
        let json = try CLI.lore(["ask", question, "--json"], corpus: c.corpus, db: c.db)
        let answer = json.object["answer"] as? String ?? ""
        #expect(json.status == 0 && answer.contains("**kwargs in its signature") && answer.contains("char **argv"), "\(json)")
        let printed = try CLI.lore(["ask", question], corpus: c.corpus, db: c.db)
        #expect(printed.out.contains("**kwargs in its signature") && printed.out.contains("char **argv"), "\(printed)")
        let summary = try CLI.lore(["summarize", "kwargs.txt"], corpus: c.corpus, db: c.db)
        #expect(summary.outLines.first?.hasPrefix("Keyword arguments in Python (") == true && !summary.out.contains("\u{E000}"), "\(summary)")
    }

    /// `lore summarize REF --section WORDS` summarizes one section; a section the article lacks is named with the ones
    /// it has; in a conversation, "summarize its … section" and "what are the subsections under …" read one section.
    @Test func oneSectionOfAnArticle() throws {
        let guide = "# Running a Kiln\n\nA kiln fires clay at high heat so that it turns to ceramic.\n\n"
            + "## Loading the Kiln\n\nShelves go in from the bottom up, with posts at three points.\n\n"
            + "Pieces must not touch each other or the walls.\n\n"
            + "## Firing Schedules\n\nA bisque firing climbs slowly to drive out the water first.\n\n"
            + "### Bisque Firing\n\nThe first firing hardens raw clay into bisque.\n\n"
            + "### Glaze Firing\n\nThe second firing melts the glaze onto the bisque.\n\n"
            + "## Cooling Down\n\nOpening the lid too early cracks the pots with thermal shock.\n"
        let c = try corpus(["kiln.md": guide])
        let section = try CLI.lore(["summarize", "kiln.md", "--section", "loading"], corpus: c.corpus, db: c.db)
        #expect(section.status == 0 && section.outLines.first?.hasPrefix("The section Loading the Kiln of Running a Kiln") == true, "\(section)")
        #expect(section.out.contains("posts at three points") && !section.out.contains("thermal shock") && !section.out.contains("bisque"), "\(section)")
        let missing = try CLI.lore(["summarize", "kiln.md", "--section", "glazing recipes"], corpus: c.corpus, db: c.db)
        #expect(missing.status == 0 && missing.out.contains("has no section called “glazing recipes”. Its sections: Loading the Kiln;")
                && missing.out.contains("Cooling Down"), "\(missing)")
        let bad = try CLI.lore(["summarize", "kiln.md", "--section", " "], corpus: c.corpus, db: c.db)
        #expect(bad.status == 64 && bad.err.contains("--section"), "\(bad)")
        let chat = try CLI.lore(["chat", "--json", "--no-save"], corpus: c.corpus, db: c.db,
                                stdin: "summarize the kiln article\nsummarize its cooling section\nwhat are the subsections under firing schedules in it?\n")
        let turns = chat.out.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let calls = turns.map { ($0["tool_call"] as? [String: Any]) ?? [:] }
        let args = calls.map { ($0["arguments"] as? [String: Any]) ?? [:] }
        #expect(calls.count == 3 && args[1]["section"] as? String == "Cooling Down" && args[2]["section"] as? String == "Firing Schedules", "\(chat)")
        #expect((turns.last?["answer"] as? String ?? "").hasSuffix("- Bisque Firing\n- Glaze Firing"), "\(chat)")
    }

    /// An article with no key terms says so and shows its opening lines, instead of an intro with nothing after it.
    /// A reference page's definition list: "What does --x do?" is answered by the entry for --x, not by the
    /// entries around it.
    @Test func referenceEntriesAnswerLookups() throws {
        let options = [("--fold", "Fold long lines at the terminal width."), ("--frozen", "Refuse to change the lock file and fail instead."),
                       ("--fresh", "Ignore every cached result and start from nothing."), ("--full", "Print the whole record, not a summary.")]
        let html = "<html><head><title>grind options</title></head><body><h1>grind</h1><p>grind reads records and writes reports.</p>"
            + "<h2>Options</h2><p>grind accepts the following options:</p><dl>"
            + options.map { "<dt>\($0.0)</dt><dd><p>\($0.1)</p></dd>" }.joined() + "</dl></body></html>"
        let c = try corpus(["grind.html": html, "notes.md": "# Notes\n\nReports are written to the current directory by default.\n"])
        let run = try CLI.lore(["ask", "What does the --frozen option do?", "--json"], corpus: c.corpus, db: c.db)
        let answer = run.object["answer"] as? String ?? ""
        #expect(run.status == 0 && answer.hasPrefix("--frozen: Refuse to change the lock file"), "\(run)")
        for other in ["--fold", "--fresh", "--full"] { #expect(!answer.contains(other), "\(answer)") }
        // A question of one term is a lookup too ("and --fresh?" after the first).
        let short = try CLI.lore(["ask", "and --fresh?", "--json"], corpus: c.corpus, db: c.db)
        let shortAnswer = short.object["answer"] as? String ?? ""
        #expect(shortAnswer.hasPrefix("--fresh: Ignore every cached result"), "\(short)")
        for other in ["--fold", "--frozen", "--full"] { #expect(!shortAnswer.contains(other), "\(shortAnswer)") }
    }

    /// "Who wrote X?" reads the author from the article's metadata when it has one, and answers from its text
    /// when it has none (a README that says who wrote the program).
    @Test func whoWroteWithoutAnAuthor() throws {
        let c = try corpus([
            "grind.md": "Grindstone\n==========\n\nGrindstone grinds records into reports. Ada Lovelace wrote its first version "
                + "with help from a few friends.\n",
            "mill.md": "---\ntitle: Millstone notes\nauthor: Grace Hopper\n---\n\nMillstone turns reports into summaries every night.\n",
            "quern.md": "Quern\n=====\n\nQuern is a small tool written in Swift that sorts the reports by date.\n"])
        let readme = try CLI.lore(["ask", "Who wrote Grindstone?", "--json"], corpus: c.corpus, db: c.db)
        #expect((readme.object["tool_call"] as? [String: Any])?["name"] as? String == "answer", "\(readme)")
        #expect((readme.object["answer"] as? String ?? "").contains("Ada Lovelace"), "\(readme)")
        let notes = try CLI.lore(["ask", "Who wrote the Millstone notes?", "--json"], corpus: c.corpus, db: c.db)
        #expect((notes.object["tool_call"] as? [String: Any])?["name"] as? String == "extract", "\(notes)")
        #expect((notes.object["answer"] as? String ?? "").contains("Grace Hopper"), "\(notes)")
        // No author listed and no writer in the text ("written in Swift" names nobody): the metadata says so.
        let quern = try CLI.lore(["ask", "Who wrote Quern?", "--json"], corpus: c.corpus, db: c.db)
        #expect((quern.object["tool_call"] as? [String: Any])?["name"] as? String == "extract", "\(quern)")
        #expect((quern.object["answer"] as? String ?? "").contains("not listed"), "\(quern)")
    }

    @Test func noKeyTermsSaysSo() throws {
        let c = try corpus(["plain.txt": "Gardening notes\n\nWater the ferns every morning before the sun is high. "
            + "Move the pots into the shade when it gets hot. Keep the soil damp but never wet.\n"])
        let run = try CLI.lore(["extract", "terms", "plain.txt"], corpus: c.corpus, db: c.db)
        #expect(run.status == 0 && run.out.contains("names no key terms"), "\(run)")
        #expect(run.outLines.contains("- Water the ferns every morning before the sun is high."), "\(run.out)")
    }

    /// Documentation exported as plain text loses the line breaks of its code: those runs never reach an
    /// answer as sentences, and the prose around them still does.
    @Test func flattenedCodeStaysOutOfAnswers() throws {
        let prose = "To copy text, a window opens the pasteboard with OpenBoard, empties it, and places a text handle on it. "
            + "The window then closes the pasteboard so that other windows can read it."
        let code = "// Copy the text. // Open the board first. h = AllocText(len); if (h != NULL) { p = LockText(h); memcpy(p, s, len); "
            + "UnlockText(h); PlaceOnBoard(FMT_TEXT, h); } CloseBoard();"
        let doc = "{\"id\": \"copy\", \"title\": \"Copying text to the pasteboard\", \"text\": \"\(prose)\\n\\n\(code)\"}\n"
        let c = try corpus(["docs.jsonl": doc])
        let run = try CLI.lore(["ask", "How do I copy text to the pasteboard?", "--json"], corpus: c.corpus, db: c.db)
        let answer = run.object["answer"] as? String ?? ""
        #expect(run.status == 0 && answer.contains("OpenBoard"), "\(run)")
        #expect(!answer.contains(";") && !answer.contains("//"), "\(answer)")
    }

    /// Collections of tokenised abstracts are lowercase and set their stops apart ("… in the canal . the
    /// flow …"): they split into sentences, so a question about one is answered from it, not refused.
    @Test func tokenisedLowercaseAbstractsAreAnswered() throws {
        let canal = "measurements of sediment transport in an irrigation canal . the canal was surveyed at twelve stations over "
            + "two seasons . sediment load rose sharply after each storm and settled within three days . the settling rate "
            + "depended mainly on grain size and water temperature . a simple model of the settling rate is proposed and "
            + "compared with the field data . agreement is good for fine sand but poor for silt . the stations near the "
            + "head gate saw the largest loads because the intake draws water from the river bed . cleaning the canal "
            + "twice a year removed most of the deposits but did not change the settling pattern ."
        let bees = "foraging range of honey bees in farmland . marked bees were followed from six hives across open fields . "
            + "most foragers stayed within one kilometre of the hive when clover was in flower . when flowers were scarce the "
            + "range grew to four kilometres . the results suggest that hedgerows near hives shorten foraging trips . bees from "
            + "the two hives nearest the orchard visited fruit blossom first and clover later in the season . the longest "
            + "trips were recorded on windy days , when fewer bees left the hive at all ."
        func record(_ id: String, _ title: String, _ text: String) -> String {
            "{\"id\": \"\(id)\", \"title\": \"\(title)\", \"text\": \"\(text)\"}\n"
        }
        let c = try corpus(["abstracts.jsonl": record("1", "sediment transport in an irrigation canal .", canal)
                                + record("2", "foraging range of honey bees", bees)])
        let run = try CLI.lore(["ask", "what does the settling rate of sediment depend on?", "--json"], corpus: c.corpus, db: c.db)
        let answer = run.object["answer"] as? String ?? ""
        #expect(run.status == 0 && run.object["abstained"] as? Bool != true, "\(run)")
        #expect(answer.contains("grain size and water temperature"), "\(answer)")
        #expect(!answer.contains("hive"), "\(answer)")
        // …and reads as prose: stops against their words, a capital opening each sentence, a title without its stop.
        let body = answer.components(separatedBy: "\n\nSources:")[0]
        #expect(body.contains("The settling rate depended mainly on grain size and water temperature."), "\(answer)")
        #expect(!body.contains(" .") && !body.contains(" ,"), "\(answer)")
        #expect(answer.contains("sediment transport in an irrigation canal — "), "\(answer)")
    }

    /// After a list, "summarize the first one" is its first result, even where a title has the word "first"
    /// (as reference docs name an attribute "first_is").
    @Test func theFirstOneAfterAListIsItsFirstResult() throws {
        let page = { (title: String, body: String) in "# \(title)\n\n\(body)\n" }
        let c = try corpus([
            "first-is.md": page("first_is attribute", "The first_is attribute names the index of the first array element to send. "
                + "It cannot be combined with the string attribute, and the first element is counted from zero."),
            "clipboard.md": page("Clipboard", "The clipboard holds data that a user copies or cuts, for a later paste. "
                + "A window opens the clipboard before it reads or writes it, and only one window can have it open."),
            "clipboard-formats.md": page("Clipboard Formats", "Each piece of data on the clipboard has a format. "
                + "A window can place the same data on the clipboard in several formats, and the reader picks one."),
        ])
        let run = try CLI.lore(["chat", "--json", "--no-save"], corpus: c.corpus, db: c.db,
                               stdin: "find articles about the clipboard\nsummarize the first one\n")
        let turns = run.objects
        #expect(run.status == 0 && turns.count == 2, "\(run)")
        let hits = turns.first?["hits"] as? [[String: Any]] ?? []
        let call = turns.count > 1 ? turns[1]["tool_call"] as? [String: Any] : nil
        let target = call?["target"] as? [String: Any]
        #expect(call?["name"] as? String == "summarize", "\(turns)")
        #expect(target?["title"] as? String == hits.first?["title"] as? String && target?["title"] as? String != "first_is attribute", "\(turns)")
    }

    @Test func globalOptionsBeforeTheSubcommand() throws {
        let c = try corpus(["a.md": "# Alpha\n\nSome alphaword text.\n"])
        let index = try CLI.run(["--corpus", c.corpus, "--db", c.db, "index", "--json"])
        #expect(index.status == 0 && index.object["articles"] as? Int == 1, "\(index)")
        let search = try CLI.run(["--db", c.db, "search", "--corpus", c.corpus, "alphaword", "--json"])
        #expect(search.status == 0 && (search.object["hits"] as? [Any])?.count == 1, "\(search)")
        let sessions = try CLI.run(["sessions", "--db", c.db, "list", "--corpus", c.corpus])
        #expect(sessions.status == 0, "\(sessions)")
        let nested = try CLI.run(["--db", c.db, "sessions", "list"])
        #expect(nested.status == 0, "\(nested)")
    }

    @Test func extractCodeIsBounded() throws {
        let block = "```swift\n" + (1...50).map { "let value\($0) = \($0)" }.joined(separator: "\n") + "\n```\n\n"
        let text = "# Many blocks\n\nAn article with much code.\n\n" + String(repeating: block, count: 30)
        let c = try corpus(["code.md": text])
        let run = try CLI.lore(["extract", "code", "code.md:1"], corpus: c.corpus, db: c.db)
        #expect(run.status == 0, "\(run)")
        #expect(run.outLines.count < 300, "\(run.outLines.count) lines")
        #expect(run.out.contains("26 more code blocks (1300 lines) not shown; `lore show code.md:1`"), "\(run.out.suffix(300))")
    }

    @Test func windowsLineEndingsAndMetadataLists() throws {
        let crlf = "# Windows file\r\n\r\nFirst paragraph.\r\n\r\n## Second heading\r\n\r\nMore text.\r\n"
        let proposal = "# Typed throws\n\n* Proposal: [SE-0413](0413.md)\n* Authors: [Jorge Revuelta](https://x.example), [Doug Gregor](https://y.example)\n* Status: **Implemented (Swift 6.0)**\n\n## Introduction\n\nText.\n"
        let c = try corpus(["win.md": crlf, "se.md": proposal])
        let articles = try CLI.lore(["articles", "--json"], corpus: c.corpus, db: c.db).objects
        let byTitle = Dictionary(articles.map { ($0["title"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byTitle["Typed throws"]?["author"] as? String == "Jorge Revuelta, Doug Gregor", "\(articles)")
        let show = try CLI.lore(["show", "win.md:1", "--json"], corpus: c.corpus, db: c.db).object
        #expect(byTitle["Windows file"] != nil && (show["headings"] as? [[String: Any]])?.compactMap({ $0["text"] as? String }) == ["Windows file", "Second heading"], "\(show)")
    }
}
