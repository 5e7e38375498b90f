import Analysis
import Corpus
import Retrieval

/// What the answer tool knows about a question before it reads any article: its analysed terms
/// with their IDF, how much of it the corpus has never seen, the kind of answer it wants, the two
/// sides of a comparison, and the names it mentions.
struct QuestionProfile {
    enum Kind: String { case definition, howto, why, factoid, comparison, yesNo, limitation, other }

    let text: String
    /// The question's analysed terms once each, in order (sums come out the same every run).
    let terms: [String]
    var idf: [String: Double]
    /// Sum of the terms' IDF, and the part of it carried by terms no article contains.
    var mass: Double
    var unknownMass: Double
    /// Share of the question's own words (before spelling correction) that no article contains.
    var unknownWordShare: Double
    /// The question's terms that no article has, each with the share of its IDF it counts as unknown mass
    /// (below 1 for an everyday English word, 0 for one too common to count at all).
    var unseen: [(term: String, weight: Double)] = []
    var kind: Kind
    /// For a comparison, the terms each side has alone ("weak and unowned" → [weak], [unown]).
    var sides: [Set<String>]
    var names: [QuestionName]
    /// Names (or name compounds) that no article mentions.
    var unknownNames: [String]
    /// The question asks for a quantity, a version or a date ("how many", "which release", "when").
    var wantsNumber = false
    /// The question asks for several things of one kind ("Which platforms are supported?"): a list answers it.
    var wantsList = false
    /// "What does X do?": any sentence with X as its subject says what it does.
    var asksWhatItDoes = false
    /// Each English term's synonyms that some article has and the question does not ("huge": "larg", "big").
    var synonyms: [String: Set<String>] = [:]
    /// The language the question is written in (ISO 639-1): the corpus language its words were analysed in, or
    /// Chinese, Japanese or Korean by its script; English otherwise.
    var language = "en"

    /// The same terms as a set, built once.
    let termSet: Set<String>
    /// The terms of the question itself, without those borrowed from the conversation.
    var askedTerms: Set<String> = []
    /// The question's own terms as it writes them, in order and with repeats ("combining protocols" after
    /// "protocols" is the pair combin–protocol again).
    var sequence: [String] = []

    init(text: String, terms: [String], idf: [String: Double], mass: Double, unknownMass: Double, unknownWordShare: Double,
         kind: Kind, sides: [Set<String>], names: [QuestionName], unknownNames: [String], wantsNumber: Bool,
         wantsList: Bool = false) {
        self.text = text; self.terms = terms; self.idf = idf; self.mass = mass; self.unknownMass = unknownMass
        self.unknownWordShare = unknownWordShare; self.kind = kind; self.sides = sides; self.names = names
        self.unknownNames = unknownNames; self.wantsNumber = wantsNumber
        self.wantsList = wantsList; termSet = Set(terms)
    }

    /// The terms of where the question is set, a closing "in bc?" or "on Linux?", which say where X is, not what.
    var settingTerms: Set<String> = []

    /// The question's rarest term: what "What is X?" asks about; not a term of its setting ("bc" of "What does the
    /// -l option do in bc?") while other terms remain.
    var rarestTerm: String? {
        let own = terms.filter { !settingTerms.contains($0) }
        return (own.isEmpty ? terms : own).max { (idf[$0] ?? 0) < (idf[$1] ?? 0) }
    }

    /// The one term a question asks about when it has only one ("--noout?", "and --noout?" after "What does --nonet
    /// do?"), or nil.
    var soleAskedTerm: String? { askedTerms.count == 1 ? askedTerms.first : nil }

    /// IDF-weighted share of `within` (some of the question's terms) found in `found` (0…1).
    func coverage(_ found: Set<String>, within: Set<String>) -> Double {
        var all = 0.0, m = 0.0
        for t in within { let v = idf[t] ?? 0; all += v; if found.contains(t) { m += v } }
        return all > 0 ? m / all : 0
    }

    /// IDF-weighted share of the question's terms found in `found` (0…1).
    func coverage(_ found: Set<String>) -> Double {
        guard mass > 0 else { return 0 }
        var m = 0.0
        for t in terms where found.contains(t) { m += idf[t] ?? 0 }
        return m / mass
    }
}

