import Analysis
import Corpus
import Retrieval

/// The extract tool: code verbatim, links, an outline, key terms and API names, or metadata.
struct Extractor {
    let assistant: Assistant
    /// Code lines `extract code` shows before it names what it left out (whole blocks only).
    static let codeLineBudget = 200

    func run(_ call: ToolCall) throws -> Response {
        let kind = ExtractKind(rawValue: call.argument("kind") ?? "") ?? .code
        guard let target = call.target, let stored = try assistant.store.article(doc: target.doc) else {
            return Response(call: call, answer: assistant.prompts.voice("need_article"), abstained: true)
        }
        let a = stored.article
        let p = assistant.prompts
        let title = a.title
        var lines: [String] = []
        switch kind {
        case .code:
            lines += codeLines(a, focus: call.argument("focus"), named: !call.fromConversation)
        case .links:
            lines += linkLines(a, focus: call.argument("focus"), named: !call.fromConversation)
        case .headings:
            lines += headingLines(a, section: call.argument("section"))
        case .terms:
            let terms = KeyTerms.extract(from: a, analyzer: assistant.analyzer, searcher: assistant.searcher)
            if terms.isEmpty {
                lines.append(p.template("extract_terms_none", ["title": title]))
                lines += Self.openingLines(a)
            } else {
                lines.append(p.template("extract_terms_intro", ["title": title]))
                lines.append(terms.joined(separator: ", "))
            }
        case .metadata:
            lines.append(p.template("extract_metadata_intro", ["title": title]))
            lines.append("- Author: " + (a.author ?? "not listed"))
            if let d = a.date { lines.append("- Published: " + DateWords.human(d) + " (" + String(d.prefix(10)) + ")") } else { lines.append("- Published: no date given") }
            if let u = a.url { lines.append("- URL: " + u) }
            if let f = a.feed { lines.append("- Source: " + f) }
            lines.append("- File: \(a.source):\(a.line)")
            let minutes = max(1, (stored.words + 199) / 200)
            lines.append("- Length: \(stored.words) words, about \(minutes) min to read")
        }
        let passage = (try? assistant.store.passages(doc: stored.doc).first?.text) ?? ""
        let cite = Citation(n: 1, ref: target, url: a.url, author: a.author, date: a.date, passage: passage)
        return Response(call: call, answer: lines.joined(separator: "\n"), citations: [cite], focus: target)
    }

    /// The article's code blocks, verbatim; with a `focus` that names some of them ("the code where it uses generics"), those
    /// blocks, each after the sentence that leads into it, and how many were left out.
    /// The article's outline, indented by level; with `section` (words of a heading), the outline under that section.
    func headingLines(_ a: Article, section: String?) -> [String] {
        let p = assistant.prompts
        var hs = ArticleSections.outline(a.blocks)
        var lines = [p.template("extract_headings_intro", ["title": a.title])]
        if let section, let s = ArticleSections.named(section, in: a, analyzer: assistant.analyzer) {
            hs = ArticleSections.subheadings(s, in: a)
            let values = ["title": a.title, "section": s.heading]
            lines = [p.template(hs.isEmpty ? "extract_headings_section_none" : "extract_headings_section", values)]
            if hs.isEmpty { return lines }
        }
        if hs.isEmpty { return [p.template("extract_headings_none", ["title": a.title])] + Self.openingLines(a) }
        let minLevel = hs.map(\.level).min() ?? 1
        return lines + hs.map { String(repeating: "  ", count: max(0, $0.level - minLevel)) + "- " + $0.text }
    }

