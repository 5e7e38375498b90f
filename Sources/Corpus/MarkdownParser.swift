/// Markdown with optional YAML front matter: headings, fenced code, lists, quotes, paragraphs, links, raw HTML.
enum MarkdownParser {
    static func parse(_ text: String, source: String) throws(CorpusError) -> ParsedFile {
        // Split at LF and CRLF alike ("\r\n" is one Character, so splitting at "\n" alone would keep a
        // Windows file as one line); a lone CR does not end a line (CLI.md).
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        let fileLines = lines
        var warnings: [String] = []
        let matter = MarkdownMetadata.frontMatter(&lines, warnings: &warnings)
        let pandocTitle = Self.pandocTitle(&lines)
        let (blocks, links) = body(withoutTemplateComments(lines))
        guard blocks.contains(where: { !$0.text.isEmpty }) else {
            let target = matter.first("redirect", "redirect_to", "redirect_from", "permalink")
            throw .unparseable(target.map { "no body text (a redirect to \(Titles.cut($0, limit: 100)))" } ?? "no body text")
        }
        let meta = MarkdownMetadata(matter: matter, blocks: blocks)
        let title = meta.title ?? pandocTitle ?? Titles.fromBlocks(blocks.filter { if case .heading = $0.kind { return true }; return false }, limit: 200)
            ?? PlainTextParser.fileTitle(source)
        var article = Article(id: meta.id ?? "\(source):1", title: Titles.cut(title, limit: 200), url: meta.url,
                              author: meta.authors.isEmpty ? nil : meta.authors.joined(separator: ", "),
                              date: meta.date ?? fileNameDate(source), source: source, line: 1, blocks: meta.summaryBlock + blocks, links: links)
        article.addTags(meta.tags)
        if let raw = meta.unreadDate {
            let fallback = article.date == nil ? "the article has none" : "it takes the one its file name opens with"
            warnings.append("front matter date \"\(Titles.cut(raw, limit: 60))\" is not a date (write it as 2024-05-31); \(fallback)")
        }
        let articles = ReleaseSections.split(article, lines: fileLines, collection: meta.title ?? pandocTitle) ?? [article]
        return ParsedFile(format: .markdown, articles: articles, warnings: warnings)
    }

    /// Pandoc's title block: "% Title" as the first line (then "% author" and "% date" lines), which renders as the
    /// document's title. The title, with the block's lines taken out of the text; nil when there is none.
    static func pandocTitle(_ lines: inout [Substring]) -> String? {
        guard let first = lines.firstIndex(where: { !$0.allSatisfy { $0 == " " || $0 == "\t" } }), lines[first].hasPrefix("% ") else { return nil }
        var end = first
        while end < lines.count, end - first < 3, lines[end].hasPrefix("% ") { end += 1 }
        let title = TextClean.collapse(String(lines[first].dropFirst(2)))
        lines.replaceSubrange(first..<end, with: Array(repeating: "", count: end - first))
        return title.isEmpty ? nil : title
    }

    /// The date a Jekyll post's file name opens with ("_posts/2015-04-10-fearless-concurrency.md"), which Jekyll
    /// itself dates the post by when its front matter gives none.
    static func fileNameDate(_ source: String) -> String? {
        let name = (source.split(separator: "/").last ?? "").utf8
        guard name.count > 11, name.dropFirst(10).first == UInt8(ascii: "-") else { return nil }
        let prefix = String(decoding: name.prefix(10), as: UTF8.self)
        // A calendar date written in full, as Jekyll requires it.
        return DateText.iso8601(prefix) == prefix ? prefix : nil
    }