extension QuestionProfile {
    /// "… and why does it matter?", "Does the order matter?": "matter" as a verb asks whether something counts, it names
    /// no topic, and as a word no article has it would make the question look like one the corpus lacks. A verb when it
    /// ends its clause after a pronoun or with an auxiliary before it; "dark matter", "a matter of taste" keep it.
    static func withoutMatterVerb(_ question: String) -> String {
        var words = question.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        func bare(_ w: String) -> String { w.lowercased().filter { $0.isLetter || $0 == "'" || $0 == "’" } }
        for i in words.indices.reversed() where ["matter", "matters"].contains(bare(words[i])) {
            let punct = words[i].drop { $0.isLetter }
            let endsClause = !punct.isEmpty || i == words.count - 1 || matterFollowers.contains(bare(words[i + 1]))
            let before = words[max(0, i - 8)..<i].map(bare)
            let isVerb = before.last.map { matterSubjects.contains($0) } == true || before.contains { matterAuxiliaries.contains($0) }
            guard endsClause, isVerb, let last = before.last, !["no", "the", "a", "an"].contains(last) else { continue }
            words[i - 1] += punct   // "matter?" leaves its "?" on the word before
            words.remove(at: i)
        }
        return words.joined(separator: " ")
    }

    static let matterSubjects: Set<String> = ["it", "this", "that", "they", "what", "which", "really", "even", "still"]
    static let matterAuxiliaries: Set<String> = ["does", "do", "did", "would", "will", "should", "can", "could", "might", "may",
                                                 "doesn't", "don't", "doesn’t", "don’t"]
    static let matterFollowers: Set<String> = ["and", "if", "when", "for", "to", "here", "so", "much", "more", "at", "in", "or"]

    /// "What does EAGAIN mean?", "What do the flags stand for?": the verb that asks for a meaning is the
    /// question's shape, not its topic; as a term it finds sentences about a mean or a standing.
    static func withoutMeaningVerb(_ question: String) -> String {
        var words = question.split(separator: " ")
        guard words.count >= 3 else { return question }
        let opener = words[0].lowercased().replacing("’", with: "'")
        // "What does X mean?", or "What's X mean?" with the auxiliary folded into "what's".
        guard (["what", "whats"].contains(opener) && words.count >= 4 && ["does", "do", "did"].contains(words[1].lowercased()))
                || opener == "what's" else { return question }
        let mark = words[words.count - 1].last == "?" ? "?" : ""
        let last = words[words.count - 1].lowercased().filter(\.isLetter)
        // "What's the mean?" asks for a mean: after a determiner the word is a noun.
        if ["the", "a", "an", "this", "that", "its"].contains(words[words.count - 2].lowercased()) { return question }
        if last == "mean" || last == "means" { words.removeLast() }
        else if last == "for", words.count >= 5, words[words.count - 2].lowercased() == "stand" { words.removeLast(2) }
        else { return question }
        return words.joined(separator: " ") + mark
    }