    func codeLines(_ a: Article, focus: String?, named: Bool) -> [String] {
        let p = assistant.prompts
        let all = ExtractFocus.contexts(a)
        if all.isEmpty { return [p.template("extract_code_none", ["title": a.title])] }
        let shownBlocks = singledOut(all.map(\.context), focus: focus, article: a, named: named) ?? Array(all.indices)
        let focused = shownBlocks.count < all.count
        var lines = [focused ? p.template("extract_code_focus", ["title": a.title, "focus": focus ?? ""]) : p.template("extract_code_intro", ["title": a.title])]
        var shown = 0
        for (k, i) in shownBlocks.enumerated() {
            // A long article's code is not streamed whole: about 200 lines, then where to find the rest.
            if shown >= Self.codeLineBudget {
                let rest = shownBlocks[k...].reduce(0) { $0 + all[$1].block.text.split(separator: "\n", omittingEmptySubsequences: false).count }
                lines.append("")
                lines.append("… \(shownBlocks.count - k) more code block\(shownBlocks.count - k == 1 ? "" : "s") (\(rest) lines) not shown; `lore show \(a.source):\(a.line)` prints the whole article.")
                return lines
            }
            let b = all[i].block
            var lang = ""
            if case .code(let l) = b.kind { lang = l ?? "" }
            lines.append("")
            if focused, let lead = all[i].leadIn { lines.append(lead) }
            lines.append("```" + lang)
            let codeLines = b.text.split(separator: "\n", omittingEmptySubsequences: false)
            if codeLines.count > 300 || b.text.utf8.count > 30_000 {
                lines.append(String(codeLines.prefix(300).joined(separator: "\n").prefix(30_000)))
                lines.append("… (cut: the block has \(codeLines.count) lines; `lore show` prints it all)")
            } else {
                lines.append(b.text)
            }
            shown += min(codeLines.count, 300)
            lines.append("```")
        }
        if focused { lines += leftOut(all.count - shownBlocks.count, of: .code, a) }
        return lines
    }

    /// The article's links, each address once; with a `focus` that names some of them ("the style guide"), those,
    /// and how many were left out.
    func linkLines(_ a: Article, focus: String?, named: Bool) -> [String] {
        let p = assistant.prompts
        var seen = Set<String>()
        let links = a.links.filter { seen.insert($0.url).inserted }
        if links.isEmpty { return [p.template("extract_links_none", ["title": a.title])] }
        let shown = singledOut(links.map(\.text), focus: focus, article: a, named: named) ?? Array(links.indices)
        let focused = shown.count < links.count
        var lines = [focused ? p.template("extract_links_focus", ["title": a.title, "focus": focus ?? ""]) : p.template("extract_links_intro", ["title": a.title])]
        for i in shown {
            let l = links[i]
            lines.append("- " + (l.text.isEmpty || l.text == l.url ? l.url : "\(l.text) — \(l.url)"))
        }
        if focused { lines += leftOut(links.count - shown.count, of: .links, a) }
        return lines
    }

    /// The items (known by `texts`) that a request's focus singles out; nil when it names none in particular.
    func singledOut(_ texts: [String], focus: String?, article a: Article, named: Bool) -> [Int]? {
        guard let focus, let terms = focusTerms(focus, article: a, named: named) else { return nil }
        return ExtractFocus.pick(texts.map { Set(assistant.analyzer.terms($0)) }, focus: terms)
    }

    /// The end of an extract that showed some of the items: how many were left out, and how to see them all.
    func leftOut(_ count: Int, of kind: ExtractKind, _ a: Article) -> [String] {
        let items = kind == .code ? (count == 1 ? "code block" : "code blocks") : (count == 1 ? "link" : "links")
        return ["", assistant.prompts.template("extract_left", ["count": "\(count)", "items": items, "kind": kind.rawValue, "ref": "\(a.source):\(a.line)"])]
    }

