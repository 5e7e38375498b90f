import Analysis
import Retrieval

/// Turns a message plus the conversation so far into one tool call: a learned tool choice, then
/// the article it refers to (named, pointed back at, or by position in the last results).
public struct Dispatcher {
    let classifier: Classifier
    let prompts: PromptLibrary
    let resolver: TargetResolver

    init(prompts: PromptLibrary, resolver: TargetResolver) {
        self.prompts = prompts
        self.resolver = resolver
        var examples: [(Tool, String)] = []
        for def in prompts.tools { for e in def.examples { examples.append((def.tool, e)) } }
        classifier = Classifier(examples: examples)
    }

    public func dispatch(_ message: String, context: ConversationContext) -> ToolCall {
        let trimmed = message.trimmed
        if trimmed.hasPrefix("/"), let call = slash(trimmed, context: context) { return call }
        let cues = MessageCues(trimmed)
        // The article the message names, resolved once (each resolution is a search). "show me an example" after
        // a topic names none, even where a title ends in "Example".
        // "What does the singleton post say about thread safety?" names the article before its "about".
        let head = cues.beforeSaysAbout.flatMap { h in resolver.named(MessageCues(h), context: context).flatMap { $0.confidence >= 0.5 ? $0 : nil } }
        var named = cues.asksForExample && context.lastTopic != nil ? nil : head ?? resolver.named(cues, context: context)
        let ranked = classifier.scores(trimmed)
        var tool = ranked.first?.0 ?? .answer
        var reasons = ["classifier: " + ranked.map { "\($0.0.rawValue) \(Int($0.1 * 10) / 10)" }.joined(separator: ", ")]
        if let foreign = ForeignCues.tool(cues), foreign != tool {
            reasons.append("asks in another language for a \(foreign.rawValue)")
            tool = foreign
        }

        // A metadata question about one named or referred article is an extract, whatever the wording.
        // "give me the link of that post" asks for that post's link, though "link" is a word of the title it matches best.
        let ofDiscussed = Self.asksOfDiscussed(cues, context: context, named: named)
        let kind = extractKind(cues, namedTitle: ofDiscussed ? nil : named.flatMap { $0.confidence >= 0.5 ? $0.ref.title : nil })
        // A long question that names no article and has nothing before it to point back to asks about content.
        let longQuestion = cues.isQuestion && cues.contentWords.count > 9 && !cues.namesArticle
        let shown = showsDiscussed(cues, kind: kind, context: context)
        let aboutShown = kind.map { cues.asksAboutShown($0.2) } ?? false
        if tool != .extract, let k = kind, k.1 >= 3 || (k.1 >= 2 && ranked.count > 1 && ranked[1].0 == .extract) || shown != nil
            || (cues.onlyNamesItems && ofDiscussed) || (k.0 == .headings && cues.namesSubsections),
           cues.namesArticle || (cues.pointsBack && !(longQuestion && context.lastArticle == nil)) || shown != nil
            || (k.0 == .headings && subsectionsOfDiscussed(cues, context: context)), !cues.acrossArticles,
           k.0 == .metadata || k.0 == .code || k.0 == .headings || k.0 == .links, !aboutShown {
            reasons.append("cue “\(k.2)” asks for \(k.0.rawValue) of one article")
            tool = .extract
        }
        if tool == .extract, aboutShown, let k = kind {
            reasons.append("asks about the \(k.0.rawValue) shown, not for it: answering")
            tool = .answer
        }
        // "show me the example where it parses a script in a worker": an example described by what it does, which the
        // article discussed has as code, is that code.
        let example = describedExample(cues, context: context)
        if let e = example, tool != .extract {
            reasons.append("asks to see the example in “\(e.title)” that does what it says")
            tool = .extract
        }
        // "summarize its discussion section": a summary of one part of an article, not the article's outline.
        if tool != .summarize, cues.asksForSummary, cues.sectionWords != nil, !cues.acrossArticles {
            reasons.append("asks for a summary of one section")
            tool = .summarize
        }
        // "what did Donny Wals write?", "the newest posts": lists of articles, whatever the wording.
        var listing = false
        let asksWhatWasWritten = cues.words.contains(where: Self.writeWords.contains) && !cues.words.contains("who")
        let namedAuthor = asksWhatWasWritten ? resolver.directory.author(in: cues) : nil
        // "what else did that author write?": the author of the article just discussed.
        let referredAuthor = asksWhatWasWritten && namedAuthor == nil ? lastAuthor(cues, context: context) : nil
        if namedAuthor != nil || referredAuthor != nil {
            reasons.append("asks what an author wrote: a search by author")
            tool = .search; listing = true
        }
        if cues.newestFirst && cues.asksForArticles && cues.contentWords.count <= 3 {
            reasons.append("asks for the newest articles: a search by date")
            tool = .search; listing = true
        }
        // A question that names no list of articles wants an answer, not a result list; so does "tell me about actors".
        let tellMe = ["tell me about", "tell me more about", "tell us about", "what can you tell me about"].contains { cues.lower.hasPrefix($0) }
        // After an answer, "which one wins when both set it?" picks among the things the answer named, not articles.
        let asksForArticles = cues.wordsAskForArticles || (cues.picksOne && context.lastTool != .answer)
        if tool != .search && cues.asksForPage && !cues.asksForSummary {
            reasons.append("asks which page covers something: a search")
            tool = .search
        }
        if tool == .search && !listing && (cues.isQuestion || tellMe || cues.asksToBeShown) && !asksForArticles {
            reasons.append(tellMe ? "asks about a topic, not for articles: answering"
                : cues.isQuestion ? "a question that does not ask for articles: answering" : "asks to be shown how: answering")
            tool = .answer
        }
        // A question that names no summary ("what does the settling rate of sediment depend on?") asks about the
        // content, however closely it matches one article's title.
        // So does a statement to check ("AMPK activation increases fibrosis in the lungs.").
        let statement = (cues.text.hasSuffix(".") || cues.text.hasSuffix("!")) && cues.words.count >= 5
        var asksPartOfRelease = false
        if let n = namedRelease(cues, named: named, context: context) {
            named = n
            // "What changed in GCC 12 for C++?": what is new in one part of a release is answered from its post.
            let titleTerms = Set(resolver.analyzer.terms(n.ref.title))
            if resolver.analyzer.terms(cues.releaseAspect.joined(separator: " ")).contains(where: { !titleTerms.contains($0) }) {
                reasons.append("asks what is new in “\(n.ref.title)” for one part of it: answering from it")
                tool = .answer; asksPartOfRelease = true
            } else {
                if tool != .summarize { reasons.append("asks what is new in “\(n.ref.title)”: its summary") }
                tool = .summarize
            }
        }
        if tool == .summarize, cues.language == nil, cues.text.hasSuffix("?") || statement, !cues.asksForSummary, !cues.asksWhatIsNew {
            reasons.append("a question that asks for no summary: answering")
            tool = .answer
        }
        // "What does the atomic article say about dictionaries?": what one article says about something its title
        // does not name is answered from that article; a summary of the whole would leave the question unanswered.
        // The article the message is about: the one it names, or the one discussed when it points back.
        // "What does it say about testing?" after a summary: "it" is that article, whatever title "testing" matches.
        let discussed = itSays(cues, context: context) ?? named?.ref ?? (cues.pointsBack ? context.lastArticle : nil)
        var saysAbout = false
        // "summarize what it says about X", where X is a heading of the article: that section's summary.
        if tool == .summarize, !cues.acrossArticles, !cues.saysAbout.isEmpty, let d = discussed, cues.asksForSummary, namedSection(cues, of: d) != nil {
            reasons.append("asks what the article says about one of its sections: summarizing that section")
        } else if tool == .summarize, !cues.acrossArticles, let title = discussed?.title {
            // Compared as analysed terms: "dictionaries" is a word of a title that says "Dictionary".
            let titleTerms = Set(resolver.analyzer.terms(title))
            if resolver.analyzer.terms(cues.saysAbout.joined(separator: " ")).contains(where: { !titleTerms.contains($0) }) {
                reasons.append("asks what the article says about something its title does not name: answering from it")
                tool = .answer; saysAbout = true
            }
        }
        // "What problem was the author solving?" mentions the author but asks about the content; so does a long
        // question that only loosely matches a title, whatever metadata word it uses ("… a benchmark published
        // under another license?").
        let looselyNamed = named.map { $0.confidence < 0.6 } ?? true
        let first = cues.words.first ?? ""
        let asksContent = ["what", "why", "how"].contains(first) || longQuestion
        // "how long is it?" asks for the article's length; "how long does it keep them?" asks about its content.
        let asksLength = cues.hasPhrase("how long is") || cues.hasPhrase("how long to read") || cues.words == ["how", "long"]
        let metadataWord = ["date", "published", "url", "link", "author of", "who", "when", "reading time", "word count", "feed"]
            .contains(where: { ByteSearch.contains(cues.lower, $0) }) || asksLength
        let longLooseQuestion = cues.isQuestion && cues.contentWords.count > 9 && looselyNamed && !["who", "when"].contains(first)
        // "what is the author's name?" asks for metadata in so many words.
        let asksMetadata = metadataWord || cues.askedNoun.map(Self.metadataNouns.contains) == true
        if tool == .extract, kind?.0 == .metadata, (asksContent && !asksMetadata) || longLooseQuestion {
            reasons.append("asks about the content, not the metadata: answering")
            tool = .answer
        }
        // "what's the tool the author released called?" asks for a tool, whatever metadata word comes after it.
        if tool == .extract, kind?.0 == .metadata, let noun = cues.askedNoun, !Self.metadataNouns.contains(noun) {
            reasons.append("asks for a “\(noun)”, not for the article's metadata: answering")
            tool = .answer
        }
        // "When was Swift Testing introduced?" asks when something happened, which the text tells; "when was it
        // published?" and "when was the actors post written?" ask for an article's date.
        if tool == .extract, kind?.0 == .metadata, first == "when", !cues.namesArticle, !cues.pointsBack,
           !cues.words.contains(where: Self.publishingWords.contains) {
            reasons.append("asks when something happened, not when an article was published: answering")
            tool = .answer
        }
        // "Who wrote Git?" about a README that names no author: its text may say ("written by Linus Torvalds").
        if tool == .extract, kind?.0 == .metadata, let doc = discussed?.doc,
           let missing = missingMetadata(first, doc: doc) {
            reasons.append("the article lists no \(missing): answering from its text")
            tool = .answer
        }
        // Extract with no kind named, phrased as a question, is a question about the article; so is a long
        // question about content with no article named or discussed before it.
        if tool == .extract, example == nil, (kind == nil && (cues.isQuestion || statement)) || (longQuestion && context.lastArticle == nil && looselyNamed) {
            reasons.append("no kind of item named: answering")
            tool = .answer
        }
        followUpRules(&tool, &reasons, cues: cues, context: context, namesKind: kind != nil)
        // "who wrote it?", then "when?": a bare "when?" or "who?" after an extract asks the same article for its date or
        // author, not the corpus when something happened.
        let bareMetadata = context.lastTool == .extract && context.lastArticle != nil && cues.words.count == 1
            && ["when", "who"].contains(cues.words[0])
        if bareMetadata {
            reasons.append("“\(cues.words[0])?” after an extract asks for the article's \(cues.words[0] == "when" ? "date" : "author")")
            tool = .extract
        }
        // "which one is the quick start?" right after a list: the user picks a listed article by its title.
        let picked = tool == .answer || tool == .search ? pick(cues, from: context.lastHits) : nil
        if let p = picked {
            reasons.append("picks “\(p.ref.title)” from the last list by its title")
            tool = .search
        }
        var call = ToolCall(tool: tool)
        call.reasons = reasons
        if let p = picked {
            call.set("query", p.words.joined(separator: " "))
            call.target = p.ref
            call.fromConversation = true
            return call
        }
        switch tool {
        case .search: fillSearch(&call, cues, named: named, context: context, author: listing ? referredAuthor : nil)
        case .summarize: fillSummarize(&call, cues, context: context, named: named)
        case .extract:
            // No kind of item named: "list the …" asks for the article's named things, anything else for its code.
            let asksForList = ["list", "name", "enumerate"].contains(cues.words.first ?? "")
            call.set("kind", (bareMetadata ? .metadata : kind?.0 ?? (asksForList ? .terms : .code)).rawValue)
            call.target = shown ?? example ?? target(cues, context: context, required: true, named: named, reasons: &call.reasons)
            if let shown { call.reasons.append("asks to see the \(call.argument("kind") ?? "items") of “\(shown.title)”, just discussed") }
            let byFewWords = shown == nil && example == nil && !cues.pointsBack && !cues.namesArticle
            focusExtract(&call, cues, cue: example != nil || (kind == nil && cues.saysExample) ? Self.exampleWords : kind?.2, context: context,
                         byFewWords: byFewWords)
            if let t = call.target {
                call.set("article", t.title)
                // "the subsections under merging": the outline of that section only.
                if call.argument("kind") == ExtractKind.headings.rawValue, let section = namedSection(cues, of: t) {
                    call.set("section", section.heading)
                    call.reasons.append("the headings under “\(section.heading)”")
                }
                call.fromConversation = t == context.lastArticle || context.lastHits.contains(t)
            } else if cues.pointsBack && context.lastArticle == nil {
                // "who wrote it?" with nothing said before: ask which article (Extractor says so).
                call.reasons.append("refers back, but nothing has been discussed yet")
            } else {
                // Nothing to extract from: treat it as the question it probably is.
                var fallback = ToolCall(tool: .answer)
                fallback.reasons = call.reasons + ["no article to extract from: answering instead"]
                fillAnswer(&fallback, cues, question: trimmed, context: context, named: named)
                return fallback
            }
        case .answer: fillAnswer(&call, cues, question: trimmed, context: context, named: named, required: saysAbout || asksPartOfRelease)
        }
        return call
    }