    /// Builds the profile. `extra` are words borrowed from the conversation ("how does that compare…").
    /// `mistyped`: the terms of words the spelling corrected as typos (`Spelling.correct`).
    /// `unknownWeight`: the share of its IDF that an English term no article has counts as the corpus lacking it
    /// (an everyday word less than a rare one); a term with none left says nothing of a topic.
    static func make(question: String, corrected: String, extra: String?, searcher: Searcher, analyzer: Analyzer,
                     unknownWeight: (String) -> Double = { _ in 1 }, synonyms: Synonyms? = nil, mistyped: Set<String> = []) -> QuestionProfile {
        // One language's analysis: the one of the corpus's languages that knows most of the question's words.
        let (language, asked) = searcher.queryTermsInBestLanguage(corrected)
        var terms = asked.map(\.term)
        if let extra { for t in searcher.queryTerms(extra, language: language).map(\.term) where !terms.contains(t) { terms.append(t) } }
        var idf: [String: Double] = [:], seen: [String: Int] = [:]
        // Each term's document frequency is read from the index once, whoever asks first.
        func frequency(_ t: String) -> Int {
            if let d = seen[t] { return d }
            let d = searcher.documentFrequency(t)
            seen[t] = d
            return d
        }
        var mass = 0.0, unknown = 0.0
        let compounds = coveredCompounds(corrected, language: language, searcher: searcher, frequency: frequency)
            .union(joinedCompounds(corrected, language: language, searcher: searcher, frequency: frequency))
        // Terms that say nothing of a topic when no article has them: kana joints, compounds the corpus writes
        // apart, and a keyword the corpus never writes as one ("while" in "a while loop" over prose).
        let english = language == nil || language == "en"
        // So are a placeholder's ("foo", "myHandler": `QuestionName.isPlaceholder`).
        let placeholders = Set(QuestionName.placeholders(in: corrected).flatMap { analyzer.terms($0) })
        func isNoTopic(_ t: String) -> Bool {
            Self.isKanaJoint(t) || compounds.contains(t) || StopFilter.keywords.contains(t) || Self.isCount(t)
                || (english && Self.comparisonMarks.contains(t)) || placeholders.contains(t)
        }
        var weights: [String: Double] = [:]
        func weight(_ t: String) -> Double {
            guard english else { return 1 }
            if let w = weights[t] { return w }
            let w = unknownWeight(t)
            weights[t] = w
            return w
        }
        for t in terms {
            let df = frequency(t)
            if df == 0 && (isNoTopic(t) || weight(t) <= 0) { continue }
            let v = Scoring.idf(n: searcher.stats.documents, df: df) * (df == 0 ? weight(t) : 1)
            idf[t] = v; mass += v
            if df == 0 { unknown += v }
        }
        terms.removeAll { idf[$0] == nil }
        // Words that ask for a kind of thing ("pitfalls", "approach") are no topic the corpus lacks; their terms are
        // worked out only for a question with a word no article has.
        var kinds: Set<String>?
        func asksForKind(_ t: String) -> Bool {
            guard english else { return false }
            if kinds == nil { kinds = Set(MessageCues.kindNouns.flatMap { analyzer.terms($0) }) }
            return kinds!.contains(t)
        }
        let original = searcher.queryTerms(question, language: language).map(\.term)
            .filter { !(isNoTopic($0) && seen[$0] == 0) && !(frequency($0) == 0 && asksForKind($0)) }
        // A word the spelling corrected as mistyped ("retian" → "retain") is a known word, no word the corpus lacks.
        let unseen = original.filter { frequency($0) == 0 && !mistyped.contains($0) }.reduce(0.0) { $0 + weight($1) }
        let names = QuestionName.of(question)
        let kind = Self.kind(of: question)
        analyzer.use(language: language)
        defer { analyzer.use(language: nil) }
        var sides = kind == .comparison ? comparisonSides(question, analyzer: analyzer) : []
        // "how is that different from a factory?": the borrowed topic is the other side, named by its rarest
        // term ("singleton", not the "swift" and "design" both sides share).
        if kind == .comparison, sides.isEmpty, let extra {
            let asked = Set(analyzer.terms(question))
            let before = Set(analyzer.terms(extra)).subtracting(asked)
            if let rarest = before.max(by: { (idf[$0] ?? 0, $1) < (idf[$1] ?? 0, $0) }), !asked.isEmpty { sides = [[rarest], asked] }
        }
        var profile = QuestionProfile(
            text: question, terms: terms, idf: idf, mass: mass, unknownMass: unknown,
            unknownWordShare: original.isEmpty ? 0 : unseen / Double(original.count),
            kind: kind, sides: sides,
            names: names, unknownNames: unknownNames(names, corrected: corrected, searcher: searcher, analyzer: analyzer,
                                                     everyday: { english && weight($0) < 1 }),
            wantsNumber: FoldedText(question).containsAny(numberPhrases), wantsList: asksForList(question))
        profile.askedTerms = Set(asked.map(\.term)).intersection(terms)
        profile.sequence = analyzer.terms(corrected).filter { profile.askedTerms.contains($0) }
        profile.language = language ?? LanguageDetector.scriptLanguage(question) ?? "en"
        profile.unseen = terms.filter { seen[$0] == 0 }.map { ($0, weight($0)) } + weights.filter { $0.value <= 0 }.sorted { $0.key < $1.key }.map { ($0.key, 0) }
        profile.asksWhatItDoes = asksWhatItDoes(question)
        profile.settingTerms = Set(analyzer.terms(setting(of: question)))
        // Synonyms of the terms as the corpus writes them. Tried and left out: taking a word the corpus lacks
        // but has a synonym of as no missing topic (one held-out question fewer declined wrongly, one
        // unanswerable more answered).
        if english, let synonyms {
            for (t, words) in synonyms.of(profile.termSet) {
                let known = Set(words.filter { !profile.termSet.contains($0) && frequency($0) > 0 })
                if !known.isEmpty { profile.synonyms[t] = known }
            }
        }
        return profile
    }

