import Foundation
@testable import Assistant
import Corpus
import Retrieval
import Testing

/// The dispatcher on labelled messages written for these tests (not the dev set), over the seed corpus.
@Suite(.serialized) struct DispatcherTests {
    @Test(arguments: [
        ("find articles on retain cycles", Tool.search),
        ("any posts about swiftui previews?", .search),
        ("posts by Karin Prater", .search),
        ("summarise the singleton article", .summarize),
        ("tldr of the post about reviewing code", .summarize),
        ("give me the snippets in the networking post", .extract),
        ("who wrote the singleton article?", .extract),
        ("When was Swift's rethrows article published?", .extract),
        // "when" asks for an article's date only with a verb of publishing, or of an article named or discussed.
        ("When was unit testing introduced to Xcode?", .answer),
        ("When was the singleton article written?", .extract),
        // The user's own code is not code to extract.
        ("What does the factory pattern let my code avoid naming when it creates objects?", .answer),
        ("show me the code in the factory article", .extract),
        // "the … post" names one article to ask about; "a post", "which post" and plurals ask for articles.
        ("In the singleton post about thread safety, which keyword do you put before init to stop other instances?", .answer),
        ("which post explains retain cycles in closures?", .search),
        ("do you know any posts about actors?", .search),
        // "Code" as a value ("exit code", "status code") is asked about, not shown.
        ("In the networking article, which status code counts as success?", .answer),
        ("what exit code should my test script return when the build fails?", .answer),
        ("show me the error handling code in the networking article", .extract),
        // A cue word inside an identifier ("dead_code") is part of a name; standing alone it still asks.
        ("What does the unused_code warning mean and how do I silence it?", .answer),
        ("show me the code that sets unused_code in the networking article", .extract),
        // A metadata word inside a long question about the content does not make it a metadata request.
        ("How many closures in Swift's standard library were marked rethrows when it was open-sourced, and can a closure published under a different module throw?", .answer),
        ("headings of the retain cycles article", .extract),
        ("what is a retain cycle?", .answer),
        ("how do I prevent a retain cycle in a closure", .answer),
        ("why would I use an actor instead of a lock", .answer),
        // A question close to one title but naming no summary asks about the content; one that names it does not.
        ("what does unit testing of view models depend on?", .answer),
        ("what does the auto linking excerpt rely on?", .answer),
        ("what does the ViewCode article say?", .summarize),
        ("what is the singleton article about?", .summarize),
        // A statement to check is answered; one that asks for something in so many words still gets it.
        ("The singleton pattern creates one shared instance for the whole app.", .answer),
        ("Actors protect mutable state from data races in Swift.", .answer),
        ("Summarize the singleton article for me.", .summarize),
        ("Show me the code from the singleton article.", .extract),
        ("/search actors", .search),
        ("/extract links singleton", .extract),
        // "anything on…" asks for articles; "anything in… that…" asks for a fact.
        ("got anything about keychain storage?", .search),
        ("is there something on retain cycles", .search),
        ("Is there anything in the standard library that checks a closure for retain cycles?", .answer),
        // …and so does "anything in here on…": a place in the corpus between the pronoun and its topic.
        ("anything in here about unit testing view models?", .search),
        ("is there anything in these posts on code review", .search),
        ("got something here about singletons?", .search),
        ("Is there anything in here that explains why a closure retains self?", .answer),
        // …and leads the message when it does: late in a question it is part of the question.
        ("What's a tidy way to retry a request without the caller knowing anything about retries?", .answer),
        // A request to be taken through something wants an answer, question mark or not.
        ("My view controller never goes away. Walk me through finding the leak with Instruments.", .answer),
        ("show me how to group tests with tags", .answer),
        // A page asked for by what it covers is a search; the word "page" alone asks for nothing.
        ("which page documents test tags", .search),
        ("is there a guide on unit testing view models?", .search),
        ("where are the docs for XCTest expectations", .search),
        ("what is the page size of a memory mapped file?", .answer),
    ])
    func picksTheTool(message: String, tool: Tool) {
        #expect(SeedAssistant.shared.dispatch(message, context: ConversationContext()).tool == tool, "\(message)")
    }

    @Test func resolvesANamedArticle() {
        let call = SeedAssistant.shared.dispatch("summarize the singleton article", context: ConversationContext())
        #expect(call.target?.title.contains("Singleton") == true)
        #expect(call.display.hasPrefix("→ summarize(article: \"Design Patterns in Swift: Singleton\""))
    }

    /// "What does the X article say about Y?" asks that article about Y: an answer from it alone, to Y, with the
    /// article named by the words before "about". Without a Y of its own it is a summary, and so is a question
    /// across articles.
    @Test func whatOneArticleSaysAboutSomething() throws {
        let assistant = SeedAssistant.shared
        let call = assistant.dispatch("what does the singleton post say about thread safety?", context: ConversationContext())
        #expect(call.tool == .answer && call.targetOnly && call.argument("question") == "thread safety?")
        #expect(call.target?.title.contains("Singleton") == true, "\(call)")
        let named = assistant.dispatch("What does the Factory article say about testing?", context: ConversationContext())
        #expect(named.tool == .answer && named.target?.title.contains("Factory") == true, "\(named)")
        for message in ["what does the ViewCode article say?", "what does the singleton article say about singletons?",
                        "what do the articles say about SwiftUI performance?"] {
            #expect(assistant.dispatch(message, context: ConversationContext()).tool == .summarize, "\(message)")
        }
        let context = try SeedAssistant.ask("summarize the singleton article").updating(ConversationContext())
        let back = assistant.dispatch("what does it say about caching?", context: context)
        #expect(back.tool == .answer && back.target?.title.contains("Singleton") == true, "\(back)")
        // A topic the article does not cover is declined in words that name it.
        let r = try SeedAssistant.ask("What did the atomic article say about Kotlin coroutines?")
        #expect(r.abstained && r.call.target?.title.contains("atomic") == true, "\(r.answer)")
    }

    /// Words that several titles share names a topic, not an article; with an article noun it still names one.
    @Test func oneWordInSeveralTitlesIsATopic() {
        let assistant = SeedAssistant.shared
        #expect(assistant.dispatch("what is an actor?", context: ConversationContext()).target == nil)
        #expect(assistant.dispatch("what is a singleton?", context: ConversationContext()).target?.title.contains("Singleton") == true)
        // So do words that several titles hold all of.
        #expect(assistant.dispatch("what are memory leaks?", context: ConversationContext()).target == nil)
        #expect(assistant.dispatch("what is swift testing?", context: ConversationContext()).target == nil)
    }

    /// An ordinal alone after a list opens that result as a summary; with a request it does what is asked.
    @Test func anOrdinalAloneOpensThatResult() throws {
        let context = try SeedAssistant.ask("find articles about retain cycles").updating(ConversationContext())
        for message in ["the second one", "second one", "number 2"] {
            let call = SeedAssistant.shared.dispatch(message, context: context)
            #expect(call.tool == .summarize && call.target == context.lastHits[1], "\(message): \(call)")
        }
        #expect(SeedAssistant.shared.dispatch("show me the code from the second one", context: context).tool == .extract)
    }

    @Test func followUpsUseTheContext() throws {
        let first = try SeedAssistant.ask("find articles about retain cycles")
        #expect(!first.hits.isEmpty)
        let context = first.updating(ConversationContext())
        let second = SeedAssistant.shared.dispatch("summarize the second one", context: context)
        #expect(second.tool == .summarize)
        #expect(second.target == context.lastHits[1])
        let third = SeedAssistant.shared.dispatch("who wrote it?", context: context)
        #expect(third.tool == .extract && third.argument("kind") == "metadata")
        #expect(third.target == context.lastArticle)
    }

