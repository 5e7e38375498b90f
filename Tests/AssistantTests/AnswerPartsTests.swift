import Testing
@testable import Assistant
import Analysis
@testable import Retrieval
import Corpus

/// Small hand-made candidates for the answer model's parts.
enum AnswerFixtures {
    /// A fresh analyzer each time: an Analyzer is not thread-safe, and suites run in parallel.
    static var analyzer: Analyzer { Analyzer() }

    static func unit(_ i: Int, _ text: String, doc: Int = 1, code: Bool = false, list: Bool = false, section: Int = 0, position: Int = 0) -> SentenceUnit {
        let tokens = analyzer.terms(text)
        return SentenceUnit(doc: doc, block: i, index: i, text: text, heading: nil, section: section, sectionPosition: position,
                            terms: Set(tokens), tokens: tokens, isCode: code, isListItem: list, words: text.split(separator: " ").count)
    }

    static func candidate(_ i: Int, _ text: String, doc: Int = 1, score: Double = 0, code: Bool = false, list: Bool = false) -> AnswerCandidate {
        var c = AnswerCandidate(unit: unit(i, text, doc: doc, code: code, list: list), rank: 0, articleScore: 1, title: "T",
                                inBestPassage: false, isTarget: false)
        c.score = score
        return c
    }

    /// A candidate for a unit as the answer tool split it (`units`), sharing its block with the item's other sentences.
    static func candidate(_ u: SentenceUnit, score: Double = 0) -> AnswerCandidate {
        var c = AnswerCandidate(unit: u, rank: 0, articleScore: 1, title: "T", inBestPassage: false, isTarget: false)
        c.score = score
        return c
    }

    /// The sentence units of an article made of `blocks`, as the answer tool splits a stored one.
    static func units(_ blocks: [Block], title: String = "T", source: String = "t.md") -> [SentenceUnit] {
        let article = Article(id: "t", title: title, source: source, line: 1, blocks: blocks)
        return SentenceUnits.of(StoredArticle(doc: 1, article: article, words: 20), analyzer: Analyzer())
    }

    static func pool(_ units: [SentenceUnit]) -> CandidatePool {
        var byDoc: [Int: [SentenceUnit]] = [:]
        for u in units { byDoc[u.doc, default: []].append(u) }
        return CandidatePool(articles: [], hits: [], units: byDoc, candidates: [])
    }

    static func profile(_ terms: [String: Double], kind: QuestionProfile.Kind = .other, wantsList: Bool = false, text: String = "") -> QuestionProfile {
        QuestionProfile(text: text, terms: terms.keys.sorted(), idf: terms, mass: terms.values.reduce(0, +), unknownMass: 0,
                        unknownWordShare: 0, kind: kind, sides: [], names: [], unknownNames: [], wantsNumber: false, wantsList: wantsList)
    }
}

@Suite struct LayoutRuleTests {
    /// Whole sentences end in closing punctuation; cut-off text, headings and captions do not.
    @Test(arguments: [
        ("A unit test is an automated test.", true),
        ("Is it worth it?", true),
        ("You can write it like this:", true),
        ("He said “use actors.”", true),
        ("It works (mostly).", true),
        ("東京タワーは電波塔です。", true),
        ("长城是防御工程", false),
        ("A unit test is an automated test that", false),
        ("Table of Contents", false),
        ("There are 2 different ways you can explicitly…", false),
        ("Sequences and streams are perhaps the closest...", false),
        ("It ends at the start of the list.", true),
        ("Figure 2: the build settings pane", false),
        ("Use **bold**", false),
        ("", false),
    ])
    func endsWell(_ text: String, _ expected: Bool) {
        #expect(Layout.endsWell(text) == expected)
    }

    /// A bullet closes with a stop in place of the comma that ran it into the next item.
    @Test(arguments: [
        ("ar t archive displays the list of files,", "ar t archive displays the list of files."),
        ("the first step , ", "the first step."),
        ("Permanent redirections", "Permanent redirections."),
        ("It ends here.", "It ends here."),
        (",", ","),
        // Chinese and Japanese close with their own stop, after a full-width bracket too.
        ("本体の区切り文字を省略できます、", "本体の区切り文字を省略できます。"),
        ("（それ以外の場合は必須です）", "（それ以外の場合は必須です）。"),
        ("It ends in (a bracket)", "It ends in (a bracket)."),
    ])
    func closed(_ text: String, _ expected: String) {
        #expect(Layout.closed(text) == expected)
    }

    /// A sentence wholly in brackets is said of the one before it: it never stands alone or opens an answer.
    @Test(arguments: [
        ("(mandatory otherwise)", true),
        ("（それ以外の場合は必須です）", true),
        ("(This is rare.)", true),
        ("(a) The first form takes a path.", false),
        ("(Optional) The name of the file.", false),
        ("The default (none) is kept.", false),
        ("(See (the) notes", false),
    ] as [(String, Bool)])
    func asides(_ text: String, _ aside: Bool) {
        #expect(Cues.isAside(text) == aside)
        #expect(Cues.refersBack(text) == aside)
    }

    /// An author's sign-off answers no question.
    @Test func signOffsAreNotCandidates() {
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "If you have questions about this tip, feel free to reach out to me on Mastodon.")))
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "Thanks for reading, and see you next week.")))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "If the formatter has no locale, it uses the device's locale.")))
    }

    /// A pointer elsewhere says where to read, not what it says; a check to make, or a pointer that goes on, is content.
    @Test(arguments: [
        ("See git-reflog(1) for more details.", true),
        ("See the resolver versions section for more detail on specifying resolver versions.", true),
        ("(See the ADDENDUM below for how to rebuild a branch from scratch.)", true),
        ("For more information, see Custom Target Lookup Path.", true),
        ("Please refer to the manual page of the command.", true),
        ("More information can be found in the registry chapter.", true),
        ("There is a more detailed description on the registers page or for a broader overview see this video.", true),
        ("You can read more about it on the vendor's documentation site.", true),
        ("You can read the file back with the same reader.", false),
        ("There is a more robust way: lock the file first.", false),
        ("See whether the build still passes before you push.", false),
        ("See that the lock file is committed.", false),
        ("See the --force option; it skips the check and overwrites the file.", false),
        ("The seed is written to the log, see the output for details.", false),
        ("Seeing the same conflict twice, rerere replays the earlier resolution.", false),
        ("See the SemVer section: it says what SemVer is, how Cargo reads a version requirement, which versions of a crate it treats as compatible with each other, and why a release numbered 0.x is special.", false),
    ] as [(String, Bool)])
    func pointers(_ text: String, _ pointer: Bool) {
        #expect(Cues.isPointer(text) == pointer)
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, text)) == !pointer)
    }

    /// A sentence that only announces a table points at rows no answer quotes; one that says something of its own stays.
    @Test(arguments: [
        ("The numeric codes of the levels are given in the following table.", true),
        ("The following table lists the format codes and what they stand for.", true),
        ("Each mode is described in the table below:", true),
        ("The table holds one row per user and is locked while it is rebuilt.", false),
        ("A lookup table makes the parser about twice as fast.", false),
        ("The following table lists the codes; the first three are reserved for the kernel.", false),
    ] as [(String, Bool)])
    func tableAnnouncements(_ text: String, _ announces: Bool) {
        #expect(Cues.pointsAtTable(text) == announces)
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, text)) == !announces)
    }

    @Test func headingsCaptionsAndCutOffSentencesAreNotCandidates() {
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "Getting started with the package")))
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "A unit test is an automated test that")))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "A unit test checks one small piece of code.")))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "Add the package", list: true)))
        // A list item of titles is a page's related topics, unless a picked sentence introduces its list.
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "Message Queues - Window Procedures", list: true)))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "Message Queues - Window Procedures", list: true), inList: true))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "let x = 1", code: true)))
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "By then body has read items[0] on an empty array.")))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "let first = items[0]", code: true)))
        // A parameter's type with nothing said of it is part of a signature; with a description it is an answer.
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "src {Stream|Blob|string|Iterable| AsyncIterable}.", list: true)))
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "Returns: {Promise}", list: true)))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "limit {number} The most stones a grinder holds.", list: true)))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "Use a Set {1, 2} for that", list: true)))
        // The end of a parenthesis split from its start is the end of another sentence; an item's "2)" is not.
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "The grinder uses a subset of it).")))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "The grinder (a mill) uses a subset of it.")))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "Then 2) the grinder uses a subset :) of it.")))
        // A heading set as a paragraph is a label, even with a period; a sentence has a lowercase word.
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "Speed, Internal Cleanups, Build Support etc.")))
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "Copyright (C) 2001 Example Mill Company, Inc.")))
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "Mill Grinder Stones Ship Separately in 2024.")))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "The Mill Grinder ships in Spring with Stones.")))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "The Mill Grinder crushes Stones from Quarry Road.")))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "Die Mühle mahlt das Korn zu feinem Mehl.")))
        // A sentence that is mostly a web address says too little on its own.
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "If not, see <https://www.example.org/licenses/>.")))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "The full text of the licence is at https://www.example.org/licenses/ for reference.")))
        let long = (1...40).map { "let v\($0) = \($0)" }.joined(separator: "\n")
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, long, code: true)))
        // A table row is not a sentence.
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "4.1. | My program uses the standard library's string classes.")))
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "Linear | 0.25 ms | 1.5 ms | 6 times faster.")))
        // A table flattened into text: header, a separator row of dash cells, then the rows.
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "Flag Effect - - LOCK_EX Takes an exclusive lock on the file.")))
        #expect(!CandidatePool.isEligible(AnswerFixtures.unit(0, "Name Size --- :--: tiny 4 bytes, as the header says.")))
        #expect(CandidatePool.isEligible(AnswerFixtures.unit(0, "Pass - to read standard input, or a path - not both.")))
    }

    /// One paragraph per article, one mark at its end, list items as a list, code fenced with its line breaks.
    @Test func paragraphLayout() {
        let intro = AnswerFixtures.candidate(0, "Write the test like this:", score: 2)
        let code = AnswerFixtures.candidate(1, "@Test func a() {\n    #expect(true)\n}", score: 1, code: true)
        let after = AnswerFixtures.candidate(2, "Run it with swift test.", score: 1)
        let text = Layout.paragraph([intro, code, after], n: 3)
        #expect(text == "Write the test like this:\n```\n@Test func a() {\n    #expect(true)\n}\n```\nRun it with swift test. [3]")
        let list = Layout.paragraph([AnswerFixtures.candidate(0, "It lets you:"), AnswerFixtures.candidate(1, "tag tests", list: true),
                                     AnswerFixtures.candidate(2, "group suites.", list: true)], n: 1)
        #expect(list == "It lets you:\n- tag tests.\n- group suites. [1]")
        // A paragraph that ends with a colon sentence and its code, or with code alone, has its mark after the code.
        let ends = Layout.paragraph([after, AnswerFixtures.candidate(3, "With:"), code], n: 2)
        #expect(ends == "Run it with swift test. With:\n```\n@Test func a() {\n    #expect(true)\n}\n```\n[2]")
        #expect(Layout.paragraph([code], n: 1) == "```\n@Test func a() {\n    #expect(true)\n}\n```\n[1]")
    }

    /// A prose sentence that can open the answer opens it before a better-scored code block.
    @Test func proseOpensBeforeCode() {
        let code = AnswerFixtures.candidate(2, "queue.sync {\n    queue.sync {}\n}", score: 5, code: true)
        let prose = AnswerFixtures.candidate(5, "A deadlock is two tasks waiting on each other.", score: 3)
        let back = AnswerFixtures.candidate(6, "This happens because the queue is locked.", score: 6)
        #expect(Layout.paragraphs([code, prose, back]).first?.map(\.unit.index) == [5, 6, 2])
        #expect(Layout.paragraphs([code, back]).first?.map(\.unit.index) == [2, 6])
    }

    @Test(arguments: [
        ("A deadlock occurs when two tasks wait on each other.", true), ("It is easy to add a test.", true),
        ("This happens because the queue is locked.", false), ("Inside its scope, the task waits.", false),
        ("But it never returns.", false), ("Their state is shared.", false),
        // "Or" goes on from the sentence before ("For example, an atomic read. Or atomic access to a property.").
        ("Or atomic access to a property.", false), ("Or, put another way, one at a time.", false),
        ("Order matters here.", true),
        // "also" adds to what came before.
        ("`options` in socket.connect() are also supported.", false), ("You can also pass a timeout.", false),
        ("Node.js maintains several connections per server to make HTTP requests, and also reuses them.", true),
        ("What about using a wrapper for that? See the docs.", false), ("Is it thread-safe?", false),
        ("A value of type Int? is optional.", true),
        // A clause without its main clause answers the question before it.
        ("When the last reference to it goes away.", false), ("Because the queue is serial.", false),
        ("When the last reference goes away, the object is freed.", true),
        ("When you build for release the optimiser inlines small functions across module boundaries by default.", true),
        // A conclusion follows what it is drawn from; an "it" that only opens the sentence opens an answer.
        ("Consequently when the earlier call runs, an error results.", false), ("Thus the queue drains.", false),
        ("It can be a surprise to get this error in working code.", true),
    ])
    func canOpen(_ text: String, _ expected: Bool) {
        #expect(Layout.canOpen(text) == expected)
    }

    /// One list item between sentences, a whole sentence itself, is written as a sentence; items next to each
    /// other, items a colon introduces and fragments stay a list.
    @Test(arguments: [
        ([("After that, nothing else refers to the object any more.", true), ("Now both objects are freed.", false)],
         "After that, nothing else refers to the object any more. Now both objects are freed. [1]"),
        ([("Now both objects are freed.", false), ("Tag slow tests so a plan can skip them.", true)],
         "Now both objects are freed. Tag slow tests so a plan can skip them. [1]"),
        ([("Use tags to filter a run.", true), ("Group related tests into suites.", true)],
         "- Use tags to filter a run.\n- Group related tests into suites. [1]"),
        ([("Now both objects are freed.", false), ("faster builds", true)], "Now both objects are freed.\n- faster builds. [1]"),
        ([("Now both objects are freed.", false), ("it also works on Linux and on Windows.", true)],
         "Now both objects are freed.\n- it also works on Linux and on Windows. [1]"),
    ] as [([(String, Bool)], String)])
    func loneListItems(_ items: [(String, Bool)], expected: String) {
        let picks = items.enumerated().map { AnswerFixtures.candidate($0.offset, $0.element.0, list: $0.element.1) }
        #expect(Layout.paragraph(picks, n: 1) == expected)
    }

    /// A lone item right under other bullets of the answer keeps its bullet, though a list further on in the article.
    @Test func aLoneItemUnderBulletsStaysABullet() {
        let picks = [AnswerFixtures.candidate(0, "Some methods are slow:"), AnswerFixtures.candidate(1, "Bind: allocates a new function.", list: true),
                     AnswerFixtures.candidate(2, "Call: slows down constructors.", list: true),
                     AnswerFixtures.candidate(9, "Finally: use a block of your own instead.", list: true)]
        #expect(Layout.paragraph(picks, n: 1) == "Some methods are slow:\n- Bind: allocates a new function.\n- Call: slows down constructors.\n- Finally: use a block of your own instead. [1]")
    }

    /// The article of the best sentence comes first, and its paragraph opens with the run holding that sentence.
    @Test func bestSentenceLeads() {
        let a0 = AnswerFixtures.candidate(0, "Background first.", doc: 1, score: 1)
        let a5 = AnswerFixtures.candidate(5, "The answer itself.", doc: 1, score: 5)
        let a6 = AnswerFixtures.candidate(6, "Its consequence.", doc: 1, score: 2)
        let b1 = AnswerFixtures.candidate(1, "Another article's view.", doc: 2, score: 3)
        let groups = Layout.paragraphs([b1, a0, a6, a5])
        #expect(groups.map { $0.map(\.unit.index) } == [[5, 6, 0], [1]])
    }

    /// The best pick opens the answer, after only what it leans on: the sentence it points back to, the colon
    /// sentence that introduces it, the items of its own list.
    @Test(arguments: [
        ([("Plain context first.", false), ("The answer itself.", false)], [1, 0]),
        ([("The cause is shared state.", false), ("This means two tasks can race.", false)], [0, 1]),
        // "This means…" cannot lean on a list item, so it cannot open: the item leads.
        ([("A freed object has no owner.", true), ("This means nothing holds it.", false)], [0, 1]),
        ([("You can do this:", false), ("tag the slow tests", true)], [0, 1]),
        ([("tag the slow tests", true), ("group the suites", true)], [0, 1]),
        // The best pick points back to a sentence that was not picked: the best one that can open leads.
        ([("A deadlock is two tasks waiting on each other.", false), ("Nested sync calls cause it.", false),
          ("Unrelated filler sentence here.", false), ("This happens because the queue is locked.", false)], [0, 1, 2, 5]),
    ] as [([(String, Bool)], [Int])])
    func bestPickLeadsAfterWhatItLeansOn(_ items: [(String, Bool)], expected: [Int]) {
        let picks = items.enumerated().map { k, e in
            // The last item scores best; in the four-item row the third is not picked (its index is skipped).
            AnswerFixtures.candidate(items.count == 4 && k == 3 ? 5 : k, e.0, score: k == items.count - 1 ? 5 : Double(2 - k), list: e.1)
        }
        #expect(Layout.paragraphs(picks).first?.map(\.unit.index) == expected)
    }
}

