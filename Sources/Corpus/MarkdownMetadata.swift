/// A Markdown article's metadata, from YAML front matter, else from a list of `Key: value` items at
/// the top (Swift Evolution's `* Authors: [Name](url)`, `* Status: …`).
struct MarkdownMetadata {
    var title: String?
    var id: String?
    var url: String?
    var authors: [String] = []
    var tags: [String] = []
    /// ISO 8601.
    var date: String?
    /// The front matter's date when it is not one and nothing else gave a date (for a warning).
    var unreadDate: String?
    /// A front matter summary that the body does not already begin with, as the article's first block.
    var summaryBlock: [Block] = []

    init(matter: FrontMatter, blocks: [Block]) {
        title = matter.first("title").map(Self.plain).flatMap { $0.isEmpty ? nil : $0 }
        url = matter.first("url", "link", "canonical_url")
        id = matter.first("id", "guid") ?? url
        authors = Self.names(matter.list("authors", "author", "by", "creator"))
        // A list, or one scalar with commas (`tags: swift, yaml`).
        let rawTags = matter.list("tags", "categories", "category", "keywords")
        tags = (rawTags.count == 1 ? rawTags[0].split(separator: ",").map(String.init) : rawTags).map(Self.plain)
        let rawDate = matter.first("date", "published", "pubdate", "created")
        // A date lore cannot read ("2016-13-45", "sometime in spring") is none: it would sort and filter as text.
        date = rawDate.flatMap(DateText.iso8601)
        if let s = matter.first("summary", "description", "excerpt", "abstract"),
           !(blocks.first?.text.hasPrefix(String(s.prefix(60))) ?? false) {
            let text = Self.plain(s)
            if !text.isEmpty { summaryBlock = [Block(.paragraph, text)] }
        }
        if authors.isEmpty || date == nil { readList(blocks) }
        unreadDate = date == nil ? rawDate : nil
    }

    /// Inline Markdown as plain text (links kept as their text).
    private static func plain(_ s: String) -> String {
        var links: [Link] = []
        return MarkdownParser.inline(s, links: &links)
    }

    /// The `Key: value` items of the first list, when it comes before any paragraph.
    private mutating func readList(_ blocks: [Block]) {
        for b in blocks {
            if case .heading = b.kind { continue }
            guard b.kind == .listItem else { return }
            guard let colon = b.text.firstIndex(of: ":") else { return }
            let key = b.text[..<colon].lowercased()
            guard key.count <= 20, key.allSatisfy({ $0.isLetter || $0 == " " }) else { return }
            let value = b.text[b.text.index(after: colon)...].trimmingPrefixAndSuffixSpaces
            switch key {
            case "author", "authors", "by", "written by":
                if authors.isEmpty { authors = Self.names(Self.splitNames(value)) }
            case "date", "published", "posted":
                if date == nil { date = DateText.iso8601(value) }
            default: break
            }
        }
    }

    /// `A, B and C` → [A, B, C].
    private static func splitNames(_ s: String) -> [String] {
        s.split(separator: ",").flatMap { part -> [String] in
            let words = part.split(separator: " ")
            guard let and = words.firstIndex(where: { $0 == "and" || $0 == "&" }) else { return [String(part)] }
            return [words[..<and].joined(separator: " "), words[(and + 1)...].joined(separator: " ")]
        }
    }

    /// Cleaned, non-empty, each at most once, in order.
    private static func names(_ raw: [String]) -> [String] {
        var out: [String] = []
        for r in raw {
            let n = TextClean.collapse(plain(r))
            if !n.isEmpty && n.count <= 200 && !out.contains(n) { out.append(n) }
        }
        return out
    }

    /// Reads and blanks the front matter: YAML between `---` and `---` (or `...`), TOML between `+++`
    /// and `+++`. Its lines stay, empty, so line numbers hold. Front matter its parser refuses is read as
    /// `key: value` (or `key = value`) lines, with a warning.
    static func frontMatter(_ lines: inout [Substring], warnings: inout [String]) -> FrontMatter {
        guard let fence = lines.first?.trimmingPrefixAndSuffixSpaces, fence == "---" || fence == "+++",
              let close = lines.dropFirst().firstIndex(where: { $0.trimmingPrefixAndSuffixSpaces == fence || (fence == "---" && $0 == "...") })
        else { return FrontMatter() }
        let text = lines[1 ..< close].joined(separator: "\n")
        for k in 0 ... close { lines[k] = "" }
        let toml = fence == "+++"
        switch toml ? TOMLFrontMatter.parse(text) : FrontMatter.parse(text) {
        case .success(let m): return m
        case .failure(let e):
            warnings.append("front matter is not valid \(toml ? "TOML" : "YAML") (\(e.reason)); read as key\(toml ? " =" : ":") value lines")
            return plainPairs(text, separator: toml ? "=" : ":")
        }
    }

    /// `key: value` (or `key = value`) per line, quotes removed: the fallback for front matter its parser refuses.
    private static func plainPairs(_ yaml: String, separator: Character) -> FrontMatter {
        var m = FrontMatter()
        for l in yaml.split(separator: "\n") {
            guard let colon = l.firstIndex(of: separator) else { continue }
            let key = l[..<colon].trimmingPrefixAndSuffixSpaces.lowercased()
            var v = String(l[l.index(after: colon)...]).trimmingPrefixAndSuffixSpaces
            if v.count >= 2, let f = v.first, f == "\"" || f == "'", v.last == f { v = String(v.dropFirst().dropLast()) }
            if m.values[key] == nil { m.values[key] = [TextClean.collapse(v)] }
        }
        return m
    }
}
