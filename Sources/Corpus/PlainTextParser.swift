#if canImport(Glibc)
import Glibc
#endif

/// Plain text: one article, title from the first line, paragraphs separated by blank lines.
enum PlainTextParser {
    static func parse(_ text: String, source: String) -> ParsedFile {
        // Lines are split once: boxes are opened in place, then headings set apart as the text is joined again.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let header = HeaderFields.take(&lines)
        unbox(&lines)
        let text = headingsSetApart(lines)
        var blocks = paragraphs(text).map(HeaderFields.withoutLiteralMarks).filter { !$0.text.isEmpty }
        let firstLine = text.split(separator: "\n").lazy.map { TextClean.collapse(String($0)) }.first { !$0.isEmpty }
        var title = fileTitle(source)
        if let t = header?.title {
            title = Titles.cut(t, limit: 200)
        } else if let line = firstLine {
            title = Titles.cut(line, limit: 80)
            // A short first paragraph that is just the title line reads as a heading.
            if let b = blocks.first, b.text == line, line.count <= 80 { blocks[0] = Block(.heading(level: 1), line) }
        }
        var split: [Block] = []
        split.reserveCapacity(blocks.count)
        for b in blocks {
            guard b.kind == .paragraph else { split.append(b); continue }
            if let heading = heading(b.text) { split.append(Block(.heading(level: 2), heading)) }
            else if let (heading, body) = runInHeading(b.text) {
                split.append(Block(.heading(level: 2), heading)); split.append(Block(.paragraph, body))
            } else { split.append(b) }
        }
        blocks = split
        if let name = manualPageName(&blocks) { title = Titles.cut(name, limit: 80) }
        let article = Article(id: "\(source):1", title: title, author: header?.authors, date: header?.date, source: source, line: 1,
                              blocks: (header?.items ?? []) + blocks)
        return ParsedFile(format: .plainText, articles: [article], warnings: [])
    }

    /// Blank-line separated paragraphs, whitespace collapsed, controls removed; a two-line paragraph whose
    /// second line underlines the first ("Usage\n*****", reStructuredText's and Markdown's setext style) is a
    /// heading, a paragraph indented deeper than the prose before it that reads as code is a code block with
    /// its line breaks (see `isCode`), and bulleted or numbered lines are list items (`listItems`).
    /// Byte-based: it runs on every JSON Lines record of large corpora.
    static func paragraphs(_ text: String) -> [Block] {
        var blocks: [Block] = []
        var text = text
        text.withUTF8 { p in
            var lines: [TextLine] = []
            // The margin of the last prose paragraph, and whether it ended in a colon.
            var margin = -1, afterColon = false
            func flush() {
                guard let last = lines.last else { return }
                defer { lines.removeAll(keepingCapacity: true) }
                let indent = lines.lazy.map(\.indent).min()!
                if lines.count == 2, let heading = underlined(p, lines) {
                    blocks.append(Block(.heading(level: 2), heading)); margin = indent; afterColon = false
                    return
                }
                var afterCode = false
                if case .code = blocks.last?.kind { afterCode = true }
                if margin >= 0, indent >= margin + 3, isCode(p, lines, afterColon: afterColon || afterCode) {
                    let code = dedented(p, lines, indent)
                    // Blank lines inside one listing split it into paragraphs: they are one block again.
                    if afterCode { blocks[blocks.count - 1] = Block(.code(language: nil), blocks[blocks.count - 1].text + "\n\n" + code) }
                    else if !code.isEmpty { blocks.append(Block(.code(language: nil), code)) }
                    return
                }
                if let quote = quoted(p, lines) {
                    if !quote.isEmpty { blocks.append(Block(.quote, quote)) }
                    margin = indent; afterColon = false
                    return
                }
                let items = listItems(p, lines)
                for item in items {
                    let t = withoutEmphasis(joined(p, item.lines, skipping: item.marker))
                    guard !t.isEmpty else { continue }
                    let kind: Block.Kind = items.count > 1 || item.marker > 0 ? .listItem : .paragraph
                    if let run = runInList(t, kind: kind) { blocks += run } else { blocks.append(Block(kind, t)) }
                }
                margin = indent; afterColon = lastByte(p, last) == UInt8(ascii: ":")
            }
            var i = 0
            while i < p.count {
                var e = i, blank = true, indent = 0, lead = 0, counting = true
                while e < p.count, p[e] != 0x0A {
                    let c = p[e]
                    if counting { if c == 0x20 { indent += 1; lead += 1 } else if c == 0x09 { indent += 4; lead += 1 } else { counting = false } }
                    if c > 0x20 { blank = false }
                    e += 1
                }
                if blank { flush() } else { lines.append(TextLine(start: i, end: e, indent: indent, lead: lead)) }
                i = e + 1
            }
            flush()
        }
        return blocks
    }