extension LayoutRuleTests {
    /// A colon sentence opening the answer keeps its list's item beside it, though the items between them were left
    /// out; picks from before it in the article follow the run, as before.
    @Test func anOpeningColonKeepsItsLaterItem() {
        let lead = AnswerFixtures.candidate(10, "By building standalone views, we gain:", score: 5)
        let item = AnswerFixtures.candidate(12, "maintainability in one place", score: 2, list: true)
        let earlier = AnswerFixtures.candidate(3, "We embed the view in a cell.", score: 3)
        #expect(Layout.paragraphs([lead, item, earlier]).first?.map(\.unit.index) == [10, 12, 3])
        // Not a colon: the item is no part of the opening run.
        let plain = AnswerFixtures.candidate(10, "Standalone views help in three ways.", score: 5)
        #expect(Layout.paragraphs([plain, item, earlier]).first?.map(\.unit.index) == [10, 3, 12])
    }

    /// A list item that opens the answer brings the colon sentence of its list before it, though the items between
    /// them were left out: "…are not the latest versions:" is never left after the item it introduced.
    @Test func anOpeningItemBringsItsColonSentence() {
        let lead = AnswerFixtures.candidate(20, "Say both packages are installed but out of date:", score: 2)
        let item = AnswerFixtures.candidate(23, "install with the eager strategy: both packages are upgraded to their newest releases.", score: 5, list: true)
        let later = AnswerFixtures.candidate(30, "The default strategy upgrades only what it must.", score: 1)
        #expect(Layout.paragraphs([later, item, lead]).first?.map(\.unit.index) == [20, 23, 30])
        // A sentence without a colon before the item is no lead of it: the item opens alone.
        let plain = AnswerFixtures.candidate(20, "Both packages are installed but out of date.", score: 2)
        #expect(Layout.paragraphs([later, item, plain]).first?.map(\.unit.index) == [23, 20, 30])
    }

    /// A short list item does not open an answer, though it scores best; a longer one may.
    @Test func aShortListItemDoesNotOpen() {
        let prose = AnswerFixtures.candidate(4, "The view keeps the value the graph made for it once.", score: 3)
        let other = AnswerFixtures.candidate(7, "A new identity resets it.", score: 1)
        let stub = AnswerFixtures.candidate(0, "count is zero", score: 5, list: true)
        #expect(Layout.paragraphs([stub, prose, other]).first?.map(\.unit.index) == [4, 0, 7])
        let item = AnswerFixtures.candidate(0, "the count keeps the value it had before the toggle", score: 5, list: true)
        #expect(Layout.paragraphs([item, prose, other]).first?.map(\.unit.index) == [0, 4, 7])
    }
}

