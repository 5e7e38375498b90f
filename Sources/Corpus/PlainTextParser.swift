/// Plain text: one article, title from the first line, paragraphs separated by blank lines.
enum PlainTextParser {
    static func parse(_ text: String, source: String) -> ParsedFile {
        var blocks = paragraphs(text)
        let firstLine = text.split(separator: "\n").lazy.map { TextClean.collapse(String($0)) }.first { !$0.isEmpty }
        var title = fileTitle(source)
        if let line = firstLine {
            title = Titles.cut(line, limit: 80)
            // A short first paragraph that is just the title line reads as a heading.
            if let b = blocks.first, b.text == line, line.count <= 80 { blocks[0] = Block(.heading(level: 1), line) }
        }
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

    /// "notes/my_first-post.txt" → "my first post".
    static func fileTitle(_ source: String) -> String {
        let name = source.split(separator: "/").last.map(String.init) ?? source
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        let t = TextClean.collapse(String(stem.map { $0 == "_" || $0 == "-" ? " " : $0 }))
        return t.isEmpty ? TextClean.collapse(name) : t
    }
}
