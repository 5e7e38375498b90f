/// Turns a stream of markup tokens into article blocks and links.
///
/// Keeps only a bounded stack of block-level elements (inline elements need no state), so arbitrarily
/// deep nesting costs constant memory per token and no recursion; beyond `maxDepth` nesting is flattened.
struct HTMLBlockBuilder {
    static let maxDepth = 512
    static let blockElements: Set<String> = [
        "p", "div", "section", "article", "main", "header", "footer", "li", "dt", "dd", "h1", "h2", "h3", "h4",
        "h5", "h6", "blockquote", "tr", "table", "thead", "tbody", "tfoot", "ul", "ol", "dl", "figure",
        "figcaption", "hr", "address", "details", "summary", "center", "body", "html", "caption", "aside",
    ]
    static let skipped: Set<String> = [
        "script", "style", "noscript", "iframe", "svg", "template", "textarea", "nav", "button", "select",
        "video", "audio", "canvas", "head", "form",
    ]
    static let headContent: Set<String> = ["title", "meta", "link", "style", "script", "base", "noscript", "template", "head"]
    static let navigationClasses: Set<String> = ["nav", "navbar", "navheader", "navfooter", "navigation", "breadcrumb", "breadcrumbs",
                                                 // Publican's DocBook ("Prev | Up | Home | Next"), and page-to-page links.
                                                 "docnav", "pager", "pagination", "nav-links", "navlinks", "prev-next"]
    /// A site's menus and slogan over every page, and what its own search leaves out (SQLite's and Fossil's pages:
    /// logo, tagline, menus, table of contents): navigation when they mark a container. Inline, "menu" names a
    /// menu of the program a manual is about (Asciidoctor's `<b class="menu">File</b>`), which is text.
    static let chromeClasses: Set<String> = ["menu", "mainmenu", "submenu", "menubar", "tagline", "nosearch"]
    static let containers: Set<String> = ["div", "ul", "ol", "table", "section", "header", "footer", "aside"]
    /// A page's footer, as an id or class of a container says it (Asciidoctor's `<div id="footer">` with "Last updated
    /// 2024-05-31 00:35:55 UTC" under every page of git's manual, Sphinx's `<div class="footer">`, "site-footer"), or the
    /// `<footer>` element itself outside a quotation or figure (where it holds the quote's source): chrome, which had
    /// run into the last paragraph of every page.
    static let footerNames: Set<String> = ["footer", "footer-text", "site-footer", "page-footer", "footer-wrapper", "global-footer"]
    /// In-page links whose whole text is a mark: a permalink to the element itself, or a footnote's link back to
    /// where it is cited ("↩", with or without its text-style selector, as mdBook, pandoc and Python-Markdown write it).
    static let permalinkMarks: Set<String> = ["¶", "§", "#", "🔗", "⚓", "↩", "↩\u{FE0E}", "↩\u{FE0F}", "↑", "⤴"]
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]

    private(set) var blocks: [Block] = []
    private(set) var links: [Link] = []
    private(set) var warnings: [String] = []
    /// When set, only content inside one of these elements is kept (an HTML page's `<article>`).
    var scope: Set<String> = []
    /// An element with this ARIA role is a scope too (`<div role="main">`, a page with no `<main>`).
    var scopeRole: String?
    private var roleScopeName: String?
    private var scopeDepth = 0
    /// Text here is kept: no scope was asked for, or one of its elements is open.
    private var inScope: Bool { (scope.isEmpty && scopeRole == nil) || scopeDepth > 0 }

    private var buf: [UInt8] = []
    private var stack: [(name: String, kind: Block.Kind)] = []
    private var skipName: String?
    private var skipDepth = 0
    private var preDepth = 0
    private var preLanguage: String?
    private var code: [UInt8] = []
    private var languageHint: String?
    private var openLink: (url: String, start: Int)?
    private var rowCells = 0
    /// Table cells open, and whether the table has a header cell: inside a cell of a table with headers (data, as Sphinx
    /// writes it: `<td><p>…</p></td>`), a paragraph or a line break is a space in the row (`cellText`). A table without
    /// headers lays a page out (DocBook's questions and answers, Valgrind's FAQ): its paragraphs stay blocks.
    private var cellDepth = 0
    private var headedTable = false
    private var inDataCell: Bool { cellDepth > 0 && headedTable }
    static let cellText: Set<String> = ["p", "div"]
    private var flattened = false
    /// The block just written from a `<dt>`, until anything else is written: its `<dd>` joins it.
    private var termBlock: Int?
    /// In a note's or warning's title (`class="admonition-title"`), and that title, waiting for the note's text.
    private var inAdmonitionTitle = false
    private var admonitionLead: String?
    /// The last block that was a paragraph of one `<code>` element, while it is the last block.
    private var snippetBlock: Int?
    /// Bytes of the current block's text inside links to a part of a page (`#anchor`, `faq.html#faq.reports`).
    private var anchorBytes = 0
    /// The current block's `<code>` element while it may be the block's whole text
    /// (`<p><code>let q = DispatchQueue(…)</code></p>`).
    private var codeSpan = CodeSpan.none
    /// The block a `<br>` ended, until another block is written; `breaking` while a `<br>` ends one.
    private var brokenLine: Int?
    /// The stack depth of an open element that holds the page's footnotes (`isNotes`): its items are notes, not a list.
    private var notesAt: Int?
    private var breaking = false
    private enum CodeSpan { case none, open(start: Int), closed(start: Int, end: Int), mixed }

    mutating func feed(_ token: MarkupToken, _ p: UnsafeBufferPointer<UInt8>) {
        switch token {
        case .start(let name, let attrs, let selfClosing, _, _): start(name, attrs, selfClosing)
        case .end(let name, _, _): end(name)
        case .text(let r):
            guard skipName == nil, inScope else { return }
            if preDepth > 0 { Entities.decode(p, r, into: &code) } else { Entities.decode(p, r, into: &buf) }
        case .cdata(let r):
            guard skipName == nil, inScope else { return }
            if preDepth > 0 { code.append(contentsOf: p[r]) } else { buf.append(contentsOf: p[r]) }
        }
    }

    mutating func finish() {
        if preDepth > 0 { preDepth = 1; end("pre") }
        closeLink()
        flush()
    }

    private mutating func start(_ name: String, _ attrs: [(name: String, value: String)], _ selfClosing: Bool) {
        let isVoid = selfClosing || Self.voidElements.contains(name)
        if let s = skipName {
            // `</head>` may be left out: `<body>`, or anything that is no part of a head, ends it.
            if s == "head", !Self.headContent.contains(name) { skipName = nil; skipDepth = 0 } else {
                if name == s && !isVoid { skipDepth += 1 }
                return
            }
        }
        if !isVoid { enterScope(name, attrs) }
        guard inScope else { return }
        if !isVoid && (Self.skipped.contains(name) || hidden(attrs, element: name)) { skipName = name; skipDepth = 1; return }
        if preDepth > 0 {
            if name == "pre" && !isVoid { preDepth += 1 }
            if name == "br" { code.append(0x0A) }
            if name == "code", preLanguage == nil { preLanguage = Self.language(attrs) }
            // Two `<code>` listings in one `<pre>` (a page's ES module and CommonJS variants) are two listings.
            if name == "code", let last = code.last, last != 0x0A { code.append(0x0A) }
            return
        }
        if let lang = Self.language(attrs) { languageHint = lang }
        if name == "code" {
            if case .none = codeSpan, buf.allSatisfy(Self.isSpace) { codeSpan = .open(start: buf.count) } else { codeSpan = .mixed }
        }
        switch name {
        case "pre":
            flush()
            preDepth = isVoid ? 0 : 1
            preLanguage = Self.language(attrs) ?? languageHint
            languageHint = nil
            code = []
        case "br" where inDataCell: buf.append(0x20)
        case "br": breaking = true; flush(); breaking = false
        case "hr": flush()
        case "img":
            if let alt = attrs.first(where: { $0.name == "alt" })?.value, !alt.isEmpty, !HTMLText.isPlaceholderAlt(alt) {
                buf.append(0x20); buf.append(contentsOf: alt.utf8); buf.append(0x20)
            }
        case "a":
            closeLink()
            if let href = attrs.first(where: { $0.name == "href" })?.value { openLink = (href, buf.count) }
        case "td", "th":
            // Between cells of one row's text; not where a cell's paragraphs were written as blocks of their own.
            if rowCells > 0, !buf.allSatisfy(Self.isSpace) { buf.append(contentsOf: " | ".utf8) }
            rowCells += 1
            if !isVoid { cellDepth += 1 }
            if name == "th" { headedTable = true }
        default:
            guard Self.blockElements.contains(name) else { return }
            // A cell's paragraphs (Sphinx writes each cell as `<td><p>…</p></td>`) are text of its row.
            if inDataCell, Self.cellText.contains(name) { buf.append(0x20); return }
            flush()
            if name == "tr" || name == "table" { rowCells = 0; cellDepth = 0 }
            if name == "table" { headedTable = false }
            inAdmonitionTitle = Self.isAdmonitionTitle(attrs)
            guard !isVoid else { return }
            guard stack.count < Self.maxDepth else {
                if !flattened { warnings.append("markup nested deeper than \(Self.maxDepth) levels was flattened"); flattened = true }
                return
            }
            if notesAt == nil, Self.isNotes(attrs) { notesAt = stack.count }
            // A footnote is a paragraph of its own: as an item it would read as one more item of the list above it.
            let kind = notesAt != nil && name == "li" ? .paragraph : Self.kind(of: name) ?? stack.last?.kind ?? .paragraph
            stack.append((name, kind))
        }
    }

    /// A note's or warning's title, as Sphinx and Python-Markdown write it (`<p class="admonition-title">Note</p>`): it
    /// leads the note's text ("Note: This method is a rough heuristic…"), where alone it read as a sentence, "Note.".
    static func isAdmonitionTitle(_ attrs: [(name: String, value: String)]) -> Bool {
        attrs.contains { $0.name == "class" && $0.value.split(separator: " ").contains("admonition-title") }
    }

    /// The element holding a page's footnotes: `class="footnote-definition"` (mdBook), `"footnotes"` (pandoc,
    /// markdown-it), `"footnote"` (Python-Markdown), or the ARIA roles for end notes.
    static func isNotes(_ attrs: [(name: String, value: String)]) -> Bool {
        attrs.contains { a in
            switch a.name {
            case "class": return a.value.lowercased().split(separator: " ").contains { $0.hasPrefix("footnote") || $0 == "endnotes" }
            case "role": return ["doc-endnotes", "doc-footnote"].contains(a.value.lowercased())
            default: return false
            }
        }
    }

    private mutating func end(_ name: String) {
        if let s = skipName {
            if name == s { skipDepth -= 1; if skipDepth == 0 { skipName = nil } }
            return
        }
        defer { leaveScope(name) }
        guard inScope else { return }
        if preDepth > 0 {
            guard name == "pre" else { return }
            preDepth -= 1
            guard preDepth == 0 else { return }
            let text = Self.trimCode(code)
            if !text.isEmpty {
                // A file's name set as code over its listing ("<p><code>MySingletonObject.swift file</code></p>", as
                // dev.to writes a listing's caption) names the listing: it is no listing of its own.
                if let s = snippetBlock, s == blocks.count - 1, Self.isFileLabel(blocks[s].text) { blocks.removeLast() }
                snippetBlock = nil
                // A definition list's term over a listing (a manual's EXAMPLES: "Undo a commit, making it a topic
                // branch" over its commands) introduces that listing, as "…:" would; alone it is an item that says nothing.
                if let t = termBlock, t == blocks.count - 1, stack.contains(where: { $0.name == "dd" }),
                   let intro = Self.introducing(blocks[t].text) {
                    blocks[t] = Block(.listItem, intro)
                }
                termBlock = nil
                if let lead = admonitionLead { blocks.append(Block(.paragraph, lead + ":")); admonitionLead = nil }
                blocks.append(Block(.code(language: preLanguage), text))
            }
            code = []
            return
        }
        if name == "a" { closeLink(); return }
        if name == "code", case .open(let start) = codeSpan { codeSpan = .closed(start: start, end: buf.count) }
        if name == "td" || name == "th" { cellDepth = max(0, cellDepth - 1) }
        guard Self.blockElements.contains(name) else { return }
        if inDataCell, Self.cellText.contains(name) { buf.append(0x20); return }
        flush()
        if name == "tr" || name == "table" { cellDepth = 0 }
        if let i = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(i...) }
        if let n = notesAt, stack.count <= n { notesAt = nil }
    }

    /// Counts the scope elements open around the current token: each `scope` element, and the element
    /// with `scopeRole` with the elements of its name nested in it.
    private mutating func enterScope(_ name: String, _ attrs: [(name: String, value: String)]) {
        if scope.contains(name) || name == roleScopeName {
            scopeDepth += 1
        } else if scopeDepth == 0, let role = scopeRole, attrs.contains(where: { $0.name == "role" && $0.value.lowercased() == role }) {
            roleScopeName = name; scopeDepth = 1
        }
    }

    private mutating func leaveScope(_ name: String) {
        guard scopeDepth > 0, scope.contains(name) || name == roleScopeName else { return }
        scopeDepth -= 1
        if scopeDepth == 0 { roleScopeName = nil }
    }

    private mutating func closeLink() {
        guard let link = openLink else { return }
        openLink = nil
        let url = TextClean.collapse(link.url)
        let text = TextClean.collapse(bytes: buf[min(link.start, buf.count)...])
        // A permalink to the element itself ("¶" after a heading or a definition, as Sphinx and texinfo write
        // them) is not text: it would end the heading or sentence with a stray mark.
        if url.hasPrefix("#") && Self.permalinkMarks.contains(text) { buf.removeSubrange(min(link.start, buf.count)...); return }
        if Self.pointsIntoAPage(url) { anchorBytes += text.utf8.count }
        guard !url.isEmpty, !url.hasPrefix("#"), !url.lowercased().hasPrefix("javascript:") else { return }
        links.append(Link(text: text.isEmpty ? url : text, url: url))
    }

    private mutating func flush() {
        if let link = openLink { openLink = (link.url, 0) }   // a link spanning blocks keeps its later text
        let span = codeSpan
        codeSpan = .none
        guard !buf.isEmpty else { return }
        // A paragraph that is one `<code>` element and nothing else is a listing (a blog's one-line snippet).
        if case .closed(let start, let end) = span, stack.last?.kind ?? .paragraph == .paragraph, buf[end...].allSatisfy(Self.isSpace) {
            let code = Self.trimCode(Array(buf[start..<end]))
            buf.removeAll(keepingCapacity: true); anchorBytes = 0; termBlock = nil
            if !code.isEmpty { blocks.append(Block(.code(language: languageHint), code)); snippetBlock = blocks.count - 1 }
            languageHint = nil
            return
        }
        var text = TextClean.collapse(bytes: buf[...])
        buf.removeAll(keepingCapacity: true)
        let anchors = anchorBytes
        anchorBytes = 0
        let kind = stack.last?.kind ?? .paragraph
        guard !text.isEmpty else { return }
        // An item that is all a link to a part of the page ("4.1. My program uses the C++ STL…" in a FAQ's list of
        // questions, a manual's table of contents) repeats a heading or a question: navigation, not text.
        if kind == .listItem, anchors > 0, anchors * 10 >= SectionNumber.dropped(from: text[...]).utf8.count * 8 { termBlock = nil; return }
        let term = termBlock
        termBlock = nil
        if inAdmonitionTitle, text.split(separator: " ").count <= 4 {
            inAdmonitionTitle = false
            admonitionLead = text.hasSuffix(":") ? String(text.dropLast()) : text
            return
        }
        inAdmonitionTitle = false
        if let lead = admonitionLead {
            admonitionLead = nil
            if kind == .paragraph || kind == .listItem { text = lead + ": " + text }
        }
        if case .heading = kind { let h = Self.withoutToolLinks(text); if !h.isEmpty { blocks.append(Block(kind, h)) }; return }
        let item = stack.last { $0.name == "dt" || $0.name == "dd" }?.name
        // A definition list's term and the first text of its definition read as one item ("--debug: Output
        // each step…"), not as a bare term followed by a description that does not say what it describes.
        if item == "dd", let t = term, t == blocks.count - 1, let joined = Self.definition(blocks[t].text, text) {
            blocks[t] = Block(.listItem, joined)
            return
        }
        let afterBreak = brokenLine != nil && brokenLine == blocks.count - 1
        brokenLine = nil
        defer { if breaking { brokenLine = blocks.count - 1 } }
        if kind == .paragraph || kind == .listItem, afterBreak || breaking {
            if kind == .paragraph, let item = Self.bulleted(text) { blocks.append(Block(.listItem, item)); return }
            if afterBreak, let last = blocks.last, last.kind == kind || (kind == .paragraph && last.kind == .listItem),
               Self.goesOn(last.text, with: text) {
                blocks[blocks.count - 1] = Block(last.kind, last.text + " " + text)
                return
            }
        }
        blocks.append(Block(kind, text))
        if item == "dt" { termBlock = blocks.count - 1 }
    }

    /// A line of text set with `<br>` (DocBook's literallayout, a NEWS file or a mail in HTML) that opens with a
    /// bullet is a list item: "* Fix Rust v0 name demangling." has the text after its "* ".
    static func bulleted(_ text: String) -> String? {
        for marker in ["* ", "- ", "• "] where text.hasPrefix(marker) {
            // "* ====== CORE CHANGES ======" is a banner, not an item.
            let rest = text.dropFirst(marker.count).drop(while: { $0 == " " })
            return rest.filter(\.isLetter).count * 2 > rest.filter({ $0 != " " }).count ? String(rest) : nil
        }
        return nil
    }

    /// Whether a `<br>` broke `line` mid-sentence, `next` going on with it: the line ends in a comma ("…support
    /// for X86/macOS 10.13," then "AMD64/macOS 10.13 and nanoMIPS/Linux."), or with no stop before a lowercase
    /// word ("…actual CPU features" then "present. Fixes…"). Entries of a list, one to a line, open with their
    /// number or label ("267383 Assertion … failed", "n-i-bz Fix…") and stay apart, and so does a rule of "~~~".
    static func goesOn(_ line: String, with next: String) -> Bool {
        guard let end = line.last, !".!?:;。！？".contains(end), line.contains(where: \.isLetter) else { return false }
        if end == "," { return next.contains(where: \.isLetter) }
        var word = next.prefix { $0 != " " }
        while let l = word.last, ".,;:!?".contains(l) { word = word.dropLast() }
        return word.first?.isLowercase == true && word.allSatisfy(\.isLetter)
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }

    /// "term: definition"; " — " when the term has a colon of its own ("Function: f (int x)"), a space when it
    /// ends a sentence or in a colon ("Is it free? Yes.", "Note: Read this."); nil when the term is too long to be one.
    static func definition(_ term: String, _ text: String) -> String? {
        guard term.split(separator: " ").count <= 30, let end = term.last else { return nil }
        if ".?!:".contains(end) { return term + " " + text }
        return term + (term.contains(":") ? " — " : ": ") + text
    }

    /// A file's name, alone or followed by "file" ("Package.swift", "MySingletonObject.swift file"): a listing's caption.
    static func isFileLabel(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        guard let name = words.first, words.count == 1 || (words.count == 2 && words[1].lowercased() == "file"),
              let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        let ext = name[name.index(after: dot)...]
        return (1...5).contains(ext.count) && ext.allSatisfy(\.isLetter) && name[..<dot].allSatisfy { $0.isLetter || $0.isNumber || "_-".contains($0) }
    }

    /// A definition list's term as the sentence that introduces the listing under it: with a colon when it ends in a
    /// word or a closing bracket; nil when it ends as a sentence does ("Why?", "Done.") or is too long for a label.
    static func introducing(_ term: String) -> String? {
        guard let end = term.last, term.split(separator: " ").count <= 20 else { return nil }
        if end == ":" { return term }
        return end.isLetter || end.isNumber || end == ")" || end == "]" ? term + ":" : nil
    }

    /// A link to a part of a page: "#anchor", or "page.html#anchor" on the same site (no "/" or scheme before the "#").
    static func pointsIntoAPage(_ url: String) -> Bool {
        guard let hash = url.firstIndex(of: "#"), url.index(after: hash) < url.endIndex else { return false }
        let page = url[..<hash]
        return page.isEmpty || (!page.contains("/") && !page.contains(":"))
    }

    /// A heading without the tool links a site puts at its end: "Stream[src]" (Node.js), "History [edit]"
    /// (MediaWiki), "Parser [source]".
    static func withoutToolLinks(_ heading: String) -> String {
        guard heading.hasSuffix("]"), let open = heading.lastIndex(of: "[") else { return heading }
        let inner = heading[heading.index(after: open)..<heading.index(before: heading.endIndex)].lowercased()
        let words = inner.split(whereSeparator: { $0 == " " || $0 == "|" })
        guard !words.isEmpty, words.allSatisfy({ ["edit", "src", "source", "view"].contains($0) }) else { return heading }
        return TextClean.collapse(String(heading[..<open]))
    }

    private func hidden(_ attrs: [(name: String, value: String)], element: String) -> Bool {
        if element == "footer", !Self.isNotes(attrs), !stack.contains(where: { $0.name == "blockquote" || $0.name == "figure" }) { return true }
        for a in attrs {
            if a.name == "hidden" || (a.name == "aria-hidden" && a.value == "true") { return true }
            // Navigation marked for assistive technology (Sphinx's "next | previous" bar, many site menus).
            if a.name == "role" && a.value.lowercased() == "navigation" { return true }
            // DocBook's "Prev | Up | Next" bars (`class="navheader"`, `class="nav"` with `summary="Navigation header"`),
            // site menus and breadcrumbs marked by their class.
            if a.name == "class" {
                let classes = a.value.lowercased().split(separator: " ").map(String.init)
                if classes.contains(where: Self.navigationClasses.contains) { return true }
                if Self.containers.contains(element), classes.contains(where: Self.chromeClasses.contains) { return true }
                if Self.containers.contains(element), classes.contains(where: Self.footerNames.contains) { return true }
            }
            if a.name == "id", Self.containers.contains(element), Self.footerNames.contains(a.value.lowercased()) { return true }
            if a.name == "summary" && a.value.lowercased().hasPrefix("navigation") { return true }
            if a.name == "style" && a.value.filter({ $0 != " " }).contains("display:none") { return true }
        }
        return false
    }

    static func kind(of name: String) -> Block.Kind? {
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6": return .heading(level: Int(name.utf8.last! - 0x30))
        case "li", "dt", "dd": return .listItem
        case "blockquote": return .quote
        default: return nil
        }
    }

    /// `language-swift`, `lang-swift`, `highlight-source-swift`, `highlight swift`, `data-lang="swift"`.
    static func language(_ attrs: [(name: String, value: String)]) -> String? {
        for a in attrs where a.name == "data-lang" || a.name == "data-language" {
            return normalizedLanguage(a.value)
        }
        guard let cls = attrs.first(where: { $0.name == "class" })?.value else { return nil }
        let words = cls.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        for w in words {
            for prefix in ["language-", "lang-", "highlight-source-", "brush:"] where w.hasPrefix(prefix) {
                return normalizedLanguage(String(w.dropFirst(prefix.count)))
            }
        }
        if words.count == 2, words[0] == "highlight" { return normalizedLanguage(words[1]) }
        return nil
    }

    private static func normalizedLanguage(_ s: String) -> String? {
        let l = TextClean.collapse(s).lowercased()
        return l.isEmpty || l == "plaintext" || l == "text" || l == "none" || l == "plain" || l.count > 30 ? nil : l
    }

    /// Code keeps its inner whitespace; only blank lines around it and trailing spaces go.
    static func trimCode(_ bytes: [UInt8]) -> String {
        let text = TextClean.stripControls(String(decoding: bytes, as: UTF8.self))
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            var l = Substring($0); while l.last == " " || l.last == "\t" { l.removeLast() }; return l
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
