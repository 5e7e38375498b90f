import Analysis
import Retrieval

/// Surface cues of a sentence: the answer type it looks like, and whether it reads on its own.
/// They are inputs to the fitted model, not rules: the model decides how much each counts.
enum Cues {
    static let definition = Phrases([" is a ", " is an ", " is the ", " are ", " refers to ", " means ", " allows ", " lets ", " is used to ", " describes "])
    static let why = Phrases([" because ", " since ", " so that ", " that's why ", " this means ", " due to ", " otherwise ", " which means ", " in order to ", " to avoid ", " to prevent "])
    static let yesNo = Phrases([" not ", " no ", " yes", " won't ", " doesn't ", " isn't ", " can't ", " cannot ", " only ", " must ", " always ", " never "])
    static let limitation = Phrases([" can't ", " cannot ", " not ", " doesn't ", " breaks ", " slow", " limited", " only ", " however", " but ",
                                     " unfortunately", " lack", " fragile", " fails", " problem", " issue", " drawback", " cost",
                                     " limit", " restrict", " require", " must ", " avoid", " downside", " disadvantage", " caveat",
                                     " trade-off", " tradeoff", " complex", " hard to ", " difficult"])
    static let comparison = Phrases([" whereas ", " while ", " unlike ", " instead ", " but ", " however ", " on the other hand ", " compared ", " than ", " both "])
    static let howto = Phrases([" you can ", " use ", " call ", " by ", " add ", " create ", " make sure ", " need to ", " should ", " pass ", " set ", " run "])
    static let imperatives: Set<String> = ["add", "create", "delete", "remove", "open", "select", "set", "go", "call", "use", "make",
                                           "replace", "run", "write", "store", "wrap", "keep", "define", "pass", "return", "declare",
                                           "implement", "mark", "move", "change", "enable", "import", "install", "type", "build",
                                           "choose", "specify", "configure", "start", "try", "check", "update", "download"]
    static let aboutTheArticle = Phrases(["in this post", "in this article", "in this week", "in this tutorial", "in this blog", "this post ",
        "i showed you", "show you how", "you will learn", "you'll learn", "you learned", "we'll explore", "we will explore",
        "we're going to explore", "today we're going", "let's take a look", "let's explore", "in the next section",
        "i moved on to", "if you have any questions", "reach out to me", "appeared first on", "check out", "to learn more",
        "for more on", "read more about", "thanks for reading", "follow me on", "subscribe to", "stay tuned",
        // Looking back over the article or the series: a recap names the topic and says nothing of it.
        "we explored", "we've explored", "we have explored", "we discussed", "we've discussed", "we covered", "we've covered",
        "we learned", "we've learned", "we went through", "we've looked at", "we've seen", "in this guide", "in this series",
        "in this section", "in the previous post", "in the last post", "in my previous post", "in a previous post",
        "in the previous article", "i hope you", "i hope this", "that's it for", "that's all for", "let's recap",
        "let's review", "let's summarize", "let's sum up", "let us recap", "let us summarize"])

    /// A sentence that defines one of `terms`: the term is its subject (its first content word, or the first
    /// after words of `leading`, the rest of a name: "Swift Configuration is…"), then "is a", "refers to"…
    /// ("A singleton is a pattern that…", not "When creating singletons, shared is the…").
    /// `strictly`: by a phrase of `definition` only, not by one of `definingVerbs` ("The X documentation provides…"
    /// has X first but says what the documentation does).
    static func defines(_ u: SentenceUnit, _ terms: Set<String>, leading: Set<String> = [], strictly: Bool = false) -> Bool {
        guard hasSubject(u, terms, leading: leading) else { return false }
        // The verb follows the subject's name closely: "Package ID specifications output by cargo, for example in cargo
        // metadata output, are fully qualified" says how they look, not what they are.
        let opening = FoldedText(u.text.split(separator: " ", maxSplits: definitionWords, omittingEmptySubsequences: true)
            .prefix(definitionWords).joined(separator: " "))
        return opening.containsAny(definition) || isBeforePossessive(u.text) || (!strictly && opening.containsAny(definingVerbs))
    }

    /// How many words of a sentence its subject and defining verb fall within.
    static let definitionWords = 9

    /// "The AttributeGraph is SwiftUI’s runtime engine.", "… is Apple’s new testing framework": "is" before a
    /// possessive, which stands where "a" or "the" would in a definition.
    static func isBeforePossessive(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        return zip(words, words.dropFirst()).contains { is_, word in
            is_ == "is" && word.count > 2 && (word.hasSuffix("'s") || word.hasSuffix("’s")) && word.first?.isLetter == true
        }
    }

