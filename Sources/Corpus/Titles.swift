/// Derives readable titles from text when a source gives none.
enum Titles {
    /// The first sentence of `text`, at most `limit` characters, cut at a word boundary.
    static func fromText(_ text: String, limit: Int = 80) -> String? {
        guard let first = Sentences.split(String(text.prefix(4000))).first else { return nil }
        let t = cut(first, limit: limit)
        return t.isEmpty ? nil : t
    }

    /// First heading, else first sentence of the first prose block.
    static func fromBlocks(_ blocks: [Block], limit: Int = 80) -> String? {
        if let h = blocks.first(where: { if case .heading = $0.kind { return true }; return false }) {
            let t = cut(h.text, limit: limit)
            if !t.isEmpty { return t }
        }
        for b in blocks { if case .code = b.kind { continue }; if let t = fromText(b.text, limit: limit) { return t } }
        return nil
    }

    /// The page's own part of a `<title>` that also names its site ("Methods - The Rust Book",
    /// "Site | Page"): the side that is one of the page's first headings, or the side that is not the
    /// site's name (`og:site_name`). When both sides are headings (a site banner above the page's own
    /// heading, "File system | Node.js Documentation"), the later heading is the page's. A title that
    /// matches neither is kept whole, since a dash may belong to it. `banner`: a heading outside the page's own
    /// text (a book's name in its menu bar, as mdBook writes "The Cargo Book" over every page); the title's end
    /// that says it is the site's name ("cargo check - The Cargo Book"), though no heading of the page says "cargo
    /// check". Only the end: a page's title set in the header above its text is no banner of "Title - Blog".
    static func withoutSiteName(_ title: String, headings: [String], site: String?, banner: String? = nil) -> String {
        // Letters and digits only: "Reference Counted" in the title is "Reference-Counted" in the heading.
        func letters<S: StringProtocol>(_ s: S) -> String { String(s.lowercased().filter { $0.isLetter || $0.isNumber }) }
        let headingKeys = headings.map(letters)
        func same(_ a: Substring, _ b: String?) -> Bool {
            guard let b else { return false }
            let key = letters(a)
            return !key.isEmpty && key == letters(b)
        }
        for separator in SiteTitles.separators {
            let found = title.ranges(of: separator)
            guard let first = found.first, let last = found.last else { continue }
            let splits = [(title[..<last.lowerBound], title[last.upperBound...]),
                          (title[first.upperBound...], title[..<first.lowerBound])]
            var page: (text: Substring, heading: Int)? = nil
            for (n, (side, other)) in splits.enumerated() where !side.isEmpty && !other.isEmpty {
                if same(other, site) || (n == 0 && same(other, banner)) { return TextClean.collapse(String(side)) }
                let key = letters(side)
                if !key.isEmpty, let k = headingKeys.firstIndex(of: key), k > page?.heading ?? -1 { page = (side, k) }
            }
            if let page { return TextClean.collapse(String(page.text)) }
        }
        return title
    }

    /// "Arrays Unions Enums (libffi: the portable foreign function interface library)" → "Arrays Unions Enums":
    /// the title without the balanced parenthesised part that ends it, when something comes before it.
    static func withoutParenthesisedEnd(_ title: String) -> String {
        guard title.hasSuffix(")") else { return title }
        var depth = 0
        for i in title.indices.reversed() {
            if title[i] == ")" { depth += 1 } else if title[i] == "(" { depth -= 1 }
            if depth == 0 {
                let head = TextClean.collapse(String(title[..<i]))
                return head.isEmpty ? title : head
            }
        }
        return title
    }

    /// A manual's node navigation line, as texinfo and info readers write it: "Next: Types, Previous:
    /// Introduction, Up: Top [Contents][Index]". Two of its labels, the first opening the line.
    static func isNodeNavigation(_ text: String) -> Bool {
        let labels = ["Next: ", "Previous: ", "Prev: ", "Up: "]
        guard text.count < 300, labels.contains(where: { text.hasPrefix($0) }) else { return false }
        return labels.filter { !text.ranges(of: $0).isEmpty }.count >= 2
    }

