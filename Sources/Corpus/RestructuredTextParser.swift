/// reStructuredText, the markup of Sphinx documentation and Python's READMEs: section titles under (and over)
/// lines of punctuation, directives (`Directive`), literal blocks after "::", lists, field lists and definition
/// lists, with inline markup read as text (`RestructuredTextInline`). One article per file.
enum RestructuredTextParser {
    static func parse(_ text: String, source: String) throws(CorpusError) -> ParsedFile {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        // A header of "Field: value" lines, as Python's PEPs open ("PEP: 572", "Title: …", "Author: …").
        let header = HeaderFields.take(&lines)
        var reader = RestructuredTextReader(lines)
        reader.read(0 ..< reader.lines.count)
        // A page left behind when its text moved (".. meta:: :http-equiv=refresh: 0; url=…") is no article.
        if let target = reader.redirect { throw .unparseable("no body text (a redirect to \(Titles.cut(target, limit: 100)))") }
        let blocks = (header?.items ?? []) + reader.blocks
        guard reader.blocks.contains(where: { !$0.text.isEmpty }) else { throw .unparseable("no body text") }
        let title = header?.title ?? reader.fields["title"] ?? Titles.fromBlocks(blocks.filter { if case .heading = $0.kind { return true }; return false }, limit: 200)
            ?? PlainTextParser.fileTitle(source)
        let authors = header?.authors ?? reader.fields["authors"] ?? reader.fields["author"]
        let article = Article(id: "\(source):1", title: Titles.cut(title, limit: 200), author: authors,
                              date: header?.date ?? reader.fields["date"].flatMap(DateText.iso8601), source: source, line: 1,
                              blocks: blocks, links: reader.links)
        return ParsedFile(format: .restructuredText, articles: [article], warnings: [])
    }

    /// The blocks and links of reStructuredText lines (MyST's "eval-rst" directive holds them).
    static func body(_ lines: [Substring]) -> ([Block], [Link]) {
        var reader = RestructuredTextReader(lines)
        reader.read(0 ..< reader.lines.count)
        return (reader.blocks, reader.links)
    }

    /// Whether `p` reads as reStructuredText: its first line is explicit markup (".. include::", ".. _label:") or
    /// a setting (":orphan:"); or two signs of it in all: explicit markup lines, titles over- and underlined,
    /// roles (":ref:`…`") and references ("`text <url>`_"). Called only on text that shows no sign of Markdown.
    static func looks(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        var signals = 0, first = true
        var i = 0, previous: (start: Int, end: Int)? = nil, before: (start: Int, end: Int)? = nil
        while i < p.count, signals < 2 {
            var e = i
            while e < p.count, p[e] != 0x0A { e += 1 }
            let markup = e - i >= 4 && p[i] == 0x2E && p[i + 1] == 0x2E && p[i + 2] == 0x20 && isMarkupLine(p, i + 3, e)
            if first, e > i, p[i] > 0x20 {
                if markup || isSetting(p, i, e) { return true }
                first = false
            }
            if markup { signals += 1 }
            if let a = before, let b = previous, isAdornment(p, a.start, a.end), !isAdornment(p, b.start, b.end),
               isAdornment(p, i, e), p[a.start] == p[i], b.end > b.start { signals += 1 }
            if hasRoleOrReference(p, i, e) || introducesLiteral(p, i, e) { signals += 1 }
            before = previous; previous = (i, e)
            i = e + 1
        }
        return signals >= 2
    }