    /// One of `terms` is the sentence's subject: its first content word, or the first after words of `leading`;
    /// not in a sentence that opens with a condition ("If the X is a combination…", "When X is a class…").
    /// An identifier stands for its words: "AsyncAlgorithms is a package…" has async and algorithm as its subject.
    static func hasSubject(_ u: SentenceUnit, _ terms: Set<String>, leading: Set<String> = []) -> Bool {
        func subject(_ tokens: [String]) -> Bool {
            tokens.prefix(4).first { !leading.contains($0) || terms.contains($0) }.map(terms.contains) == true
        }
        // The identifier itself may be the term asked for ("OpenAPI is a specification…" for "What is OpenAPI?"). Through
        // its parts, it is the subject only when the question asks each of them: "TOKEN_GROUPS Specifies the SIDs…" is
        // the entry of TOKEN_GROUPS, and says nothing of what a token is.
        guard subject(u.tokens) || (subject(openingTerms(u.tokens)) && identifierParts(u.tokens).allSatisfy { terms.contains($0) || leading.contains($0) })
        else { return false }
        // A name written with its arguments is another thing with other arguments: "repr(packed(n)) forces…" says
        // nothing of what repr(C) guarantees.
        if let own = argumentTerms(u), !own.allSatisfy({ terms.contains($0) || leading.contains($0) }) { return false }
        // "With AsyncAlgorithms, we are applying…" is about "we": a sentence that opens with a preposition has another subject.
        if let first = openingWords(FoldedText(u.text)).first, subordinators.contains(Array(first)) || prepositions.contains(Array(first)) { return false }
        // So is "Nettle’s PBKDF2 functions are defined in…": a possessive opens a sentence about what it owns.
        if let word = u.text.split(separator: " ", maxSplits: 1).first, word.hasSuffix("'s") || word.hasSuffix("’s") { return false }
        return true
    }

    /// The analysed terms of the sentence's first word when it is a name with arguments ("repr(packed(n))", "Box<T>"):
    /// as many of its first terms as the word has runs of letters and digits. Nil for a plain first word.
    static func argumentTerms(_ u: SentenceUnit) -> ArraySlice<String>? {
        guard let word = u.text.split(separator: " ", maxSplits: 1).first, word.contains(where: { $0 == "(" || $0 == "<" }),
              word.first?.isLetter == true else { return nil }
        let runs = word.split { !$0.isLetter && !$0.isNumber }.count
        return u.tokens.prefix(runs)
    }

    /// The parts of the identifier that opens a sentence ("token", "group" after "token_group"; "configur", "reader"
    /// after "configurationread", whose stem lost the part's end, so a part's first four letters are enough); empty
    /// when its first term is a plain word.
    static func identifierParts(_ tokens: [String]) -> [String] {
        guard let first = tokens.first else { return [] }
        return Array(tokens.dropFirst().prefix { $0.count < first.count && first.contains($0.prefix(4)) })
    }

    /// A sentence's first analysed words, an identifier that its parts follow ("asyncalgorithm", "async",
    /// "algorithm") left out for those parts.
    static func openingTerms(_ tokens: [String]) -> [String] {
        var out: [String] = []
        for (i, t) in tokens.prefix(8).enumerated() {
            if i + 1 < tokens.count, tokens[i + 1].count < t.count, t.hasPrefix(tokens[i + 1]) { continue }
            out.append(t)
        }
        return out
    }

    /// The name an appositive defines: the last words (at most three) before the first ", a " or ", an "
    /// ("Swift 6 introduces Swift Testing, a new testing library…" → "introduces Swift Testing", "the first
    /// release of swiftly, a version manager…"), the way announcements and papers say what a thing is. Nil when
    /// the sentence opens with a preposition or a subordinator ("In Swift 6, a new library…", "If you call it
    /// twice, a crash…"), when a subordinator or a word that ends a clause stands among those words ("… it
    /// again, a week later"), or when the sentence has none.
    static func appositiveName(_ text: String) -> Substring? {
        // Byte search: this runs on every candidate of a definition question, and String's own search had been a
        // tenth of `lore ask`'s work.
        guard let comma = [", a ", ", an "].compactMap({ ByteSearch.firstIndex(of: $0, in: text) }).min() else { return nil }
        let before = text[..<comma].split(separator: " ")
        let words = before.suffix(3)
        guard let first = words.first else { return nil }
        func bare(_ w: Substring) -> [UInt8] { word(w.lowercased().filter { $0 >= "a" && $0 <= "z" }) }
        let opensClause = before.first.map { prepositions.contains(bare($0)) || subordinators.contains(bare($0)) } ?? false
        if opensClause || words.contains(where: { w in subordinators.contains(bare(w)) || clauseLinks.contains(bare(w)) }) {
            return nil
        }
        return text[first.startIndex ..< comma]
    }