    /// `required`: the message asks what one article says about something ("What does the singleton post say about
    /// thread safety?"); the question is then that something, asked of that article.
    func fillAnswer(_ call: inout ToolCall, _ cues: MessageCues, question: String, context: ConversationContext, named: TargetResolver.Named?,
                    required: Bool = false) {
        call.set("question", required ? cues.afterSaysAbout ?? question : question)
        // "how is that different from a serial queue?" sets the last topic against something else: the
        // answer draws on any article (with the last topic's words), not on the one whose title names the other side.
        if context.lastTopic != nil, cues.comparesWithLast {
            call.reasons.append("compares the last topic with something else: answering from any article")
            return
        }
        call.target = target(cues, context: context, required: required, named: named, reasons: &call.reasons)
        if let t = call.target {
            call.set("article", t.title)
            call.targetOnly = required
            // An article of the last list, picked by its place or by naming it ("the october one", "the phishing post"),
            // is the one the user wants to hear about: the answer draws on it alone.
            let picksListed = context.lastHits.contains(t) && (cues.ordinal != nil || cues.saysOne || cues.namesArticle)
            call.fromConversation = ((cues.pointsBack || Self.saysThey(cues, context: context)) && t == context.lastArticle) || picksListed
        }
    }

    /// The listed article a "which one is …?" message picks: the one whose title holds the most of the
    /// message's remaining words, when that is at least half of them and no other title ties.
    func pick(_ cues: MessageCues, from hits: [TargetRef]) -> (ref: TargetRef, words: [String])? {
        guard !hits.isEmpty, cues.picksFromList else { return nil }
        let words = cues.words.filter { !MessageCues.pickWords.contains($0) }
        guard !words.isEmpty else { return nil }
        let scored = hits.map { h -> (TargetRef, Int) in
            let title = Self.titleWords(h.title)
            return (h, words.filter(title.contains).count)
        }.sorted { $0.1 > $1.1 }
        guard let best = scored.first, best.1 * 2 >= words.count, best.1 > 0, scored.dropFirst().first?.1 != best.1 else { return nil }
        return (best.0, words)
    }

