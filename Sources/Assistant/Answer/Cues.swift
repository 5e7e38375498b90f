import Analysis
import Retrieval

/// Surface cues of a sentence: the answer type it looks like, and whether it reads on its own.
/// They are inputs to the fitted model, not rules: the model decides how much each counts.
enum Cues {
    static let definition = Phrases([" is a ", " is an ", " is the ", " are ", " refers to ", " means ", " allows ", " lets ", " is used to ", " describes "])
    static let why = Phrases([" because ", " since ", " so that ", " that's why ", " this means ", " due to ", " otherwise ", " which means ", " in order to ", " to avoid ", " to prevent "])
    static let yesNo = Phrases([" not ", " no ", " yes", " won't ", " doesn't ", " isn't ", " can't ", " cannot ", " only ", " must ", " always ", " never "])
    static let limitation = Phrases([" can't ", " cannot ", " not ", " doesn't ", " breaks ", " slow", " limited", " only ", " however", " but ",
                                     " unfortunately", " lack", " fragile", " fails", " problem", " issue", " drawback", " cost"])
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
        "for more on", "read more about", "thanks for reading", "follow me on", "subscribe to", "stay tuned"])

    /// definition_cue … comparison_cue: the cue of the question's own kind, or 0.
    static func answerType(_ p: QuestionProfile, _ u: SentenceUnit, _ l: FoldedText) -> [Double] {
        let k = p.kind
        func on(_ b: Bool) -> Double { b ? 1 : 0 }
        let firstWord = u.text.prefix(while: { $0 != " " }).lowercased()
        let step = !u.isCode && (imperatives.contains(firstWord) || l.containsAny(howto))
        let bothSides = p.sides.count == 2 && p.sides.allSatisfy { !u.terms.isDisjoint(with: $0) }
        return [
            on(k == .definition && l.containsAny(definition)),
            on(k == .howto && step),
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
        guard !u.isCode && !u.isListItem && u.words < 8, let last = u.text.last else { return false }
        return !".!?:".contains(last)
    }

    /// A pronoun or connective among the first words: the sentence needs the one before it.
    static func refersBack(_ s: String) -> Bool {
        if continues(s) { return true }
        let first = s.lowercased().split(separator: " ").prefix(5).map { String($0).trimmingCharacters(in: ",.;:") }
        for (i, w) in first.prefix(4).enumerated() {
            if ["this", "that", "these", "those", "they", "them", "such", "also"].contains(w) { return true }
            // "it" points back, unless it only opens the sentence ("It's possible to…", "It is easy to…").
            if w == "it" && !(i + 1 < first.count && ["is", "was"].contains(first[i + 1])) { return true }
        }
        return false
    }

    /// A connective first word: the sentence carries on from the one before.
    static func continues(_ s: String) -> Bool {
        let words = s.lowercased().split(separator: " ", maxSplits: 2)
        let w = words.first.map(String.init) ?? ""
        if w == "it", words.count > 1 { return !["is", "was"].contains(String(words[1])) }
        if ["this", "that", "these", "those", "its", "so", "because", "which", "however,", "but", "instead,", "otherwise,",
            "therefore,", "then", "then,", "also,", "finally,", "next,", "now,", "thus,", "here,", "that's", "it's", "and"].contains(w) { return true }
        let l = s.lowercased()
        return ["for that", "to do that", "to do so", "for this", "in that case", "as a result", "this way", "for example", "for instance"].contains { l.hasPrefix($0) }
    }

    /// A sentence that adds nothing when it tags along: the article about itself, or a short rhetorical question.
    static func isFiller(_ text: String) -> Bool {
        FoldedText(text).containsAny(aboutTheArticle) || (text.hasSuffix("?") && Chunker.wordCount(text) < 7)
    }
}