    /// Headings, fenced code, lists, quotes and paragraphs, with the links of their inline text.
    private static func body(_ lines: [Substring], outerRefs: [String: String] = [:], depth: Int = 0) -> ([Block], [Link]) {
        var blocks: [Block] = []
        var links: [Link] = []
        var (refs, definitionLines) = references(lines)
        refs.merge(outerRefs) { own, _ in own }
        let notes = noteLabels(lines)
        func inline(_ s: String, links: inout [Link]) -> String { MarkdownParser.inline(s, links: &links, refs: refs, notes: notes) }
        var para: [Substring] = []
        var paraKind = Block.Kind.paragraph
        var contentsItems = Set<Int>()
        func flush() {
            let raw = para.joined(separator: " ")
            let t = inline(raw, links: &links)
            if !t.isEmpty {
                if paraKind == .listItem && Self.isInPageLink(raw[...]) { contentsItems.insert(blocks.count) }
                blocks.append(Block(paraKind, t))
            }
            para = []; paraKind = .paragraph
        }
        var k = 0
        while k < lines.count {
            let line = lines[k]
            k += 1
            if definitionLines.contains(k - 1) { flush(); continue }
            let trimmed = line.drop(while: { $0 == " " })
            if let fence = fenceOpening(trimmed) {
                flush()
                let info = trimmed.dropFirst(fence.count).trimmingPrefixAndSuffixSpaces
                var inner: [Substring] = []
                while k < lines.count, !closesFence(lines[k], fence) { inner.append(lines[k]); k += 1 }
                k += 1
                // Directives nest (a note in a tab); past a depth no page needs, the body is a listing, as before.
                if depth < Directive.maxDepth, let directive = Directive(mystInfo: Substring(info)) {
                    let (b, l) = directiveBlocks(directive, inner, refs: refs, depth: depth)
                    blocks += b; links += l
                    continue
                }
                let lang = info.split(separator: " ").first.map { $0.lowercased() }
                let body = HTMLBlockBuilder.trimCode(Array(inner.joined(separator: "\n").utf8))
                if !body.isEmpty { blocks.append(Block(.code(language: lang), body)) }
                continue
            }
            // MyST's target before a heading, "(label)=", is no text.
            if para.isEmpty, isMySTTarget(trimmed) { continue }
            if trimmed.isEmpty { flush(); continue }
            // An indented code block: a tab or four spaces in, where no paragraph goes on and no list item
            // could hold the line as its own paragraph.
            if para.isEmpty, blocks.last?.kind != .listItem, let first = Self.indentedCode(line) {
                var code = [first]
                var end = k
                while end < lines.count {
                    if let more = Self.indentedCode(lines[end]) { code.append(more); end += 1; k = end }
                    else if lines[end].allSatisfy({ $0 == " " || $0 == "\t" }) { code.append(""); end += 1 }
                    else { break }
                }
                let body = HTMLBlockBuilder.trimCode(Array(code.joined(separator: "\n").utf8))
                if !body.isEmpty { blocks.append(Block(.code(language: nil), body)) }
                continue
            }
            if paraKind != .quote, para.isEmpty, let end = MarkdownHTML.blockEnd(lines, start: k - 1) {
                // Raw HTML (a figure, a table, a comment): read by the HTML parser, as a browser would show it.
                let html = lines[(k - 1) ..< end].joined(separator: "\n")
                let parsed = HTMLText.parse(Array(html.utf8))
                blocks += parsed.blocks; links += parsed.links
                k = end
                continue
            }
            // A footnote's definition opens a paragraph of its own (the note), ending the one or the item above.
            if !notes.isEmpty, let label = noteDefinition(line), notes.contains(label) {
                flush(); para = [trimmed]; continue
            }
            let hashes = trimmed.prefix(while: { $0 == "#" }).count
            if (1...6).contains(hashes), trimmed.dropFirst(hashes).first == " " {
                flush()
                let h = inline(String(trimmed.dropFirst(hashes)).trimmingPrefixAndSuffixSpaces
                    .trimmingCharacters("#"), links: &links)
                if !h.isEmpty { blocks.append(Block(.heading(level: hashes), h)) }
                continue
            }
            // A thematic break ("---", "* * *", "___") outside a paragraph is no text.
            if paraKind != .paragraph || para.isEmpty, line.count - trimmed.count <= 3, isThematicBreak(trimmed) { flush(); continue }
            // A setext heading: the paragraph above a line of "=" (level 1) or "-" (level 2).
            if paraKind == .paragraph, !para.isEmpty, line.count - trimmed.count <= 3, let level = setextLevel(trimmed) {
                let h = inline(para.joined(separator: " "), links: &links)
                para = []
                if !h.isEmpty { blocks.append(Block(.heading(level: level), h)) }
                continue
            }
            // A pipe table: lines above its header row stay a paragraph, as GitHub renders them.
            if paraKind != .quote, line.count - trimmed.count <= 3, k < lines.count,
               let header = MarkdownTable.header(trimmed, delimiter: lines[k]) {
                flush()
                k += 1
                var rows = [header]
                while k < lines.count, let row = MarkdownTable.row(lines[k], columns: header.count) { rows.append(row); k += 1 }
                // Empty cells before a row's first text are left out, as the HTML parser leaves them out of a `<tr>`.
                for row in rows {
                    let cells = row.map { inline(String($0), links: &links) }.drop(while: \.isEmpty)
                    if !cells.isEmpty { blocks.append(Block(.paragraph, TextClean.collapse(cells.joined(separator: " | ")))) }
                }
                continue
            }
            if let rest = listItemContent(trimmed) { flush(); paraKind = .listItem; para = [rest]; continue }
            if trimmed.hasPrefix(">") {
                let opening = paraKind != .quote
                if opening { flush(); paraKind = .quote }
                var text = trimmed.dropFirst().drop(while: { $0 == " " })
                // GitHub's alerts ("> [!NOTE]", "> [!WARNING]") read as "Note:", "Warning:".
                if opening, let alert = alert(text) { text = alert }
                para.append(text)
                continue
            }
            if paraKind == .quote { flush() }
            para.append(trimmed)
        }
        flush()
        return (Self.withoutContents(blocks, contentsItems), links)
    }