    /// A title's words as a message may name them: lower case, singular or plural ("cycles" and "cycle").
    static func titleWords(_ title: String) -> Set<String> {
        var out = Set<String>()
        for w in Classifier.words(title) {
            out.insert(w)
            if w.hasSuffix("s") { out.insert(String(w.dropLast())) } else { out.insert(w + "s") }
        }
        return out
    }

    /// Rules that read the conversation so far, after the message's own cues have had their say.
    func followUpRules(_ tool: inout Tool, _ reasons: inout [String], cues: MessageCues, context: ConversationContext, namesKind: Bool) {
        // "give me an example" after an answer wants an example of what was discussed, not the article's summary.
        // So does "show me an example", which names no kind of item to extract.
        if tool == .summarize || (tool == .extract && !namesKind), context.lastTopic != nil, cues.asksForExample {
            reasons.append("asks for an example of the last topic: answering")
            tool = .answer
        }
        // "the second one" alone after a list opens that article: its summary.
        if context.lastTool == .search, !context.lastHits.isEmpty, cues.ordinal != nil,
           cues.words.allSatisfy({ Self.pickWords.contains($0) || Int($0) != nil }) {
            reasons.append("picks a result of the last list: its summary")
            tool = .summarize
        }
        // "go on", "can you expand on that?" after an answer: more of the answer, not a search for "go".
        if tool != .answer, context.lastTool == .answer, cues.asksToGoOn {
            reasons.append("asks to go on with the last answer: answering")
            tool = .answer
        }
        // "what about reentrancy?" asks the last turn's kind of thing again (an answer, a summary, a search)
        // about something else; "what about the links?" after an extract is the classifier's to read.
        if cues.asksWhatAbout, let last = context.lastTool, last != .extract, tool != last {
            reasons.append("“what about …” asks the last turn's kind of thing again: \(last.rawValue)")
            tool = last
        }
    }

