/// Plain-English cues read from a message: references to earlier results, filters, lengths.
/// Cue words live here as small tables; the tool choice itself is learned (see `Classifier`).
struct MessageCues {
    let text: String
    let lower: String
    let words: [String]
    /// The language of a request other than English (`ForeignCues.language`), and the words that make
    /// such a request rather than name its topic; read once per message.
    let language: String?
    let requestWords: Set<String>
    /// The words joined by single spaces, with a space at each end, for `hasPhrase`.
    let padded: String

    init(_ text: String) {
        self.text = text
        lower = text.lowercased().replacing("’", with: "'")
        words = Classifier.words(text)
        padded = " " + words.joined(separator: " ") + " "
        language = ForeignCues.language(text: text, words: words)
        requestWords = ForeignCues.requestWords(words, language: language)
    }

    func has(_ word: String) -> Bool { words.contains(word) }

    /// Whether every occurrence of `word` stands inside an identifier joined by underscores ("dead_code",
    /// "source_code_url"): there it is part of a name, no word of the request. Words are split at "_" for the
    /// classifier, so this reads the text itself.
    func onlyInIdentifiers(_ word: String) -> Bool {
        guard ByteSearch.contains(text, "_") else { return false }
        var inside = false
        for token in lower.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
            guard token.split(separator: "_").contains(where: { $0 == word }) else { continue }
            if !token.contains("_") { return false }
            inside = true
        }
        return inside
    }
    func hasPhrase(_ p: String) -> Bool { ByteSearch.contains(padded, " " + p + " ") }

    static let ordinals: [(String, Int)] = [
        ("first", 0), ("1st", 0), ("top", 0), ("second", 1), ("2nd", 1), ("third", 2), ("3rd", 2), ("fourth", 3),
        ("4th", 3), ("fifth", 4), ("5th", 4), ("sixth", 5), ("seventh", 6), ("eighth", 7), ("ninth", 8), ("tenth", 9),
    ]

    /// "the second result", "number 3", "#2", "the last one".
    var ordinal: Int? {
        for (i, w) in words.enumerated() {
            if let o = MessageCues.ordinals.first(where: { $0.0 == w }) {
                // "first" in "first impressions" is part of a title, not a pointer: require a noun after it.
                let next = i + 1 < words.count ? words[i + 1] : ""
                if ["one", "result", "hit", "article", "post", "link", "match", "entry", "item", "piece", ""].contains(next) { return o.1 }
            }
            if (w == "number" || w == "result" || w == "no"), i + 1 < words.count, let n = Int(words[i + 1]), n >= 1, n <= 20 { return n - 1 }
        }
        if ByteSearch.contains(lower, "the last one") || ByteSearch.contains(lower, "last result") { return -1 }
        return nil
    }

    /// "it", "that one", "this article", "the author": the message points at the last article.
    var pointsBack: Bool {
        let pronouns = ["it", "its", "it's", "itself", "that", "this", "there", "those", "them", "these", "he", "she", "author", "same"]
        if words.count <= 3 && words.contains(where: Self.itemWords.contains) || onlyNamesItems { return true }
        for p in ["that one", "this one", "the article", "the post", "the author", "that code", "this code", "same article", "same post",
                  "from it", "in it", "of it", "about it", "of that"] where hasPhrase(p) { return true }
        // "summarize that release", "what else does this chapter say?": a demonstrative before a kind of document.
        for d in ["that", "this"] { for n in Self.documentNouns where hasPhrase(d + " " + n) { return true } }
        // "any pitfalls with this technique?": a demonstrative before a word for a way of doing things stands for the one
        // just discussed.
        for d in ["that", "this", "the same"] { for n in Self.wayNouns where hasPhrase(d + " " + n) { return true } }
        // "Why did the project need this?": a demonstrative that ends the message stands for what was said;
        // so does "instead" ("what should I build instead?": instead of what was said), and "though" ("isn't that
        // one slower though?": an objection to what was said).
        if let last = words.last, ["this", "that", "these", "those", "instead", "though"].contains(last), words.count > 1 { return true }
        // "any tips for managing all those strings?": a plural demonstrative stands for what the last answer named
        // ("those who…", "these days" do not).
        for (i, w) in words.enumerated() where (w == "those" || w == "these") && i + 1 < words.count
            && !["who", "days", "of"].contains(words[i + 1]) { return true }
        return words.contains { pronouns.prefix(4).contains($0) }
    }

    /// Words that make "code" a value rather than a program ("exit code", "status code", "error code"): a message
    /// asking for one asks a question, not for an article's code blocks.
    static let valueCodes: Set<String> = ["exit", "status", "error", "return", "response", "result", "reason", "http", "country",
                                          "language", "locale", "area", "zip", "postal", "promo", "discount", "verification",
                                          "confirmation", "activation", "access", "authorization", "auth", "qr", "bar", "color",
                                          "colour", "key", "char", "character", "signal", "op", "byte", "escape", "ansi", "keyboard"]

    /// The kinds of thing a short request asks of the article discussed ("the code", "link please", "author?").
    static let itemWords: Set<String> = ["code", "links", "link", "url", "headings", "outline", "author", "date", "summary", "tldr", "tl;dr"]

    /// Words of "let me see", "paste the …", "send me …", "I need the …" that say how a request for items asks, beyond
    /// the instruction words ("show", "give", "see" are among those). "let" is no instruction word elsewhere: "let vs
    /// var" is about `let`.
    static let requestVerbs: Set<String> = ["let", "paste", "send", "share", "need", "want", "like", "copy", "provide", "grab"]

    /// "can you share the link?", "I need the code": the message names a kind of item and says nothing else of its own.
    var onlyNamesItems: Bool {
        words.contains(where: Self.itemWords.contains) && words.allSatisfy { w in
            Self.itemWords.contains(w) || Self.instructionWords.contains(w) || Self.requestVerbs.contains(w) || requestWords.contains(w)
                || Self.politeWords.contains(w)
        }
    }

    /// Words that only soften or join a request ("could you …", "… too", "… again, please").
    static let politeWords: Set<String> = ["could", "would", "you", "please", "i'd", "id", "now", "again", "too", "also", "and", "just"]

    /// "one" standing for the last topic's thing ("how do I break one in a closure?", "is there one for
    /// Linux?"): the word after a verb or "there", at the end or before a preposition; not a number ("more
    /// than one", "one of", "one more") nor a pick from a list ("which one", "the first one").
    var standsForTopic: Bool {
        let before: Set<String> = ["which", "this", "that", "the", "each", "every", "any", "no", "another", "only", "than",
                                   "a", "first", "last", "second", "third", "next", "same", "other", "just", "at", "number"]
        let after: Set<String> = ["in", "with", "for", "without", "from", "on", "at", "to", "inside", "into", "when", "if", "so", "and", "or"]
        for (i, w) in words.enumerated() where w == "one" && i > 0 && !before.contains(words[i - 1]) {
            if i == words.count - 1 || after.contains(words[i + 1]) { return true }
        }
        return false
    }

    /// A follow-up with no topic of its own ("why?", "what are the downsides?", "give me an example"): every
    /// content word asks for a kind of thing about whatever was discussed last.
    var asksAboutTheLastTopic: Bool {
        contentWords.count <= 3 && contentWords.allSatisfy(MessageCues.followUpWords.contains)
    }

    /// Points at what was discussed last, with a pronoun or a demonstrative ("that", "those") as well as
    /// the phrases of `pointsBack`.
    var pointsAtLast: Bool {
        pointsBack || words.contains { ["that", "this", "those", "these", "they", "them"].contains($0) }
    }

    /// Sets what was discussed against something else ("how is that different from a serial queue?", "is it
    /// better than GCD?") without naming an article.
    var comparesWithLast: Bool {
        pointsAtLast && !namesArticle
            && FoldedText(text).containsAny(QuestionProfile.comparisonPhrases)
    }

    /// Asks for a summary in so many words ("summarize", "tl;dr", "the gist", "what do these cover", "what is it
    /// about?"); a question without one asks about the content.
    var asksForSummary: Bool {
        words.contains { $0.hasPrefix("summar") || MessageCues.summaryWords.contains($0) }
            || ["sum up", "big picture", "key points", "main points", "in short", "what's in", "what is in"].contains { hasPhrase($0) }
            || words.last == "about"
    }

    /// The words that ask what is new, which no title needs to hold.
    static let whatIsNewWords: Set<String> = ["what", "whats", "is", "new", "changed", "has", "have", "highlights", "big", "things",
                                              "biggest", "changes", "main", "key", "features", "were", "are", "the", "in", "of"]

    /// "What's new in Rust 1.84?", "what changed in the 2.0 release?", "the big things in 1.26": the highlights of
    /// what it names, a summary (the apostrophe's "s" is dropped from words, so "what's new" reads "what new").
    var asksWhatIsNew: Bool {
        ["what new", "whats new", "what is new", "what changed", "what has changed", "what have changed", "highlights", "big things",
         "biggest changes", "main changes", "key changes", "main features", "key features", "new features"].contains { hasPhrase($0) }
    }

    /// "What changed in GCC 12 for C++?": the part of a release a what's-new question asks about, the words after its
    /// last "for"; empty when it asks about the release as a whole.
    var releaseAspect: [String] {
        guard asksWhatIsNew, let i = words.lastIndex(of: "for") else { return [] }
        return words[(i + 1)...].filter { !MessageCues.instructionWords.contains($0) && !MessageCues.pronounWords.contains($0) && $0 != "the" }
    }

    /// "What does the atomic article say about dictionaries?": the words after "about" when a word of saying
    /// comes within three words before it, without instruction words and pronouns ("… say about it?" has none).
    var saysAbout: [String] {
        guard let i = words.lastIndex(of: "about"), i > 0,
              words[max(0, i - 3)..<i].contains(where: MessageCues.sayingWords.contains) else { return [] }
        return words[(i + 1)...].filter { !MessageCues.instructionWords.contains($0) && !MessageCues.pronounWords.contains($0) }
    }

    /// The message up to that "about" ("What does the singleton post say"), which names the article; nil when
    /// `saysAbout` is empty.
    var beforeSaysAbout: String? { splitAtSaysAbout?.before }

    /// What follows that "about", as written ("Kotlin coroutines?"): what the message asks of the article.
    var afterSaysAbout: String? { splitAtSaysAbout?.after }

    private var splitAtSaysAbout: (before: String, after: String)? {
        guard !saysAbout.isEmpty else { return nil }
        let tokens = text.split(separator: " ")
        guard let i = tokens.lastIndex(where: { $0.lowercased() == "about" }), i > 0, i + 1 < tokens.count else { return nil }
        return (tokens[..<i].joined(separator: " "), tokens[(i + 1)...].joined(separator: " "))
    }

    static let sayingWords: Set<String> = ["say", "says", "said", "mention", "mentions", "mentioned", "discuss", "discusses",
                                           "talk", "talks", "write", "writes", "wrote", "cover", "covers", "tell", "tells"]
    static let pronounWords: Set<String> = ["it", "its", "it's", "that", "this", "these", "those", "them", "they", "him", "her"]

    /// Nouns for a part of one article, and what comes between a determiner and such a noun or after it.
    static let sectionNouns: Set<String> = ["section", "part", "chapter", "subsection"]
    static let sectionDeterminers: Set<String> = ["its", "the", "that", "this", "their", "his", "her", "your"]
    static let sectionLinks: Set<String> = ["on", "about", "called", "titled", "named", "headed"]
    static let sectionEnds: Set<String> = ["of", "in", "from", "please", "for", "and"]
    /// "the subsections under …", "the headings in …": a section named by what it holds.
    static let outlineNouns: Set<String> = ["subsections", "subheadings", "sections", "headings"]
    static let outlineLinks: Set<String> = ["under", "in", "of", "inside", "within", "below"]

    /// "the example", "any examples": the word, not a longer one ("exampled").
    var saysExample: Bool { words.contains { $0 == "example" || $0 == "examples" } }

    /// "the subsections under merging", "what are the headings in the hooks section": asks for (part of) an outline.
    var namesSubsections: Bool {
        words.indices.dropLast(2).contains { Self.outlineNouns.contains(words[$0]) && Self.outlineLinks.contains(words[$0 + 1]) }
    }

    /// The words a message names one section of an article by, which the caller checks against the article's
    /// headings: "summarize its discussion section" gives "discussion", "the part about line endings" gives "line
    /// endings", "the section called troubleshooting" gives "troubleshooting", "the subsections under merging" gives
    /// "merging"; nil when it names no section.
    var sectionWords: String? { sectionNames.first }

    /// The namings of `sectionWords`, the first one first: after "the section on …" or "the subsections under …", all
    /// the words that follow, and then those before an "of", "in" or "from" ("the part about hooks of the git faq":
    /// "hooks git faq", then "hooks"; "the subsections under impact in memory": "impact memory" first).
    var sectionNames: [String] {
        let skip = Self.pronounWords.union(Self.sectionDeterminers).union(Self.ordinals.map(\.0)).union(["next", "previous", "other", "same", "whole"])
        for (i, w) in words.enumerated() where Self.sectionNouns.contains(w) || Self.outlineNouns.contains(w) {
            // "<its|the> WORDS section": at most five words between the determiner and the noun.
            if Self.sectionNouns.contains(w), let d = words[..<i].lastIndex(where: Self.sectionDeterminers.contains), i - d >= 2, i - d <= 6 {
                let between = words[(d + 1)..<i]
                if between.allSatisfy({ !skip.contains($0) }) { return [between.joined(separator: " ")] }
            }
            // "the section <on|about|called> WORDS", "the subsections <under|in> WORDS".
            let linked = Self.sectionNouns.contains(w) ? Self.sectionLinks : Self.outlineLinks
            guard i + 2 < words.count, linked.contains(words[i + 1]) else { continue }
            let after = words[(i + 2)...]
            let keep = { (x: String) in !skip.contains(x) && !Self.documentNouns.contains(x) && x != "please" }
            let whole = after.filter { keep($0) && !Self.sectionEnds.contains($0) }.joined(separator: " ")
            let cut = after.prefix { !Self.sectionEnds.contains($0) }.filter(keep).joined(separator: " ")
            let names = (whole == cut ? [whole] : [whole, cut]).filter { !$0.isEmpty }
            if !names.isEmpty { return names }
        }
        return []
    }

    /// Words that ask about an article as a piece of writing ("what does it say", "who wrote it").
    static let articleVerbs: Set<String> = ["say", "says", "said", "mention", "mentions", "cover", "covers", "write", "wrote",
                                            "written", "writes", "author", "published", "article", "post", "excerpt", "piece"]

    static let summaryWords: Set<String> = [
        "tldr", "tl;dr", "gist", "recap", "overview", "outline", "nutshell", "brief", "briefly", "cover", "covers", "covered",
        "takeaways", "highlights", "say", "says", "said", "discuss", "discusses", "talk", "talks",
    ]

    static let followUpWords: Set<String> = Set([
        "why", "how", "when", "so", "and", "but", "more", "else", "again", "then", "really", "exactly", "mean", "means", "explain",
        "work", "works", "happen", "happens", "matter", "matters", "use", "case", "cases", "should", "would", "could", "why's",
        "better", "best", "worse", "faster", "slower", "prefer", "preferred", "recommended",
    ]).union(MessageCues.kindNouns).union(MessageCues.continuationWords)

    /// Nouns that ask for a kind of thing about a topic ("the downsides", "any gotchas", "that approach"), not a topic.
    static let kindNouns: Set<String> = Set([
        "example", "examples", "downside", "downsides", "drawback", "drawbacks", "upside", "upsides", "advantage",
        "advantages", "benefit", "benefits", "alternative", "alternatives", "limitation", "limitations", "pros", "cons",
        "problem", "problems", "caveat", "caveats", "risk", "risks", "cost", "costs", "detail", "details", "gotcha", "gotchas",
        "pitfall", "pitfalls",
    ] + MessageCues.wayNouns)

    /// "go on", "can you expand on that?", "tell me more": asks only to go on with the last answer.
    var asksToGoOn: Bool {
        !contentWords.isEmpty && asksAboutTheLastTopic && contentWords.allSatisfy(MessageCues.continuationWords.contains)
    }

    /// "show me an example", "examples?": asks for an example of what was discussed, and names nothing else.
    var asksForExample: Bool {
        asksAboutTheLastTopic && contentWords.contains { $0.hasPrefix("example") }
    }

    /// Words that only ask to go on with the last answer ("can you expand on that?", "go on", "tell me more"):
    /// they name no topic, and an answer leaves them out of its question.
    static let continuationWords: Set<String> = ["expand", "elaborate", "continue", "go", "further", "more", "tell", "explain"]

    /// Words for a way of doing something that a demonstrative points back at ("that approach", "this technique").
    static let wayNouns = ["approach", "technique", "method", "solution", "trick", "pattern", "idea", "setup", "workaround",
                           "strategy", "way", "design"]

    /// Kinds of document a demonstrative can point at ("that release", "this chapter").
    static let documentNouns = ["article", "post", "excerpt", "piece", "tutorial", "guide", "entry", "page", "chapter", "document",
                                "release", "paper", "story", "essay", "announcement", "study", "report", "review", "proposal", "doc"]

    /// "that article", "this post", "the same one": an article noun that points back rather than names.
    var demonstrativeArticle: Bool {
        for d in ["that", "this", "same", "its", "it's"] {
            for n in ["one"] + Self.documentNouns where hasPhrase(d + " " + n) { return true }
        }
        return false
    }

    /// "the october one", "the one about phishing": "one" after "the", "that" or "this" within three words picks an
    /// article of a list the way an article noun does.
    var saysOne: Bool { oneAt != nil }

    /// Where that "one" is.
    private var oneAt: Int? {
        words.indices.first { i in
            words[i] == "one" && words[max(0, i - 3) ..< i].contains { ["the", "that", "this"].contains($0) }
        }
    }

    /// The word that says which one: "october" in "the october one"; nil for "that one", "the second one".
    var wordBeforeOne: String? {
        guard let i = oneAt, i > 0 else { return nil }
        let w = words[i - 1]
        return ["the", "that", "this", "same", "other", "last"].contains(w) || MessageCues.ordinals.contains { $0.0 == w } ? nil : w
    }

    /// Words before a noun that make it one known thing ("the post", "that article", "its page").
    static let definite: Set<String> = ["the", "that", "this", "its", "your", "his", "her", "their", "my"]

    /// Words for an article itself: "post", "tutorial", "chapter".
    static let articleNouns: Set<String> = ["article", "articles", "post", "posts", "excerpt", "piece", "tutorial", "guide", "tip", "writeup",
                                            "write-up", "blog", "entry", "introduction", "intro", "essay", "story", "announcement", "paper",
                                            "page", "chapter", "document"]

    /// The noun a "what is the …?" or "which …?" question asks for: "tool" in "what's the tool the author
    /// released called?", "author" in "what is the author's name?"; nil for other questions.
    /// (`words` has dropped the "'s" of "what's" and "author's".)
    var askedNoun: String? {
        var w = words[...]
        if w.first == "which" { return w.dropFirst().first }
        guard w.first == "what" else { return nil }
        w = w.dropFirst()
        if let be = w.first, be == "is" || be == "was" { w = w.dropFirst() }
        guard w.first == "the" else { return nil }
        return w.dropFirst().first
    }

    /// The message explicitly names an article ("the X article", "Donny's post on Y", "the excerpt about Z").
    var namesArticle: Bool {
        if words.contains(where: Self.articleNouns.contains) { return true }
        // A possessive of a name ("Donny's post", "Sundell's tip"), not "what's" or "it's".
        let contractions: Set<String> = ["what's", "that's", "it's", "there's", "here's", "who's", "how's", "let's", "where's", "he's", "she's", "one's"]
        return text.split(separator: " ").contains { w in
            let l = w.lowercased().replacing("’", with: "'")
            return (l.hasSuffix("'s") || l.hasSuffix("'")) && l.count > 2 && !contractions.contains(l) && w.first?.isUppercase == true
        }
    }

    /// The message asks about many articles at once ("across these posts", "what do the articles say").
    var acrossArticles: Bool {
        for p in ["across", "these posts", "these articles", "the articles", "the posts", "all the", "everything", "the corpus",
                  "overall", "big picture", "in general", "articles say", "posts say", "articles cover", "posts cover", "what do the"]
            where ByteSearch.contains(lower, p) { return true }
        return false
    }

    /// "what about reentrancy?", "and how about Combine?": a short message that asks the last turn's kind of
    /// thing again about something else.
    var asksWhatAbout: Bool {
        var rest = words.drop { $0 == "and" || $0 == "so" || $0 == "ok" || $0 == "okay" }
        guard rest.count >= 3, rest.count <= 7, ["what", "how"].contains(rest.first ?? ""), rest.dropFirst().first == "about" else { return false }
        rest = rest.dropFirst(2)
        return !rest.allSatisfy { ["it", "that", "this", "them", "those", "these", "the", "a", "an", "one", "ones"].contains($0) }
    }

    /// "What if I only want the time?", "and what if it throws?": a variation on the last question, asked in its terms.
    var asksWhatIf: Bool {
        let rest = words.drop { $0 == "and" || $0 == "but" || $0 == "so" }
        return rest.count >= 3 && rest.first == "what" && rest.dropFirst().first == "if"
    }

    /// A short follow-up that leaves the question out and names only what changes: "and with Swift Testing?",
    /// "or in SwiftUI?", "what about the main actor?". It asks the last question again about that.
    var isElliptical: Bool {
        guard words.count <= 6, let first = words.first, words.count >= 2 else { return false }
        if ["and", "or", "but"].contains(first) {
            return ["with", "for", "in", "on", "using", "without", "inside", "from", "when", "if"].contains(words[1])
        }
        return asksWhatAbout
    }

    /// "which one is …", "which of them …": the message picks from the articles just listed.
    var picksFromList: Bool {
        ["which one", "which of them", "which of these", "which of those", "which article", "which post"].contains(where: hasPhrase)
    }

    /// Words of a "which one is …?" message that describe nothing about the article picked.
    static let pickWords: Set<String> = ["which", "one", "of", "them", "these", "those", "is", "was", "are", "the", "a", "an",
                                         "article", "post", "about", "on", "that", "it", "talks", "covers", "explains", "s"]

    /// Reads as a question: ends with "?" or opens with a question word.
    /// A question mark anywhere ("it fired at once?? what's going on" asks as much as a closing one does), a first
    /// word that asks, or a later clause that opens with a question word.
    var isQuestion: Bool {
        text.contains("?") || text.contains("？") || Self.questionOpeners.contains(words.first ?? "")
            || ["when", "where", "is", "are", "does", "do", "can", "should", "will", "did", "could", "would"].contains(words.first ?? "")
            || asksInALaterClause
    }

    /// Question words that open a question wherever a clause starts.
    static let questionOpeners: Set<String> = ["what", "what's", "whats", "why", "how", "how's", "which", "who", "who's"]

    /// "the build fails. why": a later sentence or clause that opens with a question word.
    var asksInALaterClause: Bool {
        text.split(whereSeparator: { ".,;!:".contains($0) }).dropFirst().contains { clause in
            let first = clause.split(separator: " ").first.map { w in
                String(w.lowercased().map { $0 == "’" ? "'" : $0 }.filter { $0.isLetter || $0 == "'" })
            } ?? ""
            return Self.questionOpeners.contains(first)
        }
    }

    /// Asks for a list of articles rather than a fact ("which posts…", "anything on…", "do you have…").
    var asksForArticles: Bool { wordsAskForArticles || picksOne }

    /// Words that name articles or ask what the corpus has ("posts", "anything on", "do you have").
    /// "anything", "something" and "stuff" ask for articles when what follows says what about ("anything on
    /// generics?", "got something about actors"), or nothing does, and the request leads the message (among its
    /// first six words); "Is there anything in the standard library that gives tests a virtual clock?" asks for
    /// a fact, and so does "…without my view model knowing anything about logging?".
    var wordsAskForArticles: Bool {
        let nouns: Set<String> = ["articles", "article", "posts", "post", "writeups", "writeup",
                                  "tutorials", "tutorial", "blogs", "blog", "entries", "coverage", "pieces", "piece", "excerpts", "excerpt", "reading"]
        let pronouns: Set<String> = ["anything", "something", "stuff"]
        let topicWords: Set<String> = ["on", "about", "regarding", "covering", "re", "related", "new", "good", "interesting", "else"]
        let pronounAsks = words.indices.contains { i in
            guard i < 6, pronouns.contains(words[i]) else { return false }
            let next = Self.pastPlace(words, from: i + 1, nouns: nouns)
            return next == words.count || topicWords.contains(words[next])
        }
        // "In the SwiftSyntax tips post about…, which class…?": a singular noun after "the" (or "that", "its"…) names one
        // article to ask about; plurals, and "a post", "which post", "any post", ask for articles.
        let namesOne = { (i: Int) -> Bool in
            !words[i].hasSuffix("s") && words[max(0, i - 3)..<i].contains(where: Self.definite.contains)
                && !words[max(0, i - 3)..<i].contains(where: ["any", "a", "an", "which", "what", "some", "another", "other"].contains)
        }
        // "what do you have on…", "do you know any…": what the corpus holds; "which node type do you visit?" asks how.
        let asksWhatIsHeld = ["you have", "you got", "do you know", "do you cover"].contains { ByteSearch.contains(lower, $0) }
        return words.indices.contains { nouns.contains(words[$0]) && !namesOne($0) } || pronounAsks || asksWhatIsHeld
            || asksForPage
    }

    /// Words for a page of a manual or reference. Not "section" or "chapter": "is there a section on errors?" asks about
    /// the article discussed.
    static let pageNouns: Set<String> = ["page", "pages", "doc", "docs", "documentation", "manual", "manpage", "guide", "guides"]
    /// Words after such a noun that say what the page is about ("a page on…", "docs that cover…").
    static let pageTopicWords: Set<String> = ["on", "about", "for", "that", "covers", "covering", "cover", "documents", "documenting",
                                              "explains", "explaining", "describes", "describing", "discusses", "discussing", "mentions",
                                              "talks", "has", "deals", "goes"]

    /// "which other page covers this?", "is there a man page on worktrees?", "where are the docs for the os module?":
    /// a page of a manual or reference asked for by what it covers. The noun alone does not ask ("what's the page size
    /// limit?"): a word that picks one comes shortly before it and a word that says what about right after it.
    var asksForPage: Bool {
        let pickers: Set<String> = ["which", "what", "another", "other", "any", "a", "an", "where", "some"]
        let named = words.indices.contains { i in
            Self.pageNouns.contains(words[i]) && i + 1 < words.count && Self.pageTopicWords.contains(words[i + 1])
                && words[max(0, i - 3)..<i].contains(where: pickers.contains)
        }
        // "is there a page on it?" asks of the article discussed; "which other page…" never does.
        return named && (!pointsBack || words.contains("other") || words.contains("another"))
    }

    /// Where the words after "anything" go on once a place in the corpus is passed over: "anything in here on…",
    /// "something in these posts about…", "anything here about…". `from` when no such place follows. "library" is
    /// no such place: "anything in the standard library that…" asks for a fact.
    static func pastPlace(_ words: [String], from j: Int, nouns: Set<String>) -> Int {
        func word(_ k: Int) -> String { k < words.count ? words[k] : "" }
        if placeAdverbs.contains(word(j)) { return j + 1 }
        guard word(j) == "in" else { return j }
        if placeAdverbs.contains(word(j + 1)) { return j + 2 }
        if placeDeterminers.contains(word(j + 1)), nouns.contains(word(j + 2)) || places.contains(word(j + 2)) { return j + 3 }
        return j
    }

    static let placeAdverbs: Set<String> = ["here", "there"]
    static let places: Set<String> = ["corpus", "collection", "folder", "archive", "docs", "documents", "notes"]
    static let placeDeterminers: Set<String> = ["the", "these", "this", "those", "your", "my", "our"]

    /// Asks to be taken through something ("walk me through…", "show me how…", "explain why…"): a request for
    /// an answer, however little it reads as a question.
    var asksToBeShown: Bool {
        ["walk me through", "talk me through", "take me through", "show me how", "explain how", "explain why", "explain what",
         "help me understand", "teach me"].contains { hasPhrase($0) }
    }

    /// Asks to see something ("show me the code", "can I see the links", "give me the before and after"), as opposed
    /// to asking a question of it.
    var asksToSee: Bool {
        ["show me", "show us", "can you show", "could you show", "give me", "let me see", "can i see", "could i see", "paste"]
            .contains { hasPhrase($0) }
    }

    /// A question about items already shown ("which release would refuse that code?", "why does this code crash?"):
    /// `cue` ("code", "links") comes after a demonstrative, and the message asks nothing to be shown.
    func asksAboutShown(_ cue: String) -> Bool {
        guard isQuestion, !asksToSee, let first = cue.split(separator: " ").first.map(String.init),
              let i = words.firstIndex(of: first), i > 0 else { return false }
        return ["that", "this", "those", "these"].contains(words[i - 1])
    }

    /// Says what the articles it wants are about ("posts about RSS feeds", "anything on sources of truth").
    var namesTopic: Bool { words.contains(where: MessageCues.topicMarkers.contains) }

    /// The words after which a message says what it is about.
    static let topicMarkers: Set<String> = ["about", "on", "regarding", "covering", "mentioning"]

    /// "which one…", "which of…": a pick among things listed, articles after a search.
    var picksOne: Bool { hasPhrase("which one") || hasPhrase("which of") }

    /// "which one wins?": a pick among things said before; "which one of the sort methods…" names them.
    var picksAmongThoseSaid: Bool { hasPhrase("which one") && !hasPhrase("which one of") }

    var length: String? {
        if words.contains(where: { ["short", "brief", "quick", "tldr", "tl;dr", "nutshell", "one-line", "briefly", "gist"].contains($0) }) { return "short" }
        if words.contains(where: { ["long", "detailed", "thorough", "full", "complete", "in-depth", "deep"].contains($0) }) { return "long" }
        return nil
    }

    /// "from 2021", "in 2024", "before 2022", "after 2023", "since 2020".
    var dates: (after: String?, before: String?) {
        var after: String?, before: String?
        for (i, w) in words.enumerated() {
            guard w.count == 4, let year = Int(w), year > 1990, year < 2100 else { continue }
            let prev = i > 0 ? words[i - 1] : ""
            switch prev {
            case "before", "until", "prior": before = w
            case "after": after = String(year + 1)
            case "since": after = w
            default:
                if ["from", "in", "of", "during", "dated", "published", "written"].contains(prev) || words.count <= 4 {
                    after = w; before = String(year + 1)
                }
            }
        }
        return (after, before)
    }

    var newestFirst: Bool { ["newest", "latest", "recent", "most recent", "newer"].contains { ByteSearch.contains(lower, $0) } }
    var noAuthor: Bool { ["no author", "without an author", "without author", "missing author", "no byline", "anonymous", "author is missing", "unknown author"].contains { ByteSearch.contains(lower, $0) } }

    /// Words that tell the tool rather than the topic; removed before a message becomes a query.
    static let instructionWords: Set<String> = [
        "search", "find", "look", "lookup", "list", "show", "me", "give", "get", "got", "any", "anything", "some", "something",
        "articles", "article", "posts", "post", "excerpt", "excerpts", "piece", "pieces", "writeup", "writeups", "write", "ups",
        "tutorial", "tutorials", "guide", "entries", "entry", "blog", "blogs", "stuff", "please", "plz", "pls", "thanks",
        "summarize", "summarise", "summary", "sum", "tldr", "tl;dr", "tl", "dr", "gist", "recap", "overview", "brief", "quick",
        "short", "long", "the", "a", "an", "of", "on", "about", "for", "from", "in", "to", "with", "what", "whats", "what's",
        "do", "does", "you", "have", "is", "are", "there", "which", "who", "can", "i", "see", "extract", "pull", "out",
        "code", "samples", "sample", "snippets", "snippet", "links", "urls", "headings", "outline", "key", "terms", "it",
        "that", "this", "one", "only", "just", "discuss", "discussing", "mention", "mentioning", "cover", "covering", "coverage",
        "talk", "talks", "we", "us", "my", "your", "corpus", "up", "read", "reading", "say", "says", "said", "tell",
        "these", "those", "all", "everything", "across", "big", "picture",
    ]

    /// Content words: the message minus instruction words, English or (for a request in another
    /// language) that language's (order kept).
    var contentWords: [String] { words.filter { !MessageCues.instructionWords.contains($0) && !requestWords.contains($0) } }
}