    /// The name a sentence gives what it describes ("Being ready for unwinding is often referred to as exception
    /// safety in the broader programming world." → "exception safety in the broader programming world"): the words
    /// after "is called", "are known as", "is referred to as"… up to the clause's end. A definition written the other
    /// way round, description first. Nil when the sentence has no such phrase, or it asks ("What is it called?").
    static func namedAs(_ text: String) -> Substring? {
        guard text.last != "?", text.utf8.count < 400 else { return nil }
        let lower = text.lowercased()
        guard lower.utf8.count == text.utf8.count else { return nil }
        for verb in namingVerbs {
            guard let at = ByteSearch.firstIndex(of: verb, in: lower) else { continue }
            // "is" or "are" right before the verb, or before one adverb before it.
            let before = lower[..<at].split(separator: " ").suffix(2)
            guard let be = before.last.map({ namingAdverbs.contains(String($0)) ? before.first : $0 }) ?? nil,
                  be == "is" || be == "are" else { continue }
            let offset = lower.utf8.distance(from: lower.startIndex, to: at) + verb.utf8.count
            let rest = text[text.utf8.index(text.startIndex, offsetBy: offset)...].prefix { !",.;:()!?".contains($0) }
            return rest.isEmpty ? nil : rest
        }
        return nil
    }

    static let namingVerbs = [" called ", " known as ", " referred to as ", " termed "]
    static let namingAdverbs: Set<String> = ["often", "also", "commonly", "usually", "sometimes", "generally"]

    private static let prepositions: Set<[UInt8]> = Set(["in", "on", "at", "by", "for", "with", "from", "to", "of", "into",
        "after", "before", "during", "since", "until", "about", "over", "under", "via", "without", "within", "as", "like",
        "unlike"].map(word))
    /// Words that end a clause before a comma rather than a name ("… then, a…", "… today, an…").
    private static let clauseLinks: Set<[UInt8]> = Set(["and", "or", "but", "then", "there", "here", "now", "today", "so",
        "too", "also", "again", "it", "them", "this", "that"].map(word))

    /// Verbs that say what a thing is or does when the thing is the sentence's subject ("A trait object points to…",
    /// "The Send marker trait indicates…"). Too common to cue a definition anywhere else, so not part of `definition`.
    static let definingVerbs = Phrases([" represents ", " indicates ", " provides ", " enables ", " consists of ", " contains ",
                                        " holds ", " stores ", " points to ", " specifies ", " defines ", " gives you ", " is when ",
                                        " is how ", " lets you ", " let you ", " makes it possible "])

    /// The term of an entry in a list (a definition list's "--nonet: Do not…") or of a glossary line ("EAGAIN:
    /// Indicates…", at most three words, its meaning capitalised); prose ("You can create your own actor — and
    /// use…") has none.
    /// An entry whose meaning is only a web address ("Swift OpenAPI Runtime: https://…") is a link, not an entry.
    static func entryTerm(_ u: SentenceUnit) -> Substring? {
        guard !u.isCode, let term = entryTerm(u.text) else { return nil }
        let meaning = u.text[term.endIndex...].drop { $0 == ":" || $0 == " " || $0 == "—" }
        if (meaning.hasPrefix("http://") || meaning.hasPrefix("https://")) && !meaning.contains(" ") { return nil }
        if u.isListItem { return term }
        return term.split(separator: " ").count <= 3 && meaning.first?.isUppercase == true ? term : nil
    }

    /// The term of a reference entry ("--nonet: Do not use the network…", "EAGAIN: Indicates…", "Function: int
    /// f (int x) — Frees…"): what comes before " — ", or before ": " when that is at most six words with no
    /// sentence in it. Nil for prose, and for a clause before the dash ("Actor isolation is what protects your
    /// code — not threads." is a sentence with an aside, no entry for "actor isolation").
    static func entryTerm(_ text: String) -> Substring? {
        func words(_ s: Substring) -> Int { s.split(separator: " ").count }
        if let r = ByteSearch.firstIndex(of: " — ", in: text), words(text[..<r]) <= 30 {
            let term = text[..<r]
            return term.split(separator: " ").contains { copulas.contains($0.lowercased()) } ? nil : term
        }
        guard let r = ByteSearch.firstIndex(of: ": ", in: text) else { return nil }
        let term = text[..<r]
        guard !term.isEmpty, words(term) <= 6, !term.contains(where: { ".?!".contains($0) }) else { return nil }
        return term
    }

    /// The verb "to be" in the forms that make a clause of the words before an entry's dash.
    static let copulas: Set<String> = ["is", "are", "was", "were", "isn't", "aren't", "isn’t", "aren’t"]