    /// A table of contents is no text of the article: two or more list items in a row that are each only a link to a
    /// place on the page ("* [Step 2: Branch](#step-2-branch)") say again what the headings say. A list that a
    /// sentence introduces ("…sorted into three categories:") is the sentence's content, links or not.
    static func withoutContents(_ blocks: [Block], _ items: Set<Int>) -> [Block] {
        guard items.count >= 2 else { return blocks }
        var drop = Set<Int>()
        var i = 0
        while i < blocks.count {
            guard items.contains(i) else { i += 1; continue }
            var j = i
            while items.contains(j + 1) { j += 1 }
            let introduced = i > 0 && [.paragraph, .listItem].contains(blocks[i - 1].kind) && blocks[i - 1].text.hasSuffix(":")
            if j > i && !introduced { drop.formUnion(i ... j) }
            i = j + 1
        }
        return blocks.indices.filter { !drop.contains($0) }.map { blocks[$0] }
    }

    /// Whether a list item's Markdown is one link to an anchor on the page and nothing else: "[Title](#title)".
    static func isInPageLink(_ s: Substring) -> Bool {
        let t = s.trimmingPrefixAndSuffixSpaces
        guard t.first == "[", t.last == ")", let close = t.firstRange(of: "](#") else { return false }
        return !t[close.upperBound...].dropLast().contains { $0 == ")" || $0 == " " || $0 == "(" }
    }

    /// The fence a line opens: three or more "`" or "~"; or three or more ":" before "{" (MyST's colon fence
    /// around a directive, whose body is Markdown).
    static func fenceOpening(_ trimmed: Substring) -> Substring? {
        guard let c = trimmed.first, c == "`" || c == "~" || c == ":" else { return nil }
        let fence = trimmed.prefix(while: { $0 == c })
        guard fence.count >= 3 else { return nil }
        if c == ":" { return trimmed.dropFirst(fence.count).first == "{" ? fence : nil }
        return fence
    }

    /// Whether `line` closes `fence`: the same character, at least as many times, and nothing after (CommonMark;
    /// "```python" inside a "````" fence opens a listing, it closes nothing).
    static func closesFence(_ line: Substring, _ fence: Substring) -> Bool {
        let t = line.drop(while: { $0 == " " })
        let run = t.prefix(while: { $0 == fence.first })
        return run.count >= fence.count && t.dropFirst(run.count).allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }

    /// "(label)=" alone on a line: MyST's name for the heading after it.
    static func isMySTTarget(_ t: Substring) -> Bool {
        let t = t.reversed().drop(while: { $0 == " " || $0 == "\r" }).reversed()
        guard t.count > 3, t.first == "(", t.last == "=", t.dropLast().last == ")" else { return false }
        return !t.dropFirst().dropLast(2).contains(where: { $0 == " " || $0 == "(" || $0 == ")" })
    }

