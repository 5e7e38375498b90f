@testable import Assistant
import Analysis
import Retrieval
import Testing

/// Each tool on real seed articles.
@Suite(.serialized) struct ToolTests {
    @Test func answersWithCitationsFromTheRightArticle() throws {
        let r = try SeedAssistant.ask("How can I make sure only one instance of a class exists in Swift?")
        #expect(!r.abstained)
        #expect(r.citations.contains { $0.ref.title.contains("Singleton") })
        #expect(r.answer.contains("[1]"))
        #expect(r.answer.contains("Sources:"))
        // Every citation quotes a passage of the article it names.
        let store = ArticleStore(index: SeedAssistant.shared.index)
        for c in r.citations {
            let text = try #require(try store.article(doc: c.ref.doc)).article.text
            #expect(text.contains(c.passage))
        }
    }

    @Test(arguments: ["What is the boiling point of mercury?", "Who won the 1998 football world cup final?", "How do I configure a Kubernetes ingress controller?"])
    func abstainsOffTopic(question: String) throws {
        let r = try SeedAssistant.ask(question)
        #expect(r.abstained, "\(question): \(r.answer)")
        #expect(r.answer.contains("couldn't find"))
    }

    /// The words match articles, but the thing named does not: "Express" the web framework is not
    /// "express" the verb.
    @Test(arguments: ["How do I add middleware to an Express server?"])
    func abstainsWhenTheEvidenceLacksTheNamedThing(question: String) throws {
        let r = try SeedAssistant.ask(question)
        #expect(r.abstained, "\(question): \(r.answer)")
    }

    /// A call to `reconcile()` is not the word "reconcile": the evidence counts it as a name the corpus
    /// lacks (whether that tips the answer into abstaining is the fitted model's call).
    @Test func aCallNoArticleShowsCountsAsAnUnknownName() throws {
        let r = try SeedAssistant.ask("What does the SwiftUI reconcile() call return?")
        #expect(r.details.contains("  evidence unknown_names = 1"), "\(r.details)")
        let plain = try SeedAssistant.ask("How does SwiftUI reconcile a list of items?")
        #expect(plain.details.contains("  evidence unknown_names = 0"), "\(plain.details)")
    }

    /// A name the corpus knows, followed by a word it has never seen: the compound is unknown.
    @Test(arguments: ["How do I tune Metal tessellation factors?", "How do I use the SwiftUI glimmerize modifier?"])
    func abstainsOnAnUnknownCompound(question: String) throws {
        let r = try SeedAssistant.ask(question)
        #expect(r.abstained, "\(question): \(r.answer)")
    }

    /// Naming an article does not make it hold the answer: the same evidence decides, and the refusal
    /// names the article; a question the named article does answer is still answered.
    @Test func aNamedArticleThatLacksTheAnswerIsDeclinedByName() throws {
        let r = try SeedAssistant.ask("In the post What exactly is a Combine AnyCancellable, how many tickets did WWDC sell that year?")
        #expect(r.call.target != nil)
        #expect(r.abstained, "\(r.answer)")
        #expect(r.answer.hasPrefix("I couldn't find that in “What exactly is a Combine AnyCancellable?”"), "\(r.answer)")
        let named = try SeedAssistant.ask("In the post What exactly is a Combine AnyCancellable, what happens when an AnyCancellable is deallocated?")
        #expect(named.call.target != nil)
        #expect(!named.abstained, "\(named.answer)")
    }

    /// …but a misspelt word the corrector can fix is not an unknown thing.
    @Test func aTypoAfterANameIsCorrectedNotRefused() throws {
        #expect(SeedAssistant.shared.corrected("the Combine sink opertor") == "the Combine sink operator")
        let r = try SeedAssistant.ask("How does the Combine sink opertor cancel?")
        #expect(!r.abstained, "\(r.answer)")
    }

    @Test func answersWhenTheEvidenceNamesIt() throws {
        let r = try SeedAssistant.ask("Is there a way to express a protocol requirement for a static property?")
        #expect(!r.abstained)
        let names = try SeedAssistant.ask("When does the Xcode Preview fail to render?")
        #expect(!names.abstained, "\(names.answer)")
    }

    @Test func questionNamesAreCapitalisedOrCodeLike() {
        let names = QuestionName.of("Does Donny Wals' post on Combine call sink()? What about iOS 18. Metal then")
        #expect(names.map(\.text) == ["Donny", "Wals", "Combine", "sink", "iOS"])
        #expect(names.first { $0.text == "Combine" }?.following == ["call", "sink"])
        #expect(names.first { $0.text == "Wals" }?.following == [])
        #expect(names.first { $0.text == "sink" }?.isCall == true)
        #expect(QuestionName(text: "sink", isCode: true, isCall: true).isMentioned(in: "call .sink(receivevalue:)"))
        #expect(!QuestionName(text: "sink", isCode: true, isCall: true).isMentioned(in: "the kitchen sink"))
        #expect(!QuestionName(text: "Go", isCode: false, isCall: false).isMentioned(in: "a good idea"))
        #expect(QuestionName(text: "Go", isCode: false, isCall: false).isMentioned(in: "then go, quickly"))
    }

    /// A placeholder stands for any name: the metasyntactic words in any spelling, and the asker's own "my…"
    /// identifiers in lower camel or snake case. Real names that hold such a word are names.
    @Test(arguments: [("foo", true), ("fooBar", true), ("FooBar", true), ("foo_bar", true), ("Baz", true), ("qux2", true),
                      ("myHandler", true), ("my_list", true), ("TabBar", false), ("NavigationBar", false), ("MySQL", false),
                      ("MyViewModel", false), ("mysql", false), ("Football", false), ("my", false), ("", false)])
    func placeholders(word: String, expected: Bool) {
        #expect(QuestionName.isPlaceholder(word) == expected, "\(word)")
    }

    /// "If I call foo() from two tasks at once…" asks about the tasks: foo() is no name the corpus lacks, and the
    /// question is answered as it is without it.
    @Test func aPlaceholderIsNoMissingName() throws {
        #expect(QuestionName.of("If I call foo() or myHandler() from two tasks, does Swift's actor help?").map(\.text) == ["Swift"])
        let r = try SeedAssistant.ask("If I call foo() from two tasks at once, can an actor prevent a data race?")
        #expect(!r.abstained, "\(r.answer)")
        let own = try SeedAssistant.ask("Why does myHandler leak when it captures self in a closure?")
        #expect(!own.abstained, "\(own.answer)")
    }

    /// Owners, abbreviations, the pronoun "I" and month names are told apart from the names a question
    /// is about.
    @Test func questionNamesKnowOwnersAbbreviationsAndNonNames() {
        let names = QuestionName.of("In May I'm reading Alice's notes on REST and Vapor routes; does the Kitura port beat it?")
        #expect(names.map(\.text) == ["Alice", "REST", "Vapor", "Kitura"])
        #expect(names.map(\.isPossessive) == [true, false, false, false])
        #expect(names.map(\.isAcronym) == [false, true, false, false])
        #expect(QuestionName.of("Are Combine’s and Wals’ examples alike?").map(\.isPossessive) == [true, true])
    }