    /// definition_cue … comparison_cue: the cue of the question's own kind, or 0.
    static func answerType(_ p: QuestionProfile, _ u: SentenceUnit, _ l: FoldedText) -> [Double] {
        let k = p.kind
        func on(_ b: Bool) -> Double { b ? 1 : 0 }
        let step = k == .howto && !u.isCode
            && (imperatives.contains(u.text.prefix(while: { $0 != " " }).lowercased()) || l.containsAny(howto))
        let bothSides = p.sides.count == 2 && p.sides.allSatisfy { !u.terms.isDisjoint(with: $0) }
        return [
            on(k == .definition && l.containsAny(definition)),
            on(step),
            on(k == .howto && u.isCode),
            on(k == .factoid && u.text.contains(where: \.isNumber)),
            on(k == .why && l.containsAny(why)),
            on(k == .yesNo && l.containsAny(yesNo)),
            on(k == .limitation && l.containsAny(limitation)),
            on(bothSides),
            on(k == .comparison && l.containsAny(comparison)),
        ]
    }

    /// An image caption or label: short, no sentence punctuation.
    static func isCaption(_ u: SentenceUnit) -> Bool {
        guard !u.isCode && !u.isListItem && u.words < 8 else { return false }
        // A stop inside closing quotes or brackets ends a sentence too (“It means “visible.”” is no caption).
        guard let last = Layout.withoutClosers(u.text).last else { return false }
        return !".!?:".contains(last)
    }

    /// A pronoun or connective among the first words: the sentence needs the one before it.
    /// An aside is said of the sentence before it as well: "(mandatory otherwise)", "（それ以外の場合は必須です）".
    static func refersBack(_ s: String) -> Bool { isAside(s) || refersBack(FoldedText(String(decoding: s.utf8.prefix(80), as: UTF8.self))) }

    /// A sentence wholly in brackets: the bracket that opens it closes at its end (after any stop).
    static func isAside(_ s: String) -> Bool {
        guard let first = s.first, first == "(" || first == "（" else { return false }
        var depth = 0
        for (i, c) in zip(s.indices, s) {
            if c == "(" || c == "（" { depth += 1 } else if c == ")" || c == "）" {
                depth -= 1
                if depth == 0 { return s[s.index(after: i)...].allSatisfy { ".。!?！？ ".contains($0) } }
            }
        }
        return false
    }

    static func refersBack(_ folded: FoldedText) -> Bool {
        let words = openingWords(folded)
        if words.count >= 2, words[0].elementsEqual(similarWord), words[1].elementsEqual(toWord) { return !similarWithSubject(folded) }
        if continues(words) { return true }
        for (i, w) in words.prefix(4).enumerated() {
            let bare = w.trimmed(of: Array(",.;:".utf8))
            // "… indicates that there is…", "… means that the…": after a verb and before a clause, "that" is a
            // conjunction, not a word pointing back ("Xcode does that for you"); "Cookies that are used for…": after
            // a noun and before its verb, it opens a relative clause.
            if i > 0, bare.elementsEqual(that), w.last != UInt8(ascii: ","), i + 1 < words.count {
                let next = Array(words[i + 1])
                if clauseOpeners.contains(next) || auxiliaries.contains(next) || isThirdPersonVerb(next) { continue }
            }
            if pointers.contains(bare) { return true }
            // "it" points back, unless it only opens the sentence ("It is easy to…", "It can be a surprise to…").
            if bare == it && !opensOnly(words, at: i) { return true }
        }
        return pointsBackWithSuch(folded)
    }

    /// "Such" before a noun, anywhere in the sentence's opening, points at what was said before it ("Make sure
    /// you have a backup before you undertake such changes."); "such as", "such that" and "such a … that" do not.
    static func pointsBackWithSuch(_ folded: FoldedText) -> Bool {
        let b = folded.bytes
        var i = 0
        while let r = b[i...].firstRange(of: suchWord) {
            var j = r.upperBound
            while j < b.count, b[j] != 32 { j += 1 }
            let next = b[r.upperBound..<j].trimmed(of: Array(",.;:".utf8))
            if !next.isEmpty, !suchExceptions.contains(next) { return true }
            i = r.upperBound
        }
        return false
    }
    private static let suchWord = word(" such ")
    private static let suchExceptions: Set<[UInt8]> = Set(["as", "that", "a", "an"].map(word))

    /// Whether the "it" at `i` only opens the sentence, its subject standing further on: "It is easy to…", "It was
    /// decided that…", and with a modal, before a noun or an adjective, "It can be a surprise to get…", "It may be
    /// useful to…". "It can be passed to clearTimeout()" is said of the thing before it: a modal's passive points back.
    static func opensOnly(_ words: [ArraySlice<UInt8>], at i: Int) -> Bool {
        guard i + 1 < words.count else { return false }
        let next = Array(words[i + 1])
        if next == is_ || next == was { return true }
        guard modals.contains(next), i + 3 < words.count, Array(words[i + 2]) == be else { return false }
        let what = words[i + 3].trimmed(of: Array(",.;:".utf8))
        return extraposed.contains(what) || adjectiveEndings.contains { what.count >= $0.count && what.suffix($0.count).elementsEqual($0) }
    }
    /// Words after "it can be" that make "it" a placeholder for what follows ("It can be a surprise to…"), and the
    /// endings of adjectives that do ("possible", "useful", "necessary", "confusing", "important", "easier", "difficult").
    private static let extraposed: Set<[UInt8]> = Set(["a", "an", "worth", "easy", "hard", "good", "better", "best", "wise", "nice",
        "tricky", "handy", "common", "clear", "unclear", "faster", "simpler", "safer", "cheaper", "wrong"].map(word))
    private static let adjectiveEndings: [[UInt8]] = ["ble", "ful", "ary", "ing", "ant", "ier", "ult"].map(word)