    /// What a MyST directive's fence holds, as its role (`Directive.Role`) makes it: Markdown text, a listing,
    /// a labelled tab, a version sentence, or nothing.
    private static func directiveBlocks(_ d: Directive, _ inner: [Substring], refs: [String: String], depth: Int) -> ([Block], [Link]) {
        let lines = Array(Directive.withoutOptions(inner))
        func code(_ language: String?) -> [Block] {
            let body = HTMLBlockBuilder.trimCode(Array(lines.joined(separator: "\n").utf8))
            return body.isEmpty ? [] : [Block(.code(language: language), body)]
        }
        func prose(_ lead: String?) -> ([Block], [Link]) {
            var (b, l) = body(lines, outerRefs: refs, depth: depth + 1)
            if let lead { b.insert(Block(.paragraph, lead), at: 0) }
            return (b, l)
        }
        let language = d.argument.split(separator: " ").first.map { $0.lowercased() }
        switch d.role {
        case .hidden: return ([], [])
        case .code: return (code(language), [])
        case .restructuredText: return RestructuredTextParser.body(lines)
        case .label: return prose(d.argument.isEmpty ? nil : Directive.labelSentence(d.argument))
        case .version: return prose(d.versionSentence)
        case .signature:
            var (b, l) = prose(nil)
            if !d.argument.isEmpty { b.insert(Block(.code(language: nil), d.argument), at: 0) }
            return (b, l)
        case .prose:
            if Directive.opensWithPrompt(lines) { return (code(nil), []) }
            var argumentLinks: [Link] = []
            let lead = Directive.admonitions.contains(d.name) ? inline(d.argument, links: &argumentLinks) : ""
            var (b, l) = prose(lead.isEmpty ? nil : lead)
            l += argumentLinks
            return (b, l)
        }
    }

    /// A quote's first line that opens with GitHub's alert marker ("[!NOTE]", also TIP, IMPORTANT, WARNING,
    /// CAUTION), with the marker read as a label ("Note: …"); nil for any other line.
    static func alert(_ line: Substring) -> Substring? {
        guard line.hasPrefix("[!"), let close = line.firstIndex(of: "]") else { return nil }
        let kind = line[line.index(line.startIndex, offsetBy: 2) ..< close]
        guard ["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"].contains(kind.uppercased()) else { return nil }
        let label = kind.prefix(1).uppercased() + kind.dropFirst().lowercased() + ":"
        let rest = line[line.index(after: close)...].drop(while: { $0 == " " })
        return Substring(rest.isEmpty ? label : label + " " + rest)
    }

    /// The line without one level of code indentation (a tab, or four spaces), when it has one and text after it.
    static func indentedCode(_ line: Substring) -> Substring? {
        let rest: Substring
        if line.hasPrefix("\t") { rest = line.dropFirst() }
        else if line.hasPrefix("    ") { rest = line.dropFirst(4) }
        else { return nil }
        return rest.contains(where: { $0 != " " && $0 != "\t" }) ? rest : nil
    }

    /// Link reference definitions (`[label]: url "title"`, up to three spaces in, outside fenced code, not inside
    /// a paragraph): the URL of each label (case and spacing folded, the first definition wins), and the lines
    /// that hold them, which are not text.
    static func references(_ lines: [Substring]) -> (refs: [String: String], lines: Set<Int>) {
        var refs: [String: String] = [:], at = Set<Int>()
        var fence: Substring? = nil
        for (k, line) in lines.enumerated() {
            let trimmed = line.drop(while: { $0 == " " })
            if let f = fence { if closesFence(trimmed, f) { fence = nil }; continue }
            if let f = fenceOpening(trimmed), f.first != ":" { fence = f; continue }
            // A definition does not interrupt a paragraph: it opens a block, or follows another one.
            let opensBlock = k == 0 || at.contains(k - 1) || lines[k - 1].allSatisfy { $0 == " " || $0 == "\t" }
            guard opensBlock, line.count - trimmed.count <= 3, trimmed.first == "[", let close = trimmed.firstIndex(of: "]"),
                  trimmed.index(after: close) < trimmed.endIndex, trimmed[trimmed.index(after: close)] == ":" else { continue }
            let label = referenceKey(trimmed[trimmed.index(after: trimmed.startIndex) ..< close])
            let rest = trimmed[trimmed.index(close, offsetBy: 2)...].drop(while: { $0 == " " || $0 == "\t" })
            guard !label.isEmpty, !label.hasPrefix("^"), let url = rest.split(separator: " ").first else { continue }
            let bare = url.hasPrefix("<") && url.hasSuffix(">") ? url.dropFirst().dropLast() : url
            if refs[label] == nil { refs[label] = String(bare) }
            at.insert(k)
        }
        return (refs, at)
    }

