import Analysis
import Corpus
import Retrieval
#if canImport(Glibc)
import Glibc
#endif

/// The answer tool: extractive question answering in small pure parts. The question's profile
/// (QuestionProfile), candidate sentences from the best articles (CandidatePool), their named
/// features (AnswerFeatures), a fitted model that scores them and decides whether to answer at all
/// (AnswerModel, Evidence), greedy selection (AnswerSelection) and the layout (Layout).
struct AnswerComposer {
    let assistant: Assistant
    var analyzer: Analyzer { assistant.analyzer }
    var model: AnswerModel { assistant.prompts.answerModel }

    /// The share of its IDF that a word no article has keeps as unknown mass, by how common it is in English.
    var unknownWeight: (String) -> Double {
        let words = assistant.prompts.commonWords
        let common = model.question["common_zipf"] ?? 0, rare = model.question["rare_zipf"] ?? 0
        guard common > rare else { return { _ in 1 } }
        return { CommonWords.unknownWeight(zipf: words.zipf($0), common: common, rare: rare) }
    }

    func run(_ call: ToolCall, context: ConversationContext) throws -> Response {
        let question = call.argument("question") ?? ""
        // Follow-ups like "how does that compare to actors?", "how do I avoid one?" or "why?" borrow the last
        // topic's words, and keep them as the topic for the next follow-up ("why?", then "any downsides?").
        let cues = MessageCues(question)
        // "and with Swift Testing?" borrows it even when it names an article: the question is the last one.
        // "Does it work on Linux?" after an answer, asked of the article it cited: "it" is the answer's topic as well.
        // After a summary the topic is the article's title, and "what does it say about X?" asks for X alone.
        // So does "any pitfalls with this technique?" after a summary: a question with no words of its own, of the article
        // just discussed, asks about that article's topic.
        let asksOfTheLastAnswer = call.fromConversation && cues.saysAbout.isEmpty
            && (context.lastTool == .answer || (cues.asksAboutTheLastTopic && call.target == context.lastArticle))
        let borrows = (call.target == nil || asksOfTheLastAnswer)
            && (cues.pointsBack || cues.standsForTopic || cues.asksAboutTheLastTopic || cues.comparesWithLast || cues.picksAmongThoseSaid
                || cues.asksWhatIf)
        let extra = borrows || cues.isElliptical ? context.lastTopic : nil
        // "go on", "can you expand on that?" add to the last answer: they ask nothing of their own, and what the
        // answers before showed is left out.
        let goesOn = cues.asksToGoOn && extra != nil
        // "are there any downsides?": the kind of thing asked for shapes the answer (its kind), the topic is the
        // last one; "downsides" alone would find any sentence that has the word.
        let terms = cues.asksAboutTheLastTopic && extra != nil
            ? cues.contentWords.filter { !MessageCues.followUpWords.contains($0) }.joined(separator: " ") : nil
        // "show me an example" wants something the last answer did not show, asked as a how-to (steps, code).
        let example = cues.asksForExample && extra != nil
        let leavesOut = goesOn || example ? context.lastAnswer : nil
        // "What about delegates?", "and with unowned?": a follow-up that names only a new subject is answered by
        // sentences that mention it, not by the last topic's again. One asked of the article discussed ("What does it use on
        // Linux?") is answered by what that article says, in its own words.
        let addsSubject = extra != nil && call.target == nil && cues.isElliptical && !goesOn && !example && terms == nil
        let said = (extra != nil || call.fromConversation) && !goesOn && !example ? context.lastAnswer : nil
        var response = try compose(call, question: goesOn ? "" : question, extra: extra, shown: leavesOut, said: said, terms: terms,
                                   kind: example ? .howto : nil, mustMention: addsSubject)
        response.shownBefore = leavesOut
        if let extra {
            // A follow-up with no topic of its own passes the last one on as it was; one that adds words
            // ("how does that compare to unowned?") adds them, keeping the last 40 words of the chain.
            let topic = cues.asksAboutTheLastTopic ? extra : extra + " " + question
            response.topic = topic.split(separator: " ").suffix(40).joined(separator: " ")
        }
        return response
    }