    static let authorPronouns: Set<String> = ["he", "she", "they", "him", "her", "them"]

    /// "what did X write?": the words that ask what an author wrote.
    static let writeWords: Set<String> = ["write", "wrote", "written", "writes"]
    /// What an article's metadata is made of, as a question names it ("what's the publication date?").
    static let metadataNouns: Set<String> = ["author", "authors", "writer", "date", "publication", "url", "link", "address", "title",
                                             "name", "feed", "source", "site", "length", "reading", "word", "byline", "day", "year"]

    /// The verbs and nouns of an article's date: "when was it published?", "when did the post go up?".
    static let publishingWords: Set<String> = ["published", "publish", "posted", "post", "written", "wrote", "write", "updated", "date",
                                               "dated", "up", "online", "appear", "appeared", "out"]

    /// "author" for a "who" question about an article with no author whose text says who wrote something ("Ada
    /// Lovelace wrote its first version"), "date" for a "when" question about one with no date; nil when the
    /// metadata is there to extract, or when the text has no writer to quote either (the extract then says
    /// "Author: not listed", where an answer would be sentences that name nobody).
    func missingMetadata(_ first: String, doc: Int) -> String? {
        guard first == "who" || first == "when", let a = try? resolver.store.article(doc: doc)?.article else { return nil }
        if first == "who" {
            guard a.author == nil else { return nil }
            let text = FoldedText(a.blocks.lazy.filter { if case .code = $0.kind { return false } else { return true } }.map(\.text).joined(separator: " "))
            return text.containsAny(Self.writerPhrases) ? "author" : nil
        }
        return a.date == nil ? "date" : nil
    }

    /// Phrases by which a text says who wrote or made something ("written in Swift" says nothing of the kind).
    static let writerPhrases = Phrases([" wrote ", " written by ", " authored ", " author ", " authors ", " created by ",
                                        " developed by ", " maintained by ", " my name is "])

    /// Words of a search request that are neither its topic nor a filter's value ("posts by X published before 2024").
    static let searchFillers: Set<String> = ["posts", "please", "by", "published", "dated", "before", "after", "since", "come",
                                             "comes", "has", "listed", "feed", "site", "did", "had", "here", "there"]

    /// Words that say a search wants pages of a manual rather than what they are about: "pages", "docs" or "man page"
    /// right before "about", "on", "for", "covering"… ("find pages about backups" searches for backups, not for "pages").
    static func documentWords(_ cues: MessageCues) -> Set<String> {
        let nouns = MessageCues.pageNouns.union(["documents", "manuals", "manpages"])
        let about = MessageCues.pageTopicWords.union(["regarding", "which", "explain", "describe", "mention", "discuss", "talk", "document"])
        let w = cues.words
        var out = Set<String>()
        for i in w.indices where nouns.contains(w[i]) && i + 1 < w.count && about.contains(w[i + 1]) {
            out.insert(w[i])
            if i > 0, w[i - 1] == "man" { out.insert("man") }
        }
        return out
    }

    /// The words of a message that only picks a result ("the second one", "number 2, please").
    static let pickWords = Set(MessageCues.ordinals.map(\.0)).union(["one", "result", "hit", "number", "no", "last", "the", "a",
                                                                     "please", "ok", "okay", "open", "that", "article", "post"])

    /// The author of the article discussed last, when the message points at them ("that author", "the same
    /// author", "she", "he", "they").
    func lastAuthor(_ cues: MessageCues, context: ConversationContext) -> String? {
        guard let last = context.lastArticle,
              ["that author", "this author", "the author", "same author", "the writer", "that writer"].contains(where: cues.hasPhrase)
                || cues.words.contains(where: Self.authorPronouns.contains),
              let author = try? resolver.store.article(doc: last.doc)?.article.author, !author.isEmpty else { return nil }
        return author
    }