    /// A sentence whose first word points back as its subject ("This will produce:", "Which gives:", "It will render
    /// like this:"); under a listing, a colon sentence so opened speaks of what that listing does.
    static func opensWithPointer(_ s: String) -> Bool {
        guard let first = openingWords(FoldedText(String(decoding: s.utf8.prefix(40), as: UTF8.self))).first else { return false }
        return subjectPointers.contains(Array(first.trimmed(of: Array(",.;:".utf8))))
    }

    /// A word that reads as a verb's third person after "that" ("\"git clone\" that clones from…", "a type that
    /// conforms to…"): "that" then opens a relative clause. Pointing back, "that" is followed by a singular noun, so
    /// a word in "s" is a verb unless it ends in "ss", "us" or "is" ("that process", "that status", "that analysis").
    static func isThirdPersonVerb(_ w: [UInt8]) -> Bool {
        guard w.count >= 4, w.last == UInt8(ascii: "s") else { return false }
        let before = w[w.count - 2]
        return before != UInt8(ascii: "s") && before != UInt8(ascii: "u") && before != UInt8(ascii: "i") && before != UInt8(ascii: "'")
    }

    /// A connective first word: the sentence carries on from the one before.
    static func continues(_ words: [ArraySlice<UInt8>]) -> Bool {
        guard let w = words.first else { return false }
        if w.elementsEqual(it), words.count > 1 { return !opensOnly(words, at: 0) }
        // "So far, we have explored…" looks back over the whole article, not at the sentence before.
        if w.elementsEqual(so), words.count > 1, words[1].trimmed(of: Array(",".utf8)).elementsEqual(far) { return false }
        if connectives.contains(Array(w)) { return true }
        return connectivePhrases.contains { p in
            var k = 0
            for word in words {
                for byte in word { guard k < p.count, p[k] == byte else { return k == p.count }; k += 1 }
                if k == p.count { return true }
                guard p[k] == 32 else { return false }
                k += 1
            }
            return false
        }
    }

    /// The first five words of folded text (lower case, straight apostrophes), as byte slices.
    static func openingWords(_ folded: FoldedText) -> [ArraySlice<UInt8>] {
        let b = folded.bytes
        var words: [ArraySlice<UInt8>] = []
        var start = 1
        var i = 1
        while i < b.count && words.count < 5 {
            if b[i] == 32 { if i > start { words.append(b[start..<i]) }; start = i + 1 }
            i += 1
        }
        return words
    }

    private static func word(_ s: String) -> [UInt8] { Array(s.utf8) }
    private static let subordinators: Set<[UInt8]> = Set(["if", "when", "whenever", "unless", "although", "though", "while",
        "because", "once", "after", "before", "since", "until"].map(word))
    private static let it = word("it"), is_ = word("is"), was = word("was"), be = word("be"), that = word("that"), so = word("so"), far = word("far")
    private static let clauseOpeners: Set<[UInt8]> = Set(["the", "a", "an", "there", "you", "we", "it", "they", "i", "he", "she",
        "no", "all", "your", "our", "its", "their", "each", "every", "some", "any"].map(word))
    private static let auxiliaries: Set<[UInt8]> = Set(["is", "are", "was", "were", "has", "have", "had", "can", "could", "will", "would",
        "should", "may", "might", "must"].map(word))
    private static let modals: Set<[UInt8]> = Set(["can", "could", "will", "would", "should", "may", "might", "must"].map(word))
    private static let subjectPointers: Set<[UInt8]> = Set(["this", "that", "which", "it", "these", "those"].map(word))
    /// Words that point at something said before them: "such changes", "everything else".
    private static let pointers: Set<[UInt8]> = Set(["this", "that", "these", "those", "they", "them", "such", "also", "else"].map(word))
    private static let connectives: Set<[UInt8]> = Set(["this", "that", "these", "those", "its", "so", "so,", "because", "which", "however,",
        "but", "instead,", "otherwise,", "therefore,", "then", "then,", "also,", "finally,", "next,", "now,", "thus,", "here,",
        "that's", "it's", "and", "or", "or,", "nor", "rather,", "still,", "similarly,", "likewise,", "moreover,", "furthermore,", "additionally,",
        "consequently,", "hence,", "conversely,", "nevertheless,", "nonetheless,", "meanwhile,", "besides,", "again,"].map(word))
    private static let connectivePhrases: [[UInt8]] = ["for that", "to do that", "to do so", "for this", "in that case", "as a result",
        "this way", "for example", "for instance", "in this case", "in contrast", "by contrast", "on the other hand", "in addition",
        "in other words", "that said", "even so", "as such", "the above", "the previous", "the example above", "as shown above",
        "as mentioned above", "as mentioned earlier",
        // A predicate without its subject, as reference manuals write an entry's later sentences ("Equivalent to x.pop().",
        // "Alias for emitter.on().", "Useful for expensive computed properties…"): said of what the sentence before names.
        // "Similar to" as well, unless a subject follows its comma (`similarWithSubject`).
        "equivalent to", "same as", "identical to", "analogous to", "useful for", "useful when", "alias for", "alias of",
        "shorthand for"].map(word)