    func compose(_ call: ToolCall, question: String, extra: String?, shown: String? = nil, said: String? = nil, terms: String? = nil,
                 kind: QuestionProfile.Kind? = nil, mustMention: Bool = false) throws -> Response {
        let spelled = assistant.spelling.correct(QuestionProfile.withoutMatterVerb(QuestionProfile.withoutMeaningVerb(terms ?? question)))
        let corrected = spelled.text
        var profile = QuestionProfile.make(question: question, corrected: corrected, extra: extra,
                                           searcher: assistant.searcher, analyzer: analyzer, unknownWeight: unknownWeight,
                                           synonyms: assistant.prompts.synonyms, mistyped: spelled.typos)
        if let kind { profile.kind = kind }
        let (hits, headed) = try articles(for: profile, corrected + (extra.map { " " + $0 } ?? ""), call: call)
        guard !hits.isEmpty, profile.mass > 0 else { return abstain(call, hits: hits, why: ["no article matches the question"]) }

        let articles = call.fromConversation || call.targetOnly ? 1 : model.setting(call.target == nil ? "articles" : "articles_with_target", 4)
        var pool = try CandidatePool.build(hits: hits, limit: Int(articles),
                                           target: call.target?.doc, store: assistant.store, analyzer: analyzer, language: profile.language)
        if let shown { pool.candidates.removeAll { AnswerSelection.wasShown($0.unit, in: shown) } }
        pool.keepRows(about: profile.terms)
        AnswerFeatures.compute(&pool, profile: profile, analyzer: analyzer)
        for i in pool.candidates.indices { pool.candidates[i].score = model.sentence.logit(pool.candidates[i].features) }
        var ranked = Self.ranked(pool.candidates)
        // Whether the corpus answers does not depend on what was said before; what to say next does.
        let (evidence, missing) = Evidence.values(profile: profile, ranked: ranked, pool: pool)
        var repeated = 0
        if let said, case let penalty = model.setting("said_penalty", 0), penalty != 0 {
            for i in pool.candidates.indices where AnswerSelection.wasShown(pool.candidates[i].unit, in: said) {
                pool.candidates[i].score -= penalty; repeated += 1
            }
            ranked = Self.ranked(pool.candidates)
        }
        let pAnswer = LinearModel.sigmoid(model.abstain.logit(evidence))
        FeatureDump.write(question: question, profile: profile, ranked: ranked, pool: pool, evidence: evidence)
        let unknown = profile.unseen.map { $0.weight >= 1 ? $0.term : "\($0.term) ×\(rounded($0.weight))" }
        var why = ["question terms: " + profile.terms.joined(separator: ", ") + (unknown.isEmpty ? "" : " (in no article: " + unknown.joined(separator: ", ") + ")"),
                   "answer model: p(answerable) \(rounded(pAnswer)) (threshold \(rounded(model.threshold)))"]
            + (spelled.changes.isEmpty ? [] : ["spelling: " + spelled.changes.map { "\($0.0) → \($0.1)" }.joined(separator: ", ")])
            + (profile.synonyms.isEmpty ? [] : ["synonyms: " + profile.synonyms.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value.sorted().joined(separator: " "))" }.joined(separator: "; ")])
            + (repeated == 0 ? [] : ["said before: \(repeated) candidates lose said_penalty \(rounded(model.setting("said_penalty", 0)))"])
            + zip(Evidence.names, evidence).map { "  evidence \($0.0) = \(rounded($0.1))" + ($0.0 == "names_missing" && $0.1 > 0 ? " (" + missing.joined(separator: ", ") + ")" : "") }
        // Naming an article does not make it hold the answer: a question about a price the article never
        // gives is declined the same way, in words that name the article.
        if ranked.isEmpty || pAnswer < model.threshold {
            return abstain(call, hits: hits, why: why + ["abstained: the evidence does not cover the question"])
        }
        // "What does --nonet do?", and after it "and --noout?": a lookup of one term.
        let subject = profile.soleAskedTerm ?? (profile.kind == .definition ? profile.rarestTerm : nil)
        let lookup = subject.flatMap {
            Self.lookedUp($0, profile: profile, ranked: ranked, minRatio: settings(for: profile.kind).minRatio, analyzer: analyzer)
        }
        var selection = AnswerSelection(pool: pool, profile: profile, settings: settings(for: profile.kind))
        selection.shown = shown
        var named = ranked.first.map { NamedSections.leads(question: corrected, article: $0.unit.doc, pool: pool) } ?? []
        // The section a "What is X?" is headed by, or an FAQ's entry the question asks again: its answer, no other's.
        if named.isEmpty, let lead = headed.flatMap({ sectionLead($0, pool: pool) }) ?? askedAgain(profile, lookup: lookup, ranked: ranked, pool: pool) {
            named = [lead]
            Self.keepOnlyItsSection(lead, pool: pool, ranked: &ranked)
        }
        if lookup == nil, !named.isEmpty { why.append("sections the question names: " + named.compactMap(\.unit.heading).joined(separator: "; ")) }
        let candidates = lookup ?? NamedSections.leading(named, ranked)
        selection.run(candidates)
        var picked = selection.picked
        if profile.sides.count == 2 { picked = withBothSides(profile.sides, selection: selection, ranked: ranked, candidates: candidates) }
        if profile.kind == .definition && lookup == nil && named.isEmpty { leadWithDefinition(profile, ranked: ranked, picked: &picked) }

        guard !picked.isEmpty else { return abstain(call, hits: hits, why: why + ["abstained: no sentence reads on its own"]) }
        if mustMention, let own = Self.ownSubject(profile), !picked.contains(where: { $0.unit.terms.contains(own) }) {
            // The nearest articles are those for what the follow-up asks, not for the last topic.
            let near = (try? retrieve(corrected, target: nil)) ?? hits
            return abstain(call, hits: near, why: why + ["abstained: no chosen sentence mentions “\(own)”, what the follow-up adds"])
        }
        why += picked.sorted { $0.score > $1.score }.map(explain)
        return respond(call, picked: picked, pool: pool, hits: hits, why: why)
    }

    /// Best first; ties in reading order.
    static func ranked(_ candidates: [AnswerCandidate]) -> [AnswerCandidate] {
        candidates.sorted { $0.score != $1.score ? $0.score > $1.score : ($0.unit.doc, $0.unit.index) < ($1.unit.doc, $1.unit.index) }
    }

    /// The articles to read: a search for the question, with the article the call names first.
    func retrieve(_ text: String, target: TargetRef?) throws -> [Hit] {
        var hits = try assistant.searcher.search(SearchQuery(text: text, limit: 6))
        if let t = target {
            hits.removeAll { $0.doc == t.doc }
            if let s = try assistant.store.article(doc: t.doc) {
                let a = s.article
                hits.insert(Hit(doc: s.doc, id: a.id, title: a.title, url: a.url, author: a.author, date: a.date, feed: a.feed,
                                source: a.source, line: a.line, score: (hits.first?.score ?? 1) * 1.5, passage: 0,
                                passageText: "", snippet: "", explanation: nil), at: 0)
            }
        }
        return hits
    }

    /// The hits an answer reads, best first, and the article with a section headed by the name a "What is X?" asks
    /// about (`headedBySubject`), read second. A comparison searches for its sides, not for "compare" or "difference"
    /// (`withoutComparisonFrame`); the articles its sides name come first (`withNamedSides`).
    func articles(for profile: QuestionProfile, _ text: String, call: ToolCall) throws -> (hits: [Hit], headed: HeadedSection?) {
        let asked = profile.kind == .comparison ? QuestionProfile.withoutComparisonFrame(text) : text
        let hits = try withNamedSides(try retrieve(asked, target: call.target), profile: profile, target: call.target)
        guard !call.targetOnly, !call.fromConversation, let headed = try headedBySubject(profile) else { return (hits, nil) }
        return (Self.withSecond(headed, in: hits), headed)
    }

    /// An article with a section headed by the name a "What is X?" asks about, and the heading's terms.
    typealias HeadedSection = (hit: Hit, section: Set<String>)

    /// "What is a HAL?" over a book with a glossary: a section headed by the very name a "What is X?" question asks
    /// about ("### HAL": the heading's terms are the question's own, its setting aside) says what X is in its lead,
    /// whether or not its article ranks among the best for the question's words. The first of the best articles for
    /// those terms alone with such a section, and that section; nil when none has one.
    func headedBySubject(_ profile: QuestionProfile) throws -> HeadedSection? {
        guard profile.kind == .definition else { return nil }
        let own = Set(profile.terms.filter { !profile.settingTerms.contains($0) })
        guard (1...Self.maxHeadedTerms).contains(own.count) else { return nil }
        var query = SearchQuery(text: own.sorted().joined(separator: " "), limit: Self.headedArticles)
        query.snippets = false
        for h in try assistant.searcher.search(query) {
            guard let s = try assistant.store.article(doc: h.doc) else { continue }
            if s.article.headings.contains(where: { Set(analyzer.terms($0.text)) == own }) { return (h, own) }
        }
        return nil
    }

    /// The lead of the top article's FAQ entry that the question asks again (`NamedSections.askedAgain`); nil for a
    /// lookup of one term, which has its own candidates.
    func askedAgain(_ profile: QuestionProfile, lookup: [AnswerCandidate]?, ranked: [AnswerCandidate], pool: CandidatePool) -> AnswerCandidate? {
        guard lookup == nil, let top = ranked.first else { return nil }
        return NamedSections.askedAgain(profile, article: top.unit.doc, pool: pool, analyzer: analyzer)
    }

    /// A glossary's other entries are about other things: an article whose section below its first is headed by the
    /// name gives only that section ("It is one of the lower level crates…" of the entry above had followed "System View
    /// Description is an XML file format…" as if said of SVD). A page headed by the name is all about it.
    static func keepOnlyItsSection(_ lead: AnswerCandidate, pool: CandidatePool, ranked: inout [AnswerCandidate]) {
        let firstSection = pool.units[lead.unit.doc]?.first?.section ?? 0
        guard lead.unit.section != firstSection else { return }
        ranked.removeAll { $0.unit.doc == lead.unit.doc && $0.unit.section != lead.unit.section }
    }

    /// The most words a name may have for a section headed by it to be looked for, and how many articles are read.
    static let maxHeadedTerms = 3
    static let headedArticles = 8

    /// `hits` with the headed article second (the best hit stays first), or where it was when it ranked higher.
    static func withSecond(_ headed: HeadedSection, in hits: [Hit]) -> [Hit] {
        guard let first = hits.first, first.doc != headed.hit.doc else { return hits }
        if let at = hits.firstIndex(where: { $0.doc == headed.hit.doc }), at <= 1 { return hits }
        var h = headed.hit
        h.score = first.score
        return [first, h] + hits.dropFirst().filter { $0.doc != h.doc }
    }

    /// The lead of the headed section: its first prose candidate, in reading order, that can open an answer.
    func sectionLead(_ headed: HeadedSection, pool: CandidatePool) -> AnswerCandidate? {
        // Each of the article's headings is analysed once, not once per sentence under it.
        let headings = Set(pool.units[headed.hit.doc, default: []].compactMap(\.heading))
            .filter { Set(analyzer.terms($0)) == headed.section }
        return pool.candidates.filter { c in
            c.unit.doc == headed.hit.doc && c.unit.heading.map(headings.contains) == true && !c.unit.isCode && !c.unit.isListItem
                && !c.unit.text.hasSuffix(":") && Layout.canOpen(c.unit.text)
        }.min { $0.unit.index < $1.unit.index }
    }

    /// "What is the difference between cargo check and cargo build?": when each side of a comparison is an article's
    /// name (a title whose terms the question all has, the side's among them and none of the other side's), both
    /// articles are read first, however low the question's other words rank them; otherwise none.
    func namedSides(_ profile: QuestionProfile) throws -> [Hit] {
        guard profile.kind == .comparison, profile.sides.count == 2 else { return [] }
        var named: [Hit] = []
        for (i, side) in profile.sides.enumerated() {
            let other = profile.sides[1 - i]
            var query = SearchQuery(text: profile.terms.filter { !other.contains($0) }.joined(separator: " "), limit: 5)
            query.snippets = false
            let found = try assistant.searcher.search(query).first { h in
                let title = Self.nameTerms(h.title, analyzer: analyzer)
                return !title.isEmpty && title.isSubset(of: profile.termSet) && !title.isDisjoint(with: side) && title.isDisjoint(with: other)
            }
            guard let found, !named.contains(where: { $0.doc == found.doc }) else { return [] }
            named.append(found)
        }
        return named
    }

    /// A comparison of two named articles reads both, the one the message names first (when it names one), each
    /// scored as the best hit; other hits follow as they ranked.
    func withNamedSides(_ hits: [Hit], profile: QuestionProfile, target: TargetRef?) throws -> [Hit] {
        let named = try namedSides(profile)
        guard !named.isEmpty, target.map({ t in named.contains { $0.doc == t.doc } }) ?? true else { return hits }
        let top = hits.first?.score ?? 1
        let first = named.filter { $0.doc == target?.doc } + named.filter { $0.doc != target?.doc }
        return first.map { var h = $0; h.score = top; return h } + hits.filter { h in !named.contains { $0.doc == h.doc } }
    }

    /// The terms that name an article by its title: without a manual section's number ("git-fetch(1)" is named by
    /// "git fetch") or a joined word's whole form, whose parts are terms of their own.
    static func nameTerms(_ title: String, analyzer: Analyzer) -> Set<String> {
        Set(analyzer.terms(title).filter { t in !t.allSatisfy(\.isNumber) && !t.contains { "-_.".contains($0) } })
    }

    /// Selection settings from the model file; how-tos and comparisons get a larger budget.
    func settings(for kind: QuestionProfile.Kind) -> AnswerSelection.Settings {
        var s = AnswerSelection.Settings()
        let wide = kind == .howto || kind == .comparison
        s.budget = Int(model.setting(wide ? "budget_words_wide" : "budget_words", Double(s.budget)))
        s.lambda = model.setting("mmr_lambda", s.lambda)
        s.minRatio = model.setting("min_ratio", s.minRatio)
        s.maxPicks = Int(model.setting("max_picks", Double(s.maxPicks)))
        s.duplicate = model.setting("duplicate_jaccard", s.duplicate)
        s.novelty = model.setting("novelty", s.novelty)
        s.otherArticleRatio = model.setting("other_article_ratio", s.otherArticleRatio)
        s.itemWords = Int(model.setting("item_words", Double(s.itemWords)))
        s.minItemWords = Int(model.setting("min_item_words", Double(s.minItemWords)))
        return s
    }

    /// For "X vs Y", each side gets a sentence of its own when the selection left one out.
    /// The picks of `selection` with a sentence for each side of a comparison (`bothSides`). What the sides add counts
    /// against the word budget: when it would pass it, the selection runs again with the budget less their words, so
    /// that the answer makes room for the side it lacked instead of growing past its length.
    func withBothSides(_ sides: [Set<String>], selection: AnswerSelection, ranked: [AnswerCandidate],
                       candidates: [AnswerCandidate]) -> [AnswerCandidate] {
        var picked = selection.picked
        bothSides(sides, ranked: ranked, picked: &picked)
        let added = picked.dropFirst(selection.picked.count).reduce(0) { $0 + $1.unit.words }
        guard added > 0, selection.words + added > selection.settings.budget else { return picked }
        var settings = selection.settings
        settings.budget = max(settings.budget - added, 0)
        var again = AnswerSelection(pool: selection.pool, profile: selection.profile, settings: settings)
        again.shown = selection.shown
        again.run(candidates)
        var fitted = again.picked
        bothSides(sides, ranked: ranked, picked: &fitted)
        return fitted
    }

    /// A side whose words the other side's name holds too ("transmute" against "transmute_copy") is told apart by the
    /// words the other has and it lacks: a sentence on transmute_copy is no sentence on transmute.
    func bothSides(_ sides: [Set<String>], ranked: [AnswerCandidate], picked: inout [AnswerCandidate]) {
        for (k, terms) in sides.enumerated() {
            let rival = sides[1 - k].subtracting(terms), distinct = terms.subtracting(sides[1 - k])
            let own = distinct.isEmpty ? terms : distinct
            func alone(_ u: SentenceUnit) -> Bool { !u.terms.isDisjoint(with: own) && u.terms.isDisjoint(with: rival) }
            if picked.contains(where: { alone($0.unit) }) { continue }
            // The side's best whole sentence (not a list item or code out of its context), however far below
            // the other side's: a comparison that describes one side only does not answer. One that defines the
            // side ("A singleton is a…") comes before the rest.
            let eligible = ranked.filter { c in
                alone(c.unit) && !c.unit.isCode && !c.unit.isListItem && c.unit.words >= 6
                    && !c.unit.text.hasSuffix(":") && !Cues.isCaption(c.unit)
                    && !picked.contains { $0.unit.doc == c.unit.doc && $0.unit.index == c.unit.index }
            }
            if let c = eligible.first(where: { Cues.defines($0.unit, terms) }) ?? eligible.first { picked.append(c) }
        }
    }

    /// "What does --nonet do?" over reference pages: when the best article (or a candidate the selection could
    /// pick) has an entry for X, the question's rarest term ("--nonet: Do not use…", "Function: int f (…) —
    /// Frees…"), that entry is the answer and leads it; the rest of the answer is what else mentions X, not the
    /// neighbouring entries. The entry's term is all question ("--frozen" for "What does the --frozen option
    /// do?") or holds most of what the question asks (IDF-weighted, over the question's own terms):
    /// "--show-reachable=<yes|no>: These options…" is no entry for "What is a still reachable block?". Nil when
    /// there is no such entry.
    static func lookedUp(_ subject: String, profile: QuestionProfile, ranked: [AnswerCandidate], minRatio: Double,
                         analyzer: Analyzer) -> [AnswerCandidate]? {
        guard let best = ranked.first?.score else { return nil }
        let floor = best + log(minRatio)
        let asked = profile.askedTerms.isEmpty ? profile.termSet : profile.askedTerms
        var titleHas = TitleHolds(subject: subject, analyzer: analyzer)
        guard var entry = ranked.first(where: { c in
            guard (c.rank == 0 || c.score >= floor) && c.unit.terms.contains(subject), let term = Cues.entryTerm(c.unit) else { return false }
            let tokens = analyzer.analyze(String(term))
            let termTerms = Set(tokens.map(\.term))
            // X is a word of the term, not a part of one ("bc" of "BC_SCALE_MAX: The number of digits…" is no entry
            // for "What does the -l option do in bc?"): an identifier's parts share its position, after it. Nor is it
            // one of the term's arguments: "pop [--index] [<stash>]: Remove a single stashed state…" is the entry of
            // "pop", no entry for "What does git stash do?".
            var positions = Set<Int>()
            let named = analyzer.analyze(Self.withoutArguments(term))
            let words = Set(named.filter { positions.insert($0.position).inserted }.map(\.term))
            // An entry that only has X in its name is no entry for X in an article about X: "--massif-out-file=<file>: …"
            // in "Massif: a heap profiler" is not what "what is massif?" asks for.
            guard words.contains(subject), termTerms == [subject] || !titleHas(c) else { return false }
            // An option is the entry of a question that writes it as one ("--detach", "-l") or calls it an option;
            // "what is a detached HEAD?" asks about no "--detach: With add, detach HEAD in the new worktree."
            if term.hasPrefix("-"), !Self.namesOption(profile.text, term) { return false }
            return termTerms.isSubset(of: asked) || profile.coverage(termTerms, within: asked) >= Self.entryCoverage
        }) else { return nil }
        let rest = ranked.filter { $0.unit.terms.contains(subject) && !($0.unit.doc == entry.unit.doc && $0.unit.index == entry.unit.index) }
        entry.score = best + 1e-6
        return [entry] + rest
    }

    /// Whether a question names an option entry: it writes the option's name with its dashes ("--nonet", "-l") or
    /// asks about an option or flag.
    static func namesOption(_ question: String, _ term: Substring) -> Bool {
        let name = term.prefix { !" =[<,".contains($0) }
        let lower = question.lowercased()
        return lower.contains(name.lowercased()) || ["option", "flag", "switch"].contains { lower.contains($0) }
    }

    /// An entry's term without its bracketed arguments ("pop [--index] [-q|--quiet] [<stash>]" → "pop "; "--move
    /// <old> <new>" → "--move  "), as a synopsis writes optional and placeholder parts.
    static func withoutArguments(_ term: Substring) -> String {
        var out = "", depth = 0
        for ch in term {
            if ch == "[" || ch == "<" { depth += 1; continue }
            if (ch == "]" || ch == ">"), depth > 0 { depth -= 1; continue }
            if depth == 0 { out.append(ch) }
        }
        return out
    }

    /// The share of the question an entry's term must hold to be the question's entry.
    static let entryCoverage = 0.6

    /// "What is X?": the best sentence that defines X (the question's rarest term) leads the answer, when the
    /// picks do not already open with one. It comes from the first article, from an article whose title names X
    /// ("An access token is an object…" in "Access Tokens", below the rights of "Access Rights for Access-Token
    /// Objects"), or from another when the model scores it within the selection's weakest-pick ratio of the best
    /// candidate ("Actors are like classes…" beside an article that only uses actors).
    func leadWithDefinition(_ profile: QuestionProfile, ranked: [AnswerCandidate], picked: inout [AnswerCandidate]) {
        guard let subject = profile.rarestTerm, let top = picked.max(by: { $0.score < $1.score }),
              let best = ranked.first?.score else { return }
        // "What does X do?" is answered by any sentence with X as its subject ("The X statement causes…").
        func defines(_ c: AnswerCandidate, _ subject: String, strictly: Bool) -> Bool {
            Cues.defines(c.unit, [subject], leading: profile.termSet, strictly: strictly) || introduces(c.unit, subject, profile: profile)
                || (!strictly && profile.asksWhatItDoes && Cues.hasSubject(c.unit, [subject], leading: profile.termSet))
        }
        // "What is a package ID specification?": the rarest term ("id") may be a modifier of the name's last word, its
        // head, which the article named by the whole name defines on its own ("A specification is a string…").
        let head = Self.headTerm(profile).flatMap { $0 == subject ? nil : $0 }
        var titleHasAll = TitleHolds(all: Set(profile.terms.filter { !profile.settingTerms.contains($0) }), analyzer: analyzer)
        func defines(_ c: AnswerCandidate, strictly: Bool) -> Bool {
            defines(c, subject, strictly: strictly) || (head.map { defines(c, $0, strictly: strictly) && titleHasAll(c) } ?? false)
        }
        // A top pick that says what X is stays; one that says only what X does ("X provides…") gives way to a
        // sentence that says what X is ("X is a…", "… introduces X, a…").
        if defines(top, strictly: true) { return }
        let floor = best + log(settings(for: profile.kind).minRatio)
        func opens(_ c: AnswerCandidate) -> Bool {
            !c.unit.isCode && !c.unit.isListItem && !c.unit.text.hasSuffix(":") && Layout.canOpen(c.unit.text)
        }
        var titleHas = TitleHolds(subject: subject, analyzer: analyzer)
        let eligible = ranked.filter { c in (c.unit.doc == top.unit.doc || c.score >= floor || titleHas(c)) && opens(c) }
        let topDefines = defines(top, strictly: false)
        // Of the top pick's article, the sentence that says what X is first: an introduction defines, later pages use
        // the word ("This manual is for…", then "Nettle refers to the variant … as CAST-5" far below).
        let strict = eligible.filter { defines($0, strictly: true) }
        let definition = strict.filter { $0.unit.doc == top.unit.doc }.min { $0.unit.index < $1.unit.index } ?? strict.first
            ?? (topDefines ? nil : eligible.first { defines($0, strictly: false) })
        if topDefines && definition == nil { return }
        // With no sentence that defines X, a list item does not open the answer either ("- Projects using X
        // include:"): the best prose pick of the same article does.
        let prose = top.unit.isListItem ? picked.filter { $0.unit.doc == top.unit.doc && opens($0) }.max { $0.score < $1.score } : nil
        guard let c = definition ?? prose else { return }
        picked.removeAll { $0.unit.doc == c.unit.doc && $0.unit.index == c.unit.index }
        var lead = c
        lead.score = top.score + 1e-6
        picked.append(lead)
    }

    /// The last word of the name a "What is X?" question asks about, when the name has several: the word the others
    /// modify ("specif" of "package ID specification"); nil for other kinds of question or a one-word name.
    static func headTerm(_ profile: QuestionProfile) -> String? {
        guard profile.kind == .definition else { return nil }
        let own = profile.terms.filter { !profile.settingTerms.contains($0) }
        return own.count >= 2 ? own.last : nil
    }

    /// The rarest term a follow-up asks with words of its own ("delegates" in "What about delegates?"); nil when it
    /// asks with the last topic's words only ("why?").
    static func ownSubject(_ profile: QuestionProfile) -> String? {
        profile.askedTerms.max { (profile.idf[$0] ?? 0, $1) < (profile.idf[$1] ?? 0, $0) }
    }

    /// A sentence that says what the subject is in an appositive ("… introduces Swift Testing, a new testing
    /// library…"): the name before ", a" holds the subject and ends in a word of the question.
    func introduces(_ u: SentenceUnit, _ subject: String, profile: QuestionProfile) -> Bool {
        guard !u.isCode else { return false }
        if let name = Cues.appositiveName(u.text) {
            let terms = analyzer.terms(String(name))
            if let last = terms.last, terms.contains(subject), profile.termSet.contains(last) { return true }
        }
        // "… is often referred to as exception safety in the broader…": the name's words that the question holds,
        // from the first, include the subject.
        guard let name = Cues.namedAs(u.text) else { return false }
        return analyzer.terms(String(name)).prefix { profile.termSet.contains($0) }.contains(subject)
    }

    /// Lays out the picks and lists their articles as sources.
    func respond(_ call: ToolCall, picked: [AnswerCandidate], pool: CandidatePool, hits: [Hit], why: [String]) -> Response {
        var cites: [Citation] = []
        var paragraphs: [String] = []
        for group in Layout.paragraphs(picked) {
            guard let doc = group.first?.unit.doc, let s = pool.article(doc) else { continue }
            let n = cites.count + 1
            let passages = (try? assistant.store.passages(doc: doc)) ?? []
            cites.append(Citation(n: n, ref: TargetRef(s), url: s.article.url, author: s.article.author, date: s.article.date,
                                  passage: SentenceUnits.passage(containing: group[0].unit.text, in: passages)))
            paragraphs.append(Layout.paragraph(APISubject.named(group, title: s.article.title), n: n))
        }
        var answer = paragraphs.joined(separator: "\n\n")
        answer += "\n\n" + assistant.prompts.template("answer_sources") + "\n" + cites.map(Sources.line).joined(separator: "\n")
        // What the conversation goes on about is the article the answer quotes first: the one the message named
        // when the answer draws on it, the one cited first when the named article held nothing to quote.
        let named = call.target.flatMap { t in cites.contains { $0.ref.doc == t.doc } ? t : nil }
        var r = Response(call: call, answer: answer, citations: cites, hits: hits, abstained: false, focus: named ?? cites.first?.ref ?? call.target)
        r.details = why
        return r
    }

    /// One `--explain` line for a chosen sentence: its score and the features that moved it most.
    func explain(_ c: AnswerCandidate) -> String {
        let top = model.sentence.contributions(c.features).sorted { abs($0.1) > abs($1.1) }.prefix(6)
        let parts = top.map { "\($0.0) \($0.1 >= 0 ? "+" : "")\(rounded($0.1))" }.joined(separator: ", ")
        return "chose (score \(rounded(c.score))): “\(String(c.unit.text.prefix(70)))” — \(parts)"
    }

    func rounded(_ x: Double) -> String {
        let v = (x * 100).rounded() / 100
        return v == v.rounded() ? "\(Int(v))" : "\(v)"
    }

    func abstain(_ call: ToolCall, hits: [Hit], why: [String]) -> Response {
        let named = call.target.flatMap { t in hits.first { $0.doc == t.doc } }
        var lines = [named.map { assistant.prompts.voice("no_answer_in_article", ["title": $0.title]) } ?? assistant.prompts.voice("no_answer")]
        let near = hits.prefix(3)
        if !near.isEmpty {
            lines.append("")
            lines.append(assistant.prompts.voice("no_answer_nearest"))
            for h in near { lines.append("- \(Emphasis.bold(h.title)) — \(h.source):\(h.line)") }
        }
        var r = Response(call: call, answer: lines.joined(separator: "\n"), hits: hits, abstained: true, focus: call.target)
        r.details = why
        return r
    }
}

extension String {
    /// Splits on a separator string (no Foundation).
    func components(_ sep: String) -> [String] {
        var out: [String] = []
        var rest = Substring(self)
        while let r = rest.firstRange(of: sep) {
            out.append(String(rest[..<r.lowerBound])); rest = rest[r.upperBound...]
        }
        out.append(String(rest))
        return out
    }
}

/// Whether a candidate's article title has the subject (or all of several), each article's title read once.
struct TitleHolds {
    let subjects: Set<String>
    let analyzer: Analyzer
    private var seen: [Int: Bool] = [:]

    init(subject: String, analyzer: Analyzer) { self.init(all: [subject], analyzer: analyzer) }

    /// Whether a candidate's title holds every one of `all`.
    init(all: Set<String>, analyzer: Analyzer) { subjects = all; self.analyzer = analyzer }

    mutating func callAsFunction(_ c: AnswerCandidate) -> Bool {
        if let t = seen[c.unit.doc] { return t }
        let t = !subjects.isEmpty && subjects.isSubset(of: analyzer.terms(c.title))
        seen[c.unit.doc] = t
        return t
    }
}