    /// The labels of footnote definitions (`[^label]: text`, up to three spaces in, outside fenced code), case-folded:
    /// a reference to one (`[^label]`) is a mark, no text; an unmatched `[^a-z]` (a character class) stays text.
    static func noteLabels(_ lines: [Substring]) -> Set<String> {
        var labels = Set<String>()
        var fence: Substring? = nil
        for line in lines where line.contains("[^") {
            let trimmed = line.drop(while: { $0 == " " })
            if let f = fence { if closesFence(trimmed, f) { fence = nil }; continue }
            if let f = fenceOpening(trimmed), f.first != ":" { fence = f; continue }
            if let label = noteDefinition(line) { labels.insert(label) }
        }
        return labels
    }

    /// The case-folded label of a line that defines a footnote ("[^label]: text", up to three spaces in); nil otherwise.
    static func noteDefinition(_ line: Substring) -> String? {
        let trimmed = line.drop(while: { $0 == " " })
        guard line.count - trimmed.count <= 3, let (label, _) = noteLabel(Array(trimmed.prefix(200)), at: 0),
              trimmed.dropFirst(label.count + 3).first == ":" else { return nil }
        return label.lowercased()
    }

    /// "[^label]" at `i`: the label and the index after the "]"; nil for anything else. A label has no spaces.
    static func noteLabel(_ c: [Character], at i: Int) -> (String, Int)? {
        guard i + 3 < c.count, c[i] == "[", c[i + 1] == "^" else { return nil }
        var k = i + 2
        while k < c.count, k < i + 100, c[k] != "]", !c[k].isWhitespace, c[k] != "[" { k += 1 }
        guard k < c.count, c[k] == "]", k > i + 2 else { return nil }
        return (String(c[(i + 2) ..< k]), k + 1)
    }

