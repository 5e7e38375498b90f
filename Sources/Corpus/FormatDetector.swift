/// Tells formats apart by content, never by file name.
enum FormatDetector {
    /// `bytes` is decoded UTF-8 text.
    static func detect(_ bytes: [UInt8]) -> SourceFormat {
        bytes.withUnsafeBufferPointer { detect($0) }
    }

    static func detect(_ p: UnsafeBufferPointer<UInt8>) -> SourceFormat {
        var i = 0
        while i < p.count, p[i] <= 0x20 { i += 1 }
        guard i < p.count else { return .plainText }
        switch p[i] {
        case 0x7B where opensJSON(p, at: i):
            return firstLineIsRecord(p, from: i) ? .jsonLines : .json
        case 0x5B where opensJSON(p, at: i): return .json
        case 0x3C: return markupFormat(p) ?? .html
        default: break
        }
        return textFormat(p)
    }

    /// The root element decides: `rss`/`rdf:RDF`/`channel` (CDF) → RSS, `feed` → Atom, anything else → HTML.
    static func markupFormat(_ p: UnsafeBufferPointer<UInt8>) -> SourceFormat? {
        let head = UnsafeBufferPointer(rebasing: p[0 ..< min(p.count, 1 << 16)])
        var tk = MarkupTokenizer(head, html: false)
        while let t = tk.next() {
            guard case .start(let name, _, _, _, _) = t else { continue }
            switch name {
            case "rss", "rdf:rdf", "channel": return .rss
            case "feed": return .atom
            default: return .html
            }
        }
        return nil
    }

    /// "![" then "](" later on the line: Markdown's image syntax.
    private static func imageLink(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ e: Int) -> Bool {
        let start = p[i] == 0x5B ? i + 1 : i
        guard start + 1 < e, p[start] == 0x21, p[start + 1] == 0x5B else { return false }
        var k = start + 2
        while k + 1 < e { if p[k] == 0x5D && p[k + 1] == 0x28 { return true }; k += 1 }
        return false
    }

    /// Whether the "{" or "[" at `at` opens JSON: what follows it (after white space) can start a member ('"', "}")
    /// or a value. A Markdown README that opens with a badge ("[![Build status](…)") or a link, or a template
    /// tag ("{% include … %}"), does not.
    static func opensJSON(_ p: UnsafeBufferPointer<UInt8>, at: Int) -> Bool {
        var k = at + 1
        while k < p.count, p[k] == 0x20 || p[k] == 0x09 || p[k] == 0x0A || p[k] == 0x0D { k += 1 }
        guard k < p.count else { return true }
        let c = p[k]
        if p[at] == 0x7B { return c == UInt8(ascii: "\"") || c == UInt8(ascii: "}") }
        return c == UInt8(ascii: "{") || c == UInt8(ascii: "[") || c == UInt8(ascii: "]") || c == UInt8(ascii: "\"")
            || c == UInt8(ascii: "-") || (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "t") || c == UInt8(ascii: "f") || c == UInt8(ascii: "n")
    }

    private static func firstLineIsRecord(_ p: UnsafeBufferPointer<UInt8>, from: Int) -> Bool {
        var end = from
        while end < p.count, p[end] != 0x0A { end += 1 }
        var s = JSONScanner(p, from: from, to: end)
        guard (try? s.object()) != nil else { return false }
        s.skipSpace()
        return s.i == end
    }

    /// Text dump: several lines over 1,000 characters with short lines between and no blank-line
    /// paragraphs; Markdown: front matter (YAML or TOML), ATX headings or fences; reStructuredText: its explicit
    /// markup (`RestructuredTextParser.looks`); else plain text.
    private static func textFormat(_ p: UnsafeBufferPointer<UInt8>) -> SourceFormat {
        var long = 0, blank = 0, lines = 0, markdownSignals = 0
        var i = 0
        // Front matter: YAML's "---" or TOML's "+++" (Hugo, Zola) alone on the first line.
        if p.count >= 4, p[0] == p[1], p[1] == p[2], p[0] == 0x2D || p[0] == 0x2B, p[3] == 0x0A || p[3] == 0x0D { markdownSignals += 3 }
        while i < p.count {
            var e = i, chars = 0, nonSpace = false
            while e < p.count, p[e] != 0x0A {
                if p[e] & 0xC0 != 0x80 { chars += 1 }
                if p[e] > 0x20 { nonSpace = true }
                e += 1
            }
            lines += 1
            if !nonSpace { blank += 1 }
            if chars > 1000 { long += 1 }
            if e > i, p[i] == 0x23 {   // "# Heading"
                var h = i; while h < e, p[h] == 0x23 { h += 1 }
                if h - i <= 6, h < e, p[h] == 0x20 { markdownSignals += 1 }
            }
            if e - i >= 3, p[i] == 0x60, p[i + 1] == 0x60, p[i + 2] == 0x60 { markdownSignals += 1 }
            // A badge or image link ("[![Build status](…)](…)", "![logo](…)") opening a line.
            if e - i >= 4, p[i] == 0x5B || p[i] == 0x21, p[i + 1] == 0x21 || p[i + 1] == 0x5B, imageLink(p, i, e) { markdownSignals += 1 }
            i = e + 1
        }
        if long >= 2 && lines > long && blank * 2 < long { return .textDump }
        if markdownSignals >= 1 { return .markdown }
        return RestructuredTextParser.looks(p) ? .restructuredText : .plainText
    }
}