    /// `author`: the author of the article discussed last, when the message asks what they wrote.
    func fillSearch(_ call: inout ToolCall, _ cues: MessageCues, named: TargetResolver.Named?,
                    context: ConversationContext = ConversationContext(), author referred: String? = nil) {
        let dir = resolver.directory
        var used = Set<String>()
        if let referred {
            call.set("author", referred)
            call.reasons.append("“\(referred)” wrote the article discussed last")
        } else if let (name, words) = dir.author(in: cues) { call.set("author", name); used.formUnion(words) }
        else if let (name, words) = dir.feed(in: cues) { call.set("feed", name); used.formUnion(words) }
        let (after, before) = cues.dates
        call.set("after", after); call.set("before", before)
        if let a = after { used.insert(a); if let y = Int(a) { used.insert(String(y - 1)) } }
        if let b = before { used.insert(b) }
        if cues.noAuthor { call.set("author", "none"); used.formUnion(["no", "author", "listed", "without", "missing", "authors"]) }
        if cues.newestFirst { call.set("order", "newest"); used.formUnion(["newest", "latest", "recent", "first", "most", "newer"]) }
        if cues.asksWhatAbout { used.formUnion(["and", "so", "ok", "okay"]) }
        used.formUnion(Self.documentWords(cues))
        var query = cues.contentWords.filter { !used.contains($0) && !Self.writeWords.contains($0) && !Self.searchFillers.contains($0) }
        // "what else did that author write (about testing)?": the words pointing at the author are no topic.
        if referred != nil {
            query.removeAll { ["else", "other", "author", "writer", "same"].contains($0) || Self.authorPronouns.contains($0) }
        }
        // "which other posts talk about that?": nothing of its own but what was discussed.
        else if query.allSatisfy(["other", "others", "another", "else", "more", "similar", "related"].contains), let topic = context.lastTopic,
           cues.pointsAtLast {
            query = Classifier.words(topic).filter { !MessageCues.instructionWords.contains($0) }
            call.reasons.append("searches again for what was discussed: “\(topic)”")
        }
        call.arguments.insert(.init(name: "query", value: query.joined(separator: " ")), at: 0)
        if let named, named.confidence >= 0.6 {
            call.target = named.ref
            call.reasons.append("the message names “\(named.ref.title)”")
        }
    }

    func fillSummarize(_ call: inout ToolCall, _ cues: MessageCues, context: ConversationContext, named: TargetResolver.Named?) {
        if let l = cues.length { call.set("length", l) }
        if cues.acrossArticles && cues.ordinal == nil && !cues.hasPhrase("that one") {
            call.set("topic", cues.contentWords.joined(separator: " "))
            call.reasons.append("the message asks across articles: a topic summary")
            return
        }
        call.target = target(cues, context: context, required: true, named: named, reasons: &call.reasons)
        if let t = call.target {
            call.set("article", t.title)
            if let section = namedSection(cues, of: t) {
                call.set("section", section.heading)
                call.reasons.append("the section “\(section.heading)” of “\(t.title)”")
            } else if let words = cues.sectionWords {
                call.reasons.append("“\(t.title)” has no section called “\(words)”: the whole article")
            }
            return
        }
        if cues.isQuestion && !cues.namesArticle {
            // No article named and no topic asked across articles: a plain question.
            call.tool = .answer
            call.arguments = [.init(name: "question", value: cues.text)]
            call.reasons.append("no article to summarize: answering instead")
            return
        }
        call.set("topic", cues.contentWords.joined(separator: " "))
    }

    /// "what are the subsections under …?" naming a section of the article discussed last.
    func subsectionsOfDiscussed(_ cues: MessageCues, context: ConversationContext) -> Bool {
        guard cues.namesSubsections, let last = context.lastArticle else { return false }
        return namedSection(cues, of: last) != nil
    }

    /// The section of `ref` the message names: by the words it calls it ("its discussion section") or, asking for a
    /// summary, by what it asks the article says ("summarize what it says about adapting your workflow"), when those
    /// words are a heading's.
    func namedSection(_ cues: MessageCues, of ref: TargetRef) -> ArticleSection? {
        let about = cues.asksForSummary && !cues.saysAbout.isEmpty ? [cues.saysAbout.joined(separator: " ")] : []
        let names = cues.sectionNames.isEmpty ? about : cues.sectionNames
        guard !names.isEmpty, let stored = try? resolver.store.article(doc: ref.doc) else { return nil }
        return names.lazy.compactMap { ArticleSections.named($0, in: stored.article, analyzer: self.resolver.analyzer) }.first
    }

    /// After an answer, "what did they report for rats?": "they" are the ones the answer quoted, the article's authors or
    /// the things it was about.
    static func saysThey(_ cues: MessageCues, context: ConversationContext) -> Bool {
        context.lastTool == .answer && !context.lastArticleIsFirstHit && cues.words.contains { $0 == "they" || $0 == "them" }
    }

    /// "what does it say about Swift 6?": the article discussed, when "it" comes with a verb of what articles do.
    /// So does "give me the test code from it": what is taken "from it" or found "in it" is taken from that article.
    func itSays(_ cues: MessageCues, context: ConversationContext) -> TargetRef? {
        guard let last = context.lastArticle, !cues.namesArticle, cues.words.contains(where: { ["it", "its", "it's"].contains($0) }),
              cues.words.contains(where: MessageCues.articleVerbs.contains) || cues.hasPhrase("from it") || cues.hasPhrase("in it")
        else { return nil }
        return last
    }

