/// A changelog (RELEASES.md, CHANGELOG.md, NEWS.md) is one file of many releases, each under a heading that names
/// its version: "Version 1.65.0 (2022-11-03)", "## [1.0.0] - 2017-06-20", "v2.3.1", "Release 3.1". Read as one
/// article, a question about one release is answered with items of any release and nothing says which. Each
/// release becomes an article of its own, titled by its heading, dated by the date the heading gives, and found at
/// the heading's line (as a feed's items are articles of one file); the file's title is the articles' collection.
enum ReleaseSections {
    /// How many version headings a file needs, and what share of the headings at their level they must be.
    static let minReleases = 3
    static let minShare = 0.8
    /// The most words a version heading has ("Version 1.65.0 (2022-11-03)" has three).
    static let maxHeadingWords = 8

    /// The article's releases as articles, or nil when it is no changelog. `lines` are the file's lines, to find
    /// each heading's line; `collection` is the file's own title (its front matter's or pandoc's "% Title").
    static func split(_ article: Article, lines: [Substring], collection: String?) -> [Article]? {
        guard let level = releaseLevel(article.blocks) else { return nil }
        var starts: [Int] = []
        for (i, b) in article.blocks.enumerated() {
            if case .heading(let l) = b.kind, l == level { starts.append(i) }
        }
        // The heading above the releases ("# Changelog") names the file; text before the first release (a
        // preamble) stays an article under the file's title.
        let above = article.blocks[..<starts[0]]
        let fileTitle = collection ?? above.first { if case .heading(let l) = $0.kind { return l < level }; return false }?.text
        var out: [Article] = []
        if above.contains(where: { if case .heading = $0.kind { return false }; return !$0.text.isEmpty }) {
            var intro = article
            intro.blocks = Array(above)
            if let fileTitle { intro.title = fileTitle }
            out.append(intro)
        }
        var from = 0
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : article.blocks.count
            let heading = article.blocks[start].text
            // Each release needs a line of its own (its id): a heading not found in the file leaves the file whole.
            guard let line = headingLine(heading, in: lines, from: from) else { return nil }
            from = line
            var release = article
            release.id = "\(article.source):\(line)"
            release.line = line
            release.title = heading
            release.date = date(in: heading)
            release.feed = fileTitle ?? article.feed
            release.blocks = Array(article.blocks[start..<end])
            release.links = []
            out.append(release)
        }
        return out
    }

    /// The heading level whose headings are releases: the level with the most version headings, when there are
    /// `minReleases` of them and they are `minShare` of that level's headings from the first of them on ("Unreleased"
    /// counts as one; a title above the releases at their level does not count).
    static func releaseLevel(_ blocks: [Block]) -> Int? {
        var all: [Int: Int] = [:], versions: [Int: Int] = [:]
        for b in blocks {
            guard case .heading(let l) = b.kind else { continue }
            let version = isVersionHeading(b.text)
            if version || versions[l] != nil { all[l, default: 0] += 1 }
            if version { versions[l, default: 0] += 1 }
        }
        guard let (level, n) = versions.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) }), n >= minReleases,
              Double(n) >= minShare * Double(all[level] ?? 0) else { return nil }
        return level
    }

    /// "Version 1.65.0 (2022-11-03)", "[1.0.0] - 2017-06-20", "v2.3.1", "2.0.0-beta.1", "Unreleased": a short heading
    /// with a version number (two or more dotted numbers, after an optional "v").
    /// A numbered section ("4.2 Configuration", "Section 4.2", "Step 1.2") is no release: its number is followed by
    /// words, or follows a word that numbers parts of a text.
    static func isVersionHeading(_ text: String) -> Bool {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !words.isEmpty, words.count <= maxHeadingWords else { return false }
        if words.count == 1, String(words[0]).lowercased().trimmingCharacters(in: "[]") == "unreleased" { return true }
        guard let j = words.firstIndex(where: { isVersion($0) }) else { return false }
        if j > 0, partWords.contains(words[j - 1].lowercased()) { return false }
        let marked = words[j].first.map { "vV[(".contains($0) } ?? false
        if j == 0, !marked, words.count > 1, words[1].first?.isLetter == true { return false }
        return true
    }

    static let partWords: Set<String> = ["section", "chapter", "part", "appendix", "figure", "table", "step", "example", "listing", "lesson"]

    /// "1.65.0", "v2.3", "[1.0.0]", "2.0.0-beta.1,": numbers joined by dots, at least two of them.
    static func isVersion(_ word: Substring) -> Bool {
        var w = word.drop { $0 == "[" || $0 == "(" }
        if w.first == "v" || w.first == "V" { w = w.dropFirst() }
        let core = w.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 }) else { return false }
        // What follows the number is a pre-release tag, a bracket or punctuation, not more of a word ("1.2x").
        guard let next = w.dropFirst(core.count).first else { return true }
        return !next.isLetter || w.dropFirst(core.count).hasPrefix("-") || next == "-"
    }

    /// The first line at or after `from` (1-based) that is the heading: an ATX heading holding its version, or a
    /// line holding it over a setext underline. Nil when none is found.
    static func headingLine(_ heading: String, in lines: [Substring], from: Int) -> Int? {
        let words = heading.split(separator: " ")
        guard let version = words.first(where: { isVersion($0) }) ?? words.first else { return nil }
        let key = String(version).trimmingCharacters(in: "[]()")
        var i = max(from, 0)   // 0-based index of the line after `from`
        while i < lines.count {
            let t = lines[i].drop { $0 == " " }
            if t.split(whereSeparator: { $0 == " " || $0 == "\t" }).contains(where: { String($0).trimmingCharacters(in: "[]()#") == key }) {
                if t.first == "#" { return i + 1 }
                if i + 1 < lines.count, let u = lines[i + 1].drop(while: { $0 == " " }).first, u == "=" || u == "-",
                   lines[i + 1].allSatisfy({ $0 == u || $0 == " " }) { return i + 1 }
            }
            i += 1
        }
        return nil
    }

    /// A date the heading gives ("(2022-11-03)", "- 2017-06-20"), as ISO 8601.
    static func date(in heading: String) -> String? {
        for w in heading.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "[" || $0 == "]" || $0 == "," }) {
            if w.count == 10, w.filter({ $0 == "-" }).count == 2, let d = DateText.iso8601(String(w)) { return d }
        }
        return nil
    }
}