    /// "how is that different from X?" after an answer sets the last topic against X: no single article is
    /// the target, even when a title names X; a message that names an article keeps it.
    @Test func comparingTheLastTopicWithSomethingElse() throws {
        let first = try SeedAssistant.ask("how do actors prevent data races?")
        let context = first.updating(ConversationContext())
        let call = SeedAssistant.shared.dispatch("how is that different from using a serial queue?", context: context)
        #expect(call.tool == .answer && call.target == nil, "\(call)")
        let named = SeedAssistant.shared.dispatch("how is that different from what the singleton article says?", context: context)
        #expect(named.target?.title == "Design Patterns in Swift: Singleton", "\(named)")
        // After an article's summary the article is the topic, and the answer speaks of both sides.
        let summary = try SeedAssistant.ask("summarize the singleton article")
        let after = summary.updating(ConversationContext())
        #expect(after.lastTopic == "Design Patterns in Swift: Singleton")
        let message = "how is that different from a factory?"
        let reply = try SeedAssistant.shared.run(SeedAssistant.shared.dispatch(message, context: after), message: message, context: after)
        #expect(Set(reply.citations.map(\.ref.title)).isSuperset(of: ["Design Patterns in Swift: Singleton", "Design Patterns in Swift: Factory"]), "\(reply.answer)")
    }

    /// After a summary, "what does it say about testing?" asks that article about testing, even though "testing"
    /// names other articles' titles: an answer from it, not another summary.
    @Test func itSaysAfterASummary() throws {
        let summary = try SeedAssistant.ask("summarize the factory pattern post")
        let context = summary.updating(ConversationContext())
        let call = SeedAssistant.shared.dispatch("What does it say about testing?", context: context)
        #expect(call.tool == .answer && call.target == context.lastArticle && call.target?.title == "Design Patterns in Swift: Factory", "\(call)")
    }

    /// "Which one …?" picks among the articles a search listed, and among the things an answer named after an
    /// answer: there it is a question about the last topic, answered with its words.
    @Test func whichOneAfterAnAnswer() throws {
        let answer = try SeedAssistant.ask("how do I avoid retain cycles in closures?").updating(ConversationContext())
        let call = SeedAssistant.shared.dispatch("Which one wins when both set a value?", context: answer)
        #expect(call.tool == .answer, "\(call)")
        #expect(MessageCues("Which one wins when both set a value?").picksAmongThoseSaid)
        #expect(!MessageCues("Which one of the sort methods is stable?").picksAmongThoseSaid)
        let search = try SeedAssistant.ask("find posts about retain cycles").updating(ConversationContext())
        #expect(SeedAssistant.shared.dispatch("Which one wins when both set a value?", context: search).tool == .search)
    }

    /// After a plain search, "it" in a question about the content is the topic searched for; "what does it
    /// say" is still the first result; a search with nothing of its own searches the last topic again.
    @Test func afterAListItIsTheTopic() throws {
        let search = try SeedAssistant.ask("find posts about retain cycles")
        let context = search.updating(ConversationContext())
        #expect(context.lastArticleIsFirstHit)
        let question = SeedAssistant.shared.dispatch("how do I avoid it in a closure?", context: context)
        #expect(question.tool == .answer && question.target == nil, "\(question)")
        let says = SeedAssistant.shared.dispatch("what does it say about weak references?", context: context)
        #expect(says.target == context.lastArticle, "\(says)")
        let picked = try SeedAssistant.ask("which one is about instruments?", context: context)
        #expect(!picked.updating(context).lastArticleIsFirstHit)

        let answer = try SeedAssistant.ask("what is a retain cycle?")
        let again = SeedAssistant.shared.dispatch("which other posts talk about that?", context: answer.updating(ConversationContext()))
        #expect(again.tool == .search && again.argument("query") == "retain cycle", "\(again)")
        let another = SeedAssistant.shared.dispatch("is there another article about this?", context: answer.updating(ConversationContext()))
        #expect(another.tool == .search && another.argument("query") == "retain cycle", "\(another)")
    }

    /// A question mark inside the message, or a later sentence or clause that opens with a question word, asks a
    /// question as a closing question mark does; a message that only lists what it wants does not.
    @Test(arguments: [("my retried request fails right away?? what is going on", true),
                      ("the deinit never runs after dismissing the screen. why", true),
                      ("tests pass locally but time out on CI, how come", true),
                      ("posts about actors, newest first", false),
                      ("retain cycles in closures", false)])
    func laterClausesAsk(message: String, expected: Bool) {
        #expect(MessageCues(message).isQuestion == expected, "\(message)")
    }

    /// "how long is it?" asks for the length of the article discussed; "how long does it …?" asks about its content.
    @Test func howLongIsTheLengthOnlyOfTheArticle() throws {
        let first = try SeedAssistant.ask("summarize the singleton article")
        let context = first.updating(ConversationContext())
        let length = SeedAssistant.shared.dispatch("how long is it?", context: context)
        #expect(length.tool == .extract && length.argument("kind") == "metadata", "\(length)")
        let content = SeedAssistant.shared.dispatch("how long does it keep the shared instance alive?", context: context)
        #expect(content.tool == .answer, "\(content)")
    }

    /// "the link to that post" asks for the URL of the article discussed, though "link" matches another title.
    @Test func linkToThatPostIsItsURL() throws {
        let first = try SeedAssistant.ask("How do I force my app out of memory on a device?")
        let context = first.updating(ConversationContext())
        for message in ["can I have the link to that post", "what's the link to this article?", "send me the link to that post",
                        "give me the link of that post", "can you share the link?", "link please"] {
            let call = SeedAssistant.shared.dispatch(message, context: context)
            #expect(call.tool == .extract && call.argument("kind") == "metadata", "\(message): \(call)")
            #expect(call.target == context.lastArticle, "\(message): \(call)")
        }
        // Links in the plural are the article's links, not its address.
        let links = SeedAssistant.shared.dispatch("show me the links from it", context: context)
        #expect(links.tool == .extract && links.argument("kind") == "links" && links.target == context.lastArticle, "\(links)")
    }

    /// "show me the example that adds a tag to a test" after an answer from an article whose code does that: the code,
    /// focused on what the message says it does; "show me an example" alone stays a request for an example of the topic,
    /// and an example the article's code does not have is not taken from it.
    @Test func aDescribedExampleIsTheArticlesCode() throws {
        let first = try SeedAssistant.ask("what is swift testing?")
        let context = first.updating(ConversationContext())
        for (message, focus) in [("could you show me the example that adds a tag to a test?", "adds tag test"),
                                 ("ok show me the example where it tags tests", "tags tests"),
                                 ("give me the examples that use the expect macro", "use expect macro")] {
            let call = SeedAssistant.shared.dispatch(message, context: context)
            #expect(call.tool == .extract && call.argument("kind") == "code" && call.target == context.lastArticle, "\(message): \(call)")
            #expect(call.argument("focus") == focus, "\(message): \(call)")
        }
        #expect(SeedAssistant.shared.dispatch("show me an example", context: context).tool == .answer)
        let elsewhere = SeedAssistant.shared.dispatch("could you show me the example that decodes a json payload with codable?", context: context)
        #expect(elsewhere.target != context.lastArticle || elsewhere.tool == .answer, "\(elsewhere)")
    }