    /// Named article first (an explicit title always wins), then position in the last results,
    /// then "it"/"that one", then — when the tool needs one — the best match.
    func target(_ cues: MessageCues, context: ConversationContext, required: Bool, named: TargetResolver.Named?,
                reasons: inout [String]) -> TargetRef? {
        // "what does it say about Swift 6?": "it" is the article discussed, whatever title the rest matches.
        if let last = itSays(cues, context: context) {
            reasons.append("“it” is “\(last.title)”")
            return last
        }
        // "summarize its best practices section": the article discussed has that section, whatever title the words match.
        if cues.pointsBack || cues.namesSubsections, !cues.sectionNames.isEmpty, let last = context.lastArticle, namedSection(cues, of: last) != nil {
            reasons.append("“\(last.title)”, discussed last, has the section it names")
            return last
        }
        // After a list, "the october one" is the listed article whose title has that word, whatever else in the corpus
        // matches the message better ("Testing push notifications … with Xcode 11.4" for "the xcode one").
        if let word = cues.wordBeforeOne {
            let listed = context.lastHits.filter { h in Self.titleWords(h.title).contains(word) }
            if listed.count == 1 {
                reasons.append("“the \(word) one” is “\(listed[0].title)” of the last list")
                return listed[0]
            }
            // Several listed titles have the word: the one the message's other words also name, else the one listed
            // first, since the list is in order of what was searched for ("the introduction one" after a search for
            // a framework is its introduction, not the introduction to another listed lower).
            if listed.count > 1 {
                let pick = named.flatMap { n in listed.first { $0 == n.ref && n.titleTerms > 1 } } ?? listed[0]
                reasons.append("“the \(word) one” is “\(pick.title)”, the first of the last list with that word")
                return pick
            }
        }
        // "summarize the first one" after a list is its first result, though "first" alone matches a title
        // ("first_is attribute"); a title the message names in two words or more still wins.
        if (named?.titleTerms ?? 0) < 2, let hit = listedHit(cues, context: context, reasons: &reasons) { return hit }
        // "Does it work on Linux?" after an answer: "it" is what was discussed, and "Linux" what is asked of it,
        // not the article "The Swift Linux Port"; a title is named with two words of it or more.
        // So is "can I have the link to that post": "that post" is the one discussed, not "Auto linking…".
        let they = Self.saysThey(cues, context: context)
        if let n = named, !Self.asksOfDiscussed(cues, context: context, named: named), n.confidence >= 0.5 || (cues.namesArticle && n.confidence >= 0.3 && !cues.demonstrativeArticle) {
            reasons.append("the message names “\(n.ref.title)” (match \(Int(n.confidence * 100))%)")
            return n.ref
        }
        if let hit = listedHit(cues, context: context, reasons: &reasons) { return hit }
        // After a list, "is it on by default?" asks about the topic searched for, not about whichever article came
        // first; "what does it say about …?" or "who wrote it?" still mean that article.
        if !required, cues.pointsBack, context.lastArticleIsFirstHit, context.lastTopic != nil, !cues.namesArticle,
           !cues.words.contains(where: MessageCues.articleVerbs.contains) {
            reasons.append("after a list, “it” is the topic searched for, not the first result")
            return nil
        }
        if let last = context.lastArticle, cues.pointsBack || (required && (named?.confidence ?? 0) < 0.3 && cues.contentWords.count <= 2) {
            reasons.append("refers back to “\(last.title)”")
            return last
        }
        if required, let n = named, n.confidence >= 0.25 || cues.namesArticle {
            reasons.append("best match for the message (match \(Int(n.confidence * 100))%)")
            return n.ref
        }
        // "How long should I wait between attempts?" after an answer about retrying: a question that names nothing
        // and points nowhere still continues the conversation when the article just answered from is among the
        // best few for its own words; that article is asked first, the others still count.
        // "What about the builder pattern?" names a new subject of its own and is not of this kind.
        if !required, context.lastTool == .answer, let last = context.lastArticle, !context.lastArticleIsFirstHit, !cues.namesArticle,
           !cues.isElliptical, resolver.ranks(last, within: Self.continuityHits, for: cues) {
            reasons.append("continues the conversation: “\(last.title)” is among the best articles for it")
            return last
        }
        if !required, they, let last = context.lastArticle, !cues.namesArticle {
            reasons.append("“they” are those of “\(last.title)”, answered from last")
            return last
        }
        // After an article's summary, "and the part about pattern matching?" asks about a part of that article, when the
        // article is among the best few for its words.
        if !required, context.lastTool == .summarize, let last = context.lastArticle, !cues.namesArticle,
           resolver.ranks(last, within: Self.continuityHits, for: cues) {
            reasons.append("asks about “\(last.title)”, just summarized: it is among the best articles for it")
            return last
        }
        return nil
    }

    /// The result of the last list the message's ordinal picks ("the second one", "the last result"); nil without one.
    func listedHit(_ cues: MessageCues, context: ConversationContext, reasons: inout [String]) -> TargetRef? {
        guard let o = cues.ordinal, !context.lastHits.isEmpty else { return nil }
        let i = o < 0 ? context.lastHits.count - 1 : o
        guard i < context.lastHits.count else { return nil }
        reasons.append("result \(i + 1) of the last list")
        return context.lastHits[i]
    }

    /// Whether the message asks something of the article discussed ("does it work on Linux?", "the link to that post")
    /// rather than naming another: it points back, names no article but with a demonstrative, and holds fewer than two
    /// words of the title it matches best.
    static func asksOfDiscussed(_ cues: MessageCues, context: ConversationContext, named: TargetResolver.Named?) -> Bool {
        (cues.pointsBack || saysThey(cues, context: context)) && (!cues.namesArticle || cues.demonstrativeArticle)
            && context.lastArticle != nil && (named?.titleTerms ?? 0) < 2
    }

    /// "What's new in Rust 1.84?", "the big things in 1.26": the article the message names, by the words other
    /// than the asking ones ("big things" are no words of a title); nil when it asks no such thing.
    func namedRelease(_ cues: MessageCues, named: TargetResolver.Named?, context: ConversationContext) -> TargetResolver.Named? {
        guard cues.asksWhatIsNew else { return nil }
        if let n = named, n.confidence >= 0.5 { return n }
        let rest = cues.words.filter { !MessageCues.whatIsNewWords.contains($0) }.joined(separator: " ")
        return resolver.named(MessageCues(rest), context: context).flatMap { $0.confidence >= 0.5 ? $0 : nil }
    }

    /// How high the article just answered from must rank for a follow-up's own words to be asked of it first.
    static let continuityHits = 3

    /// "and the pattern-matching part, could you show me the code?" after an article was summarized or answered
    /// from: a request to see its code or links ("let me see the link for the developer agreement"), naming no
    /// article and pointing at none, is about that article when it is among the best few for the message's words.
    func showsDiscussed(_ cues: MessageCues, kind: (ExtractKind, Int, String)?, context: ConversationContext) -> TargetRef? {
        guard let (k, _, cue) = kind, k == .code || k == .links || (k == .metadata && Self.asksForLink(cue)),
              cues.asksToSee, !cues.namesArticle, !cues.pointsBack,
              let last = context.lastArticle, [.answer, .summarize, .extract].contains(context.lastTool),
              resolver.ranks(last, within: Self.continuityHits, for: cues) else { return nil }
        return last
    }