    /// A plain name counts as written only with its capitals and not where any word would be
    /// capitalised: a sentence's or a line's start. A plural counts when the singular is written.
    @Test(arguments: [
        ("Go", "Write it in Go, then ship.", true),
        ("Go", "Go ahead and run it.", false),
        ("Go", "Then go to Settings.", false),
        ("Go", "Done. Go to Settings.", false),
        ("Go", "A heading\nGo further", false),
        // A line's label is a name: a heading alone on its line, or a word before a dash or colon.
        ("Mercurial", "Version control\nMercurial\nThe supported schemes are hg+file.", true),
        ("Mercurial", "Git -- git+\nMercurial -- hg+", true),
        ("Mercurial", "Mercurial: hg+", true),
        ("Go", "Go ahead:", false),
        ("Go", "Done. Go -- now.", false),
        ("Rust", "Leave no rust on the hull.", false),
        ("Rust", "The Rust compiler checks lifetimes.", true),
        ("Ints", "An array of Int values.", true),
        ("Ints", "An array of integers.", false),
        ("Vapor", "Vaporware is not Vapor-based.", true),
        ("Vapor", "Vaporware aside.", false),
        // A title's run of capitalised words is not a mention.
        ("Go", "Watch WWDC2024 - Go Further With Swift Testing (Video) first.", false),
        ("Swift", "It ships with the Swift Package Manager today.", true),
    ])
    func plainNamesAreWrittenAsNames(name: String, text: String, named: Bool) {
        #expect(QuestionName(text: name, isCode: false, isCall: false).isNamed(in: text) == named, "\(name) in \(text)")
    }

    /// Code flattened into prose is not a sentence to answer with; prose that names code is.
    @Test(arguments: [
        ("hglb = GetClipboardData(CF_TEXT); if (hglb != NULL) { lptstr = GlobalLock(hglb); }", true),
        ("// If the application is in edit mode, // get the clipboard text.", true),
        ("The message names the first process. include include pragma comment(lib, \"user32.lib\") define BUF_SIZE 256 TCHAR szName[]=TEXT(\"x\");", true),
        ("You can call it from within a closure:class Box { var items: [Int] func add() { items.append(1) } }", true),
        ("VOID CommonFunc(VOID) { LPVOID lpvData;", true),
        ("VOID ErrorExit (LPCSTR message);", true),
        ("printf(\"thread %d: data=%lx\\n\", GetCurrentThreadId(), lpvData);", true),
        ("Use a lock when two threads share it; the queue is simpler;", false),
        ("Calling code that might throw must occur in a do {} catch {} block.", false),
        ("The function == is called with value packs {1, true} for the left tuple and {1, false} for the right one.", false),
        ("Call fetch(id:) and then save(_:) to store the record in the CF_TEXT format.", false),
        ("The first process calls CreateFileMapping with INVALID_HANDLE_VALUE and a name for the object.", false),
    ])
    func flattenedCodeIsNotProse(_ text: String, _ code: Bool) {
        #expect(Cues.isFlattenedCode(text) == code, "\(text)")
    }

    /// A title names a plain name only with its capitals; an author or feed label in any case.
    @Test func titlesNameWithCapitals() {
        let go = QuestionName(text: "Go", isCode: false, isCall: false)
        #expect(!go.isMentioned(in: "Testing tends to go hand-in-hand with design", exactCase: true))
        #expect(go.isMentioned(in: "Why Go wins", exactCase: true))
        #expect(!go.isMentioned(in: "Gopher tales", exactCase: true))
        #expect(go.isMentioned(in: "the go team"))
    }

    @Test func sentencesThatLeanOnTheOneBefore() {
        #expect(Cues.refersBack("With a lock, it can stall the caller."))
        #expect(Cues.refersBack("Instead, keep one copy."))
        // A connective carries on from the sentence before, whichever it is.
        for opening in ["Rather, the lock is taken twice.", "Similarly, a queue drains.", "In this case the queue drains.",
                        "On the other hand, queues drain.", "Nonetheless, the queue drains.", "The above example drains the queue.",
                        "As shown above, the queue drains."] {
            #expect(Cues.refersBack(opening), "\(opening)")
        }
        #expect(!Cues.refersBack("Rather than locking, drain the queue."))
        #expect(!Cues.refersBack("It is possible to keep one copy."))
        // "it" with a modal and "be" opens the sentence too; with a modal and another verb it points back.
        #expect(!Cues.refersBack("It can be a surprise to get this error in working code."))
        #expect(!Cues.refersBack("It may be easier to keep one copy."))
        #expect(Cues.refersBack("It may stall the caller."))
        #expect(Cues.refersBack("It can be passed to clearTimeout() to cancel the timer."))
        #expect(!Cues.refersBack("Locks stall callers."))
        // "that" after a verb and before a clause is a conjunction; pointing at a thing it still leans back.
        #expect(!Cues.refersBack("EBUSY: Indicates that the device is busy."))
        #expect(!Cues.refersBack("The report shows that you missed a lock."))
        #expect(Cues.refersBack("Xcode does that for you."))
        #expect(Cues.refersBack("Of that, little remains."))
        #expect(Cues.refersBack("That is why locks stall."))
        // …and after a noun, before its verb, it opens a relative clause.
        #expect(!Cues.refersBack("Note: Cookies that are used for sessions expire."))
        #expect(!Cues.refersBack("Locks that can stall are slow."))
        #expect(!Cues.refersBack("\"mill run\" that grinds from a hopper no longer stalls."))
        #expect(!Cues.refersBack("A type that conforms to the protocol drains."))
        // Pointing at a thing, "that" comes before a singular noun, which may end in "s" too.
        #expect(Cues.refersBack("Speed up that process first."))
        #expect(Cues.refersBack("We checked that status twice."))
        // "So far" looks back over the whole text, "so" alone carries on from the sentence before.
        #expect(!Cues.refersBack("So far, we have seen how locks help."))
        #expect(Cues.refersBack("So the lock stalls."))
        #expect(Cues.refersBack("So, opening two queues gives two locks."))
        // "Everything else", "nothing else": what the sentence before did not say.
        #expect(Cues.refersBack("Everything else about a queue works the same."))
        #expect(Cues.refersBack("Nothing else needs a lock."))
        // "Such" before a noun points back wherever it stands; "such as" and "such that" do not.
        #expect(Cues.refersBack("Take a copy of the file before you make any such changes."))
        #expect(!Cues.refersBack("A queue holds values such as jobs and their results."))
        #expect(!Cues.refersBack("The lock is released in a way such that no writer waits."))
        #expect(!Cues.refersBack("Locks stall the calling thread until it is such a long time."))
        // A predicate without its subject is said of what the sentence before names; "similar to" may open a sentence
        // with its own subject.
        #expect(Cues.refersBack("Equivalent to d.append(d.popleft())."))
        #expect(Cues.refersBack("Alias for emitter.on(eventName, listener)."))
        #expect(Cues.refersBack("Useful for expensive computed properties of instances."))
        #expect(Cues.refersBack("Same as above, but for writing."))
        #expect(!Cues.refersBack("Similar to the pack index, the multi-pack index maps objects to offsets."))
        #expect(Cues.refersBack("Similar to property(), with the addition of caching."))
        #expect(Cues.refersBack("Similar to -S, just the argument is different."))
        #expect(!Cues.refersBack("The same as operator compares identity."))
        #expect(Cues.isFiller("In this post I showed you three ways to do it."))
        #expect(Cues.isFiller("Pretty cool, huh?"))
        #expect(!Cues.isFiller("Locks stall the calling thread until the owner releases them."))
    }