    /// A list flattened into its paragraph, as text exports write an HTML list ("… as needed. - Commit a range of
    /// pages. - Specify read/write access…"): the text before the first marker as a block of `kind`, then one list
    /// item per marker, and the prose after the list, which the export ran into its last item, as a paragraph of
    /// its own (that item ends with its first sentence). A marker is " - " or " • " after a sentence's stop or a
    /// colon and before a capital or a digit; it takes two markers, or one after a colon or in a text that opened
    /// with a marker, to make a list ("I agree. - Ann" is a signature); in a text that opened with one, two markers
    /// need no stops before them. Failing those, numbers in turn are markers
    /// (`numberedCuts`). Nil when the text holds no such list.
    static func runInList(_ text: String, kind: Block.Kind) -> [Block]? {
        let b = Array(text.utf8)
        guard b.count >= 8 else { return nil }
        var cuts: [(at: Int, next: Int)] = [], unstopped: [(at: Int, next: Int)] = [], afterColon = false
        var i = 1
        while i + 3 < b.count {
            defer { i += 1 }
            guard b[i] == 0x20 else { continue }
            let width = b[i + 1] == UInt8(ascii: "-") ? 1 : (b[i + 1] == 0xE2 && i + 5 < b.count && b[i + 2] == 0x80 && b[i + 3] == 0xA2 ? 3 : 0)
            guard width > 0, b[i + 1 + width] == 0x20, i + 2 + width < b.count else { continue }
            let next = b[i + 2 + width], stop = b[i - 1]
            guard (next >= 0x41 && next <= 0x5A) || (next >= 0x30 && next <= 0x39) else { continue }
            guard stop == UInt8(ascii: ".") || stop == UInt8(ascii: "!") || stop == UInt8(ascii: "?") || stop == UInt8(ascii: ":") else {
                unstopped.append((i, i + 2 + width)); continue
            }
            if cuts.isEmpty { afterColon = stop == UInt8(ascii: ":") }
            cuts.append((i, i + 2 + width))
        }
        // In a text that opened with a marker, items without stops are items too when there are two such markers
        // ("- The SID of the account - SIDs of its groups - A logon SID…"); in prose a dash sets words apart.
        if cuts.isEmpty && kind == .listItem && unstopped.count >= 2 { cuts = unstopped }
        if cuts.count < 2 && !(cuts.count == 1 && (afterColon || kind == .listItem)) {
            cuts = numberedCuts(b)
            guard cuts.count >= 2 else { return nil }
        }
        func piece(_ from: Int, _ to: Int) -> String { TextClean.collapse(String(decoding: b[from ..< to], as: UTF8.self)) }
        var out: [Block] = []
        let lead = piece(0, cuts[0].at)
        if !lead.isEmpty { out.append(Block(kind, lead)) }
        for (k, cut) in cuts.enumerated() {
            let item = piece(cut.next, k + 1 < cuts.count ? cuts[k + 1].at : b.count)
            guard k == cuts.count - 1 else { out.append(Block(.listItem, item)); continue }
            let sentences = Sentences.split(item)
            out.append(Block(.listItem, sentences.first ?? item))
            if sentences.count > 1 { out.append(Block(.paragraph, sentences.dropFirst().joined(separator: " "))) }
        }
        return out
    }