    /// Of a sentence that opens "Similar to": whether it is a comparison before a clause with its own subject (a
    /// determiner or a pronoun after the comma, "Similar to X, the file…"), which does not lean on the sentence before,
    /// unlike "Similar to property(), with caching added."
    static func similarWithSubject(_ folded: FoldedText) -> Bool {
        let b = folded.bytes
        guard let comma = b.firstIndex(of: UInt8(ascii: ",")) else { return false }
        var j = comma + 1
        while j < b.count, b[j] == 32 { j += 1 }
        var k = j
        while k < b.count, b[k] != 32, b[k] != UInt8(ascii: ",") { k += 1 }
        return subjectOpeners.contains(Array(b[j..<k]))
    }
    private static let similarWord = word("similar"), toWord = word("to")
    private static let subjectOpeners: Set<[UInt8]> = Set(["the", "a", "an", "this", "these", "that", "those", "it", "we", "you",
        "they", "there", "each", "every", "its", "their", "our", "your", "my", "he", "she", "i", "one", "some", "most", "all"].map(word))

    /// An author's sign-off or a feed's footer: in no answer (`isSignOff`) and no summary (`isBoilerplate`).
    private static let signOffWords = ["appeared first on", "thanks for reading", "follow me on", "stay tuned", "reach out to me",
                                       "leave a comment"]

    /// Sign-offs and feed footers: never part of a summary ("… appeared first on …", "Thanks for reading").
    static let boilerplate = Phrases(signOffWords + ["subscribe to", "if you have any questions", "check out", "let me know",
        "share this", "you'll learn", "you will learn", "what you'll learn", "download project files", "sponsored",
        // Where the text appeared before: about the page, not the topic.
        "originally published", "originally posted", "first published on", "first published at", "cross-posted", "republished",
        "in its original form", "read the original",
        // Pointers elsewhere ("See the module-level documentation for more."): where to read, not what it says.
        "documentation for more", "for more details, see", "for more details see", "for more information, see",
        "for more information see", "for more information about", "for more information on"])

    /// "This is the first post of a series about design patterns!": where the article stands in a series, which
    /// says little of what it says; no summary quotes it.
    static func isSeriesNotice(_ text: String) -> Bool {
        let folded = FoldedText(text)
        return folded.containsAny(seriesNotices) && folded.contains(" series")
    }

    static let seriesNotices = Phrases(["first", "second", "third", "fourth", "fifth", "next", "last", "final", "latest", "new"].flatMap { o in
        ["post", "article", "part", "entry", "installment", "episode", "issue"].flatMap { n in [" \(o) \(n) of ", " \(o) \(n) in "] }
    })

    static func isBoilerplate(_ text: String) -> Bool { FoldedText(text).containsAny(boilerplate) }

    /// An author's sign-off ("If you have questions…, send me a message on Twitter.", "Thanks for reading!"): it
    /// answers no question, so no answer quotes it.
    static func isSignOff(_ text: String) -> Bool { FoldedText(text).containsAny(signOffs) }

    static let signOffs = Phrases(signOffWords + ["send me a message", "send me a tweet", "thank you for reading",
        "let me know in the comments", "subscribe to my"])