    /// A reference label as CommonMark matches it: case-folded, inner whitespace collapsed.
    static func referenceKey<S: StringProtocol>(_ label: S) -> String {
        label.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// Three or more "-", "*" or "_" alone on a line, spaces between allowed.
    static func isThematicBreak(_ s: Substring) -> Bool {
        let marks = s.filter { $0 != " " && $0 != "\t" && $0 != "\r" }
        guard marks.count >= 3, let c = marks.first, c == "-" || c == "*" || c == "_" else { return false }
        return marks.allSatisfy { $0 == c }
    }

    /// 1 for a line of "=", 2 for a line of two or more "-" (trailing spaces allowed); nil otherwise.
    static func setextLevel(_ s: Substring) -> Int? {
        let bare = s.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let c = bare.first, c == "=" || c == "-", bare.allSatisfy({ $0 == c }) else { return nil }
        return c == "=" ? 1 : bare.count >= 2 ? 2 : nil
    }

    /// The text of a list item line; a definition's item ("- : Video data…", MDN's definition lists under a term
    /// item) without its colon.
    private static func listItemContent(_ s: Substring) -> Substring? {
        if let f = s.first, f == "-" || f == "*" || f == "+", s.dropFirst().first == " " {
            let rest = s.dropFirst(2)
            return rest.hasPrefix(": ") ? rest.dropFirst(2) : rest
        }
        let digits = s.prefix(while: { $0.isASCII && $0.isNumber })
        if !digits.isEmpty, digits.count < 10 {
            let rest = s.dropFirst(digits.count)
            if let d = rest.first, d == "." || d == ")", rest.dropFirst().first == " " { return rest.dropFirst(2) }
        }
        return nil
    }

    /// Strips inline markup: `[text](url)` → text (link collected), `![alt](src)` → alt, emphasis, backticks and
    /// HTML tags outside code spans (`<br>` → a space, `<img alt>` → its alt text).
    /// `refs` resolves reference links: `[text][label]`, `[text][]` and `[label]` (`references`).
    /// `notes`: the document's footnote labels (`noteLabels`); a reference to one is left out, and a paragraph that
    /// defines one reads as the note's text.
    static func inline(_ s: String, links: inout [Link], refs: [String: String] = [:], notes: Set<String> = []) -> String {
        let c = Array(s)
        var out = ""
        var i = 0
        var inCode = false
        while i < c.count {
            let ch = c[i]
            if ch == "\\", !inCode, i + 1 < c.count, isEscapable(c[i + 1]) { out.append(c[i + 1]); i += 2; continue }
            if ch == "[", !inCode, !notes.isEmpty, let (label, end) = noteLabel(c, at: i), notes.contains(label.lowercased()) {
                i = end
                if out.allSatisfy(\.isWhitespace), i < c.count, c[i] == ":" { i += 1 }
                continue
            }
            if !inCode, ch == "[" || (ch == "!" && i + 1 < c.count && c[i + 1] == "[") {
                let open = ch == "!" ? i + 1 : i
                // Search windows are bounded so "[[[[…" cannot make this quadratic.
                if let close = closingBracket(c, open), close + 1 < c.count, c[close + 1] == "(",
                   let end = c[(close + 1) ..< min(c.count, close + 2000)].firstIndex(of: ")") {
                    // An image inside a link (a badge) reads as its alt text; other brackets inside are text.
                    let inner = String(c[(open + 1) ..< close])
                    let text = inline(ch != "!" && inner.hasPrefix("![") ? inner : inner.replacingBrackets, links: &links)
                    let url = String(c[(close + 2) ..< end]).split(separator: " ").first.map(String.init) ?? ""
                    if ch != "!", !url.isEmpty, !url.hasPrefix("#") { links.append(Link(text: text.isEmpty ? url : text, url: url)) }
                    out += ch == "!" && HTMLText.isPlaceholderAlt(text) ? "" : text
                    i = end + 1
                    continue
                }
                if !refs.isEmpty, let (text, url, end) = referenceLink(c, open: open, refs: refs, links: &links) {
                    if ch != "!", !url.hasPrefix("#") { links.append(Link(text: text.isEmpty ? url : text, url: url)) }
                    out += text
                    i = end
                    continue
                }
            }
            // A backtick with none after it opens no code span.
            if ch == "`" { if inCode || c[(i + 1)...].contains("`") { inCode.toggle() }; i += 1; continue }
            if ch == "{", !inCode, let (shown, end) = mystRole(c, at: i) { out += shown; i = end; continue }
            if ch == "{", !inCode, let end = templateTagEnd(c, at: i) {
                if c[i + 1] == "{" { out += macroText(String(c[(i + 2) ..< (end - 2)])) }
                i = end
                continue
            }
            if ch == "<", !inCode, let tag = MarkdownHTML.inlineTag(c, at: i) {
                out += tag.text
                i = tag.end
                continue
            }
            if ch == "*" || ch == "_" {
                let prevSpace = i == 0 || !(c[i - 1].isLetter || c[i - 1].isNumber)
                let nextSpace = i + 1 >= c.count || !(c[i + 1].isLetter || c[i + 1].isNumber)
                // `snake_case` and `2 * 3` keep their characters; emphasis delimiters go.
                if ch == "_" && !prevSpace && !nextSpace { out.append(ch); i += 1; continue }
                if ch == "*" && c.indices.contains(i - 1) && c.indices.contains(i + 1) && c[i - 1] == " " && c[i + 1] == " " {
                    out.append(ch); i += 1; continue
                }
                i += 1; continue
            }
            out.append(ch)
            i += 1
        }
        return TextClean.collapse(Entities.decode(out))
    }
}

extension MarkdownParser {
    /// MyST's role that opens at `i`, "{name}`content`" ("{ref}`pip freeze`", "{doc}`text <target>`"): what it
    /// shows (`Directive.roleText`) and the index after it; nil for any other "{".
    static func mystRole(_ c: [Character], at i: Int) -> (String, Int)? {
        var j = i + 1
        while j < c.count, j - i < 40, c[j] != "}" { j += 1 }
        guard j < c.count, c[j] == "}", j + 1 < c.count, c[j + 1] == "`", Directive.isName(Substring(String(c[(i + 1) ..< j]))) else { return nil }
        var m = j + 2
        while m < c.count, m - j < 500, c[m] != "`" { m += 1 }
        guard m < c.count, c[m] == "`", m > j + 2 else { return nil }
        return (Directive.roleText(Substring(String(c[(j + 2) ..< m]))), m + 1)
    }