    /// The kind of item the message asks for, by the longest cue phrase it holds; ties go to the
    /// first kind in ExtractKind's order. A cue inside the named article's title ("the code review
    /// post") asks for nothing; `namedTitle` is only an article the message names (match 50% or more).
    func extractKind(_ cues: MessageCues, namedTitle: String? = nil) -> (ExtractKind, Int, String)? {
        guard let def = prompts.definition(.extract) else { return nil }
        let title = namedTitle.map { FoldedText($0) }
        var best: (ExtractKind, Int, String)?
        for kind in ExtractKind.allCases {
            let phrases = def.kinds[kind.rawValue] ?? []
            for p in phrases where cues.hasPhrase(p) || (p.count > 3 && cues.words.contains(where: { $0.hasPrefix(p) && $0.count <= p.count + 2 })) {
                if let title, title.contains(p) { continue }
                // "let my code avoid…", "our implementation": the user's own, not something to extract.
                if cues.hasPhrase("my " + p) || cues.hasPhrase("our " + p) { continue }
                // "which status code counts as success?", "what exit code should it return?": a value named "code".
                if p == "code", MessageCues.valueCodes.contains(where: { cues.hasPhrase($0 + " code") }) { continue }
                // "What does the dead_code lint do?": a cue word inside an identifier is part of a name.
                if p.split(separator: " ").contains(where: { cues.onlyInIdentifiers(String($0)) }) { continue }
                let weight = p.split(separator: " ").count + 1
                if best == nil || weight > best!.1 { best = (kind, weight, p) }
            }
        }
        return best
    }

    /// Whether the article's code (with the prose before each block) or links hold every term of `focus`.
    /// With `all` false: whether they hold any of them.
    func holds(_ ref: TargetRef, _ focus: String, kind: ExtractKind, all: Bool = true) -> Bool {
        let terms = resolver.analyzer.terms(focus)
        guard !terms.isEmpty, kind == .code || kind == .links, let stored = try? resolver.store.article(doc: ref.doc) else { return false }
        let texts = kind == .code ? ExtractFocus.contexts(stored.article).map(\.context) : stored.article.links.map(\.text)
        let have = Set(texts.flatMap(resolver.analyzer.terms))
        return all ? terms.allSatisfy(have.contains) : terms.contains(where: have.contains)
    }

    /// What an extract of code or links is to show of them: the code "where it uses generics", the link "to the
    /// style guide". A link asked for with words that are not the article's title ("the link to the style guide"
    /// after an article about a code review) is a link of the article, not the article's own address.
    /// "show me the code that enables crash reporting after consent", naming no article and pointing back at none, is
    /// about the article discussed last when that article's code has those words.
    /// `byFewWords`: the target is the article discussed last only because the message named nothing else.
    func focusExtract(_ call: inout ToolCall, _ cues: MessageCues, cue: String?, context: ConversationContext, byFewWords: Bool) {
        let focus = Self.itemFocus(cues, cue: cue)
        let kind = ExtractKind(rawValue: call.argument("kind") ?? "")
        switch kind {
        case .links? where focus == nil && Self.asksForOneLink(cues):
            // "send me the link", "link please": one link, with nothing said of it, is the article's own address.
            call.set("kind", ExtractKind.metadata.rawValue)
            call.reasons.append("asks for one link and says nothing of it: the article's address")
        case let k? where k == .code || k == .links:
            call.set("focus", focus ?? askedAbout(call, kind: k, context: context))
            // "show me the code for a SwiftUI list" after an article with no such code: the few words it names are
            // not that article's, so it is not taken for pointing back at it.
            // An article whose items hold none of the words cannot hold all of them: it is read once.
            var ruledOut = false
            if let t = call.target, t == context.lastArticle, byFewWords, let focus, !holds(t, focus, kind: k, all: false) {
                call.reasons.append("“\(t.title)”, discussed last, has no \(k.rawValue) about “\(focus)”")
                call.target = nil
                ruledOut = true
            }
            if !ruledOut, call.target == nil, let last = context.lastArticle, let focus, holds(last, focus, kind: k) {
                call.target = last
                call.reasons.append("“\(last.title)”, discussed last, has the \(k.rawValue) it describes")
            }
        case .metadata? where cue.map(Self.asksForLink) == true:
            guard let focus, let t = call.target, !Self.titleWords(t.title).isSuperset(of: Classifier.words(focus)) else { return }
            call.set("kind", ExtractKind.links.rawValue)
            call.set("focus", focus)
            call.reasons.append("asks for a link the article has, “\(focus)”, not its own address")
        default:
            return
        }
    }

    /// "show me the code" right after an answer from the article it targets: the code about what was asked ("how do I
    /// read a file line by line?"), when some of the article's code is about it; nil otherwise (all of its code).
    func askedAbout(_ call: ToolCall, kind: ExtractKind, context: ConversationContext) -> String? {
        guard kind == .code, context.lastTool == .answer, let t = call.target, t == context.lastArticle, let asked = context.lastTopic
        else { return nil }
        let words = Classifier.words(asked).filter { !MessageCues.instructionWords.contains($0) && !MessageCues.questionOpeners.contains($0) }
        let focus = words.joined(separator: " ")
        return !words.isEmpty && holds(t, focus, kind: .code, all: false) ? focus : nil
    }

    /// Words of a request that say nothing of the items wanted ("ok show me the example where …").
    static let focusFillers: Set<String> = ["ok", "okay", "where", "when", "exact", "actual"]