    /// A recap of the article or its series names the topic and says nothing of it: it counts as the article about
    /// itself. A sentence that says what the thing does is no recap.
    @Test(arguments: [
        ("Today we explored how queues and locks protect shared state.", true),
        ("In the previous post, I covered the basics of queues.", true),
        ("As we've seen, a lock stalls the thread that waits for it.", true),
        ("In this section we build the parser.", true),
        ("I hope you enjoyed this one.", true),
        ("We covered queues, locks and semaphores.", true),
        ("Let's recap the ways a queue and a lock differ.", true),
        ("Let us summarize what a semaphore guards.", true),
        ("To recap, a lock stalls the thread that waits for it.", false),
        ("A serial queue runs one work item at a time.", false),
        ("The compiler explored every branch before it learned the type.", false),
    ] as [(String, Bool)])
    func recapsAreTheArticleAboutItself(_ sentence: String, recap: Bool) {
        #expect(FoldedText(sentence).containsAny(Cues.aboutTheArticle) == recap)
    }

    /// A how-to answer keeps the code its best sentence introduces.
    @Test func howToAnswersBringTheCodeTheyIntroduce() throws {
        let r = try SeedAssistant.ask("How do I write a Codable model to a plist file?")
        #expect(!r.abstained)
        #expect(r.answer.contains("```"), "\(r.answer)")
        #expect(r.answer.contains("PropertyListEncoder"))
    }

    @Test func comparisonsGiveEachSideASentenceOfItsOwn() throws {
        let analyzer = SeedAssistant.shared.analyzer
        let sides = QuestionProfile.comparisonSides("What is the difference between a struct and a class?", analyzer: analyzer)
        #expect(sides.count == 2)
        // A side ends at its clause; a clause with no term of its own ("are they any") leaves the side whole.
        for (question, expected) in [("Tuples vs structs in Swift: which is faster?", [["tupl"], ["struct", "swift"]]),
                                     ("and structs, are they any different from classes?", [["struct"], ["class"]])] {
            let found = QuestionProfile.comparisonSides(question, analyzer: analyzer).map { $0.sorted() }
            #expect(found == expected, "\(question): \(found)")
        }
        let both = AnswerFixtures.candidate(0, "A struct and a class both hold data.", score: 3)
        let structOnly = AnswerFixtures.candidate(1, "A struct is copied when assigned.", score: 2)
        let classOnly = AnswerFixtures.candidate(2, "A class instance is shared by reference.", score: 1)
        let classItem = AnswerFixtures.candidate(3, "class methods of a test case object", score: 2.5, list: true)
        let farBelow = AnswerFixtures.candidate(4, "Every class here is declared final for speed.", score: -1)
        var picked = [both]
        AnswerComposer(assistant: SeedAssistant.shared).bothSides(sides, ranked: [both, classItem, structOnly, classOnly, farBelow], picked: &picked)
        #expect(picked.map(\.unit.index) == [0, 1, 2])
        // A side with only a weak sentence still gets it (an answer about one side only does not compare),
        // never a list item; and a sentence defining the side comes before better-scored others.
        var weak = [both]
        AnswerComposer(assistant: SeedAssistant.shared).bothSides(sides, ranked: [both, classItem, structOnly, farBelow], picked: &weak)
        #expect(weak.map(\.unit.index) == [0, 1, 4])
        let defining = AnswerFixtures.candidate(5, "A class is a reference type with identity.", score: -2)
        var defined = [both, structOnly]
        AnswerComposer(assistant: SeedAssistant.shared).bothSides(sides, ranked: [both, structOnly, classOnly, defining], picked: &defined)
        #expect(defined.map(\.unit.index) == [0, 1, 5])
    }

    /// "the difference between X and Y": X is what follows "between", not "difference"; and when one side's name holds
    /// the other's ("fold" and "fold_left"), both stay whole and each gets a sentence on it alone: one on fold_left is
    /// none on fold.
    @Test func nestedSidesOfAComparisonAreToldApart() throws {
        let analyzer = SeedAssistant.shared.analyzer
        let plain = QuestionProfile.comparisonSides("What is the difference between a struct and a class?", analyzer: analyzer)
        #expect(plain.map { $0.sorted() } == [["struct"], ["class"]])
        let sides = QuestionProfile.comparisonSides("What's the difference between fold and fold_left?", analyzer: analyzer)
        let fold = Set(analyzer.terms("fold")), foldLeft = Set(analyzer.terms("fold_left"))
        #expect(sides == [fold, foldLeft], "\(sides)")
        let longer = AnswerFixtures.candidate(0, "The fold_left function walks the list from its first element.", score: 3)
        let shorter = AnswerFixtures.candidate(1, "The fold function combines the elements of a list into one value.", score: 1)
        var picked = [longer]
        AnswerComposer(assistant: SeedAssistant.shared).bothSides(sides, ranked: [longer, shorter], picked: &picked)
        #expect(picked.map(\.unit.index) == [0, 1])
    }

    /// A comparison's missing side is made room for: the picks are chosen again within the budget less the side's
    /// sentence, so the answer keeps its length instead of growing by it.
    @Test func theMissingSideOfAComparisonIsMadeRoomFor() throws {
        let analyzer = SeedAssistant.shared.analyzer
        let sides = [Set(analyzer.terms("struct")), Set(analyzer.terms("class"))]
        let texts = ["A struct is copied each time it is assigned to a new variable or passed along.",
                     "A struct keeps its stored properties inline with no extra indirection at all here.",
                     "A struct can conform to protocols and gain methods through extensions as well.",
                     "A class instance is shared by reference between every variable that holds it."]
        let units = texts.enumerated().map { AnswerFixtures.unit($0.offset, $0.element) }
        let ranked = units.enumerated().map { AnswerFixtures.candidate($0.element, score: [3, 2.5, 2, -1][$0.offset]) }
        var profile = AnswerFixtures.profile([sides[0].first!: 1, sides[1].first!: 1], kind: .comparison)
        profile.sides = sides
        var settings = AnswerSelection.Settings()
        settings.budget = 45   // the three struct sentences (43 words) fit; with the class one (13) they do not
        var selection = AnswerSelection(pool: AnswerFixtures.pool(units), profile: profile, settings: settings)
        selection.run(ranked)
        #expect(selection.picked.map(\.unit.index) == [0, 1, 2])
        let picked = AnswerComposer(assistant: SeedAssistant.shared).withBothSides(sides, selection: selection, ranked: ranked, candidates: ranked)
        #expect(picked.map(\.unit.index) == [0, 1, 3])
        #expect(picked.reduce(0) { $0 + $1.unit.words } <= settings.budget + units[3].words)
    }

