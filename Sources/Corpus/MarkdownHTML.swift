/// Raw HTML inside Markdown, as CommonMark reads it: a block that starts with a known element (or a comment)
/// and runs to the next blank line, and tags inside a paragraph's text.
enum MarkdownHTML {
    /// Elements whose opening or closing tag at the start of a line starts an HTML block (CommonMark's
    /// kind 6, with the media and embedding elements that blog posts put on a line of their own).
    static let blockStarters: Set<String> = HTMLBlockBuilder.blockElements.union(HTMLBlockBuilder.skipped)
        .union(["img", "picture", "source", "iframe", "video", "audio", "object", "embed", "br", "hr", "p"])
    /// Elements that may sit inside a paragraph's text; anything else in angle brackets (`Array<Int>`,
    /// `<https://…>`, `a <b> c` in prose) stays as written.
    static let inlineElements: Set<String> = blockStarters.union([
        "a", "abbr", "b", "big", "cite", "code", "del", "em", "font", "i", "ins", "kbd", "mark", "q", "s", "samp",
        "small", "span", "strong", "sub", "sup", "time", "tt", "u", "var",
    ])
    /// Raw-text elements whose block ends at their closing tag, blank lines or not (CommonMark's kind 1).
    static let rawText: Set<String> = ["script", "style", "pre", "textarea"]

    /// The line after the HTML block that starts at `lines[start]`, or nil when that line starts no block.
    static func blockEnd(_ lines: [Substring], start: Int) -> Int? {
        let first = lines[start].drop(while: { $0 == " " })
        guard first.hasPrefix("<") else { return nil }
        var closer: String?
        if first.hasPrefix("<!--") {
            closer = "-->"
        } else {
            let name = tagName(Array(first.dropFirst().drop(while: { $0 == "/" }).prefix(20)))
            guard let name, blockStarters.contains(name) else { return nil }
            if rawText.contains(name) { closer = "</\(name)>" }
        }
        var k = start
        if let closer {
            while k < lines.count, !lines[k].lowercased().contains(closer) { k += 1 }
            return min(k + 1, lines.count)
        }
        while k < lines.count, !lines[k].allSatisfy({ $0 == " " || $0 == "\t" }) { k += 1 }
        return k
    }

    /// A tag or comment at `c[i]` (which is "<") inside paragraph text: what replaces it and where the text
    /// resumes; nil when it is not a tag of a known element.
    static func inlineTag(_ c: [Character], at i: Int) -> (text: String, end: Int)? {
        let window = c[i ..< min(c.count, i + 2000)]
        if window.starts(with: ["<", "!", "-", "-"]) {
            guard let close = window.firstRange(of: ["-", "-", ">"])?.upperBound else { return nil }
            return ("", close)
        }
        let nameStart = i + 1 < c.count && c[i + 1] == "/" ? i + 2 : i + 1
        guard nameStart < c.count, let name = tagName(Array(c[nameStart ..< min(c.count, nameStart + 20)])),
              inlineElements.contains(name) else { return nil }
        let after = nameStart + name.count
        guard after < c.count, c[after] == ">" || c[after] == " " || c[after] == "/" || c[after] == "\t",
              let gt = window.firstIndex(of: ">") else { return nil }
        let tag = String(c[i ... gt])
        switch name {
        case "br", "p", "div", "li", "tr", "td", "th", "hr": return (" ", gt + 1)
        case "img": return (" " + HTMLText.parse(Array(tag.utf8)).blocks.map(\.text).joined(separator: " ") + " ", gt + 1)
        default: return ("", gt + 1)
        }
    }

    /// The lowercased element name at the start of `s`: a letter, then letters and digits.
    static func tagName(_ s: [Character]) -> String? {
        guard let f = s.first, f.isASCII, f.isLetter else { return nil }
        return String(s.prefix(while: { $0.isASCII && ($0.isLetter || $0.isNumber) })).lowercased()
    }
}