    /// The words of a closing "in X" or "on X" of at most two words ("in bc?", "on Linux?"), or "".
    static func setting(of question: String) -> String {
        let w = question.split(separator: " ")
        guard w.count >= 4 else { return "" }
        for k in [2, 3] where w.count - k >= 2 {
            let p = w[w.count - k].lowercased()
            if p == "in" || p == "on" { return String(w.suffix(k - 1).joined(separator: " ").trimmingCharacters(in: "?!.")) }
        }
        return ""
    }

    /// "What does the nonlocal statement do?", "what do these flags do": "what does"/"what do" … "do".
    static func asksWhatItDoes(_ question: String) -> Bool {
        let w = Classifier.words(Sentences.split(question).first { $0.hasSuffix("?") } ?? question)
        return w.count >= 4 && w[0] == "what" && (w[1] == "does" || w[1] == "do") && w.last == "do"
            && !["i", "we", "you", "they"].contains(w[2])   // "What do I do?" asks what to do
    }

    /// "Which features are missing?", "What file formats can it read?", "Which iPhone models does it run on?":
    /// "which" or "what", then within three words a plural noun right before the verb. "What makes…",
    /// "What is…" and "Which one is…" ask for one thing.
    static func asksForList(_ question: String) -> Bool {
        let w = Classifier.words(Sentences.split(question).first { $0.hasSuffix("?") } ?? question)
        guard let first = w.first, first == "which" || first == "what", w.count >= 3 else { return false }
        // "What are its biggest limitations?", "what are the benefits of…": a determiner, at most two words, a plural.
        if ["are", "were"].contains(w[1]), w.count >= 4, listDeterminers.contains(w[2]) {
            return w[3...].prefix(3).contains(where: isPlural)
        }
        for i in 1 ..< min(4, w.count - 1) {
            let word = w[i]
            if auxiliaries.contains(word) { return false }
            if isPlural(word), auxiliaries.contains(w[i + 1]) { return true }
        }
        return false
    }

    /// A word that reads as a plural noun: four letters or more, ending in a single "s" ("limitations", not "class",
    /// "status" or "analysis").
    static func isPlural(_ word: String) -> Bool {
        word.count >= 4 && word.hasSuffix("s") && !word.hasSuffix("ss") && !word.hasSuffix("us") && !word.hasSuffix("is")
    }

    static let listDeterminers: Set<String> = ["the", "its", "their", "some", "all", "any", "his", "her", "our", "your", "these", "those"]

    static let auxiliaries: Set<String> = ["are", "were", "do", "does", "did", "can", "could", "should", "will", "would",
                                          "have", "has", "had", "is", "was", "must", "may", "might", "shall"]