    /// The index after a site generator's template tag that opens at `i` — Liquid's `{% … %}` (Jekyll), an
    /// output `{{ … }}` (Liquid, Go templates: `{{code "x.go"}}`), a Hugo shortcode `{{< … >}}` — closed within
    /// 400 characters; nil for any other "{". Outside code these are instructions to the site's build, no text
    /// (the Swift.org blog's release posts had read "{% for repository in repositories %}").
    static func templateTagEnd(_ c: [Character], at i: Int) -> Int? {
        guard i + 1 < c.count, c[i + 1] == "%" || c[i + 1] == "{" else { return nil }
        let close: Character = c[i + 1] == "%" ? "%" : "}"
        var j = i + 2
        while j + 1 < c.count, j - i < 400 {
            if c[j] == close && c[j + 1] == "}" { return j + 2 }
            if c[j] == "\n" { return nil }
            j += 1
        }
        return nil
    }

    /// What a macro call in `{{ … }}` shows, as MDN's KumaScript writes them: `HTTPHeader("Accept-Ranges")` shows
    /// its argument (`rfc(7617)` "RFC 7617"), `Glossary("Proxy server", "proxies")` its second (the text linked); a
    /// Go template function that outputs its one quoted argument (`raw "`1<<2`"`, as the Go blog writes what its
    /// Markdown would otherwise mangle) shows that argument as text; a call whose arguments are not all quoted
    /// strings or numbers, and anything else (`{{ page.title }}`, `{{HTTPSidebar}}`, `{{code "x.go"}}`), shows nothing.
    static func macroText(_ inner: String) -> String {
        let t = inner.trimmingPrefixAndSuffixSpaces
        if let shown = goOutput(t) { return shown }
        guard let open = t.firstIndex(of: "("), t.hasSuffix(")"), open > t.startIndex,
              t[..<open].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return "" }
        var args: [String] = []
        var rest = t[t.index(after: open) ..< t.index(before: t.endIndex)].drop(while: { $0 == " " })
        while let q = rest.first {
            if q == "\"" || q == "'" {
                guard let close = rest.dropFirst().firstIndex(of: q) else { return "" }
                args.append(String(rest[rest.index(after: rest.startIndex) ..< close]))
                rest = rest[rest.index(after: close)...]
            } else {
                let token = rest.prefix(while: { $0 != "," && $0 != " " })
                guard !token.isEmpty, token.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) || token == "true" || token == "false" else { return "" }
                args.append(token.first!.isNumber ? String(token) : "")
                rest = rest.dropFirst(token.count)
            }
            rest = rest.drop(while: { $0 == " " })
            if rest.first == "," { rest = rest.dropFirst().drop(while: { $0 == " " }) } else if !rest.isEmpty { return "" }
        }
        // `rfc(7617)` names the document: "RFC 7617", as the macro renders it.
        if t[..<open].lowercased() == "rfc", let number = args.first, number.first?.isNumber == true { return "RFC " + number }
        let shown = args.count > 1 && !args[1].isEmpty ? args[1] : args.first ?? ""
        return shown.count <= 100 ? shown : ""
    }

    /// Go template functions (text/template, Hugo) that output their one argument as the page's text or Markdown.
    static let goOutputFunctions: Set<Substring> = ["raw", "print", "html", "safeHTML", "markdownify", "plainify", "htmlUnescape"]

    /// The text of `raw "…"` and its kin: the quoted argument (Go's `\"` unescaped), a code span's backticks
    /// dropped as Markdown would render them; nil for any other tag.
    static func goOutput(_ tag: String) -> String? {
        // `{{- raw "x" -}}`: Go's trim markers stand inside the braces.
        var t = Substring(tag)
        if t.hasPrefix("- ") { t = t.dropFirst(2) }
        if t.hasSuffix(" -") { t = t.dropLast(2) }
        guard let space = t.firstIndex(of: " "), goOutputFunctions.contains(t[..<space]) else { return nil }
        let arg = t[t.index(after: space)...].drop(while: { $0 == " " })
        guard arg.count >= 2, let q = arg.first, q == "\"" || q == "`", arg.last == q else { return nil }
        var body = String(arg.dropFirst().dropLast())
        if q == "\"" {
            guard !body.replacing("\\\"", with: "").contains("\"") else { return nil }   // two arguments
            body = body.replacing("\\\"", with: "\"")
        }
        if body.count >= 2, body.first == "`", body.last == "`" { body = String(body.dropFirst().dropLast()) }
        return body.count <= 200 ? body.trimmingPrefixAndSuffixSpaces : ""
    }

    /// The lines without Liquid comment blocks (`{% comment %}` … `{% endcomment %}`), which a site never shows,
    /// outside fenced code.
    static func withoutTemplateComments(_ lines: [Substring]) -> [Substring] {
        guard lines.contains(where: { $0.contains("{% comment %}") || $0.contains("{%- comment") }) else { return lines }
        var out: [Substring] = [], inComment = false, fence: Substring?
        for line in lines {
            let trimmed = line.drop(while: { $0 == " " })
            if !inComment {
                if let f = fence { if closesFence(trimmed, f) { fence = nil } }
                else if let f = fenceOpening(trimmed), f.first != ":" { fence = f }
            }
            if fence != nil { out.append(line); continue }
            var rest = line[...], kept = ""
            while !rest.isEmpty {
                if inComment {
                    guard let r = rest.firstRange(of: "endcomment") else { rest = ""; break }
                    let after = rest[r.upperBound...]
                    guard let close = after.firstRange(of: "%}") else { rest = ""; break }
                    rest = after[close.upperBound...]; inComment = false
                } else if let r = rest.firstRange(of: "{% comment %}") ?? rest.firstRange(of: "{%- comment -%}") {
                    kept += rest[..<r.lowerBound]; rest = rest[r.upperBound...]; inComment = true
                } else { kept += rest; rest = "" }
            }
            if !inComment || !kept.isEmpty { out.append(Substring(kept)) }
        }
        return out
    }

    /// The "]" that closes the "[" at `open`, brackets nested inside counted ("[![Build status](badge.svg)](ci)"
    /// is one link around an image) and those in a code span or escaped ignored ("[`from(a[, b])`][ref]"); searched
    /// within 500 characters so "[[[[…" cannot make parsing quadratic.
    static func closingBracket(_ c: [Character], _ open: Int) -> Int? {
        var depth = 0, inCode = false, i = open
        while i < min(c.count, open + 500) {
            if c[i] == "`" { inCode.toggle() }
            else if inCode {}
            else if c[i] == "\\" { i += 1 }
            else if c[i] == "[" { depth += 1 } else if c[i] == "]" { depth -= 1; if depth == 0 { return i } }
            i += 1
        }
        return nil
    }

    /// CommonMark's backslash escapes: "\\" before ASCII punctuation stands for that character ("string\\[]" is
    /// "string[]"); before anything else, and in a code span, it is a backslash.
    static func isEscapable(_ ch: Character) -> Bool {
        guard let a = ch.asciiValue else { return false }
        return (33...47).contains(a) || (58...64).contains(a) || (91...96).contains(a) || (123...126).contains(a)
    }

    /// `[text][label]`, `[text][]` or `[label]` at `open` when its label is defined: the link's text, its URL and
    /// where it ends. A bracket pair with no definition is text, as CommonMark has it ("[sic]", "[1]").
    static func referenceLink(_ c: [Character], open: Int, refs: [String: String], links: inout [Link]) -> (String, String, Int)? {
        guard let close = closingBracket(c, open) else { return nil }
        let inner = String(c[(open + 1) ..< close])
        var label = inner, end = close + 1
        if close + 1 < c.count, c[close + 1] == "[", let second = c[(close + 1) ..< min(c.count, close + 500)].firstIndex(of: "]") {
            let named = String(c[(close + 2) ..< second])
            label = named.isEmpty ? inner : named
            end = second + 1
        }
        guard let url = refs[referenceKey(label)] else { return nil }
        return (inline(inner.replacingBrackets, links: &links), url, end)
    }
}

extension String {
    /// The string without the characters of `set` at either end (no Foundation).
    public func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }

    func trimmingCharacters(_ ch: Character) -> String {
        var s = Substring(self)
        while s.last == ch || s.last == " " { s.removeLast() }
        return String(s)
    }
    /// Nested brackets inside link text are not links; flatten them so inline() cannot recurse deeply. Those in a
    /// code span are its text ("[`from(a[, b])`][ref]") and stay.
    var replacingBrackets: String {
        var inCode = false
        return String(map { ch in
            if ch == "`" { inCode.toggle() }
            return !inCode && (ch == "[" || ch == "]") ? " " : ch
        })
    }
}