    /// The words that call code an example.
    static let exampleWords = "example examples"

    /// "show me the example where it parses a script in a worker" after an article was answered from, summarized or
    /// extracted: a request to see an example, described by what it does, when that article's code (with the prose
    /// before each block) has every word of the description; nil otherwise. "show me an example" alone describes
    /// nothing and stays a request for an example of the topic.
    func describedExample(_ cues: MessageCues, context: ConversationContext) -> TargetRef? {
        guard cues.asksToSee, cues.saysExample, !cues.namesArticle,
              let last = context.lastArticle, [.answer, .summarize, .extract].contains(context.lastTool),
              let focus = Self.itemFocus(cues, cue: Self.exampleWords), holds(last, focus, kind: .code) else { return nil }
        return last
    }

    static func asksForLink(_ cue: String) -> Bool { cue.hasPrefix("link") || cue.hasPrefix("url") }

    /// Asks for a link in the singular ("the link", "its URL") and for no links in the plural.
    static func asksForOneLink(_ cues: MessageCues) -> Bool {
        (cues.has("link") || cues.has("url")) && !cues.has("links") && !cues.has("urls")
    }

    /// What a request for code or links says of the items it wants: its content words, less pronouns, the cue that
    /// asked for the items, the verb of the request ("email me …": the word before "me") and an article pointed at
    /// ("that page"); nil when nothing is left.
    static func itemFocus(_ cues: MessageCues, cue: String?) -> String? {
        let cueWords = Set((cue ?? "").split(separator: " ").map(String.init))
        let w = cues.words
        var asking = Set<Int>()
        for i in w.indices.dropFirst() {
            if ["me", "us"].contains(w[i]) { asking.insert(i - 1) }
            if MessageCues.documentNouns.contains(w[i]), ["that", "this", "the", "same", "its"].contains(w[i - 1]) { asking.insert(i) }
        }
        let content = Set(cues.contentWords)
        // "the code from the second": the ordinal says which article, not which code.
        let ordinal = cues.ordinal == nil ? Set<String>() : Set(MessageCues.ordinals.map(\.0) + ["last"])
        let words = w.indices.filter { i in
            content.contains(w[i]) && !asking.contains(i) && !MessageCues.pronounWords.contains(w[i]) && !ordinal.contains(w[i])
                && !MessageCues.sayingWords.contains(w[i]) && !cueWords.contains(w[i]) && !MessageCues.requestVerbs.contains(w[i])
                && !MessageCues.politeWords.contains(w[i]) && !MessageCues.questionOpeners.contains(w[i]) && !Self.focusFillers.contains(w[i])
        }.map { w[$0] }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// `/search`, `/summarize`, `/extract KIND`, `/answer` force a tool.
    func slash(_ text: String, context: ConversationContext) -> ToolCall? {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        let rest = parts.count > 1 ? parts[1].trimmed : ""
        let cues = MessageCues(rest)
        var reasons = ["forced by \(parts[0])"]
        switch parts[0].lowercased() {
        case "/search":
            var call = ToolCall(tool: .search)
            call.reasons = reasons
            fillSearch(&call, cues, named: resolver.named(cues, context: context))
            if call.argument("query")?.isEmpty != false { call.set("query", rest) ; call.arguments.sort { a, _ in a.name == "query" } }
            return call
        case "/summarize", "/summarise":
            var call = ToolCall(tool: .summarize)
            var rest = rest
            for l in ["short", "medium", "long"] where rest.hasSuffix("(\(l))") {
                rest = String(rest.dropLast(l.count + 2)).trimmed
                call.set("length", l)
            }
            // "/summarize git-rerere(1) (section: discussion)": one section of it.
            var section: String?
            if rest.hasSuffix(")"), let open = rest.ranges(of: "(section:").last {
                section = String(rest[open.upperBound...].dropLast()).trimmed
                rest = String(rest[..<open.lowerBound]).trimmed
            }
            if call.argument("length") == nil, let l = cues.length { call.set("length", l) }
            call.target = resolver.exact(rest) ?? (rest.isEmpty ? context.lastArticle : target(cues, context: context, required: true, named: resolver.named(cues, context: context), reasons: &reasons))
            call.reasons = reasons
            if let t = call.target {
                call.set("article", t.title)
                if let section, !section.isEmpty { call.set("section", section) }
            } else { call.set("topic", rest) }
            return call
        case "/extract":
            var call = ToolCall(tool: .extract)
            let sub = rest.split(separator: " ", maxSplits: 1).map(String.init)
            let kind = sub.first.flatMap { ExtractKind(rawValue: $0.lowercased()) } ?? .code
            let ref = sub.count > 1 ? sub[1] : (ExtractKind(rawValue: sub.first?.lowercased() ?? "") == nil ? rest : "")
            call.set("kind", kind.rawValue)
            let exact = resolver.exact(ref)
            if kind == .code || kind == .links, exact == nil { call.set("focus", Self.itemFocus(MessageCues(ref), cue: nil)) }
            call.target = exact ?? (ref.isEmpty ? context.lastArticle : target(MessageCues(ref), context: context, required: true, named: resolver.named(MessageCues(ref), context: context), reasons: &reasons))
            call.reasons = reasons
            if let t = call.target { call.set("article", t.title) }
            return call
        case "/answer", "/ask":
            var call = ToolCall(tool: .answer)
            call.set("question", rest)
            call.reasons = reasons
            call.target = target(cues, context: context, required: false, named: resolver.named(cues, context: context), reasons: &call.reasons)
            if let t = call.target { call.set("article", t.title) }
            return call
        default:
            return nil
        }
    }
}

extension String {
    /// The string without leading and trailing whitespace (no Foundation).
    public var trimmed: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