    /// The terms of a request's focus that can single out code or links: not the article's title (which named the article), not
    /// the code's languages, not words that ask for code in general ("the full example"). When the message named the
    /// article (`named`) rather than pointing back at it, not the words of its opening paragraph either: "the code from
    /// the type placeholders excerpt" names an excerpt by what it opens with.
    func focusTerms(_ focus: String, article a: Article, named: Bool) -> Set<String>? {
        let languages = Set(a.code.compactMap { b -> String? in if case .code(let l) = b.kind { return l?.lowercased() } else { return nil } })
        let words = focus.lowercased().split(whereSeparator: { $0 == " " }).map(String.init)
            .filter { !Self.generalCodeWords.contains($0) && !languages.contains($0) }
        var terms = Set(assistant.analyzer.terms(words.joined(separator: " "))).subtracting(assistant.analyzer.terms(a.title))
        if named, let lead = a.blocks.first(where: { $0.kind == .paragraph }) { terms.subtract(assistant.analyzer.terms(lead.text)) }
        return terms.isEmpty ? nil : terms
    }

    /// Words that ask for code in general, not for one block of it.
    static let generalCodeWords: Set<String> = ["example", "examples", "full", "whole", "entire", "complete", "every", "rest", "other",
                                                "again", "exact", "verbatim", "version", "listing", "listings", "block", "blocks"]

    /// What to show when the article has none of the items asked for: its first two sentences of prose, as a list.
    static func openingLines(_ a: Article) -> [String] {
        // Each paragraph split on its own: a title repeated as the first line ("Critical Section Objects") is no
        // sentence, and would run into the one after it.
        let paragraphs = a.blocks.filter { $0.kind == .paragraph && !ArticleSections.repeatsTitle($0.text, of: a) }
        return paragraphs.lazy.flatMap { Sentences.split($0.text) }.prefix(2).map { "- " + $0 }
    }
}

/// Dates in words: "2025-02-28T…" → "February 28, 2025 (28 Feb 2025)".
enum DateWords {
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    static func human(_ iso: String) -> String {
        let parts = iso.prefix(10).split(separator: "-")
        guard parts.count == 3, let m = Int(parts[1]), m >= 1, m <= 12, let d = Int(parts[2]) else { return iso }
        let month = months[m - 1]
        return "\(month) \(d), \(parts[0]) (\(d) \(month.prefix(3)) \(parts[0]))"
    }
}

/// Key terms and API names: identifiers from code and prose (`Task.detached`, `@MainActor`,
/// `UITableViewCell`), ranked by how often the article uses them against how rare they are overall.
/// An article's distinctive names: code identifiers (`@State`, `.task`, `URLSession.shared`, `viewDidLoad`) and
/// capitalised names (`Copenhagen`, `Xcode`) that occur inside a sentence, not only opening one, and never in
/// lower case (so not "There" or "Memory"),
/// weighted by their count and rarity in the corpus. Code is shown in backticks, names as written.
enum KeyTerms {
    /// A corpus smaller than this has too few articles to say that a term is common to most of them.
    static let minArticlesForShare = 8.0

    /// Two words a lost line break or space glued together: a lowercase word, a full stop and a capitalised word
    /// ("here.Thanks"), or a word and one that opens sentences ("screenshotThen", "UI.However"). A qualified name
    /// (`strings.Builder`) or camel case (`forEach`) has the same shape, which only a second mention tells apart.
    static func glued(_ w: String) -> Bool {
        guard let cut = w.lastIndex(where: \.isUppercase), cut > w.startIndex else { return false }
        let before = w[..<cut], right = w[cut...]
        guard right.dropFirst().allSatisfy(\.isLowercase), let last = before.last, last.isLowercase || last == "." else { return false }
        if Sentences.sentenceOpeners.contains(String(right)) { return true }
        let left = before.dropLast()
        return last == "." && !left.isEmpty && left.allSatisfy(\.isLowercase) && right.count > 1
    }