    /// Code that lost its line breaks and reads as prose (a corpus flattened to plain text): several
    /// statements' worth of code tokens, comments (`// …`), or code tokens making up a large share of the
    /// words. A plain call like `fetch(id:)` in prose is not such a token; see `isCodeToken`.
    /// A sentence splitter that only breaks before a capital letter glues code onto the sentence before
    /// it ("… first process. include … TEXT(\"x\");"), so each part after a full stop is judged alone.
    /// Read as bytes: it runs on every sentence of every candidate article.
    static func isFlattenedCode(_ text: String) -> Bool {
        var t = text
        return t.withUTF8 { buf in
            var part = CodePart()
            var start = 0
            for i in 0...buf.count where i == buf.count || buf[i] == 32 || buf[i] == 10 || buf[i] == 9 {
                defer { start = i + 1 }
                guard i > start else { continue }
                let w = UnsafeBufferPointer(rebasing: buf[start..<i])
                // A word ending in "." ends the part (". " is where the sentence splitter did not break).
                let endsPart = w.last == UInt8(ascii: ".") && i < buf.count
                part.add(endsPart ? UnsafeBufferPointer(rebasing: w.dropLast()) : w)
                if endsPart || i == buf.count {
                    if part.isCode { return true }
                    part = CodePart()
                }
            }
            return false
        }
    }

    /// The counts of one part of a sentence, word by word.
    struct CodePart {
        var tokens = 0, code = 0, statements = 0, comments = 0
        var startsWithComment = false, endsWithSemicolon = false

        mutating func add(_ w: UnsafeBufferPointer<UInt8>) {
            let slash = UInt8(ascii: "/"), semicolon = UInt8(ascii: ";"), open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
            let isComment = w.count == 2 && w[0] == slash && w[1] == slash
            if tokens == 0 { startsWithComment = isComment }
            tokens += 1
            // A statement ends in ";", a block opens with a word ending in "{" and closes with "}" alone;
            // "do {} catch {}" in prose is neither.
            var semicolons = 0
            for c in w where c == semicolon { semicolons += 1 }
            statements += semicolons + (w.last == open || (w.count == 1 && w[0] == close) ? 1 : 0)
            if isComment { comments += 1 }
            if Cues.isCodeToken(w) { code += 1 }
            endsWithSemicolon = w.last == semicolon
        }

        /// A line of code on its own ends in ";" ("printf(\"%d\", n);", "void f() { int n;", "void f(int n);").
        var isCode: Bool {
            statements >= 3 || comments >= 2 || startsWithComment || (code >= 4 && Double(code) >= 0.3 * Double(tokens))
                || (endsWithSemicolon && code >= 1)
        }
    }