    @Test(arguments: [("tell me about actors", Tool.answer), ("tell me more about retain cycles", .answer),
                      ("tell me about posts on actors", .search)])
    func tellMeAboutIsAnswered(message: String, tool: Tool) {
        #expect(SeedAssistant.shared.dispatch(message, context: ConversationContext()).tool == tool, "\(message)")
        if tool == .answer { #expect(QuestionProfile.kind(of: message) == .definition) }
    }

    /// "what else did that author write?" lists the articles of the author of the article discussed last;
    /// with nothing discussed, there is no author to list.
    @Test func thatAuthorIsTheLastArticlesAuthor() throws {
        let first = try SeedAssistant.ask("summarize the singleton article")
        let context = first.updating(ConversationContext())
        for message in ["what else did that author write?", "what else have they written?", "what other posts did the same author write?"] {
            let call = SeedAssistant.shared.dispatch(message, context: context)
            #expect(call.tool == .search && call.argument("author") == "Raphael Martin" && call.argument("query") == "", "\(message): \(call)")
        }
        let topical = SeedAssistant.shared.dispatch("what else did that author write about testing?", context: context)
        #expect(topical.argument("author") == "Raphael Martin" && topical.argument("query") == "testing", "\(topical)")
        let fresh = SeedAssistant.shared.dispatch("what else did that author write?", context: ConversationContext())
        #expect(fresh.argument("author") == nil, "\(fresh)")
    }

    /// About the article just summarized, "what's the X …?" asks for X: the article's metadata when X is a part of
    /// it (its author, its date, its link), its content otherwise, whatever metadata word follows ("the package the
    /// author published").
    @Test(arguments: [("what's the tool the author released called?", Tool.answer), ("what is the framework the author published last year?", .answer),
                      ("what is the author's name?", .extract), ("what is the publication date?", .extract), ("what's the link to that post?", .extract)])
    func whatIsTheNounAsksForThatNoun(message: String, tool: Tool) throws {
        let context = try SeedAssistant.ask("summarize the singleton article").updating(ConversationContext())
        let call = SeedAssistant.shared.dispatch(message, context: context)
        #expect(call.tool == tool && call.target == context.lastArticle, "\(message): \(call)")
    }

    @Test(arguments: [("what's the tool the author released called?", "tool"), ("what is the author's name?", "author"),
                      ("which feed is it from?", "feed"), ("what was the date?", "date"), ("what do they say?", nil), ("the author?", nil)])
    func askedNoun(message: String, noun: String?) {
        #expect(MessageCues(message).askedNoun == noun, "\(message)")
    }

    /// "what about X?" asks the last turn's kind of thing again about X; after an extract, or with nothing
    /// after "about" but a pronoun, the classifier decides.
    @Test(arguments: [
        ("how do actors prevent data races?", "what about the main actor?", Tool.answer),
        ("summarize the singleton article", "what about the factory one?", Tool.summarize),
        ("find posts about testing", "and what about logging?", Tool.search),
    ])
    func whatAboutRepeatsTheLastTool(first: String, then: String, expected: Tool) throws {
        let context = try SeedAssistant.ask(first).updating(ConversationContext())
        let call = SeedAssistant.shared.dispatch(then, context: context)
        #expect(call.tool == expected, "\(call.reasons)")
        if expected == .search { #expect(call.argument("query") == "logging") }
    }

    /// The place a request for articles names ("in here", "in these posts") is no part of what it looks for.
    @Test(arguments: ["anything in here about retain cycles?", "got anything here on retain cycles", "is there anything in these posts on retain cycles?"])
    func aPlaceInTheCorpusIsNoSearchTerm(message: String) {
        let call = SeedAssistant.shared.dispatch(message, context: ConversationContext())
        #expect(call.tool == .search && call.argument("query") == "retain cycles", "\(call)")
    }

    @Test(arguments: [
        ("what about reentrancy?", true), ("And how about Combine?", true), ("ok what about the newest posts", true),
        ("what about it?", false), ("what about that one", false), ("what is it about?", false),
        ("what about the many ways to write a test case in a modern codebase today?", false),
    ])
    func asksWhatAbout(message: String, expected: Bool) {
        #expect(MessageCues(message).asksWhatAbout == expected)
    }

    /// A message points back with "it", with phrases that name the article, with a demonstrative, "instead" or
    /// "though" at its end, or with "those"/"these" before what the last answer named.
    @Test(arguments: [
        ("Why did the project need this?", true), ("Can I cancel it?", true), ("who wrote that article?", true),
        ("how do I do that", true), ("Is this thread safe?", false), ("that works on Linux", false), ("this", false),
        ("What is a retain cycle?", false),
        ("any tips for managing all those strings?", true), ("are these tests slow?", true),
        ("a tool for those who test by hand", false), ("what do apps use these days?", false),
        ("ok so what should I use instead?", true), ("instead of locks, what can I use?", false),
        ("isn't the streaming version slower though?", true), ("though simple, is SQLite fast?", false),
        ("does that code leak?", true), ("what does this code print?", true), ("what would the async version of that be?", true),
        ("summarize that release", true), ("what else does this chapter say?", true), ("is that paper peer reviewed", true),
        ("which release added it?", true), ("summarize the release notes", false),
        ("any pitfalls with that approach?", true), ("is this technique thread-safe?", true), ("what is a good approach to caching?", false),
        ("give me a summary of this study", true), ("what does this report conclude?", true), ("which study found it?", true),
    ])
    func pointsBack(message: String, expected: Bool) {
        #expect(MessageCues(message).pointsBack == expected, "\(message)")
    }

    @Test(arguments: [
        ("what does the dead_code lint do?", "code", true), ("is source_code_url set?", "code", true),
        ("show the code for dead_code", "code", false), ("what does the dead code lint do?", "code", false),
        ("links_per_page and the links", "links", false), ("what is __links__?", "links", true), ("code", "code", false),
    ])
    func cueWordsInsideIdentifiers(message: String, word: String, expected: Bool) {
        #expect(MessageCues(message).onlyInIdentifiers(word) == expected, "\(message)")
    }

    /// A question about code or links already shown names them after a demonstrative and asks to see nothing.
    @Test(arguments: [
        ("which release would refuse that code?", "code", true), ("why does this code leak?", "code", true),
        ("are those links still up?", "links", true), ("can you show me that code again?", "code", false),
        ("what code does it use for retries?", "code", false), ("show me the code for the retry", "code", false),
        ("that code is wrong", "code", false), ("give me the links", "links", false),
    ])
    func asksAboutShown(message: String, cue: String, expected: Bool) {
        #expect(MessageCues(message).asksAboutShown(cue) == expected, "\(message)")
    }

    /// A request's focus is what it says of the items: not how it asks, its pronouns or the cue.
    @Test(arguments: [
        ("let me see the link for the developer program agreement", "link", "developer program agreement"),
        ("show me the code where it retries", "code", "retries"), ("can I see the code?", "code", nil),
    ] as [(String, String, String?)])
    func itemFocus(message: String, cue: String, expected: String?) {
        #expect(Dispatcher.itemFocus(MessageCues(message), cue: cue) == expected, "\(message)")
    }

    @Test(arguments: [
        ("can you show me the code?", true), ("give me the links it has", true), ("let me see the before and after", true),
        ("what does the code show?", false), ("how do I show a sheet?", false),
    ])
    func asksToSee(message: String, expected: Bool) {
        #expect(MessageCues(message).asksToSee == expected, "\(message)")
    }

    /// "one" as the last topic's thing, not as a number or a pick from a list.
    @Test(arguments: [
        ("how do I break one in a closure?", true), ("is there one for Linux?", true), ("can you show me one", true),
        ("can I have more than one?", false), ("which one is faster?", false), ("one of the tests fails", false),
        ("one more question", false), ("the first one", false), ("what is a retain cycle?", false),
    ])
    func oneStandsForTheTopic(message: String, expected: Bool) {
        #expect(MessageCues(message).standsForTopic == expected, "\(message)")
    }

    /// A follow-up whose every content word asks for a kind of thing, not a topic.
    @Test(arguments: [
        ("why?", true), ("what are the downsides?", true), ("give me an example", true), ("so how does it work?", true),
        ("can you expand on that?", true), ("go on", true), ("tell me more", true), ("which is better?", true),
        ("any caveats with this method?", true), ("what are the pitfalls of this technique?", true),
        ("why does my view redraw?", false), ("what are the downsides of singletons?", false), ("what is a retain cycle?", false),
    ])
    func followUpsWithoutATopic(message: String, expected: Bool) {
        #expect(MessageCues(message).asksAboutTheLastTopic == expected, "\(message)")
    }

    /// After an answer, "show me an example" wants an example of the topic, wherever it is; "show me the
    /// code" still extracts the article's code.
    @Test func anExampleOfTheLastTopic() throws {
        let context = try SeedAssistant.ask("how do actors prevent data races?").updating(ConversationContext())
        for message in ["show me an example", "give me an example"] {
            #expect(SeedAssistant.shared.dispatch(message, context: context).tool == .answer, "\(message)")
        }
        #expect(SeedAssistant.shared.dispatch("show me the code", context: context).tool == .extract)
    }

    @Test(arguments: [("show me an example", true), ("give me an example", true), ("examples?", true),
                      ("go on", false), ("why?", false), ("show me an example of a retain cycle", false)])
    func asksForAnExample(message: String, expected: Bool) {
        #expect(MessageCues(message).asksForExample == expected, "\(message)")
    }

    /// An extract that names no kind of item: "list the …" asks for the article's named things (key terms), anything
    /// else for its code.
    @Test(arguments: [
        ("list the types mentioned in the singleton article", "terms"),
        ("show me the code in the factory article", "code"),
    ])
    func extractWithoutAKind(message: String, kind: String) {
        let call = SeedAssistant.shared.dispatch(message, context: ConversationContext())
        #expect(call.tool == .extract && call.argument("kind") == kind, "\(call)")
    }

    /// Runs `body` with an assistant over a corpus of these Markdown files, in a directory of its own that is
    /// removed afterwards.
    static func withAssistant(over files: [String: String], _ body: (Assistant) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.path + "/lore-dispatch-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        let index = try Index(path: dir + "/index.sqlite", corpus: dir)
        _ = try index.update()
        try body(try Assistant(index: index, prompts: try PromptLibrary.load(from: SeedAssistant.package + "/Prompts")))
    }

    /// A misspelt word is corrected to a word the index has; a stem and an ending that make no word ("real" +
    /// "y" for "reply") are no correction.
    @Test func spellingCorrectsToWordsTheIndexHas() throws {
        let files = ["a.md": "# Notes\n\nThe error message is real and really annoying. Real errors happen in real builds. Keep it clean. Shake it.\n",
                     "b.md": "# More\n\nAnother error message, a real one, and a really long one. Shake the tree.\n"]
        try Self.withAssistant(over: files) { assistant in
            #expect(assistant.spelling.correct("the error mesage").text == "the error message")
            #expect(assistant.spelling.correct("no reply yet").text == "no reply yet")
            // A known word with an ending Snowball keeps is that word.
            #expect(assistant.spelling.correct("the cleanest message").text == "the clean message")
            #expect(assistant.spelling.correct("the realest one").text == "the real one")
            #expect(assistant.spelling.correct("the shortest one").text == "the shortest one")
            // A word English writes is no typo of a word the corpus has: "snake" is not "shake"; "shaek" is.
            #expect(assistant.spelling.correct("a snake bite").text == "a snake bite")
            let typo = assistant.spelling.correct("shaek the tree")
            #expect(typo.text == "shake the tree" && typo.typos == ["shaek"], "\(typo)")
            #expect(assistant.spelling.correct("the cleanest message").typos.isEmpty)
        }
    }

    /// An article named by several words is the one whose title holds them all, even where a word is in every article
    /// and another article, which holds only the rarer word in its title, ranks first for them.
    @Test func aTitleWithEveryNamedWordWins() throws {
        let common = "Quill is a language. Quill ships with a compiler. "
        var files = [
            "a.md": "# Package Collections\n\n" + common + "Packages are listed in collections, and collections hold packages. Collections are signed; collections are shared.\n",
            "b.md": "# Introducing Quill Collections\n\n" + common + "The collections library adds a deque and an ordered set.\n",
        ]
        for (i, topic) in ["Tips", "Macros", "Testing", "Servers", "Embedded", "Tooling"].enumerated() {
            files["t\(i).md"] = "# Quill \(topic)\n\n" + common + "\(topic) in Quill, for everyone.\n"
        }
        try Self.withAssistant(over: files) { assistant in
            let call = assistant.dispatch("summarize the post about quill collections", context: ConversationContext())
            #expect(call.tool == .summarize && call.target?.title == "Introducing Quill Collections", "\(call)")
            // One word in several titles still names no article over the best match.
            #expect(assistant.dispatch("summarize the post about packages", context: ConversationContext()).target?.title == "Package Collections")
        }
    }

    /// "How does the disk helper compare to the memory helper?" is answered from the helpers' pages, not from a page
    /// that compares other things: "compare" is the question's shape, no search term.
    @Test func aComparisonSearchesForItsSidesNotForComparing() throws {
        var files = [
            "disk.md": "# Disk helper\n\nThe disk helper writes each secret to a file in your home folder. The file is plain text.\n",
            "memory.md": "# Memory helper\n\nThe memory helper keeps each secret in a daemon for fifteen minutes. Nothing is written to a file.\n",
            "diff.md": "# Comparing trees\n\nTo compare two trees, diff them; compare the index with the tree to see what was compared. "
                + "Comparing often, compare again: compared trees are compared by name.\n",
        ]
        for topic in ["Tips", "Tags", "Hooks", "Remotes"] { files[topic + ".md"] = "# " + topic + "\n\nNotes on " + topic.lowercased() + " and helpers.\n" }
        try Self.withAssistant(over: files) { assistant in
            let r = try assistant.respond("How does the disk helper compare to the memory helper?", context: ConversationContext())
            #expect(!r.citations.contains { $0.ref.title == "Comparing trees" }, "\(r.answer)")
            #expect(r.citations.contains { $0.ref.title == "Disk helper" } && r.citations.contains { $0.ref.title == "Memory helper" }, "\(r.answer)")
        }
    }

    /// "What is a quern?" over a corpus with a glossary: the section headed "Quern" says what it is and leads the
    /// answer, though pages that use the word often rank above the glossary; the glossary's other entries stay out
    /// ("It is a frame…" of the entry above would read as said of a quern).
    @Test func aSectionHeadedByTheNameDefinesIt() throws {
        var files = [
            "glossary.md": "# Glossary\n\nWords used in these notes.\n\n## Loom\n\nIt is a frame that holds threads taut for weaving.\n\n"
                + "## Quern\n\nA pair of round stones for grinding grain by hand, the upper one turned over the lower.\n\n## Sickle\n\nA curved blade for cutting grain.\n",
        ]
        for (i, topic) in ["Milling at home", "Village bakeries", "Harvest week"].enumerated() {
            files["p\(i).md"] = "# \(topic)\n\nThe quern stood by the door. We used the quern daily; a quern needs care, and every quern wears down. "
                + "Turning the quern is slow work.\n"
        }
        try Self.withAssistant(over: files) { assistant in
            let r = try assistant.respond("What is a quern?", context: ConversationContext())
            #expect(r.answer.hasPrefix("A pair of round stones for grinding grain by hand"), "\(r.answer)")
            #expect(!r.answer.contains("frame that holds threads") && !r.answer.contains("curved blade"), "\(r.answer)")
        }
    }

    /// `withAssistant`, with the conversation as it stands after `question` was answered.
    static func afterAnswering(_ question: String, over files: [String: String], _ body: (Assistant, ConversationContext) throws -> Void) throws {
        try withAssistant(over: files) { assistant in
            try body(assistant, try assistant.respond(question, context: ConversationContext()).updating(ConversationContext()))
        }
    }

    /// "Does it work on Linux?" after an answer asks that answer's topic about Linux, of the article it cited: one
    /// word of another title ("The Quill Linux Port") does not name that article, and the answer is about the topic.
    @Test func itAfterAnAnswerIsItsTopic() throws {
        let files = [
            "quill2.md": "# Announcing Quill 2\n\nQuill 2 ships a faster compiler and new packages that work together.\n\n## Quill Checks\n\nQuill 2 introduces Quill Checks, a new testing library. Quill Checks supports every platform that Quill supports, including Linux and Windows. Its macros describe each check.\n\n## Packages\n\nPackages now build in parallel on Linux and macOS.\n",
            "linux.md": "# The Quill Linux Port\n\nThe Linux port of Quill is a work in progress. It builds with the system compiler and links against glibc on every distribution.\n",
            "web.md": "# Quill on the Web\n\nQuill compiles to WebAssembly and runs in the browser, where its work happens.\n",
        ]
        try Self.afterAnswering("What is Quill Checks?", over: files) { assistant, context in
            let call = assistant.dispatch("Does it work on Linux?", context: context)
            #expect(call.tool == .answer && call.target?.title == "Announcing Quill 2", "\(call)")
            let reply = try assistant.run(call, message: "Does it work on Linux?", context: context)
            #expect(reply.answer.hasPrefix("Quill Checks supports every platform"), "\(reply.answer)")
            // Two words of its title do name it.
            #expect(assistant.dispatch("Does it run on the Quill Linux port?", context: context).target?.title == "The Quill Linux Port")
        }
    }

    /// After an extract, a bare "when?" or "who?" asks the same article for its date or author; after an answer it is
    /// a question about the topic.
    @Test func aBareWhenAfterAnExtractAsksForTheDate() throws {
        let extract = try SeedAssistant.ask("who wrote the singleton article?")
        #expect(extract.call.tool == .extract)
        let context = extract.updating(ConversationContext())
        for word in ["when?", "who?"] {
            let call = SeedAssistant.shared.dispatch(word, context: context)
            #expect(call.tool == .extract && call.argument("kind") == "metadata" && call.target == context.lastArticle, "\(word): \(call)")
        }
        let answer = try SeedAssistant.ask("what is a retain cycle?").updating(ConversationContext())
        #expect(SeedAssistant.shared.dispatch("when?", context: answer).tool != .extract)
    }

    /// After an answer, "what did they report for rats?" asks the article just answered from, though another article
    /// matches "report" and "rats" better; one that names an article does not.
    @Test func theyAfterAnAnswerAreThatArticles() throws {
        let files = [
            "gene.md": "# Gene Q and tumours\n\nGene Q is deleted in many human cancers. In rats, losing one copy of gene Q raised the rate of tumours by half.\n",
            "rats.md": "# Keeping rats in the lab\n\nLab rats live about two years. Researchers report that rats breed easily, and report that rats in quiet rooms breed best.\n",
        ]
        try Self.afterAnswering("Is gene Q deleted in human cancers?", over: files) { assistant, context in
            #expect(context.lastArticle?.title == "Gene Q and tumours")
            let call = assistant.dispatch("what did they report for rats?", context: context)
            #expect(call.tool == .answer && call.target?.title == "Gene Q and tumours" && call.fromConversation, "\(call)")
            let reply = try assistant.run(call, message: "what did they report for rats?", context: context)
            #expect(reply.answer.hasPrefix("In rats, losing one copy of gene Q"), "\(reply.answer)")
            #expect(assistant.dispatch("what did they report in the lab rats article?", context: context).target?.title == "Keeping rats in the lab")
        }
    }

    /// After a summary, "any pitfalls with that approach?" asks the summarized article about its topic's limits,
    /// though its own words ("pitfalls", "approach") are in no article.
    @Test func aFollowUpWithoutWordsOfItsOwnAsksTheArticleSummarized() throws {
        let files = [
            "cache.md": "# Caching images on disk\n\nA disk cache keeps downloaded images between launches. Each image is stored under a hash of its address, and the cache evicts the oldest files first when it grows past its limit.\n\nThe cache only holds images smaller than five megabytes, and the first launch after an update is slow because the cache is rebuilt.\n\nReading an image from the cache takes a few milliseconds, far less than a download.\n",
            "fonts.md": "# Choosing fonts\n\nA system font scales with the reader's settings. A custom font needs a licence and must be bundled with the app.\n",
        ]
        try Self.withAssistant(over: files) { assistant in
            let summary = try assistant.respond("summarize the article on caching images", context: ConversationContext())
            #expect(summary.call.tool == .summarize)
            let context = summary.updating(ConversationContext())
            let reply = try assistant.respond("any pitfalls with that approach?", context: context)
            #expect(reply.call.target?.title == "Caching images on disk" && !reply.abstained, "\(reply.answer)")
            #expect(reply.answer.contains("only holds images smaller than five megabytes"), "\(reply.answer)")
        }
    }

    /// "give me the unit test code from it": what is taken "from it" comes from the article discussed, though two words
    /// of the message make another article's whole title.
    @Test func fromItIsTheArticleDiscussed() throws {
        let files = [
            "net.md": "# A network layer in Quill\n\nCancel a pending request when the screen goes away: keep the request's task and call cancel on it.\n\nA unit test checks that signing in stores the token:\n\n```\ntest signInStoresToken { expect(client.token != nil) }\n```\n",
            "tests.md": "# Unit tests\n\nA unit test checks one small piece of behaviour in isolation.\n\n```\ntest addsTwoNumbers { expect(add(2, 2) == 4) }\n```\n",
        ]
        try Self.afterAnswering("How do I cancel a pending request when the screen goes away?", over: files) { assistant, context in
            #expect(context.lastArticle?.title == "A network layer in Quill")
            for message in ["give me the unit test code from it", "is there a unit test in it?"] {
                #expect(assistant.dispatch(message, context: context).target?.title == "A network layer in Quill", "\(message)")
            }
            #expect(assistant.dispatch("show me the code from the unit tests article", context: context).target?.title == "Unit tests")
        }
    }

    /// An author named beside words that none of their titles hold does not name their best article for those words
    /// ("the tool from Bo Tran's sponsor post", where the sponsor post has no byline), and the conversation goes on
    /// about the article the answer quotes, not about one the call pointed at.
    @Test func anAuthorAloneDoesNotNameTheirBestArticle() throws {
        let files = [
            "lists.md": "---\ntitle: Lists in Quill\nauthor: Bo Tran\n---\n\nA list in Quill keeps its items in order and grows as needed.\n",
            "maps.md": "---\ntitle: Maps in Quill\nauthor: Bo Tran\n---\n\nA map in Quill stores values under keys, and a tool can print any map.\n",
            "sponsor.md": "---\ntitle: Thanks to Loom for sponsoring Bo Tran's site\n---\n\nLoom is a tool that builds screens a server describes, so a change ships without a new release.\n",
        ]
        try Self.withAssistant(over: files) { assistant in
            let message = "What is Loom, the tool from Bo Tran's sponsor post?"
            let call = assistant.dispatch(message, context: ConversationContext())
            #expect(call.tool == .answer && !["Lists in Quill", "Maps in Quill"].contains(call.target?.title ?? ""), "\(call)")
            let reply = try assistant.run(call, message: message, context: ConversationContext())
            #expect(reply.citations.first?.ref.title == "Thanks to Loom for sponsoring Bo Tran's site", "\(reply.answer)")
            #expect(reply.updating(ConversationContext()).lastArticle?.title == "Thanks to Loom for sponsoring Bo Tran's site")
            // A call that points at an article the answer does not quote leaves the conversation on the one it quotes.
            var pointed = ToolCall(tool: .answer, target: TargetRef(try #require(try assistant.store.resolve("lists.md"))))
            pointed.set("question", message)
            let quoted = try assistant.run(pointed, message: message, context: ConversationContext())
            #expect(!quoted.citations.contains { $0.ref == pointed.target }, "\(quoted.answer)")
            #expect(quoted.updating(ConversationContext()).lastArticle?.title == "Thanks to Loom for sponsoring Bo Tran's site", "\(quoted.answer)")
            // With a word of its title, the author's article is named.
            #expect(assistant.dispatch("summarize Bo Tran's post on maps", context: ConversationContext()).target?.title == "Maps in Quill")
        }
    }

    /// A follow-up that names nothing and points nowhere ("How long should I wait between attempts?") continues the
    /// conversation when the article just answered from is among the best few for its own words; one whose words the
    /// article does not rank for, and one that names a new subject ("What about timeouts?"), does not.
    @Test func aFollowUpOfItsOwnContinuesTheConversation() throws {
        let files = [
            "retry.md": "# Retrying failed requests\n\nWrap the request in a loop that runs at most three attempts. Add a delay between attempts so that the server can recover before the next one.\n",
            "waiting.md": "# Polling views in UI tests\n\nA test should wait just long enough for the view to appear. Polling until the view shows up beats a fixed sleep between checks.\n",
            "colors.md": "# Picking colors\n\nA palette with five colors is enough for most apps.\n",
        ]
        try Self.afterAnswering("How do I retry a failed request?", over: files) { assistant, context in
            let call = assistant.dispatch("How long should I wait between attempts?", context: context)
            #expect(call.tool == .answer && call.target?.title == "Retrying failed requests", "\(call)")
            #expect(assistant.dispatch("How many colors does a palette need?", context: context).target?.title != "Retrying failed requests")
            #expect(assistant.dispatch("What about timeouts?", context: context).target == nil)
            // Without an answer before it, the same question is asked of every article.
            #expect(assistant.dispatch("How long should I wait between attempts?", context: ConversationContext()).target?.title != "Retrying failed requests")
        }
    }

    /// "show me an example" names no article, even where a title ends in "Example": it is about the last topic.
    @Test func anExampleIsNotATitle() throws {
        let files = [
            "closures.md": "# The Closure API\n\nA closure wraps a generic function so that it can decode any arguments. Allocate a closure with closure_alloc, then prepare it with prep_closure before you call it.\n",
            "complex.md": "# Complex Type Example\n\nThis example describes complex numbers as a structure of two doubles and shows their size and alignment.\n",
            "types.md": "# Types\n\nEvery argument has a type descriptor that gives its size and alignment on the platform.\n",
        ]
        try Self.withAssistant(over: files) { assistant in
            let context = try assistant.respond("how do I allocate a closure?", context: ConversationContext()).updating(ConversationContext())
            let call = assistant.dispatch("show me an example", context: context)
            #expect(call.tool == .answer && call.target == nil, "\(call)")
        }
    }

    /// "the Events page", "the chapter on timers": page, chapter and document name an article as article and post
    /// do, and are not words its title must have. A one-sentence summary says "1 sentence".
    @Test func aPageIsAnArticle() throws {
        let files = [
            "events.md": "# Events\n\nAn emitter calls each of its listeners in order when an event fires.\n",
            "streams.md": "# Streams\n\nA stream emits data events as chunks arrive and an end event when the source is done.\n",
            "memory.md": "# Memory\n\nThe kernel writes a page to disk when memory runs short, and counts such events.\n",
            "timers.md": "# Timers\n\nA timer fires its callback once the delay has passed; timer events run after input events.\n",
        ]
        try Self.withAssistant(over: files) { assistant in
            for message in ["summarize the Events page", "summarize the events document"] {
                let call = assistant.dispatch(message, context: ConversationContext())
                #expect(call.tool == .summarize && call.target?.source.hasSuffix("events.md") == true, "\(message): \(call)")
            }
            let reply = try assistant.run(assistant.dispatch("summarize the Events page", context: ConversationContext()),
                                          message: "summarize the Events page", context: ConversationContext())
            #expect(reply.answer.contains("in 1 sentence:"), "\(reply.answer)")
        }
    }

    /// The example is something the last answer did not show, and is asked as a how-to: code where the topic has it.
    @Test func anExampleShowsSomethingNew() throws {
        let first = try SeedAssistant.ask("how do actors prevent data races?")
        let context = first.updating(ConversationContext())
        let message = "show me an example"
        let reply = try SeedAssistant.shared.run(SeedAssistant.shared.dispatch(message, context: context), message: message, context: context)
        let body = reply.answer.components(separatedBy: "\n\nSources:")[0]
        #expect(!reply.abstained && body.contains("```"), "\(reply.answer)")
        for sentence in Sentences.split(body) where sentence.count > 40 && !sentence.hasPrefix("[") && !sentence.contains("```") {
            #expect(!first.answer.contains(sentence.prefix(40)), "repeats: \(sentence)")
        }
    }

    /// A follow-up with no topic of its own asks with the last topic's words: "example" or "downsides" shape the
    /// answer's kind, not its terms, so a sentence that merely has the word does not win.
    @Test func followUpsAskWithTheLastTopicsWords() throws {
        let context = try SeedAssistant.ask("what are actors?").updating(ConversationContext())
        for message in ["give me an example", "are there any downsides?"] {
            let reply = try SeedAssistant.shared.run(SeedAssistant.shared.dispatch(message, context: context), message: message, context: context)
            let terms = try #require(reply.details.first { $0.hasPrefix("question terms:") }, "\(reply.details)")
            #expect(terms.contains("actor") && !terms.contains("exampl") && !terms.contains("downsid") && !terms.contains("give"), "\(terms)")
        }
    }

    /// "and with Swift Testing?" leaves the question out: it is the last one again, about what changes, even
    /// when the new words name an article.
    @Test(arguments: [("and with Swift Testing?", true), ("or in SwiftUI?", true), ("what about the main actor?", true),
                      ("and what does it cost?", false), ("with Swift Testing", false), ("and with Swift Testing, how do I tag tests in suites?", false)])
    func ellipticalFollowUps(message: String, elliptical: Bool) {
        #expect(MessageCues(message).isElliptical == elliptical, "\(message)")
    }

    @Test func anEllipticalFollowUpAsksTheLastQuestionAgain() throws {
        let context = try SeedAssistant.ask("how do I test async code with XCTest?").updating(ConversationContext())
        let message = "and with Swift Testing?"
        let reply = try SeedAssistant.shared.run(SeedAssistant.shared.dispatch(message, context: context), message: message, context: context)
        let terms = try #require(reply.details.first { $0.hasPrefix("question terms:") })
        #expect(terms.contains("async") && terms.contains("test"), "\(terms)")
    }

    /// "go on" after an answer is answered again on the same topic, with sentences the answers before did not show.
    @Test func goingOnAddsToTheAnswer() throws {
        let first = try SeedAssistant.ask("what's the difference between weak and unowned references?")
        var context = first.updating(ConversationContext())
        var shown = [first.answer]
        for message in ["go on", "tell me more"] {
            let call = SeedAssistant.shared.dispatch(message, context: context)
            #expect(call.tool == .answer, "\(message): \(call)")
            let reply = try SeedAssistant.shared.run(call, message: message, context: context)
            #expect(!reply.abstained && !reply.citations.isEmpty, "\(reply.answer)")
            let body = reply.answer.components(separatedBy: "\n\nSources:")[0]
            for sentence in Sentences.split(body) where sentence.count > 40 && !sentence.hasPrefix("[") {
                #expect(!shown.contains { $0.contains(sentence.prefix(40)) }, "\(message) repeats: \(sentence)")
            }
            shown.append(reply.answer)
            context = reply.updating(context)
        }
    }

    @Test func whichOnePicksAListedArticleByItsTitle() throws {
        let context = try SeedAssistant.ask("find articles about retain cycles").updating(ConversationContext())
        let titles = context.lastHits.map { Set(Classifier.words($0.title)) }
        // A word of the second title that no other listed title has.
        let word = try #require(titles[1].sorted().first { w in w.count >= 5 && titles.enumerated().allSatisfy { $0.offset == 1 || !$0.element.contains(w) } })
        let call = SeedAssistant.shared.dispatch("which one is the \(word) one?", context: context)
        #expect(call.tool == .search)
        #expect(call.target == context.lastHits[1])
        // Words no listed title holds do not pick anything, and nothing is picked with no list before.
        #expect(SeedAssistant.shared.dispatch("which one is faster, a zeppelin or a hovercraft?", context: context).target == nil)
        #expect(SeedAssistant.shared.dispatch("which one is the \(word) one?", context: ConversationContext()).tool != .search)
    }

    /// "pages", "docs" and "man page" before what they are about ask for pages, and are no words of the search.
    @Test(arguments: [("find pages about retain cycles", "retain cycles"), ("is there a man page on actors?", "actors"),
                      ("which docs cover unit testing?", "unit testing")])
    func documentNounsAreNoSearchWords(_ message: String, _ query: String) {
        let call = SeedAssistant.shared.dispatch(message, context: ConversationContext())
        #expect(call.tool == .search && call.argument("query") == query, "\(call)")
    }

    /// "the X one" when several listed titles have X: the first of them in the list, which is in order of what was
    /// searched for, not whichever article in the whole corpus best matches X alone.
    @Test func aWordSeveralListedTitlesShareTakesTheFirstOfThem() throws {
        for search in ["find posts about swift testing", "articles about retain cycles and memory leaks", "posts on swiftui views"] {
            let context = try SeedAssistant.ask(search).updating(ConversationContext())
            let titles = context.lastHits.map { Set(Classifier.words($0.title)) }
            // A word of at least five letters in two or more listed titles, the first of them not the top result.
            let shared = titles.indices.dropFirst().flatMap { i in titles[i].map { (i, $0) } }.filter { i, w in
                w.count >= 5 && !titles[0].contains(w) && titles.filter { $0.contains(w) }.count >= 2
                    && titles[..<i].allSatisfy { !$0.contains(w) }
            }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            guard let (first, word) = shared.first else { continue }
            let call = SeedAssistant.shared.dispatch("summarize the \(word) one", context: context)
            #expect(call.tool == .summarize && call.target == context.lastHits[first], "\(search) / \(word): \(call)")
            return
        }
        Issue.record("no search listed two titles sharing a word")
    }

    /// A question declined over the whole corpus lists the closest articles: "summarize it" and "the second one"
    /// after it mean those, as after a search; a question declined in one article keeps that article discussed.
    @Test func theClosestArticlesOfADeclinedQuestionAreAList() throws {
        let declined = try SeedAssistant.ask("How do I profile a Rust program with flamegraphs?")
        #expect(declined.abstained && declined.call.target == nil && declined.hits.count >= 2, "\(declined.answer)")
        let context = declined.updating(ConversationContext())
        #expect(context.lastHits == declined.hits.map(TargetRef.init))
        let summary = SeedAssistant.shared.dispatch("summarize it", context: context)
        #expect(summary.tool == .summarize && summary.target == TargetRef(declined.hits[0]), "\(summary)")
        #expect(SeedAssistant.shared.dispatch("summarize the second one", context: context).target == TargetRef(declined.hits[1]))
        // Declined within a named article: that article stays the one discussed.
        let named = try SeedAssistant.ask("What does Donny Wals charge for his Combine book?")
        if named.abstained, let target = named.call.target {
            #expect(named.updating(ConversationContext()).lastArticle == target)
        }
    }

    /// "summarize the first one" after a list is its first result, though a title has the word "first" ("Swift
    /// Testing: My First Impressions"); the ordinal is no focus of the code asked for either.
    @Test func anOrdinalAfterAListBeatsATitleWithThatWord() throws {
        for search in ["find articles about retain cycles", "posts about singletons", "any articles on combine?"] {
            let context = try SeedAssistant.ask(search).updating(ConversationContext())
            guard context.lastHits.count >= 2, !context.lastHits[0].title.lowercased().contains("first") else { continue }
            let summary = SeedAssistant.shared.dispatch("summarize the first one", context: context)
            #expect(summary.tool == .summarize && summary.target == context.lastHits[0], "\(search): \(summary)")
            let code = SeedAssistant.shared.dispatch("show me the code from the second one", context: context)
            #expect(code.tool == .extract && code.target == context.lastHits[1] && code.argument("focus") == nil, "\(search): \(code)")
        }
    }

    /// "show me the code" right after an answer is the code about what was asked, when the article answered from has
    /// such code; the whole article's code otherwise.
    @Test func theCodeAfterAnAnswerIsAboutWhatWasAsked() throws {
        let question = "how do I retry an async task a few times before giving up?"
        let answer = try SeedAssistant.ask(question)
        let context = answer.updating(ConversationContext())
        let call = SeedAssistant.shared.dispatch("show me the code", context: context)
        #expect(call.tool == .extract && call.argument("kind") == "code" && call.target == context.lastArticle, "\(call)")
        if let focus = call.argument("focus") {
            #expect(Set(focus.split(separator: " ").map(String.init)).isSubset(of: Set(Classifier.words(question))), "\(focus)")
            let reply = try SeedAssistant.shared.run(call, message: "show me the code", context: context)
            #expect(reply.answer.contains("```") && reply.answer.lowercased().contains("retry"), "\(reply.answer)")
        } else {
            Issue.record("no focus from the question: \(call)")
        }
        // Not after a search: there is no question to be about.
        let listed = try SeedAssistant.ask("find articles about retrying tasks").updating(ConversationContext())
        #expect(SeedAssistant.shared.dispatch("show me the code", context: listed).argument("focus") == nil)
    }

    @Test func aTargetPointedAtIsAnsweredFromThatArticleAlone() throws {
        let context = try SeedAssistant.ask("find articles about retain cycles").updating(ConversationContext())
        let call = SeedAssistant.shared.dispatch("how does the second one avoid leaks in closures?", context: context)
        #expect(call.tool == .answer && call.target == context.lastHits[1] && call.fromConversation)
        let reply = try SeedAssistant.shared.run(call, message: "how does the second one avoid leaks in closures?", context: context)
        #expect(!reply.citations.isEmpty && reply.citations.allSatisfy { $0.ref == context.lastHits[1] })
        // A title named in the message is a match for its words, not a pointer.
        #expect(!SeedAssistant.shared.dispatch("what does the singleton article say about threads?", context: context).fromConversation)
    }

    /// A listed article picked by a word of its title ("the phishing one") is answered from alone, as one picked by
    /// its place is: other articles that share the question's words ("October 2-3 at RustFest" for "the october
    /// one") do not come into the answer.
    @Test func aListedArticleNamedByItsTitleIsAnsweredAlone() throws {
        let context = try SeedAssistant.ask("find articles about retain cycles").updating(ConversationContext())
        let titles = context.lastHits.map { Set(Classifier.words($0.title)) }
        let word = try #require(titles[1].sorted().first { w in w.count >= 5 && titles.enumerated().allSatisfy { $0.offset == 1 || !$0.element.contains(w) } })
        let message = "what does the \(word) one say about closures?"
        // Before, the best match for the message in the whole corpus: another article with "debugging" in its title.
        let call = SeedAssistant.shared.dispatch(message, context: context)
        #expect(call.tool == .answer && call.target == context.lastHits[1] && call.fromConversation, "\(call)")
        let reply = try SeedAssistant.shared.run(call, message: message, context: context)
        #expect(!reply.citations.isEmpty && reply.citations.allSatisfy { $0.ref == context.lastHits[1] }, "\(reply.answer)")
    }

    /// "one" after "the", "that" or "this" picks an article; the word before it, when there is one, says which.
    @Test(arguments: [("what went wrong in the november one?", true, "november"), ("and that one?", true, nil),
                      ("the one about phishing", true, nil), ("summarize the second one", true, nil),
                      ("is this the one thing to fix", true, nil), ("one more question", false, nil),
                      ("which is better, one or two?", false, nil)] as [(String, Bool, String?)])
    func saysOne(_ message: String, _ expected: Bool, _ word: String?) {
        #expect(MessageCues(message).saysOne == expected)
        #expect(MessageCues(message).wordBeforeOne == word)
    }

    @Test func anExplicitTitleBeatsContext() throws {
        var context = ConversationContext()
        context.lastArticle = SeedAssistant.shared.dispatch("summarize the singleton article", context: context).target
        let call = SeedAssistant.shared.dispatch("now summarize the retain cycles article", context: context)
        #expect(call.target?.title.contains("Retain Cycles") == true)
    }

    @Test func typosAndNoPunctuationStillDispatch() {
        #expect(SeedAssistant.shared.dispatch("sumarize the singelton article", context: ConversationContext()).tool == .summarize)
    }
}

/// Requests in the other languages lore reads pick their tool; English words that look like those verbs
/// ("such", "resume") do not.
@Suite struct ForeignCuesTests {
    @Test(arguments: [
        ("Fasse den Artikel über die Katzen zusammen", Tool.summarize as Tool?),
        ("Résume l'article sur le pain du matin", .summarize),
        ("Resume el artículo sobre el río y la montaña", .summarize),
        ("Перескажи статью про лес", .summarize),
        ("東京タワーの記事を要約してください", .summarize),
        ("总结一下这篇关于长城的文章", .summarize),
        ("Zeige mir die Artikel über die Katzen", .search),
        ("Busca los artículos sobre el río", .search),
        ("Is there such a thing as a free lunch in the articles?", nil),
        ("How do I resume a paused download with URLSession?", nil),
        ("Die Katzen schlafen im Garten", nil),
    ])
    func foreignTool(_ message: String, _ expected: Tool?) {
        #expect(ForeignCues.tool(MessageCues(message)) == expected, "\(message)")
    }

    /// Short requests hold too few common words for the language detector: the request verbs beside one
    /// common word of the same language tell it; an English message never gets a language this way.
    @Test(arguments: [
        ("Vat het artikel over katten samen", "nl" as String?),
        ("Zoek artikelen over geheugenlekken", "nl"),
        ("Fasse den Artikel über Katzen zusammen", "de"),
        ("Resume el artículo sobre Combine", "es"),
        ("Найди статьи про лес", "ru"),
        ("Resume the article about Combine", nil),
        ("Find articles on such topics as memory leaks", nil),
    ])
    func shortRequestsFindTheirLanguage(_ message: String, _ expected: String?) {
        #expect(MessageCues(message).language == expected, "\(message)")
    }

    /// The topic of a request in another language is what is left without its request words.
    @Test(arguments: [
        ("Vat het artikel over katten samen", ["katten"]),
        ("Suche Artikel über Speicherlecks", ["speicherlecks"]),
        ("Zoek artikelen over geheugenlekken", ["geheugenlekken"]),
        ("Найди статьи про лес", ["лес"]),
        ("Find articles about memory leaks", ["memory", "leaks"]),
    ])
    func requestWordsLeaveTheTopic(_ message: String, _ topic: [String]) {
        #expect(MessageCues(message).contentWords == topic, "\(message)")
    }
}

/// Authors read out of messages on a corpus whose bylines repeat its subject ("The Widget Release Team" on a
/// blog about widgets): a word the corpus writes everywhere is the subject, and what follows "about" is the topic.
@Suite struct AuthorNamesTests {
    static let dir: String = {
        let dir = FileManager.default.temporaryDirectory.path + "/lore-authors-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: dir + "/c", withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: AuthorNamesTests.dir) }
        let posts: [(String, String, String)] = [
            ("Announcing Widget 1.2.0", "The Widget Release Team", "Widget 1.2.0 brings faster widget layout and a new widget cache."),
            ("Announcing Widget 1.3.0", "The Widget Release Team", "Widget 1.3.0 makes widget builds reproducible."),
            ("Widget security advisory", "Widget Security Response WG", "A widget security problem let uploads bypass checks; upgrade your widgets."),
            ("How widget traits work", "Ada Quill", "Widget traits give zero-cost abstraction: a generic widget compiles to direct calls."),
            ("Widget incident report", "The Widget Infra Team", "An incident took the widget registry down for an hour; widget uploads failed."),
            ("Writing widget plugins", "Ada Quill", "A widget plugin exports one function that the widget host calls."),
            ("Widget error messages", "Bo Tran", "Widget errors now point at the line that broke the widget."),
            ("Testing widgets", "Cy Lund", "Widget tests run each widget in a sandbox."),
            ("Widget memory", "Dee Fox", "A widget frees its memory when the last owner drops it."),
            ("Widget packaging", "Bo Tran", "Packages of widgets resolve their versions from a lock file."),
        ]
        for (i, p) in posts.enumerated() {
            let text = "---\ntitle: \(p.0)\nauthor: \(p.1)\n---\n\n\(p.2) More words about widgets follow here.\n"
            try! text.write(toFile: dir + "/c/post\(i).md", atomically: true, encoding: .utf8)
        }
        _ = try! Index(path: dir + "/i.sqlite", corpus: dir + "/c").update()
        return dir
    }()

    static var assistant: Assistant {
        let index = try! Index(path: dir + "/i.sqlite", corpus: dir + "/c")
        return try! Assistant(index: index, prompts: PromptLibrary.load(from: SeedAssistant.package + "/Prompts"))
    }

    @Test(arguments: [
        ("Is there a post explaining how widget traits give zero-cost abstraction?", nil),
        ("any posts about widget incidents or security problems?", nil),
        ("posts by Ada Quill", "Ada Quill"),
        ("what did Ada write?", "Ada Quill"),
        ("anything on plugins by Ada?", "Ada Quill"),
    ] as [(String, String?)])
    func authorFilter(message: String, author: String?) {
        let call = Self.assistant.dispatch(message, context: ConversationContext())
        #expect(call.tool == .search && call.argument("author") == author, "\(message): \(call)")
    }

    /// After a release's summary, a question about a part of it is asked of that release's post.
    @Test func aQuestionAfterASummaryAsksThatArticle() throws {
        let summary = try Self.assistant.respond("what's new in Widget 1.3?", context: ConversationContext())
        let call = Self.assistant.dispatch("what about the reproducible builds, how do they work?", context: summary.updating(ConversationContext()))
        #expect(call.tool == .answer && call.target?.title == "Announcing Widget 1.3.0", "\(call)")
    }

    /// A release named by its minor version is the patch release's post, and "what's new in it?" is its summary.
    @Test(arguments: [("What's new in Widget 1.3?", "Announcing Widget 1.3.0"), ("what changed in widget 1.2?", "Announcing Widget 1.2.0"),
                      ("summarize the Widget 1.2 announcement", "Announcing Widget 1.2.0"),
                      ("what were the big things in Widget 1.3?", "Announcing Widget 1.3.0")])
    func whatIsNewInARelease(message: String, title: String) {
        let call = Self.assistant.dispatch(message, context: ConversationContext())
        #expect(call.tool == .summarize && call.target?.title == title, "\(message): \(call)")
    }

    /// What is new in one part of a release ("… for builds?") is answered from the release's post alone, not summarized.
    @Test(arguments: [("What's new in Widget 1.3 for builds?", "Announcing Widget 1.3.0"), ("what changed in widget 1.2 for the cache?", "Announcing Widget 1.2.0")])
    func whatIsNewInAPartOfARelease(message: String, title: String) throws {
        let call = Self.assistant.dispatch(message, context: ConversationContext())
        #expect(call.tool == .answer && call.target?.title == title && call.targetOnly, "\(message): \(call)")
        #expect(MessageCues("what's new in Widget 1.3 for you?").releaseAspect.isEmpty)
    }
}