    /// Of the top pick's article, the sentence that says what X is first leads ("Actors are…" in the introduction, not
    /// "An actor refers to…" pages later), and a possessive ("Actors’ mailboxes are…") says what X owns, not what X is.
    @Test func theFirstDefinitionOfTheArticleLeads() throws {
        let composer = AnswerComposer(assistant: SeedAssistant.shared)
        let actor = try #require(SeedAssistant.shared.analyzer.terms("actor").first)
        let profile = AnswerFixtures.profile([actor: 3], kind: .definition)
        let usage = AnswerFixtures.candidate(40, "Even though actors help, races can still happen.", score: 5)
        let later = AnswerFixtures.candidate(30, "An actor refers to the worker that owns a mailbox, as above.", score: 4)
        let owned = AnswerFixtures.candidate(2, "Actor's mailboxes are queues of messages.", score: 3)
        let intro = AnswerFixtures.candidate(3, "Actors are reference types that isolate their state.", score: 1)
        var picked = [usage]
        composer.leadWithDefinition(profile, ranked: [usage, later, owned, intro], picked: &picked)
        #expect(Layout.paragraphs(picked).first?.first?.unit.index == 3)
        #expect(!Cues.defines(owned.unit, [actor], strictly: true) && Cues.defines(intro.unit, [actor], strictly: true))
    }

    /// A sentence that names the thing after describing it ("… is often referred to as tiling") defines it: it
    /// leads a "What is X?" answer over a better-scored sentence that only uses X; a name that holds X after other
    /// words ("… is called cache tiling") does not.
    @Test func aSentenceThatNamesTheSubjectDefinesIt() throws {
        let composer = AnswerComposer(assistant: SeedAssistant.shared)
        let tiling = try #require(SeedAssistant.shared.analyzer.terms("tiling").first)
        let profile = AnswerFixtures.profile([tiling: 3], kind: .definition)
        let usage = AnswerFixtures.candidate(8, "Tiling by hand gets slow once the map passes a thousand cells.", score: 5)
        let naming = AnswerFixtures.candidate(2, "Keeping every tile in its own cache is often referred to as tiling in the map world.", score: 1)
        var picked = [usage]
        composer.leadWithDefinition(profile, ranked: [usage, naming], picked: &picked)
        #expect(Layout.paragraphs(picked).first?.first?.unit.index == 2)
        let other = AnswerFixtures.candidate(2, "Keeping every tile in its own cache is called cache tiling.", score: 1)
        var unchanged = [usage]
        composer.leadWithDefinition(profile, ranked: [usage, other], picked: &unchanged)
        #expect(unchanged.map(\.unit.index) == [8])
    }

    /// "What is a tide gauge record?": the name's last word is its head, which the article titled by the whole name
    /// defines on its own ("A record is…"); in an article whose title lacks a word of the name it is another record.
    @Test func theHeadOfANameIsDefinedInTheArticleTheNameTitles() throws {
        let composer = AnswerComposer(assistant: SeedAssistant.shared)
        let terms = SeedAssistant.shared.analyzer.terms("tide gauge record")
        let profile = QuestionProfile(text: "What is a tide gauge record?", terms: terms, idf: [terms[0]: 2, terms[1]: 4, terms[2]: 1],
                                      mass: 7, unknownMass: 0, unknownWordShare: 0, kind: .definition, sides: [], names: [],
                                      unknownNames: [], wantsNumber: false)
        #expect(AnswerComposer.headTerm(profile) == terms[2])
        var usage = AnswerFixtures.candidate(0, "Tide gauge records kept by harbour offices, for example in Brest since 1711, are long.", score: 5)
        var definition = AnswerFixtures.candidate(3, "A record is a series of sea levels read at one place over the years.", score: 2)
        usage.title = "Tide Gauge Records"; definition.title = "Tide Gauge Records"
        var picked = [usage]
        composer.leadWithDefinition(profile, ranked: [usage, definition], picked: &picked)
        #expect(Layout.paragraphs(picked).first?.first?.unit.index == 3)
        usage.title = "Tide Records"; definition.title = "Tide Records"
        var elsewhere = [usage]
        composer.leadWithDefinition(profile, ranked: [usage, definition], picked: &elsewhere)
        #expect(elsewhere.map(\.unit.index) == [0])
        // Only a "What is X?" question has a head to define.
        let howto = QuestionProfile(text: "How do I read a tide gauge record?", terms: terms, idf: [:], mass: 0, unknownMass: 0,
                                    unknownWordShare: 0, kind: .howto, sides: [], names: [], unknownNames: [], wantsNumber: false)
        #expect(AnswerComposer.headTerm(howto) == nil)
    }

    /// "What is the difference between tide check and tide build?": each side is an article's name, so both articles
    /// are read, though pages that say "check", "build" and "difference" more often rank above them (which of their
    /// sentences answer is the model's to choose: these pages say every word of the question).
    @Test func aComparisonOfTwoNamedArticlesReadsBoth() throws {
        let noise = (1...4).map { i in
            ("notes\(i).md", "# Harbour notes \(i)\n\nThe difference between a tide check and a tide build matters. Check the tide build, then build the tide check. "
                + "A tide build without a tide check differs from a tide check without a tide build. Every difference in a build shows in a check.\n")
        }
        let files = Dictionary(uniqueKeysWithValues: noise + [
            ("check.md", "# tide check\n\nReads the table of every harbour and reports errors without writing a forecast. It looks at each "
                + "station's readings, the heights and times of high and low water, and the moon's phase, and says which of them disagree.\n"),
            ("build.md", "# tide build\n\nWrites the forecast for every harbour from the table. It reads each station's heights and times "
                + "of high and low water, the moon's phase and the season, and writes a page for each harbour and day of the year.\n"),
        ])
        try DispatcherTests.withAssistant(over: files) { assistant in
            let question = "What is the difference between tide check and tide build?"
            let top = try assistant.searcher.search(SearchQuery(text: question, limit: 4)).map(\.title)
            #expect(!(top.contains("tide check") && top.contains("tide build")), "the search alone finds both: \(top)")
            let composer = AnswerComposer(assistant: assistant)
            let profile = QuestionProfile.make(question: question, corrected: question, extra: nil, searcher: assistant.searcher,
                                               analyzer: assistant.analyzer, unknownWeight: composer.unknownWeight,
                                               synonyms: assistant.prompts.synonyms, mistyped: [])
            #expect(profile.kind == .comparison)
            #expect(Set(try composer.namedSides(profile).map(\.title)) == ["tide check", "tide build"])
            // A comparison of other things names no article: nothing is brought in.
            let other = QuestionProfile.make(question: "What is the difference between a check and a forecast?", corrected: "What is the difference between a check and a forecast?",
                                             extra: nil, searcher: assistant.searcher, analyzer: assistant.analyzer)
            #expect(try composer.namedSides(other).isEmpty)
        }
    }