    /// The markers of a numbered list flattened into its paragraph ("… performs these steps: 1. Calls Open. 2. Calls
    /// Close."): "1. " at the text's start or after a stop or a colon, then "2. ", "3. "… in turn, each after a stop
    /// and before a capital. A number out of turn is text ("… in Windows 8. 1. Then"); empty when "2." never follows "1.".
    static func numberedCuts(_ b: [UInt8]) -> [(at: Int, next: Int)] {
        guard holdsOne(b) else { return [] }
        var cuts: [(at: Int, next: Int)] = []
        var expected = 1, i = 0
        func isStop(_ c: UInt8) -> Bool { c == UInt8(ascii: ".") || c == UInt8(ascii: "!") || c == UInt8(ascii: "?") || c == UInt8(ascii: ":") }
        while i + 3 < b.count {
            defer { i += 1 }
            guard i == 0 || (i >= 2 && b[i - 1] == 0x20 && isStop(b[i - 2])) else { continue }
            var j = i, n = 0
            while j < b.count, j - i < 3, b[j] >= 0x30 && b[j] <= 0x39 { n = n * 10 + Int(b[j] - 0x30); j += 1 }
            guard j > i, n == expected, j + 2 < b.count, b[j] == UInt8(ascii: "."), b[j + 1] == 0x20,
                  b[j + 2] >= 0x41 && b[j + 2] <= 0x5A else { continue }
            cuts.append((i == 0 ? 0 : i - 1, j + 2))
            expected += 1
        }
        return cuts.count >= 2 ? cuts : []
    }