    /// ":name:" alone or before a value: a setting (":orphan:") or a bibliographic field (":Author: Ada").
    private static func isSetting(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Bool {
        guard e - s >= 3, p[s] == 0x3A else { return false }
        var k = s + 1
        while k < e, isNameByte(p[k]) || p[k] == UInt8(ascii: "-") { k += 1 }
        guard k > s + 1, k < e, p[k] == 0x3A else { return false }
        return k + 1 == e || p[k + 1] <= 0x20
    }

    /// A line of prose that ends in "::" after a letter or a space: a literal block follows.
    private static func introducesLiteral(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Bool {
        var end = e
        while end > s, p[end - 1] == 0x20 || p[end - 1] == 0x0D { end -= 1 }
        guard end - s >= 4, p[end - 1] == 0x3A, p[end - 2] == 0x3A else { return false }
        let before = p[end - 3]
        return before == 0x20 || (before | 0x20 >= 0x61 && before | 0x20 <= 0x7A)
    }

    /// A role (":ref:`", a letter before ":`") or the end of a reference ("`_") on the line.
    private static func hasRoleOrReference(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Bool {
        var k = s + 1
        while k + 1 < e {
            if p[k + 1] == 0x60, p[k] == 0x3A, isNameByte(p[k - 1]) { return true }
            if p[k] == 0x60, p[k + 1] == 0x5F { return true }
            k += 1
        }
        return false
    }

    /// After ".. ": a directive ("name::"), a target ("_label:") or a footnote ("[1] …", "[#note] …").
    private static func isMarkupLine(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Bool {
        if p[s] == UInt8(ascii: "[") {
            var k = s + 1
            while k < e, k - s < 30, p[k] != UInt8(ascii: "]"), p[k] != 0x20 { k += 1 }
            return k > s + 1 && k + 1 < e && p[k] == UInt8(ascii: "]") && p[k + 1] == 0x20
        }
        if p[s] == UInt8(ascii: "_") { return e > s + 2 && (p[s + 1] == UInt8(ascii: "`") || isNameByte(p[s + 1])) }
        var k = s
        while k < e, isNameByte(p[k]) || p[k] == UInt8(ascii: "-") || p[k] == UInt8(ascii: ":") && !(k + 1 < e && p[k + 1] == UInt8(ascii: ":")) { k += 1 }
        return k > s && k + 1 < e && p[k] == UInt8(ascii: ":") && p[k + 1] == UInt8(ascii: ":")
    }

    private static func isNameByte(_ b: UInt8) -> Bool { (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F }

    /// Four or more of one punctuation character, alone on a line (trailing spaces allowed).
    private static func isAdornment(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Bool {
        var end = e
        while end > s, p[end - 1] == 0x20 || p[end - 1] == 0x0D { end -= 1 }
        guard end - s >= 4, RestructuredTextReader.adornmentCharacters.utf8.contains(p[s]) else { return false }
        return p[s ..< end].allSatisfy { $0 == p[s] }
    }
}

/// Reads reStructuredText's lines into blocks, one indented body at a time.
struct RestructuredTextReader {
    struct Line { var text: Substring; var indent: Int; var isBlank: Bool }

    static let adornmentCharacters = "=-~^\"'`#*+:._"

    let lines: [Line]
    var blocks: [Block] = []
    var links: [Link] = []
    /// Bibliographic fields of the document's top (":Author:", ":Date:"), keyed in lowercase.
    var fields: [String: String] = [:]
    /// Where a page that only redirects sends its reader (a "meta" directive's "http-equiv=refresh").
    var redirect: String?
    /// How many bodies deep the reader is: past `maxDepth`, a body is read as one paragraph, so that hostile
    /// nesting cannot exhaust the stack.
    private var depth = 0
    static let maxDepth = 40
    /// Title styles in the order they appear: the first is level 1 (reStructuredText has no fixed order).
    private var styles: [String] = []

    init<C: Collection>(_ raw: C) where C.Element == Substring {
        lines = raw.map { l in
            var indent = 0
            for ch in l { if ch == " " { indent += 1 } else if ch == "\t" { indent += 8 - indent % 8 } else { break } }
            let text = l.drop(while: { $0 == " " || $0 == "\t" })
            let bare = text.reversed().drop(while: { $0 == " " || $0 == "\r" || $0 == "\t" })
            return Line(text: text.dropLast(text.count - bare.count), indent: indent, isBlank: bare.isEmpty)
        }
    }

    /// The blocks of `range`, whose least indented lines are its margin.
    mutating func read(_ range: Range<Int>) {
        guard let margin = margin(of: range) else { return }
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth {
            let t = inline(range.filter { !lines[$0].isBlank }.map { String(lines[$0].text) }.joined(separator: " "))
            if !t.isEmpty { blocks.append(Block(.paragraph, t)) }
            return
        }
        var i = range.lowerBound
        while i < range.upperBound {
            let line = lines[i]
            if line.isBlank { i += 1; continue }
            if line.indent > margin {   // A block quote.
                let end = indentedEnd(after: i - 1, margin: margin, limit: range.upperBound)
                read(i ..< end); i = end; continue
            }
            i = readConstruct(at: i, margin: margin, limit: range.upperBound)
        }
    }

    /// The least indent of the range's lines that are not blank.
    private func margin(of range: Range<Int>) -> Int? {
        var m: Int? = nil
        for k in range where !lines[k].isBlank { m = min(m ?? .max, lines[k].indent) }
        return m
    }

    /// One construct opening at `i`; the index after it.
    private mutating func readConstruct(at i: Int, margin: Int, limit: Int) -> Int {
        let t = lines[i].text
        if t == ".." || t.hasPrefix(".. ") { return explicitMarkup(at: i, margin: margin, limit: limit) }
        if let end = title(at: i, limit: limit) { return end }
        if isAdornment(t) { return i + 1 }   // A transition, or a stray line of punctuation.
        if t.hasPrefix("+-") || t.hasPrefix("+=") || isTableBorder(t) { return paragraphEnd(i, limit: limit, margin: margin) }
        if t.hasPrefix(">>> ") { return literal(i ..< paragraphEnd(i, limit: limit, margin: margin), language: "python") }
        if let width = Self.itemMarker(t) { return listItem(at: i, width: width, margin: margin, limit: limit) }
        if Directive.isOption(t) { return field(at: i, margin: margin, limit: limit) }
        return paragraph(at: i, margin: margin, limit: limit)
    }

    /// Lines after `i` that are blank or indented past `margin`: a body. The index after its last non-blank line.
    private func indentedEnd(after i: Int, margin: Int, limit: Int) -> Int {
        var end = i + 1, k = i + 1
        while k < limit, lines[k].isBlank || lines[k].indent > margin { if !lines[k].isBlank { end = k + 1 }; k += 1 }
        return max(end, i + 1)
    }

    /// A paragraph's end: the next blank line, or a line at another indent.
    private func paragraphEnd(_ i: Int, limit: Int, margin: Int) -> Int {
        var k = i + 1
        while k < limit, !lines[k].isBlank, lines[k].indent == lines[i].indent { k += 1 }
        return k
    }

    /// ".. name:: argument" (a directive), ".. _label:" (a target), ".. [1]" (a footnote), ".. |name|" (a
    /// substitution) or a comment: only directives can show text.
    private mutating func explicitMarkup(at i: Int, margin: Int, limit: Int) -> Int {
        let end = indentedEnd(after: i, margin: margin, limit: limit)
        guard let d = Directive(restructuredText: lines[i].text.dropFirst(3)) else { return end }
        var k = i + 1
        var argument = d.argument
        // The argument may go on over indented lines; options follow it, then a blank line and the body.
        while k < end, !lines[k].isBlank, !Directive.isOption(lines[k].text) { argument += " " + lines[k].text; k += 1 }
        while k < end, !lines[k].isBlank, Directive.isOption(lines[k].text) { k += 1 }
        if d.name == "meta", let at = (i ..< end).first(where: { lines[$0].text.contains("http-equiv=refresh") }) {
            let refresh = lines[at].text
            redirect = HTMLPageParser.redirectTarget(String(refresh)) ?? ""
        }
        directive(Directive(name: d.name, argument: argument), body: k ..< end)
        return end
    }

    private mutating func directive(_ d: Directive, body: Range<Int>) {
        switch d.role {
        case .hidden: return
        case .code:
            _ = literal(body, language: d.argument.split(separator: " ").first.map { $0.lowercased() })
        case .restructuredText: read(body)
        case .label:
            if !d.argument.isEmpty { blocks.append(Block(.paragraph, inline(Directive.labelSentence(d.argument)))) }
            read(body)
        case .version:
            if let s = d.versionSentence { blocks.append(Block(.paragraph, s)) }
            read(body)
        case .signature:
            if !d.argument.isEmpty { blocks.append(Block(.code(language: nil), d.argument)) }
            read(body)
        case .prose:
            // An admonition's text may start on its own line: ".. note:: Back up first."
            if Directive.admonitions.contains(d.name), !d.argument.isEmpty { blocks.append(Block(.paragraph, inline(d.argument))) }
            if Directive.opensWithPrompt(body.map { lines[$0].text }) { _ = literal(body, language: nil) } else { read(body) }
        }
    }

    /// A section title at `i` — text underlined, or over- and underlined, by one punctuation character — as a
    /// heading; the index after it, or nil when no title opens at `i`.
    private mutating func title(at i: Int, limit: Int) -> Int? {
        let t = lines[i].text
        var text: Substring, style: String, end: Int
        if i + 2 < limit, !lines[i + 1].isBlank, !isAdornment(lines[i + 1].text), lines[i + 2].text == t, adorns(t, lines[i + 1].text) {
            text = lines[i + 1].text; style = "over" + String(t.first!); end = i + 3
        } else if i + 1 < limit, !isAdornment(t), adorns(lines[i + 1].text, t), lines[i + 1].indent == lines[i].indent,
                  lines[i + 1].text.count >= min(t.count, 4) {
            text = t; style = String(lines[i + 1].text.first!); end = i + 2
        } else { return nil }
        if !styles.contains(style) { styles.append(style) }
        let heading = inline(String(text))
        if !heading.isEmpty { blocks.append(Block(.heading(level: min(6, styles.firstIndex(of: style)! + 1)), heading)) }
        return end
    }

    /// A bulleted or numbered item: its first paragraph is the item, whatever it holds after that is read as
    /// blocks of their own.
    private mutating func listItem(at i: Int, width: Int, margin: Int, limit: Int) -> Int {
        let end = indentedEnd(after: i, margin: margin, limit: limit)
        var k = i + 1
        var text = [lines[i].text.dropFirst(width).drop(while: { $0 == " " })]
        while k < end, !lines[k].isBlank { text.append(lines[k].text); k += 1 }
        let (prose, literalFollows) = Self.literalLead(text.joined(separator: " "))
        let t = inline(prose)
        if !t.isEmpty { blocks.append(Block(.listItem, t)) }
        if literalFollows, k < end { _ = literal(k ..< end, language: nil) } else if k < end { read(k ..< end) }
        return end
    }

    /// ":Name: value" — at the document's top a bibliographic field (author, date), later a line of text;
    /// one without a value (":orphan:") is a setting, no text.
    private mutating func field(at i: Int, margin: Int, limit: Int) -> Int {
        let t = lines[i].text
        let close = t.dropFirst().firstIndex(of: ":")!
        let name = t[t.index(after: t.startIndex) ..< close]
        var value = [t[t.index(after: close)...].drop(while: { $0 == " " })]
        let end = indentedEnd(after: i, margin: margin, limit: limit)
        for k in (i + 1) ..< end where !lines[k].isBlank { value.append(lines[k].text) }
        let v = inline(value.joined(separator: " "))
        guard !v.isEmpty else { return end }
        if blocks.isEmpty || blocks.allSatisfy({ if case .heading = $0.kind { return true }; return false }) {
            fields[name.lowercased()] = v
        } else {
            blocks.append(Block(.paragraph, inline(String(name)) + ": " + v))
        }
        return end
    }

    /// Lines up to a blank one: a paragraph; or a term with its definition indented under it (a definition
    /// list item, read as "term: definition"); a paragraph ending in "::" introduces the literal block after it.
    private mutating func paragraph(at i: Int, margin: Int, limit: Int) -> Int {
        var k = paragraphEnd(i, limit: limit, margin: margin)
        if k == i + 1, k < limit, !lines[k].isBlank, lines[k].indent > margin {
            let end = indentedEnd(after: i, margin: margin, limit: limit)
            var definition = [lines[k].text]; k += 1
            while k < end, !lines[k].isBlank { definition.append(lines[k].text); k += 1 }
            let term = inline(String(lines[i].text)), text = inline(definition.joined(separator: " "))
            blocks.append(Block(.listItem, term.isEmpty ? text : term + (term.last == ":" ? " " : ": ") + text))
            if k < end { read(k ..< end) }
            return end
        }
        // A line block ("| " before each line, as verse and addresses are written) reads as its lines.
        let joined = (i ..< k).map { lines[$0].text.hasPrefix("| ") ? lines[$0].text.dropFirst(2) : lines[$0].text }.joined(separator: " ")
        let (prose, literalFollows) = Self.literalLead(joined)
        let t = inline(prose)
        if !t.isEmpty { blocks.append(Block(.paragraph, t)) }
        guard literalFollows else { return k }
        var s = k
        while s < limit, lines[s].isBlank { s += 1 }
        guard s < limit, lines[s].indent > margin else { return k }
        return literal(s ..< indentedEnd(after: s - 1, margin: margin, limit: limit), language: nil)
    }

    /// A paragraph's text with its closing "::" read as reStructuredText shows it ("Example::" → "Example:",
    /// "Run it: ::" → "Run it:", "::" alone → nothing), and whether a literal block follows.
    static func literalLead(_ text: String) -> (String, Bool) {
        guard text.hasSuffix("::") else { return (text, false) }
        let before = text.dropLast(2)
        if before.isEmpty { return ("", true) }
        if before.last == " " { return (String(before.reversed().drop(while: { $0 == " " }).reversed()), true) }
        return (String(before) + ":", true)
    }

    /// Lines kept verbatim, dedented to their least indent, as a code block; the index after them.
    private mutating func literal(_ range: Range<Int>, language: String?) -> Int {
        let indent = margin(of: range) ?? 0
        let text = range.map { k -> String in
            let l = lines[k]
            return l.isBlank ? "" : String(repeating: " ", count: l.indent - indent) + l.text
        }.joined(separator: "\n")
        let code = HTMLBlockBuilder.trimCode(Array(text.utf8))
        if !code.isEmpty { blocks.append(Block(.code(language: language), code)) }
        return range.upperBound
    }

    private mutating func inline(_ s: String) -> String { RestructuredTextInline.text(s, links: &links) }

    /// Four or more of one punctuation character.
    private func isAdornment(_ t: Substring) -> Bool {
        guard t.count >= 4, let c = t.first, Self.adornmentCharacters.contains(c) else { return false }
        return t.allSatisfy { $0 == c }
    }

    /// Whether `t` adorns the title `text`: an adornment (four marks or more), or a shorter run of one mark that reaches
    /// at least as far as the title does, as docutils allows ("===" over and under "pip", pip's manual page for itself,
    /// which had been titled by its next section, "Usage").
    private func adorns(_ t: Substring, _ text: Substring) -> Bool {
        if isAdornment(t) { return true }
        guard t.count >= 2, let c = t.first, Self.adornmentCharacters.contains(c), t.allSatisfy({ $0 == c }) else { return false }
        let title = text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " || $0 == "\r" })
        return !title.isEmpty && t.count >= title.count && title.contains(where: { $0.isLetter || $0.isNumber })
    }

    /// A simple table's border: runs of "=" with spaces between ("=====  ======").
    private func isTableBorder(_ t: Substring) -> Bool {
        t.first == "=" && t.contains(" ") && t.allSatisfy { $0 == "=" || $0 == " " }
    }

    /// The width in characters of a list item's marker with its space: "- ", "* ", "+ ", "• ", "1. ", "#. ", "a) ", "(2) ".
    static func itemMarker(_ t: Substring) -> Int? {
        let u = Array(t.utf8.prefix(8))
        guard u.count >= 2 else { return nil }
        if "-*+".utf8.contains(u[0]), u[1] == 0x20 { return 2 }
        if t.hasPrefix("• ") { return 2 }   // Characters, as the item's text is cut by them.
        var k = u[0] == UInt8(ascii: "(") ? 1 : 0
        let start = k
        while k < u.count, (u[k] >= 0x30 && u[k] <= 0x39) { k += 1 }
        if k == start, k < u.count, u[k] == UInt8(ascii: "#") || (u[k] | 0x20 >= 0x61 && u[k] | 0x20 <= 0x7A) { k += 1 }
        guard k > start, k - start <= 3, k + 1 < u.count else { return nil }
        let close = u[k]
        let fits = start == 1 ? close == UInt8(ascii: ")") : close == UInt8(ascii: ".") || close == UInt8(ascii: ")")
        return fits && u[k + 1] == 0x20 ? k + 2 : nil
    }
}

/// reStructuredText's inline markup read as text: ``literal``, :role:`text <target>`, `link <url>`_,
/// `reference`_, **strong**, *emphasis*, footnote references ([1]_) and escapes.
enum RestructuredTextInline {
    static func text(_ s: String, links: inout [Link]) -> String {
        let c = Array(s)
        var out = ""
        var i = 0
        while i < c.count {
            let ch = c[i]
            if ch == "\\", i + 1 < c.count { if c[i + 1] != " " { out.append(c[i + 1]) }; i += 2; continue }
            if ch == "`", i + 1 < c.count, c[i + 1] == "`", let close = find(c, "``", from: i + 2) {
                out += String(c[(i + 2) ..< close]); i = close + 2; continue
            }
            if ch == ":", let (shown, end) = role(c, at: i) { out += shown; i = end; continue }
            if ch == "`", let close = find(c, "`", from: i + 1) {
                let inner = String(c[(i + 1) ..< close])
                var end = close + 1
                while end < c.count, c[end] == "_" { end += 1 }
                if end < c.count, c[end] == ":", let (_, after) = role(c, at: end) { end = after }   // `text`:role:
                out += reference(inner, links: &links)
                i = end; continue
            }
            if ch == "[", let close = find(c, "]_", from: i + 1), close - i <= 30, !c[(i + 1) ..< close].contains(" ") {
                while out.last == " " { out.removeLast() }
                i = close + 2; continue
            }
            if ch == "*" {
                let prev = i == 0 ? " " : c[i - 1], next = i + 1 < c.count ? c[i + 1] : " "
                if !(prev == " " && next == " ") { i += 1; continue }
            }
            out.append(ch); i += 1
        }
        return TextClean.collapse(out)
    }

    /// ":name:`content`" at `i`: what it shows and the index after it.
    static func role(_ c: [Character], at i: Int) -> (String, Int)? {
        guard i == 0 || !(c[i - 1].isLetter || c[i - 1].isNumber) else { return nil }
        var j = i + 1
        while j < c.count, j - i < 40, c[j] != "`", c[j] != " " { j += 1 }
        guard j < c.count, c[j] == "`", j >= i + 3, c[j - 1] == ":",
              Directive.isName(Substring(String(c[(i + 1) ..< (j - 1)]))), let close = find(c, "`", from: j + 1) else { return nil }
        return (Directive.roleText(Substring(String(c[(j + 1) ..< close]))), close + 1)
    }

    /// A hyperlink reference's text: "Python <https://python.org>" shows "Python" and links it.
    static func reference(_ inner: String, links: inout [Link]) -> String {
        guard inner.hasSuffix(">"), let open = inner.lastIndex(of: "<") else { return inner }
        let text = inner[..<open].trimmingPrefixAndSuffixSpaces
        let url = String(inner[inner.index(after: open) ..< inner.index(before: inner.endIndex)])
        if url.contains("://") || url.hasPrefix("mailto:") { links.append(Link(text: text.isEmpty ? url : text, url: url)) }
        return text.isEmpty ? url : text
    }

    /// The index of `needle` in `c` at or after `from`, within 1,000 characters.
    static func find(_ c: [Character], _ needle: String, from: Int) -> Int? {
        let n = Array(needle)
        var k = from
        while k + n.count <= c.count, k - from < 1000 {
            if c[k] == n[0], n.count == 1 || c[k + 1] == n[1] { return k }
            k += 1
        }
        return nil
    }
}