    /// A word the question writes apart from the next and the corpus only joined to it ("deep copy", `deepcopy()`)
    /// is no topic the corpus lacks; a word the corpus has in no form still is.
    @Test func wordsTheCorpusWritesJoined() throws {
        let files = ["copy.md": "# Copying objects\n\nTo make a copy of an object, try copy.copy() or copy.deepcopy().\n",
                     "tides.md": "# Tides\n\nThe moon pulls the sea twice a day.\n"]
        try DispatcherTests.withAssistant(over: files) { assistant in
            func unknown(_ q: String) -> Double {
                QuestionProfile.make(question: q, corrected: q, extra: nil, searcher: assistant.searcher, analyzer: assistant.analyzer).unknownMass
            }
            #expect(unknown("How do I make a deep copy of an object?") == 0)
            #expect(unknown("How do I make a deep copy of an orchard?") > 0)
            #expect(QuestionProfile.joinedCompounds("a Deep Copy", language: nil, searcher: assistant.searcher,
                                                    frequency: assistant.searcher.documentFrequency) == ["deep"])
        }
    }

    /// A question that reads as another language of a mostly English corpus loses that language's stop words from its
    /// English terms too: "un", "los" and "con" would be rare English terms, outweighing what it asks about.
    @Test func aForeignQuestionLosesItsStopWordsInEnglish() throws {
        let files = [
            "en.md": "# Iterators\n\nA closure passed to an iterator adapter runs once for each element of the list.\n",
            "es.md": "# Iteradores\n\nEl cierre que se pasa a un adaptador de iteradores se ejecuta una vez por cada elemento de la lista, "
                + "y es la forma más común de usar los iteradores con los datos.\n",
        ]
        try DispatcherTests.withAssistant(over: files) { assistant in
            let question = "¿Cómo se usa un closure con los iteradores de la lista?"
            #expect(LanguageDetector.detect(question) == "es")
            let terms = assistant.searcher.queryTerms(question).map(\.term)
            #expect(terms.contains("closur") && terms.contains("iterador"), "\(terms)")
            for stop in ["un", "los", "con", "de", "se"] { #expect(!terms.contains(stop), "\(stop) in \(terms)") }
            // An English question keeps its terms.
            #expect(assistant.searcher.queryTerms("closure con man").map(\.term).contains("con"))
        }
    }

    /// A copy of an article (same title, same best passage: a page mirrored in a translation's folder, left untranslated)
    /// is one hit, not two; an article of the same title that says something else is a hit of its own.
    @Test func copiesAreOneHit() throws {
        let text = "# Tide tables\n\nA tide table lists the times and heights of high and low water for one harbour.\n"
        let files = ["a.md": text, "b.md": text,
                     "c.md": "# Tide tables\n\nTide tables for the harbour are printed each spring by the harbour office.\n",
                     "d.md": "# Moon\n\nThe moon raises the tides twice a day.\n"]
        try DispatcherTests.withAssistant(over: files) { assistant in
            let hits = try assistant.searcher.search(SearchQuery(text: "tide table harbour", limit: 10))
            #expect(hits.filter { $0.source == "a.md" || $0.source == "b.md" }.count == 1, "\(hits.map(\.source))")
            #expect(hits.contains { $0.source == "c.md" })
        }
    }

    /// A lowercase "vs" or "versus" is no search term; "VS" in a name is, and so is a query of nothing else.
    @Test func comparisonMarkersAreNoSearchTerms() throws {
        try DispatcherTests.withAssistant(over: ["a.md": "# Tides\n\nSpring vs neap tides, and VS Code on the boat.\n"]) { assistant in
            #expect(assistant.searcher.queryTerms("spring vs neap").map(\.term) == ["spring", "neap"])
            #expect(assistant.searcher.queryTerms("spring versus neap").map(\.term) == ["spring", "neap"])
            #expect(assistant.searcher.queryTerms("VS Code").map(\.term).contains("vs"))
            #expect(assistant.searcher.queryTerms("vs").map(\.term) == ["vs"])
        }
    }

    /// "What is X?": a sentence of the first article that defines X leads, even when it scored lower; a list
    /// item does not lead when prose can.
    @Test func aDefinitionLeadsADefinitionQuestion() throws {
        let composer = AnswerComposer(assistant: SeedAssistant.shared)
        let actor = try #require(SeedAssistant.shared.analyzer.terms("actor").first)
        let profile = AnswerFixtures.profile([actor: 3, "swift": 0.5], kind: .definition)
        let usage = AnswerFixtures.candidate(0, "Even though actors help, races can still happen.", score: 5)
        let definition = AnswerFixtures.candidate(3, "Actors are reference types that isolate their state.", score: 2)
        let otherArticle = AnswerFixtures.candidate(1, "An actor is a person in a play.", doc: 2, score: 1)
        var picked = [usage]
        composer.leadWithDefinition(profile, ranked: [usage, otherArticle, definition], picked: &picked)
        #expect(Layout.paragraphs(picked).first?.first?.unit.index == 3)
        // Nothing defines it in the first article: the picks stay as they are.
        var unchanged = [usage]
        composer.leadWithDefinition(profile, ranked: [usage, otherArticle], picked: &unchanged)
        #expect(unchanged.map(\.unit.index) == [0])
        // Nothing defines it and the best pick is a list item: the article's best prose pick opens instead.
        let item = AnswerFixtures.candidate(6, "Projects experimenting with actors include:", score: 6, list: true)
        let prose = AnswerFixtures.candidate(8, "Teams adopt actors for shared state in services.", score: 2)
        var listed = [item, prose]
        composer.leadWithDefinition(profile, ranked: [item, prose], picked: &listed)
        #expect(Layout.paragraphs(listed).first?.first?.unit.index == 8)
        // An appositive says what X is as well ("… introduces distributed actors, a new kind of…"); one that
        // says what something else is does not ("Our actors use Combine, a framework…").
        let appositive = AnswerFixtures.candidate(4, "Version 6 introduces distributed actors, a new kind of reference type.", score: 1)
        let elsewhere = AnswerFixtures.candidate(5, "Our actors use Combine, a framework for events.", score: 1.5)
        var introduced = [usage]
        composer.leadWithDefinition(profile, ranked: [usage, elsewhere, appositive], picked: &introduced)
        #expect(Layout.paragraphs(introduced).first?.first?.unit.index == 4)
        // A top pick that says what X does gives way to one that says what X is; with none, it stays.
        let does = AnswerFixtures.candidate(7, "The actor documentation provides further help for teams.", score: 5)
        var weak = [does]
        composer.leadWithDefinition(profile, ranked: [does, definition], picked: &weak)
        #expect(Layout.paragraphs(weak).first?.first?.unit.index == 3)
        var kept = [does]
        composer.leadWithDefinition(profile, ranked: [does, usage], picked: &kept)
        #expect(kept.map(\.unit.index) == [7])
        // An article whose title names X gives its definition however low the model scores it.
        var titled = AnswerFixtures.candidate(2, "An actor is a reference type that isolates its state.", doc: 3, score: -50)
        titled.title = "Actors"
        var fromTitle = [usage]
        composer.leadWithDefinition(profile, ranked: [usage, titled], picked: &fromTitle)
        #expect(Layout.paragraphs(fromTitle).first?.first?.unit.doc == 3)
        // "What does X do?": a sentence with X as its subject says it, whatever its verb.
        let acts = AnswerFixtures.candidate(9, "An actor serialises every call made to it.", score: 1)
        let onlyNames = AnswerFixtures.candidate(10, "Names of actors must be unique in a module.", score: 4)
        var plain = [onlyNames]
        composer.leadWithDefinition(profile, ranked: [onlyNames, acts], picked: &plain)
        #expect(plain.map(\.unit.index) == [10])
        var doing = profile
        doing.asksWhatItDoes = true
        var does2 = [onlyNames]
        composer.leadWithDefinition(doing, ranked: [onlyNames, acts], picked: &does2)
        #expect(Layout.paragraphs(does2).first?.first?.unit.index == 9)
    }

    /// A follow-up that adds a subject of its own is answered by sentences that mention it, or declined; one
    /// that adds none ("why?") borrows the last topic whole.
    @Test func aFollowUpsOwnSubjectMustBeInItsAnswer() throws {
        let context = try SeedAssistant.ask("How do I avoid retain cycles in closures?").updating(ConversationContext())
        let unmentioned = try SeedAssistant.ask("What about delegates?", context: context)
        #expect(unmentioned.abstained, "\(unmentioned.answer)")
        // The nearest articles offered are those for delegates, not the retain-cycle article again.
        #expect(!unmentioned.hits.prefix(3).contains { $0.title == "Retain Cycles and Memory Leaks in Swift" }, "\(unmentioned.answer)")
        let mentioned = try SeedAssistant.ask("And with unowned?", context: context)
        #expect(!mentioned.abstained && mentioned.answer.contains("unowned"), "\(mentioned.answer)")
        #expect(try !SeedAssistant.ask("Why?", context: context).abstained)
    }

    /// A follow-up on the same article is answered with what the last answer did not say, when the article
    /// has more to say: a sentence said before loses `said_penalty` of its score.
    @Test func aFollowUpDoesNotRepeatTheLastAnswer() throws {
        let first = try SeedAssistant.ask("How do I avoid retain cycles in closures?")
        let reply = try SeedAssistant.ask("and why does that matter?", context: first.updating(ConversationContext()))
        #expect(!reply.abstained)
        func sentences(_ r: Response) -> [String] {
            let body = r.answer.split(separator: "\n").filter { !$0.hasPrefix("[") && !$0.hasPrefix("Sources") }.joined(separator: " ")
            return body.split(separator: ".").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count > 30 }
        }
        let said = Set(sentences(first)), replied = sentences(reply)
        // It opens with something new and adds more than one new sentence (a list it brings may hold items said before).
        #expect(replied.first.map { !said.contains($0) } == true, "\(reply.answer)")
        #expect(replied.filter { !said.contains($0) }.count >= 2, "\(reply.answer)")
        // --explain says how many candidates the answer before had shown.
        #expect(reply.details.contains { $0.hasPrefix("said before: ") && $0.hasSuffix("candidates lose said_penalty 3") }, "\(reply.details)")
    }

    /// "What if I only want the time?" varies the last question: it is asked in that question's terms.
    @Test func whatIfVariesTheLastQuestion() throws {
        #expect(MessageCues("What if I only want the time?").asksWhatIf)
        #expect(MessageCues("And what if it throws?").asksWhatIf)
        #expect(!MessageCues("What is a formatter?").asksWhatIf)
        let context = try SeedAssistant.ask("How do I format a date for the user's locale?").updating(ConversationContext())
        let reply = try SeedAssistant.ask("What if I only want the time?", context: context)
        #expect(reply.citations.first?.ref.title == "Formatting dates in the user's locale using DateFormatter in Swift", "\(reply.answer)")
    }

    @Test func whatItDoes() {
        #expect(QuestionProfile.asksWhatItDoes("What does the nonlocal statement do?"))
        #expect(QuestionProfile.asksWhatItDoes("I keep seeing these flags. What do -O and -g do?"))
        #expect(!QuestionProfile.asksWhatItDoes("What does the nonlocal statement mean?"))
        #expect(!QuestionProfile.asksWhatItDoes("What do I do?"))
    }

    /// A closing "in X" or "on X" says where the question is set, and is no subject of "What is …?" while other terms remain.
    @Test(arguments: [("What does the -l option do in bc?", "bc"), ("How do I read a file on Linux?", "Linux"),
                      ("Is there a way to do it in Swift 6?", "Swift 6"), ("What is a retain cycle?", ""), ("What's in it?", ""),
                      ("What is the state of the art in machine learning?", "machine learning")])
    func settings(question: String, setting: String) {
        #expect(QuestionProfile.setting(of: question) == setting)
    }

    @Test func theSettingIsNoSubject() {
        var profile = AnswerFixtures.profile(["option": 1, "l": 2, "bc": 4])
        #expect(profile.rarestTerm == "bc")
        profile.settingTerms = ["bc"]
        #expect(profile.rarestTerm == "l")
        profile.settingTerms = ["bc", "l", "option"]
        #expect(profile.rarestTerm == "bc")
    }

    @Test func questionKinds() {
        #expect(QuestionProfile.kind(of: "What's the simplest way to cache images?") == .howto)
        #expect(QuestionProfile.kind(of: "Is there a way to cancel a running task?") == .howto)
        #expect(QuestionProfile.kind(of: "Is a struct the same as a class?") == .comparison)
        #expect(QuestionProfile.kind(of: "How is a struct different from a class?") == .comparison)
        #expect(QuestionProfile.kind(of: "Why do views redraw?") == .why)
        #expect(QuestionProfile.kind(of: "Does Swift have generics?") == .yesNo)
        // Context before the asking sentence does not decide the kind.
        #expect(QuestionProfile.kind(of: "Our builds crawl on CI. Why does the compiler parse every header again?") == .why)
        #expect(QuestionProfile.kind(of: "I keep a large cache. How do I evict old entries?") == .howto)
        // Asking what is wrong or bad about something asks for its limits.
        #expect(QuestionProfile.kind(of: "What's wrong with a global logger?") == .limitation)
        #expect(QuestionProfile.kind(of: "Is anything bad about force unwrapping?") == .limitation)
        #expect(QuestionProfile.kind(of: "Are there any gotchas when caching images?") == .limitation)
        #expect(QuestionProfile.kind(of: "Any caveats with weak references?") == .limitation)
        #expect(QuestionProfile.kind(of: "What went wrong in the build?") == .factoid)
    }

    @Test func captionsAreNotSentences() {
        func unit(_ text: String, code: Bool = false) -> SentenceUnit {
            SentenceUnit(doc: 0, block: 0, index: 0, text: text, heading: nil, terms: [], isCode: code, isListItem: false,
                         words: text.split(separator: " ").count)
        }
        #expect(Cues.isCaption(unit("Main.storyboard Build Settings entry")))
        #expect(!Cues.isCaption(unit("Delete the storyboard.")))
        #expect(!Cues.isCaption(unit("It means “this view became visible.”")))
        #expect(!Cues.isCaption(unit("Call it a day (as you should.)")))
        #expect(Cues.isCaption(unit("Figure 2: “The graph”")))
        #expect(!Cues.isCaption(unit("let x = 1", code: true)))
    }

    /// Sentences from one article form one paragraph with one citation mark.
    @Test func oneArticleOneParagraphOneMark() throws {
        let r = try SeedAssistant.ask("How do I group Swift Testing tests with tags?")
        #expect(!r.abstained)
        let body = r.answer.components("\n\nSources:")[0]
        for c in r.citations { #expect(body.components("[\(c.n)]").count == 2, "\(body)") }
    }

    @Test func summarizesOneArticleInReadingOrder() throws {
        let r = try SeedAssistant.ask("summarize the singleton article")
        #expect(r.call.tool == .summarize)
        #expect(r.answer.contains("Singleton"))
        #expect(r.citations.count == 1)
        let assistant = SeedAssistant.shared
        let short = try assistant.run({ var c = r.call; c.set("length", "short"); return c }(), message: "x", context: ConversationContext())
        #expect(short.answer.split(separator: " ").count < r.answer.split(separator: " ").count)
    }

    /// An article without headings whose prose has too few key terms gets no list of "Key points" ("- Swift" alone).
    @Test func noKeyPointsFromTooFewTerms() throws {
        let r = try SeedAssistant.ask("summarize the article on checking whether two values are equal")
        #expect(r.call.tool == .summarize)
        #expect(r.answer.contains("equal"))
        #expect(!r.answer.contains(SeedAssistant.shared.prompts.template("summary_key_points")), "\(r.answer)")
    }

    /// An article without headings but with enough names and code lists them on one line as key terms, not as points.
    @Test func keyTermsOfAnArticleWithoutHeadings() throws {
        let r = try SeedAssistant.ask("summarize the article about ProductLoader")
        #expect(r.call.tool == .summarize)
        let prompts = SeedAssistant.shared.prompts
        #expect(!r.answer.contains(prompts.template("summary_key_points")), "\(r.answer)")
        let line = r.answer.split(separator: "\n").first { $0.hasPrefix("Key terms: ") }
        #expect(line?.contains("`ProductLoader`") == true && line?.contains("Swift") == false, "\(r.answer)")
        #expect(!r.answer.contains("\n- "), "\(r.answer)")
    }

    @Test func extractsCodeVerbatimAndMetadata() throws {
        let code = try SeedAssistant.ask("show me the code from the singleton article")
        #expect(code.call.tool == .extract)
        #expect(code.answer.contains("```"))
        #expect(code.answer.contains("static let shared"))
        let meta = try SeedAssistant.ask("who wrote the singleton article?")
        #expect(meta.answer.contains("Raphael Martin"))
        #expect(meta.answer.contains("2025-03-14"))
    }

    /// "the code for that container cell" after an answer from the article: the block the words name, after the
    /// sentence that leads into it, and how many were left out. Code asked for by the article's name alone comes whole.
    @Test func codeAskedForByWhatItDoesIsThatCode() throws {
        let first = try SeedAssistant.ask("what is wrong with subclassing UITableViewCell for every list?")
        #expect(first.citations.first?.ref.title.contains("UITableViewCell") == true, "\(first.answer)")
        let code = try SeedAssistant.ask("show me the code where it uses generics", context: first.updating(ConversationContext()))
        #expect(code.call.tool == .extract && code.call.argument("focus") == "uses generics", "\(code.call.display)")
        #expect(code.answer.contains("ViewEmbeddingCollectionViewCell"), "\(code.answer)")
        #expect(!code.answer.contains("struct ProductViewModel"), "\(code.answer)")
        #expect(code.answer.contains("container cell type:\n```"), "\(code.answer)")
        #expect(code.answer.contains("other code blocks in the article"), "\(code.answer)")
        let whole = try SeedAssistant.ask("show me the code from the UITableViewCell subclass article")
        #expect(whole.answer.contains("struct ProductViewModel") && whole.answer.contains("more code blocks"), "\(whole.answer)")
        #expect(!whole.answer.contains("other code blocks in the article"), "\(whole.answer)")
    }

    /// Code described by what it does, with no article named or pointed at, comes from the article discussed last when
    /// that article's code and the prose before it hold every word of the description; otherwise it is a question.
    @Test func describedCodeComesFromTheArticleDiscussedLast() throws {
        let first = try SeedAssistant.ask("who wrote the Firebase Crashlytics GDPR article?")
        let context = first.updating(ConversationContext())
        let code = try SeedAssistant.ask("show me the code that enables crash reporting after consent", context: context)
        #expect(code.call.tool == .extract && code.call.target?.title.contains("Firebase") == true, "\(code.call.display)")
        #expect(code.answer.contains("setCrashlyticsCollectionEnabled(true)"), "\(code.answer)")
        let other = try SeedAssistant.ask("show me the code that sorts an array of structs by a property", context: context)
        #expect(other.call.target?.title.contains("Firebase") != true, "\(other.call.display)")
    }

    /// After a summary, "can you show me the code?" with a subject but no pointer is a request for that article's
    /// code, and "can I see the URL of …" for a link of it; "why would that code …?" then asks about the code shown; code the article does not have is no
    /// request for all of its code.
    @Test func askingToSeeCodeFollowsTheArticleJustDiscussed() throws {
        let first = try SeedAssistant.ask("summarize the Firebase Crashlytics GDPR article")
        var context = first.updating(ConversationContext())
        let code = try SeedAssistant.ask("what about analytics collection, can you show me the code?", context: context)
        #expect(code.call.tool == .extract && code.call.target?.title.contains("Firebase") == true, "\(code.call.display)")
        #expect(code.call.argument("focus") == "analytics collection" && code.answer.contains("```"), "\(code.answer)")
        let link = try SeedAssistant.ask("can I see the URL of the developer agreement?", context: context)
        #expect(link.call.argument("kind") == "links" && link.call.target?.title.contains("Firebase") == true, "\(link.call.display)")
        #expect(link.answer.contains("Apple-Developer-Program-License-Agreement"), "\(link.answer)")
        context = code.updating(context)
        let why = try SeedAssistant.ask("why would that code run only after onboarding?", context: context)
        #expect(why.call.tool == .answer && why.call.target?.title.contains("Firebase") == true, "\(why.call.display)")
        let other = try SeedAssistant.ask("show me the code for SwiftUI previews", context: context)
        #expect(other.call.tool == .answer && other.call.target?.title.contains("Firebase") != true, "\(other.call.display)")
    }

    /// "the link to the license agreement it mentions" is a link of the article, not the article's own address; the
    /// link to the article itself still is.
    @Test func aLinkAskedForByWhatItNamesIsThatLink() throws {
        let first = try SeedAssistant.ask("who wrote the Firebase Crashlytics GDPR article?")
        let context = first.updating(ConversationContext())
        let link = try SeedAssistant.ask("what's the link to the license agreement it mentions?", context: context)
        #expect(link.call.argument("kind") == "links" && link.call.argument("focus") == "license agreement", "\(link.call.display)")
        #expect(link.answer.contains("License-Agreement") && !link.answer.contains("Crashlytics Terms"), "\(link.answer)")
        #expect(link.answer.contains("other links in the article"), "\(link.answer)")
        let own = try SeedAssistant.ask("what is the link to that post?", context: context)
        #expect(own.call.argument("kind") == "metadata" && own.answer.contains("https://dev.srdanstanic.com/firebase"), "\(own.answer)")
    }

    @Test func searchHonoursFilters() throws {
        let r = try SeedAssistant.ask("posts from 2021 please")
        #expect(!r.hits.isEmpty)
        #expect(r.hits.allSatisfy { ($0.date ?? "").hasPrefix("2021") })
    }

    @Test func tokensRebuildTheAnswer() async throws {
        let r = try SeedAssistant.ask("what is a retain cycle?")
        var pieces: [String] = []
        for await t in r.tokens { pieces.append(t) }
        #expect(pieces.count > 5)
        #expect(pieces.joined() == r.answer)
    }

    @Test func corpusQuestionsComeFromTheIndex() throws {
        let r = try SeedAssistant.ask("how many articles are in the corpus?")
        #expect(r.answer.contains("64 articles"))
    }

    /// "what do you know about?" and "what can I ask you?" get what the corpus is and a few titles to start from;
    /// "what do you know about actors?" names a topic and does not.
    @Test(arguments: [("what do you know about?", true), ("What do you know?", true), ("what can I ask you?", true),
                      ("what topics do you cover?", true), ("what do you know about actors?", false), ("what is an actor?", false)])
    func whatItKnows(_ message: String, overview: Bool) throws {
        #expect(CorpusFacts.asksWhatItKnows(MessageCues(message)) == overview, "\(message)")
        guard overview else { return }
        let r = try SeedAssistant.ask(message)
        #expect(r.answer.hasPrefix("The corpus has 64 articles"), "\(r.answer.prefix(80))")
        #expect(r.answer.contains("a few of their titles:\n- "), "\(r.answer)")
    }

    /// "Which feeds…?" and "who are the authors?" ask about the corpus; a longer question that only mentions
    /// sites or authors of something else asks the articles.
    @Test(arguments: [
        ("what feeds are in the corpus?", true), ("list the sources", true), ("who are the authors?", true),
        ("which feeds do you have?", true), ("what sources do you have", true), ("list posts about RSS feeds", false),
        ("which sites and blogs do these articles come from, in the collection?", true),
        ("Where can I see how many people visit my repository and which sites are sending them there?", false),
        ("Should the authors of a library list which sources they borrowed code from?", false),
    ])
    func corpusQuestionsAndQuestionsThatMentionSources(_ message: String, aboutCorpus: Bool) throws {
        let r = try SeedAssistant.ask(message)
        let listed = r.answer.hasPrefix("The articles come from these sources:") || r.answer.hasPrefix("Authors in the corpus:")
        #expect(listed == aboutCorpus, "\(r.answer.prefix(80))")
    }
}