    /// With `proseOnly` (a summary's key points), the words of code blocks and of code flattened into
    /// paragraphs do not count: a summary's points are what the article says, not its variable names.
    /// With `minMentions` above 1, a name mentioned once is not one the article is about (a name in its sign-off), nor
    /// are two words a lost line break glued together ("here.Thanks"), though a name in code may be. With
    /// `maxArticleShare` below 1, neither is a term that most of the corpus's articles name ("Swift" in a corpus of
    /// Swift posts), once the corpus has `minArticlesForShare` articles.
    static func extract(from a: Article, analyzer: Analyzer, searcher: Searcher, limit: Int = 15, proseOnly: Bool = false,
                        minMentions: Int = 1, maxArticleShare: Double = 1) -> [String] {
        var counts: [String: Int] = [:]
        var surface: [String: String] = [:]
        var code = Set<String>(), midSentence = Set<String>(), lowercase = Set<String>()
        let blocks = a.blocks.prefix(2000).filter { b in
            if case .code = b.kind { return !proseOnly }
            return !proseOnly || !Cues.isFlattenedCode(b.text)
        }
        // The first 200 KB say what an article is about; a pathological one is not read to the end.
        let text = String(blocks.map(\.text).joined(separator: " \n ").prefix(200_000))
        var opensSentence = true
        for raw in text.split(whereSeparator: { " \t,;()[]{}<>\"'“”‘’".contains($0) }) {
            // After a full stop, a block's end, a colon or dash that sets a term apart ("EAGAIN: Indicates…", "f (x) —
            // Frees…") or a run-in heading in capitals ("RESULTS There were…").
            defer { opensSentence = raw == "\n" || raw == "—" || raw == "–" || ".!?:".contains(raw.last!) || (raw.count > 5 && raw.allSatisfy(\.isUppercase)) }
            var w = String(raw)
            while let l = w.last, ".:!?".contains(l) { w.removeLast() }
            // "i.e" and "e.g" are abbreviations, not names in code.
            guard w.count >= 3, w.count <= 40, !w.split(separator: ".").allSatisfy({ $0.count == 1 }) else { continue }
            if w.allSatisfy(\.isLowercase) { lowercase.insert(w); continue }
            let first = w.first!
            var looksLikeCode = first == "@" || first == "#"
            if first == "." && w.dropFirst().first?.isLowercase == true { looksLikeCode = true }
            if w.contains(".") && first.isLetter && !w.hasSuffix(".") { looksLikeCode = true }
            // "APIs" and "SDKs" are acronyms in the plural, not camel case.
            let pluralAcronym = w.count >= 3 && w.last == "s" && w.dropLast().allSatisfy(\.isUppercase)
            if w.dropFirst().contains(where: \.isUppercase) && w.contains(where: \.isLowercase) && !pluralAcronym { looksLikeCode = true }
            // A capitalised word is a name; in capitals it is an acronym only when short ("HTTP", not "RESULTS").
            let name = first.isUppercase && w.count > 3 && w.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber })
                && (w.contains(where: \.isLowercase) || w.count <= 5) || pluralAcronym
            guard looksLikeCode || name, w.allSatisfy({ $0.isLetter || $0.isNumber || "@#._".contains($0) }) else { continue }
            let key = w.lowercased()
            counts[key, default: 0] += 1
            if surface[key] == nil { surface[key] = w }
            if looksLikeCode { code.insert(key) }
            if !opensSentence { midSentence.insert(key) }
        }
        counts = counts.filter { key, c in
            // Code named once is still specific; a capitalised word or two glued words ("here.Thanks") is not.
            guard c >= minMentions || (code.contains(key) && !glued(surface[key]!)) else { return false }
            return code.contains(key) || (midSentence.contains(key) && !lowercase.contains(key))
        }
        let n = Double(max(searcher.stats.documents, 1))
        let scored = counts.compactMap { key, c -> (String, Double)? in
            let term = analyzer.terms(surface[key]!).first ?? key
            let df = Double(max(searcher.documentFrequency(term), 1))
            if n >= minArticlesForShare && df / n > maxArticleShare { return nil }
            return (surface[key]!, Double(c).squareRoot() * (1 + (n / df).logValue))
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(limit).map { code.contains($0.0.lowercased()) ? "`\($0.0)`" : $0.0 }
    }
}