    /// An operator or brace standing alone; a word holding `{`, `}`, `->`, `[]`, an inner `=`, a quote
    /// against a parenthesis, or a `;` after more than a plain word (`f(x);`); a call whose arguments hold
    /// more than labels (`Open(hwnd, 0)` but not `fetch(id:)`); an upper-case constant with an underscore
    /// (`CF_TEXT`). Bytes above ASCII count as letters.
    static func isCodeToken(_ w: UnsafeBufferPointer<UInt8>) -> Bool {
        func alnum(_ c: UInt8) -> Bool { (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c >= 0x80 }
        func has(_ a: UInt8, _ b: UInt8) -> Bool { w.count >= 2 && (1..<w.count).contains { w[$0 - 1] == a && w[$0] == b } }
        let semicolon = UInt8(ascii: ";"), quote = UInt8(ascii: "\""), paren = UInt8(ascii: "("), closing = UInt8(ascii: ")")
        if !w.contains(where: alnum) { return w.count <= 3 && w.contains { "=<>{}&|!+-*/".utf8.contains($0) } }
        // A word with a semicolon after it is prose punctuation ("share it; the queue"), not code.
        let body = w.last == semicolon ? UnsafeBufferPointer(rebasing: w.dropLast()) : w
        if w.contains(semicolon) && body.contains(where: { !alnum($0) }) { return true }
        if w.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) { return true }
        if has(UInt8(ascii: "-"), UInt8(ascii: ">")) || has(UInt8(ascii: "["), UInt8(ascii: "]")) || has(paren, quote) || has(quote, closing) { return true }
        if let eq = w.firstIndex(of: UInt8(ascii: "=")), eq > 0 { return true }
        if let o = w.firstIndex(of: paren), o > 0, alnum(w[o - 1]), !(w[o - 1] >= 48 && w[o - 1] <= 57) {
            let arguments = w[(o + 1)...].prefix { $0 != closing }
            return arguments.contains { !(alnum($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ":")) } || !w.contains(closing)
        }
        return w.contains(UInt8(ascii: "_")) && w.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "_") }
    }

    /// A colon sentence that says something whole before its colon, so that with a full stop it reads on its own:
    /// six words or more, not pointing at what follows ("the following", "like this", "For example", "Here is",
    /// "Let's run it"), and not ending on a word that needs more ("…, including:", "… such as:", "… is:").
    static func standsBeforeItsColon(_ text: String) -> Bool {
        let words = text.dropLast().split(separator: " ")
        guard words.count >= 6, let last = words.last?.lowercased().trimmingCharacters(in: ",;") else { return false }
        let folded = FoldedText(" " + text.dropLast())
        let opening = words.prefix(3).map { String($0.lowercased().map { $0 == "’" ? "'" : $0 }).trimmingCharacters(in: ",:;") }
        return !leansForward.contains(last) && !folded.containsAny(pointsForward)
            && !["here", "example", "examples", "consider"].contains(opening[0]) && !opening.contains("let's")
    }

    /// A colon sentence whose last clause only points at what follows ("…, but no code needs to be executed, for
    /// example:", "You can wrap it in a loop, like this:"), without that clause, as a whole sentence; nil when there
    /// is no such clause or what is left does not stand on its own.
    static func withoutPointer(_ text: String) -> String? {
        guard text.hasSuffix(":"), let comma = text.lastIndex(of: ",") else { return nil }
        let words = text[text.index(after: comma)...].dropLast()
        let tail = FoldedText(" " + words)
        guard words.split(separator: " ").count <= 3, tail.containsAny(pointsForward) || tail.containsAny(examplePointers) else { return nil }
        let head = String(text[..<comma])
        guard standsBeforeItsColon(head + ":") else { return nil }
        return head + "."
    }

    static let examplePointers = Phrases([" e.g", " such as", " say", " i.e"])

    static let leansForward: Set<String> = ["a", "an", "the", "of", "to", "for", "with", "by", "from", "in", "on", "at", "as",
                                            "and", "or", "is", "are", "was", "were", "be", "like", "include", "includes",
                                            "including", "such", "e.g", "i.e", "namely", "follows", "following", "below",
                                            "this", "these", "that", "those", "thus", "so", "here", "example", "instance",
                                            "output", "result", "results", "prints", "shows", "says", "reads", "looks", "becomes"]
    static let pointsForward = Phrases([" following", " below", " like this", " like so", " as follows", " for example",
                                        " for instance", " this example", " this code", " this listing", " this snippet",
                                        " this command", " this output", " here is", " here are", " here's", " shown here"])

    /// A sentence that sends the reader elsewhere and says nothing itself ("See git-reflog(1) for more details.",
    /// "For more information, see Custom Target Lookup Path.", "(Refer to the ADDENDUM below.)"): where to read,
    /// not what it says. "See whether…", "see that…" ask to check something; a sentence that goes on past its
    /// pointer ("See X; it…") or runs long says more than where to look.
    static func isPointer(_ text: String) -> Bool {
        // Every candidate passes here: its first letter settles most of them before anything is copied.
        let head = text.utf8.prefix(40).drop { $0 == UInt8(ascii: "(") }
        guard let first = head.first, pointerInitials.contains(first | 0x20) else { return false }
        // The openers are ASCII: lower-casing the head's ASCII letters is all the folding they need.
        let b = head.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }[...]
        guard pointerOpeners.contains(where: { b.starts(with: $0) }), !pointerExceptions.contains(where: { b.starts(with: $0) })
        else { return false }
        return Chunker.wordCount(text) <= maxPointerWords && !text.contains(";")
    }

    static let maxPointerWords = 30
    private static let pointerOpeners: [[UInt8]] = ["see ", "please see ", "refer to ", "please refer to ", "consult the ",
        "for more details", "for more information", "for further details", "for further information", "for details, see",
        "for details see", "for a full list", "for a complete list", "more information is available", "more information can be found",
        "more details can be found", "more details are available", "further information can be found", "further details can be found",
        "you can read more about", "you can find more information", "you can find more details", "read more about",
        "there is a more detailed description", "a more detailed description is"].map(word)
    private static let pointerInitials = Set(pointerOpeners.map { $0[0] })
    private static let pointerExceptions: [[UInt8]] = ["see if ", "see whether ", "see that ", "see what ", "see why "].map(word)

    /// A sentence that only announces a table ("The numeric values are given in the following table.", "The
    /// following table lists the codes."): table rows never come into an answer, so it would point at nothing.
    static func pointsAtTable(_ text: String) -> Bool {
        guard ByteSearch.contains(text, "table") || ByteSearch.contains(text, "Table") else { return false }
        let t = text.lowercased()
        return tableEndings.contains { t.hasSuffix($0) } || tableOpenings.contains { t.hasPrefix($0) && !t.contains(";") }
    }

    private static let tableEndings = ["the following table.", "the following table:", "the table below.", "the table below:"]
    private static let tableOpenings = ["the following table ", "the table below "]

    /// A sentence that adds nothing when it tags along: the article about itself, or a short rhetorical question.
    static func isFiller(_ text: String) -> Bool {
        FoldedText(text).containsAny(aboutTheArticle) || (text.hasSuffix("?") && Chunker.wordCount(text) < 7)
    }
}

extension ArraySlice where Element == UInt8 {
    /// The bytes without any of `set` at either end, as an array.
    func trimmed(of set: [UInt8]) -> [UInt8] {
        var s = self
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return Array(s)
    }
}