@Suite struct FoldedTextTests {
    @Test func foldsCaseAndCurlyApostrophes() {
        let f = FoldedText("That’s WHY it Works")
        #expect(f.contains(" that's why "))
        #expect(f.contains("works "))
        #expect(!f.contains("that's why it fails"))
        #expect(FoldedText("").contains("") && !FoldedText("").contains("a"))
        #expect(FoldedText("naïve Café").contains("café"))
    }

    /// A byte search gives the index where a part first stands, after non-ASCII text too, as String's own search does.
    @Test(arguments: [("Swift Testing, a new library", ", a ", "Swift Testing"), ("Größe — Maß, an example", ", an ", "Größe — Maß"),
                      ("émoji 🎉: the term", ": ", "émoji 🎉"), ("no separator here", ", a ", nil), ("", ": ", nil),
                      ("ab, a b, a c", ", a ", "ab")] as [(String, String, String?)])
    func firstIndex(text: String, part: String, before: String?) {
        let i = ByteSearch.firstIndex(of: part, in: text)
        #expect(i.map { String(text[..<$0]) } == before, "\(text)")
        #expect(i == text.firstRange(of: part)?.lowerBound)
    }
}

/// The slips a typist makes count; the edits that turn one real word into another do not.
@Suite struct TypoDistanceTests {
    @Test(arguments: [
        ("eror", "error", 1), ("testign", "testing", 1), ("linkng", "linking", 1), ("modifers", "modifiers", 1),
        ("automaticaly", "automatically", 1), ("singelton", "singleton", 1), ("erorr", "error", 1),
        ("tesr", "test", 1), ("opertor", "operator", 1), ("sumarize", "summarize", 1), ("errro", "error", 1),
    ])
    func slips(_ typed: String, _ intended: String, _ expected: Int) {
        #expect(Spelling.distance(Array(typed), Array(intended), limit: 2) == expected)
    }

    @Test(arguments: [
        ("cleanest", "cleanes"), ("chain", "chan"), ("linters", "liters"), ("logger", "longer"), ("revive", "revise"),
        ("hiking", "hiing"), ("wearing", "weaking"), ("splice", "slice"), ("refuses", "reuses"),
    ])
    func realWordsAreNoSlips(_ typed: String, _ other: String) {
        #expect(Spelling.distance(Array(typed), Array(other), limit: 1) == 2)
    }

    @Test func neighbouringKeys() {
        #expect(Spelling.adjacent("g", "t") && Spelling.adjacent("g", "b") && Spelling.adjacent("l", "p") && Spelling.adjacent("s", "d"))
        #expect(!Spelling.adjacent("g", "n") && !Spelling.adjacent("v", "s") && !Spelling.adjacent("r", "k") && !Spelling.adjacent("a", "a"))
    }
}
