/// Plain text: one article, title from the first line, paragraphs separated by blank lines.
enum PlainTextParser {
    static func parse(_ text: String, source: String) -> ParsedFile {
        // Lines are split once: boxes are opened in place, then headings set apart as the text is joined again.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        unbox(&lines)
        let text = headingsSetApart(lines)
        var blocks = paragraphs(text)
        let firstLine = text.split(separator: "\n").lazy.map { TextClean.collapse(String($0)) }.first { !$0.isEmpty }
        var title = fileTitle(source)
        if let line = firstLine {
            title = Titles.cut(line, limit: 80)
            // A short first paragraph that is just the title line reads as a heading.
            if let b = blocks.first, b.text == line, line.count <= 80 { blocks[0] = Block(.heading(level: 1), line) }
        }
        for i in blocks.indices where blocks[i].kind == .paragraph {
            if let heading = heading(blocks[i].text) { blocks[i] = Block(.heading(level: 2), heading) }
        }
        if let name = manualPageName(&blocks) { title = Titles.cut(name, limit: 80) }
        let article = Article(id: "\(source):1", title: title, source: source, line: 1, blocks: blocks)
        return ParsedFile(format: .plainText, articles: [article], warnings: [])
    }

    /// Blank-line separated paragraphs, whitespace collapsed, controls removed. Byte-based: it runs on
    /// every JSON Lines record of large corpora.
    static func paragraphs(_ text: String) -> [Block] {
        var blocks: [Block] = []
        var text = text
        text.withUTF8 { p in
            var paraStart = -1, paraEnd = 0, i = 0
            func flush() {
                guard paraStart >= 0 else { return }
                let t = TextClean.collapsedString(UnsafeBufferPointer(rebasing: p[paraStart ..< paraEnd]))
                if !t.isEmpty { blocks.append(Block(.paragraph, t)) }
                paraStart = -1
            }
            while i < p.count {
                var e = i, blank = true
                while e < p.count, p[e] != 0x0A { if p[e] > 0x20 { blank = false }; e += 1 }
                if blank { flush() } else { if paraStart < 0 { paraStart = i }; paraEnd = e }
                i = e + 1
            }
            flush()
        }
        return blocks
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
                if indent >= 2, indent < next.count, heading(String(line)) != nil { out.append("") }
            }
            k += 1
        }
        return out.joined(separator: "\n")
    }

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