    /// Identifiers no article has as a whole but whose every part some article has ("OSLog" → oslog; os, log):
    /// the parts stay in the question and carry its meaning, so the whole is not a topic the corpus lacks.
    static func coveredCompounds(_ text: String, language: String?, searcher: Searcher, frequency: (String) -> Int) -> Set<String> {
        var out = Set<String>()
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) where word.count >= 4 {
            let terms = searcher.queryTerms(String(word), language: language).map(\.term)
            guard terms.count >= 3, frequency(terms[0]) == 0, terms.dropFirst().allSatisfy({ frequency($0) > 0 }) else { continue }
            out.insert(terms[0])
        }
        return out
    }

    /// The terms of words the question writes apart and the corpus only as one word: "deep" of "a deep copy" over
    /// text that writes `copy.deepcopy()`, "dead" of "dead lock" over "deadlock". The corpus lacks no topic there.
    static func joinedCompounds(_ text: String, language: String?, searcher: Searcher, frequency: (String) -> Int) -> Set<String> {
        let words = text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        // Each word's one term (nil for a stop word, a one-letter word or one that splits), analysed once.
        let terms = words.map { w -> String? in
            let t = w.count >= 2 ? searcher.queryTerms(w, language: language).map(\.term) : []
            return t.count == 1 ? t[0] : nil
        }
        var out = Set<String>()
        for k in words.indices.dropLast() {
            guard let ta = terms[k], let tb = terms[k + 1] else { continue }
            let missing = [ta, tb].filter { frequency($0) == 0 }
            guard !missing.isEmpty else { continue }
            let joined = searcher.queryTerms(words[k].lowercased() + words[k + 1].lowercased(), language: language).map(\.term)
            if joined.count == 1, frequency(joined[0]) > 0 { out.formUnion(missing) }
        }
        return out
    }

    /// "X vs Y": the mark of a comparison (its kind), no topic of its own; an article that never writes it
    /// lacks nothing the question asks about.
    /// A comparison's own words ("How does X compare to Y?", "the difference between X and Y") ask for a comparison, they
    /// name no topic: as search terms they find any text that compares or differs.
    static func withoutComparisonFrame(_ question: String) -> String {
        question.split(separator: " ").filter { w in
            !comparisonFrame.contains(w.lowercased().filter(\.isLetter))
        }.joined(separator: " ")
    }

    static let comparisonFrame: Set<String> = comparisonMarks.union(["compare", "compares", "compared", "comparing", "comparison",
                                                                     "difference", "differences", "differ", "differs", "different"])

    static let comparisonMarks: Set<String> = ["vs", "versus"]

    /// A number or a number word ("10", "ten", "dozen"): "ten days ago" tells how long, not what about; a
    /// corpus that never writes it lacks no topic of the question.
    static func isCount(_ term: String) -> Bool {
        term.allSatisfy { $0.isNumber || $0 == "." } || countWords.contains(term)
    }

    static let countWords: Set<String> = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                                          "twelv", "twenti", "thirti", "forti", "fifti", "hundr", "thousand", "million", "dozen", "half"]

    /// A Japanese character bigram with hiragana in it. One no article has most likely straddles a particle or
    /// a verb ending (「ーは」, 「しま」 of 「完成しましたか」), so it is grammar, not a topic the corpus lacks.
    static func isKanaJoint(_ term: String) -> Bool {
        let scalars = term.unicodeScalars
        return scalars.count <= 2 && scalars.allSatisfy(CJKBigramFilter.isCJK) && scalars.contains { (0x3040...0x309F).contains($0.value) }
    }

    /// The kind of answer a question wants, from the opening words of its asking sentence (the first
    /// one ending in "?" when context comes before it: "Our builds crawl. Can I…?") and a few phrases.
    static func kind(of question: String) -> Kind {
        let q = Sentences.split(question).first { $0.hasSuffix("?") } ?? question
        let w = Classifier.words(q)
        let first = w.first ?? ""
        let lower = FoldedText(q)
        if lower.containsAny(limitationPhrases) { return .limitation }
        if lower.containsAny(comparisonPhrases) { return .comparison }
        if first == "why" || lower.contains("what makes") || lower.contains(" reason") { return .why }
        if first == "how" && w.count > 1 && ["do", "can", "should", "to", "would", "i", "could"].contains(w[1]) { return .howto }
        if lower.contains(" way to ") || lower.contains(" ways to ") || lower.contains(" steps ") { return .howto }
        let opener = w.prefix(2).joined(separator: " ")
        if ["what is", "what are", "what's a", "whats a", "what does", "explain", "define", "meaning of", "describe"].contains(where: { opener.hasPrefix($0) })
            || lower.contains("tell me about") || lower.contains("tell me more about") {
            return .definition
        }
        if ["is", "are", "does", "do", "can", "should", "will", "did", "has", "have"].contains(first) { return .yesNo }
        if ["which", "when", "who", "how", "where", "what"].contains(first) { return .factoid }
        return .other
    }

    static let numberPhrases = Phrases(["how many ", "how much ", "how long ", "how often ", "how big ", "how large ", "how fast ",
                                        "what version", "which version", "which release", "what release", "what year", "which year",
                                        "when was ", "when did ", "what percentage", "how old "])
    static let limitationPhrases = Phrases(["fall short", "downside", "drawback", "limitation", "disadvantage", "weakness",
                                            "pitfall", "problem with", "cons of", "go wrong", "wrong with", "bad about", "gotcha", "caveat", "edge case"])
    static let comparisonPhrases = Phrases(["difference between", " vs ", " vs. ", "versus", "compare", "same as", "same thing as",
                                            "different from", "differ from", " better than ", " instead of "])

    /// The two things a comparison sets against each other, as the analysed terms each half has alone.
    static func comparisonSides(_ question: String, analyzer: Analyzer) -> [Set<String>] {
        let lower = question.lowercased()
        for sep in [" vs. ", " vs ", " versus ", " compared with ", " compared to ", " the same thing as ", " the same as ",
                    " different from ", " differ from ", " better than ", " instead of ", " and ", " or "] where ByteSearch.contains(lower, sep) {
            let parts = lower.components(sep)
            guard parts.count == 2 else { continue }
            // Each side is the phrase next to the separator, within its clause ("for-in loop vs forEach in Swift:
            // what's the practical difference?"). A clause that is the question's verb ("and structs, are they
            // any different from classes?") gives way to the one before it; a side with no clause of terms is all the text.
            func side(_ text: String, last: Bool) -> Set<String> {
                let clauses = last ? clauses(of: text).reversed() : clauses(of: text)
                for clause in clauses {
                    let opening = Classifier.words(clause).first ?? ""
                    if auxiliaries.contains(opening) { continue }
                    let terms = Set(analyzer.terms(clause))
                    return terms.isEmpty ? Set(analyzer.terms(text)) : terms
                }
                return Set(analyzer.terms(text))
            }
            // "the difference between X and Y": X is what follows "between".
            let first = parts[0].components(" between ").last ?? parts[0]
            let a = side(first, last: true), b = side(parts[1], last: false)
            // One side's name may hold the other's ("transmute" and "transmute_copy"): both stay whole, and a sentence
            // is told to be on one side by the words only the other has (AnswerComposer.bothSides).
            if !a.isEmpty, !b.isEmpty, a.isSubset(of: b) || b.isSubset(of: a), a != b { return [a, b] }
            let sides = [a.subtracting(b), b.subtracting(a)]
            if sides.allSatisfy({ !$0.isEmpty }) { return sides }
        }
        return []
    }

    /// The text's clauses: split at ":", ";", "?", "!" or "," before a space or the end ("chunked(by:)" is one).
    static func clauses(of text: String) -> [String] {
        var out: [String] = [], current = ""
        var chars = text.makeIterator(), next = chars.next()
        while let c = next {
            next = chars.next()
            if ":;?!,".contains(c), next == nil || next == " " {
                if !current.trimmed.isEmpty { out.append(current) }
                current = ""
            } else {
                current.append(c)
            }
        }
        if !current.trimmed.isEmpty { out.append(current) }
        return out
    }

    /// Names and identifiers in the question that the corpus never mentions ("tokio"), and names it
    /// knows whose compound it does not ("Vulkan descriptor heap" when no article says "heap").
    /// `everyday`: whether a term is more common in general English than a rare word (`CommonWords.unknownWeight`
    /// below 1). Such a word ends the compound: "Deque actually beat Array" is no compound "Deque … beat", and
    /// ".env file natively without installing dotenv" none of ".env" and "dotenv".
    static func unknownNames(_ names: [QuestionName], corrected: String, searcher: Searcher, analyzer: Analyzer,
                             everyday: (String) -> Bool = { _ in false }) -> [String] {
        let kept = FoldedText(corrected)
        return names.compactMap { name -> String? in
            guard let whole = analyzer.terms(name.text).first else { return nil }
            if searcher.documentFrequency(whole) == 0 { return name.text }
            for word in name.following {
                let terms = analyzer.terms(word)
                // A function word ends the compound, and so does a word for an article ("Ada's sponsor post").
                guard let t = terms.first, !MessageCues.articleNouns.contains(word.lowercased()), !everyday(t) else { break }
                if terms.count == 1, word.count >= 4, word.allSatisfy(\.isLetter), searcher.documentFrequency(t) == 0,
                   kept.contains(" " + word.lowercased()) {
                    return name.text + " " + word
                }
            }
            return nil
        }
    }
}