extension LayoutRuleTests {
    /// The sentences of one list item share its bullet; an item picked without its neighbours, between sentences,
    /// reads as sentences; and a short first sentence opens an answer when the rest of its item comes with it.
    @Test func sentencesOfOneItemShareABullet() {
        let units = AnswerFixtures.units([
            Block(.paragraph, "Here is what happens to the counter:"),
            Block(.listItem, "Toggle the switch off. The child view leaves the tree."),
            Block(.listItem, "Toggle it back on and the counter starts again."),
        ])
        let c = units.map { AnswerFixtures.candidate($0) }
        #expect(Layout.paragraph(c, n: 1) == """
            Here is what happens to the counter:
            - Toggle the switch off. The child view leaves the tree.
            - Toggle it back on and the counter starts again. [1]
            """)
        let prose = AnswerFixtures.candidate(AnswerFixtures.unit(9, "The counter lives in the graph."))
        #expect(Layout.paragraph([c[1], c[2], prose], n: 1) == "Toggle the switch off. The child view leaves the tree. The counter lives in the graph. [1]")
        var first = c[1], rest = c[2]
        first.score = 5; rest.score = 4
        let other = AnswerFixtures.candidate(AnswerFixtures.unit(9, "The graph keeps the counter while the view stays."), score: 3)
        #expect(Layout.paragraphs([other, first, rest]).first?.map(\.unit.index) == [1, 2, 9])
        #expect(Layout.paragraphs([other, first]).first?.map(\.unit.index) == [9, 1])
    }

    /// A short clause without its main clause ("When the view leaves the tree.") answers a question the article
    /// asked just before; with a comma it has its main clause.
    @Test(arguments: [
        ("When the view leaves the tree.", true),
        ("Because the graph owns the value.", true),
        ("When the view leaves the tree, the graph drops its state.", false),
        ("The graph drops the state when the view leaves.", false),
        ("Until the task finishes the caller waits for it and nothing else can run on that thread in the meantime.", false),
    ])
    func bareClause(_ text: String, _ expected: Bool) {
        #expect(Layout.isBareClause(text) == expected)
    }
}

@Suite struct AnswerSelectionTests {
    /// A colon sentence comes with the list or code it introduces, or not at all.
    @Test func colonsBringWhatTheyIntroduce() {
        let units = [AnswerFixtures.unit(0, "Tags help you:"), AnswerFixtures.unit(1, "filter runs", list: true),
                     AnswerFixtures.unit(2, "group tests", list: true), AnswerFixtures.unit(3, "Nothing follows this one:"),
                     AnswerFixtures.unit(4, "Plain prose after it.")]
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["tag": 1]), settings: .init())
        let c0 = AnswerFixtures.candidate(0, units[0].text)
        #expect(sel.bundle(c0).map(\.unit.index) == [0, 1, 2])
        #expect(sel.bundle(AnswerFixtures.candidate(3, units[3].text)).isEmpty)
    }

    /// A sentence of a list item comes with the item's other sentences, a bullet being one item; a longer item than
    /// `itemWords` lets it come alone.
    @Test func aListItemComesWhole() {
        let units = AnswerFixtures.units([
            Block(.paragraph, "Watch what happens to the counter."),
            Block(.listItem, "Toggle the switch off. The child view leaves the tree. Its counter is gone."),
            Block(.listItem, "Toggle it back on."),
        ])
        let pool = AnswerFixtures.pool(units), profile = AnswerFixtures.profile(["counter": 1, "tree": 1])
        #expect(units.map(\.block) == [0, 1, 1, 1, 2])
        let sel = AnswerSelection(pool: pool, profile: profile, settings: .init())
        #expect(sel.bundle(AnswerFixtures.candidate(units[2])).map(\.unit.index) == [1, 2, 3])
        var settings = AnswerSelection.Settings()
        settings.itemWords = 8
        #expect(AnswerSelection(pool: pool, profile: profile, settings: settings).bundle(AnswerFixtures.candidate(units[2])).map(\.unit.index) == [2])
    }

    /// An item whose last sentence introduces a listing after it comes without that sentence: the listing is not
    /// part of the item, and a colon with nothing after it reads as cut off.
    @Test func anItemComesWithoutTheColonThatClosesIt() {
        let units = AnswerFixtures.units([
            Block(.listItem, "Key functions need not use the objects sorted. They can read a dictionary of grades instead:"),
            Block(.code(language: "python"), "sorted(names, key=grades.__getitem__)"),
        ])
        let pool = AnswerFixtures.pool(units), profile = AnswerFixtures.profile(["key": 1, "sort": 1])
        let sel = AnswerSelection(pool: pool, profile: profile, settings: .init())
        #expect(sel.bundle(AnswerFixtures.candidate(units[0])).map(\.unit.index) == [0])
        // Picked itself, the colon sentence brings its listing.
        #expect(sel.bundle(AnswerFixtures.candidate(units[1])).map(\.unit.index) == [0, 1, 2])
    }

    /// A list item of a few words says nothing torn from its list: alone it is left out; beside an item of its list
    /// that was picked, or with the whole list a question asks for, it comes.
    @Test func aShortListItemComesOnlyWithItsList() {
        let units = AnswerFixtures.units([
            Block(.paragraph, "Redirections come in several kinds."),
            Block(.listItem, "Permanent ones."),
            Block(.listItem, "Temporary redirections that keep the request method."),
            Block(.listItem, "Special ones."),
        ])
        let pool = AnswerFixtures.pool(units), profile = AnswerFixtures.profile(["redirect": 1, "kind": 1])
        var sel = AnswerSelection(pool: pool, profile: profile, settings: .init())
        #expect(sel.bundle(AnswerFixtures.candidate(units[1])).isEmpty)
        sel.run([AnswerFixtures.candidate(units[2], score: 3), AnswerFixtures.candidate(units[1], score: 2.9)])
        #expect(sel.picked.map(\.unit.index).sorted() == [1, 2])
        let asked = AnswerSelection(pool: pool, profile: AnswerFixtures.profile(["redirect": 1], wantsList: true), settings: .init())
        #expect(asked.bundle(AnswerFixtures.candidate(units[1])).map(\.unit.index) == [1, 2, 3])
    }

    /// An item that goes on the sentence before its list ("…gives us" / "- zero duplication") comes after that
    /// sentence when it ends in a colon or runs on without a stop; an item that is a sentence of its own, or whose
    /// list follows a whole sentence, comes alone.
    @Test(arguments: [
        ("With that, the solution gives us", "zero duplication in the layout code", [0, 2]),
        ("With that, the solution gives us:", "zero duplication in the layout code", [0, 2]),
        ("The solution has two strengths.", "zero duplication in the layout code", [2]),
        ("With that, the solution gives us", "Zero duplication in the layout code.", [2]),
        // A label and its value over a list of parameters runs into nothing.
        ("Stability: 2 - Stable for layout work", "zero duplication in the layout code", [2]),
    ] as [(String, String, [Int])])
    func anItemGoingOnItsLeadIn(_ lead: String, _ item: String, expected: [Int]) {
        let units = AnswerFixtures.units([Block(.paragraph, lead), Block(.listItem, "full reuse of the item view in any container"),
                                          Block(.listItem, item)])
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["duplic": 1, "layout": 1]), settings: .init())
        #expect(sel.bundle(AnswerFixtures.candidate(units[2])).map(\.unit.index) == expected)
    }

    /// A later sentence of an item that opens with a name written in lowercase ("libffi provides…") goes on its own
    /// item, not on the colon sentence above the list: it comes without it.
    @Test func aLaterSentenceOfAnItemDoesNotGoOnTheLeadIn() {
        let units = AnswerFixtures.units([Block(.paragraph, "To run a layout pass, call the layout function:"),
                                          Block(.listItem, "The values are widened by quill. quill provides a type for the layout result.")])
        #expect(units.map(\.text) == ["To run a layout pass, call the layout function:", "The values are widened by quill.",
                                      "quill provides a type for the layout result."])
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["layout": 1]), settings: .init())
        #expect(!sel.bundle(AnswerFixtures.candidate(units[2])).map(\.unit.index).contains(0))
    }

    /// A listing whose colon line finishes a sentence begun above it ("Replace: … With: …") cannot stand alone;
    /// one under a label of its own ("Example:") comes with its label.
    @Test(arguments: [("With:", [Int]()), ("To this:", []), ("Example:", [0, 1]), ("Output:", [0, 1])] as [(String, [Int])])
    func codeUnderAContinuingColon(_ intro: String, expected: [Int]) {
        let units = [AnswerFixtures.unit(0, intro), AnswerFixtures.unit(1, "cache[key] = image", code: true)]
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["cache": 1]), settings: .init())
        #expect(sel.bundle(AnswerFixtures.candidate(1, units[1].text, code: true)).map(\.unit.index) == expected)
    }

    /// Output under a colon line that speaks of the listing above it ("This will produce:", "Which gives:") comes
    /// after that listing; a colon line that points ahead ("Here is the output:") or follows prose comes alone, and
    /// output whose listing cannot stand in an answer (too long) is left out.
    @Test(arguments: [
        ("let total = prices.reduce(0, +)", "This will produce:", [0, 1, 2]),
        ("let total = prices.reduce(0, +)", "Which gives:", [0, 1, 2]),
        ("let total = prices.reduce(0, +)", "Here is the output:", [1, 2]),
        (nil, "This will produce:", [1, 2]),
        (String(repeating: "let total = prices.reduce(0, +)\n", count: 60), "This will produce:", []),
    ] as [(String?, String, [Int])])
    func outputUnderAColonLineAboutTheListingAbove(_ listing: String?, _ intro: String, expected: [Int]) {
        let first = listing.map { AnswerFixtures.unit(0, $0, code: true) } ?? AnswerFixtures.unit(0, "The prices are summed in one pass over the list.")
        let units = [first, AnswerFixtures.unit(1, intro), AnswerFixtures.unit(2, "total: 42", code: true)]
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["total": 1]), settings: .init())
        #expect(sel.bundle(AnswerFixtures.candidate(2, units[2].text, code: true)).map(\.unit.index) == expected)
    }

    /// Code comes with the sentence before it whether or not that sentence ends in a colon: one that runs into
    /// the code ("…can be enabled with"), one that it illustrates (with what that one points back to); a sentence
    /// of another section, or a heading-like fragment, does not come along.
    @Test(arguments: [
        (["After the user agrees, reporting can be enabled with"], [0, 1]),
        (["Strict sends the cookie only on same-site requests."], [0, 1]),
        (["Strict sends the cookie only on same-site requests.", "This should be used for sessions."], [0, 1, 2]),
        (["Done"], [1]),
        (["Status: 3 - Cookie support frozen"], [1]),
        // A clause without its main clause answers a question asked above it: the code comes without it.
        (["When the cookie leaves the site."], [1]),
    ] as [([String], [Int])])
    func codeWithTheSentenceBeforeIt(_ before: [String], expected: [Int]) {
        let units = before.enumerated().map { AnswerFixtures.unit($0.offset, $0.element) }
            + [AnswerFixtures.unit(before.count, "Set-Cookie: id=1; SameSite=Strict", code: true)]
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["cookie": 1]), settings: .init())
        let code = AnswerFixtures.candidate(before.count, units[before.count].text, code: true)
        #expect(sel.bundle(code).map(\.unit.index) == expected)
    }

    /// Code with no sentence before it that can come along stands alone only where code can be the answer: a
    /// how-to, a question for a value, or one of no kind; under a definition, a reason or a comparison it is left out.
    @Test(arguments: [
        (QuestionProfile.Kind.howto, [1]), (.factoid, [1]), (.other, [1]),
        (.definition, []), (.why, []), (.comparison, []), (.yesNo, []), (.limitation, []),
    ] as [(QuestionProfile.Kind, [Int])])
    func codeWithoutASentenceBeforeIt(_ kind: QuestionProfile.Kind, expected: [Int]) {
        let units = [AnswerFixtures.unit(0, "Done"), AnswerFixtures.unit(1, "Set-Cookie: id=1; SameSite=Strict", code: true)]
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["cookie": 1], kind: kind), settings: .init())
        #expect(sel.bundle(AnswerFixtures.candidate(1, units[1].text, code: true)).map(\.unit.index) == expected)
        // With a sentence that introduces it, the code comes along under any kind.
        let introduced = [AnswerFixtures.unit(0, "The cookie is set like this:"), units[1]]
        let with = AnswerSelection(pool: AnswerFixtures.pool(introduced), profile: AnswerFixtures.profile(["cookie": 1], kind: kind), settings: .init())
        #expect(with.bundle(AnswerFixtures.candidate(1, units[1].text, code: true)).map(\.unit.index) == [0, 1])
    }

    /// A colon sentence whose code is too long to come along stands as a sentence when it says something whole
    /// before its colon; one that points at what follows is left out.
    @Test(arguments: [
        ("Use the sanitizer flag to make the report readable:", "Use the sanitizer flag to make the report readable."),
        ("Xcode will now show the reason in the editor:", "Xcode will now show the reason in the editor."),
        ("The output of the build looks like this:", nil),
        ("Here is the full listing of the program:", nil),
        ("Let's run the tests and see what happens:", nil),
        ("Many events that trap are covered, including:", nil),
        ("We can write the same code as follows:", nil),
        ("Run it:", nil),
        // A last clause that only points at the example goes, and the sentence stands without it.
        ("It is handy as a stand-in where a statement is needed but nothing should run, for example:",
         "It is handy as a stand-in where a statement is needed but nothing should run."),
        ("You can wrap the call in a retry loop, like this:", "You can wrap the call in a retry loop."),
        ("Here, for example:", nil),
    ] as [(String, String?)])
    func colonSentenceWithoutLongCode(_ text: String, expected: String?) {
        let long = (0..<40).map { "let value\($0) = compute(\($0))" }.joined(separator: "\n")
        let units = [AnswerFixtures.unit(0, text), AnswerFixtures.unit(1, long, code: true)]
        #expect(!CandidatePool.isEligible(units[1]))
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["report": 1]), settings: .init())
        #expect(sel.bundle(AnswerFixtures.candidate(0, text)).map(\.unit.text) == (expected.map { [$0] } ?? []))
    }

    /// A pick from an article no earlier pick came from needs `otherArticleRatio` of the best candidate's odds; one
    /// from an article already drawn on needs only `minRatio`.
    @Test(arguments: [(0.0, [0, 1, 5]), (0.1, [0, 1]), (0.01, [0, 1, 5])] as [(Double, [Int])])
    func anotherArticleNeedsMoreEvidence(ratio: Double, expected: [Int]) {
        let units = [AnswerFixtures.unit(0, "Locks stall the caller when contended."), AnswerFixtures.unit(1, "A lock protects shared state."),
                     AnswerFixtures.unit(5, "Traffic locks on canals raise boats.", doc: 2)]
        var settings = AnswerSelection.Settings()
        settings.otherArticleRatio = ratio
        settings.minRatio = 0.01
        var sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["lock": 1, "stall": 1, "state": 1, "boat": 1]), settings: settings)
        // The other article's sentence is e^-2.5 ≈ 0.08 of the best one's odds; the same article's, e^-3 ≈ 0.05.
        sel.run([AnswerFixtures.candidate(0, units[0].text, score: 5), AnswerFixtures.candidate(5, units[2].text, doc: 2, score: 2.5),
                 AnswerFixtures.candidate(1, units[1].text, score: 2)])
        #expect(sel.picked.map(\.unit.index).sorted() == expected)
    }

    /// A colon sentence pointing at an example that cannot come (prose, not code, follows it) stands without its
    /// pointer; and when the best candidate cannot stand at all, the weakest pick is measured from the best one left.
    @Test func theBestCandidateThatCannotStandDoesNotSilenceTheRest() {
        let units = [AnswerFixtures.unit(0, "A stand-in is a null operation that does nothing."),
                     AnswerFixtures.unit(1, "Nothing follows this one at all:"), AnswerFixtures.unit(2, "and some prose after it.")]
        var sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["stand": 1]), settings: .init())
        sel.run([AnswerFixtures.candidate(1, units[1].text, score: 9), AnswerFixtures.candidate(0, units[0].text, score: 2)])
        #expect(sel.picked.map(\.unit.index) == [0])
        let pointer = AnswerFixtures.unit(1, "It is handy where a statement is needed but nothing runs, for example:")
        sel = AnswerSelection(pool: AnswerFixtures.pool([units[0], pointer, units[2]]), profile: AnswerFixtures.profile(["stand": 1]), settings: .init())
        #expect(sel.bundle(AnswerFixtures.candidate(1, pointer.text)).map(\.unit.text) == ["It is handy where a statement is needed but nothing runs."])
    }

    /// Code that fits comes with its colon sentence; when the budget has no room for the code, the sentence
    /// comes alone.
    @Test func colonSentenceAloneWhenItsCodeDoesNotFit() {
        let intro = "You can call the helper to make the report much clearer:"
        let code = (0..<12).map { "let line = report.line(at: \($0))" }.joined(separator: "\n")
        let units = [AnswerFixtures.unit(0, "Reports list every access that raced."), AnswerFixtures.unit(1, intro),
                     AnswerFixtures.unit(2, code, code: true)]
        var settings = AnswerSelection.Settings()
        settings.budget = 22
        var sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["report": 1]), settings: settings)
        sel.run([AnswerFixtures.candidate(0, units[0].text, score: 3), AnswerFixtures.candidate(1, intro, score: 2.9)])
        #expect(sel.picked.map(\.unit.text) == [units[0].text, String(intro.dropLast()) + "."])
        settings.budget = 100
        sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["report": 1]), settings: settings)
        sel.run([AnswerFixtures.candidate(0, units[0].text, score: 3), AnswerFixtures.candidate(1, intro, score: 2.9)])
        #expect(sel.picked.map(\.unit.index) == [0, 1, 2])
    }

    /// A colon sentence over a picture (only its caption or alt text follows, or nothing more in its section) stands
    /// as a sentence; over prose or a list it does not, and one that points at what follows never does.
    @Test(arguments: [
        ("Swift fatal error in Xcode 9.1", 0, ["Xcode will now show the failure reason in the editor where the trap occurred."]),
        (nil, 0, ["Xcode will now show the failure reason in the editor where the trap occurred."]),
        ("The next paragraph goes on to say more about it.", 0, []),
        ("Swift fatal error in Xcode 9.1", 1, ["Xcode will now show the failure reason in the editor where the trap occurred."]),
    ] as [(String?, Int, [String])])
    func aColonOverAPictureStands(_ next: String?, nextSection: Int, expected: [String]) {
        let intro = "Xcode will now show the failure reason in the editor where the trap occurred:"
        var units = [AnswerFixtures.unit(0, intro)]
        if let next { units.append(AnswerFixtures.unit(1, next, section: nextSection)) }
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["xcode": 1]), settings: .init())
        #expect(sel.bundle(AnswerFixtures.candidate(0, intro)).map(\.unit.text) == expected)
        let pointing = [AnswerFixtures.unit(0, "The editor shows the failure reason like this:"), AnswerFixtures.unit(1, "Swift fatal error")]
        let other = AnswerSelection(pool: AnswerFixtures.pool(pointing), profile: AnswerFixtures.profile(["xcode": 1]), settings: .init())
        #expect(other.bundle(AnswerFixtures.candidate(0, pointing[0].text)).isEmpty)
    }

    /// A colon sentence that points back and comes without its code (the code does not fit, or is a picture) still
    /// comes after what it points back to.
    @Test func aColonSentenceAloneKeepsWhatItPointsBackTo() {
        let units = [AnswerFixtures.unit(0, "Two variables can reference the same object once classes are involved."),
                     AnswerFixtures.unit(1, "This causes an infinite loop when both are passed:"),
                     AnswerFixtures.unit(2, (0..<12).map { "move(from: &names\($0), to: &names)" }.joined(separator: "\n"), code: true),
                     AnswerFixtures.unit(3, "Classes hide the loop from a reader.")]
        var settings = AnswerSelection.Settings()
        settings.budget = 40
        var sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["loop": 1]), settings: settings)
        sel.run([AnswerFixtures.candidate(3, units[3].text, score: 5), AnswerFixtures.candidate(1, units[1].text, score: 4.9)])
        #expect(sel.picked.map(\.unit.text) == [units[3].text, units[0].text, "This causes an infinite loop when both are passed."])
    }

    /// A one-word item comes along inside a list that has longer items; a list of single words does not
    /// carry its colon sentence.
    @Test(arguments: [
        (["Mobile ad IDs", "IDFVs", "Firebase installation IDs"], [0, 1, 2, 3]),
        (["Combinations", "Permutations", "Chunked"], []),
        (["IDFVs", "Mobile ad IDs"], [0, 1, 2]),
    ])
    func shortItemsInsideLists(_ items: [String], expected: [Int]) {
        let units = [AnswerFixtures.unit(0, "The SDK collects:")] + items.enumerated().map { AnswerFixtures.unit($0.offset + 1, $0.element, list: true) }
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["sdk": 1]), settings: .init())
        #expect(sel.bundle(AnswerFixtures.candidate(0, units[0].text)).map(\.unit.index) == expected)
    }

    /// A sentence that points back brings the one before it; code brings its colon introduction.
    @Test func dependentsBringTheirNeighbours() {
        let units = [AnswerFixtures.unit(0, "Actors isolate their state."), AnswerFixtures.unit(1, "This prevents data races."),
                     AnswerFixtures.unit(2, "Declare one like this:"), AnswerFixtures.unit(3, "actor A {}", code: true)]
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["actor": 1]), settings: .init())
        #expect(sel.bundle(AnswerFixtures.candidate(1, units[1].text)).map(\.unit.index) == [0, 1])
        #expect(sel.bundle(AnswerFixtures.candidate(3, units[3].text, code: true)).map(\.unit.index) == [2, 3])
    }

    /// An FAQ's entry asked again leads the answer: in an article most of whose headings ask, the one heading whose words
    /// the question holds nearly all of. A post with fewer questions among its headings, or a question that holds the
    /// words of two headings or of none, names no entry.
    @Test(arguments: [
        (["Why are strings immutable?", "How do I copy an object?", "Why is there no switch statement?", "How do I delete a file?"],
         ["string": 1.0, "immut": 1.0, "python": 1.0], "Strings are immutable for speed."),
        (["Why are strings immutable?", "How do I copy an object?", "Why is there no switch statement?", "Setup", "Notes", "Credits",
          "Thanks", "More"], ["string": 1.0, "immut": 1.0], nil),
        (["Why are strings immutable?", "How do I copy an object?", "Why is there no switch statement?", "How do I delete a file?"],
         ["tide": 1.0, "moon": 1.0], nil),
        (["Why are strings immutable?", "Why are strings slow?", "Why is there no switch statement?", "How do I delete a file?"],
         ["string": 1.0, "immut": 1.0, "slow": 1.0], nil),
    ] as [([String], [String: Double], String?)])
    func anFAQEntryAskedAgain(_ headings: [String], terms: [String: Double], lead: String?) {
        let units = AnswerFixtures.units(headings.flatMap { h in
            [Block(.heading(level: 2), h), Block(.paragraph, h.hasPrefix("Why are strings immutable") ? "Strings are immutable for speed." : "An answer of its own.")]
        })
        var pool = AnswerFixtures.pool(units)
        pool.candidates = units.map { AnswerFixtures.candidate($0) }
        let got = NamedSections.askedAgain(AnswerFixtures.profile(terms), article: 1, pool: pool, analyzer: Analyzer())
        #expect(got?.unit.text == lead)
    }

    /// A section's first sentence points at its heading: it stands alone, and the last sentence of the section before
    /// (an FAQ's previous answer) does not come with it.
    @Test func pointingBackStopsAtItsSection() {
        let units = [AnswerFixtures.unit(0, "The style guide is a separate document."),
                     AnswerFixtures.unit(1, "This error shows up once a function assigns to the name.", section: 1),
                     AnswerFixtures.unit(2, "That makes the name local to the function.", section: 1)]
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["error": 1]), settings: .init())
        func bundle(_ i: Int) -> [Int] { var c = AnswerFixtures.candidate(i, units[i].text); c.unit = units[i]; return sel.bundle(c).map(\.unit.index) }
        #expect(bundle(1) == [1])
        #expect(bundle(2) == [1, 2])
    }

    /// A sentence that points back to one that points back in turn brings both, and the listing the first points at;
    /// a chain longer than two, or one that ends in what cannot stand, is not picked.
    @Test func chainsOfPointingBack() {
        let units = [AnswerFixtures.unit(0, "Guard the call like this:"), AnswerFixtures.unit(1, "precondition(isMain)", code: true),
                     AnswerFixtures.unit(2, "This crashes in every build."), AnswerFixtures.unit(3, "Use this when a wrong call is a bug."),
                     AnswerFixtures.unit(4, "That keeps release builds honest.")]
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["build": 1]), settings: .init())
        #expect(sel.bundle(AnswerFixtures.candidate(3, units[3].text)).map(\.unit.index) == [0, 1, 2, 3])
        #expect(sel.bundle(AnswerFixtures.candidate(4, units[4].text)).isEmpty)
    }

    /// A question that asks for several things gets the whole list: a picked item brings its siblings in its
    /// section, a sentence brings the list that follows its paragraph. Other questions, a list in another
    /// section and a list too long to come whole do not.
    @Test(arguments: [
        (true, 2, [1, 2, 3]), (true, 0, [0, 1, 2, 3]), (true, 4, [4]), (false, 2, [2]), (false, 0, [0]),
    ])
    func listsComeWhole(_ wantsList: Bool, pick: Int, expected: [Int]) {
        let units = [AnswerFixtures.unit(0, "The library lacks a few features."),
                     AnswerFixtures.unit(1, "Variadic closures.", list: true),
                     AnswerFixtures.unit(2, "Bit fields in structures.", list: true),
                     AnswerFixtures.unit(3, "A documented raw API.", list: true),
                     AnswerFixtures.unit(4, "Ports to new systems are welcome.", list: true, section: 1)]
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["featur": 1], wantsList: wantsList),
                                  settings: .init())
        var c = AnswerFixtures.candidate(pick, units[pick].text, list: units[pick].isListItem)
        c.unit = units[pick]
        #expect(sel.bundle(c).map(\.unit.index) == expected)
        var short = AnswerSelection.Settings()
        short.listItems = 2
        let tight = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["featur": 1], wantsList: wantsList),
                                    settings: short)
        #expect(tight.bundle(c).map(\.unit.index) == [pick])
    }

    /// A list picked whole by one of its items comes with the colon sentence that introduces it; a sentence before it
    /// that does not end in a colon, or one in another section, stays out.
    @Test(arguments: [
        ("Keep it away from these jobs:", 0, [0, 1, 2, 3]),
        ("It was released last spring.", 0, [1, 2, 3]),
        ("Keep it away from these jobs:", 1, [1, 2, 3]),
    ])
    func aWholeListBringsItsLeadIn(lead: String, leadSection: Int, expected: [Int]) {
        let units = [AnswerFixtures.unit(0, lead, section: leadSection),
                     AnswerFixtures.unit(1, "Long proofs in geometry.", list: true, section: 0),
                     AnswerFixtures.unit(2, "Current events after its cutoff.", list: true, section: 0),
                     AnswerFixtures.unit(3, "Precise arithmetic on large numbers.", list: true, section: 0)]
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["event": 1], wantsList: true),
                                  settings: .init())
        var c = AnswerFixtures.candidate(2, units[2].text, list: true)
        c.unit = units[2]
        #expect(sel.bundle(c).map(\.unit.index) == expected)
    }

    /// A sentence that points back at code comes with that code and the colon sentence that introduces it; one
    /// that points back at what cannot stand in an answer (a line of code written as a paragraph, with no full
    /// stop) cannot stand either.
    @Test func pointingBackAtCode() {
        let units = [AnswerFixtures.unit(0, "You can create the queue inactive instead:"),
                     AnswerFixtures.unit(1, "let q = Queue(label: \"q\", attributes: [.inactive])", code: true),
                     AnswerFixtures.unit(2, "That will allow you to change it until you activate it."),
                     AnswerFixtures.unit(3, "let other = Queue(label: \"other\")"),
                     AnswerFixtures.unit(4, "This keeps the queue's priority as well."),
                     AnswerFixtures.unit(5, "Queues run work items one at a time.", section: 1),
                     AnswerFixtures.unit(6, "This is what a serial queue means.", section: 1)]
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["queue": 1]), settings: .init())
        func bundle(_ i: Int) -> [Int] { var c = AnswerFixtures.candidate(i, units[i].text); c.unit = units[i]; return sel.bundle(c).map(\.unit.index) }
        #expect(bundle(2) == [0, 1, 2])
        #expect(bundle(4) == [])
        #expect(bundle(6) == [5, 6])
    }

    /// A colon's list ends with its section ("## References" is another section), and an item that is only a web
    /// address is no candidate.
    @Test func colonListsStayInTheirSection() {
        let units = [AnswerFixtures.unit(0, "To find the thinned size, do this:"),
                     AnswerFixtures.unit(1, "Export the archive for specific devices.", list: true),
                     AnswerFixtures.unit(2, "Open the size report in the output folder.", list: true),
                     AnswerFixtures.unit(3, "Apple's technical note on app size", list: true, section: 1),
                     AnswerFixtures.unit(4, "https://example.com/qa/qa1795", list: true, section: 1)]
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["size": 1]), settings: .init())
        var c = AnswerFixtures.candidate(0, units[0].text)
        c.unit = units[0]
        #expect(sel.bundle(c).map(\.unit.index) == [0, 1, 2])
        #expect(!CandidatePool.isEligible(units[4]) && !CandidatePool.isEligible(units[4], inList: true))
        #expect(CandidatePool.isEligible(units[3]))
    }

    /// Near-duplicates are skipped, the budget holds, and picks stop far below the best score.
    @Test func greedyWithinBudgetWithoutRepeats() {
        let texts = ["Actors protect mutable state from data races.", "Actors protect mutable state from data races too.",
                     "Sendable types cross actor boundaries safely.", "The weather was nice that day."]
        let units = texts.enumerated().map { AnswerFixtures.unit($0.offset, $0.element) }
        var settings = AnswerSelection.Settings()
        settings.budget = 40
        var sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["actor": 2, "state": 1]), settings: settings)
        sel.run([AnswerFixtures.candidate(0, texts[0], score: 3), AnswerFixtures.candidate(1, texts[1], score: 2.9),
                 AnswerFixtures.candidate(2, texts[2], score: 2), AnswerFixtures.candidate(3, texts[3], score: -5)])
        #expect(sel.picked.map(\.unit.index) == [0, 2])
    }
}

@Suite struct AnswerFeatureTests {
    /// Coverage is IDF-weighted; proximity is 1 for adjacent question terms.
    @Test(arguments: [
        ("Swift actors isolate state.", 1.0, 1.0),
        ("Actors are great.", 0.75, 0.0),
        ("Nothing relevant here.", 0.0, 0.0),
    ])
    func coverageAndProximity(_ text: String, _ coverage: Double, _ proximity: Double) {
        let p = AnswerFixtures.profile(["actor": 3, "swift": 1])
        let u = AnswerFixtures.unit(0, text)
        #expect(abs(p.coverage(u.terms) - coverage) < 1e-9)
        #expect(AnswerFeatures.proximity(u, p) == proximity)
    }

    /// Each answer-type cue fires only for its own kind of question.
    @Test(arguments: [
        (QuestionProfile.Kind.definition, "An actor is a reference type that isolates state.", "definition_cue"),
        (.why, "It crashes because the lock is held twice.", "why_cue"),
        (.factoid, "The limit is 4096 bytes.", "factoid_number"),
        (.howto, "Add the package to your manifest.", "howto_step"),
        // A limitation says what limits, what is required or what to avoid, as well as what cannot be done.
        (.limitation, "A 4,096 token context window (conversations have memory limits).", "limitation_cue"),
        (.limitation, "Newer devices are required to run the model.", "limitation_cue"),
        (.limitation, "Factories can be hard to understand at first sight.", "limitation_cue"),
        (.limitation, "Avoid these common mistakes.", "limitation_cue"),
    ])
    func answerTypeCues(_ kind: QuestionProfile.Kind, _ text: String, _ name: String) {
        let names = ["definition_cue", "howto_step", "howto_code", "factoid_number", "why_cue", "yesno_cue", "limitation_cue",
                     "comparison_both", "comparison_cue"]
        let u = AnswerFixtures.unit(0, text)
        let on = Cues.answerType(AnswerFixtures.profile(["x": 1], kind: kind), u, FoldedText(text))
        #expect(zip(names, on).filter { $0.1 == 1 }.map(\.0) == [name])
        let other: QuestionProfile.Kind = kind == .comparison ? .why : .comparison
        #expect(Cues.answerType(AnswerFixtures.profile(["x": 1], kind: other), u, FoldedText(text))[names.firstIndex(of: name)!] == 0)
    }

    /// Words written like code in prose: options, calls, dotted or underscored names, inner capitals, backticks.
    @Test(arguments: [
        ("Build with -Osize to favour size.", 1),
        ("Implement the validate() method and call ParsableCommand.main().", 2),
        ("Mark it with @MainActor and use `swift build`.", 2),
        ("Set snake_case keys on the decoder, then call decodeIfPresent.", 2),
        ("A plain sentence. With a full stop, and a comma.", 0),
    ])
    func codeWords(_ text: String, _ count: Int) {
        #expect(AnswerFeatures.codeWords(text) == count)
    }

    /// The question's share among a sentence's first four analysed words, where its subject stands; never in code.
    @Test(arguments: [
        ("The Send marker trait indicates that a value can move.", false, 1.0),
        ("A marker trait has no methods of its own, unlike Send.", false, 0.25),
        ("Types built only from other such types get it for free, and so does Send.", false, 0.0),
        ("send(trait)", true, 0.0),
    ])
    func subjectCoverage(_ text: String, _ code: Bool, _ share: Double) {
        let p = AnswerFixtures.profile(["send": 3, "trait": 1])
        let q = TermBits(p.terms, weights: p.idf, mass: p.mass)
        #expect(abs(AnswerFeatures.subjectCoverage(AnswerFixtures.unit(0, text, code: code), q) - share) < 1e-9)
    }

    /// The share of the question beyond the article's title: inside a licence titled "Apache License" every
    /// sentence says "Apache", so the one that holds "patent" covers what is left. Plain coverage when the title
    /// holds none of the question's terms, or all of them.
    @Test(arguments: [
        ("Licensed under the Apache License.", ["apach"], 0.0),
        ("Each contributor grants you a patent license.", ["apach"], 1.0),
        ("Apache grants a patent license.", ["apach"], 1.0),
        ("Each contributor grants you a patent license.", [], 0.5),
        ("Apache grants a patent license.", ["apach", "patent"], 1.0),
        ("Licensed under the Apache License.", ["apach", "patent"], 0.5),
    ] as [(String, [String], Double)])
    func untitledCoverage(_ text: String, _ title: [String], _ share: Double) {
        let p = AnswerFixtures.profile(["apach": 1, "patent": 1])
        let q = TermBits(p.terms, weights: p.idf, mass: p.mass)
        let own = q.mask(AnswerFixtures.unit(0, text).terms)
        #expect(abs(AnswerFeatures.untitledCoverage(own, title: q.mask(title), q) - share) < 1e-9)
    }

    /// A question term the sentence lacks but says in other words counts, by its IDF share; a term the sentence
    /// has itself, or a word that is no synonym, does not.
    @Test(arguments: [
        ("A fast sort runs in place.", 2.0 / 3),
        ("A quick sort runs in place.", 0.0),
        ("A slow sort runs in place.", 0.0),
        ("Fast and speedy sorting helps.", 2.0 / 3),
        ("Nothing here.", 0.0),
    ] as [(String, Double)])
    func synonymCoverage(_ text: String, _ share: Double) {
        let p = AnswerFixtures.profile(["quick": 2, "sort": 1])
        let q = TermBits(p.terms, weights: p.idf, mass: p.mass)
        let u = AnswerFixtures.unit(0, text)
        let bits = AnswerFeatures.synonymBits(u, own: q.mask(u.terms), [(q.mask(["quick"]), ["fast", "speedi"])])
        #expect(abs(q.share(bits) - share) < 1e-9)
    }

    /// After its article's best match of the question or not.
    @Test(arguments: [(5, 3, 1.0), (2, 3, 0.0), (3, 3, 0.0), (13, 3, 1.0)] as [(Int, Int, Double)])
    func afterMatch(_ index: Int, _ best: Int, _ expected: Double) {
        #expect(AnswerFeatures.afterMatch(AnswerFixtures.unit(index, "Some sentence here."), best: best) == expected)
        #expect(AnswerFeatures.afterMatch(AnswerFixtures.unit(index, "Some sentence here."), best: nil) == 0)
    }

    /// The best match is the article's candidate that covers most of the question, the first of equals.
    @Test func bestMatchIsPerArticle() {
        let units = [
            AnswerFixtures.unit(0, "Actors protect state."),
            AnswerFixtures.unit(1, "Actors protect mutable state from data races."),
            AnswerFixtures.unit(2, "Use them for caches."),
            AnswerFixtures.unit(3, "Actors protect mutable state from data races, again."),
        ]
        var pool = AnswerFixtures.pool(units)
        pool.candidates = units.map { AnswerCandidate(unit: $0, rank: 0, articleScore: 1, title: "T", inBestPassage: false, isTarget: false) }
        let a = AnswerFixtures.analyzer
        let p = AnswerFixtures.profile(Dictionary(uniqueKeysWithValues: a.terms("mutable data races").map { ($0, 1.0) }))
        AnswerFeatures.compute(&pool, profile: p, analyzer: a)
        let after = AnswerFeatures.names.firstIndex(of: "after_match")!
        #expect(pool.candidates.map { $0.features[after] } == [0, 0, 1, 1])
    }

    /// Another item of its list is no context of a list item (a digest's items are each about something else);
    /// its own other sentences and the prose that introduces the list are, and prose sees the items around it.
    @Test func aListItemsContextLeavesOutTheOtherItems() {
        var second = AnswerFixtures.unit(3, "It reads faster now.", list: true)
        second.block = 2
        let units = [
            AnswerFixtures.unit(0, "Here is what changed for actors:"),
            AnswerFixtures.unit(1, "Actors gained isolation checks.", list: true),
            AnswerFixtures.unit(2, "The package format moved.", list: true),
            second,
        ]
        var pool = AnswerFixtures.pool(units)
        pool.candidates = units.map { AnswerCandidate(unit: $0, rank: 0, articleScore: 1, title: "T", inBestPassage: false, isTarget: false) }
        let actor = AnswerFixtures.analyzer.terms("actors")[0]
        AnswerFeatures.compute(&pool, profile: AnswerFixtures.profile([actor: 3]), analyzer: AnswerFixtures.analyzer)
        func feature(_ i: Int, _ name: String) -> Double { pool.candidates[i].features[AnswerFeatures.names.firstIndex(of: name)!] }
        #expect(feature(0, "neighbour_coverage") == 1)
        #expect(feature(2, "neighbour_coverage") == 0)
        #expect(feature(2, "context_coverage") == 0)
        #expect(feature(2, "window_coverage") == 1)    // the introducing sentence, two back
        #expect(feature(3, "window_coverage") == 0)    // the other item, two back, is not
    }

    /// A question's neighbouring words found together in some candidate (`pair_share`), or nowhere
    /// together (`pairs_apart`), as a question over a topic the corpus lacks reads.
    @Test(arguments: [
        ("tree shaking of unused exports", ["Tree shaking drops unused exports from a bundle."], 1.0),
        ("tree shaking of unused exports", ["A tree of digests.", "Shaking is fun.", "Unused code exists.", "Exports live in modules."], 0.0),
        ("tree shaking of unused exports", ["Tree shaking keeps a module small.", "Exports nobody imports are dropped."], 1.0 / 3),
        ("actors", ["Actors isolate state."], 1.0),   // one term: no pair to find
    ])
    func pairsOfTheQuestionFoundTogether(question: String, sentences: [String], share: Double) {
        let a = AnswerFixtures.analyzer
        var seq = a.terms(question)
        var profile = AnswerFixtures.profile(Dictionary(seq.map { ($0, 1.0) }, uniquingKeysWith: { x, _ in x }))
        seq.removeAll { !profile.termSet.contains($0) }
        profile.sequence = seq
        let ranked = sentences.enumerated().map { AnswerFixtures.candidate($0.offset, $0.element) }
        #expect(abs(Evidence.pairShare(profile, ranked) - share) < 1e-9)
    }

    @Test func featureNamesAreUniqueAndEvidenceNamesKnown() {
        #expect(Set(AnswerFeatures.names).count == AnswerFeatures.names.count)
        #expect(Set(Evidence.names).count == Evidence.names.count)
    }
}

@Suite struct AnswerModelTests {
    @Test func weightsFollowTheirNames() throws {
        let json = try MiniJSON.parse("""
        {"sentence": {"features": ["log_words", "coverage"], "weights": [1, 2], "bias": 0.5, "mean": [0, 0.5], "scale": [1, 0.5]},
         "abstain": {"features": ["best_logit"], "weights": [1], "bias": 0, "threshold": 0.4}, "selection": {"budget_words": 90},
         "summary": {"lead_boost": 2}}
        """)
        let m = try AnswerModel.parse(json, path: "m.json")
        var x = Array(repeating: 0.0, count: AnswerFeatures.names.count)
        x[AnswerFeatures.names.firstIndex(of: "coverage")!] = 1
        x[AnswerFeatures.names.firstIndex(of: "log_words")!] = 0.25
        #expect(abs(m.sentence.logit(x) - (0.5 + 0.25 + 2 * (1 - 0.5) / 0.5)) < 1e-9)
        #expect(m.threshold == 0.4)
        #expect(m.setting("budget_words", 0) == 90 && m.setting("missing", 7) == 7)
        #expect(m.summarySetting("lead_boost", 1) == 2 && m.summarySetting("budget_words", 3) == 3)
    }

    @Test func aModelNamingAnUnknownFeatureFailsToLoad() throws {
        let json = try MiniJSON.parse("""
        {"sentence": {"features": ["no_such_feature"], "weights": [1]}, "abstain": {"features": [], "weights": []}}
        """)
        #expect(throws: PromptError.self) { try AnswerModel.parse(json, path: "m.json") }
    }

    @Test func theShippedModelLoadsAndAbstainsOnNoEvidence() throws {
        let m = SeedAssistant.shared.prompts.answerModel
        #expect(m.sentence.weights.contains { $0 != 0 })
        var none = Array(repeating: 0.0, count: Evidence.names.count)
        none[0] = -10; none[1] = -10
        none[Evidence.names.firstIndex(of: "unknown_mass_share")!] = 1
        none[Evidence.names.firstIndex(of: "unknown_word_share")!] = 1
        #expect(LinearModel.sigmoid(m.abstain.logit(none)) < m.threshold)
    }
}

@Suite struct SummaryRuleTests {
    /// Key points are the headings that say something: no navigation, boilerplate, repeats or the title again.
    @Test func keyPointsSkipNavigationAndBoilerplate() {
        let headings = ["Table of Contents", "Why actors exist", "Conclusion", "Why actors exist", "Actors in Swift", "In this post",
                        "Reentrancy pitfalls", "Wrapping up"]
        #expect(Summarizer.keyPoints(headings, title: "Actors in Swift") == ["Why actors exist", "Reentrancy pitfalls"])
        // A manual's numbered heading is the title again; other numbered headings stay.
        #expect(Summarizer.keyPoints(["2.5 The Closure API", "2.5.1 Closure Example", "4. Conclusion"], title: "The Closure API")
                == ["2.5.1 Closure Example"])
        // A manual page's section labels and admonitions say nothing of the page.
        #expect(Summarizer.keyPoints(["Name", "SYNOPSIS", "Description", "OPTIONS", "Important", "Note", "Output formats"], title: "grind")
                == ["Output formats"])
        // A signature broken over headings leaves pieces that end in a comma.
        #expect(Summarizer.keyPoints(["impl<T> Mill<T>", "where T: Grit,", "pub fn grind(&self)"], title: "Mill") == ["impl<T> Mill<T>", "pub fn grind(&self)"])
    }

    /// A summary quotes what the article says, not where to read more.
    @Test(arguments: [
        ("See the module-level documentation for more.", true), ("For more information, see the mill guide.", true),
        ("For more details, see the next page.", true), ("The mill grinds stones into grit.", false),
        ("If the grit is unclear, ask the miller for more information.", false),
    ])
    func pointersAreNoSummary(text: String, pointer: Bool) {
        #expect(Cues.isBoilerplate(text) == pointer, "\(text)")
    }

    /// The key points are one level of the outline: the shallowest where three sections have no subsections, with the
    /// shallower sections that have none beside it. Headings that only gather others give way to the level below.
    @Test(arguments: [
        // A release post: two container headings over the features, a closing section.
        ([("What's in this release", 3), ("Faster builds", 4), ("Typed errors", 4), ("Other changes", 3), ("Language", 4),
          ("Library", 4), ("Thanks", 3)],
         ["Faster builds", "Typed errors", "Language", "Library", "Thanks"]),
        // Sections, one with subsections: the sections; the subsections are left out.
        ([("Setup", 2), ("On Linux", 3), ("On macOS", 3), ("Flags", 3), ("Usage", 2), ("Limits", 2), ("Errors", 2)],
         ["Setup", "Usage", "Limits", "Errors"]),
        // No level with three sections without subsections: every heading, in order.
        ([("Setup", 2), ("On Linux", 3), ("Usage", 2)], ["Setup", "On Linux", "Usage"]),
        // Boilerplate does not count.
        ([("Introduction", 2), ("Design", 2), ("Parsing", 3), ("Ranking", 3), ("Output", 3), ("Conclusion", 2), ("Specifications", 2)],
         ["Parsing", "Ranking", "Output"]),
    ] as [([(String, Int)], [String])])
    func keyPointsFollowTheOutline(outline: [(String, Int)], expected: [String]) {
        #expect(Summarizer.keyPoints(outline.map { (text: $0.0, level: $0.1) }, title: "A post") == expected)
    }

    /// A summary's sentences come from the same candidates as answers: no feed footer, caption or cut-off line.
    @Test func summarySentencesStandOnTheirOwn() throws {
        let assistant = SeedAssistant.shared
        let summarizer = Summarizer(assistant: assistant)
        let units = [
            AnswerFixtures.unit(0, "Actors protect their mutable state from data races in concurrent code."),
            AnswerFixtures.unit(1, "The post Actors in Swift appeared first on Example Blog."),
            AnswerFixtures.unit(2, "Diagram of actor isolation boundaries"),
            AnswerFixtures.unit(3, "Every call into an actor from outside is asynchronous and must be awaited by callers."),
            AnswerFixtures.unit(4, "A unit test is an automated test that"),
            AnswerFixtures.unit(5, "Thanks for reading, and follow me on Mastodon for more."),
        ]
        let picked = summarizer.central(units, title: "Actors in Swift", n: 4)
        #expect(picked.map(\.index) == [0, 3])
    }

    /// An article made of lists (release notes, a changelog) is summarised from its items' sentences; an article
    /// with prose of its own is summarised from that prose.
    @Test func listMadeArticlesAreSummarisedFromTheirItems() throws {
        let summarizer = Summarizer(assistant: SeedAssistant.shared)
        let notes = [
            AnswerFixtures.unit(0, "Speed, Internal Cleanups, Build Support etc."),
            AnswerFixtures.unit(1, "The grinder learned a new option that stops a run halfway through.", list: true),
            AnswerFixtures.unit(2, "The mill now reads its settings from a file in the home directory.", list: true),
            AnswerFixtures.unit(3, "Stone dust", list: true),
            AnswerFixtures.unit(4, "The sieve no longer crashes when its mesh size is zero.", list: true),
        ]
        #expect(summarizer.central(notes, title: "Mill 2.3", n: 4).map(\.index) == [1, 2, 4])
        let post = [
            AnswerFixtures.unit(0, "Mills grind grain between two stones, one turning above the other."),
            AnswerFixtures.unit(1, "A miller sets the gap between the stones to choose the flour's grain."),
            AnswerFixtures.unit(2, "Water wheels and wind sails turned the upper stone for centuries."),
            AnswerFixtures.unit(3, "The grinder learned a new option that stops a run halfway through.", list: true),
        ]
        #expect(summarizer.central(post, title: "How mills work", n: 3).map(\.index) == [0, 1, 2])
    }

    /// A summary opens with the article's lead, even when later sentences repeat the title's words more.
    @Test func summaryOpensWithTheLead() throws {
        let summarizer = Summarizer(assistant: SeedAssistant.shared)
        let units = [
            AnswerFixtures.unit(0, "Last spring our team had to clean up years of unused localization keys in a large app."),
            AnswerFixtures.unit(1, "Actors in Swift make actors safe, and actors in Swift isolate actor state for actors."),
            AnswerFixtures.unit(2, "Swift actors serialise access to their state, so Swift actors avoid data races."),
            AnswerFixtures.unit(3, "Actors in Swift are reference types whose methods run one at a time."),
        ]
        let picked = summarizer.central(units, title: "Actors in Swift", n: 2)
        #expect(picked.first?.index == 0 && picked.count == 2)
    }

    /// Where the article stands in a series is no lead, and where it was published before is in no summary.
    @Test func aSummaryOpensAfterTheNotices() throws {
        let summarizer = Summarizer(assistant: SeedAssistant.shared)
        let units = [
            AnswerFixtures.unit(0, "This is the third part of a series on Swift concurrency!"),
            AnswerFixtures.unit(1, "Actors serialise access to their state so that callers never race on it."),
            AnswerFixtures.unit(2, "This article was originally published on my personal blog last winter."),
            AnswerFixtures.unit(3, "Every call into an actor from outside is asynchronous and must be awaited."),
        ]
        let picked = summarizer.central(units, title: "Actors in Swift", n: 3)
        #expect(picked.first?.index == 1 && !picked.contains { $0.index == 2 }, "\(picked.map(\.index))")
    }

    @Test(arguments: [
        ("This is the first post of a series about design patterns!", true), ("Welcome to the next episode in our series of podcast notes.", true),
        ("This post is the last article of the series on testing.", true), ("The first part of the function validates input.", false),
        ("In the next section we look at actors.", false), ("A series of posts on Combine became a book.", false),
    ])
    func seriesNotices(text: String, expected: Bool) {
        #expect(Cues.isSeriesNotice(text) == expected, "\(text)")
    }
}

/// A summary's key points, when the article has no headings, come from its prose: API names the text
/// discusses, not the variables of its code, whether the code kept its lines or was flattened into prose.
@Suite struct KeyPointTermsTests {
    @Test func proseTermsNotCodeVariables() {
        let assistant = SeedAssistant.shared
        let article = Article(id: "k", title: "Per-thread slots", source: "k.txt", line: 1, blocks: [
            Block(.paragraph, "Each thread reserves a slot with SlotAlloc and reads it back with SlotRead."),
            Block(.paragraph, "Release the slot with SlotFree once SlotRead is no longer needed, since SlotAlloc slots are few."),
            Block(.code(language: "c"), "slotBuffer = SlotRead(idx); slotBuffer = SlotRead(idx); slotBuffer = SlotRead(idx);"),
            Block(.paragraph, "VOID workerMain(VOID) { LPVOID workerData; workerData = SlotRead(idx); workerData = 0; }"),
        ])
        let all = KeyTerms.extract(from: article, analyzer: assistant.analyzer, searcher: assistant.searcher)
        let prose = KeyTerms.extract(from: article, analyzer: assistant.analyzer, searcher: assistant.searcher, proseOnly: true)
        #expect(all.contains("`slotBuffer`") && all.contains("`workerData`"), "\(all)")
        #expect(Set(prose) == ["`SlotAlloc`", "`SlotRead`", "`SlotFree`"], "\(prose)")
    }

    /// The capitalised word after an entry's term ("EBUSY: Indicates…", "f (x) — Frees…") starts its meaning, as a
    /// sentence's first word does: it is no name. A name after a colon mid-sentence still is one.
    @Test func wordsAfterAnEntrysTermAreNoNames() {
        let assistant = SeedAssistant.shared
        let article = Article(id: "e", title: "Error codes", source: "e.txt", line: 1, blocks: [
            Block(.listItem, "EBUSY: Indicates that the device is busy."), Block(.listItem, "EAGAIN: Indicates that no data is ready."),
            Block(.listItem, "Function: int grind (int x) — Allocates a grinder for Xylophone tunes."),
            Block(.listItem, "Function: void mill (int x) — Allocates a mill, as Xylophone does."),
        ])
        let terms = KeyTerms.extract(from: article, analyzer: assistant.analyzer, searcher: assistant.searcher, proseOnly: true)
        #expect(!terms.contains("Indicates") && !terms.contains("Allocates") && terms.contains("Xylophone"), "\(terms)")
    }

    @Test(arguments: [
        ("slot.Finally", true), ("render.Thanks", true), ("widgetThen", true), ("UI.However", true), ("pagesOne", true),
        ("strings.Builder", true), ("URLSession.shared", false), ("Task.sleep", false), ("Foundation.Data", false),
        ("viewWillAppear", false), ("DispatchQueue", false), ("iOS", false), ("Thanks", false), ("e.G", false),
    ])
    func gluedWords(word: String, glued: Bool) {
        #expect(KeyTerms.glued(word) == glued, "\(word)")
    }

    /// For a summary, a name the article mentions once (its sign-off's) and two words glued by a lost space are not
    /// key terms, while code named once is; nor is a word most of the corpus's articles use ("Swift" in the seeds).
    @Test func summaryKeyTermsAreNamedMoreThanOnceAndNotEverywhere() {
        let assistant = SeedAssistant.shared
        let article = Article(id: "m", title: "Slot pools", source: "m.txt", line: 1, blocks: [
            Block(.paragraph, "Each Swift worker takes a slot from the Quillpool with takeSlot, and Swift returns it later."),
            Block(.paragraph, "A Quillpool never grows, i.e. size it once at launch.Finally a word from Marguerite, our editor."),
        ])
        let loose = KeyTerms.extract(from: article, analyzer: assistant.analyzer, searcher: assistant.searcher, proseOnly: true)
        #expect(Set(loose) == ["Quillpool", "`takeSlot`", "Marguerite", "`launch.Finally`", "Swift"], "\(loose)")
        let strict = KeyTerms.extract(from: article, analyzer: assistant.analyzer, searcher: assistant.searcher, proseOnly: true,
                                      minMentions: 2, maxArticleShare: 0.5)
        #expect(strict == ["Quillpool", "`takeSlot`"], "\(strict)")
    }
}

/// Which unknown question terms are Japanese grammar rather than a topic the corpus lacks.
@Suite struct KanaJointTests {
    @Test(arguments: [
        ("しま", true), ("ーは", true), ("つ完", true), ("か", true),
        ("完成", false), ("タワ", false), ("长城", false), ("swift", false), ("すしや", false),
    ])
    func kanaJoint(term: String, joint: Bool) {
        #expect(QuestionProfile.isKanaJoint(term) == joint)
    }
}

/// Numbers and number words a corpus never writes are no topic it lacks ("ten days ago"); the analysed forms count.
@Suite struct CountTermTests {
    @Test(arguments: [("10", true), ("3.5", true), ("ten", true), ("twenti", true), ("dozen", true),
                      ("tenant", false), ("io", false), ("swift6", false), ("reply", false)])
    func count(term: String, isCount: Bool) {
        #expect(QuestionProfile.isCount(term) == isCount)
    }

    /// Through the analyzer, as question terms are: "twenty" stems to one of the words.
    @Test func analysedNumberWords() {
        let terms = AnswerFixtures.analyzer.terms("ten twenty twelve hundred")
        #expect(terms.allSatisfy(QuestionProfile.isCount), "\(terms)")
    }
}

/// Run-in headings in capitals, as structured abstracts write them, start a section; acronyms do not.
@Suite struct RunInLabelTests {
    @Test(arguments: [
        ("CONCLUSIONS In this large trial, neither vitamin lowered the risk.", "CONCLUSIONS", "In this large trial, neither vitamin lowered the risk."),
        ("METHODS AND RESULTS: We measured it twice.", "METHODS AND RESULTS", "We measured it twice."),
        ("BACKGROUND A third of patients relapse.", "BACKGROUND", "A third of patients relapse."),
        ("DESIGN, SETTING, AND PARTICIPANTS Observational cohort study of adults.", "DESIGN, SETTING, AND PARTICIPANTS",
         "Observational cohort study of adults."),
        ("OBJECTIVE 2,000 adults were followed for a decade.", "OBJECTIVE", "2,000 adults were followed for a decade."),
    ])
    func labels(_ sentence: String, label: String, rest: String) throws {
        let split = try #require(SentenceUnits.runInLabel(sentence))
        #expect(split.label == label && split.rest == rest)
    }

    @Test(arguments: [
        "NASA Launches a new probe today.", "API Design Guidelines are published.", "SWIFT is a messaging network.",
        "WARNING DO NOT USE THIS.", "RESULTS", "CONCLUSIONS Yes.", "An ordinary sentence with NASA in it.",
    ])
    func notLabels(_ sentence: String) {
        #expect(SentenceUnits.runInLabel(sentence) == nil)
    }
}

/// A block that opens with a short label and its stop (a bold term) reads that label with its first sentence.
@Suite struct RunInLeadTests {
    @Test(arguments: [
        (["Rowid lookup.", "The row is read by its key.", "It is fast."], ["Rowid lookup. The row is read by its key.", "It is fast."]),
        (["Yes.", "A queue can hold any value."], ["Yes.", "A queue can hold any value."]),
        // A lead of one word or of four is a sentence of its own; so is one that asks, or the only sentence of its block.
        (["The queue is full.", "Writers wait."], ["The queue is full.", "Writers wait."]),
        (["Every queue has a lock.", "Writers wait."], ["Every queue has a lock.", "Writers wait."]),
        (["Why a lock?", "Two writers would collide."], ["Why a lock?", "Two writers would collide."]),
        (["This crashes.", "The index is out of range."], ["This crashes.", "The index is out of range."]),
        (["It works.", "Writers wait."], ["It works.", "Writers wait."]),
        (["Nothing is lost.", "Writers wait."], ["Nothing is lost.", "Writers wait."]),
        (["Linear scan."], ["Linear scan."]),
        (["Done.", "It was measured twice."], ["Done.", "It was measured twice."]),
        (["e.g.", "a queue of jobs."], ["e.g.", "a queue of jobs."]),
    ])
    func joins(_ sentences: [String], expected: [String]) {
        #expect(SentenceUnits.withRunInLead(sentences) == expected)
    }

    @Test func aBoldTermInAListItemIsNoSentenceOfItsOwn() {
        let units = AnswerFixtures.units([Block(.listItem, "Full scan. The whole table is read, row by row."), Block(.paragraph, "Then it stops.")])
        #expect(units.map(\.text) == ["Full scan. The whole table is read, row by row.", "Then it stops."])
    }
}

/// A sentence that announces what follows with a full stop is written as the colon sentence it is, so that it
/// comes with its list or code or is left out.
@Suite struct AnnouncingSentenceTests {
    @Test(arguments: [
        ("The following flags change how the archive is written.", true),
        ("Three ways to open the file are listed below.", true),
        ("The steps are as follows.", true),
        ("Each mode does the following.", true),
        ("The following is true of every lock.", true),
        ("Following the release, the team fixed two bugs.", false),
        ("The cache is flushed below a threshold of 10 MB.", false),   // "below" not at the end
        ("The value shown below…", false),
        ("Which flags are listed below?", false),
        ("The following flags change how the archive is written:", false),   // already a colon sentence
    ])
    func announces(_ sentence: String, _ expected: Bool) {
        #expect(SentenceUnits.announcesWhatFollows(sentence) == expected)
    }

    @Test func itIsWrittenWithAColonAndAListItemIsNot() {
        let units = AnswerFixtures.units([
            Block(.paragraph, "A lock has an owner. The following table lists the lock modes."),
            Block(.listItem, "The following item ends with a stop."),
            Block(.paragraph, "Shared lets many readers in."),
        ], title: "Locks", source: "t.html")
        #expect(units.map(\.text) == ["A lock has an owner.", "The following table lists the lock modes:",
                                      "The following item ends with a stop.", "Shared lets many readers in."])
    }
}

/// A two-cell table row of a term and its meaning reads as a glossary line; other rows stay rows (and no
/// answer quotes them).
@Suite struct GlossaryRowTests {
    @Test(arguments: [
        ("ENOBUFS | Indicates that no buffer space is available.", "ENOBUFS: Indicates that no buffer space is available."),
        ("--dry-run | Prints what would change without changing it.", "--dry-run: Prints what would change without changing it."),
        ("Max depth | The deepest nesting the parser follows.", "Max depth: The deepest nesting the parser follows."),
    ])
    func glossaryLines(_ row: String, expected: String) {
        #expect(SentenceUnits.glossaryRow(row) == expected)
    }

    @Test(arguments: [
        "4.1. | My program uses the standard library's string classes.",   // a numbered question, not a term
        "Name | Type | Default", "Constant | Description", "Linear | 0.25 ms | 1.5 ms",
        "A whole sentence as the first cell. | And another one here.", "No cells at all in this paragraph.",
    ])
    func otherRows(_ row: String) {
        #expect(SentenceUnits.glossaryRow(row) == nil)
    }

    /// Its term is not taken for a run-in heading in capitals, as "RESULTS We found…" is.
    @Test func theTermStaysWithItsMeaning() {
        let units = AnswerFixtures.units([Block(.paragraph, "EAGAIN | Indicates that there is no data available and to try again later."),
                                          Block(.paragraph, "EINTR | Indicates that a signal interrupted the call.")],
                                         title: "Errors", source: "t.html")
        #expect(units.map(\.text) == ["EAGAIN: Indicates that there is no data available and to try again later.",
                                      "EINTR: Indicates that a signal interrupted the call."])
    }
}

/// A feed's footer ("The post <title> appeared first on <site>.") gives no sentence, even where its title has a "?".
@Suite struct FeedFooterTests {
    @Test func footerIsNoText() {
        let units = AnswerFixtures.units([
            Block(.paragraph, "Actor isolation protects your state."),
            Block(.paragraph, "The post Debugging: “Am I on the Main Actor?” (Not the Main Thread) appeared first on Example Site."),
            Block(.paragraph, "The post office opens at nine."),
        ], title: "Main actor", source: "t.xml")
        #expect(units.map(\.text) == ["Actor isolation protects your state.", "The post office opens at nine."])
    }
}

/// A record whose text opens with its own title (abstract collections repeat it) gives that line no
/// sentence: it is a heading, and an answer would quote it as one. A sentence that only shares words stays.
@Suite struct RepeatedTitleTests {
    @Test(arguments: [
        ("Heat flow in layered slabs", "heat flow in layered slabs . The slabs were cooled on one face only."),
        ("On Drag, and Lift", "On drag and lift. The slabs were cooled on one face only."),
        ("Notes on cooling", "The slabs were cooled on one face only. Notes on cooling."),
    ])
    func titleLineIsNoSentence(_ title: String, text: String) {
        let units = AnswerFixtures.units([Block(.paragraph, text)], title: title, source: "t.jsonl")
        #expect(units.map(\.text) == ["The slabs were cooled on one face only."])
    }

    @Test func sentenceSharingTheTitleWordsStays() {
        let units = AnswerFixtures.units([Block(.paragraph, "Heat flow in layered slabs is slow. It was measured twice.")],
                                         title: "Heat flow in layered slabs", source: "t.jsonl")
        #expect(units.count == 2)
    }

    /// A one-word title may well be a sentence's only word ("Summary."); it is left alone.
    @Test func oneWordTitleIsNotMatched() {
        #expect(SentenceUnits.comparable("On Drag, and Lift .") == "on drag and lift")
        let units = AnswerFixtures.units([Block(.paragraph, "Done. It was measured twice.")], title: "Done", source: "t.txt")
        #expect(units.map(\.text).first == "Done.")
    }
}

/// "What does EAGAIN mean?": the verb asking for a meaning is not a term of the question.
@Suite struct MeaningVerbTests {
    @Test(arguments: [
        ("What does EAGAIN mean?", "What does EAGAIN?"),
        ("what do the status flags stand for?", "what do the status flags?"),
        ("What does a still reachable block mean", "What does a still reachable block"),
        ("What’s ENOBUFS mean?", "What’s ENOBUFS?"),
        ("What's the mean?", "What's the mean?"),
        ("What is the mean of the samples?", "What is the mean of the samples?"),
        ("What does the mean tell us?", "What does the mean tell us?"),
        ("How do I mean?", "How do I mean?"),
    ])
    func verbDropped(_ question: String, expected: String) {
        #expect(QuestionProfile.withoutMeaningVerb(question) == expected)
    }

    /// "matter" as a verb ("why does it matter?") is the question's shape; as a noun ("dark matter") it is a topic.
    @Test(arguments: [
        ("What is the new resolver and why does it matter?", "What is the new resolver and why does it?"),
        ("Does the order of the flags matter?", "Does the order of the flags?"),
        ("Why it matters for caching", "Why it for caching"),
        ("What is dark matter?", "What is dark matter?"),
        ("Is it a matter of taste?", "Is it a matter of taste?"),
        ("How do I sort, no matter the case?", "How do I sort, no matter the case?"),
        ("Which matters more, speed or size?", "Which more, speed or size?"),
    ])
    func matterVerbDropped(_ question: String, expected: String) {
        #expect(QuestionProfile.withoutMatterVerb(question) == expected)
    }

    /// A comparison's own words are no search terms: "compare", "difference", "versus" find any text that compares.
    @Test(arguments: [
        ("How does that compare to the cache helper?", "How does that to the cache helper?"),
        ("What's the difference between fold and fold_left?", "What's the between fold and fold_left?"),
        ("Tabs versus spaces: which is different?", "Tabs spaces: which is"),
        ("Is a stash a commit?", "Is a stash a commit?"),
    ])
    func comparisonFrameDropped(_ question: String, expected: String) {
        #expect(QuestionProfile.withoutComparisonFrame(question) == expected)
    }

    /// The term of a reference entry, before " — " or a short ": "; prose has none.
    @Test(arguments: [
        ("--nonet: Do not use the network.", "--nonet"),
        ("Function: int f (int x) — Frees x.", "Function: int f (int x)"),
        ("EAGAIN: Indicates that no data is available.", "EAGAIN"),
        ("Note that this is long. Then: more.", nil),
        ("Swift 5.9 added macros, which the compiler expands at build time: a big change.", nil),
        ("Plain prose with no entry at all.", nil),
        // A clause before the dash is a sentence with an aside, no entry.
        ("Actor isolation is what protects your code — not threads.", nil),
        ("--history-level=none|approx|full [default: full] — Sets how much history is kept.", "--history-level=none|approx|full [default: full]"),
    ] as [(String, String?)])
    func entryTerms(_ text: String, expected: String?) {
        #expect(Cues.entryTerm(text).map(String.init) == expected)
    }

    /// A lookup takes the entry whose term holds most of the question, leads with it and keeps only what mentions
    /// the term; an entry whose term holds a small part of the question ("--show-reachable=<yes|no>: …" for a
    /// question about still reachable blocks) is no lookup.
    @Test(arguments: [
        (["reachabl": 3], "reachabl", [1, 0, 2]),
        (["reachabl": 3, "still": 2, "block": 2], "reachabl", nil),
        (["show": 1, "reachabl": 3], "reachabl", [1, 0, 2]),
        (["lost": 1, "option": 1], "lost", nil),
        (["lost": 1, "show": 1, "option": 5], "lost", [3]),
    ] as [([String: Double], String, [Int]?)])
    func lookups(_ terms: [String: Double], subject: String, expected: [Int]?) {
        let texts = ["Blocks still reachable at exit are listed at the end.", "--show-reachable=<yes|no>: Lists the reachable blocks.",
                     "Reachable blocks are common.", "--show-lost: Lists the lost blocks."]
        let ranked = texts.enumerated().map { AnswerFixtures.candidate($0.offset, $0.element, score: 5 - Double($0.offset),
                                                                       list: $0.element.hasPrefix("--")) }
        let profile = AnswerFixtures.profile(terms, text: "Which option is it?")
        let out = AnswerComposer.lookedUp(subject, profile: profile, ranked: ranked, minRatio: 0.05, analyzer: AnswerFixtures.analyzer)
        #expect(out.map { $0.map(\.unit.index) } == expected)
        // Not asked as an option, an option is no entry.
        if expected != nil {
            #expect(AnswerComposer.lookedUp(subject, profile: AnswerFixtures.profile(terms), ranked: ranked, minRatio: 0.05, analyzer: AnswerFixtures.analyzer) == nil)
        }
        if let first = out?.first { #expect(first.score > ranked[0].score) }
    }

    /// X is a word of an entry's term, not a part of an identifier there: "QUILL_MAX_DEPTH: …" is no entry for a question
    /// about quill, and "quill_max_depth" asked in so many words has it.
    @Test(arguments: [(["quill": 3, "option": 1], "quill", nil), (["quill_max_depth": 3], "quill_max_depth", [0])] as [([String: Double], String, [Int]?)])
    func anEntryIsNamedByAWholeWord(_ terms: [String: Double], subject: String, expected: [Int]?) {
        let texts = ["QUILL_MAX_DEPTH: The deepest level a quill_max_depth setting allows.", "Quill reads its options at start."]
        let ranked = texts.enumerated().map { AnswerFixtures.candidate($0.offset, $0.element, score: 5 - Double($0.offset), list: $0.offset == 0) }
        let out = AnswerComposer.lookedUp(subject, profile: AnswerFixtures.profile(terms), ranked: ranked, minRatio: 0.05, analyzer: AnswerFixtures.analyzer)
        #expect(out.map { $0.map(\.unit.index) } == expected)
    }

    /// X is the term's name, not one of its bracketed arguments: "pop [--index] [<stash>]: …" is the entry of pop, no
    /// entry for a question about stash.
    @Test(arguments: [(["stash": 3], "stash", nil), (["pop": 3], "pop", [0]), (["push": 3], "push", [1])] as [([String: Double], String, [Int]?)])
    func anEntryIsNamedByItsNameNotItsArguments(_ terms: [String: Double], subject: String, expected: [Int]?) {
        let texts = ["pop [--index] [-q|--quiet] [<stash>]: Remove a single stashed state from the stash list.",
                     "push [<message>]: Save your local modifications to a new stash entry."]
        let ranked = texts.enumerated().map { AnswerFixtures.candidate($0.offset, $0.element, score: 5 - Double($0.offset), list: true) }
        let out = AnswerComposer.lookedUp(subject, profile: AnswerFixtures.profile(terms), ranked: ranked, minRatio: 0.05, analyzer: AnswerFixtures.analyzer)
        #expect(out?.first.map { [$0.unit.index] } == expected)
        #expect(AnswerComposer.withoutArguments("pop [--index] [-q|--quiet] [<stash>]") == "pop   ")
        #expect(AnswerComposer.withoutArguments("--show-reachable=<yes|no>") == "--show-reachable=")
    }

    /// An option is the entry of a question that writes it with its dashes or calls it an option: "what is a
    /// detached HEAD?" asks about no "--detach".
    @Test(arguments: [
        ("What does --nonet do?", "--nonet", true),
        ("what does the -l option do in bc?", "-l", true),
        ("which flag makes it quiet?", "-q, --quiet", true),
        ("and --NOOUT?", "--noout", true),
        ("what is a detached HEAD?", "--detach", false),
        ("what is massif?", "--massif-out-file=<file>", false),
    ] as [(String, Substring, Bool)])
    func anOptionIsNamedAsOne(_ question: String, _ term: Substring, _ expected: Bool) {
        #expect(AnswerComposer.namesOption(question, term) == expected)
    }

    /// In an article about X, an option that only has X in its name is no entry for X ("--massif-out-file=<file>: …" in
    /// "Massif: a heap profiler"); the same option in another article is, asked as an option, and so is an entry
    /// named X alone.
    @Test(arguments: [("Massif: a heap profiler", nil), ("Valgrind's options", [0])] as [(String, [Int]?)])
    func anOptionNamedAfterTheArticlesSubjectIsNoEntryForIt(_ title: String, expected: [Int]?) {
        var ranked = ["--massif-out-file=<file>: Write the profile data to file.", "Massif measures how much heap memory a program uses."]
            .enumerated().map { AnswerFixtures.candidate($0.offset, $0.element, score: 5 - Double($0.offset), list: $0.offset == 0) }
        for i in ranked.indices { ranked[i].title = title }
        let lookup = { AnswerComposer.lookedUp("massif", profile: AnswerFixtures.profile(["massif": 3], text: "Which massif option?"), ranked: $0, minRatio: 0.05,
                                               analyzer: AnswerFixtures.analyzer) }
        #expect(lookup(ranked)?.first.map { [$0.unit.index] } == expected)
        var named = AnswerFixtures.candidate(0, "Massif: A heap profiler that measures heap memory.", score: 5, list: true)
        named.title = "Massif: a heap profiler"
        #expect(lookup([named])?.first?.unit.index == 0)
    }

    /// In prose only a short glossary line is an entry; in a list any "term: meaning" or "term — meaning" is,
    /// unless its meaning is only a web address.
    @Test(arguments: [
        ("EAGAIN: Indicates that no data is available.", false, "EAGAIN"),
        ("You can create your own actor — and use the same methods:", false, nil),
        ("You can create your own actor — and use the same methods:", true, "You can create your own actor"),
        ("The answer is simple: use a lock.", false, nil),
        ("Main thread: runs the user interface.", false, nil),
        ("--nonet: do not use the network.", true, "--nonet"),
        ("Ferrule Runtime: https://example.org/ferrule-runtime", true, nil),
        ("Ferrule Runtime: the library at https://example.org/ferrule-runtime", true, "Ferrule Runtime"),
    ] as [(String, Bool, String?)])
    func entriesOfUnits(_ text: String, list: Bool, expected: String?) {
        #expect(Cues.entryTerm(AnswerFixtures.unit(0, text, list: list)).map(String.init) == expected)
    }

    /// "Which/what", a plural noun within three words, then the verb: a question that wants a list.
    @Test(arguments: [
        ("Which features are missing from the library?", true),
        ("What file formats can it read?", true),
        ("Which mobile phone models does it run on?", true),
        ("Which databases were supported in the first release?", true),
        ("What makes a template helpful?", false),
        ("What is the default port?", false),
        ("Which one is faster?", false),
        ("What happens when the cache is full?", false),
        ("What process does the daemon start?", false),
        ("How do I list the files?", false),
        // "What are" with a determiner and a plural within three words.
        ("What are its main drawbacks?", true),
        ("what are the benefits of a lock file?", true),
        ("What are closures?", false),
        ("What are the status codes for redirects?", true),
        ("What are the basics?", true),
        ("What are the rules of the analysis?", true),
        ("What are the class and the struct for?", false),
    ])
    func listQuestions(_ question: String, expected: Bool) {
        #expect(QuestionProfile.asksForList(question) == expected)
    }
}

/// Reference marks of papers and encyclopaedias leave a sentence before it can be a candidate; subscripts stay.
@Suite struct ReferenceMarkTests {
    @Test(arguments: [
        ("Diseases such as lymphatic filariasis [2].", "Diseases such as lymphatic filariasis."),
        ("Control could succeed in some areas [2–8], and soon [9].", "Control could succeed in some areas, and soon."),
        ("It was first described in 1921 [3, 4][5] by two teams.", "It was first described in 1921 by two teams."),
        ("The river floods each spring.[12]", "The river floods each spring."),
        ("Its origin is disputed [citation needed].", "Its origin is disputed."),
        ("[1] Opening mark.", "Opening mark."),
        ("Read values[0] and values[1] in a loop.", "Read values[0] and values[1] in a loop."),
        ("Pass [x, y] as the pair.", "Pass [x, y] as the pair."),
        // A value in brackets is no mark: references count from 1, in order.
        ("On Windows, the return value is always [0, 0, 0].", "On Windows, the return value is always [0, 0, 0]."),
        ("The offsets come back as [8, 4] here.", "The offsets come back as [8, 4] here."),
        ("Two trials agreed [4, 11–13].", "Two trials agreed."),
        ("The key is [12345678901234567890123456789012345678].", "The key is [12345678901234567890123456789012345678]."),
        ("No marks here.", "No marks here."),
    ])
    func stripped(_ sentence: String, expected: String) {
        #expect(SentenceUnits.withoutReferenceMarks(sentence) == expected)
    }
}

/// An editor's note wholly in brackets loses them before it is split into sentences; other brackets stay.
@Suite struct UnbracketedTests {
    @Test(arguments: [
        ("[These addresses may change in later releases. Call the documented function instead.]",
         "These addresses may change in later releases. Call the documented function instead."),
        ("(This section applies to version 2 only. Earlier versions ignore it.)", "This section applies to version 2 only. Earlier versions ignore it."),
        ("[1] A reference list entry, not a note.", "[1] A reference list entry, not a note."),
        ("[Note] see [the manual] for more details on it.]", "[Note] see [the manual] for more details on it.]"),
        ("(short)", "(short)"),
        ("Plain prose (with an aside) ends here.", "Plain prose (with an aside) ends here."),
    ])
    func unwrapped(_ text: String, expected: String) {
        #expect(SentenceUnits.unbracketed(text) == expected)
    }
}

/// Text written as tokens, as IR collections ship it, reads as prose in an answer; other text is left as written.
@Suite struct TokenizedProseTests {
    static let tokenized = "a wing in a slipstream . an experimental study was made , in order to find the lift . the results ( in part ) were used . the end ."
    static let written = "Swift 5.9 shipped. It adds macros, parameter packs and more. The .NET runtime is unrelated . Odd spacing stays."

    @Test(arguments: [
        (tokenized, "the results ( in part ) were used .", "The results (in part) were used."),
        (tokenized, "an experimental study was made , in order to find the lift .", "An experimental study was made, in order to find the lift."),
        (tokenized, "uses the .net runtime . the end", "Uses the .net runtime. the end"),
        // Capitals somewhere: sentences keep their first letter as written; stops written against words stay as they are.
        (written, "the .NET runtime is unrelated .", "the .NET runtime is unrelated ."),
        (written, "npm install adds it , as shown .", "npm install adds it , as shown ."),
    ])
    func restored(_ article: String, sentence: String, expected: String) {
        #expect(TokenizedProse(article).restored(sentence) == expected)
    }

    @Test func detectsTheWayAnArticleIsWritten() {
        let a = TokenizedProse(Self.tokenized), b = TokenizedProse(Self.written)
        #expect(a.spaced && a.lowercase)
        #expect(!b.spaced && !b.lowercase)
        // Lower case alone ("all lower-case notes. no capitals here. at all.") gets capitals, with stops left where they are.
        let c = TokenizedProse("all lower-case notes. no capitals here. at all. none.")
        #expect(!c.spaced && c.lowercase && c.restored("no capitals here.") == "No capitals here.")
    }
}

/// Which sentence defines a side of a comparison: the side is its subject, and a definition phrase follows.
@Suite struct DefinesTests {
    @Test(arguments: [
        ("Singleton is a pattern that creates a single instance of a type.", true),
        ("A singleton refers to one shared instance.", true),
        ("When creating singletons, prefer shared that is the current convention.", false),
        ("A singleton instance must be a static property.", false),
        ("Factories create objects, and a singleton is a single one.", false),
        ("A singleton provides one shared instance to the whole app.", true),
        ("The singleton pattern indicates that only one instance exists.", true),
        ("Tests that use a singleton provide a fake in its place.", false),
        ("Singletons let you reach one shared instance from anywhere.", true),
        ("If the singleton is a class, give it a private initializer.", false),
        ("When a singleton is a global, tests cannot replace it.", false),
        // A possessive stands where "a" or "the" would: "is Swift's …" defines, even strictly.
        ("The singleton is Swift’s oldest creational pattern.", true),
        ("A singleton is Apple's choice for shared managers.", true),
        ("A singleton is 's odd.", false),
        ("A singleton is slow to test.", false),
        // The verb follows the subject's name closely; far after it, the sentence says how X looks, not what it is.
        ("Singletons made by the factory, for example in the app delegate or a test, are lazily created.", false),
        ("Singletons made by the factory are shared instances.", true),
    ])
    func defines(_ text: String, _ expected: Bool) {
        let terms = Set(AnswerFixtures.analyzer.terms("singleton"))
        #expect(Cues.defines(AnswerFixtures.unit(0, text), terms) == expected)
        if text.contains("’s oldest") { #expect(Cues.defines(AnswerFixtures.unit(0, text), terms, strictly: true)) }
    }

    /// A subject of several words: the rest of the question's name may come before its rarest word.
    @Test(arguments: [
        ("Swift Configuration is a library that reads settings.", true),
        ("Configuration is a library that reads settings.", true),
        ("Swift developers say configuration is a chore.", false),
        // An identifier stands for its words; a sentence that opens with a preposition is about something else.
        ("SwiftConfiguration is a library that reads settings.", true),
        ("With Swift Configuration, we are reading settings.", false),
        // Through its parts only when each is asked: a reference entry names its own identifier.
        ("CONFIGURATION_KEYS Specifies the keys a reader reads.", false),
        ("ConfigurationReader is a type that reads settings.", false),
    ])
    func definesANameOfSeveralWords(_ text: String, _ expected: Bool) {
        let analyzer = AnswerFixtures.analyzer
        let subject = Set(analyzer.terms("configuration")), question = Set(analyzer.terms("swift configuration"))
        #expect(Cues.defines(AnswerFixtures.unit(0, text), subject, leading: question) == expected)
        #expect(!Cues.defines(AnswerFixtures.unit(0, "Swift Configuration is a library."), subject))
        // Asked by the identifier itself, the identifier is the subject.
        let whole = Set(analyzer.terms("OpenAPI")).filter { $0 == "openapi" }
        #expect(Cues.defines(AnswerFixtures.unit(0, "OpenAPI is a specification for documenting services."), whole,
                             leading: Set(analyzer.terms("OpenAPI"))))
    }

    /// A name written with its arguments is the subject only with the question's arguments: "layout(packed(n))" is
    /// another layout than "layout(C)".
    @Test(arguments: [
        ("layout(C) is the order the C compiler uses.", true),
        ("layout(packed(n)) is a layout without padding.", false),
        ("Layout<Packed> is a layout without padding.", false),
        ("Layouts are the orders fields come in.", true),
    ])
    func definesANameWithItsArguments(_ text: String, _ expected: Bool) {
        let analyzer = AnswerFixtures.analyzer
        let subject = Set(analyzer.terms("layout")), question = Set(analyzer.terms("What is layout(C)?"))
        #expect(Cues.defines(AnswerFixtures.unit(0, text), subject, leading: question) == expected)
    }

    /// The name an appositive defines: the last words before the first ", a"/", an", unless a preposition or a
    /// subordinator stands among them.
    @Test(arguments: [
        ("Version 2 introduces Quill Maps, a new mapping library for servers.", "introduces Quill Maps"),
        ("We are announcing Ferrule, an open-source parser.", "are announcing Ferrule"),
        ("Ferrule, a parser written in C, reads any grammar.", "Ferrule"),
        ("Today we release Ferrule, a parser.", "we release Ferrule"),
        ("We shipped the first release of Ferrule, a parser.", "release of Ferrule"),
        ("We tried it again, a week later.", nil),
        ("In Version 2, a new mapping library arrives.", nil),
        ("If you call it twice, a crash follows.", nil),
        ("After the upgrade, an index rebuild runs.", nil),
        ("The parser reads grammars and never allocates.", nil),
        ("It reads a grammar, then writes an answer.", nil),
    ] as [(String, String?)])
    func appositiveName(_ text: String, _ expected: String?) {
        #expect(Cues.appositiveName(text).map(String.init) == expected)
    }

    /// The name a sentence gives what it describes, description first: the words after "is called", "are known as",
    /// "is often referred to as"… to the clause's end; not "called" as in invoked without "is"/"are" before it, nor a question.
    @Test(arguments: [
        ("Keeping every tile in a cache is often referred to as tiling in the map world.", "tiling in the map world"),
        ("Code that writes code, which is known as metaprogramming, saves typing.", "metaprogramming"),
        ("A loop over the keys of a map is called a key walk.", "a key walk"),
        ("Grids of equal cells are also termed rasters; vectors are not.", "rasters"),
        ("The handler gets called when the page loads.", nil),
        ("Callbacks run after the loop, as they are called.", nil),
        ("What is this pattern called?", nil),
        ("The map is drawn by the engine.", nil),
    ] as [(String, String?)])
    func namedAs(_ text: String, _ expected: String?) {
        #expect(Cues.namedAs(text).map(String.init) == expected)
    }
}

/// Prose that opens with a lowercase word right after a code block is the rest of the sentence the listing
/// interrupted ("The following form: <listing> will send this message: <listing>"). It is no candidate, and
/// the listing it introduces does not come with it as its colon line.
@Suite struct InterruptedSentenceTests {
    static func units(after code: String, _ text: String) -> [SentenceUnit] {
        return AnswerFixtures.units([
            Block(.paragraph, "The following form:"), Block(.code(language: "html"), code),
            Block(.paragraph, text), Block(.code(language: "http"), "POST / HTTP/1.1\nHost: localhost"),
        ], title: "Forms", source: "t.md")
    }

    @Test(arguments: [
        ("will send this message:", true),
        ("which can look a bit nicer for short signatures.", true),
        ("or, written out in full:", true),
        ("gRPC can be configured to generate:", false),
        ("iOS 18 sends this message:", false),
        ("The browser sends this message:", false),
    ])
    func continuationAfterCode(_ text: String, continues: Bool) {
        let units = Self.units(after: "<form method=\"post\"></form>", text)
        #expect(units[2].continuesCode == continues)
        if continues { #expect(!CandidatePool.isEligible(units[2])) }
        let sel = AnswerSelection(pool: AnswerFixtures.pool(units), profile: AnswerFixtures.profile(["message": 1]), settings: .init())
        var listing = AnswerFixtures.candidate(3, units[3].text, code: true)
        listing.unit = units[3]
        let bundle = sel.bundle(listing).map(\.unit.index)
        // A colon line that continues a sentence cannot introduce the listing; after a stop, the listing stands alone.
        #expect(bundle == (!continues ? [2, 3] : text.hasSuffix(":") ? [] : [3]))
    }

    @Test func lowercaseProseElsewhereStands() {
        let units = AnswerFixtures.units([
            Block(.paragraph, "The form posts its fields."), Block(.paragraph, "will this work without scripts? It does."),
        ], title: "Forms", source: "t.md")
        #expect(units.allSatisfy { !$0.continuesCode })
    }
}

/// Prompts/common_words_en.txt: a band, then its stems; a stem is found whole, never as part of another.
@Suite struct CommonWordsTests {
    static let text = "# comment go 9.9\n6.0 go say\n5.1 pick good\n3.5 kernel\n"

    @Test(arguments: [("go", 6.0), ("say", 6.0), ("pick", 5.1), ("good", 5.1), ("kernel", 3.5), ("goo", nil), ("ood", nil),
                      ("comment", nil), ("ker", nil), ("6.0", nil), ("", nil)] as [(String, Double?)])
    func band(_ stem: String, expected: Double?) {
        let bytes = Array(Self.text.utf8)
        #expect(bytes.withUnsafeBufferPointer { CommonWords.band(of: Array(stem.utf8), in: $0) } == expected)
    }

    @Test(arguments: [(6.5, 0.0), (6.0, 0.0), (5.5, 0.5), (5.0, 1.0), (3.0, 1.0), (nil, 1.0)] as [(Double?, Double)])
    func unknownWeight(_ zipf: Double?, expected: Double) {
        #expect(abs(CommonWords.unknownWeight(zipf: zipf, common: 6.0, rare: 5.0) - expected) < 1e-9)
        #expect(CommonWords.unknownWeight(zipf: zipf, common: 0, rare: 0) == 1)
    }

    /// The shipped file: everyday words are common, a word of a special field is not.
    @Test func shippedFile() throws {
        let words = CommonWords(path: SeedAssistant.package + "/Prompts/common_words_en.txt")
        #expect((words.zipf("use") ?? 0) >= 5.5 && (words.zipf("bad") ?? 0) >= 5.5)
        #expect((words.zipf("kernel") ?? 0) < 5.0 && (words.zipf("how") ?? 0) > 6 && words.zipf("zzzq") == nil)
    }

    /// The analyzer keeps an adverb's "-ly" (`Stemmer`), the file lists Snowball's stem without it: an everyday
    /// adverb is as common as its stem, and a word that only ends in "ly" is not found through another.
    @Test func anAdverbIsFoundUnderItsStem() throws {
        let words = CommonWords(path: SeedAssistant.package + "/Prompts/common_words_en.txt")
        #expect(words.zipf("actually") != nil && words.zipf("actually") == words.zipf("actual"))
        #expect(words.zipf("exactly") != nil && words.zipf("exactly") == words.zipf("exact"))
        #expect(words.zipf("zzzqly") == nil)
        #expect(Stemmer().stem("actually") == "actually" && Stemmer().stem("exactly") == "exactly")
    }

    /// One pass over the file finds what a scan for each stem finds, and stops at the band asked for.
    @Test func zipfsAgreesWithZipf() throws {
        let words = CommonWords(path: SeedAssistant.package + "/Prompts/common_words_en.txt")
        let stems = ["use", "bad", "kernel", "how", "zzzq", "actually", "exactly", "keep", "take", "longer", "cach", "go", "", "a b"]
        let all = words.zipfs(stems)
        for s in stems { #expect(all[s] == words.zipf(s), "\(s)") }
        let common = words.zipfs(stems, atLeast: 5.0)
        for s in stems { #expect(common[s] == ((words.zipf(s) ?? 0) >= 5.0 ? words.zipf(s) : nil), "\(s)") }
        #expect(words.zipfs([]).isEmpty && CommonWords(path: "/nonexistent/words.txt").zipfs(["go"]).isEmpty)
    }

    /// The scan reads bands and words whole, skips comments, and stops below `atLeast`.
    @Test func scanReadsWholeWordsOfEachBand() {
        var found: [String: Double] = [:]
        var keys = [Bool](repeating: false, count: 64 << 8)
        for w in ["go", "say", "pick", "kernel", "comment"] { keys[w.utf8.count << 8 | Int(w.utf8.first!)] = true }
        let bytes = Array(Self.text.utf8)
        bytes.withUnsafeBufferPointer { b in
            CommonWords.scan(b, keys: keys, atLeast: 5.0) { start, count, band in
                found[String(decoding: b[start ..< start + count], as: UTF8.self)] = band
                return false
            }
        }
        // "good" has the length and first letter of no key; "kernel" is below the band asked for; "comment" is a comment's.
        #expect(found == ["go": 6.0, "say": 6.0, "pick": 5.1])
    }

    /// How everyday a question's words are, for the search (`SearchQuery.everyday`): 1 from the common band, 0 below
    /// the rare one; nothing at all for a query that asks no question.
    @Test(arguments: [
        ("Why does my build keep taking longer?", true),
        ("how do I keep the build small", true),
        ("build keep longer", false),
        ("Vitamin D keeps bones strong.", false),
    ])
    func everydayWordsOfAQuestion(_ text: String, asks: Bool) throws {
        let words = CommonWords(path: SeedAssistant.package + "/Prompts/common_words_en.txt")
        let e = words.everyday(["keep", "cach", "zzzq"], in: text, common: 6.0, rare: 5.0)
        #expect(QuestionForm.asks(text) == asks)
        if asks {
            let keep = try #require(e["keep"])
            #expect(keep > 0 && keep <= 1 && e["cach"] == nil && e["zzzq"] == nil, "\(e)")
        } else {
            #expect(e.isEmpty)
        }
        #expect(words.everyday(["keep"], in: text, common: 5.0, rare: 6.0).isEmpty)
    }
}

/// A message put as a question: a question mark, or a question word or an auxiliary first.
@Suite struct QuestionFormTests {
    @Test(arguments: [
        ("What is a retain cycle", true), ("what's new in Swift 6", true), ("What\u{2019}s new", true), ("how to embed a regex", true),
        ("Is there a compiler setting for size", true), ("Can my code detect the simulator", true), ("actors vs queues?", true),
        ("なぜですか？", true), ("swift concurrency actors", false), ("Vitamin D lowers the risk of fracture.", false),
        ("whatever happened", false), ("", false), ("  — ", false),
    ])
    func asks(_ text: String, expected: Bool) { #expect(QuestionForm.asks(text) == expected) }
}

/// A name's compound, the words after it that the corpus may lack ("Vulkan descriptor heap"), ends at an everyday
/// word: the question goes on about something else.
@Suite struct UnknownCompoundTests {
    @Test(arguments: [
        // "zzqheap" is in no seed article: a compound of known words and it is one the corpus lacks…
        ("How do I use a SwiftUI zzqheap?", ["SwiftUI zzqheap"]),
        // …but not across an everyday word ("actually", "without", "installing").
        ("When does SwiftUI actually zzqheap?", []),
        ("Can SwiftUI layout views without installing zzqheap?", []),
        // A name no article has is unknown whatever follows it.
        ("Is Zzqvulkan actually faster?", ["Zzqvulkan"]),
    ] as [(String, [String])])
    func compoundsEndAtEverydayWords(_ question: String, expected: [String]) {
        let assistant = SeedAssistant.shared
        let words = assistant.prompts.commonWords
        let everyday: (String) -> Bool = { CommonWords.unknownWeight(zipf: words.zipf($0), common: 6, rare: 5) < 1 }
        let names = QuestionName.of(question)
        #expect(QuestionProfile.unknownNames(names, corrected: question, searcher: assistant.searcher, analyzer: assistant.analyzer,
                                             everyday: everyday) == expected)
    }
}

/// Prompts/synonyms_en.txt: a head stem, then its synonyms; a head is found whole, never as part of another, and
/// a comment line is no head.
@Suite struct SynonymsTests {
    static let text = "# huge tiny\nhug embrac squeez\nhuge big larg vast\nlarg big huge\n"

    @Test(arguments: [
        (["huge"], ["huge": ["big", "larg", "vast"]]),
        (["hug"], ["hug": ["embrac", "squeez"]]),
        (["huge", "larg"], ["huge": ["big", "larg", "vast"], "larg": ["big", "huge"]]),
        (["hu", "#", "tiny", "", "larger", "a", "zzz"], [:]),
    ] as [([String], [String: [String]])])
    func lines(_ stems: [String], expected: [String: [String]]) {
        let bytes = Array(Self.text.utf8)
        #expect(bytes.withUnsafeBufferPointer { Synonyms.lines(of: Set(stems), in: $0) } == expected)
    }

    /// The shipped file pairs everyday words; a missing file has none.
    @Test func shippedFile() {
        let synonyms = Synonyms(path: SeedAssistant.package + "/Prompts/synonyms_en.txt")
        let found = synonyms.of(["huge", "quick", "zzzq"])
        #expect(found["huge"]?.contains("larg") == true && found["quick"]?.contains("fast") == true && found["zzzq"] == nil)
        #expect(Synonyms(path: "/nonexistent/synonyms_en.txt").of(["huge"]).isEmpty)
        // A stop word lends its senses to no content word sharing its stem ("quite" is no sense of "quit"), and is no synonym.
        let quit = synonyms.of(["quit"])["quit"] ?? []
        #expect(quit.contains("stop") && !quit.contains("rather"), "\(quit)")
        #expect(synonyms.of(["act"])["act"]?.contains("do") == false)
    }

    /// The lookup is a binary search: the shipped file's heads come in strictly increasing byte order, after its
    /// comments, and every head is found.
    @Test func shippedFileIsSorted() throws {
        let text = String(decoding: try PromptLibrary.bytes(SeedAssistant.package + "/Prompts/synonyms_en.txt"), as: UTF8.self)
        let lines = text.split(separator: "\n").drop { $0.hasPrefix("#") }
        let heads = lines.map { Array($0.prefix { $0 != " " }.utf8) }
        #expect(heads.count > 5000 && !lines.contains { $0.hasPrefix("#") })
        #expect(zip(heads, heads.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
        let sample = stride(from: 0, to: heads.count, by: 97).map { String(decoding: heads[$0], as: UTF8.self) }
        let found = Synonyms(path: SeedAssistant.package + "/Prompts/synonyms_en.txt").of(Set(sample))
        #expect(Set(found.keys) == Set(sample))
    }

    /// A question's synonyms are the ones the corpus writes, never the question's own terms.
    @Test func aProfileKeepsTheSynonymsTheCorpusHas() throws {
        let assistant = SeedAssistant.shared
        let p = QuestionProfile.make(question: "Why is a huge app slow to start?", corrected: "Why is a huge app slow to start?", extra: nil,
                                     searcher: assistant.searcher, analyzer: assistant.analyzer, synonyms: assistant.prompts.synonyms)
        #expect(p.synonyms["huge"]?.contains("larg") == true)
        for words in p.synonyms.values {
            #expect(words.isDisjoint(with: p.termSet) && words.allSatisfy { assistant.searcher.documentFrequency($0) > 0 })
        }
        let without = QuestionProfile.make(question: "Why is a huge app slow to start?", corrected: "Why is a huge app slow to start?",
                                           extra: nil, searcher: assistant.searcher, analyzer: assistant.analyzer)
        #expect(without.synonyms.isEmpty)
    }
}

/// Which code blocks a request's words single out: a word fewer blocks share counts for more; none is singled out
/// when no block has the words or each has them alike; the blocks kept are those within half of the best.
@Suite struct ExtractFocusTests {
    typealias Row = (blocks: [Set<String>], focus: Set<String>, kept: [Int]?)
    static let rows: [Row] = [
        // Only one block has the rarer word: the one that shares the other word falls below half of it.
        ([["generic", "contain", "cell"], ["contain", "cell", "usag"], ["product", "view", "label"]], ["generic", "contain"], [0]),
        // Two blocks have both words: both stay, the third goes.
        ([["generic", "contain"], ["generic", "contain", "usag"], ["product", "view"]], ["generic", "contain"], [0, 1]),
        // Only the word that one block has counts; the word every block has picks none of them.
        ([["error", "request"], ["request", "decod"], ["request", "label"]], ["error", "request"], [0]),
        // Every block has the word alike: nothing singled out.
        ([["request"], ["request"]], ["request"], nil),
        // No block has it.
        ([["a1"], ["b1"]], ["combin"], nil),
        // One block: nothing to choose from.
        ([["error"]], ["error"], nil),
        // Every block scores at least half of the best: all stay, nothing singled out.
        ([["x", "y"], ["x"], ["y"]], ["x", "y"], nil),
    ]

    @Test(arguments: rows.indices)
    func pick(row: Int) {
        let r = Self.rows[row]
        #expect(ExtractFocus.pick(r.blocks, focus: r.focus) == r.kept, "row \(row)")
    }

    /// A block is known by its code, the prose right before it in its section, and its heading; the sentence
    /// that leads into it is the last of that prose. A heading in between leaves a block without a lead-in.
    @Test func contexts() {
        let a = Article(id: "x", title: "T", source: "x.md", line: 1, blocks: [
            Block(.paragraph, "First we set up. Then we use generics:"), Block(.code(language: "swift"), "struct Box<T> {}"),
            Block(.heading(level: 2), "Usage"), Block(.code(language: nil), "let b = Box<Int>()"),
        ])
        let c = ExtractFocus.contexts(a)
        #expect(c.count == 2)
        #expect(c[0].leadIn == "Then we use generics:")
        #expect(c[0].context.contains("struct Box") && c[0].context.contains("First we set up"))
        #expect(c[1].leadIn == nil && c[1].context.contains("Usage") && !c[1].context.contains("generics"))
    }
}

/// An API reference's description leaves its subject to the heading; quoted in an answer, it is named from there.
@Suite struct APISubjectTests {
    @Test(arguments: [
        ("Returns the value of the queue limit.", true), ("Creates and returns a grinder.", true),
        ("Indicates whether the pool is idle.", true), ("Provides an asynchronous grinder.", true),
        ("Streams are buffered.", false), ("Sometimes the pool is idle.", false), ("Process the queue first.", false),
        ("Does the pool grow?", false), ("Returns: a grinder.", false), ("Defaults to the home folder.", false),
        ("Status is stable.", false), ("The pool returns a grinder.", false), ("Cuts", false),
    ])
    func descriptionsThatOpenWithAVerb(text: String, expected: Bool) {
        #expect(APISubject.opensWithVerb(text) == expected, "\(text)")
    }

    @Test(arguments: [
        ("grind.start(stone[, grit])", "grind.start()"), ("Static method: Pool.alloc(size[, fill])", "Pool.alloc()"),
        ("Class: GrindPool", "GrindPool"), ("new Pool(size)", "Pool()"), ("GetPoolSize function (pool.h)", "GetPoolSize"),
        ("pool.idle", "pool.idle"), ("max_grit", "max_grit"), ("std::pool::Grinder", "std::pool::Grinder"),
        ("Pools and iteration", nil), ("Event: 'close'", nil), ("Grinding", nil), ("Why GrindPool is slow", nil),
        ("pool.idle.", nil), ("pub const fn new_in(alloc: A) -> Pool<A>", "new_in()"), ("pub fn get<Q>(&self, key: &Q) -> Option<&V>", "get()"),
        ("def grind(stone, grit=2)", "grind()"), ("where K: Ord,", nil), ("pub struct Pool", nil),
    ] as [(String, String?)])
    func namesInHeadings(heading: String, expected: String?) {
        #expect(APISubject.name(inHeading: heading) == expected, "\(heading)")
    }

    /// The first description of its section in the paragraph is named; one right after a sentence of its own
    /// section reads on from it, and a heading that names no code names nothing.
    @Test func descriptionsNamedFromTheirHeading() {
        func unit(_ i: Int, _ text: String, heading: String?, section: Int, list: Bool = false) -> AnswerCandidate {
            var u = AnswerFixtures.unit(i, text, list: list, section: section)
            u.heading = heading
            return AnswerFixtures.candidate(u)
        }
        let items = [
            unit(0, "Returns the grit of the stone.", heading: "stone.grit()", section: 1),
            unit(1, "Creates a pool of grinders.", heading: "grind.pool(size)", section: 2),
            unit(2, "Returns the pool.", heading: "grind.pool(size)", section: 2),
            unit(3, "size: the pool's size.", heading: "grind.pool(size)", section: 2, list: true),
            unit(4, "Returns a stone.", heading: "Stones and grit", section: 3),
            unit(5, "Retrieves the grit of a stone.", heading: nil, section: 0),
        ]
        // A summary's sentences, in reading order, are named the same way.
        #expect(APISubject.named(items.map(\.unit), title: "GetStoneGrit function (stone.h)").map(\.text)
                == APISubject.named(items, title: "GetStoneGrit function (stone.h)").map(\.unit.text))
        let named = APISubject.named(items, title: "GetStoneGrit function (stone.h)").map(\.unit.text)
        #expect(named == ["stone.grit() returns the grit of the stone.", "grind.pool() creates a pool of grinders.",
                          "Returns the pool.", "size: the pool's size.", "Returns a stone.",
                          "GetStoneGrit retrieves the grit of a stone."], "\(named)")
    }
}

/// A question that names an API member starts its answer with the lead of the section that member heads.
@Suite struct NamedSectionTests {
    @Test(arguments: [
        ("stone_mill.grind(stone[, grit])", "Should I call grind or polish in stone_mill?", true),
        ("stone_mill.grindFine(stone[, grit])", "Should I call grind or polish in stone_mill?", false),
        ("Static method: Grit.sift(size[, mesh])", "What does Grit.sift return?", true),
        ("Class: Grit", "What does Grit.sift return?", false),
        ("Grinding tips", "what are grinding tips?", false),
    ])
    func headingsTheQuestionNames(heading: String, question: String, named: Bool) {
        #expect(NamedSections.isNamed(heading: heading, by: NamedSections.words(question)) == named, "\(heading)")
    }

    @Test func theNamedSectionsLeadComesFirst() {
        func unit(_ i: Int, _ text: String, _ heading: String, _ section: Int) -> SentenceUnit {
            var u = AnswerFixtures.unit(i, text, section: section)
            u.heading = heading
            return u
        }
        let units = [
            unit(0, "Stability: 2 - Stable.", "grind.start(stone)", 1), unit(1, "Starts the grinder on a stone.", "grind.start(stone)", 1),
            unit(2, "It stops when the stone is flat.", "grind.start(stone)", 1), unit(3, "Stops the grinder at once.", "grind.stop()", 2),
            unit(4, "Use oil on the stones for a finer grit.", "Grinding tips", 3),
        ]
        var pool = AnswerFixtures.pool(units)
        pool.candidates = units.map { AnswerFixtures.candidate($0) }
        let leads = NamedSections.leads(question: "what does grind.start do?", article: 1, pool: pool)
        #expect(leads.map(\.unit.index) == [1])
        #expect(NamedSections.leads(question: "grind.start or grind.stop?", article: 1, pool: pool).map(\.unit.index) == [1, 3])
        #expect(NamedSections.leads(question: "how do I grind a stone?", article: 1, pool: pool).isEmpty)
        let ranked = [pool.candidates[4], pool.candidates[2], pool.candidates[1]].enumerated().map { k, c in
            var c = c; c.score = 3 - Double(k); return c
        }
        #expect(NamedSections.leading(leads, ranked).map(\.unit.index) == [1, 4, 2])
    }
}