    /// Shortens to `limit` characters at a word boundary, dropping dangling punctuation; adds "…" when cut.
    static func cut(_ raw: String, limit: Int) -> String {
        var s = TextClean.collapse(raw)
        if s.hasSuffix(".") && !s.hasSuffix("..") { s.removeLast() }
        // A tokenized title ("… in a slipstream .") leaves its space behind.
        while s.last == " " { s.removeLast() }
        guard s.count > limit else { return s }
        var head = String(s.prefix(limit - 1))
        if let space = head.lastIndex(of: " "), head.distance(from: head.startIndex, to: space) > limit / 3 {
            head = String(head[..<space])
        }
        while let last = head.last, ",;:-–—([{/\"'“‘&".contains(last) || last == " " { head.removeLast() }
        return head + "…"
    }
}

/// A heading's or an item's leading section number ("2.5 The Closure API", "4.1. My program…").
public enum SectionNumber {
    /// The text without its leading section number: digits and dots, then a space ("4.1. My program…" →
    /// "My program…", "1. Background" → "Background"); the text itself when it has none.
    public static func dropped(from text: Substring) -> Substring {
        guard let space = text.firstIndex(of: " "), text.first?.isNumber == true,
              text[..<space].allSatisfy({ $0.isNumber || $0 == "." }) else { return text }
        return text[text.index(after: space)...].drop { $0 == " " }
    }
}

/// The name of the site that ends most of a corpus's titles ("Vec in std::vec - Rust", "Drop - The Rust
/// Programming Language", "os — Python 3.12 documentation"): a page's own title says it once per page, and in a
/// list of citations or search results it is noise. Found from the corpus's titles together; no one page shows it.
public enum SiteTitles {
    /// What parts a page's title from its site's name (`Titles.withoutSiteName` splits at them too).
    public static let separators = [" - ", " | ", " — ", " – ", " · ", " :: "]
    /// Fewer titles than this, or a smaller share of them ending alike, say nothing of a site.
    public static let minArticles = 5
    public static let minShare = 0.6

    /// The separator and site name most titles end with (" - Rust"); nil when fewer than `minShare` of at least
    /// `minArticles` titles end the same way. `total` counts titles not given (those with no separator).
    public static func commonSuffix(_ titles: [String], of total: Int? = nil) -> String? {
        var counts: [String: Int] = [:]
        for t in titles { if let s = suffix(of: t) { counts[s, default: 0] += 1 } }
        return commonSuffix(counts: counts, total: max(total ?? titles.count, titles.count))
    }

    /// The same, from how many of `total` titles end with each suffix.
    public static func commonSuffix(counts: [String: Int], total: Int) -> String? {
        guard total >= minArticles else { return nil }
        // Ties go by the text, so that every run finds the same one.
        guard let best = counts.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
              Double(best.value) >= minShare * Double(total) else { return nil }
        return best.key
    }

    static let separatorBytes = separators.map { Array($0.utf8) }

    /// The title's last separator and what follows it (" - Rust"), when a title comes before it and the rest is at
    /// most 60 bytes. Searched in the title's last bytes, from the end: an index run reads every title.
    public static func suffix(of title: String) -> String? {
        let b = Array(title.utf8.suffix(64))
        let offset = title.utf8.count - b.count
        guard b.count >= 4 else { return nil }
        for start in stride(from: b.count - 3, through: 0, by: -1) where b[start] == 0x20 {
            guard let sep = separatorBytes.first(where: { start + $0.count <= b.count && b[start ..< start + $0.count].elementsEqual($0) }) else { continue }
            guard offset + start > 0, b.count - start <= 60, b.count - start > sep.count else { return nil }
            return String(decoding: b[start...], as: UTF8.self)
        }
        return nil
    }

    /// `title` without the site's `suffix`, unless nothing with a letter or digit would be left.
    public static func without(_ suffix: String?, _ title: String) -> String {
        guard let suffix, title.hasSuffix(suffix) else { return title }
        let head = title.dropLast(suffix.count)
        return head.contains(where: { $0.isLetter || $0.isNumber }) ? String(head) : title
    }
}
