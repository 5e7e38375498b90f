/// A scraped text dump: lines over 1,000 characters are article excerpts (their line breaks lost),
/// the short lines after each are link previews (site name, page title, description, URL).
enum TextDumpParser {
    static func parse(_ bytes: [UInt8], source: String) -> ParsedFile {
        var articles: [Article] = []
        var warnings: [String] = []
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        var lineNo = 0
        var k = 0
        while k < lines.count {
            let raw = lines[k]
            lineNo = k + 1
            k += 1
            guard charCount(raw) > 1000 else { continue }
            var meta: [String] = []
            while k < lines.count, charCount(lines[k]) <= 1000 {
                let t = TextClean.collapse(bytes: lines[k]); if !t.isEmpty { meta.append(t) }
                k += 1
            }
            let parsed = HTMLText.parse(Array(raw))
            for w in parsed.warnings where !warnings.contains(w) { warnings.append(w) }
            let blocks = repair(parsed.blocks)
            let title = Titles.fromBlocks(blocks.filter { if case .heading = $0.kind { return false }; return true })
                ?? "Excerpt at \(source):\(lineNo)"
            let url = meta.lazy.compactMap(firstURL).first
            let feed = meta.first { firstURL($0) == nil && $0.count <= 60 && !$0.contains("|") }
            articles.append(Article(id: "\(source):\(lineNo)", title: title, url: url, feed: feed, source: source,
                                    line: lineNo, blocks: blocks, links: parsed.links))
        }
        return ParsedFile(format: .textDump, articles: articles, warnings: warnings)
    }

    private static func charCount(_ s: ArraySlice<UInt8>) -> Int { s.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) } }

    static func firstURL(_ s: String) -> String? {
        s.split(separator: " ").first { $0.hasPrefix("https://") || $0.hasPrefix("http://") }.map(String.init)
    }

    /// Splits glued sentences and glued headings, then regroups prose into paragraphs of a few sentences.
    static func repair(_ blocks: [Block]) -> [Block] {
        var out: [Block] = []
        for b0 in blocks {
            guard case .paragraph = b0.kind else { out.append(b0); continue }
            var b = b0
            if let (code, rest) = splitLeadingCode(b.text) { out.append(Block(.code(language: nil), code)); b = Block(.paragraph, rest) }
            var group: [String] = []
            func flush() { if !group.isEmpty { out.append(Block(.paragraph, group.joined(separator: " "))); group = [] } }
            for sentence in Sentences.split(b.text) {
                for (piece, isHeading) in splitGluedHeading(sentence) {
                    if isHeading { flush(); out.append(Block(.heading(level: 2), piece)); continue }
                    group.append(piece)
                    if group.count >= 3 || group.reduce(0, { $0 + $1.count }) > 500 { flush() }
                }
            }
            flush()
        }
        return out
    }

    /// Code that lost its `<pre>`: "class A { … }}The reason…" → ("class A { … }}", "The reason…").
    static func splitLeadingCode(_ text: String) -> (String, String)? {
        let c = Array(text.prefix(20_000))
        var depth = 0, opened = false
        for i in c.indices {
            if c[i] == "{" { depth += 1; opened = true }
            if c[i] == "}" {
                depth -= 1
                if depth <= 0, opened, i + 2 < c.count, c[i + 1].isUppercase, c[i + 2].isLowercase {
                    return (String(c[...i]), String(text.dropFirst(i + 1)))
                }
            }
            if !opened && i > 200 { return nil }
        }
        return nil
    }

    /// Words that commonly open a sentence; "…asynchronous codePerhaps the most…" hides a heading.
    static let starters: Set<String> = [
        "Perhaps", "The", "This", "That", "These", "Those", "In", "For", "However", "But", "So", "And", "If",
        "When", "While", "Let’s", "Let's", "We", "It", "Its", "One", "Another", "Now", "Here", "There", "What",
        "Why", "How", "To", "As", "Since", "Because", "Also", "Although", "Instead", "Then", "Finally", "First",
        "Next", "Note", "Luckily", "Thankfully", "Unfortunately", "You", "Our", "Even", "Just", "Once", "Today",
        "Sometimes", "Often", "Most", "Many", "Using", "Like", "Both", "Each", "Whether", "Well", "Thanks",
        "Otherwise", "Again", "Besides", "Overall", "Let", "Another", "By", "With", "Given", "Rather",
    ]

    /// Words a heading cannot end with: articles, prepositions and conjunctions.
    static let openEnded: Set<String> = ["a", "an", "the", "and", "or", "but", "nor", "of", "for", "to", "in", "on", "at", "by",
                                          "with", "from", "into", "as", "than", "if", "so", "is", "are", "my", "our", "your", "its", "their"]

    /// "Bridging the gap … codePerhaps the most" → [("Bridging the gap … code", heading), ("Perhaps the most…", text)].
    /// Iterative: each split only looks at the first 120 characters of what remains.
    static func splitGluedHeading(_ sentence: String) -> [(String, Bool)] {
        let c = Array(sentence)
        var out: [(String, Bool)] = []
        var start = 0
        var i = 1
        while i < c.count - 1 {
            defer { i += 1 }
            guard i - start < 120, c[start].isUppercase else { break }
            guard c[i].isUppercase, c[i - 1].isLowercase else { continue }
            var s = i - 1
            while s > start, c[s - 1].isLetter { s -= 1 }
            var e = i + 1
            while e < c.count, c[e].isLetter || c[e] == "’" || c[e] == "'" { e += 1 }
            guard c[s ..< i].allSatisfy({ $0.isLowercase }), starters.contains(String(c[i ..< e])),
                  e + 1 < c.count, c[e] == "," || (c[e] == " " && c[e + 1].isLetter) else { continue }
            // A heading does not end in a word that needs one after it: "…between a for loop and forEach, though"
            // is a name in code ("forEach"), not a heading ("…and for") glued to "Each, though".
            if openEnded.contains(String(c[s ..< i])) { continue }
            let head = String(c[start ..< i])
            out.append((head, !head.contains(". ") && head.count >= 3))
            start = i
        }
        out.append((String(c[start...]), false))
        return out
    }
}