    /// Text that was Markdown once, without the stars of its emphasis ("With *thread local storage* (TLS), …",
    /// "**Note**"): a run of one or two opens after a space, a bracket or a quote and before a word; the same run
    /// closes after a word and before a space or a mark. What they enclose holds no code ("*pItem = (DSBITEM*)"
    /// keeps its stars), and a lone star stays ("5 * 3", "* item", "value*").
    static func withoutEmphasis(_ text: String) -> String {
        guard text.utf8.contains(0x2A) else { return text }
        let b = Array(text.utf8)
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A }
        func opens(after c: UInt8) -> Bool { isSpace(c) || c == UInt8(ascii: "(") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == 0x9C }
        func closes(before c: UInt8) -> Bool { isSpace(c) || ".,;:!?)\"'".utf8.contains(c) || c == 0xE2 }
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0, changed = false
        while i < b.count {
            guard b[i] == 0x2A, i == 0 || opens(after: b[i - 1]) else { out.append(b[i]); i += 1; continue }
            let run = i + 1 < b.count && b[i + 1] == 0x2A ? 2 : 1
            let start = i + run
            var k = start
            while k < b.count, k - start <= 120, b[k] != 0x2A, b[k] != 0x0A { k += 1 }
            let ok = start < b.count && !isSpace(b[start]) && b[start] != 0x2A && k < b.count && k > start && b[k] == 0x2A
                && !isSpace(b[k - 1]) && k + run <= b.count && (run == 1 || b[k + 1] == 0x2A)
                && (k + run == b.count || (b[k + run] != 0x2A && closes(before: b[k + run])))
                && !b[start ..< k].contains { "=(){};<>".utf8.contains($0) }
            guard ok else { out.append(contentsOf: b[i ..< start]); i = start; continue }
            out.append(contentsOf: b[start ..< k])
            i = k + run; changed = true
        }
        return changed ? String(decoding: out, as: UTF8.self) : text
    }

    /// Whether `b` holds "1. " anywhere, found with `memchr`: every paragraph of a corpus passes here, and few do.
    static func holdsOne(_ b: [UInt8]) -> Bool {
        b.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return false }
            var from = 0
            while from + 2 < p.count, let hit = memchr(base + from, 0x31, p.count - 2 - from) {
                let k = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if p[k + 1] == UInt8(ascii: "."), p[k + 2] == 0x20 { return true }
                from = k + 1
            }
            return false
        }
    }

    /// A line of text: its bytes, its indentation in columns (a tab counts four) and the bytes that indentation takes.
    struct TextLine { var start: Int, end: Int, indent: Int, lead: Int }

    /// A paragraph's lines as list items, each with the length of its marker: "* ", "- ", "+ ", "• " at the
    /// paragraph's margin start an item, and so do "1. ", "2) " when two lines or more are numbered (one
    /// numbered line is a section heading: "5. Conveying Modified Source Versions."). Lines without a
    /// marker continue the item before. A paragraph with no marker is one item with marker 0.
    static func listItems(_ p: UnsafeBufferPointer<UInt8>, _ lines: [TextLine]) -> [(lines: ArraySlice<TextLine>, marker: Int)] {
        let margin = lines.lazy.map(\.indent).min()!
        var markers = lines.map { $0.indent == margin ? marker(p, $0) : 0 }
        func isNumber(_ i: Int) -> Bool { markers[i] > 0 && p[lines[i].start + lines[i].lead] <= 0x39 && p[lines[i].start + lines[i].lead] >= 0x30 }
        if lines.indices.filter(isNumber).count == 1 { for i in lines.indices where isNumber(i) { markers[i] = 0 } }
        if markers.first == 0 { return [(lines[...], 0)] }
        var out: [(lines: ArraySlice<TextLine>, marker: Int)] = []
        var start = 0
        for i in 1 ... lines.count where i == lines.count || markers[i] > 0 {
            out.append((lines[start ..< i], markers[start])); start = i
        }
        return out
    }

    /// The length of the list marker that opens `line` after its indentation, or 0.
    static func marker(_ p: UnsafeBufferPointer<UInt8>, _ line: TextLine) -> Int {
        let s = line.start + line.lead, n = line.end - s
        guard n >= 3 else { return 0 }
        let c = p[s]
        if (c == UInt8(ascii: "*") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")) && p[s + 1] == 0x20 { return 2 }
        if c == 0xE2, n >= 5, p[s + 1] == 0x80, p[s + 2] == 0xA2, p[s + 3] == 0x20 { return 4 }   // "• "
        var k = s
        while k < line.end, k - s < 3, p[k] >= 0x30 && p[k] <= 0x39 { k += 1 }
        guard k > s, k + 1 < line.end, p[k] == UInt8(ascii: ".") || p[k] == UInt8(ascii: ")"), p[k + 1] == 0x20 else { return 0 }
        return k + 2 - s
    }

    /// The lines as one collapsed string, without the first line's list marker; a word broken after a hyphen at a
    /// line's end ("pre-" then "existing") is joined without a space.
    static func joined(_ p: UnsafeBufferPointer<UInt8>, _ lines: ArraySlice<TextLine>, skipping marker: Int) -> String {
        let first = lines.first!, last = lines.last!
        let start = first.start + first.lead + marker
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        let broken = lines.dropLast().contains { l in l.end - l.start >= 2 && p[l.end - 1] == UInt8(ascii: "-") && isLetter(p[l.end - 2]) }
        guard broken else { return TextClean.collapsedString(UnsafeBufferPointer(rebasing: p[start ..< last.end])) }
        var out: [UInt8] = []
        for (k, l) in lines.enumerated() {
            let s = k == 0 ? start : l.start
            let part = TextClean.collapsedString(UnsafeBufferPointer(rebasing: p[s ..< l.end]))
            if !out.isEmpty, !part.isEmpty {
                let hyphen = out.last == UInt8(ascii: "-") && out.count >= 2 && isLetter(out[out.count - 2])
                if !(hyphen && part.first?.isLowercase == true) { out.append(0x20) }
            }
            out.append(contentsOf: part.utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A paragraph every line of which opens with ">" (an e-mail's quote, a Markdown quote exported as text): its
    /// text without the markers, or nil. GitHub's alert reads as its label, as in Markdown; an export that ran the
    /// quote's lines into one ("> [!Note] > Calls block.") loses the marker after the alert too ("Note: Calls block.").
    static func quoted(_ p: UnsafeBufferPointer<UInt8>, _ lines: [TextLine]) -> String? {
        // Python's prompt (">>> x = 1") is no quote marker.
        func opensQuote(_ l: TextLine) -> Bool {
            let s = l.start + l.lead
            return s < l.end && p[s] == UInt8(ascii: ">") && !(s + 2 < l.end && p[s + 1] == UInt8(ascii: ">") && p[s + 2] == UInt8(ascii: ">"))
        }
        guard lines.allSatisfy(opensQuote) else { return nil }
        var parts: [String] = []
        for l in lines {
            var s = l.start + l.lead
            while s < l.end, p[s] == UInt8(ascii: ">") || p[s] == 0x20 || p[s] == 0x09 { s += 1 }
            let part = TextClean.collapsedString(UnsafeBufferPointer(rebasing: p[s ..< l.end]))
            if !part.isEmpty { parts.append(part) }
        }
        var text = Substring(withoutEmphasis(parts.joined(separator: " ")))
        if text.hasPrefix("[!"), let close = text.firstIndex(of: "]") {
            let rest = text[text.index(after: close)...].drop { $0 == " " }
            if rest.hasPrefix(">") { text = text[...close] + " " + rest.dropFirst().drop { $0 == " " } }
            if let alert = MarkdownParser.alert(text) { text = alert }
        }
        return String(text)
    }

    /// "Usage" over "*****": the first line, when the second is one punctuation mark repeated at least three
    /// times and about as long as the first.
    static func underlined(_ p: UnsafeBufferPointer<UInt8>, _ lines: [TextLine]) -> String? {
        let under = p[lines[1].start + lines[1].lead ..< lines[1].end].filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
        guard under.count >= 3, let c = under.first, underlineMarks.contains(c), under.allSatisfy({ $0 == c }) else { return nil }
        let title = TextClean.collapsedString(UnsafeBufferPointer(rebasing: p[lines[0].start ..< lines[0].end]))
        guard !title.isEmpty, title.count <= 80, under.count + 2 >= min(title.count, 6), title.contains(where: \.isLetter) else { return nil }
        return title
    }

    static let underlineMarks: Set<UInt8> = Set("=-~*^#+".utf8)

    /// An indented paragraph that is code, not an indented quotation or an option's description: it has a line
    /// of code in it (`=`, `;`, braces, a prompt, a line ending in ":" that opens a deeper one), or it follows a
    /// colon ("…is written:") or other code and does not read as prose (six words a line, or five ending in a full
    /// stop: "What has happened is that… You can create a list this way:" between two listings).
    static func isCode(_ p: UnsafeBufferPointer<UInt8>, _ lines: [TextLine], afterColon: Bool) -> Bool {
        var strong = false, words = 0
        for (k, line) in lines.enumerated() {
            let body = UnsafeBufferPointer(rebasing: p[line.start + line.lead ..< line.end])
            words += body.split(separator: 0x20, omittingEmptySubsequences: true).count
            if !strong {
                strong = body.contains { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
                    || body.starts(with: ">>>".utf8) || body.starts(with: "$ ".utf8)
                    || (lastByte(p, line) == UInt8(ascii: ":") && k + 1 < lines.count && lines[k + 1].indent > line.indent)
            }
        }
        if strong { return true }
        let last = lastByte(p, lines[lines.count - 1])
        let prose = words >= 6 * lines.count
            || (last == UInt8(ascii: ".") || last == UInt8(ascii: "!") || last == UInt8(ascii: "?")) && words >= 5 * lines.count
        return afterColon && !prose
    }

    /// The last byte of a non-blank line that is not white space (a CRLF file's "\r", trailing spaces).
    static func lastByte(_ p: UnsafeBufferPointer<UInt8>, _ line: TextLine) -> UInt8 {
        var e = line.end - 1
        while e > line.start, p[e] <= 0x20 { e -= 1 }
        return p[e]
    }

    /// The lines without the paragraph's common indentation, trailing spaces and controls.
    static func dedented(_ p: UnsafeBufferPointer<UInt8>, _ lines: [TextLine], _ indent: Int) -> String {
        var out: [UInt8] = []
        for (k, line) in lines.enumerated() {
            if k > 0 { out.append(0x0A) }
            var s = line.start, col = 0
            while s < line.end, col < indent, p[s] == 0x20 || p[s] == 0x09 { col += p[s] == 0x09 ? 4 : 1; s += 1 }
            out.append(contentsOf: p[s ..< line.end])
        }
        return HTMLBlockBuilder.trimCode(out)
    }

    /// Opens the text's boxes: three or more lines that each begin and end with the same border character
    /// (`*`, `|`, `#`), as licences and banners frame a notice, lose that border, and a line of border alone
    /// becomes blank. Before, "* 6. Disclaimer of Warranty * * ---- *" was one paragraph.
    static func unbox(_ lines: inout [Substring]) {
        func trimmed(_ line: Substring) -> Substring {
            var t = line
            while let f = t.first, f == " " || f == "\t" { t = t.dropFirst() }
            while let l = t.last, l == " " || l == "\t" { t = t.dropLast() }
            return t
        }
        func border(_ line: Substring) -> Character? {
            guard let f = line.first(where: { $0 != " " && $0 != "\t" }), "*|#".contains(f) else { return nil }
            let t = trimmed(line)
            return t.count >= 2 && t.last == f ? f : nil
        }
        var i = 0
        while i < lines.count {
            guard let c = border(lines[i]) else { i += 1; continue }
            var end = i
            while end + 1 < lines.count, border(lines[end + 1]) == c { end += 1 }
            if end - i >= 2 {
                for k in i...end {
                    let t = trimmed(lines[k])
                    lines[k] = t.allSatisfy({ $0 == c || $0 == " " }) ? "" : t.dropFirst().dropLast()
                }
            }
            i = end + 1
        }
    }

    /// The lines joined, with a blank line after each section heading that its indented body follows directly, as manual
    /// pages and RFCs write them ("NAME" at the margin, "       tar - an archiving utility" under it); before,
    /// heading and body were one paragraph. Words hyphenated at a line's end by a formatter are joined.
    static func headingsSetApart(_ lines: [Substring]) -> String {
        guard lines.count > 2 else { return lines.joined(separator: "\n") }
        // Built forward, one line at a time: inserting into `lines` would cost its length per heading.
        var out: [Substring] = []
        out.reserveCapacity(lines.count + 16)
        var k = 0
        while k < lines.count {
            var line = lines[k]
            // A word a formatter hyphenated at the line's end ("li‐" then "censes", U+2010 as groff writes it) is one word.
            while line.hasSuffix("\u{2010}"), k + 1 < lines.count {
                let rest = lines[k + 1].drop { $0 == " " || $0 == "\t" }
                guard rest.first?.isLowercase == true else { break }
                line = Substring(String(line.dropLast()) + rest)
                k += 1
            }
            out.append(line)
            if k + 1 < lines.count, let f = line.first, f != " " && f != "\t" {
                let next = lines[k + 1]
                let indent = next.prefix { $0 == " " || $0 == "\t" }.count
                if indent >= 2, indent < next.count, heading(String(line)) != nil, !continuesAsDefinition(next.dropFirst(indent)) { out.append("") }
            }
            k += 1
        }
        return out.joined(separator: "\n")
    }

    /// A term's line followed by its definition ('1.7. "Larger Work"' over "    means a work that…", as licences and
    /// standards define terms) is one sentence, not a heading over a fragment.
    static func continuesAsDefinition(_ body: Substring) -> Bool {
        let first = body.prefix { $0 != " " }
        return definingWords.contains(String(first))
    }

    static let definingWords: Set<String> = ["means", "refers", "denotes", "includes", "shall", "is", "are"]

    /// A manual page rendered as text ("TAR(1)   GNU TAR Manual   TAR(1)" at its top): its NAME section's line
    /// ("tar - an archiving utility"), which becomes the title; the page's header and footer lines are dropped.
    static func manualPageName(_ blocks: inout [Block]) -> String? {
        guard let first = blocks.first?.text, let page = first.split(separator: " ").first, page.hasSuffix(")"),
              page.contains("("), first.hasSuffix(page), first.count > page.count,
              let at = blocks.firstIndex(where: { $0.kind == .heading(level: 2) && $0.text == "NAME" }),
              at + 1 < blocks.count, blocks[at + 1].kind == .paragraph else { return nil }
        let name = blocks[at + 1].text
        blocks.removeFirst()
        if let last = blocks.last?.text, last.hasSuffix(page), last.count < 100 { blocks.removeLast() }
        return name
    }

    /// A paragraph of plain text that is a section heading, as READMEs, licences and RFCs write them: a
    /// short line underlined with "===" or "---", or a short line with no sentence's end (a numbered one
    /// may end in "."), in capitals or with its longer words capitalised: "5. Conveying Modified Source
    /// Versions.", "TERMS AND CONDITIONS", "How to Apply These Terms". nil for anything else.
    static func heading(_ text: String) -> String? {
        guard text.utf8.count <= 100 else { return nil }
        var words = text.split(separator: " ")
        if words.count >= 2, let last = words.last, last.count >= 3, last.allSatisfy({ $0 == "=" || $0 == "-" }) {
            words.removeLast()
            let line = words.joined(separator: " ")
            return line.count <= 80 && line.contains(where: \.isLetter) ? line : nil
        }
        let numbered = words.first.map(isSectionNumber) ?? false
        let body = numbered ? Array(words.dropFirst()) : words
        guard (1...10).contains(body.count), let end = body.last?.last else { return nil }
        // A heading starts with a capital or its number; "tar -c [-f ARCHIVE] [FILE...]" is a command line.
        if body.first?.first?.isLowercase == true { return nil }
        if ",;:!?".contains(end) || (end == "." && !numbered) { return nil }
        let long = body.filter { $0.filter(\.isLetter).count >= 4 }
        guard !long.isEmpty else { return nil }
        let capitals = body.allSatisfy { w in !w.contains(where: \.isLowercase) }
        let titleCase = long.allSatisfy { $0.first(where: \.isLetter)?.isUppercase ?? false }
        return capitals || titleCase ? text : nil
    }

    /// A numbered section whose heading runs into its first sentence, as licences and contracts write them:
    /// "3. Grant of Patent License. Subject to the terms…" is the heading "3. Grant of Patent License." over
    /// the paragraph "Subject to the terms…". The heading is what `heading` takes for a numbered one, and
    /// the body is long (`runInBodyWords`), so that a short numbered step ("1. Install Python. Then run it.")
    /// stays one paragraph.
    static func runInHeading(_ text: String) -> (heading: String, body: String)? {
        guard let first = text.utf8.first, first >= 0x30 && first <= 0x39 || first >= 0x41 && first <= 0x5A else { return nil }
        var words = 0
        for i in text.indices where text[i] == " " {
            words += 1
            if words > 9 { return nil }
            guard text[text.index(before: i)] == "." else { continue }
            let head = String(text[..<i])
            let body = text[text.index(after: i)...]
            guard words >= 2, body.first?.isUppercase == true || body.first == "\"",
                  let h = heading(head), h.split(separator: " ").first.map(isSectionNumber) == true else { continue }
            guard body.split(separator: " ").count >= runInBodyWords else { return nil }
            return (h, String(body))
        }
        return nil
    }

    static let runInBodyWords = 20

    /// A section number: "5.", "2.1", "3.2.1.", "A.", "IV."
    static func isSectionNumber(_ word: Substring) -> Bool {
        let bare = word.hasSuffix(".") ? word.dropLast() : word
        guard !bare.isEmpty else { return false }
        if bare.allSatisfy({ $0.isNumber || $0 == "." }) { return bare.first!.isNumber }
        return word.hasSuffix(".") && (bare.count == 1 && bare.first!.isUppercase || bare.allSatisfy { "IVX".contains($0) })
    }

    /// "notes/my_first-post.txt" → "my first post".
    static func fileTitle(_ source: String) -> String {
        let name = source.split(separator: "/").last.map(String.init) ?? source
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        let t = TextClean.collapse(String(stem.map { $0 == "_" || $0 == "-" ? " " : $0 }))
        return t.isEmpty ? TextClean.collapse(name) : t
    }
}
